"""What the public pages show: the TV board and a player's own seat, taken from `state --json`.

The TV page and "find my seat" need no login, so they get only what the TV shows to the whole room:
the clock, the counts, the payout ladder with the places already paid, the table moves just made,
the chip leaders by their last counts (T-CHIPS-3, as the room's peers publish them) and the result.
A seat and a last count only to whoever types part of that player's name.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import (
    Envelope,
    PlayerMoved,
    PlayerSeated,
    TableBroken,
    TablesBalanced,
    TablesDrawn,
    Undone,
)
from tdconsole.domain.limits import SEAT_QUERY_CHARS, SEAT_QUERY_WORDS
from tdconsole.domain.money import handlers as money
from tdconsole.domain.state import Alternate, Player, TournamentState
from tdconsole.i18n import N_, language
from tdconsole.store.event_store import EventStore
from tdconsole.views.base import jsonable
from tdconsole.views.forecast import forecast_view
from tdconsole.views.money import hand_for_hand_view, mystery_view, paid_rows, payouts_or_error
from tdconsole.views.seating import shootout_view
from tdconsole.views.shot_clock import shot_clocks_view
from tdconsole.views.tournament import chip_leaders, clock_view

# A move stays on the TV this long: the players walking over have seen it by then.
MOVES_SHOWN = timedelta(minutes=10)
MOVES_LISTED = 12  # at most, the newest (the TV has room for six; a page may show more)
# "find my seat" answers a few players at a time, so it cannot be read as the whole seating list.
SEAT_MATCHES = 5


@dataclass(frozen=True, slots=True)
class Relocation:
    """A player sent to a new seat by the TD (a move, balancing, a broken table, the final draw)."""

    seq: int
    time: datetime
    player: str
    to_table: int
    to_seat: int
    from_table: int | None
    from_seat: int | None
    why: str
    alternate: int | None = None  # a freed seat that went to this alternate (T-REG-1)

    def as_json(self) -> dict[str, Any]:
        source = None if self.from_table is None else {"table": self.from_table, "seat": self.from_seat}
        return {"player": self.player, "to": {"table": self.to_table, "seat": self.to_seat},
                "from": source, "time": self.time.isoformat(), "why": self.why,
                "alternate": self.alternate}


def relocations(state: TournamentState, log: Iterable[Envelope], undone: set[str]) -> list[Relocation]:
    """Every seat change `log` records, oldest first (an undone command's are left out)."""
    found: list[Relocation] = []
    for envelope in log:
        if envelope.command_id in undone:
            continue
        event, at = envelope.event, (envelope.seq, envelope.time)
        if isinstance(event, PlayerMoved):
            name = state.players[event.player_id].name
            found.append(Relocation(*at, name, event.table, event.seat, event.from_table,
                                    event.from_seat, "moved"))
        elif isinstance(event, TablesBalanced):
            found += [Relocation(*at, m.player, m.to.table, m.to.seat, m.from_.table, m.from_.seat,
                                 "balancing") for m in event.moves]
        elif isinstance(event, TableBroken):
            found += [Relocation(*at, s.player, s.to.table, s.to.seat, s.from_.table, s.from_.seat,
                                 f"table {event.table} broken") for s in event.seats]
        elif isinstance(event, PlayerSeated) and event.alternate is not None:
            # The room hears who sits down in a freed seat: "Alternate 3, Mette Kjær: table 12 seat 4".
            found.append(Relocation(*at, state.players[event.player_id].name, event.table, event.seat,
                                    None, None, "alternate", event.alternate))
        elif isinstance(event, TablesDrawn) and event.final:
            found += [Relocation(*at, name, table.table, int(seat), None, None, "final table")
                      for table in event.tables for seat, name in table.occupants.items()]
    return found


def after(log: Sequence[Envelope], seq: int) -> Sequence[Envelope]:
    """The envelopes of `log` after sequence number `seq`, found from its end: a change costs what
    it appended, not the length of the evening."""
    start = len(log)
    while start and log[start - 1].seq > seq:
        start -= 1
    return log[start:]


class Relocations:
    """The seat changes so far, followed from the new envelopes of each change (never by walking
    the whole log again); read afresh from the whole log only when the state was folded anew (an
    undo: the undone command's moves leave the board and "find my seat")."""

    def __init__(self) -> None:
        self.found: list[Relocation] = []
        self.last: dict[str, Relocation] = {}  # each player's newest move (not an alternate's seat)
        self._state: TournamentState | None = None
        self._seq = 0

    def follow(self, state: TournamentState, log: Sequence[Envelope]) -> None:
        """Take in what `log` appended since the last call (the lock on the service held)."""
        if state is self._state and state.last_seq == self._seq:
            return
        new = after(log, self._seq)
        if state is not self._state or any(isinstance(e.event, Undone) for e in new):
            undone = {e.event.command_id for e in log if isinstance(e.event, Undone)}
            self.found, self.last, new = [], {}, log
        else:
            undone = set()
        found = relocations(state, new, undone)
        self.found += found
        self.last |= {m.player: m for m in found if m.alternate is None}
        self._state, self._seq = state, state.last_seq

    def shown(self, now: datetime) -> list[dict[str, Any]]:
        """The moves the TV shows at `now`: the newest made within MOVES_SHOWN."""
        return [m.as_json() for m in self.found if now - m.time <= MOVES_SHOWN][-MOVES_LISTED:]


@dataclass(frozen=True, slots=True, eq=False)
class Money:
    """The board's parts that only the money moves, each as the state document (`state --json`,
    views/tournament.py) has it, worked out from the state's money views without the document's
    row for every entry (at festival size those rows cost most of a second, and the TV shows
    nobody's). The views walk every entry, tens of milliseconds at festival size, so they are kept
    while each change after `seq` leaves the money as it was (`money.leaves_the_money`, decided
    from the change's events: a bust outside the places paid, a seat change) and worked out again
    after any other change, or when the state was folded anew (an undo)."""

    state: TournamentState
    seq: int
    places_paid: int
    prize_pool: int
    chips_in_play: int
    # What is paid: an approved deal's players with its amounts (place null while in, T-DEAL-1),
    # then the places outside it, each with who finished there (a tie: each of its players with
    # his share and `last_place`, T-ELIM-2), as the state document's `paid`.
    payouts: list[dict[str, Any]]
    # The prize of the first entry still in (of the newest entry of his name: the document keys
    # its rows by name); the winner's once the tournament is finished.
    winner_prize: int | None

    @classmethod
    def of(cls, state: TournamentState) -> Money:
        structure, _error = payouts_or_error(state)
        table = money.standings(state, structure)
        first = next((p.name for p in state.players.values() if p.status != "busted"), None)
        prize = None if first is None else next(
            table[p.id].prize for p in reversed(state.players.values()) if p.name == first)
        return cls(state, state.last_seq, 0 if structure is None else len(structure.payouts),
                   money.pool(state).prize_pool, money.chips_in_play(state),
                   [{"place": row.place, "amount": row.amount, "name": row.name, "by_deal": row.by_deal,
                     "seat": row.seat, **({} if row.last_place is None else {"last_place": row.last_place})}
                    for row in paid_rows(state, structure, table)], prize)

    def follow(self, state: TournamentState, log: Sequence[Envelope]) -> Money:
        """The money of `state`, whose log is `log`: this one while every change since leaves the
        money as it was, else worked out again (the same payout rows kept when they are equal, so
        their JSON and HTML are made once for both)."""
        if state is self.state and state.last_seq == self.seq:
            return self
        if state is self.state and all(money.leaves_the_money(state, envelope.event, self.places_paid)
                                       for envelope in after(log, self.seq)):
            return replace(self, seq=state.last_seq)
        fresh = Money.of(state)
        return replace(fresh, payouts=self.payouts) if fresh.payouts == self.payouts else fresh


def standing(state: TournamentState, tournament_id: int, paid: Money, now: datetime) -> dict[str, Any]:
    """The board's parts that only a change of the log moves (not the clock), each as the state
    document has it; the money's from `paid`, the money of `state`. The forecast's times of day
    hold while the clock runs, and a pause is a change of the log."""
    info = state.info
    status = state.status
    heads = [(p.name, bounty) for p in state.players.values()
             if (bounty := state.bounty_on_head(p))] if state.money.pko_share is not None else []
    h4h = jsonable(hand_for_hand_view(state, paid.places_paid))
    return {
        "tournament": {"id": tournament_id, "name": info.name, "status": status, "game": info.game,
                       # T-SIGNUP-1: "8 of 12 needed" before the start
                       "min_players": info.min_players},
        "entries": state.entries,
        "players_left": state.players_left,
        "average_stack": money.average_stack(state, paid.chips_in_play),
        "prize_pool": paid.prize_pool,
        "payouts": paid.payouts,
        "hand_for_hand": {key: h4h.get(key) for key in ("active", "hand", "tables")},
        # A progressive knockout: the biggest bounties on the heads still in (T-PKO-1).
        "bounties": [{"name": name, "bounty": bounty}
                     for name, bounty in sorted(heads, key=lambda head: -head[1])[:BOUNTIES_SHOWN]],
        # T-CHIPS-3: the biggest stacks by their last counts (in big blinds at each reading).
        "chip_leaders": [row.model_dump() for row in chip_leaders(state, None)],
        # T-MYSTERY-1: the sealed envelopes left, largest first.
        "mystery": None if (pool := mystery_view(state)) is None else pool.model_dump(),
        # T-SHOOT-1..3: a shootout's round and each of its tables' state.
        "shootout": None if (round_ := shootout_view(state)) is None else round_.model_dump(),
        "finished": status == "finished",
        # The one player left (the first entry still in).
        "winner": next((p.name for p in state.players.values() if p.status != "busted"), None)
        if status == "finished" else None,
        # T-SAT-2: a satellite's seat winners, once it has ended.
        "seat_winners": [state.players[player_id].name for player_id in state.satellite.winners]
        if state.satellite is not None else [],
        "winner_prize": paid.winner_prize,
        "forecast": None if status == "finished" else forecast_view(
            state, now, paid=paid.places_paid, chips=paid.chips_in_play).model_dump(mode="json"),
    }


# The clock's keys the TV shows: besides the seconds left, they change with the level only.
CLOCK_KEYS = ("level", "small_blind", "big_blind", "ante", "running", "started", "on_break", "period",
              "periods", "next_level", "next_break", "late_registration", "add_on", "rebuys", "game")


class Board:
    """The TV page's document, worked out once per change for every browser and page: the parts
    only the log moves once per change (`standing`), the clock's once per level (its seconds at
    each reading), and the moves followed from each change's new envelopes."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        self.moves = Relocations()
        self._standing: tuple[TournamentState, int, dict[str, Any]] | None = None
        self._money: Money | None = None
        self._clock: tuple[TournamentState, tuple[int, ...], dict[str, Any]] | None = None
        self._payouts: tuple[list[dict[str, Any]], dict[bool, str]] | None = None

    def follow(self, state: TournamentState, log: Sequence[Envelope]) -> None:
        """Take in what the log appended since the last call (the lock on the service held)."""
        self.moves.follow(state, log)
        self._money = Money.of(state) if self._money is None else self._money.follow(state, log)

    def encoded(self, document: dict[str, Any], *, compact: bool = False) -> str:
        """`document` (a board with any keys added) as `json.dumps` writes it, with its payouts,
        most of it at festival size (1,500 places), encoded once per change: each page that
        fetches the board at the end of a level, all at once, costs only the rest. `compact` as
        Starlette's JSONResponse writes it."""
        options: dict[str, Any] = ({"ensure_ascii": False, "allow_nan": False, "separators": (",", ":")}
                                   if compact else {})
        payouts = document["payouts"]
        known = self._payouts
        if known is None or known[0] is not payouts:
            known = self._payouts = (payouts, {})
        if compact not in known[1]:
            known[1][compact] = json.dumps(payouts, **options)
        keys = list(document)
        at = keys.index("payouts")
        item, colon = (",", ":") if compact else (", ", ": ")
        before = json.dumps({key: document[key] for key in keys[:at]}, **options)[:-1]
        after = json.dumps({key: document[key] for key in keys[at + 1:]}, **options)[1:]
        return (before + (item if at else "") + json.dumps("payouts") + colon + known[1][compact]
                + (item + after if at + 1 < len(keys) else "}"))

    def document(self, state: TournamentState, now: datetime) -> dict[str, Any]:
        """The board at `now`, and the clock exactly, so the page counts down on its own from
        `server_time` between updates."""
        if self._standing is None or self._standing[0] is not state or self._standing[1] != state.last_seq:
            if self._money is None or self._money.state is not state or self._money.seq != state.last_seq:
                self._money = Money.of(state)  # not followed (`follow`): worked out from the state
            self._standing = (state, state.last_seq, standing(state, self.tournament_id, self._money, now))
        parts = self._standing[2]
        reading = clock_ops.read(state.info.structure, state.clock, now)
        level = (state.last_seq, reading.period, reading.running, reading.started)
        if self._clock is None or self._clock[0] is not state or self._clock[1] != level:
            clock = clock_view(state, now).model_dump(mode="json")
            self._clock = (state, level, {key: clock[key] for key in CLOCK_KEYS})
        average = parts["average_stack"]
        big_blind = self._clock[2]["big_blind"]
        return {
            "seq": state.last_seq,
            "server_time": now.timestamp(),
            "tournament": parts["tournament"],
            "clock": {
                **self._clock[2],
                # Exact seconds at `server_time` (the state document rounds them up for people).
                "remaining": reading.remaining,
                "to_break": reading.seconds_to_break,
            },
            "entries": parts["entries"],
            "players_left": parts["players_left"],
            "average_stack": average,
            "average_stack_bb": None if average is None else round(average / big_blind, 1),
            **{key: parts[key] for key in ("prize_pool", "payouts", "hand_for_hand", "bounties", "mystery",
                                                  "shootout")},
            "chip_leaders": [{**row, "bb": round(row["chips"] / big_blind, 1) if big_blind else None}
                             for row in parts["chip_leaders"]],
            "moves": self.moves.shown(now),
            # T-SHOT-1: the shot clocks running (seconds left at `server_time`), and whether the TV
            # speaks their last 10 s (it speaks when the house has the TV speak: speech.speaker).
            "shot_clocks": [row.model_dump() for row in shot_clocks_view(state, now)],
            "speaks": state.house_rules.speech.speaker == "tv",
            **{key: parts[key] for key in ("finished", "winner", "seat_winners", "winner_prize", "forecast")},
        }


# The heads the TV lists in a progressive knockout, biggest first.
BOUNTIES_SHOWN = 6

# Rows of the league standings the TV shows legibly; the printable page has them all.
LEAGUE_ROWS = 12


class LeagueStandings:
    """The league standings the TV page shows between tournaments (this one not started yet, or
    finished): the league it counts in, else the club's newest. Worked out again only when the
    league's tournaments, this tournament's status or the language change (a registration does
    not move them)."""

    def __init__(self, store: EventStore, tournament_id: int) -> None:
        self.store, self.tournament_id = store, tournament_id
        self._key: tuple[Any, ...] | None = None
        self._document: dict[str, Any] | None = None

    def document(self, state: TournamentState) -> dict[str, Any] | None:
        if state.status not in ("planned", "finished"):
            return None
        from tdconsole.club.leagues import Leagues, season
        from tdconsole.views.club import season_formats, standings_view

        league = Leagues(self.store).between(self.tournament_id)
        if league is None:
            return None
        key = (league.id, tuple(league.tournaments), state.status, language())
        if key != self._key:
            table = season(self.store, league)
            formats = season_formats(table, state.house_rules)
            self._document = {
                "name": league.name, "formula": league.formula.name, "played": len(table.played),
                "tournaments": len(league.tournaments),
                "rows": [{"place": row.place, "name": row.name, "events": row.events,
                          "points": formats.number(row.points, league.formula.decimals),
                          "winnings": formats.money(row.winnings)}
                         for row in standings_view(table)[:LEAGUE_ROWS]]}
            self._key = key
        return self._document


def seat_qr(url: str) -> str:
    """The QR code a phone scans to open "find my seat" at `url`, as inline SVG sized by the page's
    stylesheet (dark on white with the standard 4-module quiet zone, so it scans on the dark TV)."""
    import segno  # only for the TV page, once per server

    return str(segno.make(url, error="m").svg_inline(border=4, dark="#000", light="#fff", omitsize=True))


# Letters Unicode does not decompose into a base letter and an accent, written as a keyboard
# without them writes them: "moller" finds Møller, "kjaergard" Kjærgaard.
_PLAIN_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ð": "d", "đ": "d", "ł": "l",
                                "þ": "th", "ı": "i"})


def folded(text: str) -> str:
    """Case, accents and the Nordic letters folded, and "aa" and "oe" taken as the "å" and "ø" they
    spell on a keyboard without them (Aalborg, Ålborg), so "ase" and "aase" find Åse, "moller" and
    "moeller" Møller, "ostergaard" Østergård and "dalsgaard" Dalsgård, and the other way round.
    Both the names and the search are folded alike: a fold finds more, never fewer."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_PLAIN_LETTERS))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.replace("aa", "a").replace("oe", "o")


def search_words(query: str) -> list[str]:
    """The words of a search for a name ("find my seat", the remote's bust list), folded as the
    names are; a query longer than SEAT_QUERY (characters or words) is refused in one line."""
    if len(query) > SEAT_QUERY_CHARS or len(query.split()) > SEAT_QUERY_WORDS:
        raise InvalidInput("the search is too long: at most {chars} characters and {words} words",
                           chars=SEAT_QUERY_CHARS, words=SEAT_QUERY_WORDS)
    return folded(query).split()


@dataclass(frozen=True, slots=True)
class SeatIndex:
    """"Find my seat"'s index: every name folded once, and read again only when the entries or
    the alternates change (never per search, nor per bust), so a search is a scan of short strings
    and needs no lock."""

    # What the names were read from: the state (a new one after an undo) and who was in it.
    state: TournamentState
    roster: tuple[int, int, int, tuple[int, ...]]
    # (folded name, the player's newest entry, or the alternate he waits as)
    names: tuple[tuple[str, Player | Alternate], ...]
    # Each player's newest move (`Relocations.last`, which the feed keeps up to date under its lock;
    # a search that reads it meanwhile sees a move either not yet or already made).
    last_move: dict[str, Relocation]

    @classmethod
    def follow(cls, state: TournamentState, moves: Relocations, before: SeatIndex | None) -> SeatIndex:
        """The index of `state`: `before`'s names while the same entries and alternates stand."""
        # Who is in it: a new entry or alternate is issued a new number, even when it takes the
        # place of one unregistered in the same change.
        roster = (len(state.players), state.ids_issued, state.alternates_issued, tuple(state.alternates))
        if before is not None and before.state is state and before.roster == roster:
            return before if before.last_move is moves.last else cls(state, roster, before.names, moves.last)
        # A re-entered player has several entries; the newest one is where he sits, and a re-entry
        # waiting as an alternate is newer still.
        newest: dict[str, Player | Alternate] = {
            p.name.casefold(): p for p in sorted(state.players.values(), key=lambda p: p.entry)}
        newest |= {alt.name.casefold(): alt for alt in state.alternates.values()}
        known = {} if before is None else {player.name: folded for folded, player in before.names}
        names = tuple(sorted(((known.get(p.name) or folded(p.name), p) for p in newest.values()),
                             key=lambda row: row[1].name.casefold()))
        return cls(state, roster, names, moves.last)

    def find(self, query: str) -> dict[str, Any]:
        """The players whose name holds every word of `query`: table and seat, and the last move.
        A query longer than SEAT_QUERY (characters or words) is refused in one line."""
        words = search_words(query)
        if not words or sum(len(word) for word in words) < 2:
            return {"query": query, "players": [], "more": False,
                    "hint": N_("type at least 2 letters of your name")}
        shown = [player for folded, player in self.names if all(w in folded for w in words)]
        rows: list[dict[str, Any]] = []
        for player in shown[:SEAT_MATCHES]:
            if isinstance(player, Alternate):  # no seat yet: his place on the list (T-REG-1)
                rows.append({"name": player.name, "status": "alternate", "table": None, "seat": None,
                             "moved": None, "alternate": player.number})
                continue
            move = self.last_move.get(player.name)
            current = move is not None and (move.to_table, move.to_seat) == (player.table, player.seat)
            count = self.state.counted.get(player.id)
            rows.append({"name": player.name, "status": player.status, "table": player.table,
                         "seat": player.seat, "moved": move.as_json() if current and move else None,
                         # T-CHIPS-3: his last count and when (none once he is out)
                         "chips": self.state.chips.get(player.id) if count else None,
                         "chips_at": count.at.isoformat() if count else None})
        more = len(shown) > SEAT_MATCHES
        return {"query": query, "players": rows, "more": more,
                "hint": N_("more players match: type more of your name") if more else
                ("" if rows else N_("no player by that name"))}

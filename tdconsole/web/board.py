"""What the public pages show: the TV board and a player's own seat, taken from `state --json`.

The TV page and "find my seat" need no login, so they get only what the TV shows to the whole room:
the clock, the counts, the payout ladder with the places already paid, the table moves just made
and the result. Nobody's chips, and a seat only to whoever types part of that player's name.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
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
)
from tdconsole.domain.limits import SEAT_QUERY_CHARS, SEAT_QUERY_WORDS
from tdconsole.domain.state import Alternate, Player, TournamentState
from tdconsole.i18n import N_, language
from tdconsole.store.event_store import EventStore
from tdconsole.views.base import jsonable
from tdconsole.views.tournament import state_view

# A move stays on the TV this long: the players walking over have seen it by then.
MOVES_SHOWN = timedelta(minutes=10)
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


def relocations(state: TournamentState, log: list[Envelope], undone: set[str]) -> list[Relocation]:
    """Every seat change the log records, oldest first (an undone command's are left out)."""
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


def board(state: TournamentState, tournament_id: int, log: list[Envelope], undone: set[str],
          now: datetime) -> dict[str, Any]:
    """The TV page's document: the state document's public part, and the clock exactly, so the page
    counts down on its own from `server_time` between updates."""
    view = jsonable(state_view(state, tournament_id, now))
    clock = view["clock"]
    reading = clock_ops.read(state.info.structure, state.clock, now)
    players = {player["name"]: player for player in view["players"]}
    moves = [m.as_json() for m in relocations(state, log, undone) if now - m.time <= MOVES_SHOWN]
    winner = next((p["name"] for p in view["players"] if p["status"] != "busted"), None)
    return {
        "seq": state.last_seq,
        "server_time": now.timestamp(),
        "tournament": {key: view["tournament"][key] for key in ("id", "name", "status", "game")},
        "clock": {
            **{key: clock[key] for key in ("level", "small_blind", "big_blind", "ante", "running",
                                           "started", "on_break", "period", "periods", "next_level",
                                           "next_break", "late_registration", "add_on", "rebuys")},
            # Exact seconds at `server_time` (the state document rounds them up for people).
            "remaining": reading.remaining,
            "to_break": reading.seconds_to_break,
        },
        "entries": view["entries"],
        "players_left": view["players_left"],
        "average_stack": view["average_stack"],
        "average_stack_bb": view["average_stack_bb"],
        "prize_pool": view["prize_pool"],
        # What is paid: an approved deal's players with its amounts (place null while in, T-DEAL-1),
        # then the places outside it, each with who finished there.
        "payouts": [{key: row[key] for key in ("place", "amount", "name", "by_deal", "seat")}
                    for row in view["paid"]],
        "hand_for_hand": {key: view["hand_for_hand"].get(key) for key in ("active", "hand", "tables")},
        # A progressive knockout: the biggest bounties on the heads still in (T-PKO-1).
        "bounties": [{"name": p["name"], "bounty": p["bounty"]} for p in sorted(
            (p for p in view["players"] if p["bounty"]), key=lambda p: -p["bounty"])[:BOUNTIES_SHOWN]]
        if view["bounties"]["pko"] else [],
        "moves": moves[-12:],
        "finished": view["tournament"]["status"] == "finished",
        "winner": winner if view["tournament"]["status"] == "finished" else None,
        # T-SAT-2: a satellite's seat winners, once it has ended.
        "seat_winners": [state.players[player_id].name for player_id in state.satellite.winners]
        if state.satellite is not None else [],
        "winner_prize": players[winner]["prize"] if winner and winner in players else None,
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


def _folded(text: str) -> str:
    """Case, accents and the Nordic letters folded, and "aa" and "oe" taken as the "å" and "ø" they
    spell on a keyboard without them (Aalborg, Ålborg), so "ase" and "aase" find Åse, "moller" and
    "moeller" Møller, "ostergaard" Østergård and "dalsgaard" Dalsgård, and the other way round.
    Both the names and the search are folded alike: a fold finds more, never fewer."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_PLAIN_LETTERS))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.replace("aa", "a").replace("oe", "o")


@dataclass(frozen=True, slots=True)
class SeatIndex:
    """"Find my seat"'s index: every name folded once, built once per change of the log (never per
    search), so a search is a scan of short strings and needs no lock."""

    seq: int
    # (folded name, the player's newest entry, or the alternate he waits as)
    names: tuple[tuple[str, Player | Alternate], ...]
    last_move: dict[str, Relocation]

    @classmethod
    def build(cls, state: TournamentState, log: list[Envelope], undone: set[str]) -> SeatIndex:
        # A re-entered player has several entries; the newest one is where he sits, and a re-entry
        # waiting as an alternate is newer still.
        newest: dict[str, Player | Alternate] = {
            p.name.casefold(): p for p in sorted(state.players.values(), key=lambda p: p.entry)}
        newest |= {alt.name.casefold(): alt for alt in state.alternates.values()}
        names = tuple(sorted(((_folded(p.name), p) for p in newest.values()),
                             key=lambda row: row[1].name.casefold()))
        moves = {m.player: m for m in relocations(state, log, undone) if m.alternate is None}
        return cls(state.last_seq, names, moves)

    def find(self, query: str) -> dict[str, Any]:
        """The players whose name holds every word of `query`: table and seat, and the last move.
        A query longer than SEAT_QUERY (characters or words) is refused in one line."""
        if len(query) > SEAT_QUERY_CHARS or len(query.split()) > SEAT_QUERY_WORDS:
            raise InvalidInput("the search is too long: at most {chars} characters and {words} words",
                               chars=SEAT_QUERY_CHARS, words=SEAT_QUERY_WORDS)
        words = _folded(query).split()
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
            rows.append({"name": player.name, "status": player.status, "table": player.table,
                         "seat": player.seat, "moved": move.as_json() if current and move else None})
        more = len(shown) > SEAT_MATCHES
        return {"query": query, "players": rows, "more": more,
                "hint": N_("more players match: type more of your name") if more else
                ("" if rows else N_("no player by that name"))}

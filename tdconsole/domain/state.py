"""The state of one tournament: what the fold of its events builds, and the queries every concern
shares. It imports no handler, so every concern can import it."""

# No `from __future__ import annotations`, as in domain/events.py (which says why): the snapshot's
# validator reads every field of these classes at every start of a command that opens a tournament.

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, TypeVar

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.errors import InvalidInput, NotFound, TdError
from tdconsole.domain.event_log import EventLog
from tdconsole.domain.events import (
    Bagged,
    Day2Started,
    Envelope,
    FlightSet,
    HandForHandStarted,
    PrizePaidOut,
    RulingLogged,
    SatelliteEnded,
    SignUpReceived,
    TournamentCreated,
)
from tdconsole.domain.floor.penalties import PenaltyKind, Remaining, remaining
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.model import empty_dict, empty_list, empty_set
from tdconsole.domain.money.bounties import MysteryPool
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.seating.tables import Table
from tdconsole.domain.text import name_key

T = TypeVar("T")
PlayerStatus = Literal["registered", "seated", "busted"]


@dataclass(slots=True)
class Player:
    id: str
    name: str
    status: PlayerStatus = "registered"
    table: int | None = None
    seat: int | None = None
    place: int | None = None
    # Tied (T-ELIM-2, RP-8A): places `place`..`last_place` shared; None = not tied.
    last_place: int | None = None
    # T-ELIM-3: placed last of those unplaced because the TD could not establish the place.
    placed_last: bool = False
    # 1 = the buy-in, 2 = the first re-entry, ... (T-REG-1: each entry has its own place).
    entry: int = 1
    # False: an earlier entry of a player who re-entered, when the house says it cannot cash.
    can_cash: bool = True
    knockouts: int = 0
    # Knockouts the player knocked out bought back with a rebuy (T-REBUY-1), which pay no bounty
    # and count no knockout here (T-PKO-6), but are hits in TD3's formula language (numberOfHits).
    bought_back: int = 0
    bounties: int = 0  # bounty money won in cash (T-BOUNTY-1, T-PKO-1)
    # T-PKO-1: what knockouts added to this entry's own bounty (the starting bounty is the money
    # settings'; the winner of the last hand takes his own off it, T-PKO-3).
    bounty_added: int = 0
    disqualified: bool = False
    # T-SAT-4: the won seat that paid this entry's buy-in and fee, and when it was spent.
    ticket: str | None = None
    ticket_at: datetime | None = None
    add_ons: int = 0
    # T-REBUY-1: the rebuys this entry bought (a double rebuy counts two, T-REBUY-4).
    rebuys: int = 0
    # The club member this entry is (a re-entry stays the member's); None: a guest.
    member: int | None = None
    # (table, seat) he left when he busted: a rebuy after the bust takes it back if still free
    # (T-REBUY-1).
    left_seat: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Alternate:
    """A registration waiting for a seat: every seat of the room was taken (T-REG-1, 8A)."""

    number: int
    name: str
    member: int | None = None
    # The busted entry this one re-enters; None: a new registration.
    previous_id: str | None = None
    # How the registration said it paid (players/alternates.py), recorded when seated.
    paid: str | None = None
    unpaid: bool = False


@dataclass(slots=True)
class HandForHand:
    """T-H4H-1: the hand being played hand-for-hand, the tables done with it, its busts."""

    started: HandForHandStarted
    # 0 = the hand in progress at the announcement (RP-8A), then 1, 2, ...
    hand: int = 0
    tables_done: set[int] = field(default_factory=empty_set)
    # player id -> (table, stack or None, knocker ids), in the order reported
    pending: dict[str, tuple[int, int | None, list[str]]] = field(default_factory=empty_dict)


@dataclass(slots=True)
class Deal:
    method: str
    amounts: dict[str, int]
    left_for_winner: int
    consented: set[str] = field(default_factory=empty_set)
    approved: bool = False


# Kinds served by sitting out hands (71A, 71C); minutes are served by the clock.
IN_HANDS = frozenset({PenaltyKind.ROUNDS, PenaltyKind.MISSED_HANDS})


@dataclass(slots=True)
class LoggedRuling:
    event: RulingLogged
    time: datetime
    corrected_by: int | None = None
    hands_served: int = 0
    ended: bool = False

    @property
    def id(self) -> int:
        return self.event.ruling_id

    @property
    def offender(self) -> str | None:
        """The player the ruling is about (the first named): offences and penalties are theirs."""
        return self.event.players[0].id if self.event.players else None

    def standing(self, now: datetime) -> Remaining | None:
        """What is left of this ruling's penalty at `now`; None if it gave none or was corrected."""
        given = self.event.penalty
        if given is None or self.corrected_by is not None:
            return None
        if self.ended:
            return Remaining(hands=0 if given.kind in IN_HANDS else None,
                             seconds=0.0 if given.kind == PenaltyKind.MINUTES else None, serving=False)
        return remaining(given, hands_dealt=self.hands_served, given_at=self.time, now=max(now, self.time))


@dataclass(slots=True)
class ClockCall:
    id: int
    table: int
    seat: int
    facing_bet: bool
    player_id: str | None
    called_at: datetime
    stopped: bool = False
    ruling_id: int | None = None

    @property
    def open(self) -> bool:
        return not self.stopped and self.ruling_id is None



@dataclass(slots=True)
class RunningShotClock:
    """A table's shot clock (T-SHOT-1): started at `started`, `seconds` in all (time banks added)."""

    started: datetime
    seconds: int
    seat: int | None = None
    player_id: str | None = None
    expired: bool = False  # ran out and logged: shown as TIME until stopped or started again

    def remaining(self, now: datetime) -> float:
        return self.seconds - (now - self.started).total_seconds()


@dataclass(frozen=True, slots=True)
class ChipCount:
    """When a player's last count (`TournamentState.chips`) was taken and by whom (T-CHIPS-3): a
    bag's count is by nobody (`by` None)."""

    at: datetime
    by: str | None = None


@dataclass(frozen=True, slots=True)
class CommandRecord:
    """A command that undo may take back: which, who made it and when (its first event's seq)."""

    command_id: str
    actor: str
    time: datetime
    seq: int


# The forecast reads the recent field only: the newest this many changes are kept (a festival makes
# twenty thousand), trimmed in steps so a fold from the start and one from a snapshot keep the same.
FIELD_KEPT = 1500


@dataclass(slots=True)
class Night:
    """The field over the night, for the forecast (domain/clock/forecast.py): when the number of
    players left changed and what it became (the newest `FIELD_KEPT`), and the clock at each of its
    changes since (time, period, seconds left in it then, running) to tell play time from time."""

    times: list[float] = field(default_factory=empty_list)  # POSIX seconds
    left: list[int] = field(default_factory=empty_list)
    clock: list[tuple[float, int, float, bool]] = field(default_factory=empty_list)
    # How many of the changes kept came before the clock started (the field it started with).
    opened: int = 0

    def note(self, time: datetime, players_left: int, clock: clock_ops.ClockAnchor, changed: bool) -> None:
        stamp = time.timestamp()
        if changed:  # a running clock's `remaining` counts from its anchor
            anchor = stamp if clock.anchor is None else clock.anchor.timestamp()
            self.clock.append((anchor, clock.period, clock.remaining, clock.running))
        if not self.left or self.left[-1] != players_left:
            self.times.append(stamp)
            self.left.append(players_left)
            if not clock.started:
                self.opened = len(self.times)
        if len(self.times) > 2 * FIELD_KEPT:
            self.opened = max(0, self.opened - (len(self.times) - FIELD_KEPT))
            del self.times[:-FIELD_KEPT], self.left[:-FIELD_KEPT]
            first = self.times[0]
            # Keep the clock's last change before the first time kept: it tells that time's play time.
            before = sum(1 for record in self.clock if record[0] <= first)
            del self.clock[:max(0, before - 1)]


@dataclass(slots=True)
class TournamentState:
    info: TournamentCreated
    clock: clock_ops.ClockAnchor
    # The rules in force: from the creation, then each HouseRulesSet (T-LEVEL-1's logic for the
    # structure applies to them too: a change is logged and undoable).
    house_rules: HouseRules = field(default_factory=HouseRules)
    players: dict[str, Player] = field(default_factory=empty_dict)
    # casefolded name -> player id, for every player not unregistered (names unique ignoring case)
    by_name: dict[str, str] = field(default_factory=empty_dict)
    players_left: int = 0
    night: Night = field(default_factory=Night)
    # ids of busted players in the order they busted
    busted: list[str] = field(default_factory=empty_list)
    ids_issued: int = 0
    # Every envelope folded so far, undone ones and the Undone events too, is `log` (below): undo
    # folds them again without the command it takes back, to see that the commands after it still
    # stand. A state restored from a snapshot holds the envelopes after it in `recent`, and
    # `earlier` puts those before it in front of them (and clears itself) the first time the whole
    # log is read, so a terminal that never reads it never loads it; it is the store's, and merges
    # them once however many threads read at once. Neither is part of the state's value (nor of a
    # snapshot).
    recent: EventLog = field(default_factory=EventLog, compare=False, repr=False)
    earlier: Callable[["TournamentState"], None] | None = field(default=None, compare=False, repr=False)
    last_seq: int = 0
    # Seating (domain/seating/): the tables in play by number, occupants by player name;
    # tables given their own seat count or blocked seats before they open; who the last
    # balancing moved (they do not move again while another player can, 11A).
    room: dict[int, Table] = field(default_factory=empty_dict)
    layout: dict[int, Table] = field(default_factory=empty_dict)
    balanced_last: frozenset[str] = frozenset()
    # The rulings log, penalties being served and clock calls (domain/rulings_log.py, clock_call.py)
    rulings: list[LoggedRuling] = field(default_factory=empty_list)
    clock_calls: list[ClockCall] = field(default_factory=empty_list)
    money: MoneySettings = field(default_factory=MoneySettings)
    chips: dict[str, int] = field(default_factory=empty_dict)  # player id -> last count
    counted: dict[str, ChipCount] = field(default_factory=empty_dict)  # player id -> its when and who
    # T-PAGE-1: each player's own page by his name (its key, `name_key`): the token, and the
    # token's SHA-256 (hex) -> that key, which the web looks a presented token up by.
    pages: dict[str, str] = field(default_factory=empty_dict)
    # T-SHOT-1: the shot clocks running by table, and the time banks each player has used.
    shot_clocks: dict[int, RunningShotClock] = field(default_factory=empty_dict)
    time_banks_used: dict[str, int] = field(default_factory=empty_dict)
    # T-SIGNUP-1: the sign-ups waiting for the TD, by their name's key, and the last number given.
    signups: dict[str, SignUpReceived] = field(default_factory=empty_dict)
    signups_issued: int = 0
    # A phone's sign-up ticket (its SHA-256) -> the name's key: the phone follows its sign-up by it.
    signup_tickets: dict[str, str] = field(default_factory=empty_dict)
    page_hashes: dict[str, str] = field(default_factory=empty_dict)
    # The cash desk: "player id/due" -> method (None: unpaid), the prizes and bounty cash paid out
    # (slip by slip), the drawer as last counted by method.
    payments: dict[str, str | None] = field(default_factory=empty_dict)
    paid_out: list[PrizePaidOut] = field(default_factory=empty_list)
    cash_counted: dict[str, int] = field(default_factory=empty_dict)
    hand_for_hand: HandForHand | None = None
    deal: Deal | None = None
    # T-PKO-4: the bounties of disqualified players, added to the prize pool.
    bounties_to_pool: int = 0
    # T-MYSTERY-1: the envelopes of a mystery bounty, and those the standing knockouts opened.
    mystery: MysteryPool | None = None
    # T-SAT-2: a satellite that has ended (the seat winners), and when.
    satellite: SatelliteEnded | None = None
    satellite_at: datetime | None = None
    # The alternates waiting for a seat, by number in the order they came (players/alternates.py),
    # and the last number given.
    alternates: dict[int, Alternate] = field(default_factory=empty_dict)
    alternates_issued: int = 0
    # Flights and Day 2 (players/flights.py): the event this flight belongs to, its survivors'
    # bags by player id (T-FLIGHT-2); on Day 2, the flights' entries and each stack's origin.
    flight: FlightSet | None = None
    bags: dict[str, Bagged] = field(default_factory=empty_dict)
    day2: Day2Started | None = None
    # A shootout (T-SHOOT-3): the round in play, and the tables each round before it had.
    shootout_round: int = 1
    shootout_tables: list[int] = field(default_factory=empty_list)

    @property
    def log(self) -> EventLog:
        if self.earlier is not None:
            self.earlier(self)
        return self.recent

    @log.setter
    def log(self, envelopes: Iterable[Envelope]) -> None:
        self.recent = envelopes if isinstance(envelopes, EventLog) else EventLog(envelopes)
        self.earlier = None

    @property
    def entries(self) -> int:
        return len(self.players)

    def bounty_on_head(self, player: Player) -> int:
        """The bounty on a player's head now: the starting bounty, his rebuys' bounty parts
        (T-PKO-6) and what his knockouts added (T-PKO-1); 0 once he is out (it went to whoever
        knocked him out, or to the pool)."""
        if player.status == "busted":
            return 0
        return self.money.bounty + player.rebuys * self.money.rebuy_bounty + player.bounty_added

    @property
    def status(self) -> str:
        if (self.players_left == 1 and self.entries > 1) or self.satellite is not None:
            return "finished"
        if not self.clock.started:
            return "planned"
        return "running" if self.clock.running else "paused"

    @property
    def winner(self) -> Player | None:
        """The one player left once the tournament is finished; None before, and in a satellite
        (everyone left wins a seat, T-SAT-2)."""
        if self.status != "finished" or self.satellite is not None:
            return None
        return next((p for p in self.players.values() if p.status != "busted"), None)

    def count_chips(self, player_id: str, chips: int, at: datetime, by: str | None) -> None:
        """`chips` is the player's count from now on (a count or a bag supersedes the one before)."""
        self.count_all({player_id: chips}, at, by)

    def count_all(self, counts: Mapping[str, int], at: datetime, by: str | None) -> None:
        """Each of `counts` (player id -> chips) as `count_chips` takes one: counted together,
        they share one `ChipCount` (a festival's log folds 23,000 counts of eight)."""
        self.chips.update(counts)
        self.counted.update(dict.fromkeys(counts, ChipCount(at, by)))

    def forget_chips(self, player_id: str) -> None:
        """His last count no longer says his stack (a bust, a rebuy: T-CHIPS-3)."""
        self.chips.pop(player_id, None)
        self.counted.pop(player_id, None)

    def find(self, name: str, *, among: Callable[[Player], bool] | None = None) -> Player:
        """The player a name typed by a person means (`match_name`): the exact name, else a unique
        prefix among the players `among` keeps (all by default)."""
        exact_id = self.by_name.get(name_key(name))
        if exact_id is not None:  # an exact name always wins, so "already busted" still says so
            return self.players[exact_id]
        if (waiting := self.alternate_named(name)) is not None:
            raise NotFound("{name} is alternate {number}, waiting for a seat (T-REG-1)",
                           name=waiting.name, number=waiting.number)
        return match_name(name, {key: self.players[player_id] for key, player_id in self.by_name.items()
                                 if among is None or among(self.players[player_id])})

    def alternate_named(self, name: str) -> Alternate | None:
        """The alternate of exactly that name (ignoring case and width), if one waits."""
        key = name_key(name)
        return next((alt for alt in self.alternates.values() if name_key(alt.name) == key), None)

    def is_in(self, player: Player) -> bool:
        """Still playing: not busted, nor reported busted in this hand-for-hand hand."""
        h4h = self.hand_for_hand
        return player.status != "busted" and (h4h is None or player.id not in h4h.pending)

    def still_in(self, name: str) -> Player:
        """The player named, who must still be in (not busted, nor reported busted this hand); a
        prefix or typo is matched among the players still in."""
        try:
            player = self.find(name, among=self.is_in)
        except NotFound as error:
            # A short name of a player already out ("Anna" for the busted Anna Holm) says he is
            # out, as his whole name does, not "no player named Anna" nor another player offered.
            try:
                player = self.find(name, among=lambda player: not self.is_in(player))
            except TdError:
                raise error from None
        if player.status == "busted":
            raise TdError("{name} has already busted (place {place})", name=player.name, place=player.place)
        h4h = self.hand_for_hand
        if h4h is not None and player.id in h4h.pending:
            raise TdError(
                "{name} has already busted in this hand-for-hand hand (placed when every table has "
                "finished it)", name=player.name,
            )
        return player


# How close a typed name must be to a player's (rapidfuzz's normalised Indel similarity, 0-100) to be
# offered: "Anan" for "Anna" is 75, "Carl" for "Karl" 75, "Ivan Kor" for "Ivan Kro" 88.
OFFER_SCORE = 75.0


def match_name(typed: str, names: Mapping[str, T]) -> T:
    """What a name typed by a person means among `names` (casefolded name -> thing). The one matcher
    of every command that takes a name (and of `--stack` keys):
    1. the exact name, ignoring case;
    2. else the one name that starts with what was typed, or has a word that does ("Kro" is
       "Ivan Kro"); two or more such names are refused, listing them;
    3. else a close typo is never taken: it is refused with "did you mean X?" (or the few close
       ones), because busting or moving the wrong player at a live table costs more than retyping.

    The one matcher of names a person types: exact, else a unique prefix of the name or of one of its
    words; an ambiguous prefix or a typo is refused, never guessed.

    >>> names = {"anna holm": "p1", "ivan kro": "p2", "ivan berg": "p3"}
    >>> match_name("ANNA HOLM", names), match_name("kro", names)
    ('p1', 'p2')
    >>> match_name("Ivan", names)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: 'Ivan' could be ivan berg and ivan kro; type more of the name
    >>> match_name("Ana Holm", names)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: no player named 'Ana Holm'; did you mean anna holm?
    """
    shown = normalise_name(typed)
    key = name_key(typed)
    if key in names:
        return names[key]
    if key:
        prefixed = sorted(name for name in names
                          if name.startswith(key) or any(word.startswith(key) for word in name.split()))
        if len(prefixed) == 1:
            return names[prefixed[0]]
        if prefixed:
            raise InvalidInput(
                "{shown!r} could be {listed}; type more of the name", shown=shown,
                listed=_listed(prefixed, names),
            )
        # Loaded only for a name nothing matched: a scripted command should not pay for it.
        from rapidfuzz import fuzz, process

        close = process.extract(key, list(names), scorer=fuzz.ratio, score_cutoff=OFFER_SCORE, limit=3)
        if close:
            raise NotFound(
                "no player named {shown!r}; did you mean {listed}?", shown=shown,
                listed=_listed([name for name, _score, _index in close], names, 'or'),
            )
    raise NotFound("no player named {shown!r}", shown=shown)


def _listed(keys: list[str], names: Mapping[str, T], last: str = "and") -> str:
    """Names as the players wrote them, 'A, B and C'."""
    shown = [getattr(names[key], "name", key) for key in keys]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} {last} {shown[-1]}"


def normalise_name(raw: str) -> str:
    """Trim and NFC-normalise, so 'Åse' typed two ways is one name.

    >>> normalise_name("  A\u030ase ") == normalise_name("\u00c5se") == "\u00c5se"
    True
    """
    return unicodedata.normalize("NFC", raw.strip())




def new_state(created: TournamentCreated) -> TournamentState:
    """The state before the first command: the first level in full, the club's house rules.

    >>> from tdconsole.domain.examples import Tournament
    >>> state = new_state(Tournament().log[0].event)
    >>> state.players_left, state.clock.remaining, state.house_rules.seating.balance
    (0, 1200.0, 'club')
    """
    return TournamentState(info=created, clock=clock_ops.ClockAnchor.initial(created.structure),
                           house_rules=created.house_rules or HouseRules())

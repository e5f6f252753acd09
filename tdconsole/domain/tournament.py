"""The tournament: its state as the fold of events, and `decide`, which turns a command into events.

`decide` never changes the state; `apply` is the only place that does, one event at a time. Each
concern (registration, the clock, seating, ...) registers its deciders and appliers in its own module
with `@decides(CommandType)` and `@applies(EventType)`; the modules are listed at the bottom.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from tdconsole.domain import clock as clock_ops
from tdconsole.domain.commands import Command, Undo
from tdconsole.domain.errors import NotFound, TdError
from tdconsole.domain.events import Envelope, Event, HandForHandStarted, TournamentCreated, Undone
from tdconsole.domain.money_settings import MoneySettings
from tdconsole.domain.tables import Table

if TYPE_CHECKING:
    from tdconsole.domain.rulings_log import ClockCall, LoggedRuling

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
    # 1 = the buy-in, 2 = the first re-entry, ... (T-REG-1: each entry has its own place).
    entry: int = 1
    # False: an earlier entry of a player who re-entered, when the house says it cannot cash.
    can_cash: bool = True
    knockouts: int = 0
    bounties: int = 0
    add_ons: int = 0


@dataclass(slots=True)
class HandForHand:
    """T-H4H-1: the hand being played hand-for-hand, the tables done with it, its busts."""

    started: HandForHandStarted
    # 0 = the hand in progress at the announcement (RP-8A), then 1, 2, ...
    hand: int = 0
    tables_done: set[int] = field(default_factory=set)
    # player id -> (table, stack or None, knocker ids), in the order reported
    pending: dict[str, tuple[int, int | None, list[str]]] = field(default_factory=dict)


@dataclass(slots=True)
class Deal:
    method: str
    amounts: dict[str, int]
    left_for_winner: int
    consented: set[str] = field(default_factory=set)
    approved: bool = False


@dataclass(slots=True)
class TournamentState:
    info: TournamentCreated
    clock: clock_ops.ClockAnchor
    players: dict[str, Player] = field(default_factory=dict)
    # casefolded name -> player id, for every player not unregistered (names unique ignoring case)
    by_name: dict[str, str] = field(default_factory=dict)
    players_left: int = 0
    # ids of busted players in the order they busted
    busted: list[str] = field(default_factory=list)
    ids_issued: int = 0
    # command ids in the order applied, undone ones left out: undo takes the last one
    commands: list[str] = field(default_factory=list)
    last_seq: int = 0
    # Seating (issue 3, `seating.py`): the tables in play by number, occupants by player name;
    # tables given their own seat count or blocked seats before they open; who the last
    # balancing moved (they do not move again while another player can, 11A).
    room: dict[int, Table] = field(default_factory=dict)
    layout: dict[int, Table] = field(default_factory=dict)
    balanced_last: frozenset[str] = frozenset()
    # The rulings log, penalties being served and clock calls (domain/rulings_log.py, clock_call.py)
    rulings: list[LoggedRuling] = field(default_factory=list)
    clock_calls: list[ClockCall] = field(default_factory=list)
    money: MoneySettings = field(default_factory=MoneySettings)
    chips: dict[str, int] = field(default_factory=dict)  # player id -> last count
    hand_for_hand: HandForHand | None = None
    deal: Deal | None = None

    @property
    def entries(self) -> int:
        return len(self.players)

    @property
    def status(self) -> str:
        if self.players_left == 1 and self.entries > 1:
            return "finished"
        if not self.clock.started:
            return "planned"
        return "running" if self.clock.running else "paused"

    def find(self, name: str) -> Player:
        player_id = self.by_name.get(normalise_name(name).casefold())
        if player_id is None:
            raise NotFound(f"no player named {name.strip()!r}")
        return self.players[player_id]


def normalise_name(raw: str) -> str:
    """Trim and NFC-normalise, so 'Åse' typed two ways is one name."""
    return unicodedata.normalize("NFC", raw.strip())


# ---------------------------------------------------------------- the handler registry

C = TypeVar("C", bound=Command)
E = TypeVar("E")
Decider = Callable[[TournamentState, Any, datetime], list[Event]]
Applier = Callable[[TournamentState, Any, datetime], None]

_deciders: dict[type[Command], Decider] = {}
# Several concerns may react to one event (a bust also frees a seat): their appliers run in the
# order their modules are imported at the bottom of this file.
_appliers: dict[type[Any], list[Applier]] = {}


def decides(command_type: type[C]) -> Callable[[Callable[[TournamentState, C, datetime], list[Event]]],
                                               Callable[[TournamentState, C, datetime], list[Event]]]:
    """Register the function that turns `command_type` into events."""

    def register(function: Callable[[TournamentState, C, datetime], list[Event]]) -> Callable[
            [TournamentState, C, datetime], list[Event]]:
        _deciders[command_type] = function
        return function

    return register


def applies(event_type: type[E]) -> Callable[[Callable[[TournamentState, E, datetime], None]],
                                             Callable[[TournamentState, E, datetime], None]]:
    """Register the function that changes the state by one `event_type` (at the event's time)."""

    def register(function: Callable[[TournamentState, E, datetime], None]) -> Callable[
            [TournamentState, E, datetime], None]:
        _appliers.setdefault(event_type, []).append(function)
        return function

    return register


# ---------------------------------------------------------------- fold, apply, decide


def new_state(created: TournamentCreated) -> TournamentState:
    return TournamentState(info=created, clock=clock_ops.ClockAnchor.initial(created.structure))


def fold(envelopes: Iterable[Envelope]) -> TournamentState:
    """The state after `envelopes` (all of a tournament's, in order), undone commands skipped."""
    envelopes = list(envelopes)
    undone = {e.event.command_id for e in envelopes if isinstance(e.event, Undone)}
    first = envelopes[0].event
    if not isinstance(first, TournamentCreated):
        raise TdError("the event log does not begin with the tournament's creation")
    state = new_state(first)
    for envelope in envelopes:
        if envelope.command_id not in undone:
            apply(state, envelope)
        state.last_seq = envelope.seq
    return state


def apply(state: TournamentState, envelope: Envelope) -> None:
    """Change `state` by one event. Undone events are handled by `fold` (a refold)."""
    event = envelope.event
    for applier in _appliers.get(type(event), ()):
        applier(state, event, envelope.time)
    undoable = event.undoable and not isinstance(event, Undone | TournamentCreated)
    if undoable and (not state.commands or state.commands[-1] != envelope.command_id):
        state.commands.append(envelope.command_id)
    state.last_seq = envelope.seq


def decide(state: TournamentState, command: Command, now: datetime) -> list[Event]:
    """The events that carry out `command`, or a `TdError` saying why it cannot be done."""
    decider = _deciders.get(type(command))
    if decider is None:
        raise TdError(f"unknown command {type(command).__name__}")
    return decider(state, command, now)


@decides(Undo)
def _undo(state: TournamentState, command: Undo, now: datetime) -> list[Event]:
    if not state.commands:
        raise TdError("there is nothing to undo")
    return [Undone(command_id=state.commands[-1])]


# The modules that register deciders and appliers (imported last: they import this module).
from tdconsole.domain import (  # noqa: E402, F401
    busts,
    clock_commands,
    deals,
    hand_for_hand,
    late_registration,
    money,
    registration,
    rulings_log,
    seating,
)

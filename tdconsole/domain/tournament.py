"""The tournament: its state as the fold of events, and `decide`, which turns a command into events.

`decide` never changes the state; `apply` is the only place that does, one event at a time.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from tdconsole.domain import clock as clock_ops
from tdconsole.domain.commands import (
    Bust,
    ClockPause,
    ClockResume,
    ClockSetRemaining,
    ClockStart,
    ClockStep,
    Command,
    Register,
    Undo,
    Unregister,
)
from tdconsole.domain.errors import InvalidInput, NotFound, TdError
from tdconsole.domain.events import (
    ClockPaused,
    ClockResumed,
    ClockSet,
    ClockStarted,
    Envelope,
    Event,
    LevelChanged,
    PlayerBusted,
    PlayerRegistered,
    PlayerUnregistered,
    TournamentCreated,
    Undone,
)

MAX_NAME = 60
PlayerStatus = Literal["registered", "seated", "busted"]


@dataclass(slots=True)
class Player:
    id: str
    name: str
    status: PlayerStatus = "registered"
    table: int | None = None
    seat: int | None = None
    place: int | None = None


@dataclass(slots=True)
class TournamentState:
    info: TournamentCreated
    clock: clock_ops.ClockAnchor
    players: dict[str, Player] = field(default_factory=dict)
    # casefolded name -> player id, for every player not unregistered (names unique ignoring case)
    by_name: dict[str, str] = field(default_factory=dict)
    players_left: int = 0
    ids_issued: int = 0
    # command ids in the order applied, undone ones left out: undo takes the last one
    commands: list[str] = field(default_factory=list)
    last_seq: int = 0

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


def validate_name(raw: str) -> str:
    name = normalise_name(raw)
    if not name:
        raise InvalidInput("a player name cannot be empty")
    if len(name) > MAX_NAME:
        raise InvalidInput(f"the name {name[:20]!r}... is {len(name)} characters; at most {MAX_NAME}")
    if not name.isprintable():
        raise InvalidInput(f"the name {name!r} has characters that cannot be printed")
    return name


# ---------------------------------------------------------------- apply


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
    event: Event = envelope.event
    structure = state.info.structure
    now = envelope.time
    match event:
        case TournamentCreated():
            pass
        case PlayerRegistered(player_id=player_id, name=name):
            state.players[player_id] = Player(player_id, name)
            state.by_name[name.casefold()] = player_id
            state.players_left += 1
            state.ids_issued += 1
        case PlayerUnregistered(player_id=player_id):
            player = state.players.pop(player_id)
            del state.by_name[player.name.casefold()]
            state.players_left -= 1
        case PlayerBusted(player_id=player_id, place=place):
            player = state.players[player_id]
            player.status, player.place = "busted", place
            player.table = player.seat = None
            state.players_left -= 1
        case ClockStarted():
            state.clock = clock_ops.start(structure, state.clock, now)
        case ClockPaused():
            state.clock = clock_ops.pause(structure, state.clock, now)
        case ClockResumed():
            state.clock = clock_ops.resume(structure, state.clock, now)
        case LevelChanged(period=period):
            state.clock = clock_ops.jump(structure, state.clock, now, period)
        case ClockSet(remaining_seconds=seconds):
            state.clock = clock_ops.set_remaining(structure, state.clock, now, seconds)
        case Undone():
            pass
    undoable = not isinstance(event, Undone | TournamentCreated)
    if undoable and (not state.commands or state.commands[-1] != envelope.command_id):
        state.commands.append(envelope.command_id)
    state.last_seq = envelope.seq


# ---------------------------------------------------------------- decide


def decide(state: TournamentState, command: Command, now: datetime) -> list[Event]:
    """The events that carry out `command`, or a `TdError` saying why it cannot be done."""
    structure = state.info.structure
    match command:
        case Register(names=names):
            return _register(state, names)
        case Unregister(name=name):
            player = state.find(name)
            if player.status == "busted":
                raise TdError(f"{player.name} has busted; a busted player cannot be unregistered")
            return [PlayerUnregistered(player_id=player.id)]
        case Bust(names=names):
            return _bust(state, names)
        case ClockStart():
            clock_ops.start(structure, state.clock, now)
            return [ClockStarted()]
        case ClockPause():
            clock_ops.pause(structure, state.clock, now)
            return [ClockPaused()]
        case ClockResume():
            clock_ops.resume(structure, state.clock, now)
            return [ClockResumed()]
        case ClockStep(by=by):
            return [LevelChanged(period=clock_ops.step(structure, state.clock, now, by).period)]
        case ClockSetRemaining(seconds=seconds):
            clock_ops.set_remaining(structure, state.clock, now, seconds)
            return [ClockSet(remaining_seconds=seconds)]
        case Undo():
            if not state.commands:
                raise TdError("there is nothing to undo")
            return [Undone(command_id=state.commands[-1])]
    raise TdError(f"unknown command {type(command).__name__}")


def _register(state: TournamentState, raw_names: list[str]) -> list[Event]:
    events: list[Event] = []
    seen: set[str] = set()
    issued = state.ids_issued
    for raw in raw_names:
        name = validate_name(raw)
        key = name.casefold()
        if key in state.by_name or key in seen:
            existing = state.players.get(state.by_name.get(key, ""))
            shown = existing.name if existing else name
            raise InvalidInput(f"{shown!r} is already registered (names are unique ignoring case)")
        seen.add(key)
        issued += 1
        events.append(PlayerRegistered(player_id=f"p{issued}", name=name))
    return events


def _bust(state: TournamentState, names: list[str]) -> list[Event]:
    players = [state.find(name) for name in names]
    ids = [player.id for player in players]
    if len(set(ids)) != len(ids):
        raise InvalidInput("the same player is named twice")
    for player in players:
        if player.status == "busted":
            raise TdError(f"{player.name} has already busted (place {player.place})")
    left = state.players_left
    if len(players) >= left:
        raise TdError(f"{left} players are left; at least one must remain to win")
    # First slice: the place is the number of players left at that moment, in the order named
    # (the first named finishes lowest). Issue 6 ranks same-hand busts by starting stack (T-ELIM-1).
    events: list[Event] = []
    for player in players:
        events.append(PlayerBusted(player_id=player.id, place=left))
        left -= 1
    return events

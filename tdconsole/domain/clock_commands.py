"""The clock's commands and events: start, pause, resume, next/previous, any level, set the time left,
and a change of structure while the tournament runs (T-LEVEL-1)."""

from __future__ import annotations

from datetime import datetime

from tdconsole.domain import clock as clock_ops
from tdconsole.domain.commands import (
    ChangeStructure,
    ClockGoToLevel,
    ClockPause,
    ClockResume,
    ClockSetRemaining,
    ClockStart,
    ClockStep,
)
from tdconsole.domain.events import (
    ClockPaused,
    ClockResumed,
    ClockSet,
    ClockStarted,
    Event,
    LevelChanged,
    StructureChanged,
)
from tdconsole.domain.tournament import TournamentState, applies, decides


@decides(ClockStart)
def _start(state: TournamentState, command: ClockStart, now: datetime) -> list[Event]:
    clock_ops.start(state.info.structure, state.clock, now)
    return [ClockStarted()]


@decides(ClockPause)
def _pause(state: TournamentState, command: ClockPause, now: datetime) -> list[Event]:
    clock_ops.pause(state.info.structure, state.clock, now)
    return [ClockPaused()]


@decides(ClockResume)
def _resume(state: TournamentState, command: ClockResume, now: datetime) -> list[Event]:
    clock_ops.resume(state.info.structure, state.clock, now)
    return [ClockResumed()]


@decides(ClockStep)
def _step(state: TournamentState, command: ClockStep, now: datetime) -> list[Event]:
    return [LevelChanged(period=clock_ops.step(state.info.structure, state.clock, now, command.by).period)]


@decides(ClockGoToLevel)
def _go_to_level(state: TournamentState, command: ClockGoToLevel, now: datetime) -> list[Event]:
    return [LevelChanged(period=clock_ops.go_to_level(state.info.structure, state.clock, now,
                                                      command.level).period)]


@decides(ChangeStructure)
def _change_structure(state: TournamentState, command: ChangeStructure, now: datetime) -> list[Event]:
    # The structure was validated when the command was built; the event carries it whole so the
    # replay never depends on a file that may have changed since (T-LEVEL-1: logged like any action).
    return [StructureChanged(source=command.source, structure=command.structure)]


@decides(ClockSetRemaining)
def _set(state: TournamentState, command: ClockSetRemaining, now: datetime) -> list[Event]:
    clock_ops.set_remaining(state.info.structure, state.clock, now, command.seconds)
    return [ClockSet(remaining_seconds=command.seconds)]


@applies(ClockStarted)
def _started(state: TournamentState, event: ClockStarted, now: datetime) -> None:
    state.clock = clock_ops.start(state.info.structure, state.clock, now)


@applies(ClockPaused)
def _paused(state: TournamentState, event: ClockPaused, now: datetime) -> None:
    state.clock = clock_ops.pause(state.info.structure, state.clock, now)


@applies(ClockResumed)
def _resumed(state: TournamentState, event: ClockResumed, now: datetime) -> None:
    state.clock = clock_ops.resume(state.info.structure, state.clock, now)


@applies(LevelChanged)
def _level_changed(state: TournamentState, event: LevelChanged, now: datetime) -> None:
    state.clock = clock_ops.jump(state.info.structure, state.clock, now, event.period)


@applies(ClockSet)
def _clock_set(state: TournamentState, event: ClockSet, now: datetime) -> None:
    state.clock = clock_ops.set_remaining(state.info.structure, state.clock, now, event.remaining_seconds)


@applies(StructureChanged)
def _structure_changed(state: TournamentState, event: StructureChanged, now: datetime) -> None:
    state.clock = clock_ops.rebase(state.info.structure, event.structure, state.clock, now)
    state.info = state.info.model_copy(update={"structure": event.structure})

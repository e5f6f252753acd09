"""The clock's commands and events: start, pause, resume, next/previous, any level, set the time left,
and a change of structure while the tournament runs (T-LEVEL-1). A finished tournament's clock
stays stopped (T-END-1)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.structure import check_structure
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import (
    ClockPaused,
    ClockResumed,
    ClockSet,
    ClockStarted,
    Event,
    LevelChanged,
    StructureChanged,
)
from tdconsole.domain.state import TournamentState

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import (
        ChangeStructure,
        ClockGoToLevel,
        ClockPause,
        ClockResume,
        ClockSetRemaining,
        ClockStart,
        ClockStep,
    )


def refuse_when_finished(state: TournamentState) -> None:
    """T-END-1: the tournament is over once one player is left (or a satellite's seats are all won,
    T-SAT-2); the bust that ended it stopped its clock, and nothing runs it again or moves its
    levels (a tap on "Resume" ran the clock of a tournament that had its winner), nor busts the
    winner. Undoing that bust reopens it (and runs the clock again, as the bust stopped it).

    T-END-1: once the winner is known nothing runs the clock again:

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> refuse_when_finished(t.state)
    >>> _ = t.do(Bust(names=["Bo"]))
    >>> refuse_when_finished(t.state)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-END-1: the tournament is finished (Ann is the winner); undo
    the last bust to reopen it
    """
    if state.status != "finished":
        return
    winner = state.winner
    if winner is None:
        raise RuleViolation("T-END-1", "the satellite is over (T-SAT-2); undo the last bust to reopen it")
    # Worded as registration's refusal of a finished tournament (T-REG-1): one sentence to learn.
    raise RuleViolation("T-END-1", "the tournament is finished ({value} is the winner); undo the last "
                        "bust to reopen it", value=winner.name)


def decide_start(state: TournamentState, command: ClockStart, now: datetime) -> list[Event]:
    """Start the clock: the first level in full. Once only; after a pause it resumes.

    >>> from tdconsole.domain.commands import ClockStart
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> decide_start(t.state, ClockStart(), T0)
    [ClockStarted(type='clock_started')]
    >>> _ = t.do(ClockStart())
    >>> decide_start(t.state, ClockStart(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: the clock has already been started (use resume)
    """
    refuse_when_finished(state)
    clock_ops.start(state.info.structure, state.clock, now)
    return [ClockStarted()]


def decide_pause(state: TournamentState, command: ClockPause, now: datetime) -> list[Event]:
    """Pause a running clock; the time left waits for the resume.

    >>> from tdconsole.domain.commands import ClockPause, ClockStart
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> decide_pause(t.state, ClockPause(), at(60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: the clock has not been started (use clock start)
    >>> _ = t.do(ClockStart())
    >>> decide_pause(t.state, ClockPause(), at(60))
    [ClockPaused(type='clock_paused')]
    """
    refuse_when_finished(state)
    clock_ops.pause(state.info.structure, state.clock, now)
    return [ClockPaused()]


def decide_resume(state: TournamentState, command: ClockResume, now: datetime) -> list[Event]:
    """Run a paused clock again with the time it had left.

    >>> from tdconsole.domain.commands import ClockPause, ClockResume, ClockStart
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(ClockStart())
    >>> decide_resume(t.state, ClockResume(), at(60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: the clock is already running
    >>> _ = t.do(ClockPause(), seconds=60)
    >>> decide_resume(t.state, ClockResume(), at(600))
    [ClockResumed(type='clock_resumed')]
    """
    refuse_when_finished(state)
    clock_ops.resume(state.info.structure, state.clock, now)
    return [ClockResumed()]


def decide_step(state: TournamentState, command: ClockStep, now: datetime) -> list[Event]:
    """The next or the previous period (`by` +1 or -1), from its start.

    >>> from tdconsole.domain.commands import ClockStart, ClockStep
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(ClockStart())
    >>> decide_step(t.state, ClockStep(by=1), at(60))
    [LevelChanged(type='level_changed', period=1)]
    >>> decide_step(t.state, ClockStep(by=-1), at(60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: this is the first level of the structure
    """
    refuse_when_finished(state)
    return [LevelChanged(period=clock_ops.step(state.info.structure, state.clock, now, command.by).period)]


def decide_go_to_level(state: TournamentState, command: ClockGoToLevel, now: datetime) -> list[Event]:
    """Level 3 is the fourth period: the add-on break comes after level 2:

    >>> from tdconsole.domain.commands import ClockGoToLevel, ClockStart
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(ClockStart())
    >>> decide_go_to_level(t.state, ClockGoToLevel(level=3), at(60))
    [LevelChanged(type='level_changed', period=3)]
    >>> decide_go_to_level(t.state, ClockGoToLevel(level=9), at(60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: there is no level 9; the structure has 3 levels
    """
    refuse_when_finished(state)
    return [LevelChanged(period=clock_ops.go_to_level(state.info.structure, state.clock, now,
                                                      command.level).period)]


def decide_change_structure(state: TournamentState, command: ChangeStructure, now: datetime) -> list[Event]:
    # The structure was validated when the command was built; the event carries it whole so the
    # replay never depends on a file that may have changed since (T-LEVEL-1: logged like any action).
    """T-LEVEL-1: the TD changes the structure at any time; the event carries the new one whole.

    >>> from tdconsole.domain.clock.structure import Level, Structure
    >>> from tdconsole.domain.commands import ChangeStructure
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> faster = Structure(name="turbo", starting_stack=10_000, periods=[
    ...     Level(small_blind=100, big_blind=200, minutes=10),
    ...     Level(small_blind=200, big_blind=400, minutes=10)])
    >>> [changed] = decide_change_structure(t.state, ChangeStructure(structure=faster), T0)
    >>> changed.source, changed.structure.name, len(changed.structure.periods)
    ('editor', 'turbo', 2)
    """
    return [StructureChanged(source=command.source, structure=check_structure(command.structure))]


def decide_set(state: TournamentState, command: ClockSetRemaining, now: datetime) -> list[Event]:
    """The time left in the period, as the TD sets it.

    >>> from tdconsole.domain.commands import ClockSetRemaining, ClockStart
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(ClockStart())
    >>> decide_set(t.state, ClockSetRemaining(seconds=300), at(60))
    [ClockSet(type='clock_set', remaining_seconds=300)]

    A finished tournament's clock stays stopped (T-END-1):

    >>> from tdconsole.domain.commands import Bust
    >>> _ = t.do(Bust(names=["Bo"]), seconds=120)
    >>> decide_set(t.state, ClockSetRemaining(seconds=300), at(180))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-END-1: the tournament is finished (Ann is the winner); undo
    the last bust to reopen it
    """
    refuse_when_finished(state)
    clock_ops.set_remaining(state.info.structure, state.clock, now, command.seconds)
    return [ClockSet(remaining_seconds=command.seconds)]


def apply_started(state: TournamentState, event: ClockStarted, now: datetime) -> None:
    state.clock = clock_ops.start(state.info.structure, state.clock, now)


def apply_paused(state: TournamentState, event: ClockPaused, now: datetime) -> None:
    state.clock = clock_ops.pause(state.info.structure, state.clock, now)


def apply_resumed(state: TournamentState, event: ClockResumed, now: datetime) -> None:
    state.clock = clock_ops.resume(state.info.structure, state.clock, now)


def apply_level_changed(state: TournamentState, event: LevelChanged, now: datetime) -> None:
    state.clock = clock_ops.jump(state.info.structure, state.clock, now, event.period)


def apply_clock_set(state: TournamentState, event: ClockSet, now: datetime) -> None:
    state.clock = clock_ops.set_remaining(state.info.structure, state.clock, now, event.remaining_seconds)


def apply_structure_changed(state: TournamentState, event: StructureChanged, now: datetime) -> None:
    state.clock = clock_ops.rebase(state.info.structure, event.structure, state.clock, now)
    state.info = state.info.model_copy(update={"structure": event.structure})

"""Late registration closing at a set level (T-REG-1): a tournament setting the TD may change."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import Event, LateRegistrationChanged
from tdconsole.domain.state import TournamentState

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import SetLateRegistration


def registration_open(state: TournamentState, now: datetime) -> bool:
    """T-REG-1: open to the end of the set level; the break after it already counts as closed.
    A finished tournament (one player left) is closed whatever the level: an entry would change its
    results and prize pool after the fact.

    >>> from tdconsole.domain.commands import ClockStart, SetLateRegistration
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(SetLateRegistration(level=1))
    >>> _ = t.do(ClockStart())
    >>> registration_open(t.state, at(19 * 60)), registration_open(t.state, at(21 * 60))
    (True, False)
    """
    if state.status == "finished":
        return False
    last = state.info.late_reg_level
    if last is None or not state.clock.started:
        return True
    structure = state.info.structure
    return structure.shown_level(clock_ops.read(structure, state.clock, now).period) <= last


def require_registration_open(state: TournamentState, now: datetime) -> None:
    """T-REG-1: refuse a new entry once late registration has closed or the tournament has its winner,
    and on Day 2 (T-DAY2-1).

    >>> from tdconsole.domain.commands import ClockStart, SetLateRegistration
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(SetLateRegistration(level=1))
    >>> _ = t.do(ClockStart())
    >>> require_registration_open(t.state, at(60))
    >>> require_registration_open(t.state, at(21 * 60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REG-1: late registration closed at the end of level 1
    """
    if state.day2 is not None:  # T-DAY2-1: Day 2 is the flights' survivors
        raise RuleViolation("T-DAY2-1", "Day 2 of {event} takes no new entries: players enter a flight",
                            event=state.day2.event)
    if state.status == "finished":
        winner = state.winner
        raise RuleViolation(
            "T-REG-1",
            "the tournament is finished ({value} is the winner); undo the last bust to reopen it",
            value=winner.name if winner else 'won',
        )
    if not registration_open(state, now):
        raise RuleViolation(
            "T-REG-1",
            "late registration closed at the end of level {late_reg_level}",
            late_reg_level=state.info.late_reg_level,
        )


def decide_set(state: TournamentState, command: SetLateRegistration, now: datetime) -> list[Event]:
    """T-REG-1: late registration closes at the end of `level` (None: it never closes), a level the
    structure has.

    >>> from tdconsole.domain.commands import SetLateRegistration
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> decide_set(t.state, SetLateRegistration(level=2), T0)
    [LateRegistrationChanged(type='late_registration_changed', level=2)]
    >>> decide_set(t.state, SetLateRegistration(level=7), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: there is no level 7; the structure has 3 levels
    """
    if command.level is not None:
        state.info.structure.period_of_level(command.level)  # a level the structure has
    return [LateRegistrationChanged(level=command.level)]


def apply_changed(state: TournamentState, event: LateRegistrationChanged, now: datetime) -> None:
    state.info = state.info.model_copy(update={"late_reg_level": event.level})

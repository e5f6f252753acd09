"""The tournament's time in words: how far this terminal's clock is off, and what a step of the
machine's clock would do to the level (tdconsole/time_source.py keeps the time; this says it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Literal

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _
from tdconsole.views.base import View
from tdconsole.views.formatting import format_duration


def signed_duration(seconds: float) -> str:
    """'+1 h', '-10 min', '+1 h 5 min', '+45 s': a jump or an offset as a TD reads it."""
    whole = round(abs(seconds))
    if whole == 0:
        return _("{count} s").format(count=0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    parts = ([_("{count} h").format(count=hours)] if hours else []) + (
        [_("{count} min").format(count=minutes)] if minutes else [])
    if secs and not hours:
        parts.append(_("{count} s").format(count=secs))
    return ("-" if seconds < 0 else "+") + " ".join(parts)


def skew_text(skew: float, *, server: bool) -> str:
    """One line for a terminal whose own clock is off from the tournament's time."""
    reference = _("the database server's clock") if server else _(
        "the clock of the machine that holds the database")
    offset = signed_duration(abs(skew)).removeprefix("+")
    line = (_("This terminal's clock is {offset} ahead of {reference}; it shows and records the "
              "tournament's time") if skew > 0 else
            _("This terminal's clock is {offset} behind {reference}; it shows and records the "
              "tournament's time"))
    return line.format(offset=offset, reference=reference)


def correction_text(correction: float) -> str:
    """One line while a TD's correction is in force: every terminal shows the machine's clock
    moved by it, until a TD follows the machine's clock again."""
    offset = signed_duration(abs(correction)).removeprefix("+")
    line = (_("The tournament's time is kept {offset} ahead of the machine's clock (a TD's choice "
              "after a step); to follow the machine's clock again: tdconsole clock time --follow")
            if correction > 0 else
            _("The tournament's time is kept {offset} behind the machine's clock (a TD's choice "
              "after a step); to follow the machine's clock again: tdconsole clock time --follow"))
    return line.format(offset=offset)


def _place(structure: Structure, period: int) -> str:
    number = structure.level_number(period)
    if number is None:
        return _("the break after level {level}").format(level=structure.shown_level(period) - 1)
    return _("level {level}").format(level=number)


def step_effect(state: TournamentState, now: datetime, seconds: float) -> str:
    """What moving the tournament's time from `now` by `seconds` would do to the clock."""
    structure = state.info.structure
    before = clock_ops.read(structure, state.clock, now)
    after = clock_ops.read(structure, state.clock, now + timedelta(seconds=seconds))
    if not before.running:
        return _("the tournament clock is not running, so the level would not move")
    here, there = _place(structure, before.period), _place(structure, after.period)
    if after.period == before.period:
        change = abs(before.remaining - after.remaining)
        return (_("that would take {time} off {place}") if seconds > 0 else
                _("that would add {time} to {place}")).format(
            time=format_duration(change), place=here)
    left = format_duration(after.remaining)
    if after.period > before.period:
        return _("that would end {place} and run to {target} ({left} left)").format(
            place=here, target=there, left=left)
    return _("that would take the clock back from {place} to {target} ({left} left)").format(
        place=here, target=there, left=left)


def step_text(state: TournamentState, now: datetime, seconds: float) -> str:
    """The line the TD reads when the machine's clock jumps: what it would do to the level."""
    return _("The machine's clock jumped {jump}: {effect}").format(
        jump=signed_duration(seconds), effect=step_effect(state, now, seconds))


class TimeBaseView(View):
    """The tournament's time as this terminal reads it (`clock time --json`)."""

    time: str  # the tournament's time now, UTC
    # Where the time comes from: the database server, the machine that holds the SQLite file, or
    # this process's own clock (an in-memory database, or a file it cannot stamp).
    reference: Literal["server", "file", "local"]
    offset_seconds: float  # this terminal's clock minus the tournament's time
    correction_seconds: float  # added to the reference by a TD who kept the clock through a step
    step_seconds: float | None  # a step of the reference waiting for the TD, while it waits
    step: str | None  # what that step would do to the level, in words


def time_base_view(state: TournamentState, now: datetime, *, reference: Literal["server", "file", "local"],
                   offset: float, correction: float, step: float | None) -> TimeBaseView:
    return TimeBaseView(
        time=now.astimezone(UTC).isoformat(timespec="milliseconds"), reference=reference,
        offset_seconds=round(offset, 3), correction_seconds=round(correction, 3),
        step_seconds=None if step is None else round(step, 3),
        step=None if step is None else step_text(state, now, step))

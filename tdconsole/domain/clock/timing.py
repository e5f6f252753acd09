"""The tournament clock, computed from its last anchor and an injected `now` (T-LEVEL-1).

The clock is stored as: the period being played, the seconds left in it at an anchor time, and whether
it runs. Everything shown is computed from that and `now`, so a running clock shows the right time after
the process is killed and restarted: nothing ticks in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.errors import InvalidInput, TdError

# The longest time a TD may set on a level: 99:59:59.
MAX_SECONDS = 99 * 3600 + 59 * 60 + 59
# The room is warned this long before a level or break ends, and again at the change.
WARNING_SECONDS = 60

Warning = Literal["one-minute", "change"]


@dataclass(frozen=True, slots=True)
class ClockAnchor:
    """What the event log says about the clock; `anchor` is set while it runs."""

    started: bool = False
    period: int = 0
    remaining: float = 0.0
    anchor: datetime | None = None

    @classmethod
    def initial(cls, structure: Structure) -> ClockAnchor:
        """Before the start: the first period, full, not running."""
        return cls(False, 0, period_seconds(structure, 0), None)

    @property
    def running(self) -> bool:
        return self.anchor is not None


@dataclass(frozen=True, slots=True)
class ClockReading:
    """The clock as the room sees it at one moment."""

    started: bool
    running: bool
    period: int
    remaining: float
    level_number: int | None  # None on a break
    on_break: bool
    current: Level | Break
    level: Level  # the level in play, or the one that follows a break
    next_level: Level | None
    seconds_to_break: float | None
    finished_structure: bool


def period_seconds(structure: Structure, period: int) -> float:
    return float(structure.periods[period].minutes * 60)


def advance(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    """The clock at `now`, re-anchored: levels that ran out since the anchor have passed."""
    if clock.anchor is None:
        return clock
    remaining = clock.remaining - max(0.0, (now - clock.anchor).total_seconds())
    period = clock.period
    last = len(structure.periods) - 1
    while remaining <= 0 and period < last:
        period += 1
        remaining += period_seconds(structure, period)
    # The last level of a structure plays on at 0:00 until the TD acts.
    return replace(clock, period=period, remaining=max(0.0, remaining), anchor=now)


def _level_at_or_after(structure: Structure, period: int) -> Level:
    for candidate in structure.periods[period:]:
        if isinstance(candidate, Level):
            return candidate
    return structure.levels[-1]


def read(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockReading:
    current = advance(structure, clock, now)
    period = min(current.period, len(structure.periods) - 1)
    remaining = current.remaining
    here = structure.periods[period]
    next_level = next(
        (candidate for candidate in structure.periods[period + 1 :] if isinstance(candidate, Level)),
        None,
    )
    seconds_to_break: float | None = None
    if isinstance(here, Break):
        seconds_to_break = 0.0
    else:
        total = remaining
        for candidate in structure.periods[period + 1 :]:
            if isinstance(candidate, Break):
                seconds_to_break = total
                break
            total += candidate.minutes * 60
    return ClockReading(
        started=current.started,
        running=current.running,
        period=period,
        remaining=remaining,
        level_number=structure.level_number(period),
        on_break=isinstance(here, Break),
        current=here,
        level=_level_at_or_after(structure, period),
        next_level=next_level,
        seconds_to_break=seconds_to_break,
        finished_structure=period == len(structure.periods) - 1 and remaining <= 0,
    )


# The operations. Each takes the clock and `now` and returns the new anchor; the service records the
# operation as an event and replays it with the event's time, so replay gives the same clock.


def start(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    if clock.started:
        raise TdError("the clock has already been started (use resume)")
    # A level chosen or a time set before the start is kept.
    return replace(clock, started=True, anchor=now)


def pause(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    _require_started(clock)
    if not clock.running:
        raise TdError("the clock is already paused")
    return replace(advance(structure, clock, now), anchor=None)


def resume(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    _require_started(clock)
    if clock.running:
        raise TdError("the clock is already running")
    return replace(clock, anchor=now)


def jump(structure: Structure, clock: ClockAnchor, now: datetime, period: int) -> ClockAnchor:
    """Go to the start of `period` (next, previous or any level or break), keeping run/pause."""
    if not 0 <= period < len(structure.periods):
        raise InvalidInput(
            "there is no period {value}; the structure has {count}", value=period + 1,
            count=len(structure.periods),
        )
    current = advance(structure, clock, now)
    return replace(current, period=period, remaining=period_seconds(structure, period))


def step(structure: Structure, clock: ClockAnchor, now: datetime, by: int) -> ClockAnchor:
    """Next (+1) or previous (-1) level or break."""
    target = advance(structure, clock, now).period + by
    if target >= len(structure.periods):
        raise TdError("this is the last level of the structure")
    if target < 0:
        raise TdError("this is the first level of the structure")
    return jump(structure, clock, now, target)


def set_remaining(
    structure: Structure, clock: ClockAnchor, now: datetime, seconds: float
) -> ClockAnchor:
    if not 0 <= seconds <= MAX_SECONDS:
        raise InvalidInput("the time left must be between 0:00 and 99:59:59")
    return replace(advance(structure, clock, now), remaining=float(seconds))


def go_to_level(structure: Structure, clock: ClockAnchor, now: datetime, level: int) -> ClockAnchor:
    """The start of level `level` (1-based), keeping run/pause."""
    return jump(structure, clock, now, structure.period_of_level(level))


def rebase(old: Structure, new: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    """The clock carried onto a new structure (T-LEVEL-1: the TD changes it, fairly, at any time).

    It stays in the same period, and the time already played in that period is kept: a level made
    longer gains the difference, one made shorter loses it (never below 0:00, so a level already
    longer than its new length ends at once). If the new structure has fewer periods than the one
    being played, the clock goes to the start of its last period. Run or pause is kept.
    """
    current = advance(old, clock, now)
    if current.period >= len(new.periods):
        return replace(current, period=len(new.periods) - 1,
                       remaining=period_seconds(new, len(new.periods) - 1))
    played = period_seconds(old, current.period) - current.remaining
    remaining = period_seconds(new, current.period) - played
    return replace(current, remaining=min(float(MAX_SECONDS), max(0.0, remaining)))


def warning_between(
    before: ClockReading, after: ClockReading, seconds: float = WARNING_SECONDS
) -> Warning | None:
    """The warning due between two readings of a running clock, if any.

    "change": the clock moved to another period (a level or break ended, or the TD moved it) or the
    last one ran out. "one-minute": the time left in the same period crossed `seconds`. A paused or
    stopped clock warns of nothing, so a TD moving a paused clock does not ring the room.
    """
    if not after.running:
        return None
    if after.period != before.period or (before.remaining > 0 >= after.remaining):
        return "change"
    if before.remaining > seconds >= after.remaining:
        return "one-minute"
    return None


def _require_started(clock: ClockAnchor) -> None:
    if not clock.started:
        raise TdError("the clock has not been started (use clock start)")


def parse_duration(text: str) -> int:
    """`MM:SS` or `H:MM:SS` to seconds; anything else is a one-line error.

    >>> parse_duration("12:30"), parse_duration("1:05:00")
    (750, 3900)
    """
    parts = text.strip().split(":")
    if len(parts) not in (2, 3) or not all(part.isdigit() for part in parts):
        raise InvalidInput("time {text!r} is not MM:SS or H:MM:SS", text=text)
    numbers = [int(part) for part in parts]
    if any(number >= 60 for number in numbers[1:]):
        raise InvalidInput(
            "time {text!r}: seconds and minutes after the first field must be < 60", text=text,
        )
    seconds = 0
    for number in numbers:
        seconds = seconds * 60 + number
    if seconds > MAX_SECONDS:
        raise InvalidInput("time {text!r} is longer than 99:59:59", text=text)
    return seconds

"""The tournament clock, computed from its last anchor and an injected `now` (T-LEVEL-1).

The clock is stored as: the period being played, the seconds left in it at an anchor time, and whether
it runs. Everything shown is computed from that and `now`, so a running clock shows the right time after
the process is killed and restarted: nothing ticks in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from tdconsole.domain.clock.games import Game
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
    """The length of a period (a level or a break) in seconds.

    >>> from tdconsole.domain.examples import STRUCTURE
    >>> period_seconds(STRUCTURE, 0), period_seconds(STRUCTURE, 2)
    (1200.0, 600.0)
    """
    return float(structure.periods[period].minutes * 60)


def advance(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    """The clock at `now`, re-anchored: levels that ran out since the anchor have passed.

    Nothing ticks: the clock at any moment is its anchor plus the time since. Twenty-five minutes in,
    the first twenty-minute level has passed:

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))
    >>> later = advance(STRUCTURE, clock, at(25 * 60))
    >>> later.period, later.remaining
    (1, 900.0)
    """
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
    """The clock as the room sees it: level 2, five minutes to go, then the add-on break.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))
    >>> reading = read(STRUCTURE, clock, at(35 * 60))
    >>> reading.level_number, reading.remaining, reading.on_break, reading.seconds_to_break
    (2, 300.0, False, 300.0)
    >>> reading = read(STRUCTURE, clock, at(100 * 60))  # the last level plays on at 0:00
    >>> reading.level_number, reading.remaining, reading.finished_structure
    (3, 0.0, True)
    """
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


def game_at(structure: Structure, clock: ClockAnchor, tournament_game: str, now: datetime) -> Game | None:
    """The game of the level played at `now` (the next one during a break), or the tournament's
    when its text names one (RP-18): what the rulings wizard and the frozen button (11B) go by.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))
    >>> game_at(STRUCTURE, clock, "PLO", at(0)).key
    'plo'
    """
    return read(structure, clock, now).level.game_or(tournament_game)


def start(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    """The clock runs from `now`, once: after a pause it resumes.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))
    >>> clock.started, clock.running
    (True, True)
    >>> start(STRUCTURE, clock, at(60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: the clock has already been started (use resume)
    """
    if clock.started:
        raise TdError("the clock has already been started (use resume)")
    # A level chosen or a time set before the start is kept.
    return replace(clock, started=True, anchor=now)


def pause(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    """Stop a running clock; a paused clock keeps the time it had left.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = pause(STRUCTURE, start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0)), at(300))
    >>> clock.running, clock.remaining, read(STRUCTURE, clock, at(3_000)).remaining
    (False, 900.0, 900.0)
    >>> pause(STRUCTURE, clock, at(400))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: the clock is already paused
    """
    _require_started(clock)
    if not clock.running:
        raise TdError("the clock is already paused")
    return replace(advance(structure, clock, now), anchor=None)


def resume(structure: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    """Run a paused clock again from `now` with the time it had left.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = pause(STRUCTURE, start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0)), at(300))
    >>> clock = resume(STRUCTURE, clock, at(3_000))
    >>> read(STRUCTURE, clock, at(3_060)).remaining
    840.0
    """
    _require_started(clock)
    if clock.running:
        raise TdError("the clock is already running")
    return replace(clock, anchor=now)


def jump(structure: Structure, clock: ClockAnchor, now: datetime, period: int) -> ClockAnchor:
    """Go to the start of `period` (next, previous or any level or break), keeping run/pause.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = jump(STRUCTURE, start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0)), at(60), 2)
    >>> clock.period, clock.remaining, clock.running
    (2, 600.0, True)
    >>> jump(STRUCTURE, clock, at(60), 4)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: there is no period 5; the structure has 4
    """
    if not 0 <= period < len(structure.periods):
        raise InvalidInput(
            "there is no period {value}; the structure has {count}", value=period + 1,
            count=len(structure.periods),
        )
    current = advance(structure, clock, now)
    return replace(current, period=period, remaining=period_seconds(structure, period))


def step(structure: Structure, clock: ClockAnchor, now: datetime, by: int) -> ClockAnchor:
    """Next (+1) or previous (-1) level or break.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = step(STRUCTURE, start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0)), at(60), 1)
    >>> clock.period, clock.remaining
    (1, 1200.0)
    >>> step(STRUCTURE, jump(STRUCTURE, clock, at(60), 3), at(60), 1)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: this is the last level of the structure
    """
    target = advance(structure, clock, now).period + by
    if target >= len(structure.periods):
        raise TdError("this is the last level of the structure")
    if target < 0:
        raise TdError("this is the first level of the structure")
    return jump(structure, clock, now, target)


def set_remaining(
    structure: Structure, clock: ClockAnchor, now: datetime, seconds: float
) -> ClockAnchor:
    """The TD sets the time left, up to 99:59:59.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))
    >>> clock = set_remaining(STRUCTURE, clock, at(60), 90)
    >>> read(STRUCTURE, clock, at(120)).remaining
    30.0
    >>> set_remaining(STRUCTURE, clock, at(60), 100 * 3600)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the time left must be between 0:00 and 99:59:59
    """
    if not 0 <= seconds <= MAX_SECONDS:
        raise InvalidInput("the time left must be between 0:00 and 99:59:59")
    return replace(advance(structure, clock, now), remaining=float(seconds))


def go_to_level(structure: Structure, clock: ClockAnchor, now: datetime, level: int) -> ClockAnchor:
    """The start of level `level` (1-based), keeping run/pause.

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = go_to_level(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0), 3)
    >>> clock.period, clock.started  # the add-on break is period 2: level 3 is period 3
    (3, False)
    """
    return jump(structure, clock, now, structure.period_of_level(level))


def rebase(old: Structure, new: Structure, clock: ClockAnchor, now: datetime) -> ClockAnchor:
    """The clock carried onto a new structure (T-LEVEL-1: the TD changes it, fairly, at any time).

    It stays in the same period, and the time already played in that period is kept: a level made
    longer gains the difference, one made shorter loses it (never below 0:00, so a level already
    longer than its new length ends at once). If the new structure has fewer periods than the one
    being played, the clock goes to the start of its last period. Run or pause is kept.

    Ten minutes into a twenty-minute level, the TD makes the levels fifteen minutes: five are left.

    >>> from tdconsole.domain.clock.structure import Level, Structure
    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> faster = Structure(name="faster", starting_stack=10_000, periods=[
    ...     Level(small_blind=100, big_blind=200, minutes=15),
    ...     Level(small_blind=200, big_blind=400, minutes=15)])
    >>> clock = start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))
    >>> rebase(STRUCTURE, faster, clock, at(600)).remaining
    300.0
    >>> moved = rebase(STRUCTURE, faster, jump(STRUCTURE, clock, at(0), 3), at(600))
    >>> moved.period, moved.remaining  # level 3 is gone: the last level, from its start
    (1, 900.0)
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

    >>> from tdconsole.domain.examples import STRUCTURE, at
    >>> clock = start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))
    >>> def seen(second: int) -> ClockReading:
    ...     return read(STRUCTURE, clock, at(second))
    >>> warning_between(seen(1_130), seen(1_150)), warning_between(seen(1_190), seen(1_210))
    ('one-minute', 'change')
    >>> warning_between(seen(100), seen(200)) is None
    True
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

"""When the night's milestones come, from its own bust rate: the money bubble, the final table, the
end, and the entries when late registration closes.

The model, stated so it can be tested and argued with:

* Busts come at ``k * T * BB * N / C`` a minute of play: ``T`` tables playing (``N`` over the
  seats a table, one at least), ``N`` players left, ``C`` chips in play, ``BB`` the level's big
  blind. Hands are dealt per table, and each hand's risk grows with the blinds against the
  average stack (``C / N``): blinds that double double the rate, a field that halves quarters it
  while it fills several tables, and halves it at the last one.
* ``k`` is measured on the night itself: the busts of each level over its exposure (the integral
  of ``T * BB * N / C`` over the level's minutes), each level weighing half as much as the next, so
  the recent levels count most. Late registration's entries are measured the same way, a minute.
* Forward, minute by minute through the structure (a break takes time and busts nobody; the last
  level plays on past the structure's end), ``N`` falls, and rises by the entry rate until late
  registration closes (T-REG-1), until it reaches the paid places, the final table and one.
* The range is the same walk with ``k`` one standard error either side: ``k * (1 +- 1/sqrt(b))``
  for ``b`` weighted busts (a Poisson count's relative error), the entry rate likewise.

Play time is the clock's: a pause stops it, so a milestone is so many minutes of the clock away,
and a time of day only while the clock runs. Nothing is forecast before `MIN_BUSTS` busts.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from itertools import accumulate

from tdconsole.domain.clock.structure import Level, Structure
from tdconsole.domain.errors import TdError
from tdconsole.domain.seating import shootout
from tdconsole.domain.state import Night, TournamentState

# Fewer busts than this say too little about the night's rate.
MIN_BUSTS = 5
# The walk's step and how far it looks (a day of play).
STEP_SECONDS = 60.0
HORIZON_SECONDS = 24 * 3600.0


@dataclass(frozen=True, slots=True)
class Milestone:
    """A milestone `minutes` of the clock from now (breaks included), in level `level`, and its range."""

    minutes: int
    level: int
    earliest: int
    latest: int
    earliest_level: int
    latest_level: int


@dataclass(frozen=True, slots=True)
class Forecast:
    busts_seen: int
    bubble: Milestone | None  # None: passed, nothing paid, or too little seen
    final_table: Milestone | None
    end: Milestone | None
    # Entries when late registration closes: expected, low, high (None: closed or no closing level).
    entries_at_close: tuple[int, int, int] | None
    # Why there is no forecast ("" when there is one).
    reason: str = ""


@dataclass(frozen=True, slots=True)
class _Clockwork:
    """The structure as positions: each period's start and length in seconds of the clock."""

    structure: Structure
    starts: list[float]
    lengths: list[float]

    @classmethod
    def of(cls, structure: Structure) -> _Clockwork:
        lengths = [period.minutes * 60.0 for period in structure.periods]
        return cls(structure, [0.0, *accumulate(lengths)][:-1], lengths)

    def position(self, period: int, remaining: float) -> float:
        """Seconds of the clock since the start, `remaining` seconds left in `period`; past the
        last period's end a negative `remaining` plays on (the last level runs on at 0:00)."""
        while remaining < 0 and period < len(self.lengths) - 1:
            period += 1
            remaining += self.lengths[period]
        return self.starts[period] + self.lengths[period] - remaining

    def period_at(self, position: float) -> int:
        return max(0, bisect_right(self.starts, position) - 1)

    def big_blind(self, period: int) -> int:
        """The big blind played in `period`; 0 on a break (nobody busts)."""
        here = self.structure.periods[period]
        return here.big_blind if isinstance(here, Level) else 0


def _clock_position(work: _Clockwork, night: Night, stamp: float) -> float | None:
    """Where the clock stood at `stamp` (POSIX seconds), from its last change before it; None
    before it started."""
    index = bisect_right(night.clock, (stamp, math.inf, math.inf, True)) - 1
    if index < 0:
        return None
    anchor, period, remaining, running = night.clock[index]
    return work.position(period, remaining - (stamp - anchor if running else 0.0))


@dataclass(slots=True)
class _Rates:
    bust_rate: float  # k
    busts: float  # weighted
    entry_rate: float  # entries a minute of late registration
    entries: float  # weighted
    busts_seen: int


def _pressure(big_blind: int, players: float, seats: int, chips: float) -> float:
    """``T * BB * N / C`` of the model: the busts a minute for k = 1."""
    return max(1.0, players / seats) * big_blind * players / chips


def _measure(work: _Clockwork, state: TournamentState, now_position: float, chips: int) -> _Rates:
    night = state.night
    # Registrations before the start are the field, not a rate: only changes on a started clock
    # count, measured from the field as the clock started.
    clocked: list[tuple[float, int]] = []
    if night.opened and night.clock:
        _anchor, period, remaining, _running = night.clock[0]
        clocked.append((work.position(period, remaining), night.left[night.opened - 1]))
    for stamp, left in zip(night.times[night.opened:], night.left[night.opened:], strict=True):
        clocked.append((_clock_position(work, night, stamp) or 0.0, left))
    positions = [position for position, _ in clocked]
    lefts = [left for _, left in clocked]
    current = work.period_at(now_position)
    busts: dict[int, int] = {}
    entries: dict[int, int] = {}
    exposure: dict[int, float] = {}
    minutes: dict[int, float] = {}
    for i in range(1, len(positions)):
        change = lefts[i] - lefts[i - 1]
        tally = busts if change < 0 else entries
        period = work.period_at(positions[i])
        tally[period] = tally.get(period, 0) + abs(change)
    ends = [*positions[1:], now_position][:len(positions)]
    for start, end, left in zip(positions, ends, lefts, strict=True):
        while start < end:
            period = work.period_at(start)
            last = period == len(work.starts) - 1
            stop = end if last else min(end, work.starts[period] + work.lengths[period])
            span = (stop - start) / 60.0
            minutes[period] = minutes.get(period, 0.0) + span
            exposure[period] = exposure.get(period, 0.0) + _pressure(
                work.big_blind(period), left, state.info.seats_per_table, chips) * span
            start = stop

    def weight(period: int) -> float:
        # Levels count; breaks between them do not age what came before.
        levels_since = sum(1 for p in range(period + 1, current + 1) if work.big_blind(p))
        return 0.5 ** levels_since

    weighted_busts = sum(weight(p) * n for p, n in busts.items())
    weighted_exposure = sum(weight(p) * x for p, x in exposure.items())
    weighted_entries = sum(weight(p) * n for p, n in entries.items())
    weighted_minutes = sum(weight(p) * m for p, m in minutes.items() if work.big_blind(p))
    return _Rates(
        bust_rate=weighted_busts / weighted_exposure if weighted_exposure else 0.0,
        busts=weighted_busts,
        entry_rate=weighted_entries / weighted_minutes if weighted_minutes else 0.0,
        entries=weighted_entries,
        busts_seen=sum(busts.values()),
    )


@dataclass(frozen=True, slots=True)
class _Walk:
    reached: dict[int, float]  # players left -> the position where the field got there
    entries_at_close: float | None


def _walk(work: _Clockwork, state: TournamentState, start: float, chips: int, targets: list[int],
          bust_rate: float, entry_rate: float) -> _Walk:
    last_open = state.info.late_reg_level
    players = float(state.players_left)
    entries = float(state.entries)
    stack = state.info.starting_stack
    seats = state.info.seats_per_table
    reached: dict[int, float] = {}
    closed_at: float | None = None
    position = start
    total = float(chips)
    while position < start + HORIZON_SECONDS and len(reached) < len(targets):
        period = work.period_at(position)
        open_now = last_open is not None and work.structure.shown_level(period) <= last_open
        if open_now:
            players += entry_rate
            entries += entry_rate
            total += entry_rate * stack
        elif closed_at is None:
            closed_at = entries
        players -= bust_rate * _pressure(work.big_blind(period), players, seats, total) * STEP_SECONDS / 60.0
        position += STEP_SECONDS
        for target in targets:
            if target not in reached and players < target + 0.5:
                reached[target] = position
    if last_open is not None and closed_at is None:
        closed_at = entries
    return _Walk(reached, closed_at)


def forecast(state: TournamentState, now: datetime, *, paid: int, chips: int) -> Forecast:
    """The milestones of the night at `now`: `paid` places are paid, `chips` are in play.

    >>> from tdconsole.domain.commands import Bust, ClockStart
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament(*(f"P{n}" for n in range(27)), tables=3)
    >>> _ = t.do(ClockStart())
    >>> forecast(t.state, at(60), paid=3, chips=270_000).reason
    'too few busts yet: 0 of 5'
    >>> for minute in range(1, 9):
    ...     _ = t.do(Bust(names=[f"P{minute}"]), seconds=minute * 150)
    >>> f = forecast(t.state, at(20 * 60), paid=3, chips=270_000)
    >>> f.busts_seen, f.bubble.earliest <= f.bubble.minutes <= f.bubble.latest
    (8, True)
    >>> f.final_table.minutes < f.bubble.minutes < f.end.minutes  # 19 left: 9 at the final, 3 paid
    True
    >>> f.end.level  # the structure's last level plays on past its end
    3
    """
    if not state.clock.started or state.players_left <= 1 or chips <= 0:
        return Forecast(0, None, None, None, None, reason="not started" if not state.clock.started else "")
    work = _Clockwork.of(state.info.structure)
    stamp = now.timestamp()
    night = state.night
    now_position = _clock_position(work, night, stamp) or 0.0
    rates = _measure(work, state, now_position, chips)
    if rates.busts_seen < MIN_BUSTS or rates.bust_rate <= 0:
        return Forecast(rates.busts_seen, None, None, None, None,
                        reason=f"too few busts yet: {rates.busts_seen} of {MIN_BUSTS}")
    left = state.players_left
    seats = state.info.seats_per_table
    with suppress(TdError):  # (settings that plan no rounds: forecast as any other night)
        if rounds := shootout.rounds(state):
            # T-SHOOT-1..4: a shootout's final table is its last round's, and it has no bubble.
            seats, paid = rounds[-1].players, 0
    targets = [n for n in (paid, seats, 1) if 0 < n < left]
    spread = 1 / math.sqrt(max(rates.busts, 1.0))
    entry_spread = 1 / math.sqrt(max(rates.entries, 1.0))
    expected = _walk(work, state, now_position, chips, targets, rates.bust_rate, rates.entry_rate)
    early = _walk(work, state, now_position, chips, targets, rates.bust_rate * (1 + spread),
                  rates.entry_rate * max(0.0, 1 - entry_spread))
    late = _walk(work, state, now_position, chips, targets, rates.bust_rate * max(0.25, 1 - spread),
                 rates.entry_rate * (1 + entry_spread))

    def milestone(target: int) -> Milestone | None:
        if target not in expected.reached:
            return None
        beyond = now_position + HORIZON_SECONDS  # a range past the horizon ends at it
        positions = [walk.reached.get(target, beyond) for walk in (expected, early, late)]
        minutes = [round((p - now_position) / 60) for p in positions]
        levels = [work.structure.shown_level(work.period_at(p)) for p in positions]
        return Milestone(minutes[0], levels[0], minutes[1], minutes[2], levels[1], levels[2])

    closing = None
    if expected.entries_at_close is not None and state.info.late_reg_level is not None:
        values = [round(w.entries_at_close or state.entries) for w in (expected, early, late)]
        closing = (values[0], values[1], values[2])
    return Forecast(
        busts_seen=rates.busts_seen,
        bubble=milestone(paid) if 0 < paid < left else None,
        final_table=milestone(seats) if seats < left else None,
        end=milestone(1),
        entries_at_close=closing,
    )

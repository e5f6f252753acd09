"""A night of poker played out by chance, for replaying the forecast (bench_forecast, and
tests/domain/test_forecast.py): its busts come from hands dealt between stacks, not from the
forecast's model, so the forecast is measured against a night it did not make.

Each table plays a hand every two minutes of a level (none on a break): the blinds and the big
blind's ante go to a player at random, and now and then the table's shortest stack moves in
against another player (often when short, seldom when deep), a coin flip: the loser of a covered
all-in is out. Tables are redrawn every minute, nine at most. Busts are logged through the domain
as the TD would log them, at the second they happen.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from random import Random

from tdconsole.domain.clock.forecast import Forecast, forecast
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.commands import Bust, ClockStart
from tdconsole.domain.examples import at, tournament

STACK = 20_000
BIG_BLINDS = [200, 300, 400, 600, 800, 1000, 1200, 1600, 2000, 2500, 3000, 4000, 5000, 6000, 8000,
              10_000, 12_000, 16_000, 20_000, 25_000, 30_000, 40_000, 50_000, 60_000, 80_000, 100_000]


def structure(minutes: int = 20) -> Structure:
    """Levels of `minutes` with a big-blind ante, a 10-minute break after every fourth."""
    periods: list[Level | Break] = []
    for number, big in enumerate(BIG_BLINDS, start=1):
        periods.append(Level(small_blind=big // 2, big_blind=big, ante=big, minutes=minutes))
        if number % 4 == 0:
            periods.append(Break(minutes=10))
    return Structure(name="night", starting_stack=STACK, periods=periods)


@dataclass
class Night:
    """A night played out: when the field reached each size (minutes from the start), and what
    the forecast said at each hour."""

    players: int
    paid: int
    reached: dict[int, float] = field(default_factory=dict)  # players left -> minute
    said: dict[int, Forecast] = field(default_factory=dict)  # hour -> the forecast then
    seconds: list[float] = field(default_factory=list)  # what each of those forecasts took


def play(players: int, seed: int, minutes: int = 20) -> Night:
    rng = Random(seed)
    shape = structure(minutes)
    night = Night(players, paid=max(1, round(players * 0.15)))
    names = [f"P{n:04}" for n in range(players)]
    t = tournament(*names, tables=-(-players // 9), buy_in=100, structure=shape)
    t.do(ClockStart())
    stacks = dict.fromkeys(names, STACK)
    chips = players * STACK
    minute = 0
    for left in range(players, 0, -1):
        night.reached.setdefault(left, 0.0)
    while len(stacks) > 1 and minute < 24 * 60:
        minute += 1
        if minute % 60 == 0:
            started = time.perf_counter()
            night.said[minute // 60] = forecast(t.state, at(minute * 60), paid=night.paid, chips=chips)
            night.seconds.append(time.perf_counter() - started)
        period = shape.periods[_period(shape, minute)]
        if not isinstance(period, Level) or minute % 2:
            continue
        alive = list(stacks)
        rng.shuffle(alive)
        tables = [alive[i:i + 9] for i in range(0, len(alive), 9)]
        busted: list[str] = []
        for seats in tables:
            if len(seats) < 2:
                continue
            for payer, amount in ((seats[0], period.small_blind), (seats[1], period.big_blind + period.ante)):
                paid = min(amount, stacks[payer])
                stacks[payer] -= paid
                stacks[rng.choice(seats)] += paid
            short = min(seats, key=lambda name: stacks[name])
            in_big_blinds = stacks[short] / period.big_blind
            chance = 0.6 if in_big_blinds < 10 else 0.2 if in_big_blinds < 25 else 0.06
            if stacks[short] == 0 or rng.random() < chance:
                caller = rng.choice([name for name in seats if name != short])
                at_risk = min(stacks[short], stacks[caller])
                loser, winner = (short, caller) if rng.random() < 0.5 else (caller, short)
                stacks[loser] -= at_risk
                stacks[winner] += at_risk
                if stacks[loser] == 0:
                    busted.append(loser)
        for name in busted:
            del stacks[name]
            t.do(Bust(names=[name]), seconds=minute * 60.0)
            night.reached[len(stacks)] = minute
    return night


def _period(shape: Structure, minute: int) -> int:
    elapsed = 0
    for index, period in enumerate(shape.periods):
        elapsed += period.minutes
        if minute < elapsed:
            return index
    return len(shape.periods) - 1


def errors(night: Night, seats: int = 9) -> list[tuple[int, str, int, int, int]]:
    """(hour, milestone, forecast minutes from then, actual minutes from then, error) for every
    milestone still ahead at each hour the forecast said something."""
    rows = []
    for hour, said in sorted(night.said.items()):
        for name, milestone, target in (("bubble", said.bubble, night.paid),
                                        ("final table", said.final_table, seats), ("end", said.end, 1)):
            actual = night.reached.get(target)
            if milestone is None or actual is None or actual <= hour * 60:
                continue
            ahead = round(actual - hour * 60)
            rows.append((hour, name, milestone.minutes, ahead, milestone.minutes - ahead))
    return rows

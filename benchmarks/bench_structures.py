"""Structures, generator and chip race at festival size: figures only, no assertions.

* load and validate each shipped preset (TOML -> pydantic, every colour-up check);
* generate a festival structure (10,000 entries, 60-minute levels, 5 days of play);
* race the odd chips of a colour-up at 1,100 tables of 9 (10,000 players).

No target is set for any of them. The benchmark's own process (it starts none) prints its peak RSS.
"""

from __future__ import annotations

import random
import statistics
import time

from benchmarks import size
from benchmarks.memory import own
from tdconsole.config.structures import list_structures, load_structure
from tdconsole.domain.calculators.cards import parse_cards
from tdconsole.domain.calculators.chip_race import RaceSeat, chip_race
from tdconsole.domain.clock.structure_gen import generate_structure

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
REPEATS = size(50, 1)
TABLES = size(1_100, 20)  # of 9, in the chip race


def timed(repeats: int, work: object) -> tuple[float, float]:
    """Median and worst wall time in milliseconds of `work()` over `repeats` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    for key in list_structures():
        median, worst = timed(REPEATS, lambda key=key: load_structure(key))
        print(f"load {key:<16} {len(load_structure(key).periods):>3} periods: "
              f"median {median:.2f} ms, worst {worst:.2f} ms (no target)")

    median, worst = timed(REPEATS, lambda: generate_structure(50_000, 10_000, 5 * 12 * 60, 60))
    festival = generate_structure(50_000, 10_000, 5 * 12 * 60, 60)
    print(f"generate festival ({len(festival.levels)} levels): median {median:.2f} ms, "
          f"worst {worst:.2f} ms (no target)")

    draw = random.Random(5)
    tables = []
    for _ in range(TABLES):
        seats = [RaceSeat(seat=seat, stack=100 * draw.randint(0, 400) + odd, colored_up=odd)
                 for seat in range(1, 10) for odd in [25 * draw.randint(1, 3)]]
        deck = DECK[:]
        draw.shuffle(deck)
        tables.append((seats, parse_cards(deck)))
    start = time.perf_counter()
    rescued = sum(o.rescued for seats, cards in tables
                  for o in chip_race(seats, [25], 100, cards).seats)
    elapsed = (time.perf_counter() - start) * 1000
    print(f"chip race at {TABLES:,} tables of 9: {elapsed:.0f} ms in all "
          f"({elapsed / TABLES:.2f} ms a table; no target); {rescued} players kept in by T-COLOR-1")
    print(own())


if __name__ == "__main__":
    main()

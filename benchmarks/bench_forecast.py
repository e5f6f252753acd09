"""How far the forecast of the night is off (domain/clock/forecast.py), replayed on nights played out
by chance (benchmarks/night.py): at each hour, the forecast bubble, final table and end against
when they came, in minutes; and what one forecast costs at festival size.

Not a timing assertion: figures to read. `--smoke` (CI) plays one small night.
"""

from __future__ import annotations

import statistics
import time

from benchmarks import smoke
from benchmarks.night import errors, play

NIGHTS = [(27, (1, 2, 3)), (60, (1, 2, 3, 4, 5)), (300, (1, 2, 3)), (3000, (1,))]


def main() -> None:
    nights = [(27, (1,))] if smoke() else NIGHTS
    for players, seeds in nights:
        rows = []
        cost: list[float] = []
        started = time.perf_counter()
        for seed in seeds:
            night = play(players, seed)
            rows += errors(night)
            cost += night.seconds
        print(f"{players} players, {len(seeds)} nights ({time.perf_counter() - started:.1f} s):")
        by_hour: dict[int, list[str]] = {}
        for hour, name, said, actual, error in rows:
            by_hour.setdefault(hour, []).append(f"{name} {error:+d} ({said} vs {actual})")
        for hour, cells in sorted(by_hour.items()):
            print(f"  hour {hour}: " + "; ".join(cells[:6]))
        for name in ("bubble", "final table", "end"):
            off = [abs(row[4]) for row in rows if row[1] == name]
            share = [abs(row[4]) / max(row[3], 1) for row in rows if row[1] == name]
            if off:
                print(f"  {name}: median error {statistics.median(off):.0f} min "
                      f"({statistics.median(share):.0%} of the time ahead), worst {max(off)} min, "
                      f"{len(off)} forecasts")
        print(f"  one forecast: median {statistics.median(cost) * 1000:.1f} ms, "
              f"worst {max(cost) * 1000:.1f} ms")


if __name__ == "__main__":
    main()

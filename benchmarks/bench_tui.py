"""The TD's console at festival size: 10,000 players on 1,112 nine-max tables.

The real app runs headless (Textual's `run_test`, 160 x 48) on a temporary SQLite tournament. It
first gets ready as a TD's terminal does once it is up: it reads the whole log and builds the
screens that grow with the tournament out of sight (`ServiceApp.PREPARED_MODES`); that time, in
which a key waits for one screen at most, is printed first. Then on the players screen (F2), the
tables screen (F10) and the log (F3), we time the first showing after the key, and one player
busts at a time through the service, as a key press would: the bust itself (the service: decide,
append, apply), then the refresh (the screen redrawn from the new state and the app idle again),
in wall time and in this process's CPU time (which a loaded machine inflates less). The players
busted are drawn at random (seeded), as a TD's busts come from anywhere in the list, so a bust
also moves its row. Targets: the first showing <= 300 ms, the refresh <= 100 ms at p95. Figures
only, no assertions.

Run: `make bench` or `python -m benchmarks tui`.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import size
from benchmarks.festival import drawn_festival
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import TdApp, create_app
from tdconsole.tui.screens.base import ServiceScreen

PLAYERS = size(10_000, 100)
BUSTS = size(40, 3)  # on each screen: enough for a p95 (the 2nd slowest of 40)
SIZE = (160, 48)


def festival(directory: Path) -> Service:
    store = EventStore.open(f"sqlite:///{directory / 'festival.sqlite'}")
    return drawn_festival(store, PLAYERS)


# Per screen: the busts' times, the refreshes' wall and CPU times, the first showing's (ms).
Figures = tuple[list[float], list[float], list[float], tuple[float, float]]


async def measure(service: Service) -> tuple[tuple[float, float], dict[str, Figures]]:
    """The time the app took to get ready (wall, CPU ms), and the figures of the players screen,
    the tables screen and the log."""
    app = create_app(service, poll_seconds=3600, sound=False)
    figures: dict[str, Figures] = {}
    seated = sorted(p.name for p in service.state.players.values() if p.status == "seated")
    random.Random(1).shuffle(seated)
    start, cpu = time.perf_counter(), time.process_time()
    async with app.run_test(size=SIZE) as pilot:
        await app.ready.wait()
        await pilot.pause()
        ready = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
        for key, mode in (("f2", "players"), ("f10", "tables"), ("f3", "log")):
            start, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            await pilot.pause()
            shown = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
            assert app.current_mode == mode and isinstance(app.screen, ServiceScreen)
            busts, refreshes, cpus = [], [], []
            for _ in range(BUSTS):
                name = seated.pop()
                start = time.perf_counter()
                service.execute(commands.Bust(names=[name]))
                decided, cpu = time.perf_counter(), time.process_time()
                app.redraw()
                await pilot.pause()
                done = time.perf_counter()
                busts.append((decided - start) * 1000)
                refreshes.append((done - decided) * 1000)
                cpus.append((time.process_time() - cpu) * 1000)
            figures[mode] = (busts, refreshes, cpus, shown)
    return ready, figures


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        start = time.perf_counter()
        service = festival(Path(directory))
        tables = sum(t.status == "open" for t in service.state.room.values())
        print(f"{PLAYERS:,} players on {tables:,} tables, set up in {time.perf_counter() - start:.1f} s")
        print(f"{BUSTS} busts a screen; wall ms (CPU ms). Targets: shown <= 300 ms, refresh p95 <= 100 ms")
        (ready, ready_cpu), figures = asyncio.run(measure(service))
        print(f"start-up until ready (the log read; {', '.join(TdApp.PREPARED_MODES)} built"
              f" out of sight): {ready:.0f} ({ready_cpu:.0f})")
        for mode, (busts, refreshes, cpus, (shown, shown_cpu)) in figures.items():
            print(f"{mode:8} first shown {shown:7.1f} ({shown_cpu:7.1f}); a bust: service"
                  f" {statistics.median(busts):5.1f}, refresh p50 {statistics.median(refreshes):6.1f}"
                  f" ({statistics.median(cpus):6.1f}), p95 {p95(refreshes):6.1f} ({p95(cpus):6.1f}),"
                  f" max {max(refreshes):6.1f} ({max(cpus):6.1f})")


if __name__ == "__main__":
    main()

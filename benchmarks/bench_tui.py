"""The TD's console at festival size: 10,000 players on 1,112 nine-max tables.

The real app runs headless (Textual's `run_test`, 160 x 48) on a temporary SQLite tournament. On
the players screen (F2) and the tables screen (F10), one player busts at a time through the
service, as a key press would, and we time the screen's answer: the bust itself (the service:
decide, append, apply), then the refresh (the screen redrawn from the new state and the app idle
again), in wall time and in this process's CPU time (which a loaded machine inflates less).
Target: the refresh <= 100 ms. Figures only, no assertions.

Run: `make bench` or `python -m benchmarks tui`.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import size
from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.base import ServiceScreen

PLAYERS = size(10_000, 100)
BUSTS = size(15, 2)  # on each screen
SIZE = (160, 48)


def festival(directory: Path) -> Service:
    store = EventStore.open(f"sqlite:///{directory / 'festival.sqlite'}")
    service = Service.create(store, name="Festival", structure=load_structure("club-turbo"),
                             buy_in=100, seats_per_table=9)
    service.execute(commands.Register(names=[f"Player {i:05}" for i in range(PLAYERS)]))
    service.execute(commands.Draw(seed=1))
    return service


Figures = tuple[list[float], list[float], list[float], float]


async def measure(service: Service) -> dict[str, Figures]:
    """Per screen: the busts' times, the refreshes' wall and CPU times (ms), the first showing."""
    app = create_app(service, poll_seconds=3600, sound=False)
    figures: dict[str, Figures] = {}
    seated = sorted(p.name for p in service.state.players.values() if p.status == "seated")
    async with app.run_test(size=SIZE) as pilot:
        for key, mode in (("f2", "players"), ("f10", "tables")):
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            shown = (time.perf_counter() - start) * 1000
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
    return figures


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        start = time.perf_counter()
        service = festival(Path(directory))
        tables = sum(t.status == "open" for t in service.state.room.values())
        print(f"{PLAYERS:,} players on {tables:,} tables, set up in {time.perf_counter() - start:.1f} s")
        for mode, (busts, refreshes, cpus, shown) in asyncio.run(measure(service)).items():
            print(f"{mode:8} first shown {shown:7.1f} ms; a bust: service {statistics.median(busts):6.1f} ms,"
                  f" refresh median {statistics.median(refreshes):6.1f} ms (CPU"
                  f" {statistics.median(cpus):6.1f} ms), max {max(refreshes):6.1f} ms (target <= 100 ms)")


if __name__ == "__main__":
    main()

"""Commit -> another terminal: how long after one terminal commits a bust another terminal's service
has it, on PostgreSQL, told by LISTEN/NOTIFY (store/notify.py) and, for comparison, by the poll
alone (the listener left out: every `POLL_SECONDS`, as a SQLite terminal follows); and how long
until the web's feed hands a browser the new board (which it builds first: at festival size the
board and the seat index take most of half a second, the TV's concern, not the notification's).

A throw-away PostgreSQL server (tests/pgserver.py, or $TDCONSOLE_TEST_PG) holds a festival-size
tournament (10,000 players drawn to nine-max tables). The other terminal is the real TD console,
headless (Textual's `run_test`) on its own store (its own connections, as another machine's). The
writer busts one player at a time in a thread; each is timed from the moment its append has
committed to the moment the other terminal's state has it (its change made on the event loop, which
the screen's redraw then follows: at festival size the clock screen's takes a fifth of a second or
more, bench_tui's concern, not timed here). Busts come a second and a bit apart (the bit varies, so
the poll is met at every phase). Target: p95 <= 100 ms with NOTIFY. The feed's own CPU per change
(its thread's, the store read included) is printed beside its latency: on a shared machine the wall
time varies with the load, the CPU far less; the poll and the CPU have no target. The PostgreSQL
server started here prints its processes' peak RSS (VmHWM, read every half second), and this
process (the writer, the headless terminal and the feed together, so no one terminal's) its own;
neither has a target. Figures only, no assertions.

Run: `python -m benchmarks follow`.
"""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import size, target
from benchmarks.festival import drawn_festival
from benchmarks.memory import own
from benchmarks.postgres import postgresql
from tdconsole.domain import commands
from tdconsole.domain.events import Envelope
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.service_app import POLL_SECONDS

PLAYERS = size(10_000, 60)
COMMITS = size(60, 3)  # per way of following
SETTLE_SECONDS = size(1.0, 0.0)  # between two busts, besides a part of the poll interval
LONGEST_WAIT = 10.0  # a commit not followed by then is reported as lost
TARGET_MS = 100.0  # p95, with NOTIFY
ROOT = Path(__file__).resolve().parents[1]


class TimedStore(EventStore):
    """The writer's store: remembers when each append's transaction committed."""

    committed = 0.0

    def append(self, tournament_id: int, envelopes: Sequence[Envelope], *,
               wait: float | None = None) -> None:
        super().append(tournament_id, envelopes, wait=wait)
        self.committed = time.perf_counter()


def festival(url: str) -> Service:
    store = TimedStore.open(url)
    return drawn_festival(store, PLAYERS)


async def follow(td: Service, url: str, *, notify: bool, seated: list[str]) -> list[float]:
    """Milliseconds from each bust's commit to the other terminal having it."""
    store = EventStore.open(url, migrate=False)
    if not notify:
        store.listen = lambda on_commit: None  # type: ignore[method-assign]
    app = create_app(Service(store, td.tournament_id, actor="floor"), sound=False)
    gaps = random.Random(7)
    latencies: list[float] = []
    async with app.run_test(size=(160, 48)):
        # When each change reaches the state, stamped on the loop as it is made (this coroutine
        # shares the loop with the screen, so looking afterwards would time the redraw as well).
        applied: list[tuple[int, float]] = []
        make_change = app.service.run_change

        def stamped(change: Callable[[], None]) -> None:
            def then_stamp() -> None:
                change()
                applied.append((app.service.state.last_seq, time.perf_counter()))
            make_change(then_stamp)

        app.service.run_change = stamped
        listener = app._listener
        while listener is not None and not listener.connected.is_set():
            await asyncio.sleep(0.01)
        for _ in range(COMMITS):
            await asyncio.sleep(SETTLE_SECONDS + gaps.uniform(0.0, POLL_SECONDS))
            await asyncio.to_thread(td.execute, commands.Bust(names=[seated.pop()]))
            assert isinstance(td.store, TimedStore)
            wanted, committed = td.state.last_seq, td.store.committed
            while app.service.state.last_seq < wanted and time.perf_counter() - committed < LONGEST_WAIT:
                await asyncio.sleep(0.001)
            had = next((moment for seq, moment in applied if seq >= wanted), time.perf_counter())
            latencies.append((had - committed) * 1000)
    store.close()
    return sorted(latencies)


async def feed(td: Service, url: str, *, seated: list[str]) -> tuple[list[float], list[float]]:
    """Milliseconds from each bust's commit to the web's feed handing the new board to a browser,
    and the CPU milliseconds the feed's thread spent reading the change and making its message."""
    from tdconsole.web.feed import ChangeFeed, Message

    store = EventStore.open(url, migrate=False)
    board = ChangeFeed(Service(store, td.tournament_id, role="display"), render=lambda document: "")
    board.refresh_now()
    before = board.service.state.last_seq
    cpu: dict[int, float] = {}  # the first message of each seq after `before`: the one its change made
    check = board._check

    def timed(force: bool, look: bool = True) -> Message | None:
        start = time.thread_time()
        message = check(force, look)
        if message is not None:
            cpu.setdefault(board.service.state.last_seq, (time.thread_time() - start) * 1000)
        return message

    board._check = timed  # type: ignore[method-assign]
    gc.freeze()  # as `serve` does once the log is loaded (web/server.py)
    poller = asyncio.create_task(board.run())
    browser = board.stream()
    gaps = random.Random(7)
    latencies: list[float] = []
    try:
        await browser.__anext__()  # "retry"
        while board.listener is None or not board.listener.connected.is_set():
            await asyncio.sleep(0.01)
        for _ in range(COMMITS):
            await asyncio.sleep(SETTLE_SECONDS + gaps.uniform(0.0, POLL_SECONDS))
            await asyncio.to_thread(td.execute, commands.Bust(names=[seated.pop()]))
            assert isinstance(td.store, TimedStore)
            wanted, committed = f"id: {td.state.last_seq}\n".encode(), td.store.committed
            while not (await asyncio.wait_for(browser.__anext__(), LONGEST_WAIT)).startswith(wanted):
                pass
            latencies.append((time.perf_counter() - committed) * 1000)
    finally:
        poller.cancel()
        store.close()
    return sorted(latencies), sorted(cpu_ms for seq, cpu_ms in cpu.items() if seq > before)


def _figures(way: str, latencies: list[float], targeted: bool) -> None:
    p50 = statistics.median(latencies)
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))]
    print(f"  {way:30}: p50 {p50:6.1f} ms, p95 {p95:6.1f} ms, max {latencies[-1]:6.1f} ms"
          f"  ({target(p95, TARGET_MS, 'ms') + ' at p95' if targeted else 'no target'})")


def main() -> None:
    with postgresql() as url:
        if url is None:
            print("PostgreSQL binaries not found: nothing measured (scripts/test-deps.sh installs them)")
            return
        start = time.perf_counter()
        td = festival(url)
        print(f"{PLAYERS:,} players drawn on PostgreSQL in {time.perf_counter() - start:.1f} s; "
              f"{COMMITS} busts per way, each from its commit to another terminal having it")
        seated = sorted(p.name for p in td.state.players.values() if p.status == "seated")
        for notify in (True, False):
            latencies = asyncio.run(follow(td, url, notify=notify, seated=seated))
            _figures(f"TUI, {'LISTEN/NOTIFY' if notify else f'poll every {POLL_SECONDS:g} s'}",
                     latencies, notify)
        latencies, cpu = asyncio.run(feed(td, url, seated=seated))
        _figures("web feed (SSE), LISTEN/NOTIFY", latencies, True)
        _figures("  its CPU per change (thread)", cpu, False)
        td.store.close()
        print(own(what="  this process (the writer, the headless terminal, the feed)"))


if __name__ == "__main__":
    main()

"""`tdconsole serve` under a festival's load: 1,000 TVs and phones on the change stream while the TD writes.

The real server runs as a process on 127.0.0.1 with a festival-size tournament (10,000 players drawn
at 1,112 tables, clock running) in a temporary SQLite file. 1,000 clients (`--clients`, or
TDCONSOLE_BENCH_WEB_CLIENTS) hold `GET /api/events` open, taking gzip as browsers do; another
process' writer (this one, through the service, as any terminal would) runs one command a second
(pause and resume in turn) for `seconds` (60 by default; `python -m benchmarks.bench_web --seconds
10`, or TDCONSOLE_BENCH_WEB_SECONDS). For each command: the time from its commit to the moment the
last of the clients has the board with its sequence number; p50/p95/max over the commands. The
clients share this one process (and the machine's cores with the server): the last one reads its
message after all the others, so the figure includes their reading too. The server's CPU (% of one
core over the run) and its peak RSS come from psutil. Targets (issue): p95 <= 1 s, RSS <= 250 MB.
Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import psutil

from benchmarks import size
from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

CLIENTS = size(1_000, 5)
SECONDS = size(60.0, 2.0)
PLAYERS = size(10_000, 20)  # the festival: 1,112 tables of 9
ID_LINE = 32  # bytes kept from the end of one chunk: an "id:" line cut in two by the next


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _tournament(db: Path) -> None:
    store = EventStore.open(f"sqlite:///{db}")
    service = Service.create(store, name="Benchmark", buy_in=100, fee=10,
                             structure=load_structure(DEFAULT_STRUCTURE))
    service.execute(commands.Register(names=[f"Player {i:05d}" for i in range(PLAYERS)]))
    service.execute(commands.Draw(seed=1))
    service.execute(commands.ClockStart())
    store.close()


class Arrivals:
    """When each client first had each sequence number (the `id:` of the stream's messages)."""

    def __init__(self, clients: int) -> None:
        self.seen: list[dict[int, float]] = [{} for _ in range(clients)]
        self.connected = 0

    def latest_by(self, client: int, seq: int) -> float | None:
        times = [t for s, t in self.seen[client].items() if s >= seq]
        return min(times) if times else None


async def _client(base: str, index: int, arrivals: Arrivals, stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(timeout=None) as client, \
            client.stream("GET", f"{base}/api/events") as stream:
        arrivals.connected += 1
        # The stream's bytes (gzip undone, as a browser's) searched for its messages' "id:" lines,
        # not decoded into text and split into lines: at 1,000 clients in this one process that
        # would time this process rather than the server (a TV parses its own stream).
        seen, tail = arrivals.seen[index], b""
        async for chunk in stream.aiter_bytes():
            moment, data, start = time.monotonic(), tail + chunk, 0
            while (at := data.find(b"\nid: ", start)) != -1 and (end := data.find(b"\n", at + 5)) != -1:
                seen.setdefault(int(data[at + 5:end]), moment)
                start = end
            tail = data[max(start, len(data) - ID_LINE):]
            if stop.is_set():
                return


def _writer(db: Path, seconds: float, commits: list[tuple[int, float]], done: threading.Event) -> None:
    store = EventStore.open(f"sqlite:///{db}")
    service = Service(store, actor="bench")
    start = time.monotonic()
    tick = 0
    while (wait := start + tick + 1 - time.monotonic()) > -1 and tick < seconds:
        time.sleep(max(0.0, wait))
        command = commands.ClockPause() if tick % 2 == 0 else commands.ClockResume()
        envelopes = service.execute(command)
        commits.append((envelopes[-1].seq, time.monotonic()))
        tick += 1
    store.close()
    done.set()


def measure(seconds: float = SECONDS, clients: int = CLIENTS) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as directory:
        db = Path(directory) / "bench.sqlite"
        _tournament(db)
        port = _free_port()
        server = subprocess.Popen([sys.executable, "-m", "tdconsole", "--db", str(db), "serve", "--port",
                                   str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        base = f"http://127.0.0.1:{port}"
        try:
            # A cold load of the festival's log on a busy machine takes a while (10 s on 2 cores).
            deadline = time.monotonic() + 120
            while True:
                try:
                    # The festival's board takes its time on a busy machine: a probe given up after
                    # 1 s would leave the server answering one abandoned probe after another.
                    httpx.get(f"{base}/api/board", timeout=30)
                    break
                except httpx.TransportError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.2)
            return asyncio.run(_run(base, db, server.pid, seconds, clients))
        finally:
            server.terminate()
            server.wait(10)


async def _run(base: str, db: Path, pid: int, seconds: float, clients: int) -> dict[str, float]:
    arrivals = Arrivals(clients)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(_client(base, i, arrivals, stop)) for i in range(clients)]
    while arrivals.connected < clients:
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)  # every client has its first board
    watched = psutil.Process(pid)
    cpu_before, started = watched.cpu_times(), time.monotonic()
    peak_rss = watched.memory_info().rss
    commits: list[tuple[int, float]] = []
    done = threading.Event()
    threading.Thread(target=_writer, args=(db, seconds, commits, done), daemon=True).start()
    while not done.is_set():
        await asyncio.sleep(0.5)
        peak_rss = max(peak_rss, watched.memory_info().rss)
    await asyncio.sleep(2.0)  # the last command's board reaches everyone
    cpu_after, elapsed = watched.cpu_times(), time.monotonic() - started
    peak_rss = max(peak_rss, watched.memory_info().rss)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies, missed = [], 0
    for seq, committed in commits:
        reached = [arrivals.latest_by(client, seq) for client in range(clients)]
        if any(t is None for t in reached):
            missed += 1
            continue
        latencies.append(max(t for t in reached if t is not None) - committed)
    used = (cpu_after.user - cpu_before.user) + (cpu_after.system - cpu_before.system)
    quantiles = (statistics.quantiles(latencies, n=20, method="inclusive") if len(latencies) >= 2
                 else [float("nan")] * 19)
    return {
        "commands": len(commits), "missed": missed, "p50": statistics.median(latencies),
        "p95": quantiles[18], "max": max(latencies), "cpu_percent": 100 * used / elapsed,
        "peak_rss_mb": peak_rss / 2**20,
    }


def main(seconds: float | None = None, clients: int | None = None) -> None:
    seconds = seconds or float(os.environ.get("TDCONSOLE_BENCH_WEB_SECONDS", SECONDS))
    clients = clients or int(os.environ.get("TDCONSOLE_BENCH_WEB_CLIENTS", CLIENTS))
    figures = measure(seconds, clients)
    print(f"tdconsole serve, {clients:,} SSE clients on loopback, {PLAYERS:,} players, one TD command a "
          f"second for {seconds:.0f} s ({figures['commands']:.0f} commands, {figures['missed']:.0f} "
          f"not seen by every client):")
    print(f"  commit -> every client: p50 {figures['p50'] * 1000:.0f} ms, "
          f"p95 {figures['p95'] * 1000:.0f} ms, max {figures['max'] * 1000:.0f} ms (target p95 <= 1000 ms)")
    print(f"  server: {figures['cpu_percent']:.1f} % of one core, peak RSS {figures['peak_rss_mb']:.0f} MB "
          f"(target <= 250 MB)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=None, help="How long the TD writes (default 60).")
    parser.add_argument("--clients", type=int, default=None, help="Browsers following (default 1,000).")
    arguments = parser.parse_args()
    main(arguments.seconds, arguments.clients)

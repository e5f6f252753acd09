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
core over the run) comes from psutil, its memory at the end (VmRSS, and its peak since it started,
VmHWM) from /proc (benchmarks/memory.py). Targets: p95 <= 1 s; RSS <= 150 MB, a terminal's at
festival size (issue 33; it was 250 MB). The clients' process (this one) prints its own peak RSS (no
target). Figures only, no assertions.
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
import zlib
from pathlib import Path

import httpx
import psutil

from benchmarks import size, target
from benchmarks.memory import TERMINAL_TARGET_MB, figure, memory_mb, own
from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

CLIENTS = size(1_000, 5)
SECONDS = size(60.0, 2.0)
PLAYERS = size(10_000, 20)  # the festival: 1,112 tables of 9
LATENCY_TARGET_MS = 1000.0  # p95, commit -> every client


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


class Follower(asyncio.Protocol):
    """One browser on `GET /api/events`, read as cheaply as it can be, since a thousand of them
    share this process (a TV reads its own stream): the response's chunks are followed without
    keeping them, and each message, once it has come whole, is read only as far as its `id:`
    line. The server sends each message as one chunk, compressed on its own when gzip is taken
    (web/feed.py, `Message`), so its first bytes inflate by themselves; a server that sends plain
    messages is read as well."""

    HEAD = 1024  # a message's first bytes kept: enough to inflate its first line

    def __init__(self, host: str, seen: dict[int, float], arrivals: Arrivals) -> None:
        self.host, self.seen, self.arrivals = host, seen, arrivals
        self.header: bytes | None = b""
        self.gzip, self.first = False, True
        self.line, self.left, self.skip, self.head = b"", 0, 0, b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.write(f"GET /api/events HTTP/1.1\r\nHost: {self.host}\r\nAccept-Encoding: gzip\r\n"
                        f"\r\n".encode())

    def data_received(self, data: bytes) -> None:
        moment, at = time.monotonic(), 0
        if self.header is not None:
            self.header += data
            if b"\r\n\r\n" not in self.header:
                return
            head, _gap, data = self.header.partition(b"\r\n\r\n")
            self.gzip = b"content-encoding: gzip" in head.lower()
            self.header = None
            self.arrivals.connected += 1
        while at < len(data):
            if self.skip:  # the CRLF after a chunk's data
                taken = min(self.skip, len(data) - at)
                self.skip -= taken
                at += taken
            elif not self.left:  # a chunk's size line
                end = data.find(b"\n", at)
                if end < 0:
                    self.line += data[at:]
                    return
                self.left, self.line, self.head = int(self.line + data[at:end], 16), b"", b""
                at = end + 1
            else:
                taken = min(self.left, len(data) - at)
                if len(self.head) < self.HEAD:
                    self.head += data[at:at + min(taken, self.HEAD - len(self.head))]
                self.left -= taken
                at += taken
                if not self.left:
                    self.skip = 2
                    self.message(moment)

    def message(self, moment: float) -> None:
        head = self.head
        if self.gzip:
            head = zlib.decompressobj(-zlib.MAX_WBITS).decompress(head[10:] if self.first else head, 64)
        self.first = False
        for line in head.split(b"\n")[:-1]:
            if line.startswith(b"id: "):
                self.seen.setdefault(int(line[4:]), moment)


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
        # The clients all come from this machine's one address, as a reverse proxy's would: the
        # per-address cap (100 connections) is not counted behind one, and would refuse most here.
        server = subprocess.Popen([sys.executable, "-m", "tdconsole", "--db", str(db), "serve", "--port",
                                   str(port), "--trust-proxy", "127.0.0.1"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
    loop = asyncio.get_running_loop()
    host, port = base.removeprefix("http://").split(":")
    followers = [await loop.create_connection(lambda i=i: Follower(host, arrivals.seen[i], arrivals),
                                              host, int(port)) for i in range(clients)]
    while arrivals.connected < clients:
        await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)  # every client has its first board
    watched = psutil.Process(pid)
    cpu_before, started = watched.cpu_times(), time.monotonic()
    commits: list[tuple[int, float]] = []
    done = threading.Event()
    threading.Thread(target=_writer, args=(db, seconds, commits, done), daemon=True).start()
    while not done.is_set():
        await asyncio.sleep(0.5)
    await asyncio.sleep(2.0)  # the last command's board reaches everyone
    cpu_after, elapsed = watched.cpu_times(), time.monotonic() - started
    rss_mb, peak_mb = memory_mb(pid)  # VmHWM: its peak since it started, the load of the log included
    for transport, _follower in followers:
        transport.close()
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
        "rss_mb": rss_mb, "peak_rss_mb": peak_mb,
    }


def main(seconds: float | None = None, clients: int | None = None) -> None:
    seconds = seconds or float(os.environ.get("TDCONSOLE_BENCH_WEB_SECONDS", SECONDS))
    clients = clients or int(os.environ.get("TDCONSOLE_BENCH_WEB_CLIENTS", CLIENTS))
    figures = measure(seconds, clients)
    print(f"tdconsole serve, {clients:,} SSE clients on loopback, {PLAYERS:,} players, one TD command a "
          f"second for {seconds:.0f} s ({figures['commands']:.0f} commands, {figures['missed']:.0f} "
          f"not seen by every client):")
    print(f"  commit -> every client: p50 {figures['p50'] * 1000:.0f} ms, "
          f"p95 {figures['p95'] * 1000:.0f} ms ({target(figures['p95'] * 1000, LATENCY_TARGET_MS, 'ms')}), "
          f"max {figures['max'] * 1000:.0f} ms")
    print(f"  server: {figures['cpu_percent']:.1f} % of one core (no target), RSS {figures['rss_mb']:.0f} MB "
          f"at the end, {figure(figures['peak_rss_mb'], TERMINAL_TARGET_MB)}")
    print(f"  {own(what='the clients and the writer (this process)')}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=None, help="How long the TD writes (default 60).")
    parser.add_argument("--clients", type=int, default=None, help="Browsers following (default 1,000).")
    arguments = parser.parse_args()
    main(arguments.seconds, arguments.clients)

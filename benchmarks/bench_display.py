"""`tdconsole display` idle on a running clock: CPU as % of one core.

The real binary runs in a pseudo-terminal (120 x 40) on a temporary SQLite tournament at festival
size (10,000 players drawn at 1,112 tables) and a running clock; after a warm-up its CPU time
(user + system, from psutil) is measured over `SECONDS`. Target: under 5 % of one core. The
display's memory then (VmRSS, and its peak VmHWM, from /proc: benchmarks/memory.py) against a
terminal's 150 MB (issue 33), and the peak RSS of each CLI command that set the tournament up (no
target) and of the benchmark's own process. Figures only, no assertions.
"""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path
from typing import NamedTuple

import psutil

from benchmarks import size, target
from benchmarks.memory import TERMINAL_TARGET_MB, figure, memory_mb, own, run

SECONDS = size(20.0, 1.0)
WARM_UP = size(4.0, 2.0)
PLAYERS = size(10_000, 20)  # the festival: 1,112 tables of 9
CPU_TARGET = 5.0  # % of one core


def _tdconsole(db: Path, *args: str) -> float | None:
    """Run one CLI command: its peak RSS in MB."""
    return run([sys.executable, "-m", "tdconsole", "--db", str(db), *args])[1]


def _drain(fd: int, counter: list[int]) -> None:
    # The terminal must be read, or the display blocks on a full pty buffer.
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            return
        if not data:
            return
        counter[0] += len(data)


class Figures(NamedTuple):
    cpu_percent: float
    drawn: int  # bytes in the measured seconds
    rss_mb: float  # the display's, at the end
    peak_mb: float
    set_up: dict[str, float | None]  # each CLI command's peak RSS


def measure(seconds: float = SECONDS) -> Figures:
    """CPU % of one core over `seconds`, the bytes drawn in that time, and the memory."""
    with tempfile.TemporaryDirectory() as directory:
        db = Path(directory) / "bench.sqlite"
        set_up = {
            "new": _tdconsole(db, "new", "Benchmark", "--structure", "club-turbo"),
            "register": _tdconsole(db, "register", *[f"Player {i}" for i in range(PLAYERS)]),
            "draw": _tdconsole(db, "draw", "--seed", "1"),
            "clock start": _tdconsole(db, "clock", "start"),
        }
        main, child = pty.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
        process = subprocess.Popen([sys.executable, "-m", "tdconsole", "--db", str(db), "display",
                                    "--no-sound"], stdin=child, stdout=child, stderr=child,
                                   env=env, close_fds=True)
        os.close(child)
        drawn = [0]
        threading.Thread(target=_drain, args=(main, drawn), daemon=True).start()
        try:
            time.sleep(WARM_UP)
            watched = psutil.Process(process.pid)
            before, drawn_before, start = watched.cpu_times(), drawn[0], time.monotonic()
            time.sleep(seconds)
            after, elapsed = watched.cpu_times(), time.monotonic() - start
            if process.poll() is not None:
                raise RuntimeError(f"tdconsole display exited early (code {process.returncode})")
            used = (after.user - before.user) + (after.system - before.system)
            rss, peak = memory_mb(process.pid)
            return Figures(100 * used / elapsed, drawn[0] - drawn_before, rss, peak, set_up)
        finally:
            process.terminate()
            process.wait(10)
            os.close(main)


def main() -> None:
    figures = measure()
    print(f"tdconsole display, running clock, {PLAYERS:,} players, 120x40 pty, {SECONDS:.0f} s: "
          f"{figures.cpu_percent:.1f} % of one core ({target(figures.cpu_percent, CPU_TARGET, '%')}); "
          f"{figures.drawn / SECONDS / 1024:.1f} KiB/s drawn (no target)")
    print(f"  the display then: RSS {figures.rss_mb:.0f} MB, "
          f"{figure(figures.peak_mb, TERMINAL_TARGET_MB)}")
    print("  the set-up's commands: "
          + "; ".join(f"{name} {figure(peak)}" for name, peak in figures.set_up.items()))
    print(own())


if __name__ == "__main__":
    main()

"""`tdconsole display` idle on a running clock: CPU as % of one core.

The real binary runs in a pseudo-terminal (120 x 40) on a temporary SQLite tournament at festival
size (10,000 players drawn at 1,112 tables) and a running clock; after a warm-up its CPU time
(user + system, from psutil) is measured over `SECONDS`. Target: under 5 % of one core. Figures
only, no assertions.
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

import psutil

from benchmarks import size

SECONDS = size(20.0, 1.0)
WARM_UP = size(4.0, 2.0)
PLAYERS = size(10_000, 20)  # the festival: 1,112 tables of 9


def _tdconsole(db: Path, *args: str) -> None:
    subprocess.run([sys.executable, "-m", "tdconsole", "--db", str(db), *args], check=True,
                   capture_output=True)


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


def measure(seconds: float = SECONDS) -> tuple[float, int]:
    """CPU % of one core over `seconds`, and the bytes drawn in that time."""
    with tempfile.TemporaryDirectory() as directory:
        db = Path(directory) / "bench.sqlite"
        _tdconsole(db, "new", "Benchmark", "--structure", "club-turbo")
        _tdconsole(db, "register", *[f"Player {i}" for i in range(PLAYERS)])
        _tdconsole(db, "draw", "--seed", "1")
        _tdconsole(db, "clock", "start")
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
            return 100 * used / elapsed, drawn[0] - drawn_before
        finally:
            process.terminate()
            process.wait(10)
            os.close(main)


def main() -> None:
    percent, drawn = measure()
    print(f"tdconsole display, running clock, {PLAYERS:,} players, 120x40 pty, {SECONDS:.0f} s: "
          f"{percent:.1f} % of one core (target < 5 %); {drawn / SECONDS / 1024:.1f} KiB/s drawn")


if __name__ == "__main__":
    main()

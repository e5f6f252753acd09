"""The resident memory of a benchmark's processes, from /proc (Linux): now (VmRSS) and at its highest
(VmHWM, which only grows). One place for every benchmark and the terminal driver.

A child's peak is read from /proc/PID/status while it runs (`Watch`, `run`): once it has ended its
memory is gone from there, and `ru_maxrss` will not do instead, since on Linux a child inherits its
parent's peak across fork and exec. A watched child's figure is therefore the last VmHWM read before
it ended, every `every` seconds (5 ms for a short command): growth in its last few milliseconds can
be missed. A Python child of the benchmark's own can print its own (`PEAK_SCRIPT`).
"""

from __future__ import annotations

import resource
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import target as verdict

# Issue 33: every terminal (the TD's TUI, the floor terminal, the display, `serve`) at festival size.
TERMINAL_TARGET_MB = 150.0

# For a `python -c` script run with the project's root as its working directory: `peak_mb()` then
# gives the script's own VmHWM.
PEAK_SCRIPT = "from benchmarks.memory import peak_mb\n"


def memory_mb(pid: int | str = "self") -> tuple[float, float]:
    """A running process's resident memory now and at its highest (VmRSS, VmHWM), in MB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if ":" in line)
    return tuple(int(fields[name].split()[0]) / 1024 for name in ("VmRSS", "VmHWM"))  # type: ignore[return-value]


def peak_mb(pid: int | str = "self") -> float:
    """A process's peak RSS (VmHWM) in MB; this process's own `ru_maxrss` where there is no /proc."""
    if sys.platform != "linux" and pid == "self":
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return memory_mb(pid)[1]


def figure(peak: float | None, target: float | None = None, label: str = "peak RSS") -> str:
    """`peak RSS 123 MB (target <= 150 MB)`, with `MISSED` past the target, or `(no target)`."""
    if peak is None:
        return f"{label} not read (the process ended before its first look)"
    return f"{label} {peak:.0f} MB ({'no target' if target is None else verdict(peak, target, 'MB')})"


def own(target: float | None = None, what: str = "this benchmark's own process") -> str:
    """A line for the end of a benchmark: its own process's peak RSS."""
    return f"{what}: {figure(peak_mb(), target)}"


class Watch:
    """A child's peak RSS, read from /proc every `every` seconds in a thread until it ends or
    `stop()`: the last VmHWM read (None if it never was)."""

    def __init__(self, pid: int, every: float = 0.005) -> None:
        self.pid, self.every = pid, every
        self.peak: float | None = None
        self._stopped = threading.Event()
        self._look()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _look(self) -> bool:
        try:
            self.peak = max(self.peak or 0.0, memory_mb(self.pid)[1])
        except (FileNotFoundError, ProcessLookupError, KeyError):  # ended: a zombie has no Vm lines
            return False
        return True

    def _run(self) -> None:
        while not self._stopped.wait(self.every) and self._look():
            pass

    def stop(self) -> float | None:
        """Stop watching (a last look first, if it still runs): its peak in MB."""
        self._look()
        self._stopped.set()
        self._thread.join()
        return self.peak


def run(argv: Sequence[str], *, check: bool = True,
        **options: Any) -> tuple[subprocess.CompletedProcess[str], float | None]:
    """`subprocess.run(argv, capture_output=True, text=True, ...)` with the process's peak RSS in MB
    (watched every 5 ms while it runs)."""
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          **options) as process:
        watch = Watch(process.pid)
        try:
            out, err = process.communicate()
        finally:
            peak = watch.stop()
    done = subprocess.CompletedProcess(process.args, process.returncode, out, err)
    if check:
        done.check_returncode()
    return done, peak


class TreeWatch:
    """A server's processes (one it forks a process per connection from, as PostgreSQL's postmaster
    does), each one's peak RSS read every `every` seconds in a thread until `stop()`: a process that
    lives less long than that may go unseen."""

    def __init__(self, pid: int, every: float = 0.5) -> None:
        import psutil

        self.root = psutil.Process(pid)
        self.name = self.root.name()
        self.peaks: dict[int, float] = {}
        self.every = every
        self._stopped = threading.Event()
        self._look()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _look(self) -> None:
        import psutil

        try:
            processes = [self.root, *self.root.children(recursive=True)]
        except psutil.Error:
            return
        for process in processes:
            try:
                self.peaks[process.pid] = max(self.peaks.get(process.pid, 0.0), memory_mb(process.pid)[1])
            except (OSError, KeyError):  # ended meanwhile
                continue

    def _run(self) -> None:
        while not self._stopped.wait(self.every):
            self._look()

    def stop(self) -> str:
        """Stop watching (a last look first): the peaks as a line's words."""
        self._look()
        self._stopped.set()
        self._thread.join()
        root = self.peaks.pop(self.root.pid, None)
        words = f"{self.name} peak RSS {root or 0:.0f} MB"
        if self.peaks:
            words += f", its {len(self.peaks)} other processes seen up to {max(self.peaks.values()):.0f} MB"
        return f"{words} (no target; the shared memory counts in each)"

def postgres(data: Path, every: float = 0.5) -> TreeWatch | None:
    """A watch of the PostgreSQL server a benchmark started on the data directory `data`."""
    try:
        return TreeWatch(int((data / "postmaster.pid").read_text().split()[0]), every)
    except (OSError, ValueError, IndexError):
        return None

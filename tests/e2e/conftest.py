"""What the real-terminal tests share: the binary as a user runs it, and terminals (tmux, through
benchmarks/terminal.py, the driver bench_tui uses too) closed after each test."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from benchmarks.terminal import Terminal

BINARY = Path(sys.executable).parent / "tdconsole"


def tdconsole(db: Path | str, *args: str) -> str:
    """`tdconsole --db DB ARGS` run to its end, as from another terminal: its output."""
    return subprocess.run([str(BINARY), "--db", str(db), *args], capture_output=True, text=True,
                          check=True, timeout=60).stdout


@pytest.fixture
def terminals() -> Iterator[Callable[..., Terminal]]:
    """`start(args, size)`: `tdconsole ARGS` in a terminal of its own, closed after the test (or
    another `program` with those arguments, and `environment` added)."""
    started: list[Terminal] = []

    def start(args: list[str], size: tuple[int, int], program: list[str] | None = None,
              environment: dict[str, str] | None = None) -> Terminal:
        terminal = Terminal.start([*(program or [str(BINARY)]), *args], size, environment)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        terminal.close()

"""Benchmarks: each `bench_*.py` prints figures and asserts nothing (timings depend on the machine).

`python -m benchmarks` runs them all, each in its own process; `--smoke` runs each at a small size
(`size()` below), which proves a benchmark still runs to the end without measuring anything.
"""

from __future__ import annotations

import os
from typing import TypeVar

# Set by `python -m benchmarks --smoke` for the benchmark processes it starts.
SMOKE = "TDCONSOLE_BENCH_SMOKE"

T = TypeVar("T")


def smoke() -> bool:
    """Whether this run is a smoke run (small sizes), not a measurement."""
    return os.environ.get(SMOKE, "") not in ("", "0")


def size(full: T, small: T) -> T:
    """`full` when measuring; `small` in a smoke run, where only running to the end matters."""
    return small if smoke() else full


def target(figure: float, limit: float, unit: str) -> str:
    """`target <= 15 ms` to print beside a figure, with `MISSED` when the figure is past it."""
    return f"target <= {limit:g} {unit}{'' if figure <= limit else ', MISSED'}"

"""`make bench` is not run in CI, so CI at least proves every benchmark still imports and has main()."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCHMARKS = sorted(Path(__file__).resolve().parents[1].joinpath("benchmarks").glob("bench_*.py"))


@pytest.mark.parametrize("path", BENCHMARKS, ids=[path.stem for path in BENCHMARKS])
def test_benchmark_imports(path: Path) -> None:
    module = importlib.import_module(f"benchmarks.{path.stem}")
    assert callable(module.main)

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


def test_the_torture_harness_imports_and_its_fuzzer_makes_command_lines(tmp_path: Path) -> None:
    import random

    torture = importlib.import_module("benchmarks.torture")
    assert callable(torture.main)
    cases = [torture.fuzz_case(random.Random(seed), tmp_path) for seed in range(50)]
    assert all(case["args"] and all(isinstance(arg, str) for arg in case["args"]) for case in cases)

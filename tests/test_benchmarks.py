"""Every benchmark runs to the end at its small size (`python -m benchmarks --smoke`), so a broken one
shows in `make test` rather than the day someone measures; the runner reports a failure and goes on."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import benchmarks.__main__ as runner

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.parametrize("name", runner.names())
def test_the_benchmark_runs_to_the_end_at_its_small_size(name: str) -> None:
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--smoke", name], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"benchmarks: 1 of 1 ran to the end ({name} " in done.stdout


def test_a_failing_benchmark_is_reported_and_the_others_still_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[str] = []

    def run(name: str, smoke: bool) -> tuple[int, float, float]:
        ran.append(name)
        return (1 if name == "broken" else 0), 0.5, 0.25

    monkeypatch.setattr(runner, "names", lambda: ["broken", "fine"])
    monkeypatch.setattr(runner, "run", run)
    assert runner.main(["--smoke"]) == 1
    out = capsys.readouterr().out
    assert ran == ["broken", "fine"]
    assert "!! bench_broken FAILED (exit code 1)" in out
    assert "benchmarks: 1 of 2 ran to the end; failed: broken" in out


def test_an_unknown_benchmark_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        runner.main(["no-such-bench"])
    assert refused.value.code == 2
    assert "no benchmark no-such-bench" in capsys.readouterr().err


def test_the_torture_harness_imports_and_its_fuzzer_makes_command_lines(tmp_path: Path) -> None:
    import random

    torture = importlib.import_module("benchmarks.torture")
    assert callable(torture.main)
    cases = [torture.fuzz_case(random.Random(seed), tmp_path) for seed in range(50)]
    assert all(case["args"] and all(isinstance(arg, str) for arg in case["args"]) for case in cases)

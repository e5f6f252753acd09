"""The real `tdconsole` binary as a new process on a club's tournament (1,000 players) and at
festival size (10,000 players on 1,112 tables), on SQLite.

`register` one more player, and a cold `state --json`, each paired with a baseline process that
only imports SQLAlchemy's ORM and pydantic (what any command needs anyway). Target: each within
1.3x its baseline at 1,000 players and 1.6x at 10,000, median of the paired runs: a TD's scripts
and the floor's terminals pay this on every call. The peak RSS of the command's and the baseline's
processes (VmHWM read while they run, benchmarks/memory.py; a CLI command has no memory target) and
of the benchmark's own process are printed too. Printed, never asserted (timings depend on the
machine).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import size
from benchmarks.memory import figure, own
from benchmarks.memory import run as watched
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Draw, Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

# Players -> the target ratio: a club's tournament, and the festival (1,112 tables of 9).
TARGETS = size({1_000: 1.3, 10_000: 1.6}, {20: 1.6})
PAIRS = size(15, 1)
BASELINE = [sys.executable, "-c", "import sqlalchemy.orm, pydantic"]


def binary() -> list[str]:
    """The installed console script beside this interpreter, else the same entry point via -m."""
    script = Path(sys.executable).with_name("tdconsole")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tdconsole"]


def seconds(argv: Sequence[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall time, CPU time (user + system) and peak RSS in MB of one run."""
    before, start = os.times(), time.perf_counter()
    done, peak = watched(argv, env=env, check=False)
    elapsed, after = time.perf_counter() - start, os.times()
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return elapsed, cpu, peak or 0.0


def paired(label: str, make: Callable[[int], Sequence[str]], env: dict[str, str], target: float) -> None:
    """Run the command and the baseline PAIRS times, alternating which goes first (drift)."""
    ours, base, ratios, cpu_ratios, our_peak, base_peak = [], [], [], [], 0.0, 0.0
    for run in range(PAIRS):
        if run % 2:
            b, o = seconds(BASELINE, env), seconds(make(run), env)
        else:
            o, b = seconds(make(run), env), seconds(BASELINE, env)
        ours.append(o[0])
        base.append(b[0])
        our_peak, base_peak = max(our_peak, o[2]), max(base_peak, b[2])
        ratios.append(o[0] / b[0])
        cpu_ratios.append(o[1] / b[1] if b[1] else float("nan"))
    ratio = statistics.median(ratios)
    # The CPU ratio moves less than the wall-clock one on a busy machine; the target is wall clock.
    print(f"  {label}: {statistics.median(ours) * 1000:.0f} ms, baseline "
          f"{statistics.median(base) * 1000:.0f} ms, ratio {ratio:.2f}x (median of {PAIRS} pairs; "
          f"target <= {target}x{'' if ratio <= target else ', MISSED'}); CPU time ratio "
          f"{statistics.median(cpu_ratios):.2f}x (no target)")
    print(f"    the command's {figure(our_peak)}, the baseline's {figure(base_peak)}")


def main() -> None:
    for players, target in TARGETS.items():
        measure(players, target)
    print(own())


def measure(players: int, target: float) -> None:
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'bench.sqlite'}"
        service = Service.create(EventStore.open(url), name="Bench", structure=load_structure("club-turbo"))
        service.execute(Register(names=[f"Player {i:05d}" for i in range(players)]))
        service.execute(Draw(seed=1))  # a late entry is seated at once: the full register path
        # Bytecode is cached as on any installed copy (pip compiles it; an editable install writes
        # it on first run), even where the environment turns that off; in the temp dir, not the tree.
        env = {**os.environ, "TDCONSOLE_DB": url, "PYTHONPYCACHEPREFIX": str(Path(directory) / "pyc")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        tdconsole = binary()
        print(f"{' '.join(Path(part).name for part in tdconsole)} on {players:,} seated players at "
              f"{len(service.state.room):,} tables; "
              f"baseline: python -c 'import sqlalchemy.orm, pydantic'")
        for warm_up in size((BASELINE, [*tdconsole, "state", "--json"]), ()):
            seconds(warm_up, env)
        paired("register one more", lambda run: [*tdconsole, "register", f"Late {run:02d}", "--json"], env,
               target)
        paired("cold state --json", lambda _run: [*tdconsole, "state", "--json"], env, target)


if __name__ == "__main__":
    main()

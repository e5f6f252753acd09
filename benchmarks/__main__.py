"""`make bench`: run every benchmarks/bench_*.py, each in its own process, and print its figures.

A benchmark that fails is reported and the others still run; the exit status is 1 if any failed.
`--smoke` runs each at a small size (CI does, to prove they all still run); names pick some:
`python -m benchmarks --smoke seating tui`.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from benchmarks import SMOKE

HERE = Path(__file__).resolve().parent


def names() -> list[str]:
    return [path.stem.removeprefix("bench_") for path in sorted(HERE.glob("bench_*.py"))]


def _cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(name: str, smoke: bool) -> tuple[int, float, float]:
    """Run one benchmark in a fresh process, its output going straight through: its exit code, wall
    time and CPU time (with the processes it started; a loaded machine inflates it less)."""
    env = {**os.environ, SMOKE: "1" if smoke else ""}
    start, cpu = time.perf_counter(), _cpu_of_children()
    done = subprocess.run([sys.executable, "-m", f"benchmarks.bench_{name}"], cwd=HERE.parent, env=env,
                          check=False)
    return done.returncode, time.perf_counter() - start, _cpu_of_children() - cpu


def compiled() -> None:
    """The project's bytecode brought up to date first, as an installed program has it: with
    PYTHONDONTWRITEBYTECODE set (a developer's shell, CI) every fresh process the benchmarks time
    compiled each module changed since its last .pyc again, which measured the compiler (a
    fifth of a cold `state --json`), not the program."""
    for package in ("tdconsole", "benchmarks"):
        compileall.compile_dir(HERE.parent / package, quiet=1)


def main(argv: list[str] | None = None) -> int:
    known = names()
    parser = argparse.ArgumentParser(prog="python -m benchmarks",
                                     description="Run every benchmark, each in its own process.")
    parser.add_argument("--smoke", action="store_true",
                        help="Each benchmark at a small size: proves it runs, measures nothing.")
    parser.add_argument("only", nargs="*", metavar="NAME", help=f"Some of: {', '.join(known)}.")
    args = parser.parse_args(argv)
    if unknown := [name for name in args.only if name not in known]:
        parser.error(f"no benchmark {', '.join(unknown)} (there are: {', '.join(known)})")
    compiled()
    failed: list[str] = []
    timings: list[str] = []
    for name in args.only or known:
        print(f"== bench_{name}{' (smoke)' if args.smoke else ''}", flush=True)
        code, seconds, cpu = run(name, args.smoke)
        timings.append(f"{name} {seconds:.1f} s (CPU {cpu:.1f} s)")
        if code:
            failed.append(name)
            print(f"!! bench_{name} FAILED (exit code {code})", flush=True)
        print(flush=True)
    ran = len(args.only or known)
    print(f"benchmarks: {ran - len(failed)} of {ran} ran to the end"
          f"{'; failed: ' + ', '.join(failed) if failed else ''} ({'; '.join(timings)})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

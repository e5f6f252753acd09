"""`make bench`: run every benchmarks/bench_*.py and print its figures (no timing assertions)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main() -> None:
    only = sys.argv[1:]
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        if only and path.stem.removeprefix("bench_") not in only:
            continue
        print(f"== {path.stem}", flush=True)
        importlib.import_module(f"benchmarks.{path.stem}").main()
        print(flush=True)


if __name__ == "__main__":
    main()

"""How many random cases a property or differential test tries: a fifth in `make test`, which must stay
quick, and the full count in `make test-long` (`pytest --long -m long`), which runs only the tests
marked `long`: the ones whose sample comes from here."""

from __future__ import annotations

LONG = False  # set by tests/conftest.py from `--long`
SMALLEST = 10


def examples(full: int) -> int:
    """`full` under `--long`; else a fifth of it, but at least SMALLEST (or `full` if that is less)."""
    return full if LONG else min(full, max(SMALLEST, full // 5))

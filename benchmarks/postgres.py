"""A throw-away PostgreSQL server for a benchmark (or $TDCONSOLE_TEST_PG), with the peak memory
of its processes printed when it stops."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks.memory import postgres

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def postgresql(*, on_disk: bool = False) -> Iterator[str | None]:
    """The URL of a server started for this run (None where PostgreSQL is not installed). With
    `on_disk`, durable with its files on disk, as a club's server keeps them; else as the tests
    run it (tests/pgserver.py)."""
    if url := os.environ.get("TDCONSOLE_TEST_PG"):
        yield url
        return
    sys.path.insert(0, str(ROOT))
    from tdconsole.store.scratch import find_bindir
    from tests.pgserver import PgServer

    bindir = find_bindir()
    if bindir is None:
        yield None
        return
    server = (PgServer(bindir, durable=True, on_disk=True) if on_disk else PgServer(bindir)).start()
    watch = postgres(server.data)
    try:
        yield server.url
    finally:
        if watch is not None:
            print(f"  the PostgreSQL server started for this run: {watch.stop()}")
        server.stop()

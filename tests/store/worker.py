"""A second process for the concurrency and crash tests: registers players one command at a time.

    python -m tests.store.worker URL TOURNAMENT PREFIX COUNT

prints `ack NAME` after each command is committed (the moment a screen would acknowledge it).
"""

from __future__ import annotations

import sys

from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore


def main() -> None:
    url, tournament, prefix, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    service = Service(EventStore.open(url), tournament, actor=prefix)
    for i in range(count):
        name = f"{prefix}-{i}"
        service.execute(Register(names=[name]))
        sys.stdout.write(f"ack {name}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

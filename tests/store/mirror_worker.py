"""A terminal for the mirror tests: registers players one command at a time, as fast as it can, on
a SQLite database with a mirror, and prints a line for each command done (acknowledged):

    python -m tests.store.mirror_worker DATABASE MIRROR PREFIX COUNT

    ack PREFIX7 1    # PREFIX7 registered; 1: the mirror holds it, 0: the TD was told it does not

It stops by itself after COUNT commands (the tests kill it with SIGKILL long before).
"""

from __future__ import annotations

import sys

from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore


def main() -> None:
    database, mirror, prefix, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    store = EventStore.open(f"sqlite:///{database}", mirror=mirror)
    assert store.mirror is not None
    service = Service(store, actor=prefix)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    for number in range(count):
        service.execute(Register(names=[f"{prefix}{number}"]))
        in_step = store.mirror.status().in_step
        sys.stdout.write(f"ack {prefix}{number} {int(in_step)}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

"""A terminal for the failover test (tests/store/test_failover.py), on a multi-host URL:

    python -m tests.store.failover_worker URL write PREFIX   # registers PREFIX0, PREFIX1, ... one by one
    python -m tests.store.failover_worker URL follow         # follows the log, as a display does

A writer does as a TD would: a command the database refused for want of a server is given again,
the same command, until it is done; it prints `ack NAME T` once it is done (T: time.monotonic(),
the test's recovery times), and `twice NAME` if the tournament says it was already done (a command
done twice). A follower prints `seen SEQ T` for each new last event it reads. Each prints `down`
once per outage. Each stops by itself after BURST commands or reads.
"""

from __future__ import annotations

import sys
import time

from tdconsole.domain.commands import Register
from tdconsole.domain.errors import TdError
from tdconsole.service import Service
from tdconsole.store.db import StoreError
from tdconsole.store.event_store import EventStore

BURST = 20_000
PAUSE_SECONDS = 0.02  # between two tries while no server takes writes, and between two reads


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def write(service: Service, prefix: str) -> None:
    down = False
    for number in range(BURST):
        name = f"{prefix}{number}"
        while True:
            try:
                service.execute(Register(names=[name]))
                break
            except StoreError:
                if not down:
                    say("down")
                down = True
                time.sleep(PAUSE_SECONDS)
            except TdError as error:
                if "already registered" in str(error):
                    say(f"twice {name}")
                    break
                raise
        down = False
        say(f"ack {name} {time.monotonic()}")


def follow(service: Service) -> None:
    down, last = False, service.state.last_seq
    for _ in range(BURST):
        try:
            service.refresh()
        except StoreError:
            if not down:
                say("down")
            down = True
        else:
            down = False
            if service.state.last_seq != last:
                last = service.state.last_seq
                say(f"seen {last} {time.monotonic()}")
        time.sleep(PAUSE_SECONDS)


def main() -> None:
    url, what = sys.argv[1], sys.argv[2]
    store = EventStore.open(url)
    if what == "write":
        service = Service(store, actor=sys.argv[3])
        say("ready")
        write(service, sys.argv[3])
    else:
        service = Service(store, role="display")
        say("ready")
        follow(service)


if __name__ == "__main__":
    main()

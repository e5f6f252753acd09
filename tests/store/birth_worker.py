"""A process for the first-open tests.

    python -m tests.store.birth_worker URL open        # open the database (create it if empty)
    python -m tests.store.birth_worker URL die-midway  # SIGKILL itself half-way through the schema

`die-midway` kills itself right after creating the events table (alembic's own version table and the
tournaments table come before it), the moment a power cut or a closed laptop lid would hit.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from sqlalchemy import event

from tdconsole.store.db import make_engine, upgrade
from tdconsole.store.event_store import EventStore


def _die_midway(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
    if statement.lstrip().upper().startswith("CREATE TABLE EVENTS"):
        os.kill(os.getpid(), signal.SIGKILL)


def main() -> None:
    url, what = sys.argv[1], sys.argv[2]
    if what == "die-midway":
        engine = make_engine(url)
        event.listen(engine, "after_cursor_execute", _die_midway)
        upgrade(engine)
        raise SystemExit("the schema was created without the kill")
    EventStore.open(url).close()
    sys.stdout.write("opened\n")


if __name__ == "__main__":
    main()

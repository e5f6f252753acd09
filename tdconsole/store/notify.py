"""Commits told by PostgreSQL's LISTEN/NOTIFY: a terminal learns of another's append at once.

Every append on PostgreSQL sends `NOTIFY` on `CHANNEL` in the transaction that inserts the events
(`EventStore.append`), so the server delivers it only if, and when, that transaction commits; the
payload is "TOURNAMENT_ID SEQ", the tournament and its new last seq. A `CommitListener` waits for
them on a connection of its own (autocommit, as LISTEN needs) in a daemon thread and calls
`on_commit` there; the terminal or the web feed then follows (reads the log) as it would after a
poll. SQLite has no such thing: its terminals keep polling.

A notification can be lost (the listener's connection dropped, the server restarted), so the
listener says so: `on_commit(None, None)` each time it (re)connects and each time it loses its
connection, and whoever listens keeps a slow safety poll besides. It reconnects quietly: a
database that cannot be reached is said by the follow that fails, never by this thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, Engine, text

CHANNEL = "tdconsole_commits"
# How long a listener waits between two attempts to connect (the server restarting, a cable out).
RECONNECT_SECONDS = 1.0
# How often the waiting thread looks whether it was asked to stop.
STOP_CHECK_SECONDS = 0.5

# (tournament, new last seq), or (None, None): "anything may have been missed, look".
OnCommit = Callable[[int | None, int | None], None]


def notify_commit(connection: Connection, tournament_id: int, last_seq: int) -> None:
    """Tell the listeners, when this transaction commits, that `tournament_id` grew to `last_seq`
    (PostgreSQL only: a no-op elsewhere)."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                           {"channel": CHANNEL, "payload": f"{tournament_id} {last_seq}"})


def parse_payload(payload: str) -> tuple[int | None, int | None]:
    """"TOURNAMENT_ID SEQ" as numbers; anything else (another program's note) as "look"."""
    try:
        tournament, seq = (int(part) for part in payload.split())
    except ValueError:
        return None, None
    return tournament, seq


class CommitListener:
    """A daemon thread that LISTENs on `CHANNEL` and calls `on_commit` for each notification."""

    def __init__(self, engine: Engine, on_commit: OnCommit) -> None:
        # psycopg.connect's arguments as SQLAlchemy's dialect makes them from the store's URL.
        args, kwargs = engine.dialect.create_connect_args(engine.url)
        self._args: tuple[Any, ...] = tuple(args)
        self._kwargs: dict[str, Any] = dict(kwargs)
        self._on_commit = on_commit
        self._stop = threading.Event()
        self.connected = threading.Event()  # set while LISTEN is in place (tests wait for it)
        self._thread = threading.Thread(target=self._run, name="tdconsole-listen", daemon=True)

    def start(self) -> CommitListener:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Ask the thread to stop (it does within `STOP_CHECK_SECONDS`); never waits on it."""
        self._stop.set()

    def _run(self) -> None:
        import psycopg  # a PostgreSQL store is opened with it (store/db.py check_supported)

        while not self._stop.is_set():
            try:
                with psycopg.connect(*self._args, **self._kwargs, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    self._on_commit(None, None)  # what was committed while not listening
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=STOP_CHECK_SECONDS):
                            if self._stop.is_set():  # whoever listened may be gone
                                return
                            self._on_commit(*parse_payload(note.payload))
            except psycopg.Error:
                pass  # the follow that reads the store says a database that cannot be reached
            if self.connected.is_set():
                self.connected.clear()
                self._on_commit(None, None)  # the follow finds whether the database went away
            self._stop.wait(RECONNECT_SECONDS)

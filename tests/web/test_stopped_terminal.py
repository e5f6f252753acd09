"""The TD's clock key on the remote, while another terminal is stopped inside a write (here a
transaction that holds SQLite's write lock and does not commit): refused in about a second, in
one line that names the tournament, never after the seconds any other write waits."""

from __future__ import annotations

import sqlite3
import time

from tdconsole.store.db import LOCK_WAIT_SECONDS
from tests.web.conftest import Web


def test_the_remotes_clock_key_is_refused_at_once_behind_a_stopped_terminal(web: Web) -> None:
    csrf = web.login()
    stopped = sqlite3.connect(web.db, isolation_level=None)
    try:
        stopped.execute("BEGIN IMMEDIATE")
        started = time.monotonic()  # a bound on the wait, not a measurement
        answer = web.command("clock/pause", {}, csrf)
        took = time.monotonic() - started
    finally:
        stopped.execute("ROLLBACK")
        stopped.close()
    assert answer.status_code == 409, answer.text  # type: ignore[attr-defined]
    assert answer.json() == {"error": "another terminal holds tournament 1; try again"}  # type: ignore[attr-defined]
    assert took < LOCK_WAIT_SECONDS
    assert web.command("clock/pause", {}, csrf).status_code == 200  # type: ignore[attr-defined]

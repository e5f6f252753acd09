"""A database's birth is all or nothing: interrupted, raced or on a full disk, the next open works
or says exactly what is wrong (SQLite and PostgreSQL)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, event, inspect, text
from sqlalchemy.exc import OperationalError

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store import db
from tdconsole.store.db import StoreError, database_fault, make_engine, upgrade
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import metadata
from tests.cli.helpers import assert_one_line_error, run

ROOT = Path(__file__).resolve().parents[2]
# Every table of the schema: a birth is whole or not at all.
TABLES = {"alembic_version", *metadata.tables}


def _tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return set(inspect(connection).get_table_names())
    finally:
        engine.dispose()


def _worker(url: str, what: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tests.store.birth_worker", url, what], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_first_open_killed_half_way_is_finished_on_the_next_open(db_url: str) -> None:
    killed = _worker(db_url, "die-midway")
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    store = EventStore.open(db_url)
    try:
        assert _tables(db_url) == TABLES
        service = Service.create(store, name="After the cut", structure=load_structure("club-turbo"))
        service.execute(Register(names=["Anna"]))
    finally:
        store.close()


def test_a_half_made_database_from_an_older_tdconsole_is_finished_not_refused(db_url: str) -> None:
    # What SQLite kept when a first open was killed before this fix: one table, no version.
    engine = make_engine(db_url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE tournaments (id INTEGER PRIMARY KEY, name VARCHAR(200))"))
    engine.dispose()
    EventStore.open(db_url).close()
    assert _tables(db_url) == TABLES


def test_tdconsole_tables_with_rows_but_no_version_are_refused_and_left_alone(db_url: str) -> None:
    engine = make_engine(db_url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE tournaments (id INTEGER PRIMARY KEY, name VARCHAR(200))"))
        connection.execute(text("INSERT INTO tournaments VALUES (7, 'kept')"))
    with pytest.raises(StoreError, match="has rows but no schema version"):
        upgrade(engine)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT name FROM tournaments")).scalar() == "kept"
    engine.dispose()


def _open_at_the_same_moment(url: str, barrier: Any, results: Any) -> None:
    barrier.wait()
    try:
        EventStore.open(url).close()
        results.put("ok")
    except Exception as error:  # reported to the test, which shows it
        results.put(f"{type(error).__name__}: {error}")


@pytest.mark.parametrize("trial", range(3))
def test_four_terminals_opening_a_fresh_database_at_once_all_succeed(db_url: str, trial: int) -> None:
    # Forked after the imports, so the four reach the barrier together and open within microseconds.
    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    barrier, results = context.Barrier(4), context.Queue()
    openers = [context.Process(target=_open_at_the_same_moment, args=(db_url, barrier, results))
               for _ in range(4)]
    for opener in openers:
        opener.start()
    outcomes = [results.get(timeout=120) for _ in openers]
    for opener in openers:
        opener.join(timeout=30)
    assert outcomes == ["ok"] * 4
    assert _tables(db_url) == TABLES


def test_a_first_open_that_finds_the_file_locked_waits_and_opens(tmp_path: Path) -> None:
    # Switching a new file to WAL can be refused at once while another process creates the schema
    # (the torture run saw it once in 288 opens): the open tries again instead of giving up.
    engine = make_engine(f"sqlite:///{tmp_path / 'td.sqlite'}")
    refusals = [sqlite3.OperationalError("database is locked")] * 2

    def locked(_dbapi_connection: Any, _record: Any) -> None:
        if refusals:
            raise refusals.pop()

    event.listen(engine, "connect", locked)
    assert upgrade(engine) == ScriptDirectory.from_config(db.alembic_config()).get_current_head()
    assert not refusals
    engine.dispose()


# ---------------------------------------------------------------- a full disk


def _small_disk(engine: Engine, pages: int) -> None:
    """SQLite's max_page_count: the file cannot grow past `pages`, as on a full disk."""

    def limit(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    event.listen(engine, "connect", limit)


def test_a_full_disk_at_the_first_open_says_disk_full_and_what_to_do(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'td.sqlite'}")
    _small_disk(engine, 2)
    with pytest.raises(StoreError, match=r"disk full .*free space") as refused:
        upgrade(engine)
    assert "not a tdconsole database" not in str(refused.value)
    engine.dispose()
    EventStore.open(f"sqlite:///{tmp_path / 'td.sqlite'}").close()  # with room again, it opens


def test_a_full_disk_during_a_command_says_disk_full_and_nothing_is_written(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'td.sqlite'}"
    store = EventStore.open(url)
    service = Service.create(store, name="Full", structure=load_structure("club-turbo"))
    store.close()
    with sqlite3.connect(tmp_path / "td.sqlite") as connection:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
    engine = make_engine(url)
    _small_disk(engine, pages)
    full = Service(EventStore(engine), service.tournament_id)
    with pytest.raises(StoreError, match=r"disk full .*free space"):
        full.execute(Register(names=[f"Player {i}" for i in range(400)]))
    assert len(EventStore.open(url).load(service.tournament_id)) == 1


def test_the_cli_says_disk_full_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    pragmas = db._sqlite_pragmas

    def full_disk(dbapi_connection: Any, record: Any) -> None:
        pragmas(dbapi_connection, record)
        dbapi_connection.execute("PRAGMA max_page_count=2")

    monkeypatch.setattr(db, "_sqlite_pragmas", full_disk)
    result = run(capsys, "--db", str(tmp_path / "td.sqlite"), "new", "Friday")
    assert_one_line_error(result, "disk full", "free space")


def test_postgresql_disk_full_and_enospc_are_named_as_a_full_disk() -> None:
    import psycopg.errors

    full = OperationalError("INSERT", {}, psycopg.errors.DiskFull("could not extend file"))
    assert "disk full (could not extend file)" in str(database_fault("db", full, "failed"))
    no_space = OSError(28, "No space left on device")
    assert "disk full (No space left on device)" in str(database_fault("td.sqlite", no_space, "x"))
    other = OperationalError("SELECT", {}, Exception("server closed the connection"))
    assert str(database_fault("db", other, "cannot be used")) == (
        "db: cannot be used (server closed the connection)")

"""A terminal stopped inside its write (a laptop suspended, Ctrl+Z) holds nobody up: on SQLite and
on PostgreSQL the writers behind it are refused within LOCK_WAIT_SECONDS in one line that names the
tournament ("another terminal holds tournament N; try again"), the TD's clock keys within
CLOCK_WAIT_SECONDS; on PostgreSQL the server ends the stopped write after STOPPED_SECONDS, and the
others write again.

The stopped terminal is a transaction that has written the tournament's next event (the lock the
next writer needs: its (tournament, seq) key, or SQLite's write lock) and does not commit. The
writers behind it run in a thread so that a test of a writer that would wait for ever fails,
instead of hanging, and the stopped one is then let go. The elapsed times are bounds, not
measurements: each is the refusal's wait plus a loaded machine's margin."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import TypeVar

import pytest
from sqlalchemy import Connection, insert

from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.i18n import error_text
from tdconsole.service import Service
from tdconsole.store import db
from tdconsole.store.db import LOCK_WAIT_SECONDS, Held, StoreError
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import event_table
from tests.cli.helpers import run

T = TypeVar("T")
# How long a writer that should be refused may take before the test calls it stuck behind the
# stopped one: the wait it is given, and a loaded machine's margin (never reached when it works).
MARGIN = 5.0


@pytest.fixture
def tournament(db_url: str) -> Iterator[tuple[str, int]]:
    store = EventStore.open(db_url)
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"))
    service.execute(commands.Register(names=["Anna", "Bo"]))
    service.execute(commands.ClockStart())
    yield db_url, service.tournament_id
    store.close()


def _stop_inside_a_write(store: EventStore, tournament_id: int) -> tuple[AbstractContextManager[Connection],
                                                                          Connection]:
    """A write transaction that has written the tournament's next event and is not committed."""
    seq = len(store.load(tournament_id)) + 1
    holding = store.connection(write=True, tournament=tournament_id)
    connection = holding.__enter__()
    connection.execute(insert(event_table).values(
        tournament_id=tournament_id, seq=seq, time=datetime.now(UTC), actor="stopped",
        command_id="stopped", type="clock_paused", payload={"type": "clock_paused"},
        prev_hash="0" * 64, hash="0" * 64))
    return holding, connection


def _within(seconds: float, work: Callable[[], T]) -> tuple[float, T | BaseException]:
    """`work()` in a thread, given `seconds`: how long it took, and what it returned or raised."""
    pool = ThreadPoolExecutor(1)
    started = time.monotonic()
    future = pool.submit(work)
    try:
        outcome: T | BaseException = future.result(timeout=seconds)
    except TimeoutError:
        raise AssertionError(f"still waiting after {seconds} s behind the stopped terminal") from None
    except Exception as error:
        outcome = error
    finally:
        pool.shutdown(wait=False)  # a writer still waiting is let go when the stopped one is
    return time.monotonic() - started, outcome


def test_a_writer_behind_a_stopped_terminal_is_refused_within_seconds(
        tournament: tuple[str, int], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    url, tournament_id = tournament
    monkeypatch.setattr(db, "STOPPED_SECONDS", 60.0)  # PostgreSQL keeps the stopped write this time
    stopped_store, writer_store = EventStore.open(url), EventStore.open(url)
    writer = Service(writer_store, tournament_id)
    holding, _connection = _stop_inside_a_write(stopped_store, tournament_id)
    try:
        took, refused = _within(LOCK_WAIT_SECONDS + MARGIN,
                                lambda: writer.execute(commands.Register(names=["Carl"])))
        assert isinstance(refused, Held), refused
        assert str(refused) == f"another terminal holds tournament {tournament_id}; try again"
        # The TD's clock key does not wait as long as any other write: refused in about a second.
        took, refused = _within(LOCK_WAIT_SECONDS, lambda: writer.execute(commands.ClockPause()))
        assert isinstance(refused, Held) and took < LOCK_WAIT_SECONDS, (took, refused)
        # The command line says it in one line, and exits 1.
        said = run(capsys, "--db", url, "-t", str(tournament_id), "register", "Dorte")
        assert (said.code, said.err.strip()) == (
            1, f"error: another terminal holds tournament {tournament_id}; try again"), said.err
    finally:
        holding.__exit__(RuntimeError, RuntimeError("let go"), None)  # rolled back
    writer.execute(commands.ClockPause())  # let go, the tournament is writable again
    assert "Carl" not in [player.name for player in writer.state.players.values()]
    stopped_store.close()
    writer_store.close()


@pytest.mark.postgres
def test_postgresql_ends_a_stopped_write_and_the_writer_behind_it_goes_on(
        pg_server: str, tournament: tuple[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    url, tournament_id = tournament
    if not url.startswith("postgresql"):
        pytest.skip("SQLite cannot end another process's transaction")
    monkeypatch.setattr(db, "STOPPED_SECONDS", 1.0)  # the stopped terminal's server session
    stopped_store, writer_store = EventStore.open(url), EventStore.open(url)
    writer = Service(writer_store, tournament_id)
    holding, _connection = _stop_inside_a_write(stopped_store, tournament_id)
    _took, done = _within(LOCK_WAIT_SECONDS + MARGIN,
                          lambda: writer.execute(commands.Register(names=["Carl"])))
    assert not isinstance(done, BaseException), done
    assert "Carl" in [player.name for player in writer.state.players.values()]
    # The stopped terminal, woken, is told its write was not made.
    with pytest.raises(StoreError, match="stopped in the middle of a write") as woke:
        holding.__exit__(None, None, None)
    assert "nothing was changed" in str(woke.value)
    assert writer_store.verify(tournament_id).ok
    stopped_store.close()
    writer_store.close()


def test_the_refusal_is_translated(danish: None) -> None:
    assert error_text(db.held(7)) != str(db.held(7))
    assert "7" in error_text(db.held(7))
    assert isinstance(db.held(None), TdError)

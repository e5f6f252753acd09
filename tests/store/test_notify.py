"""Commits told by LISTEN/NOTIFY on PostgreSQL (store/notify.py): another store's listener, a TUI
terminal and the web's feed learn of an append within a second while their polls are set to a
minute, so only the notification can explain it. SQLite has no listener: its terminals poll."""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import AsyncGenerator, Iterator
from pathlib import Path

import pytest

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import Conflict, EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.service_app import SAFETY_POLL_SECONDS
from tdconsole.web import feed as feed_module
from tdconsole.web.feed import ChangeFeed
from tests.conftest import _fresh_pg_database
from tests.tui.wait import until

# The promise: another terminal has the commit within a second. The polls are set far beyond it.
PROMISE_SECONDS = 1.0
SLOW_POLL_SECONDS = 60.0
# Connecting the listener is not what is measured: a generous deadline, never a fixed wait.
CONNECT_SECONDS = 20.0


@pytest.fixture
def pg_url(pg_server: str) -> str:
    return _fresh_pg_database(pg_server)


@pytest.fixture
def two_stores(pg_url: str) -> Iterator[tuple[EventStore, EventStore]]:
    writer, reader = EventStore.open(pg_url), EventStore.open(pg_url, migrate=False)
    yield writer, reader
    writer.close()
    reader.close()


def _next_commit(told: queue.Queue[tuple[int | None, int | None]], deadline: float) -> tuple[int, int]:
    """The next commit told (skipping the "look, something may have been missed" calls)."""
    while True:
        tournament, seq = told.get(timeout=max(0.0, deadline - time.monotonic()))
        if tournament is not None and seq is not None:
            return tournament, seq


@pytest.mark.postgres
def test_another_store_is_told_of_each_commit_with_its_tournament_and_last_seq(
        two_stores: tuple[EventStore, EventStore]) -> None:
    writer, reader = two_stores
    told: queue.Queue[tuple[int | None, int | None]] = queue.Queue()
    listener = reader.listen(lambda tournament, seq: told.put((tournament, seq)))
    assert listener is not None
    try:
        assert listener.connected.wait(CONNECT_SECONDS)
        td = Service.create(writer, name="Friday", structure=load_structure(DEFAULT_STRUCTURE))
        assert _next_commit(told, time.monotonic() + PROMISE_SECONDS) == (td.tournament_id, 1)
        td.execute(Register(names=["Anna", "Bo"]))
        start = time.monotonic()
        assert _next_commit(told, start + PROMISE_SECONDS) == (td.tournament_id, td.state.last_seq)
    finally:
        listener.stop()


@pytest.mark.postgres
def test_an_append_that_is_refused_tells_nobody(two_stores: tuple[EventStore, EventStore]) -> None:
    """The NOTIFY is sent in the appending transaction: a rolled-back append is never told."""
    writer, reader = two_stores
    td = Service.create(writer, name="Friday", structure=load_structure(DEFAULT_STRUCTURE))
    told: queue.Queue[tuple[int | None, int | None]] = queue.Queue()
    listener = reader.listen(lambda tournament, seq: told.put((tournament, seq)))
    assert listener is not None
    try:
        assert listener.connected.wait(CONNECT_SECONDS)
        with pytest.raises(Conflict):  # seq 1 is taken
            writer.append(td.tournament_id, [td.log[0]])
        td.execute(Register(names=["Anna"]))
        assert _next_commit(told, time.monotonic() + PROMISE_SECONDS) == (td.tournament_id, 2)
    finally:
        listener.stop()


def test_sqlite_has_no_listener_its_terminals_poll(tmp_path: Path) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'td.sqlite'}")
    assert store.listen(lambda tournament, seq: None) is None
    store.close()


@pytest.mark.postgres
async def test_a_terminal_on_postgresql_follows_a_commit_at_once_with_its_poll_at_a_minute(
        two_stores: tuple[EventStore, EventStore]) -> None:
    writer, reader = two_stores
    td = Service.create(writer, name="Friday", structure=load_structure(DEFAULT_STRUCTURE))
    app = create_app(Service(reader, td.tournament_id, actor="floor"), poll_seconds=SLOW_POLL_SECONDS)
    async with app.run_test() as pilot:
        assert app.follow_interval == SLOW_POLL_SECONDS
        await until(pilot, lambda: app._listener is not None and app._listener.connected.is_set(),
                    "the terminal listening", CONNECT_SECONDS)
        await pilot.pause()
        td.execute(Register(names=["Elsebeth"]))
        await until(pilot, lambda: app.service.state.last_seq == td.state.last_seq,
                    "the other terminal's commit followed", PROMISE_SECONDS)
        assert [player.name for player in app.service.state.players.values()] == ["Elsebeth"]


@pytest.mark.postgres
async def test_the_web_feed_on_postgresql_pushes_a_commit_at_once_with_its_poll_at_a_minute(
        two_stores: tuple[EventStore, EventStore], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(feed_module, "SAFETY_POLL_SECONDS", SLOW_POLL_SECONDS)
    writer, reader = two_stores
    td = Service.create(writer, name="Friday", structure=load_structure(DEFAULT_STRUCTURE))
    feed = ChangeFeed(Service(reader, td.tournament_id, role="display"), render=lambda document: "")
    feed.refresh_now()
    poller = asyncio.create_task(feed.run())
    browser = feed.stream()
    assert isinstance(browser, AsyncGenerator)
    try:
        assert b"retry" in await browser.__anext__()
        deadline = time.monotonic() + CONNECT_SECONDS
        while feed.listener is None or not feed.listener.connected.is_set():
            assert time.monotonic() < deadline, "the feed listening"
            await asyncio.sleep(0.01)
        await asyncio.to_thread(td.execute, Register(names=["Elsebeth"]))
        wanted = f"id: {td.state.last_seq}\n".encode()
        deadline = time.monotonic() + PROMISE_SECONDS
        while True:
            message = await asyncio.wait_for(browser.__anext__(), max(0.0, deadline - time.monotonic()))
            if message.startswith(wanted):
                break
    finally:
        poller.cancel()
        await browser.aclose()


class _AwayListener:
    """A listener that never gets its connection (a server that refuses one more)."""

    def __init__(self) -> None:
        self.connected = threading.Event()

    def stop(self) -> None:
        pass


async def test_a_terminal_whose_listener_is_away_polls_as_often_as_without_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety poll is slow only while the listener listens; without it a commit is followed
    within the usual poll, not the safety net's."""
    store = EventStore.open(f"sqlite:///{tmp_path / 'td.sqlite'}")
    td = Service.create(store, name="Friday", structure=load_structure(DEFAULT_STRUCTURE))
    monkeypatch.setattr(store, "listen", lambda on_commit: _AwayListener())
    app = create_app(Service(store, td.tournament_id, actor="floor"), poll_seconds=0.1)
    async with app.run_test() as pilot:
        assert app.follow_interval == SAFETY_POLL_SECONDS
        td.execute(Register(names=["Elsebeth"]))
        await until(pilot, lambda: app.service.state.last_seq == td.state.last_seq,
                    "followed by the poll", SAFETY_POLL_SECONDS / 2)
    store.close()

"""A PostgreSQL server that goes away is said to be away, not taken for a broken database: the
store, the command line and the web answer "the database server at HOST:PORT does not answer;
nothing was changed", and carry on by themselves once it is back. A server of its own, halted as a
crash would and started again on the same data."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.i18n import error_text
from tdconsole.service import Service
from tdconsole.store.db import StoreError
from tdconsole.store.event_store import EventStore
from tdconsole.store.scratch import find_bindir
from tdconsole.store.staff import StaffStore
from tdconsole.tui.app import create_app as create_tui
from tdconsole.web.app import create_app
from tests.cli.helpers import assert_one_line_error, run
from tests.pgserver import PgServer
from tests.tui.wait import until
from tests.web.conftest import Ticks

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def server() -> Iterator[PgServer]:
    bindir = find_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL binaries not found (install postgresql to run these tests)")
    started = PgServer(bindir, durable=True).start()
    yield started
    started.stop()


def _down(server: PgServer) -> str:
    return (rf"the database server at 127\.0\.0\.1:{server.port} does not answer \([^)]+\); "
            r"nothing was changed")


def test_a_server_that_is_down_is_said_to_be_down_and_is_used_again_when_back(
        server: PgServer, capsys: pytest.CaptureFixture[str]) -> None:
    store = EventStore.open(server.url)
    friday = Service.create(store, name="Friday", structure=load_structure(DEFAULT_STRUCTURE))
    friday.execute(commands.Register(names=["Anna", "Bo"]))
    StaffStore(store).add("Tove", "td", "1234")
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as web:
        csrf = web.post("/api/login", json={"staff": "Tove", "pin": "1234"}).json()["csrf"]
        server.halt()
        try:
            for attempt in (lambda: friday.execute(commands.Register(names=["Zoe"])),
                            store.current_tournament, lambda: EventStore.open(server.url)):
                with pytest.raises(StoreError) as refused:
                    attempt()
                assert re.fullmatch(_down(server), error_text(refused.value))
            for args in (["state"], ["register", "Zoe"]):
                result = run(capsys, "--db", server.url, *args)
                assert_one_line_error(result, "error: the database server at 127.0.0.1:")
                assert re.fullmatch("error: " + _down(server), result.err.strip())
            for answer in (web.get("/api/state"),
                           web.post("/api/commands/bust", json={"names": ["Bo"]},
                                    headers={"X-CSRF-Token": csrf})):
                assert answer.status_code == 503
                assert re.fullmatch(_down(server), answer.json()["error"])
        finally:
            server.resume()
        # Back: the same store, the same web app, without being opened again.
        friday.execute(commands.Register(names=["Carl"]))
        answer = web.get("/api/state")
        assert answer.json().get("players_left") == 3, answer.text
    assert [player.name for player in Service(store).state.players.values()] == ["Anna", "Bo", "Carl"]
    store.close()


def test_a_server_that_answers_and_refuses_is_not_said_to_be_down(server: PgServer) -> None:
    with pytest.raises(StoreError) as refused:
        EventStore.open(server.url.replace("postgres@", "nobody@"))
    line = error_text(refused.value)
    assert "cannot be opened" in line and 'role "nobody" does not exist' in line
    assert "does not answer" not in line and "not a tdconsole database" not in line


async def test_the_tds_console_says_no_database_and_carries_on_by_itself_when_it_is_back(
        server: PgServer) -> None:
    store = EventStore.open(server.url)
    service = Service.create(store, name="Saturday", structure=load_structure(DEFAULT_STRUCTURE))
    service.execute(commands.Register(names=["Anna"]))
    app = create_tui(service, poll_seconds=0.05)
    async with app.run_test() as pilot:
        server.halt()
        try:
            await until(pilot, lambda: "no database" in app.sub_title, "the banner")
            done: list[bool] = []
            app.execute(commands.Register(names=["Zoe"]), done.append)
            await until(pilot, lambda: done == [False], "the command refused")
            assert "no database" in app.sub_title  # polls of a server still down keep the banner
        finally:
            server.resume()
        Service(store, service.tournament_id, actor="floor").execute(commands.Register(names=["Carl"]))
        await until(pilot, lambda: "no database" not in app.sub_title, "the banner gone")
        await until(pilot, lambda: len(service.state.players) == 2, "the other terminal's player")
    assert sorted(player.name for player in service.state.players.values()) == ["Anna", "Carl"]
    store.close()

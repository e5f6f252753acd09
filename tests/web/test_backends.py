"""The staff table and the web on both backends (SQLite and PostgreSQL): the same code, the same poll."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tdconsole.web.app import create_app
from tests.web.conftest import Ticks


@pytest.fixture
def staff(store: EventStore) -> StaffStore:
    return StaffStore(store)


def test_staff_are_added_verified_and_removed(staff: StaffStore) -> None:
    staff.add("Tove", "td", "1234")
    assert staff.verify("TOVE", "1234") is not None
    assert staff.verify("Tove", "4321") is None and staff.verify("Nobody", "1234") is None
    with pytest.raises(InvalidInput, match="already exists"):
        staff.add("tove", "floor", "9999")
    staff.remove("tove")
    assert staff.members() == []
    with pytest.raises(NotFound):
        staff.remove("Tove")


@pytest.fixture
def client(store: EventStore) -> Iterator[TestClient]:
    service = Service.create(store, name="Backends", structure=load_structure(DEFAULT_STRUCTURE))
    service.execute(commands.Register(names=["Anna", "Bo", "Carl"]))
    StaffStore(store).add("Tove", "td", "1234")
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as test_client:
        yield test_client


def test_a_web_command_on_each_backend(client: TestClient) -> None:
    csrf = client.post("/api/login", json={"staff": "Tove", "pin": "1234"}).json()["csrf"]
    busted = client.post("/api/commands/bust", json={"names": ["Bo"]}, headers={"X-CSRF-Token": csrf})
    assert busted.status_code == 200, busted.text
    assert client.get("/api/board").json()["players_left"] == 2
    assert client.get("/api/state").json()["players_left"] == 2

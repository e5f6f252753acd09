"""Alternates in the room's browsers: the TV's moves banner says who sat down in a freed seat, and
"find my seat" finds an alternate by name and says his number (T-REG-1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web.app import create_app
from tests.web.conftest import PLAYERS, Ticks


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[TestClient, Service]]:
    """The 12 players at 2 tables of 6, every seat taken, Mette Kjær and Ole Bak waiting."""
    store = EventStore.open(f"sqlite:///{tmp_path / 'hal.sqlite'}")
    service = Service.create(store, name="Main Event", structure=load_structure(DEFAULT_STRUCTURE),
                             seats_per_table=6, tables=2, use=True)
    service.execute(commands.Register(names=[*PLAYERS, "Mette Kjær", "Ole Bak"]))
    service.execute(commands.Draw(seed=7))
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as client:
        yield client, service
    store.close()


def test_the_tv_and_find_my_seat_tell_who_took_a_freed_seat(room: tuple[TestClient, Service]) -> None:
    client, service = room
    found = client.get("/api/seat", params={"q": "kjær"}).json()["players"]
    assert found == [{"name": "Mette Kjær", "status": "alternate", "table": None, "seat": None,
                      "moved": None, "alternate": 1}]
    assert "Alternate 1: waiting for a seat" in client.get("/seat", params={"q": "mette"}).text
    anna = service.state.find("Anna Holm")
    table, seat = anna.table, anna.seat
    service.execute(commands.Bust(names=["Anna Holm"]))
    board = client.get("/api/board").json()
    assert [(m["player"], m["to"], m["alternate"]) for m in board["moves"]] == [
        ("Mette Kjær", {"table": table, "seat": seat}, 1)]
    tv = client.get("/").text
    assert (f'<span class="who fit">Alternate 1, Mette Kjær:</span><span class="to">table {table} seat {seat}'
            in tv)
    seated = client.get("/api/seat", params={"q": "kjær"}).json()["players"]
    assert seated == [{"name": "Mette Kjær", "status": "seated", "table": table, "seat": seat,
                       "moved": None, "chips": None, "chips_at": None}]
    assert client.get("/api/seat", params={"q": "ole bak"}).json()["players"][0]["alternate"] == 2

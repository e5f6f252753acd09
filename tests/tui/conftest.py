from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.conftest import FakeClock


@pytest.fixture
def service(tmp_path: Path, fake_clock: FakeClock) -> Service:
    store = EventStore.open(f"sqlite:///{tmp_path / 'tui.sqlite'}")
    created = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                             buy_in=300, fee=50, now=fake_clock)
    created.execute(Register(names=["Anna", "Bo", "Carl", "[bold red]x[/]"]))
    return created


@pytest.fixture(autouse=True)
def _utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Wall-clock times on screen ("Level ends at 19:15") are local time: snapshots pin the zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()

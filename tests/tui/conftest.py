from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.domain.house_rules import CLUB
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.conftest import FakeClock
from tests.tui.wait import settled


@pytest.fixture
def service(tmp_path: Path, fake_clock: FakeClock) -> Service:
    store = EventStore.open(f"sqlite:///{tmp_path / 'tui.sqlite'}")
    # The club's clock is UTC here, so the snapshots read the fake clock's own times (19:00).
    created = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                             buy_in=300, fee=50, now=fake_clock,
                             house_rules=CLUB.with_value("money.time_zone", "UTC"))
    created.execute(Register(names=["Anna", "Bo", "Carl", "[bold red]x[/]"]))
    return created


@pytest.fixture(autouse=True)
def _utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The machine's zone is UTC: what a screen shows follows the club's (`money.time_zone`) alone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def _keys_wait_for_their_commands(request: pytest.FixtureRequest,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A key that runs a command returns before the database has answered (the command runs in a
    worker, tui/service_app.py): under Pilot a press also waits until the work it started is done,
    as it waits for the screen, and until the screen is laid out, so a test reads what the key
    did. A module that tests the waiting itself sets `KEYS_WAIT = False`."""
    if not getattr(request.module, "KEYS_WAIT", True):
        return
    press = Pilot.press

    async def press_and_settle(self: Pilot[object], *keys: str) -> None:
        await press(self, *keys)
        await settled(self.app)
        # And the screen laid out as the TD would see it next (a pause ends with the screen's
        # update): a test may read a widget's size right after a key.
        await self.pause()

    monkeypatch.setattr(Pilot, "press", press_and_settle)

"""The TD's console says at once, and until it is fixed, that the mirror does not hold every
command, and where it is (store/mirror.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tdconsole.actions import registration
from tdconsole.config.structures import load_structure
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.messages import Acting
from tests.conftest import FakeClock


async def test_the_header_says_mirror_behind_until_the_mirror_is_back(tmp_path: Path) -> None:
    stick = tmp_path / "stick"
    stick.mkdir()
    mirror = stick / "m.sqlite"
    store = EventStore.open(f"sqlite:///{tmp_path / 'td.sqlite'}", mirror=str(mirror))
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"), now=FakeClock())
    app = create_app(service, poll_seconds=3600)
    async with app.run_test() as pilot:
        assert "MIRROR" not in str(app.sub_title)
        shutil.rmtree(stick)
        registering = Acting(registration.register, registration.RegisterRequest(names=["Anna"]))
        assert await app.run_command(registering)
        await pilot.pause()
        assert "MIRROR BEHIND" in str(app.sub_title)
        told = [str(n.message) for n in app._notifications]
        assert any(f"MIRROR BEHIND: {mirror}" in line and "gone" in line for line in told)
        await app.follow()  # a poll while it is still gone: still said
        assert "MIRROR BEHIND" in str(app.sub_title)
        stick.mkdir()
        await app.follow()  # back: the poll catches it up, and the header says so no more
        assert "MIRROR" not in str(app.sub_title)
        await pilot.pause()
        assert any("holds every command again" in str(n.message) for n in app._notifications)
    store.close()

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


async def test_a_failover_is_said_in_one_line_and_the_terminal_carries_on(tmp_path: Path) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'td.sqlite'}")
    store.server = "db-a:5432"  # as a multi-host URL's first connection finds it (PostgreSQL)
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"), now=FakeClock())
    app = create_app(service, poll_seconds=3600)
    async with app.run_test() as pilot:
        store.server = "db-b:5433"  # the pool's next connection reached the promoted standby
        assert await app.run_command(Acting(registration.register,
                                            registration.RegisterRequest(names=["Anna"])))
        await pilot.pause()
        told = [str(n.message) for n in app._notifications]
        assert told.count("The database is now at db-b:5433 (it was at db-a:5432): the standby took "
                          "over; this terminal carries on") == 1
        await app.follow()
        await pilot.pause()
        assert len([n for n in app._notifications if "now at" in str(n.message)]) == 1  # said once
        # An outage, then the database back on the other server: one line, the failover's.
        app._database_fault("no database server of db-a:5432, db-b:5433 takes writes")
        store.server = "db-a:5432"
        await pilot.pause()
        app.clear_notifications()
        await app.follow()
        await pilot.pause()
        assert [str(n.message) for n in app._notifications] == [
            "The database is now at db-a:5432 (it was at db-b:5433): the standby took over; this "
            "terminal carries on"]
    store.close()

"""The clock's "Level ends at" and the log's times on the club's clock (`money.time_zone`,
Copenhagen by default), on a machine set to UTC (tests/tui/conftest.py)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Bust, ClockStart, Register, Undo
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tests.conftest import FakeClock
from tests.tui.wait import until


async def test_f1_and_f3_say_the_club_s_time_not_the_machine_s(tmp_path: Path, fake_clock: FakeClock) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'club.sqlite'}")
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                             buy_in=300, fee=50, now=fake_clock)  # the club's file: Copenhagen
    service.execute(Register(names=["Anna", "Bo", "Carl"]))
    service.execute(ClockStart())
    service.execute(Bust(names=["Bo"], by=["Anna"]))
    service.execute(Undo(actor=service.actor))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(160, 48)) as pilot:
        # 19:00 UTC is 20:00 in Copenhagen; level 1 lasts 15 minutes.
        await until(pilot, lambda: "20:15" in str(app.screen.query_one("#status", Static).render()),
                    "the level's end on the club's clock")
        await pilot.press("f3")
        table = app.screen.query_one(DataTable)
        rows = [table.get_row_at(index) for index in range(table.row_count)]
        assert {str(row[1]) for row in rows} == {"20:00:00"}
        assert any("undone by td at 20:00:00" in str(row[3]) for row in rows)

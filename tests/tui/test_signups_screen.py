"""T-SIGNUP-1 on the TD's console: a sign-up from a phone (another terminal's command) is listed on
the players screen (F2) as waiting, and leaves the list once approved; its row is nobody's entry."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from tdconsole.actions import room
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tests.conftest import FakeClock
from tests.tui.wait import until


def _rows(app: object) -> list[tuple[str, str]]:
    table = app.screen.query_one(DataTable)  # type: ignore[attr-defined]
    return [(str(table.get_row_at(i)[0]), str(table.get_row_at(i)[1])) for i in range(table.row_count)]


async def test_t_signup_1_f2_lists_a_phones_sign_up_until_it_is_approved(
        tmp_path: Path, fake_clock: FakeClock) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'su.sqlite'}")
    service = Service.create(store, name="Sunday", structure=load_structure("club-turbo"), now=fake_clock)
    service.execute(Register(names=["Anna"]))
    phone = Service(store, service.tournament_id, actor="sign-up", role="floor", now=fake_clock)
    app = create_app(service, poll_seconds=0.05)
    async with app.run_test() as pilot:
        await pilot.press("f2")
        room.sign_up(phone, room.SignUpRequest(name="Mette Kjær", phone="+45 20304050"))
        await until(pilot, lambda: ("Mette Kjær", "sign-up 1, waiting (signups approve)") in _rows(app),
                    "the sign-up listed")
        assert app.screen.selected_player_id() in (None, service.state.find("Anna").id)  # type: ignore[attr-defined]
        room.approve(Service(store, service.tournament_id, now=fake_clock),
                     room.SignupNamesRequest(names=["Mette Kjær"]))
        await until(pilot, lambda: ("Mette Kjær", "registered") in _rows(app), "registered")
        assert not any("sign-up" in status for _name, status in _rows(app))

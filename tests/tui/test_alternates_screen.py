"""Alternates on the TD's console: a name registered past the room's seats waits as an alternate
(told, and listed on the players screen by number), and a bust seats him at once, told on this
terminal and on another one that only follows the log (T-REG-1, 8A)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Bust, Draw, Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.confirm import ConfirmScreen
from tests.conftest import FakeClock
from tests.tui.wait import until


def _room(tmp_path: Path, fake_clock: FakeClock) -> Service:
    """One table of 2 seats, Anna and Bo seated."""
    store = EventStore.open(f"sqlite:///{tmp_path / 'hal.sqlite'}")
    service = Service.create(store, name="Main Event", structure=load_structure("club-turbo"),
                             seats_per_table=2, tables=1, now=fake_clock)
    service.execute(Register(names=["Anna", "Bo"]))
    service.execute(Draw(seed=1))
    return service


def _told(app: object) -> list[str]:
    return [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]


def _rows(app: object) -> list[tuple[str, str]]:
    table = app.screen.query_one(DataTable)  # type: ignore[attr-defined]
    return [(str(table.get_row_at(i)[0]), str(table.get_row_at(i)[1])) for i in range(table.row_count)]


async def test_a_registration_waits_as_an_alternate_and_a_bust_seats_him(
        tmp_path: Path, fake_clock: FakeClock) -> None:
    service = _room(tmp_path, fake_clock)
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2", "n", *"Mette Kjær", "enter")
        await until(pilot, lambda: bool(service.state.alternates), "Mette on the list")
        assert "Mette Kjær waits as alternate 1: every seat is taken (T-REG-1)" in _told(app)
        assert _rows(app) == [("Anna", "seated"), ("Bo", "seated"), ("Mette Kjær", "alternate 1")]
        seat = service.state.find("Anna").seat
        await pilot.press("slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await until(pilot, lambda: not service.state.alternates, "Mette seated")
        assert f"Alternate 1, Mette Kjær: table 1 seat {seat}" in _told(app)
        await pilot.press("escape")
        assert ("Mette Kjær", "seated") in _rows(app)


async def test_another_terminal_is_told_who_took_the_freed_seat(tmp_path: Path,
                                                                fake_clock: FakeClock) -> None:
    service = _room(tmp_path, fake_clock)
    service.execute(Register(names=["Mette Kjær"]))
    other = Service(service.store, service.tournament_id, actor="floor-tablet", now=fake_clock)
    app = create_app(other, poll_seconds=60)
    async with app.run_test() as pilot:
        seat = service.state.find("Bo").seat
        service.execute(Bust(names=["Bo"]))
        await app.follow()
        await until(pilot, lambda: f"Alternate 1, Mette Kjær: table 1 seat {seat}" in _told(app),
                    "the news on the other terminal")

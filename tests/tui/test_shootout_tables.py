"""The tables screen of a shootout (T-SHOOT-1..3) through the real app with Pilot: each table's
state instead of a balancing plan, and `f` drawing the next round once every table is down to its
winner."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.domain.house_rules import CLUB
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.tables import TablesScreen
from tests.conftest import FakeClock


@pytest.fixture
def shootout(tmp_path: Path, fake_clock: FakeClock) -> Service:
    """18 players drawn to two tables of nine: table 1 played down to Ann, table 2 to four."""
    store = EventStore.open(f"sqlite:///{tmp_path / 'shootout.sqlite'}")
    service = Service.create(store, name="Shootout", structure=load_structure("club-turbo"), buy_in=300,
                             fee=50, now=fake_clock, house_rules=CLUB.with_value("money.time_zone", "UTC"),
                             shootout=ShootoutSettings())
    service.execute(commands.Register(names=["Ann", *(f"P{n:02}" for n in range(2, 19))]))
    service.execute(commands.Draw(seed=1))
    _play_down(service, next(number for number, t in service.state.room.items()
                             if "Ann" in t.occupants.values()), keep=["Ann"])
    return service


def _play_down(service: Service, table: int, keep: list[str] | None = None, left: int = 1) -> None:
    names = sorted(service.state.room[table].occupants.values(), key=lambda name: name not in (keep or []))
    for name in names[left:]:
        service.execute(commands.Bust(names=[name]))


def _advice(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#advice", Static).render())


async def test_the_tables_screen_shows_each_shootout_tables_state_and_f_draws_round_2(
        shootout: Service) -> None:
    won = shootout.state.find("Ann").table
    other = next(number for number in shootout.state.room if number != won)
    _play_down(shootout, other, left=4)
    app = create_app(shootout)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10")
        assert isinstance(app.screen, TablesScreen)
        advice = _advice(app)
        assert "Shootout round 1: each table plays down to 1 winner" in advice
        assert f"Table {won}: won by Ann — waits for round 2" in advice
        assert f"Table {other}: 4 left" in advice
        assert "balanced" not in advice  # T-SHOOT-1: never balanced
        assert str(app.screen.query_one("#panel-title", Static).render()) == "Shootout"
        assert not app.screen.query(".tile.short")  # a table down to its winner is not short
        await pilot.press("f")  # too early: the round goes on (T-SHOOT-3), nothing is asked
        assert not isinstance(app.screen, ConfirmScreen)

        _play_down(shootout, other)
        app.redraw()
        await pilot.pause()
        assert "Shootout round 1 is over" in _advice(app)
        await pilot.press("f")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert shootout.state.shootout_round == 2
        advice = _advice(app)
        assert "Shootout round 2: the last, one table to one winner" in advice
        [final] = [table for table in shootout.state.room.values() if table.status == "open"]
        assert f"Table {final.number}: 2 left" in advice


async def test_t_shoot_1_a_shootout_from_the_shipped_template(service: Service) -> None:
    """The TUI makes a shootout as it makes any tournament: from a template (configs/templates/
    shootout.json), the shootout recorded with its creation."""
    from textual.widgets import OptionList

    from tdconsole.tui.screens.new_tournament import NewTournamentScreen
    from tests.tui.wait import from_palette, until

    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await from_palette(pilot, "New tournament from a template")
        await until(pilot, lambda: isinstance(app.screen, NewTournamentScreen), "the dialog")
        options = app.screen.query_one(OptionList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        index = next(i for i, line in enumerate(shown) if line.startswith("shootout: Shootout (shipped)"))
        assert "a shootout, each table to 1 winner" in shown[index]
        await pilot.press(*"Lørdag", "enter", *["down"] * index, "enter")
        await until(pilot, lambda: len(service.store.tournaments()) == 2, "the new tournament")
        made = Service(service.store, service.store.tournaments()[-1].id)
        assert made.state.info.name == "Lørdag"
        assert made.state.info.shootout == ShootoutSettings()


async def test_t_shoot_2_the_display_shows_each_shootout_tables_state(shootout: Service,
                                                                      fake_clock: FakeClock) -> None:
    """`tdconsole display` (the TV's terminal clock) says the round and each table's state in the
    tables screen's words."""
    from tdconsole.tui.display import DisplayApp
    from tests.tui.wait import until

    won = shootout.state.find("Ann").table
    other = next(number for number in shootout.state.room if number != won)
    _play_down(shootout, other, left=4)
    app = DisplayApp(Service(shootout.store, shootout.tournament_id, role="display", now=fake_clock))

    def shown() -> str:
        return " ".join(str(app.screen.query_one("#shootout", Static).render()).split())

    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Shootout round 1" in shown(), "the shootout's lines on the display")
        assert "Shootout round 1: each table plays down to 1 winner" in shown()
        assert f"Table {won}: won by Ann — waits for round 2" in shown()
        assert f"Table {other}: 4 left" in shown()

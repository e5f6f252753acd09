"""A flight's survivors bag on the players screen (T-FLIGHT-2): g asks the highlighted player's count,
Enter bags it through the `bag` action and moves to the next player; the list shows the bag."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from tdconsole.actions.flights import new_flight
from tdconsole.club.festivals import EventSettings, Festivals
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Draw, Register
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.prompt import PromptScreen
from tests.conftest import FakeClock
from tests.tui.wait import until


async def test_g_bags_the_highlighted_survivor_and_moves_to_the_next(tmp_path: Path,
                                                                     fake_clock: FakeClock) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'flight.sqlite'}")
    festival = Festivals(store).new("Main Event", EventSettings())
    flight = new_flight(store, festival, name="Main Event 1A", structure=load_structure("club-turbo"),
                        now=fake_clock)
    flight.execute(Register(names=["Anna", "Bo", "Carl"]))
    flight.execute(Draw(seed=1))
    app = create_app(flight, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2", "g")
        await until(pilot, lambda: isinstance(app.screen, PromptScreen), "the count asked")
        await pilot.press(*"41500", "enter")
        await until(pilot, lambda: bool(flight.state.bags), "Anna bagged")
        assert flight.state.bags[flight.state.find("Anna").id].chips == 41_500
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, PromptScreen), "the next count asked")
        await pilot.press(*"12x", "enter")  # not a number: one line, nothing bagged
        await until(pilot, lambda: any("'12x' is not a whole number" in str(n.message)
                                       for n in app._notifications), "the refusal")
        assert len(flight.state.bags) == 1
        await pilot.press("g", *"9000", "enter")
        await until(pilot, lambda: len(flight.state.bags) == 2, "Bo bagged")
        table = app.screen.query_one(DataTable)
        rows = {str(table.get_row_at(i)[0]): str(table.get_row_at(i)[1]) for i in range(table.row_count)}
        assert rows["Anna"] == "bag 1: 41500" and rows["Bo"] == "bag 2: 9000" and rows["Carl"] == "seated"
    store.close()

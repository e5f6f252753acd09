"""The end of a tournament on the TD's clock screen and on `display`: the winner and the results."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from tdconsole.domain.commands import Bust, ClockStart, SetMoney, Undo
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.display import DisplayApp


def _results(app: DisplayApp) -> Static:
    return app.screen.query_one("#final-results", Static)


async def test_the_clock_screen_and_the_display_show_the_winner_and_the_results(service: Service) -> None:
    service.execute(ClockStart())
    service.execute(Bust(names=["Carl", "[bold red]x[/]"]))
    service.execute(Bust(names=["Bo"], by=["Anna"]))
    reader = Service(service.store, service.tournament_id, role="display")
    for app in (create_app(service), DisplayApp(reader)):
        async with app.run_test() as pilot:
            await pilot.pause()
            shown = _results(app)
            assert shown.display
            text = str(shown.render())
            assert text.startswith("Winner: Anna")
            assert "2. Bo" in text
            # The banner says it is over, not "FINAL TABLE" above the winner.
            assert str(app.screen.query_one("#banner", Static).render()) == "TOURNAMENT OVER"
    service.execute(Undo(actor="td"))
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert not _results(app).display
        assert str(app.screen.query_one("#banner", Static).render()) != "TOURNAMENT OVER"


async def test_t_sat_6_the_display_names_the_seat_and_each_share_of_the_tied_last_seat(
        service: Service) -> None:
    """4 entries of 300 to seats of 500: 2 seats and 200 for 3rd (T-SAT-1). With 3 left Bo and Carl
    bust in one hand with equal stacks: they tie for 2nd-3rd across the last seat and share 500 +
    200 in cash, 350 each (T-SAT-6); Anna's is the one seat. The clock stops."""
    service.execute(SetMoney(settings=MoneySettings.model_validate({"satellite_seat": 500})))
    service.execute(ClockStart())
    service.execute(Bust(names=["[bold red]x[/]"]))
    service.execute(Bust(names=["Bo", "Carl"], stacks={"Bo": 9_000, "Carl": 9_000}))
    assert service.state.status == "finished" and not service.state.clock.running
    reader = Service(service.store, service.tournament_id, role="display")
    for app in (create_app(service), DisplayApp(reader)):
        async with app.run_test() as pilot:
            await pilot.pause()
            text = str(_results(app).render())
            lines = text.replace("\xa0", " ").splitlines()
            assert lines[:3] == ["Seats won (T-SAT-2), each worth DKK 500:", "", "  Anna"]
            assert lines[4:] == ["Paid in cash:", "  2-3. Bo  DKK 350", "  2-3. Carl  DKK 350"]
            assert str(app.screen.query_one("#banner", Static).render()) == "TOURNAMENT OVER"


async def test_t_sat_6_f6_lists_each_tied_player_with_his_share(service: Service) -> None:
    """The payouts screen (F6) after the tie across the last seat: Anna's seat, then Bo and Carl
    each with 350 of the last seat and 3rd's money (a row each: one key per place would clash)."""
    service.execute(SetMoney(settings=MoneySettings.model_validate({"satellite_seat": 500})))
    service.execute(Bust(names=["[bold red]x[/]"]))
    service.execute(Bust(names=["Bo", "Carl"], stacks={"Bo": 9_000, "Carl": 9_000}))
    app = create_app(service)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [[str(cell).replace("\xa0", " ") for cell in table.get_row_at(i)]
                for i in range(table.row_count)]
        assert rows == [["1", "DKK 500", "a seat (T-SAT-1)"], ["2-3", "DKK 350", "Bo, tied (T-ELIM-2)"],
                        ["2-3", "DKK 350", "Carl, tied (T-ELIM-2)"]]

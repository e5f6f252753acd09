"""The end of a tournament on the TD's clock screen and on `display`: the winner and the results."""

from __future__ import annotations

from textual.widgets import Static

from tdconsole.domain.commands import Bust, ClockStart, Undo
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

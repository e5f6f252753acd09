"""Names as people type them in the TUI: the bust-in-one-hand dialog resolves a prefix and a stack key
through the domain's matcher, and offers a close typo instead of taking it."""

from __future__ import annotations

from textual.widgets import Input, Static

from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.bust_hand import BustHandScreen


async def test_bust_several_takes_a_prefix_and_offers_a_typo(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2", "B")
        await pilot.pause()
        assert isinstance(app.screen, BustHandScreen)
        busts = app.screen.query_one("#busts", Input)
        busts.value = "Carl=5000, Ana=9000"
        await pilot.pause()
        assert str(app.screen.query_one("#preview", Static).render()) == (
            "Players out: no player named 'Ana'; did you mean Anna?")
        busts.value = "car=5000, ann=9000"
        await pilot.pause()
        await pilot.press("enter", "y")
        await pilot.pause()
        assert (service.state.find("Carl").place, service.state.find("Anna").place) == (4, 3)

"""The bust dialog words a refusal as its own form does: the label of the field it is about, never the
CLI's flag; that input is marked as you type and gets the focus on Enter."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Input, Static

from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.bust_hand import BustHandScreen


def _preview(screen: BustHandScreen) -> str:
    content = screen.query_one("#preview", Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def test_a_refusal_names_the_forms_label_not_the_flag(service: Service) -> None:
    app = create_app(service)
    before = len(service.log)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"carl", "tab", "B")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BustHandScreen)
        busts, by = screen.query_one("#busts", Input), screen.query_one("#by", Input)
        assert (busts.border_title, by.border_title) == ("Players out", "Knocked out by")

        busts.value = "Carl=-1"
        await pilot.pause()
        assert _preview(screen) == "Players out: Carl: a starting stack must be above 0, not -1"
        assert busts.has_class("-invalid") and not by.has_class("-invalid")

        busts.value = "Carl=5000"
        by.value = "Carl"
        busts.focus()
        await pilot.pause()
        assert _preview(screen) == "Knocked out by: a player cannot knock themselves out"
        assert by.has_class("-invalid") and not busts.has_class("-invalid")
        assert busts.has_focus  # marked as you type; the focus stays where you type
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and by.has_focus  # refused: Enter takes you to the field
        assert "--" not in _preview(screen)

        by.value = ""
        await pilot.pause()
        assert not by.has_class("-invalid") and _preview(screen) == "Carl: place 4"
    assert len(service.log) == before  # nothing was busted: the dialog was never accepted

"""`q` quits, as in other terminal programs, after a yes, on the TD's console, the floor terminal
and the display; every footer says how at any width (Ctrl+Q while a text field takes the `q`)."""

from __future__ import annotations

import pytest
from textual.app import App

from tdconsole.service import Service
from tdconsole.tui.app import create_app, create_floor_app
from tdconsole.tui.display import DisplayApp
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.widgets.key_footer import KeyRows
from tests.tui.wait import until


def _footer(app: App[None]) -> list[tuple[str, str]]:
    return [(entry.key, entry.description)
            for keys in app.screen.query(KeyRows) for row in keys.rows for entry in row]


def _apps(service: Service) -> dict[str, App[None]]:
    floor = Service(service.store, service.tournament_id, actor="Mette", role="floor")
    display = Service(service.store, service.tournament_id, role="display")
    return {"td": create_app(service, poll_seconds=60), "floor": create_floor_app(floor, poll_seconds=60),
            "display": DisplayApp(display, poll_seconds=60)}


@pytest.mark.parametrize("which", ["td", "floor", "display"])
async def test_q_asks_then_quits(service: Service, which: str) -> None:
    app = _apps(service)[which]
    async with app.run_test() as pilot:
        if which == "floor":
            await pilot.press("f2")  # the tables (on the rulings the scenario search takes the q)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert app.screen.question.startswith("Quit ")
        await pilot.press("enter")  # No
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the question gone")
        assert app.is_running
        await pilot.press("q", "y")
        await until(pilot, lambda: not app.is_running, "the app quit")


@pytest.mark.parametrize("key", ["f1", "f2", "f3", "f6", "f7", "f9", "f10"])
async def test_every_footer_says_how_to_quit_at_80_columns(service: Service, key: str) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.press("escape")  # off a field, if one has the focus
        await until(pilot, lambda: ("q", "Quit") in _footer(app), f"q Quit in the footer of {key}")


async def test_in_a_text_field_the_footer_names_ctrl_q(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "n")  # the register field: q is a letter of a name there
        await until(pilot, lambda: ("ctrl+q", "Quit") in _footer(app), "^q Quit in the footer")
        await pilot.press("q")
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.screen.query_one("#register").value == "q"  # type: ignore[attr-defined]

"""The footer's keys are one widget (`KeyRows`), not a `FooterKey` each (issue 33: some 240 widgets,
6 MB of a festival terminal): it looks as FooterKeys look, idle and under the mouse, and a click
on a key presses it."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.clock import ClockScreen
from tdconsole.tui.screens.players import PlayersScreen
from tdconsole.tui.widgets.key_footer import Entry, KeyFooter, KeyRows
from tests.tui.wait import until

# An F-key, a disabled key and a key without a description: every way FooterKey draws a key.
ENTRIES = [Entry("f2", "f2", "Players", "noop", True, ""),
           Entry("ctrl+z", "^z", "Undo", "noop", False, ""),
           Entry("x", "x", "", "noop", True, "")]


class _FixedFooter(Footer):
    """A footer of the keys ENTRIES, drawn by Textual's FooterKeys or by one KeyRows."""

    def __init__(self, compact: bool, rows: bool) -> None:
        super().__init__(compact=compact)
        self.rows = rows

    def compose(self) -> ComposeResult:
        if self.rows:
            yield KeyRows([ENTRIES], self.compact)
            return
        for entry in ENTRIES:
            yield FooterKey(entry.key, entry.display, entry.description, entry.action,
                            disabled=not entry.enabled).data_bind(compact=Footer.compact)

    def bindings_changed(self, screen: Screen[object]) -> None:
        pass  # the keys are fixed


class _FooterApp(App[None]):
    def __init__(self, compact: bool, rows: bool) -> None:
        super().__init__()
        self.footer = _FixedFooter(compact, rows)

    def compose(self) -> ComposeResult:
        yield self.footer


def _screenshot(app: App[None]) -> str:
    # As the snapshot tests compare (pytest_textual_snapshot): the SVG's id is a hash of how
    # the screen's text was split into segments, not of what it shows.
    return re.sub(r"\bterminal-\d+-", "terminal-", app.export_screenshot())


async def _looks(compact: bool, rows: bool) -> list[str]:
    """The screen as an SVG with the mouse away, then over each column of the footer."""
    app = _FooterApp(compact, rows)
    shots = []
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        shots.append(_screenshot(app))
        for x in range(30):
            await pilot.hover(offset=(x, 2))
            await pilot.pause()
            shots.append(_screenshot(app))
    return shots


@pytest.mark.parametrize("compact", [False, True], ids=["wide", "compact"])
async def test_the_keys_look_as_footer_keys_look_idle_and_under_the_mouse(compact: bool) -> None:
    keys = await _looks(compact, rows=False)
    assert len(set(keys)) > 3  # the mouse over a key shows on it
    assert await _looks(compact, rows=True) == keys


async def _shown(pilot: Pilot[None], key: str) -> KeyFooter:
    await pilot.press(key)
    await pilot.press("escape")  # off a field, if one has the focus
    footer = pilot.app.screen.query_one(KeyFooter)
    await until(pilot, lambda: bool(footer.query(KeyRows)), f"the footer of {key}")
    return footer


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
async def test_a_footer_is_two_widgets_whatever_its_keys(service: Service, size: tuple[int, int]) -> None:
    app = create_app(service, poll_seconds=3600, sound=False)
    async with app.run_test(size=size) as pilot:
        widgets, keys = set(), set()
        for key in ("f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f12", "f1"):
            footer = await _shown(pilot, key)
            widgets.add(len(footer.query("*")))
            keys.add(sum(len(row) for row in footer.query_one(KeyRows).rows))
        assert widgets == {2}  # its keys and the palette's
        assert len(keys) > 1  # though the screens show different numbers of keys


async def test_a_click_on_a_key_runs_its_action(service: Service) -> None:
    app = create_app(service, poll_seconds=3600, sound=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: bool(app.screen.query(KeyRows)), "the clock's footer")
        keys = app.screen.query_one(KeyRows)
        [(y, line)] = [(y, line) for y in range(len(keys.rows))
                       if "Players" in (line := keys.render_line(y).text)]
        assert keys.entry_at(len(line) - 1, y) is None
        await pilot.click(keys, offset=(len(line) - 1, y))  # past the last key: nothing
        await pilot.pause()
        assert isinstance(app.screen, ClockScreen)
        await pilot.click(keys, offset=(line.index("Players"), y))
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the players screen")


async def test_a_click_on_a_disabled_key_rings_the_bell(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _FooterApp(compact=True, rows=True)
    pressed: list[str] = []
    monkeypatch.setattr(app, "simulate_key", pressed.append)
    monkeypatch.setattr(app, "bell", lambda: pressed.append("bell"))
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        keys = app.query_one(KeyRows)
        line = keys.render_line(0).text
        await pilot.click(keys, offset=(line.index("Players"), 0))
        await pilot.click(keys, offset=(line.index("Undo"), 0))
        await pilot.pause()
        assert pressed == ["f2", "bell"]

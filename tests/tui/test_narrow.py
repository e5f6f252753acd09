"""An 80x24 terminal in Danish, the longest words on the smallest screen: the clock's lines break
between their parts, never inside one; the structure editor keeps its header, its footer and
whole buttons; no field's placeholder is cut; a time to the break is minutes, not a clock time."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Button, DataTable, Header, Input, Static

from tdconsole.domain.commands import ClockStart, Draw, Register
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.structure_editor import StructureEditorScreen
from tdconsole.tui.widgets.key_footer import KeyRows
from tests.conftest import FakeClock
from tests.tui.wait import until

SIZE = (80, 24)


def _lines(app, selector: str) -> list[str]:  # type: ignore[no-untyped-def]
    content = app.screen.query_one(selector, Static).content
    return (content.plain if isinstance(content, Text) else str(content)).splitlines()


def _placeholders_fit(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The fields on screen whose placeholder is wider than the field shows."""
    return [f"{field.id}: {field.placeholder!r} in {field.content_size.width}"
            for field in app.screen.query(Input)
            if field.display and field.region.width and len(field.placeholder) > field.content_size.width]


async def test_the_clock_breaks_lines_between_their_parts(service: Service, fake_clock: FakeClock,
                                                          danish: None) -> None:
    service.execute(Register(names=[f"Spiller {i}" for i in range(36)]))
    service.execute(Draw(seed=1))
    service.execute(ClockStart())
    fake_clock.advance(19)
    app = create_app(service, poll_seconds=60, sound=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(_lines(app, "#figures")), "the figures")
        figures = _lines(app, "#figures")
        assert len(figures) == 2 and figures[1].startswith("Præmiepulje ") and figures[1].endswith("kr.")
        assert all(len(line) <= 80 for line in figures)
        ladder = _lines(app, "#ladder")
        assert ladder[0].startswith("Betalt  1. ") and all(line.endswith("kr.") for line in ladder)
        # Minutes to the break beside the time it starts: not two times of day.
        [coming] = [part for line in _lines(app, "#next") for part in line.split("   ")
                    if part.startswith("Pause")]
        assert coming.startswith("Pause kl. ") and coming.endswith(", om 60 min.")


async def test_the_structure_editor_fits_80x24(service: Service, danish: None) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await until(pilot, lambda: isinstance(app.screen, StructureEditorScreen), "the editor")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(Header).region.y == 0
        footer = screen.query_one(KeyRows)
        assert "ctrl+s" in [entry.key for row in footer.rows for entry in row]
        assert footer.region.y == 23 and footer.region.height == 1  # one row, the last line
        assert all(end <= footer.region.width for _start, end, _entry in footer.spans(0))
        for button in screen.query(Button):
            if button.display:
                label = str(button.label)
                assert button.region.right <= 80 and button.content_size.width >= len(label), label
        assert {b.id for b in screen.query(Button) if b.display} >= {"import", "export", "preset",
                                                                     "generate"}
        assert _placeholders_fit(app) == []
        # Every column of the levels in view, and the one field that edits a cell shows its
        # whole placeholder over an emptied cell, however narrow its column.
        table = screen.query_one("#periods", DataTable)
        assert table.virtual_size.width <= table.size.width
        for key in ("right", "right", "enter", "ctrl+u"):  # the first level's ante
            await pilot.press(key)
        await pilot.pause()
        assert screen.query_one("#cell", Input).display
        assert _placeholders_fit(app) == []


async def test_no_placeholder_is_cut_on_the_players_screen(service: Service, danish: None) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert _placeholders_fit(app) == []

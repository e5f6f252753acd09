"""SyncedTable looks and behaves as Textual's DataTable with the same rows: its own way of storing,
moving and drawing rows (fast at festival size) changes nothing a TD sees."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.coordinate import Coordinate
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widgets import DataTable

from tdconsole.tui.widgets.synced_table import Row, SyncedTable

COLUMNS = ("Name", "Status", "Table")
ROWS: list[Row] = [
    ("p1", ("Anna", "seated", "1")),
    ("p2", ("[bold red]x[/]", "seated", "12")),  # markup is shown as typed
    ("p3", ("Åse Ærø", "busted", "")),
    ("p4", ("李小龙", "seated", "3")),  # wide characters
    ("p5", (Text("styled", style="bold"), "tab\there", "2")),  # drawn through Rich
]


class Tables(App[None]):
    def compose(self) -> ComposeResult:
        yield SyncedTable(id="synced", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="plain", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.add_columns(*COLUMNS)


def _plain_rows(table: DataTable[Any], rows: list[Row]) -> None:
    table.clear()
    for key, values in rows:
        table.add_row(*(value if isinstance(value, Text) else Text(value) for value in values), key=key)


async def _lines(pilot: Pilot[None], table: DataTable[Any]) -> list[list[tuple[str, Style | None]]]:
    """Each line of the table as drawn with the focus on it (a focused table's cursor is brighter)."""
    def segments(strip: Strip) -> list[tuple[str, Style | None]]:
        return [(segment.text, segment.style) for segment in strip]

    table.focus()
    await pilot.pause()
    return [segments(table.render_line(y)) for y in range(table.size.height)]


async def _drawn_alike(pilot: Pilot[None], rows: list[Row], cursor: int) -> bool:
    """Both tables given `rows` and the cursor on row `cursor`: whether the synced one draws
    every line as DataTable does."""
    synced, plain = pilot.app.query_one("#synced", SyncedTable), pilot.app.query_one("#plain", DataTable)
    synced.show(rows)
    _plain_rows(plain, rows)
    for table in (synced, plain):
        table.move_cursor(row=cursor)
    await pilot.pause()
    return await _lines(pilot, synced) == await _lines(pilot, plain)


async def test_a_synced_table_draws_every_line_as_a_datatable_does() -> None:
    app = Tables()
    async with app.run_test(size=(60, 20)) as pilot:
        synced, plain = app.query_one("#synced", SyncedTable), app.query_one("#plain", DataTable)
        assert await _drawn_alike(pilot, ROWS, cursor=2)
        assert [str(synced.get_row_at(i)[0]) for i in range(synced.row_count)] == [
            str(plain.get_row_at(i)[0]) for i in range(plain.row_count)]


async def test_rows_moved_changed_and_dropped_keep_the_cursor_on_its_row() -> None:
    app = Tables()
    async with app.run_test(size=(60, 20)) as pilot:
        synced, plain = app.query_one("#synced", SyncedTable), app.query_one("#plain", DataTable)
        synced.show(ROWS)
        synced.move_cursor(row=synced.get_row_index("p3"))
        # Anna busts (her row changes and moves to the end), Bo's row goes, a new player comes.
        moved: list[Row] = [ROWS[2], ROWS[3], ("p6", ("Dorthe", "registered", "")), ROWS[4],
                            ("p1", ("Anna", "busted", ""))]
        synced.show(moved)
        _plain_rows(plain, ROWS)
        await pilot.pause()
        _plain_rows(plain, moved)  # (a column never narrows, in either)
        plain.move_cursor(row=0)
        await pilot.pause()
        assert synced.selected_key() == "p3" and synced.cursor_row == 0
        assert [synced.coordinate_to_cell_key(Coordinate(i, 0)).row_key.value
                for i in range(synced.row_count)] == ["p3", "p4", "p6", "p5", "p1"]
        assert await _lines(pilot, synced) == await _lines(pilot, plain)


def _many(count: int, changed: dict[int, str] | None = None) -> list[Row]:
    changed = changed or {}
    return [(f"p{i}", (changed.get(i, f"Player {i:03}"), "seated", str(i // 9 + 1))) for i in range(count)]


async def test_a_line_drawn_before_is_drawn_again_when_its_row_its_place_or_the_cursor_changes() -> None:
    """Each row's line is kept (`_render_line`): after a change every line still reads as
    DataTable draws the same rows."""
    app = Tables()
    async with app.run_test(size=(60, 20)) as pilot:
        assert await _drawn_alike(pilot, _many(30), cursor=0)
        # A row changed in place, one dropped above others (they move up: zebra and place
        # change), the cursor moved.
        rows = _many(30, {2: "Anna Holm"})
        del rows[4]
        for changed in (rows, rows[::-1]):
            assert await _drawn_alike(pilot, changed, cursor=3)


class Refreshes(SyncedTable):
    """A SyncedTable that notes the regions it asks to be drawn again (None: all of it), besides
    the layout Textual asks for when the number of rows changes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: list[tuple[int, int] | None] = []

    def refresh(self, *regions: Any, **kwargs: Any) -> Refreshes:
        if hasattr(self, "asked") and not kwargs.get("layout"):
            self.asked += [(region.y, region.bottom) for region in regions] or [None]
        super().refresh(*regions, **kwargs)
        return self


class RefreshesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Refreshes(id="synced", cursor_type="row")

    def on_mount(self) -> None:
        self.query_one(SyncedTable).add_columns(*COLUMNS)


async def test_a_change_draws_again_only_the_lines_in_view_it_changes() -> None:
    app = RefreshesApp()
    async with app.run_test(size=(60, 11)) as pilot:  # a header and ten rows in view
        table = app.query_one(Refreshes)
        table.show(_many(200))
        await pilot.pause()

        async def asked(rows: list[Row]) -> list[tuple[int, int] | None]:
            """The lines asked for, besides the cursor's (on row 0: DataTable draws it again
            as the cursor is kept on its row)."""
            table.asked = []
            table.show(rows)
            await pilot.pause()
            return [region for region in table.asked if region != (1, 2)]

        # A row out of view changes and moves to the end: nothing in view is drawn.
        moved = _many(200)
        moved.append(moved.pop(150))
        assert await asked(moved) == []
        # Row 3 changes in place: its line (the header is line 0).
        assert await asked(_many(200, {3: "Anna Holm"})[:150] + moved[150:]) == [(4, 5)]
        # Row 5 goes: it and every line under it in view (and the rows being fewer, Textual lays
        # the table out again).
        dropped = _many(200, {3: "Anna Holm"})[:150] + moved[150:]
        del dropped[5]
        assert await asked(dropped) == [(6, 11)]
        # A wider cell widens its column: every line.
        assert None in await asked([("p0", ("A name far wider than any before it", "seated", "1")),
                                    *dropped[1:]])
        # Fewer rows than lines: the last row goes, its line is drawn blank.
        table.show(_many(5))
        await pilot.pause()
        assert await asked(_many(4)) == [(5, 6)]

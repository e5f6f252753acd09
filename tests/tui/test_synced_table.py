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


async def test_a_synced_table_draws_every_line_as_a_datatable_does() -> None:
    app = Tables()
    async with app.run_test(size=(60, 20)) as pilot:
        synced, plain = app.query_one("#synced", SyncedTable), app.query_one("#plain", DataTable)
        synced.show(ROWS)
        _plain_rows(plain, ROWS)
        for table in (synced, plain):
            table.move_cursor(row=2)
        await pilot.pause()
        assert await _lines(pilot, synced) == await _lines(pilot, plain)
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

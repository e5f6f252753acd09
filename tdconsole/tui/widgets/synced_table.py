"""A DataTable drawn from a list of rows that changes only what changed.

Clearing a DataTable and adding every row again costs seconds at festival size (10,000 players):
after one bust the players screen and the tables list stayed frozen that long. `SyncedTable.show`
takes the whole list each time, as a screen's `refresh_view` has it, compares it with what is
shown, and updates the cells that changed, removes and adds the rows that came and went, and
reorders the rows only when the order changed. Many changes at once (a search typed) are one
rebuild. Every cell is text shown literally: a name is never markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

# Past this many rows to add or remove, clearing and adding them all is the quicker way.
REBUILD_FROM = 64

Row = tuple[str, tuple[str | Text, ...]]


def _cells(values: tuple[str | Text, ...]) -> tuple[Text, ...]:
    return tuple(value if isinstance(value, Text) else Text(value) for value in values)


class SyncedTable(DataTable[Text]):
    """A DataTable whose rows are set as a whole with `show`, keyed by a string per row."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: dict[str, tuple[str | Text, ...]] = {}
        self._order: list[str] = []
        # The first cell of each row as stored: how `sort` tells the rows apart (see `_reorder`).
        self._first: dict[str, Text] = {}

    def show(self, rows: Sequence[Row]) -> None:
        """Show `rows` (key, values) in this order; keep the cursor on its row if it is still shown."""
        wanted = dict(rows)
        order = [key for key, _values in rows]
        removed = [key for key in self._order if key not in wanted]
        added = [key for key in order if key not in self._shown]
        if len(removed) + len(added) > REBUILD_FROM:
            self._rebuild(rows)
            return
        selected = self.selected_key()
        for key in removed:
            self.remove_row(key)
            del self._shown[key], self._first[key]
        columns = list(self.columns)
        for key, values in rows:
            old = self._shown.get(key)
            if old is None:
                cells = _cells(values)
                self.add_row(*cells, key=key)
                self._first[key] = cells[0]
            elif old != values:
                for column, value, before in zip(columns, values, old, strict=True):
                    if value != before:
                        cell = _cells((value,))[0]
                        # Only a wider cell widens its column: a narrower one would make the
                        # DataTable measure every cell of the column again (seconds at 10,000).
                        wider = cell.cell_len > self.columns[column].content_width
                        self.update_cell(key, column, cell, update_width=wider)
                        if column == columns[0]:
                            self._first[key] = cell
            self._shown[key] = values
        shown_order = [key for key in self._order if key in wanted] + added
        if shown_order != order:
            self._reorder(order)
        self._order = order
        if selected is not None and selected in self._shown:
            self.move_cursor(row=self.get_row_index(selected))

    def _rebuild(self, rows: Sequence[Row]) -> None:
        selected = self.selected_key()
        self.clear()
        self._shown, self._first = {}, {}
        for key, values in rows:
            cells = _cells(values)
            self.add_row(*cells, key=key)
            self._shown[key] = values
            self._first[key] = cells[0]
        self._order = [key for key, _values in rows]
        if selected is not None and selected in self._shown:
            self.move_cursor(row=self.get_row_index(selected))

    def _reorder(self, order: list[str]) -> None:
        # `sort` hands the key function the cells of the columns named; the first cell of each row
        # is a Text object of its own (made here), so its identity says which row it is.
        rank = {id(self._first[key]): index for index, key in enumerate(order)}
        first_column = next(iter(self.columns))
        self.sort(first_column, key=lambda cell: rank[id(cell)])

    def selected_key(self) -> str | None:
        """The key of the row under the cursor (None when the table is empty)."""
        if self.row_count == 0:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value

"""A DataTable drawn from a list of rows that changes only what changed, at any length.

At festival size (10,000 players) Textual's DataTable is slow in three places, each of which
froze the players screen and the tables list for a moment after every bust: adding rows one by
one (each measured through the console, each a reactive cursor update), moving rows (`sort`,
`remove_row` renumber every row), and drawing (after any change every line in view is drawn
again through Rich's console, about a millisecond a line, and the line offsets of all 10,000
rows are listed again).

`SyncedTable.show` takes the whole list each time, as a screen's `refresh_view` has it, compares
it with what is shown and changes only what differs; rows are set in one pass over the table's
own stores, never through `add_row`, `remove_row` or `sort`. Every row is one line high, with no
row labels and no fixed rows or columns, so a row's line is its index and a plain cell is drawn
without Rich's console (`_render_cell`). It looks and behaves as a DataTable; its rows are set
through `show` only. Every cell is text shown literally: a name is never markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TypeGuard

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual._two_way_dict import TwoWayDict
from textual.cache import LRUCache
from textual.coordinate import Coordinate
from textual.geometry import Offset, Region
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets._data_table import ColumnKey, RowKey
from textual.widgets._data_table import Row as RowMeta

SegmentLines = list[list[Segment]]

# Lines kept drawn: a few screenfuls of the tallest terminal.
LINES_KEPT = 256
# Past this many rows to add or remove, and half the list, the list is shown anew (scrolled to
# the top, the cursor back on its row) rather than changed row by row: a search typed or cleared,
# not the log's new entries after a while on another screen.
REBUILD_FROM = 64

# A row as a screen gives it: its key, its cells.
Row = tuple[str, tuple[str | Text, ...]]


# The spaces Babel writes between an amount and its currency (no-break, narrow no-break): one
# column each, drawn as a space; Python counts them not printable.
_SPACES = str.maketrans({"\xa0": " ", "\u202f": " "})


def _printable(text: str) -> bool:
    """Whether `text` is drawn as its characters, one line (an amount's no-break space too)."""
    return text.isprintable() or text.translate(_SPACES).isprintable()


def _cells(values: tuple[str | Text, ...]) -> tuple[str | Text, ...]:
    """The cells as stored: a string of printable characters as it is (drawn as its characters,
    never as markup: `_render_line_in_row`), any other string as a Text (DataTable would read
    markup in it)."""
    try:
        if _printable("".join(values)):  # type: ignore[arg-type]  # (most rows: strings alone)
            return values
    except TypeError:  # a Text among them
        pass
    return tuple(value if isinstance(value, Text) or _printable(value) else Text(value)
                 for value in values)


def _width(text: str) -> int:
    """The columns a cell of this text needs: what DataTable measures (its widest line)."""
    return max(map(cell_len, text.splitlines()), default=0)


class _Lines(Sequence[tuple[RowKey, int]]):
    """DataTable's list of (row, line in row) for each line, without listing them: every row is
    one line high, so line y is row y's first line."""

    def __init__(self, table: SyncedTable) -> None:
        self.table = table

    def __len__(self) -> int:
        return len(self.table._order)

    def __getitem__(self, y: int) -> tuple[RowKey, int]:  # type: ignore[override]
        if not 0 <= y < len(self.table._order):
            raise IndexError(y)
        return RowKey(self.table._order[y]), 0

    def clear(self) -> None:
        """Nothing to forget (DataTable.clear clears its list)."""


def _value(key: RowKey | str) -> str | None:
    return key if isinstance(key, str) else key.value


class _Rows(Mapping[RowKey, RowMeta]):
    """DataTable's `rows` (key -> the row's metadata), made when asked for: every row is one line
    high and has no label, so a row's metadata is its key alone. A festival's list of 10,000 rows
    kept a key, a metadata object and a dict of cells for each, about 1 KB a row."""

    def __init__(self, table: SyncedTable) -> None:
        self.table = table

    def __getitem__(self, key: RowKey | str) -> RowMeta:
        value = _value(key)
        if value not in self.table._index:
            raise KeyError(key)
        return RowMeta(RowKey(value), 1)

    def __iter__(self) -> Iterator[RowKey]:
        return map(RowKey, self.table._order)

    def __len__(self) -> int:
        return len(self.table._order)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, RowKey | str) and _value(key) in self.table._index

    def clear(self) -> None:
        """Nothing to forget (DataTable.clear clears its dict); `SyncedTable.clear` does."""


class _Data(Mapping[RowKey, dict[ColumnKey, "str | Text"]]):
    """DataTable's cells by row and column, made from the row's stored cells when asked for."""

    def __init__(self, table: SyncedTable) -> None:
        self.table = table

    def __getitem__(self, key: RowKey | str) -> dict[ColumnKey, str | Text]:
        cells = self.table.cells(_value(key) or "")
        if cells is None:
            raise KeyError(key)
        return dict(zip(self.table.columns, cells, strict=False))

    def __iter__(self) -> Iterator[RowKey]:
        return map(RowKey, self.table._order)

    def __len__(self) -> int:
        return len(self.table._order)

    def clear(self) -> None:
        """Nothing to forget; `SyncedTable.clear` does."""


class _Ordered(Sequence[RowMeta]):
    """DataTable's rows in order, each made when asked for."""

    def __init__(self, table: SyncedTable) -> None:
        self.table = table

    def __len__(self) -> int:
        return len(self.table._order)

    def __getitem__(self, index: int | slice) -> RowMeta | list[RowMeta]:  # type: ignore[override]
        if isinstance(index, slice):  # the fixed rows, none here: a short list
            return [RowMeta(RowKey(key), 1) for key in self.table._order[index]]
        return RowMeta(RowKey(self.table._order[index]), 1)


class _Locations(TwoWayDict[RowKey, int]):
    """DataTable's row key <-> index map over the table's order and its index of the keys'
    strings (a RowKey hashes in Python, 10,000 times a reorder)."""

    def __init__(self, table: SyncedTable) -> None:
        self.table = table

    def __setitem__(self, key: RowKey, value: int) -> None:
        raise NotImplementedError("a SyncedTable's rows are set with show()")

    __delitem__ = __setitem__  # type: ignore[assignment]

    def __iter__(self) -> Iterator[RowKey]:
        return map(RowKey, self.table._order)

    def get(self, key: RowKey | str) -> int | None:
        return self.table._index.get(_value(key) or "")

    def get_key(self, value: int) -> RowKey | None:
        order = self.table._order
        return RowKey(order[value]) if 0 <= value < len(order) else None

    def contains_value(self, value: int) -> bool:
        return 0 <= value < len(self.table._order)

    def __len__(self) -> int:
        return len(self.table._order)

    def __contains__(self, item: object) -> bool:
        return isinstance(item, RowKey | str) and _value(item) in self.table._index


class SyncedTable(DataTable[str | Text]):
    """A DataTable whose rows are set as a whole with `show`, keyed by a string per row. It keeps
    each row's cells once (`_shown`), and DataTable's own stores (`rows`, `_data`, the order and
    the key <-> index map) are views of them."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        # Before DataTable's own: its set-up may already ask for the rows in order.
        self._shown: dict[str, tuple[str | Text, ...]] = {}
        # The cells as stored, where they are not the row as shown (`_cells`: rarely).
        self._stored: dict[str, tuple[str | Text, ...]] = {}
        self._order: list[str] = []
        self._index: dict[str, int] = {}  # each key's place in `_order`
        # The row the cursor was on and where the rows were scrolled when they were let go
        # (`release`), put back by `show`.
        self._reselect: tuple[str | None, Offset] | None = None
        self._rescroll: Offset | None = None
        # Until the rows shown anew are laid out: the table is still the size it was empty (one
        # line), and scrolling its cursor into view would put the cursor's row at the top.
        self._keep_scroll = False
        self._lines = _Lines(self)
        self._ordered = _Ordered(self)
        self._frame: dict[str, Style] | None = None  # the styles looked up in this frame
        self._widths: tuple[int, ...] = ()  # the columns' widths in this frame
        # Each row's line as last drawn, by the row's key, with the cells and the place it was
        # drawn for (`_render_line`).
        self._row_lines: LRUCache[str, tuple[object, tuple[object, ...], Strip]] = LRUCache(LINES_KEPT)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.rows = _Rows(self)  # type: ignore[assignment]
        self._data = _Data(self)  # type: ignore[assignment]
        self._row_locations = _Locations(self)
        # The lines drawn, kept for a few screenfuls (DataTable keeps 1,000): each change of the
        # rows draws the lines in view anew, and the ones kept from before are only garbage that
        # the collector's passes walk (a line holds some ten objects).
        self._line_cache = LRUCache(LINES_KEPT)

    def cells(self, key: str) -> tuple[str | Text, ...] | None:
        """The row's cells as stored (None: no such row)."""
        return self._stored.get(key) or self._shown.get(key)

    # ------------------------------------------------------------ what DataTable lists per change

    @property
    def _y_offsets(self) -> _Lines:  # type: ignore[override]
        return self._lines

    @property
    def ordered_rows(self) -> list[RowMeta]:
        return self._ordered  # type: ignore[return-value]

    def _get_row_region(self, row_index: int) -> Region:
        """DataTable's, for rows one line high: row y is line y (it sums the rows above)."""
        if not self.is_valid_row_index(row_index):
            return Region(0, 0, 0, 0)
        width = sum(column.get_render_width(self) for column in self.columns.values())
        header = self.header_height if self.show_header else 0
        return Region(0, header + row_index, max(self.size.width, width + self._row_label_column_width), 1)

    def _get_cell_region(self, coordinate: Coordinate) -> Region:
        """DataTable's, for rows one line high."""
        if not self.is_valid_coordinate(coordinate):
            return Region(0, 0, 0, 0)
        row_index, column_index = coordinate
        columns = self.ordered_columns
        x = sum(column.get_render_width(self) for column in columns[:column_index])
        header = self.header_height if self.show_header else 0
        return Region(x + self._row_label_column_width, header + row_index,
                      columns[column_index].get_render_width(self), 1)

    # ------------------------------------------------------------ setting the rows

    def show(self, rows: Sequence[Row]) -> None:
        """Show `rows` (key, values) in this order; keep the cursor on its row if it is still shown."""
        order = [key for key, _values in rows]
        shown = self._shown
        # The rows new or changed (a row the screen kept is the same object: no comparison).
        changed = [(key, values) for key, values in rows
                   if shown.get(key) is not values and shown.get(key) != values]
        added = sum(1 for key, _values in changed if key not in shown)
        removed = len(shown) - (len(order) - added)
        reselect, self._reselect = self._reselect, None
        selected = reselect[0] if reselect else self.selected_key()
        if not self._order or removed + added > max(REBUILD_FROM, len(order) // 2):
            self.clear()
            self._set(rows, order, [])
        elif changed or removed or order != self._order:
            wanted = set(order)
            self._set(changed, order, [key for key in self._order if key not in wanted] if removed else [])
        if selected is not None and selected in self._shown:
            self.move_cursor(row=self.get_row_index(selected), scroll=reselect is None)
        if reselect is not None:  # scrolled back where it was left, once its size is known again
            self._rescroll, self._keep_scroll = reselect[1], True

    def _set(self, changed: Sequence[Row], order: list[str], removed: Sequence[str]) -> None:
        """Make the table hold the rows in `order`: those `removed` dropped, those `changed` (new
        or not) stored, each column widened to its widest new cell (never narrowed: measuring a
        whole column again would cost what this saves)."""
        count = len(self._order)
        shown, stored = self._shown, self._stored
        for key in removed:
            del shown[key]
            stored.pop(key, None)
        columns = list(self.columns.values())
        cells = [_cells(values) for _key, values in changed]
        for (key, values), row in zip(changed, cells, strict=True):
            shown[key] = values
            if row is not values:
                stored[key] = row
            else:
                stored.pop(key, None)
        widths = [column.content_width for column in columns]
        for index, column in enumerate(columns):
            # Each text measured once (many rows share a status, a table, a seat).
            texts = {cell if isinstance(cell, str) else cell.plain for cell in (row[index] for row in cells)}
            column.content_width = max([column.content_width, *map(_width, texts)])
        drawn = self._drawn_lines(order, {key for key, _values in changed})
        if order != self._order:
            self._index = dict(zip(order, range(len(order)), strict=True))
            self._order = order
        # What DataTable does once its rows change: caches keyed by this count go, the size is
        # worked out again when idle (a new size lays the screen out again), the cursor kept on a
        # row.
        self._update_count += 1
        self._require_update_dimensions = True
        self.cursor_coordinate = self.cursor_coordinate
        self.hover_coordinate = self.hover_coordinate
        if drawn is None or widths != [column.content_width for column in columns]:
            self.refresh()
        elif drawn:
            # Only the lines in view whose row changed or moved are drawn again: most of a
            # festival's busts change nothing in view.
            header = self.header_height if self.show_header else 0
            width = max(self.size.width, self.virtual_size.width)
            self._refresh_region(Region(0, header + drawn.start, width, len(drawn)))
        self.check_idle()
        if not count and self._order and self.show_cursor and self.cursor_type != "none":
            self._highlight_cursor()

    def _drawn_lines(self, order: list[str], changed: set[str]) -> range | None:
        """The rows in view (by index) from the first to the last whose line changes when the
        table goes from showing `self._order` to `order` with the rows `changed`: a row changed,
        another row at its index, or no row there any more. None: all of them (nothing in view
        yet)."""
        if not self._order or not self.size.height:
            return None
        top = self.scroll_offset.y
        bottom = top + self.size.height - (self.header_height if self.show_header else 0)
        before, after = self._order[top:bottom], order[top:bottom]
        lines = [index for index, (old, new) in enumerate(zip(before, after, strict=False), top)
                 if old != new or new in changed]
        if len(before) != len(after):
            lines.append(top + min(len(before), len(after)))
            lines.append(top + max(len(before), len(after)) - 1)
        return range(min(lines), max(lines) + 1) if lines else range(0)

    def clear(self, columns: bool = False) -> SyncedTable:
        super().clear(columns)
        self._shown, self._stored, self._order, self._index = {}, {}, [], {}
        self._row_locations = _Locations(self)  # DataTable.clear sets a map of its own
        return self

    def release(self) -> None:
        """Let go of every row until the next `show`, which puts the cursor back on its row: a
        screen left for another keeps no festival's 10,000 rows it shows anew when it is back."""
        self._reselect = (self.selected_key(), self.scroll_offset)
        self.clear()

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        super()._update_dimensions(new_rows)
        if self._rescroll is not None:
            offset, self._rescroll = self._rescroll, None
            self.set_scroll(offset.x, offset.y)
            self.call_after_refresh(setattr, self, "_keep_scroll", False)

    def _scroll_cursor_into_view(self, animate: bool = False) -> None:
        if not self._keep_scroll:
            super()._scroll_cursor_into_view(animate)

    def selected_key(self) -> str | None:
        """The key of the row under the cursor (None when the table is empty)."""
        if self.row_count == 0:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value

    # ------------------------------------------------------------ drawing
    # As DataTable draws, in fewer steps: the styles every line uses are looked up once a frame
    # (each look-up walks the widget's ancestors), a data row's line is put together directly
    # (DataTable's way also works out the header's style and the row labels' for every row), and
    # a plain cell is one segment.

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame = {}
        self._widths = tuple(column.get_render_width(self) for column in self.ordered_columns)
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _clear_caches(self) -> None:
        super()._clear_caches()
        self._row_lines.clear()

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        """A data row's line, drawn again only when its cells, its place, the cursor or hover on
        it, or the styles changed. DataTable keeps its lines by their place and by a count of
        changes to the table, so after a bust every line in view was drawn again, a millisecond
        each; here a bust draws the rows it changed or moved."""
        index = y - (self.header_height if self.show_header else 0)
        if (not 0 <= index < len(self._order) or self.cursor_type != "row" or self.fixed_rows
                or self.fixed_columns or self._should_render_row_labels):
            return super()._render_line(y, x1, x2, base_style)
        key = self._order[index]
        cells = self._shown[key]  # the same object while the row is unchanged
        place = (index, x1, x2, self.size.width, self._widths, base_style, self._pseudo_class_state,
                 self.show_cursor and self.cursor_coordinate.row == index,
                 self._show_hover_cursor and self.hover_coordinate.row == index)
        kept = self._row_lines.get(key)
        if kept is not None and kept[0] is cells and kept[1] == place:
            return kept[2]
        strip = super()._render_line(y, x1, x2, base_style)
        self._row_lines.discard(key)  # (LRUCache.set keeps a key's first value)
        self._row_lines.set(key, (cells, place, strip))
        return strip

    def _style_once(self, name: str) -> Style:
        """The widget's rich style (""), or a component's, looked up once a frame."""
        frame = self._frame
        if frame is None:
            return super().rich_style if not name else self.get_component_styles(name).rich_style
        if name not in frame:
            frame[name] = super().rich_style if not name else self.get_component_styles(name).rich_style
        return frame[name]

    @property
    def rich_style(self) -> Style:
        return self._style_once("")

    def _get_row_style(self, row_index: int, base_style: Style) -> Style:
        if row_index < max(self.fixed_rows, 0) or not self.zebra_stripes:
            return super()._get_row_style(row_index, base_style)
        return self._style_once("datatable--odd-row" if row_index % 2 else "datatable--even-row")

    def _render_line_in_row(self, row_key: RowKey, line_no: int, base_style: Style,
                            cursor_location: Coordinate, hover_location: Coordinate,
                            ) -> tuple[SegmentLines, SegmentLines]:
        """A data row's line as DataTable draws it: each cell padded in the row's style with the
        cursor's on top, then the rest of the width in the row's style. A plain cell that fits is
        one segment, made here rather than through Rich's console (a tenth of a millisecond
        each); any other cell, and the header, as DataTable draws them."""
        row_index = self._row_locations.get(row_key)
        if (row_index is None or line_no or self.cursor_type != "row" or self.fixed_rows
                or self.fixed_columns or self._should_render_row_labels):
            return super()._render_line_in_row(row_key, line_no, base_style, cursor_location,
                                               hover_location)
        row_style = self._get_row_style(row_index, base_style)
        cursor, hover = row_index == cursor_location.row, row_index == hover_location.row
        show_cursor, show_hover = self.show_cursor, self._show_hover_cursor
        component_style, post_style = self._get_styles_to_render_cell(
            False, False, False, hover, cursor, show_cursor, show_hover,
            self.cursor_foreground_priority == "css", self.cursor_background_priority == "css")
        # The cell's meta (where a click lands) goes last: it changes no colour or attribute.
        style = row_style + component_style + post_style
        padding = self.cell_padding
        cells = self._data[row_key]
        line: SegmentLines = []
        used = 0
        for index, column in enumerate(self.ordered_columns):
            width = 2 * padding + (column.content_width if column.auto_width else column.width)
            used += width
            cell = cells.get(column.key)
            plain = cell if isinstance(cell, str) else cell.plain if _plain(cell) else None
            if plain is not None and cell_len(plain) <= width - 2 * padding:
                text = " " * padding + plain
                line.append([Segment(text + " " * (width - cell_len(text)),
                                     style + Style.from_meta({"row": row_index, "column": index}))])
            else:
                if isinstance(cell, str):  # laid out by Rich: as a Text, never as markup
                    cells[column.key] = Text(cell)
                line.append(self._render_cell(row_index, index, row_style, width, cursor=cursor,
                                              hover=hover)[0])
        extend_style, _post = self._get_styles_to_render_cell(
            False, False, False, hover, cursor, show_cursor, show_hover, False, False)
        extend_style = row_style + extend_style + Style.from_meta(
            {"row": row_index, "column": 0, "out_of_bounds": True})
        line.append([Segment(" " * max(0, self.size.width - used), extend_style)])
        return [], line


def _plain(cell: object) -> TypeGuard[Text]:
    """A Text drawn as its characters alone: no styles, one line of printable characters, laid
    out the default way."""
    return (isinstance(cell, Text) and not cell.spans and not cell.style and cell.justify is None
            and cell.overflow is None and _printable(cell.plain))


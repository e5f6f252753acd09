"""The event log as people read it: each entry one sentence with names, newest first; undone
entries struck through with who undid them and when. Filter by kind (k, or the list) and search
the text (/); undo your last command (u, after seeing it)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Header, Input, Select, Static

from tdconsole.i18n import _
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.synced_table import Row, SyncedTable
from tdconsole.views.formatting import format_clock
from tdconsole.views.log import KINDS, LogEntry, LogReading, kind_label, undone_note

ALL = "all"
# The newest this many entries are listed; a search or a kind finds older ones. A festival's
# 30,000 rows took 30 MB of the terminal's memory, and nobody scrolls through them.
LISTED = 2000


class LogScreen(ServiceScreen):
    # The list has the focus as the screen is built, so its footer shows the list's keys at once.
    AUTO_FOCUS = "DataTable"
    BINDINGS = [
        Binding("u", "app.undo", "Undo last"),
        Binding("slash", "search", "Search"),
        Binding("k", "next_kind", "Kind"),
    ]

    def __init__(self) -> None:
        super().__init__()
        # The sentences, written once per new event, not per keystroke.
        self._reading = LogReading()
        # The rows made for entries listed, by seq, until the list moves on.
        # An undo reads the log again: the row of an entry read anew is made anew.
        self._rows: dict[int, tuple[LogEntry, Row]] = {}
        self._zone = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="filters"):
            yield Select([(kind_label(kind), kind) for kind in KINDS], prompt=_("Every kind"),
                         id="kind", allow_blank=True)
            yield Input(placeholder=_("Search the log (/): a name, a table, a word"), id="search")
        yield Static(id="shown")
        yield SyncedTable(id="log", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("#", _("Time"), _("By"), _("What happened"))

    @property
    def kind(self) -> str:
        value = self.query_one("#kind", Select).value
        return value if isinstance(value, str) else ALL  # Select.NULL: every kind

    def refresh_view(self) -> None:
        entries = self._reading.read(self.service.log)
        words = self.query_one("#search", Input).value
        kind, needles = self.kind, words.casefold().split()
        zone = self.service.state.house_rules.money.time_zone
        if zone != self._zone:
            self._rows.clear()
            self._zone = zone
        filtered = kind != ALL or bool(needles)
        found: Sequence[int] = entries.found(None if kind == ALL else kind, needles) \
            if filtered else range(len(entries) - 1, -1, -1)
        if len(self._rows) > 4 * LISTED:
            self._rows.clear()
        self.query_one(SyncedTable).show([self._row(entries[index]) for index in found[:LISTED]])
        if len(found) > LISTED:
            line = _("the newest {listed} of {found} entries: search (/) or choose a kind (k) for "
                     "older ones").format(listed=LISTED, found=len(found))
        elif filtered:
            line = _("{shown} of {total} entries").format(shown=len(found), total=len(entries))
        else:
            line = _("{total} entries, newest first").format(total=len(entries))
        self.query_one("#shown", Static).update(line)

    def _row(self, entry: LogEntry) -> Row:
        """The entry's row as shown (made once while it is listed)."""
        made = self._rows.get(entry.seq)
        if made is not None and made[0] == entry:
            return made[1]
        text = Text(entry.text, style="strike dim" if entry.undone else "")
        if entry.undone:
            text.append(f"  ({undone_note(entry.undone_by, entry.undone_at, time_zone=self._zone)})",
                        style="italic")
        seq = str(entry.seq)
        row: Row = (seq, (seq, format_clock(entry.time, time_zone=self._zone), entry.actor,
                          text if entry.undone else entry.text))
        self._rows[entry.seq] = (entry, row)
        return row

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.refresh_view()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        # Enter: read the entries found (the cursor keys move in the table).
        self.query_one(DataTable).focus()

    def on_select_changed(self, _event: Select.Changed) -> None:
        self.refresh_view()

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_next_kind(self) -> None:
        """Every kind, then each kind in turn."""
        order: list[str] = [ALL, *KINDS]
        following = order[(order.index(self.kind) + 1) % len(order)]
        select = self.query_one("#kind", Select)
        if following == ALL:
            select.clear()
        else:
            select.value = following


"""The event log as people read it: each entry one sentence with names, newest first; undone
entries struck through with who undid them and when. Filter by kind (k, or the list) and search
the text (/); undo your last command (u, after seeing it)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Header, Input, Select, Static

from tdconsole.i18n import _
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.formatting import format_clock
from tdconsole.views.log import KINDS, LogEntry, kind_label, log_entries, undone_note

ALL = "all"


def matches(entry: LogEntry, kind: str, words: str) -> bool:
    """Whether an entry is shown: of the kind chosen (or any), and containing every word searched
    for (in its sentence or its actor's name, ignoring case)."""
    if kind != ALL and entry.kind != kind:
        return False
    haystack = f"{entry.text} {entry.actor}".casefold()
    return all(word in haystack for word in words.casefold().split())


class LogScreen(ServiceScreen):
    BINDINGS = [
        Binding("u", "app.undo", "Undo last"),
        Binding("slash", "search", "Search"),
        Binding("k", "next_kind", "Kind"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._entries: tuple[int, list[LogEntry]] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="filters"):
            yield Select([(kind_label(kind), kind) for kind in KINDS], prompt=_("Every kind"),
                         id="kind", allow_blank=True)
            yield Input(placeholder=_("Search the log (/): a name, a table, a word"), id="search")
        yield Static(id="shown")
        yield DataTable(id="log", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("#", _("Time"), _("By"), _("What happened"))
        self.query_one(DataTable).focus()

    @property
    def kind(self) -> str:
        value = self.query_one("#kind", Select).value
        return value if isinstance(value, str) else ALL  # Select.NULL: every kind

    def entries(self) -> list[LogEntry]:
        # The sentences change only with the log: write them once per new event, not per keystroke.
        service = self.service
        if self._entries is None or self._entries[0] != service.state.last_seq:
            self._entries = (service.state.last_seq, log_entries(service.log))
        return self._entries[1]

    def refresh_view(self) -> None:
        entries = self.entries()
        words = self.query_one("#search", Input).value
        shown = [entry for entry in reversed(entries) if matches(entry, self.kind, words)]
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        zone = self.service.state.house_rules.money.time_zone
        for entry in shown:
            text = Text(entry.text, style="strike dim" if entry.undone else "")
            if entry.undone:
                text.append(f"  ({undone_note(entry.undone_by, entry.undone_at, time_zone=zone)})",
                            style="italic")
            table.add_row(str(entry.seq), format_clock(entry.time, time_zone=zone), Text(entry.actor), text)
        if shown:
            table.move_cursor(row=min(row, len(shown) - 1))
        filtered = self.kind != ALL or words.strip()
        self.query_one("#shown", Static).update(
            _("{shown} of {total} entries").format(shown=len(shown), total=len(entries)) if filtered
            else _("{total} entries, newest first").format(total=len(entries)))

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


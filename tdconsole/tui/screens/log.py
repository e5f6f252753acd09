"""The event log: every action with its time and actor; undo your last one (after seeing it)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header

from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.tournament import log_view


class LogScreen(ServiceScreen):
    BINDINGS = [Binding("u", "app.undo", "Undo last")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="log", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("#", "Time", "Actor", "Event")

    def refresh_view(self) -> None:
        service = self.service
        table = self.query_one(DataTable)
        table.clear()
        for row in reversed(log_view(service.log, service.undone_commands())):
            summary = Text(row.summary, style="strike dim" if row.undone else "")
            table.add_row(str(row.seq), row.time[11:19], Text(row.actor), summary)

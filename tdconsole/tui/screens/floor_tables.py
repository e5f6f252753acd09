"""The floor terminal's table view: who sits where, read-only (seating decides it)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import DataTable, Header, Static

from tdconsole.i18n import _
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.rulings import left_text, penalties_view


class FloorTablesScreen(ServiceScreen):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="no-tables")
        yield DataTable(id="seats", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(_("Table"), _("Seat"), _("Player"), _("Penalty"))

    def refresh_view(self) -> None:
        service = self.service
        state = service.state
        serving = {row.player: left_text(row) for row in penalties_view(state, service.now())
                   if row.serving}
        seated = sorted((p for p in state.players.values() if p.table is not None and p.status != "busted"),
                        key=lambda p: (p.table, p.seat or 0))
        self.query_one("#no-tables", Static).update(
            "" if seated else _("No tables yet: the TD has not seated the players."))
        table = self.query_one(DataTable)
        table.clear()
        for player in seated:
            seat = "" if player.seat is None else str(player.seat)
            table.add_row(str(player.table), seat, Text(player.name), serving.get(player.name, ""))

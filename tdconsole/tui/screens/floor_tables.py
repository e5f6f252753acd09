"""The floor terminal's table view: who sits where, read-only (seating decides it)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Header, Static

from tdconsole.i18n import _
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.synced_table import SyncedTable
from tdconsole.views.rulings import left_text, penalties_view


class FloorTablesScreen(ServiceScreen):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="no-tables")
        yield SyncedTable(id="seats", cursor_type="row", zebra_stripes=True)
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
        # A row a player, keyed by him: a festival's bust changes one row in place and moves the
        # rows after it (a SyncedTable), where clearing and adding 5,000 rows took half a second.
        self.query_one(SyncedTable).show([
            (player.id, (str(player.table), "" if player.seat is None else str(player.seat), player.name,
                         serving.get(player.name, "")))
            for player in seated])

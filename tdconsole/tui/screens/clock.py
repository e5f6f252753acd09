"""The clock: big digits, level, blinds and ante by table size, what comes next, the figures."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer, Header

from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.clock_panel import ClockPanel


class ClockScreen(ServiceScreen):
    """On the TD's console with the header, the keys and how to start the clock; on the read-only
    display (`read_only`) the clock alone, full screen."""

    def __init__(self, *, read_only: bool = False) -> None:
        super().__init__()
        self.read_only = read_only

    def compose(self) -> ComposeResult:
        if not self.read_only:
            yield Header()
        yield ClockPanel(hint="" if self.read_only else " — press s to start")
        if not self.read_only:
            yield Footer()

    def refresh_view(self) -> None:
        self.query_one(ClockPanel).tick(force=True)

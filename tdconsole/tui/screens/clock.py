"""The clock: big digits, level, blinds and ante by table size, what comes next, the figures."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header

from tdconsole.tui.widgets.clock_panel import ClockPanel


class ClockScreen(Screen[None]):
    DEFAULT_CSS = """
    ClockScreen { align: center middle; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield ClockPanel(hint=" — press s to start")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        self.query_one(ClockPanel).tick(force=True)

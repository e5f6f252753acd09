"""`tdconsole display`: the clock full screen for the TV, read-only, following the database.

It opens the service with the "display" role, which the service refuses for every command, and
binds no key that could issue one; it only looks for what the TD's process wrote (every
`POLL_SECONDS`, so a change shows within a second). `tdconsole serve` runs this same app per browser.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding

from tdconsole.domain.errors import TdError
from tdconsole.service import Service
from tdconsole.tui.widgets.clock_panel import ClockPanel, toggle_sound

POLL_SECONDS = 0.5


class DisplayApp(App[None]):
    TITLE = "tdconsole display"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { align: center middle; }
    """
    BINDINGS = [Binding("m", "toggle_sound", "Sound on/off")]

    def __init__(self, service: Service, *, sound: bool = True, poll_seconds: float = POLL_SECONDS) -> None:
        super().__init__()
        if service.role != "display":
            raise TdError("the display opens the tournament read-only (role display)")
        self.service = service
        self.sound = sound
        self.poll_seconds = poll_seconds

    def compose(self) -> ComposeResult:
        yield ClockPanel()

    def on_mount(self) -> None:
        self.set_interval(self.poll_seconds, self.follow)

    def follow(self) -> None:
        try:
            changed = self.service.refresh()
        except TdError as error:  # the database went away: say so, keep showing the last clock
            self.notify(str(error), severity="error")
            return
        if changed:
            self.query_one(ClockPanel).tick(force=True)

    def action_toggle_sound(self) -> None:
        toggle_sound(self)


"""`tdconsole display`: the clock full screen for the TV, read-only, following the database.

It opens the service with the "display" role, which the service refuses for every command, and
binds no key that could issue one; it only looks for what the TD's process wrote (every
`POLL_SECONDS`, so a change shows within a second). Between tournaments (this one not started
yet, or finished) it shows the standings of the league the tournament counts in, if any.
Browsers get the clock from `tdconsole serve` (tdconsole/web/), which follows the same log.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen

from tdconsole.domain.errors import TdError
from tdconsole.service import Service
from tdconsole.tui.screens.clock import ClockScreen
from tdconsole.tui.service_app import POLL_SECONDS, ServiceApp


class DisplayApp(ServiceApp):
    TITLE = "tdconsole display"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("m", "toggle_sound", "Sound on/off")]

    def __init__(self, service: Service, *, sound: bool = True, poll_seconds: float = POLL_SECONDS) -> None:
        if service.role != "display":
            raise TdError("the display opens the tournament read-only (role display)")
        super().__init__(service, poll_seconds=poll_seconds, sound=sound)

    def get_default_screen(self) -> Screen[None]:
        return ClockScreen(read_only=True)

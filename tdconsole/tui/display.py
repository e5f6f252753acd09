"""`tdconsole display`: the clock full screen for the TV, read-only, following the database.

It opens the service with the "display" role, which the service refuses for every command, and
binds no key that could issue one; it only looks for what the TD's process wrote (every
`POLL_SECONDS`, so a change shows within a second; on PostgreSQL told of each commit at once,
`ServiceApp`). Between tournaments (this one not started
yet, or finished) it shows the standings of the league the tournament counts in, if any.
Browsers get the clock from `tdconsole serve` (tdconsole/web/), which follows the same log.

When the house's `speech.speaker` is "display" it is the room's voice: every `TICK_SECONDS` it
feeds what it followed and the time to an `Announcer` (views/announcements.py) and says each new
announcement of the kinds `speech.kinds` picks, one after another (`speech.Speaker`), in this
terminal's language. What was announced before it opened is not said again. `m` mutes the bell
and the voice at once (and cuts the sentence being said).

A database that cannot be read is said in a banner across the top (`OutageBanner`) for as long as
it lasts, not only in a toast that is gone after ten seconds: the clock goes on counting from the
last state read, and the room's TV must not look as if it followed the TD while it does not. The
banner goes once a read succeeds again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from tdconsole.domain.errors import TdError
from tdconsole.domain.event_log import undone_commands
from tdconsole.domain.events import Envelope
from tdconsole.i18n import _, language
from tdconsole.service import Service
from tdconsole.speech import Say, Speaker
from tdconsole.tui.screens.clock import ClockScreen
from tdconsole.tui.service_app import POLL_SECONDS, TICK_SECONDS, ServiceApp
from tdconsole.views.announcements import Announcer, Moment, spoken_by


class OutageBanner(Static):
    """"No database", across the top of the display, while the database cannot be read."""

    DEFAULT_CSS = """
    OutageBanner { dock: top; width: 100%; height: auto; padding: 0 1; background: $error;
                   color: $text; text-style: bold; }
    """


class DisplayApp(ServiceApp):
    TITLE = "tdconsole display"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("m", "toggle_sound", "Sound on/off")]

    def __init__(self, service: Service, *, sound: bool = True, poll_seconds: float = POLL_SECONDS,
                 say: Say | None = None) -> None:
        if service.role != "display":
            raise TdError("the display opens the tournament read-only (role display)")
        super().__init__(service, poll_seconds=poll_seconds, sound=sound)
        self.speaker = Speaker(self._voice_failed, say)
        self._announcer: Announcer | None = None  # None until the log so far has been read
        self._heard = 0  # how many envelopes of the log the announcer has been fed
        self._voice_fault = ""
        self._refolding = False

    def get_default_screen(self) -> Screen[None]:
        return ClockScreen(read_only=True)

    def on_mount(self) -> None:
        self.run_worker(self._read_the_evening_so_far(), group="speech")
        self.set_interval(TICK_SECONDS, self._listen)

    def on_unmount(self) -> None:
        self.speaker.close()

    async def _read_the_evening_so_far(self) -> None:
        """Fold the log up to now without saying it (off the event loop: at festival size the
        fold takes a moment), then listen from there."""
        log, now = self.service.log.copy(), self.service.now()
        announcer = Announcer()
        await asyncio.to_thread(announcer.feed, log, now)
        self._announcer, self._heard = announcer, len(log)

    def _listen(self) -> None:
        announcer = self._announcer
        if announcer is None or self._refolding:
            return
        log = self.service.log
        new, now = log[self._heard:], self.service.now()
        self._heard = len(log)
        if undone_commands(new):
            # An undo refolds the whole log (a second at festival size): off the event loop.
            self._refolding = True
            self.run_worker(self._refold(announcer, new, now), group="speech")
            return
        self._say(announcer.feed(new, now))

    async def _refold(self, announcer: Announcer, new: Sequence[Envelope], now: datetime) -> None:
        try:
            moments = await asyncio.to_thread(announcer.feed, new, now)
        finally:
            self._refolding = False
        self._say(moments)

    def _say(self, moments: list[Moment]) -> None:
        settings = self.service.state.house_rules.speech
        if not self.sound:
            return
        for moment in spoken_by("display", moments, settings):
            self.speaker.put(moment.words(), language(), settings)

    def _voice_failed(self, line: str) -> None:
        """From the speaker's thread: said once, not at every announcement."""
        if line != self._voice_fault:
            self._voice_fault = line
            # Textual's `notify` is thread-safe, and says nothing once the app has stopped (a call
            # through `call_from_thread` then left a coroutine never awaited).
            self.notify(line, severity="warning", timeout=10, markup=False)

    def _database_fault(self, line: str) -> None:
        changed = line != self._fault
        super()._database_fault(line)
        # On the screen under any dialog: the clock's, which the room looks at.
        screen = self.screen_stack[0] if self.screen_stack else None
        if not changed or screen is None:
            return
        shown = screen.query(OutageBanner)
        if not line:
            shown.remove()
            return
        text = _("NO DATABASE: {line}. The clock counts on from the last state read; this banner "
                 "goes once the database answers again.").format(line=line)
        if shown:
            shown.first().update(text)
        else:
            screen.mount(OutageBanner(text, markup=False))

    def action_toggle_sound(self) -> None:
        """The bell and the voice on or off for this terminal (the tournament is not changed)."""
        super().action_toggle_sound()
        if not self.sound:
            self.speaker.silence()

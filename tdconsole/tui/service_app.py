"""What every terminal on one tournament shares: the service, following the other terminals, the bell.

The TD's console, the floor terminal and the display are each a `ServiceApp`. Every change to the
tournament, made here (a command) or found by `follow` (another terminal appended), reaches the
active screen the same way: one `TournamentChanged` message, which a `ServiceScreen` answers by
redrawing from the state.
"""

from __future__ import annotations

import gc
from pathlib import Path

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.widgets import Input

from tdconsole.domain.errors import TdError
from tdconsole.i18n import _, error_text
from tdconsole.service import Service
from tdconsole.tui.messages import TournamentChanged

# How often a terminal looks for what other terminals wrote (the follow promise is 1 s).
POLL_SECONDS = 0.5
# How often what changes with the time alone (the clock's second, a clock call's countdown) is looked
# at: the second shown is never late by more than a quarter of a second.
TICK_SECONDS = 0.25
# The styles of every screen (reusable widgets keep their own DEFAULT_CSS); an app that hosts one of
# the screens loads it, as a test's small app does.
STYLESHEET = Path(__file__).with_name("app.tcss")


class ServiceApp(App[None]):
    """An app on one tournament's service."""

    CSS_PATH = STYLESHEET
    # `q` quits, as in other terminal programs, after a yes (Ctrl+Q, Textual's, quits at once).
    BINDINGS = [Binding("q", "quit_asking", "Quit")]

    def __init__(self, service: Service, *, poll_seconds: float = POLL_SECONDS, sound: bool = True) -> None:
        super().__init__()
        self.service = service
        self.poll_seconds = poll_seconds
        # The bell of the clock's warnings: this terminal's own switch, not part of the tournament.
        self.sound = sound

    def on_mount(self) -> None:
        # Textual also calls a subclass's own `on_mount` (first); this one starts following.
        self.set_interval(self.poll_seconds, self.follow)
        # The tournament as loaded (at festival size, hundreds of thousands of objects that live
        # as long as the app) is left out of the garbage collector's full passes, which otherwise
        # walk all of it every so often and stall a screen's answer to a key by a tenth of a second.
        gc.freeze()

    def on_key(self, event: events.Key) -> None:
        """A printable key that reaches the app's keys while a text field has the focus was typed
        for that field: a terminal hands each key to the widget focused when it arrives, so in a
        burst ("/" and a name typed at once) the name's letters go to the list "/" left. Typed
        into the field, they never act as keys of the list or the app ("B" busts, Space pauses
        the clock). Here, after every earlier key, is where the order they were typed in holds.
        A screen may also name a field a letter bound to nothing starts (`type_ahead`)."""
        if not event.is_printable or event.character is None:
            return
        field = self.focused
        if not isinstance(field, Input):
            type_ahead = getattr(self.screen, "type_ahead", None)
            field = type_ahead(event) if callable(type_ahead) else None
        if isinstance(field, Input):
            event.prevent_default()
            field.post_message(events.Key(event.key, event.character))

    def follow(self) -> None:
        """Pick up what other terminals appended."""
        try:
            changed = self.service.refresh()
        except TdError as error:  # the database went away: say so, keep showing the last state
            self.notify(error_text(error), severity="error", markup=False)
            return
        if changed:
            self.redraw()

    def redraw(self) -> None:
        """Tell the active screen the tournament changed (a modal on top hears nothing: the screen
        under it redraws when it is shown again)."""
        self.screen.post_message(TournamentChanged())

    def action_quit_asking(self) -> None:
        """Quit this terminal after a yes (the tournament stays in the database; Enter answers No)."""
        from tdconsole.tui.screens.confirm import ConfirmScreen  # screens import this module

        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(_("Quit {title}? The tournament is kept; open it again with "
                                         "the same command.").format(title=self.title)), answered)

    def action_toggle_sound(self) -> None:
        """The bell on or off, for this terminal only (it changes nothing in the tournament)."""
        self.sound = not self.sound
        self.notify(_("Sound on") if self.sound else _("Sound off"))


def service_app(node: DOMNode) -> ServiceApp:
    """The app a screen or widget runs in, typed: the screens that show the tournament run only in one."""
    app = node.app
    if not isinstance(app, ServiceApp):
        raise TypeError(f"{type(node).__name__} needs an app on a tournament's service, "
                        f"not {type(app).__name__}")
    return app


def service_of(node: DOMNode) -> Service:
    """The tournament's service, for a screen or widget."""
    return service_app(node).service

"""The base of every screen that shows the tournament."""

from __future__ import annotations

from textual.screen import Screen

from tdconsole.service import Service
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.tui.messages import TournamentChanged
from tdconsole.tui.service_app import service_of


class ServiceScreen(TranslatedKeys, Screen[None]):
    """A screen drawn from the tournament's state: `refresh_view` redraws all of it, when the screen
    is shown (the first time too: Textual mounts a screen before it resumes it) and whenever the
    tournament changes, here or in another terminal (`ServiceApp.redraw`)."""

    @property
    def service(self) -> Service:
        return service_of(self)

    def refresh_view(self) -> None:
        """Redraw what the screen shows from `self.service.state`; keep the selection and what is typed."""
        raise NotImplementedError

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def on_tournament_changed(self, _message: TournamentChanged) -> None:
        self.refresh_view()

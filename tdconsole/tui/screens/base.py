"""The base of every screen that shows the tournament."""

from __future__ import annotations

import dataclasses

from textual.binding import ActiveBinding
from textual.screen import Screen

from tdconsole.i18n import _
from tdconsole.service import Service
from tdconsole.tui.messages import TournamentChanged
from tdconsole.tui.service_app import service_of


class ServiceScreen(Screen[None]):
    """A screen drawn from the tournament's state: `refresh_view` redraws all of it, when the screen
    is shown (the first time too: Textual mounts a screen before it resumes it) and whenever the
    tournament changes, here or in another terminal (`ServiceApp.redraw`)."""

    @property
    def service(self) -> Service:
        return service_of(self)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys the footer shows, described in the language chosen now: a binding's description
        is a class attribute, written in English once at import (the catalogue extracts it)."""
        return {key: active._replace(binding=dataclasses.replace(
                    active.binding, description=_(active.binding.description)))
                for key, active in super().active_bindings.items()}

    def refresh_view(self) -> None:
        """Redraw what the screen shows from `self.service.state`; keep the selection and what is typed."""
        raise NotImplementedError

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def on_tournament_changed(self, _message: TournamentChanged) -> None:
        self.refresh_view()

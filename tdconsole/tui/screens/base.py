"""The base of every screen that shows the tournament, and the footer words of every screen."""

from __future__ import annotations

import dataclasses

from textual.binding import ActiveBinding
from textual.screen import Screen

from tdconsole.i18n import N_, _
from tdconsole.service import Service
from tdconsole.tui.messages import TournamentChanged
from tdconsole.tui.service_app import service_of

# Textual's own key descriptions that a footer shows (the command palette's key): marked here so
# the catalogue has them; `translated_bindings` translates them with the screen's own.
TEXTUAL_WORDS = (N_("palette"),)


def translated_bindings(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """The keys a footer shows, described in the language chosen now: a binding's description is
    a class attribute, written in English once at import (the catalogue extracts it)."""
    return {key: active._replace(binding=dataclasses.replace(
                active.binding, description=_(active.binding.description)))
            for key, active in bindings.items()}


class TranslatedKeys:
    """Mixed into every screen of the console (before Textual's screen class): its footer and its
    dialogs' keys speak the chosen language."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translated_bindings(super().active_bindings)  # type: ignore[misc]


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

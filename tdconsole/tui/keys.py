"""The footer words of every screen and dialog: key descriptions in the language chosen now.

Apart from the screens' base, so that a dialog (and the app, which asks with one) need not import
what a tournament screen is built on.
"""

from __future__ import annotations

import dataclasses

from textual.binding import ActiveBinding

from tdconsole.i18n import N_, _

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

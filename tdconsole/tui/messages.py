"""The typed messages screens post: an action with the request a form built, which the app runs
(the TUI's one way in, as the CLI's and the web's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.message import Message

from tdconsole.actions.base import Action, Request


@dataclass(frozen=True)
class Acting:
    """An action (tdconsole.actions) with the request a screen's form built: what the CLI and the
    web run for the same TD or floor action."""

    action: Action[Any, Any]
    request: Request


class ActionRequested(Message):
    """A screen asks the app to run an action; `on_done(ok)` hears whether it was done (a form
    keeps what was typed when the service refuses it)."""

    def __init__(self, action: Action[Any, Any], request: Request,
                 on_done: Callable[[bool], None] | None = None) -> None:
        self.acting = Acting(action, request)
        self.on_done = on_done
        super().__init__()


class TournamentChanged(Message):
    """The tournament changed (here or in another terminal): the active screen redraws from the state."""

    bubble = False  # for the screen it is posted to; the app sent it

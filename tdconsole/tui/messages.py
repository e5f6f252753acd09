"""The typed messages screens post; the app turns them into service commands."""

from __future__ import annotations

from textual.message import Message

from tdconsole.domain.commands import Command


class CommandRequested(Message):
    """A screen asks the app to carry out a TD action through the service."""

    def __init__(self, command: Command) -> None:
        self.command = command
        super().__init__()


class TournamentChanged(Message):
    """The tournament changed (here or in another terminal); screens redraw from the state."""

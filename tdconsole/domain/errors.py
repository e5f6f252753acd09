"""Errors the domain raises. Every one is shown to the user as a single line."""

from __future__ import annotations


class TdError(Exception):
    """Base class of every error a user may see: the message is one line, without a traceback."""


class InvalidInput(TdError):
    """The input is malformed or out of range (a name too long, a negative stack, a bad card)."""


class NotFound(TdError):
    """An unknown player, table, structure, scenario or tournament."""


class RuleViolation(TdError):
    """The command breaks a rule; the message starts with the rule ID, as users see it.

    >>> str(RuleViolation("T-MOVE-2", "a new player is not dealt in between the small blind and the button"))
    'T-MOVE-2: a new player is not dealt in between the small blind and the button'
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.detail = message
        super().__init__(f"{rule}: {message}")


class Forbidden(TdError):
    """The role may not do this (floor staff and a TD-only command, a display and any command).

    Its own class so an interface can answer "not allowed" (the web's 403) rather than "wrong input".
    """

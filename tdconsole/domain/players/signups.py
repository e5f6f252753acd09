"""Sign-ups from the players' phones (T-SIGNUP-1): a player asks to play, the TD approves (the same
registration as `register`, so a member's ban is checked there) or rejects. Pending sign-ups are a
short list: past SIGNUPS_PENDING the list is full, so a flood cannot fill the log."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation
from tdconsole.domain.events import Event, SignUpReceived, SignUpRejected
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import RejectSignUp, SignUp

SIGNUPS_PENDING = 100  # T-SIGNUP-1: at most this many wait for the TD at once


def decide_sign_up(state: TournamentState, command: SignUp, now: datetime) -> list[Event]:
    """A sign-up waits for the TD, unless the name is taken or the list is full (T-SIGNUP-1).

    >>> from tdconsole.domain.commands import RejectSignUp, SignUp
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann")
    >>> t.do(SignUp(name="Bo", phone="+45 12 34 56 78"))[0].number
    1
    >>> t.do(SignUp(name="bo"))
    Traceback (most recent call last):
    tdconsole.domain.errors.InvalidInput: bo has signed up already: the TD will approve or reject it
    >>> t.do(SignUp(name="Ann"))
    Traceback (most recent call last):
    tdconsole.domain.errors.InvalidInput: Ann is registered already
    """
    key = name_key(command.name)
    if state.status == "finished":
        raise RuleViolation("T-SIGNUP-1", "the tournament is over: no more sign-ups")
    if key in state.by_name and state.players[state.by_name[key]].status != "busted":
        raise InvalidInput("{name} is registered already", name=command.name, field="name")
    if key in state.signups:
        raise InvalidInput("{name} has signed up already: the TD will approve or reject it",
                           name=command.name, field="name")
    if len(state.signups) >= SIGNUPS_PENDING:
        raise RuleViolation("T-SIGNUP-1", "the sign-up list is full ({count} waiting): ask at the desk",
                            count=len(state.signups))
    return [SignUpReceived(number=state.signups_issued + 1, name=command.name, member=command.member,
                           phone=command.phone, ticket_hash=command.ticket_hash)]


def decide_reject(state: TournamentState, command: RejectSignUp, now: datetime) -> list[Event]:
    """The TD turns a pending sign-up away (T-SIGNUP-1).

    >>> from tdconsole.domain.commands import RejectSignUp, SignUp
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann")
    >>> _ = t.do(SignUp(name="Bo"))
    >>> t.do(RejectSignUp(name="BO"))[0].name
    'Bo'
    >>> t.do(RejectSignUp(name="Bo"))
    Traceback (most recent call last):
    tdconsole.domain.errors.NotFound: no sign-up of Bo is waiting
    """
    found = state.signups.get(name_key(command.name))
    if found is None:
        raise NotFound("no sign-up of {name} is waiting", name=command.name, field="names")
    return [SignUpRejected(name=found.name)]


def apply_signed_up(state: TournamentState, event: SignUpReceived, now: datetime) -> None:
    state.signups[name_key(event.name)] = event
    state.signups_issued = max(state.signups_issued, event.number)
    if event.ticket_hash:
        state.signup_tickets[event.ticket_hash] = name_key(event.name)


def apply_rejected(state: TournamentState, event: SignUpRejected, now: datetime) -> None:
    state.signups.pop(name_key(event.name), None)


"""Hand-for-hand (T-H4H-1, RP-8): start, stop, a table's hand done, and where it stands."""

from __future__ import annotations

from pydantic import Field

from tdconsole.actions.base import NoArguments, Request, action
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput
from tdconsole.service import Service
from tdconsole.views.money import HandForHandView, hand_for_hand_ended, hand_for_hand_view, payouts_view


class HandForHandResult(HandForHandView):
    # What the TD is told when the hand ended hand-for-hand by itself (T-H4H-1); shown, not a key.
    ended: str | None = Field(default=None, exclude=True)


def _after(service: Service, command: commands.Command | None) -> HandForHandResult:
    ended = hand_for_hand_ended(service.execute(command), service.state) if command is not None else None
    view = hand_for_hand_view(service.state, len(payouts_view(service.state).payouts))
    return HandForHandResult(**dict(view), ended=ended)


class StartRequest(Request):
    tables: str | None = None  # the tables in play, "1,2,3" (default: every seated table)
    between_hands: bool = False  # no hand is in progress at the announcement (no RP-8A hand)


@action("h4h start", web=True, commands=(commands.HandForHandStart,))
def start(service: Service, request: StartRequest) -> HandForHandResult:
    """Announce hand-for-hand: the clock pauses; busts are placed hand by hand."""
    numbers: list[int] = []
    for part in (request.tables or "").split(","):
        if part.strip():
            if not part.strip().isdigit():
                raise InvalidInput("{strip!r} is not a table number", strip=part.strip(), field="tables")
            numbers.append(int(part))
    return _after(service, commands.HandForHandStart(tables=numbers,
                                                     hand_in_progress=not request.between_hands))



@action("h4h stop", web=True, commands=(commands.HandForHandStop,))
def stop(service: Service, request: NoArguments) -> HandForHandResult:
    """End hand-for-hand (the clock resumes if hand-for-hand paused it)."""
    return _after(service, commands.HandForHandStop())


@action("h4h status", web=True, tui=False)
def status(service: Service, request: NoArguments) -> HandForHandResult:
    """Which tables have finished the hand, and the busts waiting for the others."""
    return _after(service, None)


class TableRequest(Request):
    table: int


@action("h4h done", web=True, commands=(commands.HandForHandTableDone,))
def done(service: Service, request: TableRequest) -> HandForHandResult:
    """A table finished the hand-for-hand hand (the last one places the hand's busts)."""
    return _after(service, commands.HandForHandTableDone(table=request.table))

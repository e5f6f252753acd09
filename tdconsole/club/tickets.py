"""Seats won in satellites: the club's tickets, worked out from the tournaments' own logs.

A ticket is not copied into a table of its own when a satellite ends: like a member's history
(`history.py`), it is read from the logs, so an undo of the bust that ended the satellite, or of
the registration that spent a ticket, shows everywhere at once. Only the logs that hold a
`satellite_ended` or a `ticket_spent` event are folded (`EventStore.tournaments_with`).

* T-SAT-2/4: each winner of an ended satellite holds a ticket worth the seat: its id is
  "S<satellite>-<player id>"; it is spent by the registration that names it (`TicketSpent`) and
  free again if that entry is undone or unregistered.
* T-SAT-3: a winner who already holds an unspent ticket of the same value when the satellite ends
  takes its value in cash (the satellite's `satellite_holder` setting "cash", the club's default)
  or a second ticket ("ticket").
* A ticket belongs to the member the winner's entry is linked to, else to his name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key
from tdconsole.domain.tournament import fold
from tdconsole.store.event_store import EventStore

TicketStatus = Literal["held", "spent", "cash"]


@dataclass(frozen=True, slots=True)
class Ticket:
    id: str
    name: str  # the winner's name in the satellite
    member: int | None
    value: int
    satellite: int  # the tournament it was won in
    satellite_name: str
    won_at: datetime
    status: TicketStatus
    spent_in: int | None = None  # the tournament whose buy-in it paid
    spent_by: str | None = None  # the entry's name there

    def belongs_to(self, name: str, members: set[int]) -> bool:
        """Whether this ticket is the player's: his member's, else by his name (a guest)."""
        return self.member in members if self.member is not None else name_key(self.name) == name_key(name)


def tickets(store: EventStore) -> list[Ticket]:
    """Every seat won in a satellite, in the order won, with whether it is held, spent or was paid
    in cash (T-SAT-3)."""
    won: list[tuple[datetime, int, str, TournamentState]] = []
    spent: dict[str, tuple[int, str, datetime]] = {}  # ticket id -> (tournament, entry, when)
    names = {summary.id: summary.name for summary in store.tournaments()}
    for tournament_id in store.tournaments_with(("satellite_ended", "ticket_spent")):
        state = fold(store.load(tournament_id))
        for player in state.players.values():
            if player.ticket is not None and player.ticket_at is not None:
                spent[player.ticket] = (tournament_id, player.name, player.ticket_at)
        if state.satellite is not None and state.satellite_at is not None:
            won.append((state.satellite_at, tournament_id, names.get(tournament_id, ""), state))
    found: list[Ticket] = []
    for at, tournament_id, title, state in sorted(won, key=lambda row: (row[0], row[1])):
        assert state.satellite is not None
        for player_id in state.satellite.winners:
            player = state.players[player_id]
            ticket_id = f"S{tournament_id}-{player_id}"
            held = [ticket for ticket in found if ticket.status != "cash"
                    and ticket.value == state.satellite.seat
                    and _holder(ticket) == _key(player.member, player.name)
                    and (ticket.id not in spent or spent[ticket.id][2] > at)]
            status: TicketStatus = "held"
            if held and state.money.satellite_holder == "cash":
                status = "cash"  # T-SAT-3: he already holds a seat: its value in cash
            where = spent.get(ticket_id)
            if where is not None and status == "held":
                status = "spent"
            found.append(Ticket(id=ticket_id, name=player.name, member=player.member,
                                value=state.satellite.seat, satellite=tournament_id, satellite_name=title,
                                won_at=at, status=status, spent_in=where[0] if where else None,
                                spent_by=where[1] if where else None))
    return found


def _key(member: int | None, name: str) -> tuple[str, str]:
    return ("member", str(member)) if member is not None else ("name", name_key(name))


def _holder(ticket: Ticket) -> tuple[str, str]:
    return _key(ticket.member, ticket.name)


def ticket_for(store: EventStore, name: str, members: set[int], value: int) -> Ticket | None:
    """The oldest unspent ticket of `value` that is this player's (T-SAT-4), if any."""
    return next((ticket for ticket in tickets(store) if ticket.status == "held" and ticket.value == value
                 and ticket.belongs_to(name, members)), None)

"""Registration: register (linked to club members, banned members refused), unregister, and the
alternates waiting for a seat. Apart from the other player actions (`players.py`): a scripted
`register`, the command a desk runs most, loads only these (the fast-CLI contract)."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from pydantic import Field

from tdconsole.actions.base import NoArguments, Request, action
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, RuleViolation, TdError
from tdconsole.domain.events import AlternateListed, AlternateWithdrawn, Envelope, PlayerRegistered
from tdconsole.domain.model import empty_list
from tdconsole.service import Service
from tdconsole.views.base import OptionalKeysView, View
from tdconsole.views.chip_set import sale_warning
from tdconsole.views.seating import (
    AlternateSeatedView,
    AlternateView,
    SeatedView,
    alternate_seatings,
    alternates_view,
    seated,
)


class RegisterRequest(Request):
    names: list[str]
    seed: int | None = None  # after the draw: repeat the late entries' seat draw exactly
    member: int | None = None  # the club member this one name is (default: the member so named)
    new_member: bool = False  # make each name a club member first
    ticket: bool = False  # each pays by a seat he won in a satellite (T-SAT-4)
    paid: str | None = None  # how the buy-ins were paid (default: the house's default method)
    unpaid: bool = False  # not paid yet: settled later with `pay`


class RegisteredRow(OptionalKeysView):
    OMITTED_WHEN_NONE = frozenset({"table", "seat", "waits", "ticket"})

    id: str
    name: str
    member: int | None
    table: int | None = None  # after the draw: where he was seated (TDA 8A)
    seat: int | None = None
    waits: bool | None = None  # T-MOVE-2: not dealt in until the button passes
    ticket: str | None = None  # paid by this won seat (T-SAT-4)


class RegisterResult(OptionalKeysView):
    # Only when some wait (new --tables): a room without a limit answers as it always did.
    OMITTED_WHEN_NONE = frozenset({"alternates", "alternate", "chip_set"})

    registered: list[RegisteredRow]
    entries: int
    players_left: int
    # Every seat of the room was taken: these wait as alternates, in order (T-REG-1);
    # `alternate` is the first one's number (a registration of one name: its own).
    alternates: list[AlternateView] | None = None
    alternate: int | None = None
    # Where each late entry sits, as the CLI's lines say it (each row above holds the same).
    seated: list[SeatedView] = Field(default_factory=empty_list, exclude=True)
    chip_set: str | None = None  # the box is used up: a warning, never a refusal (T-CHIPS-4)


@action("register", web=True, commands=(commands.Register,))
def register(service: Service, request: RegisterRequest) -> RegisterResult:
    """Register players, all or none, each linked to the club member of that name; a banned member
    is refused here, whichever interface asks. After the draw each is seated (TDA 8A)."""
    if service.state.flight is not None:  # T-FLIGHT-3: re-entry across flights may be off
        from tdconsole.club.festivals import check_entry

        check_entry(service.store, service.tournament_id, service.state, request.names,
                    [request.member] * len(request.names))
    tickets = _tickets(service, request) if request.ticket else None
    envelopes = register_linked(service, request.names, seed=request.seed, number=request.member,
                                new_member=request.new_member, tickets=tickets,
                                paid=request.paid or _by_ticket(service, tickets), unpaid=request.unpaid)
    places = {view.player: view for view in seated(envelopes, service.state)}
    rows = []
    for envelope in envelopes:
        event = envelope.event
        if isinstance(event, PlayerRegistered):
            spot = places.get(event.name)
            rows.append(RegisteredRow(
                id=event.player_id, name=event.name, member=event.member,
                **({} if spot is None else {"table": spot.table, "seat": spot.seat, "waits": spot.waits}),
                ticket=service.state.players[event.player_id].ticket))
    waiting = listed_alternates(envelopes)
    return RegisterResult(registered=rows, entries=service.state.entries,
                          players_left=service.state.players_left, seated=list(places.values()),
                          alternates=waiting or None, alternate=waiting[0].alternate if waiting else None,
                          chip_set=sale_warning(service.state))


def register_linked(service: Service, names: list[str], *, seed: int | None = None,
                    number: int | None = None, new_member: bool = False,
                    tickets: dict[str, commands.SeatTicket] | None = None, paid: str | None = None,
                    unpaid: bool = False) -> list[Envelope]:
    """Register players linked to their members (`club.members.link`); with `new_member`, each name
    becomes a member first (numbered `number` for one name, else the next free). If the
    registration is refused, the members just added are taken back."""
    from tdconsole.club.members import Member, Members, link  # only a registration reads members

    members = Members(service.store)
    command = commands.Register(names=names, seed=seed, tickets=tickets or {}, paid=paid, unpaid=unpaid)
    added: list[Member] = []
    if new_member:
        if number is not None and len(names) != 1:
            raise InvalidInput("a new member's number is for one name: register them one at a time",
                               field="member")
        for name in names:
            if same := members.named(name):
                raise InvalidInput(
                    "{name} is already member {number}: register links to them, no new member",
                    name=same[0].name, number=same[0].number, field="new_member",
                )
        added = members.add_all(names, number)
        command = command.model_copy(update={"members": {m.name: m.number for m in added}})
    try:
        return service.execute(command if new_member else link(members, command, number))
    except TdError:
        for member in added:
            members.remove_unused(member.number)
        raise


def _by_ticket(service: Service, tickets: dict[str, commands.SeatTicket] | None) -> str | None:
    """The cash desk's method for an entry a won seat paid (T-SAT-4), if the house has it."""
    return "ticket" if tickets and "ticket" in service.state.house_rules.cash.methods else None


def _tickets(service: Service, request: RegisterRequest) -> dict[str, commands.SeatTicket]:
    """T-SAT-4: for each name, the oldest unspent seat he won worth this event's buy-in and fee:
    his member's (the one given, else the members so named), else won under his name."""
    from tdconsole.club.members import Members
    from tdconsole.club.tickets import ticket_for

    members = Members(service.store)
    price = service.state.info.buy_in + service.state.info.fee
    chosen: dict[str, commands.SeatTicket] = {}
    for name in request.names:
        numbers = {request.member} if request.member is not None else {
            member.number for member in members.named(name)}
        ticket = ticket_for(service.store, name, numbers, price)
        if ticket is None or ticket.id in {taken.id for taken in chosen.values()}:
            raise RuleViolation("T-SAT-4", "{name} holds no unspent seat worth {price} (tickets)",
                                name=name.strip(), price=price, field="ticket")
        chosen[name] = commands.SeatTicket(id=ticket.id, value=ticket.value, satellite=ticket.satellite)
    return chosen


def listed_alternates(envelopes: list[Envelope]) -> list[AlternateView]:
    """The alternates a registration or re-entry put on the list."""
    return [AlternateView(alternate=event.number, name=event.name, member=event.member,
                          reentry=event.previous_id is not None)
            for event in (envelope.event for envelope in envelopes) if isinstance(event, AlternateListed)]


class NameRequest(Request):
    name: str


class UnregisterResult(OptionalKeysView):
    OMITTED_WHEN_NONE = frozenset({"alternate", "alternates_seated"})  # only with alternates

    unregistered: str
    entries: int
    alternate: int | None = None  # the alternate taken off the list (he had no seat yet)
    # The freed seat went to the next alternate (T-REG-1, 8A).
    alternates_seated: list[AlternateSeatedView] | None = None


@action("unregister", web=True, tui=False, commands=(commands.Unregister,))
def unregister(service: Service, request: NameRequest) -> UnregisterResult:
    envelopes = service.execute(commands.Unregister(name=request.name))
    withdrawn = next((e.event.number for e in envelopes if isinstance(e.event, AlternateWithdrawn)), None)
    return UnregisterResult(unregistered=request.name.strip(), entries=service.state.entries,
                            alternate=withdrawn,
                            alternates_seated=alternate_seatings(envelopes, service.state) or None)


class AlternatesResult(View):
    alternates: list[AlternateView]  # waiting for a seat, in the order they are seated
    tables: int | None  # the tables the room has (new --tables); None: no limit


@action("alternates", web=False, tui=False, commands=())
def alternates(service: Service, request: NoArguments) -> AlternatesResult:
    """The alternates waiting for a seat, in order (T-REG-1)."""
    service.refresh()
    return AlternatesResult(alternates=alternates_view(service.state), tables=service.state.info.tables)

"""Registration: names and entries (busts and re-entries are in `busts.py`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.clock.late_registration import require_registration_open
from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation, TdError
from tdconsole.domain.events import (
    AlternateWithdrawn,
    Event,
    PlayerRegistered,
    PlayerUnregistered,
    TicketSpent,
)
from tdconsole.domain.limits import ENTRIES
from tdconsole.domain.money.cash import recorded_payment, stated_method
from tdconsole.domain.players import alternates
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.state import Player, TournamentState
from tdconsole.domain.text import MAX_NAME, check_text, looks_like, name_key

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import Register, Unregister


def validate_name(raw: str, field: str = "a player name") -> str:
    """A name as it is stored: trimmed, NFC, plain text of at most MAX_NAME characters.

    >>> validate_name("  Anna   Holm ")
    'Anna Holm'
    >>> validate_name("")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a player name cannot be empty
    """
    return check_text(field, raw, MAX_NAME, empty=False)


def refuse_look_alike(name: str, others: Iterable[str]) -> None:
    """A name that looks like one already there but is spelt with another script's letters
    (Cyrillic "Bо" beside "Bo") is refused: at the table nobody could tell them apart.

    >>> refuse_look_alike("Bo", ["Ann"])
    >>> refuse_look_alike("B\u043e", ["Bo"])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: 'Bо' looks like 'Bo' (letters from another script); type the
    name with the letters of the player's own script
    """
    if (alike := looks_like(name, others)) is not None:
        raise InvalidInput("{name!r} looks like {alike!r} (letters from another script); type the "
                           "name with the letters of the player's own script", name=name, alike=alike)


def decide_register(state: TournamentState, command: Register, now: datetime) -> list[Event]:
    """T-REG-1: each name once (ignoring case and width), each a new entry while registration is open.

    >>> from tdconsole.domain.commands import Register
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> events = decide_register(t.state, Register(names=["Cy", "Di"]), T0)
    >>> [(event.player_id, event.name) for event in events]
    [('p3', 'Cy'), ('p4', 'Di')]
    >>> decide_register(t.state, Register(names=["ANN"]), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: 'Ann' is already registered (names are unique ignoring case and
    width)
    >>> decide_register(t.state, Register(names=["Cy", "Di"], members={"Cy": 7, "Di": 7}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: member 7 is already registered as 'Cy' (a busted player buys a
    new entry with reenter)

    A won seat pays an entry of its own value (T-SAT-4); this event costs 300 + 50:

    >>> from tdconsole.domain.commands import SeatTicket
    >>> ticket = SeatTicket(id="T1", value=1_100)
    >>> decide_register(t.state, Register(names=["Cy"], tickets={"Cy": ticket}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SAT-4: a seat worth 1100 pays a buy-in and fee of 1100; this
    event's are 350
    """
    require_registration_open(state, now)  # T-REG-1
    check_entries(state, len(command.names))
    method = stated_method(state, command.paid, command.unpaid)  # the cash desk's, checked first
    events: list[Event] = []
    waits: list[tuple[str, int | None, str | None]] = []  # no seat: alternates, in order
    seen: set[str] = set()
    typed: list[str] = []
    issued = state.ids_issued
    members = _members_by_name(command)
    entered = _members_in(state) if members else {}
    # Only a name with letters outside ASCII can look like another (`looks_like`): an ASCII name is
    # compared with those alone, so registering a festival's 10,000 names is not 10,000 x 10,000.
    others = [*(player.name for player in state.players.values()),
              *(alternate.name for alternate in state.alternates.values())]
    unusual = [other for other in others if not other.isascii()]
    fits = alternates.seats_for_new(state)  # None: the room has as many tables as needed
    for raw in command.names:
        name = validate_name(raw)
        key = name_key(name)
        if key in state.by_name or key in seen:
            existing = state.players.get(state.by_name.get(key, ""))
            shown = existing.name if existing else name
            raise InvalidInput("{shown!r} is already registered (names are unique ignoring case "
                               "and width)", shown=shown)
        alternates.refuse_listed_twice(state, name)
        refuse_look_alike(name, unusual if name.isascii() else [*others, *typed])
        seen.add(key)
        typed.append(name)
        if not name.isascii():
            unusual.append(name)
        member = members.pop(key, None)
        if member is not None:
            # One member, one entry at a time: a second one is a re-entry (T-REG-1), not a new name.
            if member in entered:
                raise InvalidInput(
                    "member {member} is already registered as {entered!r} (a busted player buys a new "
                    "entry with reenter)", member=member, entered=entered[member],
                )
            entered[member] = name
        if fits is not None and len(events) >= fits:  # every seat of the room is taken (T-REG-1)
            waits.append((name, member, None))
            continue
        issued += 1
        events.append(PlayerRegistered(player_id=f"p{issued}", name=name, member=member))
    if members:
        raise InvalidInput(
            "member numbers given for names not registered: {names}", names=', '.join(members),
        )
    spent = _tickets_spent(state, command, events, waits)
    # How the buy-ins were paid, when the command says (the cash desk); an alternate's payment
    # waits with him and is recorded when he is seated.
    events += [paid for registered in list(events) if isinstance(registered, PlayerRegistered)
               for paid in recorded_payment(registered.player_id, ["entry"], method, command.unpaid)]
    # After the draw a new entry is seated at once (TDA 8A, T-MOVE-2).
    return events + spent + seating.seat_new_entries(
        state, [(e.player_id, e.name) for e in events if isinstance(e, PlayerRegistered)], command
    ) + alternates.listed(state, waits, paid=method, unpaid=command.unpaid)


def _tickets_spent(state: TournamentState, command: Register, events: list[Event],
                   waits: list[tuple[str, int | None, str | None]]) -> list[Event]:
    """T-SAT-4: a won seat pays the buy-in and fee of an event of exactly its value, for an entry
    that gets a seat now (a ticket does not wait on the alternates' list)."""
    tickets = {name_key(name): ticket for name, ticket in command.tickets.items()}
    price = state.info.buy_in + state.info.fee
    waiting = {name_key(name) for name, _member, _note in waits}
    spent: list[Event] = []
    for key, ticket in tickets.items():
        if ticket.value != price:
            raise RuleViolation("T-SAT-4", "a seat worth {value} pays a buy-in and fee of {value}; this "
                                "event's are {price}", value=ticket.value, price=price, field="ticket")
        if key in waiting:
            raise RuleViolation("T-SAT-4", "a ticket pays an entry with a seat; every seat is taken",
                                field="ticket")
    for event in events:
        if isinstance(event, PlayerRegistered) and (paid := tickets.get(name_key(event.name))) is not None:
            spent.append(TicketSpent(player_id=event.player_id, ticket=paid.id, value=paid.value,
                                     satellite=paid.satellite))
    return spent


def apply_ticket_spent(state: TournamentState, event: TicketSpent, now: datetime) -> None:
    player = state.players[event.player_id]
    player.ticket, player.ticket_at = event.ticket, now


def check_entries(state: TournamentState, new: int) -> None:
    """A tournament's entries and alternates stay within their stated range (limits.ENTRIES).

    >>> from tdconsole.domain.examples import tournament
    >>> check_entries(tournament("Ann").state, 1)
    >>> check_entries(tournament("Ann").state, 100_000)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the entries with these: 100001 is out of range; a number of
    entries is 1 to 100000
    """
    ENTRIES.check("the entries with these", state.entries + len(state.alternates) + new)


def _members_by_name(command: Register) -> dict[str, int]:
    linked: dict[str, int] = {}
    for raw, member in command.members.items():
        key = name_key(raw)
        if member < 1:
            raise InvalidInput(
                "member number {member} for {strip!r}: numbers start at 1", member=member,
                strip=raw.strip(),
            )
        linked[key] = member
    return linked


def _members_in(state: TournamentState) -> dict[int, str]:
    """Member number -> the name of their entry, for every member in the tournament (an alternate
    waiting for a seat too)."""
    entered = {player.member: player.name for player in state.players.values() if player.member is not None}
    return entered | {alt.member: alt.name for alt in state.alternates.values() if alt.member is not None}


def decide_unregister(state: TournamentState, command: Unregister, now: datetime) -> list[Event]:
    """A registration is taken back before the player busts; a re-entry is taken back by undo:

    >>> from tdconsole.domain.commands import Bust, Unregister
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> decide_unregister(t.state, Unregister(name="bo"), T0)
    [PlayerUnregistered(type='player_unregistered', player_id='p2')]
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> decide_unregister(t.state, Unregister(name="Cy"), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: Cy has busted; a busted player cannot be unregistered
    """
    withdrawn = alternates.withdraw(state, command.name)
    if withdrawn is not None:
        return withdrawn
    try:
        player = state.find(command.name)
    except NotFound as error:  # a prefix of an alternate's name
        try:
            alternate = alternates.named(state, command.name)
        except TdError:
            raise error from None
        return [AlternateWithdrawn(number=alternate.number)]
    if player.status == "busted":
        raise TdError("{name} has busted; a busted player cannot be unregistered", name=player.name)
    if player.entry > 1:
        raise TdError(
            "{name}'s entry {entry} is a re-entry: take it back with undo", name=player.name,
            entry=player.entry,
        )
    return [PlayerUnregistered(player_id=player.id)]


def shift_places(state: TournamentState, by: int) -> None:
    # A late entry finishes above everyone who busted before it arrived (T-REG-1): their places
    # move down one; an entry taken back moves them up again.
    """A late entry finishes above everyone who busted before it arrived (T-REG-1):

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> shift_places(t.state, +1)
    >>> t.state.find("Cy").place
    4
    """
    for player_id in state.busted:
        player = state.players[player_id]
        if player.place is not None:
            player.place += by
            if player.last_place is not None:
                player.last_place += by


def apply_registered(state: TournamentState, event: PlayerRegistered, now: datetime) -> None:
    shift_places(state, +1)
    state.players[event.player_id] = Player(event.player_id, event.name, member=event.member)
    state.by_name[name_key(event.name)] = event.player_id
    state.players_left += 1
    # A registration under a waiting sign-up's name is its approval (T-SIGNUP-1): it waits no more.
    state.signups.pop(name_key(event.name), None)
    # An id is never issued twice: an earlier registration undone after this one was made leaves
    # its number below this one's (domain/footprints.py).
    number = event.player_id.removeprefix("p")
    state.ids_issued = max(state.ids_issued + 1, int(number) if number.isdigit() else 0)


def apply_unregistered(state: TournamentState, event: PlayerUnregistered, now: datetime) -> None:
    player = state.players.pop(event.player_id)
    # An older log may hold two names that are one under today's key: drop only this one's.
    if state.by_name.get(name_key(player.name)) == player.id:
        del state.by_name[name_key(player.name)]
    state.players_left -= 1
    shift_places(state, -1)

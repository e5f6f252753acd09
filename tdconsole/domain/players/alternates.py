"""Alternates: a room of a stated number of tables (`new --tables`) whose every seat is taken.

A registration (or a busted player's re-entry) that finds no seat waits as an alternate with a
number; nobody jumps the list, so while anyone waits every new one waits behind. Each seat a bust or
an unregistration frees goes, in the same command, to the next alternate by number, seated as any
late entry is (8A: a random free seat at a table with the fewest players, dealt in at once unless
between the small blind and the button, T-MOVE-2). A broken table frees no seat: its players take
the free seats and it stays broken (T-BREAK-1). The list is a fold of the log like everything else,
so undoing the bust that seated an alternate puts him back on it.

Before the draw the room's seats are counted (`tables` x the seats each table has); after it, the
free seats of the open tables and the tables of the room never opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.errors import RuleViolation, TdError
from tdconsole.domain.events import (
    AlternateListed,
    AlternateWithdrawn,
    Event,
    PlayerBusted,
    PlayerReentered,
    PlayerRegistered,
    PlayerSeated,
    PlayerUnregistered,
)
from tdconsole.domain.money.cash import recorded_payment
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating import tables
from tdconsole.domain.seating.tables import Table
from tdconsole.domain.state import Alternate, TournamentState, match_name
from tdconsole.domain.text import name_key

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import Command


def open_seats(state: TournamentState, room: dict[int, Table] | None = None,
               leaving: frozenset[str] = frozenset()) -> int | None:
    """How many more entries the room can seat now (None: no limit on tables). `room`: the tables
    as a command leaves them; `leaving`: players a command takes out before the draw.

    One nine-seat table in the room (`new --tables 1`): ten registered, one waits.

    >>> from tdconsole.domain.examples import tournament
    >>> open_seats(tournament(*"ABCDEFG", tables=1).state)
    2
    >>> open_seats(tournament(*"ABCDEFGHIJ", tables=1).state)
    0
    >>> open_seats(tournament(*"ABCDEFGHIJ").state) is None
    True
    """
    limit = state.info.tables
    if limit is None:
        return None
    room = state.room if room is None else room
    # Entries without a seat yet (before the draw, all of them) have one kept for them.
    unseated = sum(1 for player in state.players.values()
                   if player.status == "registered" and player.id not in leaving)
    free = sum(table.free for table in tables.open_tables(room))
    unopened = sum(_laid_out(state, number).capacity for number in range(1, limit + 1)
                   if number not in room)
    return max(0, free + unopened - unseated)


def _laid_out(state: TournamentState, number: int) -> Table:
    return state.layout.get(number) or Table(number=number, seats=state.info.seats_per_table)


def seats_for_new(state: TournamentState) -> int | None:
    """How many new entries may take a seat now rather than wait: none while alternates wait
    (the list goes in order, T-REG-1); None: as many as come.

    >>> from tdconsole.domain.examples import tournament
    >>> seats_for_new(tournament(*"ABCDEFG", tables=1).state)
    2
    >>> seats_for_new(tournament(*"ABCDEFGHIJ", tables=1).state)  # J waits: nobody jumps the list
    0
    """
    if state.alternates:
        return 0
    return open_seats(state)


def listed(state: TournamentState, names: Sequence[tuple[str, int | None, str | None]],
           issued: int = 0, paid: str | None = None, unpaid: bool = False) -> list[Event]:
    """(name, member, the busted entry re-entered or None) waiting as the next alternates;
    `issued`: numbers this command has already given; `paid`/`unpaid`: how the command said they
    paid (`cash.stated_method`), kept until they are seated.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=1)
    >>> [(event.number, event.name) for event in listed(t.state, [("Ann", None, None), ("Bo", 7, None)])]
    [(2, 'Ann'), (3, 'Bo')]
    """
    first = state.alternates_issued + issued + 1
    return [AlternateListed(number=first + index, name=name, member=member, previous_id=previous,
                            paid=paid, unpaid=unpaid)
            for index, (name, member, previous) in enumerate(names)]


def refuse_listed_twice(state: TournamentState, name: str) -> None:
    """A name already on the list is not listed again (T-REG-1: one entry at a time).

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=1)
    >>> refuse_listed_twice(t.state, "K")
    >>> refuse_listed_twice(t.state, "j")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REG-1: J is already alternate 1
    """
    waiting = state.alternate_named(name)
    if waiting is not None:
        raise RuleViolation("T-REG-1", "{name} is already alternate {number}", name=waiting.name,
                            number=waiting.number)


def named(state: TournamentState, name: str) -> Alternate:
    """The alternate a typed name means: the exact name, else a unique prefix (`match_name`).

    >>> from tdconsole.domain.commands import Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHI", tables=1)
    >>> _ = t.do(Register(names=["Mette Kjær"]))
    >>> named(t.state, "mette").number
    1
    """
    return match_name(name, {name_key(alt.name): alt for alt in state.alternates.values()})


def withdraw(state: TournamentState, name: str) -> list[Event] | None:
    """`unregister` of an alternate: taken off the list, the others keep their numbers. None when
    no alternate is so named (the name is then a player's).

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=1)
    >>> withdraw(t.state, "J")
    [AlternateWithdrawn(type='alternate_withdrawn', number=1)]
    >>> withdraw(t.state, "A") is None
    True
    """
    waiting = state.alternate_named(name)
    if waiting is None:
        return None
    return [AlternateWithdrawn(number=waiting.number)]


def seat_freed(state: TournamentState, events: Sequence[Event], command: Command) -> list[Event]:
    """The next alternates, one for each seat `events` (a command's) free: they become entries
    and sit down at once, in the same command (8A, T-MOVE-2). Nothing while nobody waits.

    A bust frees a seat: the first alternate takes it in the same command (T-REG-1, 8A):

    >>> from random import Random
    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=1)
    >>> [(event.type, event.name) for event in t.do(Bust(names=["A"]).with_rng(Random(1)))
    ...  if event.type == "player_registered"]
    [('player_registered', 'J')]
    >>> t.state.alternates, t.state.find("J").status
    ({}, 'seated')
    """
    if not state.alternates:
        return []
    leaving = [event.player_id for event in events if isinstance(event, PlayerBusted | PlayerUnregistered)]
    if not leaving:
        return []
    room = dict(state.room)
    for player_id in leaving:
        player = state.players[player_id]
        if player.table is not None and player.table in room:
            room = tables.remove_player(room, player.name)
    count = min(len(state.alternates), open_seats(state, room, frozenset(leaving)) or 0)
    if not count:
        return []
    issued = state.ids_issued + sum(isinstance(e, PlayerRegistered | PlayerReentered) for e in events)
    entries: list[Event] = []
    payments: list[Event] = []
    for index, alternate in enumerate(list(state.alternates.values())[:count]):
        player_id = f"p{issued + index + 1}"
        if alternate.previous_id is None:
            entries.append(PlayerRegistered(player_id=player_id, name=alternate.name,
                                            member=alternate.member, alternate=alternate.number))
        else:
            entries.append(PlayerReentered(
                player_id=player_id, previous_id=alternate.previous_id, name=alternate.name,
                earlier_entry_can_cash=state.house_rules.eliminations.earlier_entry_can_cash,
                alternate=alternate.number))
        # The method given at registration, not the desk's default: checked when he was listed.
        payments += recorded_payment(player_id, ["entry"], alternate.paid, alternate.unpaid)
    if not state.room:  # before the draw: they wait for it like every entry
        return entries + payments
    from tdconsole.domain.commands import Drawing  # loaded already: `command` is one of them

    if not isinstance(command, Drawing):
        raise TdError("{verb}: seating an alternate draws a seat; run it through the service",
                      verb=command.verb)
    numbers = {entry.player_id: entry.alternate for entry in entries
               if isinstance(entry, PlayerRegistered | PlayerReentered)}
    seated = seating.seat_new_entries(
        state, [(entry.player_id, entry.name) for entry in entries
                if isinstance(entry, PlayerRegistered | PlayerReentered)], command, room)
    return [*entries, *payments, *(seat.model_copy(update={"alternate": numbers[seat.player_id]})
                                   for seat in seated if isinstance(seat, PlayerSeated))]


# ---------------------------------------------------------------- appliers


def apply_listed(state: TournamentState, event: AlternateListed, now: datetime) -> None:
    state.alternates[event.number] = Alternate(event.number, event.name, event.member, event.previous_id,
                                               event.paid, event.unpaid)
    state.alternates_issued = max(state.alternates_issued, event.number)


def apply_withdrawn(state: TournamentState, event: AlternateWithdrawn, now: datetime) -> None:
    del state.alternates[event.number]


def apply_called(state: TournamentState, event: PlayerRegistered | PlayerReentered, now: datetime) -> None:
    """An alternate whose turn came is an entry now: off the list."""
    if event.alternate is not None:
        del state.alternates[event.alternate]

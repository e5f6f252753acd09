"""Seating through the event log (issue 3): the draw, manual seats and moves, late entries, busts,
hands, balancing, breaks and the final table, as commands and events.

The rules live in the pure engine (`tables`, `buttons`, `balancing`); this module turns commands
into events and events into the room. Events record RESULTS (the seats drawn, the moves made), so
a replay never draws: the appliers only place players where the events say. The room holds
player names (unique among players still in, so messages and views read as people speak); events
about one player carry his id.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.commands import (
    Balance,
    BlockSeat,
    BreakTable,
    Draw,
    Drawing,
    FinalTable,
    HandDone,
    MovePlayer,
    Seat,
    SetButton,
    SetTableSeats,
)
from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation, TdError
from tdconsole.domain.events import (
    ButtonSet,
    DrawnTable,
    Event,
    HandFinished,
    PlayerBusted,
    PlayerMoved,
    PlayerSeated,
    PlayerUnregistered,
    TableBroken,
    TableLayoutSet,
    TablesBalanced,
    TablesDrawn,
)
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.seating import balancing, tables
from tdconsole.domain.seating.balancing import BalancePlan
from tdconsole.domain.seating.buttons import hand_from_button
from tdconsole.domain.seating.tables import Table
from tdconsole.domain.state import Player, TournamentState
from tdconsole.domain.text import name_key

if TYPE_CHECKING:
    import random  # only the type: the service makes the draw, the domain never does

# ---------------------------------------------------------------- reading the state


def seated(state: TournamentState, name: str) -> Player:
    """A player who sits at a table now: busted, unknown or unseated players are refused."""
    player = state.find(name)
    if player.status == "busted":
        raise TdError(
            "{name} has busted (place {place}): he has no seat", name=player.name, place=player.place,
        )
    if player.status != "seated":
        raise TdError("{name} is not seated yet: seat him with seat NAME TABLE SEAT", name=player.name)
    return player


def _unseated(state: TournamentState, name: str) -> Player:
    player = state.find(name)
    if player.status == "busted":
        raise TdError(
            "{name} has busted (place {place}): he cannot be seated", name=player.name, place=player.place,
        )
    if player.status == "seated":
        raise TdError(
            "{name} already sits at table {table} seat {seat} (T-SEAT-1): move him with move NAME TABLE "
            "SEAT", name=player.name, table=player.table, seat=player.seat,
        )
    return player


def _with_layout(state: TournamentState, number: int) -> dict[int, Table]:
    """The room, with table `number` as laid out (its seats, blocked seats) if it is not open."""
    if number in state.room or number not in state.layout:
        return state.room
    return {**state.room, number: state.layout[number]}


def _in_the_room(state: TournamentState, number: int) -> int:
    """A table the room has (`new --tables`): a seat at any other is no seat at all."""
    tables_in_room = state.info.tables
    if tables_in_room is not None and number > tables_in_room:
        raise InvalidInput("table {number}: the room has tables 1 to {tables}", number=number,
                           tables=tables_in_room, field="table")
    return number


def _table_layout(state: TournamentState, number: int) -> Table:
    table = state.room.get(number)
    if table is not None and table.status == "open":
        return table
    return state.layout.get(number) or Table(number=number, seats=state.info.seats_per_table)


def balance_plan(state: TournamentState) -> BalancePlan:
    """`balance`: the plan for the room now; players moved by the last balancing move again only
    when nobody else can (11A)."""
    return balancing.plan_balance(state.room, state.house_rules, recently_moved=state.balanced_last)


def final_table_number(state: TournamentState) -> int:
    """The final table is the one that would break last (10A)."""
    order = balancing.break_order(state.room, state.house_rules)
    if not order:
        raise TdError("no table is in play: draw the seats first")
    return order[-1]


def final_table_due(state: TournamentState) -> bool:
    return tables.final_table_due(state.room, state.house_rules, state.info.seats_per_table)


def drawn_table(table: Table) -> DrawnTable:
    return DrawnTable(
        table=table.number,
        seats=table.seats,
        blocked=sorted(table.blocked),
        occupants=table.occupants,
        button=table.hand.button if table.hand else None,
    )


# ---------------------------------------------------------------- deciders


def seat_new_entries(
    state: TournamentState,
    entries: Iterable[tuple[str, str]],
    draw: Drawing,
    room: dict[int, Table] | None = None,
) -> list[Event]:
    """Seat new entries (player id, name) once the tables are drawn: a random free seat at a
    table with the fewest players, dealt in at once unless the seat lies between the small blind
    and the button (TDA 8A, T-MOVE-2). Before the draw they wait for it: no events. A re-entry
    is seated the same way (8A). `room`: the tables to seat them at (default: the room)."""
    if not state.room:
        return []
    room = dict(state.room if room is None else room)
    events: list[Event] = []
    for player_id, name in entries:
        before = room
        room, seating = tables.late_entry(
            before, name, draw.rng, seats_per_table=state.info.seats_per_table, limit=state.info.tables
        )
        opened = seating.table not in before and seating.table in state.layout
        if opened:  # a new table opens as laid out (its own seats, blocked seats)
            laid = state.layout[seating.table]
            if not laid.free_seats:
                raise InvalidInput("table {number} has every seat blocked", number=laid.number)
            room, seating = tables.seat_player(
                {**before, laid.number: laid}, name, laid.number, laid.free_seats[0],
                seats_per_table=state.info.seats_per_table,
            )
        events.append(
            PlayerSeated(
                player_id=player_id, table=seating.table, seat=seating.seat, waits=seating.waits,
                late=True,
            )
        )
    return events


def decide_draw(state: TournamentState, command: Draw, now: datetime) -> list[Event]:
    waiting = [p for p in state.players.values() if p.status == "registered"]
    if not waiting:
        raise TdError("nobody is waiting for a seat: register players first")
    if state.room:
        # Some sit already (seated by hand): the rest fill the fewest-player tables (8A), with
        # as many tables open as everyone needs, so the sizes still end within 1 (ST1).
        room = dict(state.room)
        total = tables.live_players(room) + len(waiting)
        missing = tables.tables_needed(total, state.info.seats_per_table) - len(
            tables.open_tables(room))
        number = 1
        while missing > 0:
            if number not in room:
                room[number] = state.layout.get(number) or Table(
                    number=number, seats=state.info.seats_per_table)
                missing -= 1
            number += 1
        return seat_new_entries(state, [(p.id, p.name) for p in waiting], command, room)
    room = tables.draw(
        [p.name for p in waiting],
        seats_per_table=state.info.seats_per_table,
        rng=command.rng,
        rules=state.house_rules,
        layout=state.layout.values(),
    )
    return [TablesDrawn(tables=[drawn_table(room[n]) for n in sorted(room)])]


def decide_set_seats(state: TournamentState, command: SetTableSeats, now: datetime) -> list[Event]:
    table = state.room.get(command.table)
    if table is not None and table.status == "open" and table.occupants:
        raise InvalidInput(
            "table {table} has players: set its seats before anyone sits there", table=command.table,
        )
    blocked = sorted(s for s in _table_layout(state, command.table).blocked if s <= command.seats)
    return [TableLayoutSet(table=command.table, seats=command.seats, blocked=blocked)]


def decide_block(state: TournamentState, command: BlockSeat, now: datetime) -> list[Event]:
    table = tables.block_seat(_table_layout(state, command.table), command.seat, command.blocked)
    return [TableLayoutSet(table=table.number, seats=table.seats, blocked=sorted(table.blocked))]


def decide_seat(state: TournamentState, command: Seat, now: datetime) -> list[Event]:
    player = _unseated(state, command.name)
    _in_the_room(state, command.table)
    _, seating = tables.seat_player(
        _with_layout(state, command.table), player.name, command.table, command.seat,
        seats_per_table=state.info.seats_per_table,
    )
    return [PlayerSeated(player_id=player.id, table=seating.table, seat=seating.seat,
                         waits=seating.waits)]


def decide_move(state: TournamentState, command: MovePlayer, now: datetime) -> list[Event]:
    player = seated(state, command.name)
    assert player.table is not None and player.seat is not None
    _in_the_room(state, command.table)
    _, seating = tables.move_player(
        state.room, player.name, command.table, command.seat, rules=state.house_rules
    )
    # Checked last: only a move that is otherwise allowed may be forced.
    position = tables.blind_sequence(state.room[player.table]).get(player.seat)
    if position is not None and not command.force:
        raise RuleViolation(
            "T-MOVE-3",
            "{name} is on the {position} at table {table} and moves once he has finished the blinds/button "
            "sequence; force the move to make it now (logged)", name=player.name, position=position,
            table=player.table,
        )
    forced = position is not None
    return [PlayerMoved(player_id=player.id, from_table=player.table, from_seat=player.seat,
                        table=seating.table, seat=seating.seat, waits=seating.waits,
                        forced=forced, rules=["T-MOVE-3"] if forced else [])]


def _next_hand(table: Table, rules: HouseRules) -> Event:
    # A table that had no hand yet has played its opening hand (T-SEAT-2): it moves on from there.
    tables.hand_done(tables.with_opening_hand(table, rules))  # the checks: open, two players
    return HandFinished(table=table.number)


def decide_hand_done(state: TournamentState, command: HandDone, now: datetime) -> list[Event]:
    """The button and blinds move on at the table, or at every table dealing (TDA 32, 34B).
    While hand-for-hand runs, `hand_for_hand.decide_hand_done` adds the table's part in it."""
    rules = state.house_rules
    if command.table is not None:
        return [_next_hand(tables.get_table(state.room, command.table), rules)]
    dealing = [
        t for n, t in sorted(state.room.items()) if t.status == "open" and len(t.occupants) >= 2
    ]
    if not dealing:
        raise TdError("no table has two players to deal to: draw the seats first")
    return [_next_hand(t, rules) for t in dealing]


def decide_set_button(state: TournamentState, command: SetButton, now: datetime) -> list[Event]:
    table = tables.get_table(state.room, command.table)
    if table.status != "open":
        raise InvalidInput("table {number} is broken", number=table.number)
    tables.set_button(table, command.seat)
    return [ButtonSet(table=command.table, seat=command.seat)]


def decide_balance(state: TournamentState, command: Balance, now: datetime) -> list[Event]:
    plan = balance_plan(state)
    if plan.break_ is not None:
        raise RuleViolation(
            "T-BREAK-1",
            "table {break_} can break: break it first", break_=plan.break_,
        )
    moves = plan.moves[: command.moves]
    if not moves:
        raise TdError("the tables are balanced (T-BAL-1): nobody needs to move")
    if command.expect and moves != command.expect:
        raise TdError("the balancing plan changed since it was shown: nothing moved; look again")
    return [TablesBalanced(moves=moves)]


def decide_break(state: TournamentState, command: BreakTable, now: datetime) -> list[Event]:
    _, seats = balancing.break_table(state.room, command.table, command.rng, state.house_rules)
    return [TableBroken(table=command.table, seats=seats)]


def final_draw(state: TournamentState, rng: random.Random) -> Table:
    """The final table as `rng` draws it (T-SEAT-2, T-SEAT-3): the decision's, and a preview's
    with the same seed."""
    number = final_table_number(state)
    return tables.final_table(state.room, rng=rng, rules=state.house_rules,
                              seats_per_table=state.info.seats_per_table, number=number)[number]


def decide_final(state: TournamentState, command: FinalTable, now: datetime) -> list[Event]:
    return [TablesDrawn(tables=[drawn_table(final_draw(state, command.rng))], final=True)]


# ---------------------------------------------------------------- appliers


def _place(state: TournamentState, table: Table) -> None:
    """Put `table` in the room and bring its players' table and seat in step."""
    state.room[table.number] = table
    for seat, name in table.occupants.items():
        _seat(state, name, table.number, seat)


def _seat(state: TournamentState, name: str, table: int, seat: int) -> None:
    """The player named `name` sits at `table`, `seat`."""
    player = state.players[state.by_name[name_key(name)]]
    if (player.table, player.seat) != (table, seat) or player.status != "seated":
        player.status, player.table, player.seat = "seated", table, seat


def _put(state: TournamentState, room: dict[int, Table], numbers: Iterable[int]) -> None:
    for number in set(numbers):
        _place(state, room[number])


def apply_layout_set(state: TournamentState, event: TableLayoutSet, now: datetime) -> None:
    laid = Table(number=event.table, seats=event.seats, blocked=frozenset(event.blocked))
    state.layout[event.table] = laid
    table = state.room.get(event.table)
    if table is not None and table.status == "open":
        update: dict[str, object] = {"blocked": laid.blocked}
        if table.seats != laid.seats:  # only an empty table changes its seat count
            update |= {"seats": laid.seats, "hand": None}
        state.room[event.table] = table.updated(update)


def apply_tables_drawn(state: TournamentState, event: TablesDrawn, now: datetime) -> None:
    drawn = {d.table for d in event.tables}
    if event.final:  # T-SEAT-3: every other table is broken
        for number, table in list(state.room.items()):
            if number not in drawn:
                state.room[number] = table.updated({"occupants": {}, "status": "broken", "hand": None,
                                                    "just_paid": frozenset()})
    for d in event.tables:
        table = Table(number=d.table, seats=d.seats, blocked=frozenset(d.blocked),
                      occupants=d.occupants)
        if d.button is not None:
            table = table.updated({"hand": hand_from_button(table.occupants, table.seats, d.button)})
        _place(state, table)


def apply_seated(state: TournamentState, event: PlayerSeated, now: datetime) -> None:
    name = state.players[event.player_id].name
    room, _ = tables.seat_player(
        _with_layout(state, event.table), name, event.table, event.seat,
        seats_per_table=state.info.seats_per_table,
    )
    _place(state, room[event.table])


def apply_moved(state: TournamentState, event: PlayerMoved, now: datetime) -> None:
    name = state.players[event.player_id].name
    room, _ = tables.move_player(state.room, name, event.table, event.seat)
    _put(state, room, (event.from_table, event.table))


def apply_balanced(state: TournamentState, event: TablesBalanced, now: datetime) -> None:
    room = balancing.apply_plan(state.room, BalancePlan(moves=event.moves))
    _put(state, room, [n for m in event.moves for n in (m.from_.table, m.to.table)])
    state.balanced_last = frozenset(m.player for m in event.moves)


def apply_broken(state: TournamentState, event: TableBroken, now: datetime) -> None:
    room, _ = balancing.apply_break(state.room, event.table, event.seats)
    # Only the broken table's players moved: the others at the tables they join sit as they sat
    # (a festival's night breaks hundreds of tables into full ones).
    state.room[event.table] = room[event.table]
    for moved in event.seats:
        state.room[moved.to.table] = room[moved.to.table]
        _seat(state, moved.player, moved.to.table, moved.to.seat)


def apply_hand_finished(state: TournamentState, event: HandFinished, now: datetime) -> None:
    # (A log written before tables had an opening hand gave such a table a ButtonSet instead.)
    table = tables.with_opening_hand(state.room[event.table], state.house_rules)
    state.room[event.table] = tables.hand_done(table)


def apply_button_set(state: TournamentState, event: ButtonSet, now: datetime) -> None:
    state.room[event.table] = tables.set_button(state.room[event.table], event.seat)


def _vacate(state: TournamentState, name: str, number: int | None) -> None:
    # A bust or a withdrawal frees the seat; the hand being played keeps its positions (TDA 32).
    if number is not None and number in state.room:
        state.room[number] = tables.remove_player({number: state.room[number]}, name)[number]
        return
    with suppress(NotFound):  # never seated
        state.room = tables.remove_player(state.room, name)


def apply_busted(state: TournamentState, event: PlayerBusted, now: datetime) -> None:
    # Runs before busts' applier (APPLIERS), while the player's record still names his seat.
    player = state.players[event.player_id]
    _vacate(state, player.name, player.table)
    if player.table is not None and player.seat is not None:
        player.left_seat = (player.table, player.seat)
    player.table = player.seat = None


def apply_unregistered(state: TournamentState, event: PlayerUnregistered, now: datetime) -> None:
    # Runs before registration's applier (APPLIERS), which forgets the player.
    player = state.players[event.player_id]
    _vacate(state, player.name, player.table)

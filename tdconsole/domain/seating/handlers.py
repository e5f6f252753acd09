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

from tdconsole.domain.clock.timing import game_at
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
    ShootoutRoundDrawn,
    TableBroken,
    TableLayoutSet,
    TablesBalanced,
    TablesDrawn,
)
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.seating import balancing, shootout, tables
from tdconsole.domain.seating.balancing import BalancePlan
from tdconsole.domain.seating.buttons import hand_from_button
from tdconsole.domain.seating.tables import Table
from tdconsole.domain.state import Player, TournamentState
from tdconsole.domain.text import name_key

if TYPE_CHECKING:
    import random  # only the type: the service makes the draw, the domain never does

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
        ShootoutDraw,
    )

# ---------------------------------------------------------------- reading the state


def seated(state: TournamentState, name: str) -> Player:
    """A player who sits at a table now: busted, unknown or unseated players are refused.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy", tables=1)
    >>> seated(t.state, "ann").seat
    5
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> seated(t.state, "Cy")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: Cy has busted (place 3): he has no seat
    >>> seated(tournament("Ann", "Bo").state, "Ann")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: Ann is not seated yet: seat him with seat NAME TABLE SEAT
    """
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
    when nobody else can (11A).

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJKLMNO", tables=2)  # eight and seven
    >>> balance_plan(t.state).moves
    []
    >>> _ = t.do(Bust(names=["O"]))
    >>> _ = t.do(Bust(names=["D"]))
    >>> [(move.player, move.from_.table, move.to.table) for move in balance_plan(t.state).moves]
    [('F', 1, 2)]
    """
    if shootout.settings(state) is not None:  # T-SHOOT-1: a shootout's tables never balance or break
        return BalancePlan()
    return balancing.plan_balance(state.room, state.house_rules, recently_moved=state.balanced_last)


def final_table_number(state: TournamentState) -> int:
    """The final table is the one that would break last (10A).

    >>> from tdconsole.domain.examples import tournament
    >>> final_table_number(tournament(*"ABCDEFGHIJ", tables=2).state)
    1
    >>> final_table_number(tournament("Ann", "Bo").state)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: no table is in play: draw the seats first
    """
    order = balancing.break_order(state.room, state.house_rules)
    if not order:
        raise TdError("no table is in play: draw the seats first")
    return order[-1]


def final_table_due(state: TournamentState) -> bool:
    """T-SEAT-3: the players left fit one table while two still run.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> final_table_due(t.state)
    False
    >>> _ = t.do(Bust(names=["E"]))
    >>> final_table_due(t.state)
    True
    """
    # T-SHOOT-1: a shootout's rounds are drawn by shootout draw, never by a final table.
    return shootout.settings(state) is None and tables.final_table_due(
        state.room, state.house_rules, state.info.seats_per_table)


def drawn_table(table: Table) -> DrawnTable:
    """A table as its event records it.

    >>> from tdconsole.domain.seating.tables import set_button
    >>> table = Table(number=2, seats=9, blocked=frozenset({5}), occupants={1: "Ann", 4: "Bo"})
    >>> drawn_table(set_button(table, 4))
    DrawnTable(table=2, seats=9, blocked=[5], occupants={1: 'Ann', 4: 'Bo'}, button=4)
    """
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
    is seated the same way (8A). `room`: the tables to seat them at (default: the room).

    >>> from random import Random
    >>> from tdconsole.domain.commands import Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> [(event.table, event.late) for event in
    ...  seat_new_entries(t.state, [("p11", "K")], Register(names=["K"]).with_rng(Random(1)))]
    [(1, True)]
    >>> seat_new_entries(tournament("Ann").state, [("p2", "Bo")], Register(names=["Bo"]))
    []
    """
    if not state.room:
        return []
    room = shootout.open_to_entries(state, dict(state.room if room is None else room))
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
            room, seating = tables.seat_unseated(  # late_entry found him in no seat of `before`
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
    """T-SEAT-2, ST1: every registered player without a seat draws one.

    >>> from random import Random
    >>> from tdconsole.domain.commands import Draw
    >>> from tdconsole.domain.examples import T0, tournament
    >>> [drawn] = decide_draw(tournament(*"ABCDEFGHIJ").state, Draw().with_rng(Random(1)), T0)
    >>> [(table.table, len(table.occupants), table.button) for table in drawn.tables]
    [(1, 5, 1), (2, 5, 1)]
    >>> decide_draw(tournament().state, Draw().with_rng(Random(1)), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: nobody is waiting for a seat: register players first
    """
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
    """A table's number of seats, set before anyone sits there; its blocked seats stay blocked.

    >>> from tdconsole.domain.commands import SetTableSeats
    >>> from tdconsole.domain.examples import T0, tournament
    >>> decide_set_seats(tournament("Ann").state, SetTableSeats(table=1, seats=6), T0)
    [TableLayoutSet(type='table_layout_set', table=1, seats=6, blocked=[])]
    >>> decide_set_seats(tournament("Ann", "Bo", tables=1).state, SetTableSeats(table=1, seats=6), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 1 has players: set its seats before anyone sits there
    """
    table = state.room.get(command.table)
    if table is not None and table.status == "open" and table.occupants:
        raise InvalidInput(
            "table {table} has players: set its seats before anyone sits there", table=command.table,
        )
    blocked = sorted(s for s in _table_layout(state, command.table).blocked if s <= command.seats)
    return [TableLayoutSet(table=command.table, seats=command.seats, blocked=blocked)]


def decide_block(state: TournamentState, command: BlockSeat, now: datetime) -> list[Event]:
    """A broken chair: the seat is never drawn or assigned; a seat somebody sits in is not blocked.

    >>> from tdconsole.domain.commands import BlockSeat
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> decide_block(t.state, BlockSeat(table=1, seat=5), T0)
    [TableLayoutSet(type='table_layout_set', table=1, seats=9, blocked=[5])]
    >>> decide_block(t.state, BlockSeat(table=1, seat=1), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 1 seat 1 is taken by C: move him first
    """
    table = tables.block_seat(_table_layout(state, command.table), command.seat, command.blocked)
    return [TableLayoutSet(table=table.number, seats=table.seats, blocked=sorted(table.blocked))]


def decide_seat(state: TournamentState, command: Seat, now: datetime) -> list[Event]:
    """T-SEAT-1: the TD seats a player by hand, in a seat of the room.

    >>> from tdconsole.domain.commands import Register, Seat
    >>> from tdconsole.domain.examples import T0, Tournament
    >>> t = Tournament(tables=2)
    >>> _ = t.do(Register(names=["Ann", "Bo"]))
    >>> [seated] = decide_seat(t.state, Seat(name="Ann", table=2, seat=3), T0)
    >>> seated.player_id, seated.table, seated.seat, seated.waits
    ('p1', 2, 3, False)
    >>> decide_seat(t.state, Seat(name="Ann", table=3, seat=3), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 3: the room has tables 1 to 2
    >>> _ = t.do(Seat(name="Ann", table=2, seat=3))
    >>> decide_seat(t.state, Seat(name="Ann", table=1, seat=1), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: Ann already sits at table 2 seat 3 (T-SEAT-1): move him with move NAME
    TABLE SEAT
    """
    player = _unseated(state, command.name)
    _in_the_room(state, command.table)
    _, seating = tables.seat_player(
        _with_layout(state, command.table), player.name, command.table, command.seat,
        seats_per_table=state.info.seats_per_table,
    )
    return [PlayerSeated(player_id=player.id, table=seating.table, seat=seating.seat,
                         waits=seating.waits)]


def decide_move(state: TournamentState, command: MovePlayer, now: datetime) -> list[Event]:
    """Table 1 deals with C on the button, J in the small blind, F in the big blind: they finish that
    sequence before they move (T-MOVE-3), unless the move is forced. B moves at once, and waits at his
    new seat, between the next hand's button and small blind (T-MOVE-2).

    >>> from tdconsole.domain.commands import MovePlayer
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> sorted(t.state.room[1].occupants.items()), sorted(t.state.room[2].occupants.items())
    ([(1, 'C'), (2, 'J'), (3, 'F'), (4, 'B'), (7, 'I')], [(1, 'E'), (2, 'D'), (6, 'A'), (7, 'G'), (9, 'H')])
    >>> decide_move(t.state, MovePlayer(name="C", table=2, seat=3), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-MOVE-3: C is on the button at table 1 and moves once he has
    finished the blinds/button sequence; force the move to make it now (logged)
    >>> [moved] = decide_move(t.state, MovePlayer(name="C", table=2, seat=3, force=True), T0)
    >>> moved.forced, moved.rules
    (True, ['T-MOVE-3'])
    >>> [moved] = decide_move(t.state, MovePlayer(name="B", table=2, seat=3), T0)
    >>> (moved.from_table, moved.from_seat, moved.table, moved.seat, moved.waits)
    (1, 4, 2, 3, True)
    """
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


def _next_hand(table: Table, rules: HouseRules, frozen: bool) -> Event:
    # A table that had no hand yet has played its opening hand (T-SEAT-2): it moves on from there.
    tables.hand_done(tables.with_opening_hand(table, rules))  # the checks: open, two players
    return HandFinished(table=table.number, frozen=frozen)


def button_frozen(state: TournamentState, now: datetime) -> bool:
    """TDA 11B: on a mixed night the button stays frozen through the stud levels, where the next
    hold'em hand would have it (the last hold'em hand moved it there), and hold'em starts from it
    again; a player balanced in stud is the one the frozen button makes big blind (11A's rule then
    needs nothing more).

    >>> from tdconsole.domain.examples import T0, tournament
    >>> button_frozen(tournament("Ann", "Bo").state, T0)  # NLHE
    False
    """
    game = game_at(state.info.structure, state.clock, state.info.game, now)
    return game is not None and game.stud


def decide_hand_done(state: TournamentState, command: HandDone, now: datetime) -> list[Event]:
    """The button and blinds move on at the table, or at every table dealing (TDA 32, 34B).
    While hand-for-hand runs, `hand_for_hand.decide_hand_done` adds the table's part in it.

    >>> from tdconsole.domain.commands import HandDone
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> decide_hand_done(t.state, HandDone(table=2), T0)
    [HandFinished(type='hand_finished', table=2, frozen=False)]
    >>> [event.table for event in decide_hand_done(t.state, HandDone(), T0)]
    [1, 2]
    >>> decide_hand_done(tournament("Ann", "Bo").state, HandDone(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: no table has two players to deal to: draw the seats first
    """
    rules = state.house_rules
    frozen = button_frozen(state, now)
    if command.table is not None:
        return [_next_hand(tables.get_table(state.room, command.table), rules, frozen)]
    dealing = [
        t for n, t in sorted(state.room.items()) if t.status == "open" and len(t.occupants) >= 2
    ]
    if not dealing:
        raise TdError("no table has two players to deal to: draw the seats first")
    return [_next_hand(t, rules, frozen) for t in dealing]


def decide_set_button(state: TournamentState, command: SetButton, now: datetime) -> list[Event]:
    """34A: the TD puts the button where it is; the blinds follow it.

    >>> from tdconsole.domain.commands import SetButton
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> decide_set_button(t.state, SetButton(table=1, seat=4), T0)
    [ButtonSet(type='button_set', table=1, seat=4)]
    >>> decide_set_button(t.state, SetButton(table=1, seat=5), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 1 seat 5 is empty: the button must be on a player
    """
    table = tables.get_table(state.room, command.table)
    if table.status != "open":
        raise InvalidInput("table {number} is broken", number=table.number)
    tables.set_button(table, command.seat)
    return [ButtonSet(table=command.table, seat=command.seat)]


def decide_balance(state: TournamentState, command: Balance, now: datetime) -> list[Event]:
    """T-BAL-1: a difference of two players between tables moves one; a table that can break is broken
    first (T-BREAK-1).

    >>> from tdconsole.domain.commands import Balance, Bust
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJKLMNO", tables=2)  # eight and seven
    >>> decide_balance(t.state, Balance(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: the tables are balanced (T-BAL-1): nobody needs to move
    >>> _ = t.do(Bust(names=["O"]))
    >>> _ = t.do(Bust(names=["D"]))
    >>> [balanced] = decide_balance(t.state, Balance(), T0)
    >>> [(move.player, move.to.table, move.to.seat) for move in balanced.moves]  # F: due the big blind
    [('F', 2, 8)]
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)  # five and five
    >>> _ = t.do(Bust(names=["E"]))
    >>> _ = t.do(Bust(names=["D"]))
    >>> decide_balance(t.state, Balance(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-BREAK-1: table 2 can break: break it first
    """
    shootout.refuse_split(state)
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
    """10A, T-BREAK-1: a table breaks once its players fit in the others' free seats.

    >>> from random import Random
    >>> from tdconsole.domain.commands import BreakTable, Bust
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJKLMNO", tables=2)  # eight and seven
    >>> decide_break(t.state, BreakTable(table=2).with_rng(Random(1)), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-BREAK-1: the other tables lack free seats for the 7 players of
    table 2
    >>> for name in "BODJLE":
    ...     _ = t.do(Bust(names=[name]))
    >>> [broken] = decide_break(t.state, BreakTable(table=2).with_rng(Random(1)), T0)
    >>> [(seat.player, seat.to.table) for seat in broken.seats]
    [('H', 1)]
    """
    shootout.refuse_split(state)
    _, seats = balancing.break_table(state.room, command.table, command.rng, state.house_rules)
    return [TableBroken(table=command.table, seats=seats)]


def final_draw(state: TournamentState, rng: random.Random) -> Table:
    """The final table as `rng` draws it (T-SEAT-2, T-SEAT-3): the decision's, and a preview's
    with the same seed.

    >>> from random import Random
    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> _ = t.do(Bust(names=["E"]))
    >>> table = final_draw(t.state, Random(1))
    >>> table.number, len(table.occupants), table.hand.button
    (1, 9, 1)
    """
    shootout.refuse_split(state)
    number = final_table_number(state)
    return tables.final_table(state.room, rng=rng, rules=state.house_rules,
                              seats_per_table=state.info.seats_per_table, number=number)[number]


def decide_final(state: TournamentState, command: FinalTable, now: datetime) -> list[Event]:
    """T-SEAT-3: the final table is drawn afresh once everybody fits one table.

    >>> from random import Random
    >>> from tdconsole.domain.commands import Bust, FinalTable
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)
    >>> decide_final(t.state, FinalTable().with_rng(Random(1)), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SEAT-3: 10 players do not fit one final table of 9
    >>> _ = t.do(Bust(names=["E"]))
    >>> [drawn] = decide_final(t.state, FinalTable().with_rng(Random(1)), T0)
    >>> drawn.final, [len(table.occupants) for table in drawn.tables]
    (True, [9])
    """
    return [TablesDrawn(tables=[drawn_table(final_draw(state, command.rng))], final=True)]


def decide_shootout_draw(state: TournamentState, command: ShootoutDraw, now: datetime) -> list[Event]:
    """T-SHOOT-3: once every table of a shootout round is down to its winners, they draw the next
    round's tables; the draw is recorded (a replay and an undo never draw again).

    >>> from random import Random
    >>> from tdconsole.domain.commands import Bust, ShootoutDraw
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.seating.rounds import ShootoutSettings
    >>> t = tournament(*[f"P{n}" for n in range(1, 19)], tables=2, shootout=ShootoutSettings())
    >>> for table in (1, 2):
    ...     _ = t.do(Bust(names=sorted(t.state.room[table].occupants.values())[1:]))
    >>> [drawn] = decide_shootout_draw(t.state, ShootoutDraw().with_rng(Random(1)), T0)
    >>> drawn.round, drawn.ended_tables, [sorted(table.occupants.values()) for table in drawn.tables]
    (2, 2, [['P1', 'P10']])
    """
    room = shootout.next_round(state, command.rng)
    return [ShootoutRoundDrawn(round=state.shootout_round + 1, ended_tables=len(shootout.playing(state)),
                               tables=[drawn_table(room[number]) for number in sorted(room)])]


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
    _drawn(state, event.tables, break_the_rest=event.final)  # T-SEAT-3: every other table is broken


def apply_round_drawn(state: TournamentState, event: ShootoutRoundDrawn, now: datetime) -> None:
    # T-SHOOT-3: the round before is over, every table of it broken; the winners sit as drawn.
    state.shootout_tables.append(event.ended_tables)
    state.shootout_round = event.round
    _drawn(state, event.tables, break_the_rest=True)


def _drawn(state: TournamentState, drawn_tables: list[DrawnTable], *, break_the_rest: bool) -> None:
    drawn = {d.table for d in drawn_tables}
    if break_the_rest:
        for number, table in list(state.room.items()):
            if number not in drawn:
                state.room[number] = table.updated({"occupants": {}, "status": "broken", "hand": None,
                                                    "just_paid": frozenset()})
    for d in drawn_tables:
        table = Table(number=d.table, seats=d.seats, blocked=frozenset(d.blocked),
                      occupants=d.occupants)
        if d.button is not None:
            table = table.updated({"hand": hand_from_button(table.occupants, table.seats, d.button)})
        _place(state, table)


def apply_seated(state: TournamentState, event: PlayerSeated, now: datetime) -> None:
    player = state.players[event.player_id]
    if player.status == "seated":  # where the state's player says he sits: not found by a search
        raise InvalidInput("{name} already sits at table {table} seat {seat}", name=player.name,
                           table=player.table, seat=player.seat)
    room, _ = tables.seat_unseated(
        _with_layout(state, event.table), player.name, event.table, event.seat,
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
    room = balancing.seat_break(state.room, event.table, event.seats)
    # Only the broken table's players moved: the others at the tables they join sit as they sat
    # (a festival's night breaks hundreds of tables into full ones).
    state.room[event.table] = room[event.table]
    for moved in event.seats:
        state.room[moved.to.table] = room[moved.to.table]
        _seat(state, moved.player, moved.to.table, moved.to.seat)


def apply_hand_finished(state: TournamentState, event: HandFinished, now: datetime) -> None:
    # (A log written before tables had an opening hand gave such a table a ButtonSet instead.)
    table = tables.with_opening_hand(state.room[event.table], state.house_rules)
    state.room[event.table] = table if event.frozen else tables.hand_done(table)  # 11B


def apply_button_set(state: TournamentState, event: ButtonSet, now: datetime) -> None:
    state.room[event.table] = tables.set_button(state.room[event.table], event.seat)


def _vacate(state: TournamentState, name: str, number: int | None, seat: int | None = None) -> None:
    # A bust or a withdrawal frees the seat; the hand being played keeps its positions (TDA 32).
    if number is not None and number in state.room:
        table = state.room[number]
        # The seat the player's record names, when he sits in it: no search of the table (a
        # festival's log folds thousands of busts).
        if seat is not None and table.occupants.get(seat) == name:
            state.room[number] = tables.vacate(table, seat)
        else:
            state.room[number] = tables.remove_player({number: table}, name)[number]
        return
    with suppress(NotFound):  # never seated
        state.room = tables.remove_player(state.room, name)


def apply_busted(state: TournamentState, event: PlayerBusted, now: datetime) -> None:
    # Runs before busts' applier (APPLIERS), while the player's record still names his seat.
    player = state.players[event.player_id]
    _vacate(state, player.name, player.table, player.seat)
    if player.table is not None and player.seat is not None:
        player.left_seat = (player.table, player.seat)
    player.table = player.seat = None


def apply_unregistered(state: TournamentState, event: PlayerUnregistered, now: datetime) -> None:
    # Runs before registration's applier (APPLIERS), which forgets the player.
    player = state.players[event.player_id]
    _vacate(state, player.name, player.table, player.seat)

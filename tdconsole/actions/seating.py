"""Seats and tables: the draw, seating and moving players, hands and buttons, balancing, breaking a
table and the final table; table layouts."""

from __future__ import annotations

import secrets
from typing import Annotated

from pydantic import Field

from tdconsole.actions.base import Request, action
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import (
    ButtonSet,
    HandFinished,
    PlayerMoved,
    PlayerSeated,
    TableBroken,
    TablesBalanced,
)
from tdconsole.domain.model import empty_list
from tdconsole.domain.seating import balancing, shootout
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating.balancing import BalancePlan, BrokenSeat, Move
from tdconsole.randomness import make_rng
from tdconsole.service import Service
from tdconsole.views.base import View
from tdconsole.views.log import said
from tdconsole.views.money import hand_for_hand_ended
from tdconsole.views.seating import (
    MovedView,
    SeatedView,
    Spot,
    TableView,
    round_preview,
    seated_view,
    table_view,
    tables_view,
)


class SeedRequest(Request):
    seed: int | None = None  # repeat a draw exactly (default: a cryptographic random draw)


class DrawResult(View):
    tables: list[TableView]
    players_seated: int


@action("draw", web=True, commands=(commands.Draw,))
def draw(service: Service, request: SeedRequest) -> DrawResult:
    """Seat every registered, unseated player at random, seat 1 on the button (T-SEAT-2)."""
    service.execute(commands.Draw(seed=request.seed))
    state = service.state
    return DrawResult(tables=tables_view(state.room, state.house_rules),
                      players_seated=sum(1 for p in state.players.values() if p.status == "seated"))


class SeatRequest(Request):
    name: str
    table: int
    seat: int


@action("seat", web=True, tui=False, commands=(commands.Seat,))
def seat(service: Service, request: SeatRequest) -> SeatedView:
    """Put a registered player in a given seat, opening the table if needed (T-SEAT-1)."""
    [envelope, *_rest] = service.execute(commands.Seat(name=request.name, table=request.table,
                                                       seat=request.seat))
    event = envelope.event
    assert isinstance(event, PlayerSeated)
    return seated_view(service.state, event.player_id, event.waits, event.late)


class MoveRequest(SeatRequest):
    force: bool = False  # on the button or in the blinds, moved anyway (T-MOVE-3; logged)


@action("move", web=True, commands=(commands.MovePlayer,))
def move(service: Service, request: MoveRequest) -> MovedView:
    """Move a seated player to a free seat (T-SEAT-1, T-MOVE-1); T-MOVE-3 unless forced."""
    envelopes = service.execute(commands.MovePlayer(
        name=request.name, table=request.table, seat=request.seat, force=request.force))
    event = envelopes[0].event
    assert isinstance(event, PlayerMoved)
    placed = seated_view(service.state, event.player_id, event.waits)
    return MovedView(**dict(placed), from_=Spot(table=event.from_table, seat=event.from_seat),
                     forced=event.forced, rules=event.rules, said=said(envelopes, service.state))


class HandDoneRequest(Request):
    table: int | None = None
    every: bool = False  # every table that is dealing


class TablesResult(View):
    tables: list[TableView]
    # What the TD is told when the hand ended hand-for-hand by itself (T-H4H-1); shown, not a key.
    ended: str | None = Field(default=None, exclude=True)


@action("hand-done", web=True, commands=(commands.HandDone,))
def hand_done(service: Service, request: HandDoneRequest) -> TablesResult:
    """A table finished its hand: its button and blinds move on (TDA 32, 34B)."""
    if (request.table is None) == (not request.every):
        raise InvalidInput("give a table or every table (not both)", field="table")
    envelopes = service.execute(commands.HandDone(table=request.table))
    # Only the tables' own events: the last hand-for-hand table's also places the hand's busts.
    done = sorted({e.event.table for e in envelopes if isinstance(e.event, HandFinished | ButtonSet)})
    return TablesResult(tables=[table_view(service.state.room[n], service.state.house_rules) for n in done],
                        ended=hand_for_hand_ended(envelopes, service.state))


class TableSeatRequest(Request):
    table: int
    seat: int


@action("button", web=True, commands=(commands.SetButton,))
def button(service: Service, request: TableSeatRequest) -> TableView:
    """Where the button is in the hand being played (34A)."""
    service.execute(commands.SetButton(table=request.table, seat=request.seat))
    return table_view(service.state.room[request.table], service.state.house_rules)


class BalanceRequest(Request):
    apply: bool = False  # carry it out (default: only show it)
    moves: Annotated[int, Field(ge=1)] | None = None  # only the plan's first N moves
    # The moves the TD was shown and said yes to: if the plan changed meanwhile, nothing moves.
    expect: list[Move] = Field(default_factory=empty_list)


@action("balance", web=True, commands=(commands.Balance,))
def balance(service: Service, request: BalanceRequest) -> BalancePlan:
    """The balancing plan (T-BAL-1, 11A, 11C, 11D, T-MOVE-1/2/3); `apply` carries out its moves."""
    plan = seating.balance_plan(service.state)
    if request.apply and (plan.moves or plan.break_ is not None):  # a due break refuses (T-BREAK-1)
        [envelope, *_rest] = service.execute(commands.Balance(moves=request.moves, expect=request.expect))
        event = envelope.event
        assert isinstance(event, TablesBalanced)
        plan = plan.model_copy(update={"moves": event.moves})
    return plan


class BreakTableRequest(Request):
    table: int
    apply: bool = False
    seed: int | None = None


class BreakTableResult(View):
    table: int
    applied: bool
    seed: int | None  # the preview's draw: `apply` with this seed makes exactly that draw
    seats: list[BrokenSeat]


@action("break-table", web=True, commands=(commands.BreakTable,))
def break_table(service: Service, request: BreakTableRequest) -> BreakTableResult:
    """Break a table: its players draw the free seats of the others (10A, T-BREAK-1); without
    `apply` only the draw (the same one with the same seed)."""
    seed = request.seed
    if request.apply:
        [envelope, *_rest] = service.execute(commands.BreakTable(table=request.table, seed=seed))
        event = envelope.event
        assert isinstance(event, TableBroken)
        seats = event.seats
    else:
        # A preview always has a seed (drawn from the cryptographic source when none is given),
        # so the TD can carry out the very draw he was shown.
        seed = secrets.randbelow(2**31) if seed is None else seed
        seats = balancing.break_table(service.state.room, request.table, make_rng(seed),
                                      service.state.house_rules)[1]
    return BreakTableResult(table=request.table, applied=request.apply, seed=seed, seats=seats)


class FinalTableRequest(Request):
    apply: bool = False
    seed: int | None = None


class FinalTableView(TableView):
    """The final table drawn, or (not `applied`) the draw it would be: `apply` with `seed` makes
    exactly that draw."""

    applied: bool = True
    seed: int | None = None


@action("final-table", web=True, commands=(commands.FinalTable,))
def final_table(service: Service, request: FinalTableRequest) -> FinalTableView:
    """Draw every seat of the final table anew, seat 1 on the button (T-SEAT-2, T-SEAT-3); without
    `apply` only the draw (the same one with the same seed), as break-table and balance show theirs."""
    seed = request.seed
    if request.apply:
        service.execute(commands.FinalTable(seed=seed))
        table = service.state.room[seating.final_table_number(service.state)]
    else:
        seed = secrets.randbelow(2**31) if seed is None else seed
        table = seating.final_draw(service.state, make_rng(seed))
    view = table_view(table, service.state.house_rules)
    return FinalTableView.model_validate({**view.model_dump(), "applied": request.apply, "seed": seed})


class ShootoutDrawRequest(Request):
    apply: bool = False
    seed: int | None = None


class ShootoutDrawView(View):
    """The next shootout round drawn (T-SHOOT-3), or (not `applied`) the draw it would be: `apply`
    with `seed` makes exactly that draw."""

    applied: bool
    seed: int | None
    round: int
    tables: list[TableView]


@action("shootout draw", web=True, commands=(commands.ShootoutDraw,))
def shootout_draw(service: Service, request: ShootoutDrawRequest) -> ShootoutDrawView:
    """Draw the table winners of a shootout round to the next round's tables (T-SHOOT-3); without
    `apply` only the draw (the same one with the same seed), as final-table shows its own."""
    seed = request.seed
    if not request.apply:
        seed = secrets.randbelow(2**31) if seed is None else seed
        return ShootoutDrawView(applied=False, seed=seed, round=service.state.shootout_round + 1,
                                tables=round_preview(service.state, seed))
    service.execute(commands.ShootoutDraw(seed=seed))
    state = service.state
    tables = [table_view(table, state.house_rules) for table in shootout.playing(state)]
    return ShootoutDrawView(applied=True, seed=seed, round=state.shootout_round, tables=tables)


class LayoutResult(View):
    table: int
    seats: int
    blocked: list[int]


def _layout(service: Service, command: commands.Command, table: int) -> LayoutResult:
    service.execute(command)
    laid = service.state.layout[table]
    return LayoutResult(table=table, seats=laid.seats, blocked=sorted(laid.blocked))


class SetSeatsRequest(Request):
    table: int
    seats: int


@action("tables set-seats", web=False, tui=False, commands=(commands.SetTableSeats,))
def set_seats(service: Service, request: SetSeatsRequest) -> LayoutResult:
    """A table's own seat count (before anyone sits there)."""
    return _layout(service, commands.SetTableSeats(table=request.table, seats=request.seats), request.table)


@action("tables block", web=False, tui=False, commands=(commands.BlockSeat,))
def block(service: Service, request: TableSeatRequest) -> LayoutResult:
    """A seat never drawn or assigned (a broken chair, a dealer's seat)."""
    return _layout(service, commands.BlockSeat(table=request.table, seat=request.seat), request.table)


@action("tables unblock", web=False, tui=False, commands=(commands.BlockSeat,))
def unblock(service: Service, request: TableSeatRequest) -> LayoutResult:
    return _layout(service, commands.BlockSeat(table=request.table, seat=request.seat, blocked=False),
                   request.table)

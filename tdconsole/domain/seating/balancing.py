"""Balancing and breaking tables: who moves, where to, which tables halt, which table breaks.

Club rule T-BAL-1: when the fullest and the emptiest table differ by 2 or more, move one player
at a time from the fullest to the emptiest until they differ by at most 1 (RRoP, a setting:
within 2 while more than 6 tables run). The player due the big blind next at the source table
moves (11A), never one in the middle of the blinds/button sequence (T-MOVE-3), to the worst
position at the short table: the free seat that posts the big blind soonest, never the small
blind, never strictly between the small blind and the button (T-MOVE-2), and under club rules
never a seat that makes him pay the blinds twice in a row (T-MOVE-1).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from pydantic import ConfigDict, Field

from tdconsole.domain.errors import InvalidInput, RuleViolation
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.model import Frozen, empty_list
from tdconsole.domain.seating.buttons import next_hand
from tdconsole.domain.seating.tables import (
    Room,
    Spot,
    Table,
    blind_sequence,
    blinds_twice_forbidden,
    get_table,
    move_player,
    open_tables,
    paid_blind_last_hand,
    place_player,
    spread,
    with_table,
)
from tdconsole.domain.seats import clockwise_from

if TYPE_CHECKING:
    import random  # only the type: draws come in as an argument, never made here


class _Out(Frozen):
    # `from` and `break` are Python keywords: the JSON keys (issue 3) come from the aliases.
    model_config = ConfigDict(serialize_by_alias=True, validate_by_name=True)


class Move(_Out):
    player: str
    from_: Spot = Field(alias="from")
    to: Spot
    rule: str


class BalancePlan(_Out):
    """`balance --json`: the moves in order, the tables that stop dealing, the table to break."""

    moves: list[Move] = Field(default_factory=empty_list)
    halt: list[int] = Field(default_factory=empty_list)
    break_: int | None = Field(default=None, alias="break")


class BrokenSeat(_Out):
    """One player of a broken table: his new seat and whether he is dealt in at once."""

    player: str
    from_: Spot = Field(alias="from")
    to: Spot
    waits: bool
    rule: str


def tolerance(rules: HouseRules, tables: int) -> int:
    """The largest difference between the fullest and the emptiest table that is left alone.

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> rrop = HouseRules().with_value("seating.balance", "rrop")
    >>> tolerance(HouseRules(), 8), tolerance(rrop, 8), tolerance(rrop, 6)
    (1, 2, 1)
    """
    if rules.seating.balance == "rrop" and tables > 6:
        return 2  # RRoP: within 2 while more than 6 tables run
    return 1  # T-BAL-1: a difference of 2 triggers a move, down to 1


def break_order(room: Room, rules: HouseRules) -> list[int]:
    """Open tables in the order they break (10A): the house list first, then the highest
    number first.

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> room = {n: Table(number=n, seats=9) for n in (1, 2, 3, 4)}
    >>> break_order(room, HouseRules())
    [4, 3, 2, 1]
    >>> break_order(room, HouseRules().with_value("seating.break_order", "2"))
    [2, 4, 3, 1]
    """
    listed = [n for n in rules.seating.break_order if n in room and room[n].status == "open"]
    rest = sorted((t.number for t in open_tables(room) if t.number not in listed), reverse=True)
    return listed + rest


def next_break(room: Room, rules: HouseRules) -> int | None:
    """The table to break now (10A, T-BREAK-1): the next in the break order, as soon as its
    players fit in the free seats of the other open tables.

    Table 3 breaks as soon as its players fit in the other tables' free seats:

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> def table(number: int, players: int) -> Table:
    ...     occupants = {seat: f"t{number}s{seat}" for seat in range(1, players + 1)}
    ...     return Table(number=number, seats=9, occupants=occupants)
    >>> next_break({1: table(1, 7), 2: table(2, 7), 3: table(3, 5)}, HouseRules()) is None
    True
    >>> next_break({1: table(1, 7), 2: table(2, 6), 3: table(3, 5)}, HouseRules())
    3
    """
    order = break_order(room, rules)
    if len(order) < 2:
        return None
    first = room[order[0]]
    free_elsewhere = sum(room[n].free for n in order[1:])
    return first.number if len(first.occupants) <= free_elsewhere else None


def mover_candidates(table: Table) -> list[int]:
    """Seats in the order their players should move: the one due the big blind next first
    (11A), then the one after him; never the button or a blind (T-MOVE-3).

    The player due the big blind next moves first (11A), never the button or a blind of the hand
    being played (T-MOVE-3):

    >>> from tdconsole.domain.seating.tables import set_button
    >>> table = set_button(Table(number=1, seats=9, occupants={s: f"s{s}" for s in (1, 3, 5, 7, 9)}), 1)
    >>> table.hand.button, table.hand.small_blind, table.hand.big_blind
    (1, 3, 5)
    >>> mover_candidates(table)
    [7, 9]
    """
    if table.hand is None:
        return sorted(table.occupants)
    skip = blind_sequence(table)  # T-MOVE-3: they finish their sequence first
    return [
        s
        for s in clockwise_from(table.hand.big_blind, range(1, table.seats + 1))
        if s in table.occupants and s not in skip
    ]


def worst_seat(table: Table, player: str, paid_blind: bool, rules: HouseRules) -> int | None:
    """The free seat at `table` that posts the big blind soonest (11A), never the small blind
    (11A: a newcomer there would post it at once, T-MOVE-2) and never dealt in between the small
    blind and the button (T-MOVE-2); under club rules a player who paid a blind in his last hand
    never takes the next big blind (T-MOVE-1). Only when every other free seat lies between the
    small blind and the button does he take one there, and waits until the button passes.
    None: no free seat he may take.

    The free seat that posts the big blind soonest (11A), never the small blind:

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> from tdconsole.domain.seating.tables import set_button
    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> worst_seat(table, "Ed", False, HouseRules())
    8
    >>> worst_seat(table, "Ed", True, HouseRules())
    2
    """
    free = table.free_seats
    if table.hand is None or not table.occupants:
        return free[0] if free else None
    order = clockwise_from(table.hand.big_blind, range(1, table.seats + 1))
    ranked: list[tuple[bool, int, int]] = []
    for seat in free:
        occupants = {**table.occupants, seat: player}
        hand = next_hand(occupants, table.seats, table.hand)
        if hand.big_blind == seat and paid_blind and blinds_twice_forbidden(rules):
            continue
        if hand.small_blind == seat and seat in hand.dealt and hand.button != seat:
            continue  # 11A: never the small blind (heads-up the button posts it)
        ring = clockwise_from(hand.big_blind, range(1, table.seats + 1))
        hands_to_big_blind = sum(1 for s in ring[: ring.index(seat) + 1] if s in occupants)
        ranked.append(
            (seat in hand.waiting, hands_to_big_blind % len(occupants), order.index(seat))
        )
    return order[min(ranked)[2]] if ranked else None


def _leaves_blinds_twice(source: Table, seat: int, rules: HouseRules) -> bool:
    # T-MOVE-1 (club): taking the player due the big blind away hands it to the next one, who
    # must not be a newcomer who paid a blind in his last hand.
    occupants = {s: p for s, p in source.occupants.items() if s != seat}
    if (
        not blinds_twice_forbidden(rules)
        or not source.just_paid
        or source.hand is None
        or len(occupants) < 2
    ):
        return False
    hand = next_hand(occupants, source.seats, source.hand)
    return hand.big_blind_player in source.just_paid


def _rule(rules: HouseRules, tables: int) -> str:
    balance = "RRoP" if rules.seating.balance == "rrop" and tables > 6 else "T-BAL-1"
    club = ", T-MOVE-1" if blinds_twice_forbidden(rules) else ""
    return f"{balance}, 11C, 11A, T-MOVE-3, T-MOVE-2{club}"


def plan_balance(
    room: Room, rules: HouseRules, *, recently_moved: frozenset[str] = frozenset()
) -> BalancePlan:
    """The balancing plan (issue 3, item 5). When a table can break, breaking comes first and
    the plan names it without moves. `recently_moved`: players moved by the last balancing, who
    do not move again when another player can (11A's due player is then the next one).

    Nine players against six: the fullest table gives the player due the big blind (T-BAL-1, 11A):

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> from tdconsole.domain.seating.tables import set_button
    >>> nine = set_button(Table(number=1, seats=9, occupants={s: f"a{s}" for s in range(1, 10)}), 1)
    >>> six = set_button(Table(number=2, seats=9, occupants={s: f"b{s}" for s in range(1, 7)}), 1)
    >>> plan = plan_balance({1: nine, 2: six}, HouseRules())
    >>> [(move.player, move.to.table, move.to.seat) for move in plan.moves]
    [('a4', 2, 7)]
    >>> plan.moves[0].rule
    'T-BAL-1, 11C, 11A, T-MOVE-3, T-MOVE-2, T-MOVE-1'

    Breaking comes first: table 2, the highest number, as soon as its six fit table 1 (10A):

    >>> plan_balance({1: nine.updated({"occupants": {1: "a1", 2: "a2"}}), 2: six}, HouseRules()).break_
    2
    """
    breaking = next_break(room, rules)
    tables = open_tables(room)
    if breaking is not None or len(tables) < 2:
        return BalancePlan(break_=breaking)
    allowed = tolerance(rules, len(tables))
    rule = _rule(rules, len(tables))
    count = {t.number: len(t.occupants) for t in tables}
    top = max(count.values())
    halt = sorted(t.number for t in tables if top - count[t.number] >= 3 and _blinds_affected(t))
    # 11C: the fullest table gives, ties the table that breaks soonest; the emptiest receives,
    # ties the table that breaks last, so nobody moves to a table about to go. Heaps with lazy
    # deletion: an entry is current while its count is.
    order = {n: i for i, n in enumerate(break_order(room, rules))}
    givers = [(-count[n], order[n], n) for n in count]
    takers = [(count[n], -order[n], n) for n in count]
    heapq.heapify(givers)
    heapq.heapify(takers)
    stuck: set[int] = set()
    working = dict(room)
    moves: list[Move] = []
    while True:
        while givers and (givers[0][2] in stuck or -givers[0][0] != count[givers[0][2]]):
            heapq.heappop(givers)
        while takers and (
            takers[0][2] in stuck
            or takers[0][0] != count[takers[0][2]]
            or not working[takers[0][2]].free
        ):
            heapq.heappop(takers)
        if not givers or not takers:
            break
        src, dst = givers[0][2], takers[0][2]
        if count[src] - count[dst] <= allowed:
            break
        source = working[src]
        seats = [s for s in mover_candidates(source) if not _leaves_blinds_twice(source, s, rules)]
        fresh = [s for s in seats if source.occupants[s] not in recently_moved]
        if not seats:
            stuck.add(src)  # T-MOVE-3 / T-MOVE-1: nobody here may move before this hand is over
            continue
        seat = (fresh or seats)[0]
        player = source.occupants[seat]
        paid = paid_blind_last_hand(source, player)
        to = worst_seat(working[dst], player, paid, rules)
        if to is None:
            stuck.add(dst)
            continue
        working, _ = move_player(working, player, dst, to)
        moves.append(
            Move(
                player=player,
                from_=Spot(table=src, seat=seat),
                to=Spot(table=dst, seat=to),
                rule=rule,
            )
        )
        count[src] -= 1
        count[dst] += 1
        for n in (src, dst):
            heapq.heappush(givers, (-count[n], order[n], n))
            heapq.heappush(takers, (count[n], -order[n], n))
    return BalancePlan(moves=moves, halt=halt)


def _blinds_affected(table: Table) -> bool:
    # 11D: a short table stops once its next big blind would fall on an empty seat, i.e. a free
    # seat lies between this hand's big blind and the next one.
    hand = table.next_hand()
    if table.hand is None or hand is None:
        return False
    ring = clockwise_from(table.hand.big_blind, range(1, table.seats + 1))
    gap = ring[: ring.index(hand.big_blind)]
    return any(s in table.free_seats for s in gap)


def apply_plan(room: Room, plan: BalancePlan) -> dict[int, Table]:
    """Carry out a plan's moves in order (the service records each as an event).

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> from tdconsole.domain.seating.tables import set_button
    >>> nine = set_button(Table(number=1, seats=9, occupants={s: f"a{s}" for s in range(1, 10)}), 1)
    >>> six = set_button(Table(number=2, seats=9, occupants={s: f"b{s}" for s in range(1, 7)}), 1)
    >>> room = apply_plan({1: nine, 2: six}, plan_balance({1: nine, 2: six}, HouseRules()))
    >>> len(room[1].occupants), len(room[2].occupants)
    (8, 7)
    """
    working = dict(room)
    for move in plan.moves:
        working, _ = move_player(working, move.player, move.to.table, move.to.seat)
    return working


def break_table(
    room: Room, number: int, rng: random.Random, rules: HouseRules
) -> tuple[dict[int, Table], list[BrokenSeat]]:
    """Break table `number` (10A, 10B, T-BREAK-1): its players draw the free seats of the other
    open tables so those stay balanced, and are dealt in at once unless the seat lies between
    the small blind and the button (T-MOVE-2, B6). Under club rules nobody who paid a blind in
    his last hand draws the next big blind (T-MOVE-1, B7); the TDA lets him post it (10A).

    >>> from random import Random
    >>> from tdconsole.domain.house_rules import HouseRules
    >>> def table(number: int, players: int) -> Table:
    ...     occupants = {seat: f"t{number}s{seat}" for seat in range(1, players + 1)}
    ...     return Table(number=number, seats=9, occupants=occupants)
    >>> room = {1: table(1, 7), 2: table(2, 6), 3: table(3, 3)}
    >>> room, seats = break_table(room, 3, Random(1), HouseRules())
    >>> [len(room[n].occupants) for n in (1, 2, 3)], room[3].status
    ([8, 8, 0], 'broken')
    >>> seats[0].rule
    '10A, T-BREAK-1, T-MOVE-2, T-MOVE-1'
    >>> break_table({1: table(1, 8), 2: table(2, 3)}, 2, Random(1), HouseRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-BREAK-1: the other tables lack free seats for the 3 players
    of table 2
    """
    broken = get_table(room, number)
    if broken.status != "open":
        raise RuleViolation("10A", "table {number} is already broken", number=number)
    others = [t for t in open_tables(room) if t.number != number]
    players = [broken.occupants[s] for s in sorted(broken.occupants)]
    if len(players) > sum(t.free for t in others):
        raise RuleViolation(
            "T-BREAK-1",
            "the other tables lack free seats for the {count} players of table {number}",
            count=len(players), number=number,
        )
    shares = spread(
        [len(t.occupants) for t in others], [t.capacity for t in others], len(players), rng
    )
    spots = [
        Spot(table=t.number, seat=s)
        for t, share in zip(others, shares, strict=True)
        if share
        for s in rng.sample(t.free_seats, share)
    ]
    rng.shuffle(players)
    paid = frozenset(p for p in players if paid_blind_last_hand(broken, p))
    assignment = dict(zip(players, spots, strict=True))
    if blinds_twice_forbidden(rules):
        assignment = _no_blinds_twice(room, assignment, paid, rng)
    rule = "10A, T-BREAK-1, T-MOVE-2" + (", T-MOVE-1" if blinds_twice_forbidden(rules) else "")
    drawn = [
        BrokenSeat(
            player=broken.occupants[seat],
            from_=Spot(table=number, seat=seat),
            to=assignment[broken.occupants[seat]],
            waits=False,
            rule=rule,
        )
        for seat in sorted(broken.occupants)
    ]
    return apply_break(room, number, drawn)


def apply_break(
    room: Room, number: int, seats: list[BrokenSeat]
) -> tuple[dict[int, Table], list[BrokenSeat]]:
    """Carry out a break draw (the service replays a recorded one with this, never re-rolling):
    table `number` closes, its players take their drawn seats, and each is marked dealt in at
    once or waiting until the button passes (T-MOVE-2, B6).

    >>> one = Table(number=1, seats=9, occupants={1: "Ann"})
    >>> two = Table(number=2, seats=9, occupants={1: "Bo"})
    >>> seat = BrokenSeat(player="Bo", **{"from": Spot(table=2, seat=1)}, to=Spot(table=1, seat=5),
    ...                   waits=False, rule="10A")
    >>> room, marked = apply_break({1: one, 2: two}, 2, [seat])
    >>> room[1].occupants, room[2].status
    ({1: 'Ann', 5: 'Bo'}, 'broken')
    >>> apply_break({1: one, 2: two}, 1, [seat])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the draw does not seat exactly the players of table 1
    """
    working = seat_break(room, number, seats)
    # Who waits depends on everyone who arrived at a table, so it is read once all are seated.
    marked, hands = [], {}
    for entry in seats:
        if entry.to.table not in hands:
            hands[entry.to.table] = working[entry.to.table].next_hand()
        hand = hands[entry.to.table]
        waits = hand is not None and entry.to.seat in hand.waiting
        marked.append(entry.updated({"waits": waits}))
    return working, marked


def seat_break(room: Room, number: int, seats: list[BrokenSeat]) -> dict[int, Table]:
    """The room once a break draw is carried out: table `number` closed, its players in their
    drawn seats. A recorded break (the fold) needs no more: who waits is in its event already,
    and reading it again (`apply_break`) was a third of folding a festival's 583 breaks.

    >>> one = Table(number=1, seats=9, occupants={1: "Ann"})
    >>> two = Table(number=2, seats=9, occupants={1: "Bo"})
    >>> seat = BrokenSeat(player="Bo", **{"from": Spot(table=2, seat=1)}, to=Spot(table=1, seat=5),
    ...                   waits=False, rule="10A")
    >>> room = seat_break({1: one, 2: two}, 2, [seat])
    >>> room[1].occupants, room[2].status
    ({1: 'Ann', 5: 'Bo'}, 'broken')
    >>> seat_break({1: one, 2: two}, 1, [seat])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the draw does not seat exactly the players of table 1
    """
    broken = get_table(room, number)
    if {s.player for s in seats} != set(broken.occupants.values()):
        raise InvalidInput("the draw does not seat exactly the players of table {number}", number=number)
    emptied = broken.updated({"occupants": {}, "status": "broken", "hand": None, "just_paid": frozenset()})
    # One copy of the room, changed in place seat by seat (a festival's room has a thousand tables
    # and breaks hundreds of them in a night).
    working = with_table(room, emptied)
    for entry in seats:
        paid = paid_blind_last_hand(broken, entry.player)
        working[entry.to.table] = place_player(working[entry.to.table], entry.to.seat, entry.player,
                                               paid=paid)
    return working


def _takes_big_blind(room: Room, assignment: dict[str, Spot], player: str) -> bool:
    spot = assignment[player]
    table = room[spot.table]
    arriving = {a.seat: p for p, a in assignment.items() if a.table == spot.table}
    players = {**table.occupants, **arriving}
    # A table with no hand yet, or one he would sit at alone (its others busted), deals him no
    # blind until the room is balanced: no hand is dealt there.
    if table.hand is None or len(players) < 2:
        return False
    hand = next_hand(players, table.seats, table.hand)
    return hand.big_blind == spot.seat


def _no_blinds_twice(
    room: Room, assignment: dict[str, Spot], paid: frozenset[str], rng: random.Random
) -> dict[str, Spot]:
    # T-MOVE-1 (B7): a player who paid a blind in his last hand may not draw the next big blind.
    # He swaps seats with another drawn player, or takes another free seat at the same table
    # (so the tables stay balanced), chosen at random among the changes that clear him
    # without putting another such player on a big blind.
    def offenders(a: dict[str, Spot]) -> set[str]:
        return {p for p in paid if p in a and _takes_big_blind(room, a, p)}

    for player in sorted(offenders(assignment)):
        before = offenders(assignment)
        if player not in before:
            continue
        spot = assignment[player]
        taken = {(a.table, a.seat) for a in assignment.values()}
        changes = [
            {**assignment, player: assignment[other], other: spot}
            for other in assignment
            if other != player
        ] + [
            {**assignment, player: Spot(table=spot.table, seat=seat)}
            for seat in room[spot.table].free_seats
            if (spot.table, seat) not in taken
        ]
        rng.shuffle(changes)
        fixed = next((c for c in changes if offenders(c) <= before - {player}), None)
        if fixed is None:
            raise RuleViolation(
                "T-MOVE-1",
                "no free seat keeps {name} from paying the blinds twice in a row: seat him by hand",
                name=player,
            )
        assignment = fixed
    return assignment

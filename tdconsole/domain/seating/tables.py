"""Tables and seats: the draw, manual seating and moves, late entries, busts, the final table.

A `Table` is immutable; every function returns new values. A room is a mapping from table number
to `Table`. Random draws come in as `rng` (the service passes `random.Random(seed)` or
`secrets.SystemRandom()` and records what was drawn, so replay never re-rolls).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.model import Frozen, empty_dict
from tdconsole.domain.seating.buttons import Hand, hand_from_button, next_hand

if TYPE_CHECKING:
    import random  # only the type: draws come in as an argument, never made here


class Table(Frozen):
    """One table: its seats, who sits where, and the hand it is playing now."""

    number: int = Field(ge=1)
    seats: int = Field(ge=2, le=12)
    # A broken chair or a dealer's seat: never drawn, never assigned.
    blocked: frozenset[int] = frozenset()
    occupants: dict[int, str] = Field(default_factory=empty_dict)
    status: Literal["open", "broken"] = "open"
    hand: Hand | None = None
    # T-MOVE-1: players who came here from a hand in which they paid a blind and have not been
    # dealt in here since; under club rules they must not take the next big blind.
    just_paid: frozenset[str] = frozenset()

    @model_validator(mode="after")
    def _seats_exist(self) -> Table:
        for seat in (*self.blocked, *self.occupants):
            if not 1 <= seat <= self.seats:
                raise ValueError(f"table {self.number} has no seat {seat} (seats 1-{self.seats})")
        if taken := self.blocked & self.occupants.keys():
            raise ValueError(f"table {self.number}: blocked seat {min(taken)} is occupied")
        if len(set(self.occupants.values())) != len(self.occupants):
            raise ValueError(f"table {self.number}: a player holds two seats")
        return self

    @property
    def capacity(self) -> int:
        return self.seats - len(self.blocked)

    @property
    def free(self) -> int:
        """How many more players the table can seat.

        >>> table = Table(number=1, seats=9, blocked=frozenset({5}), occupants={1: "Ann", 2: "Bo"})
        >>> table.capacity, table.free, table.free_seats
        (8, 6, [3, 4, 6, 7, 8, 9])
        """
        return self.seats - len(self.blocked) - len(self.occupants)

    @property
    def free_seats(self) -> list[int]:
        return [
            s for s in range(1, self.seats + 1) if s not in self.occupants and s not in self.blocked
        ]

    def next_hand(self) -> Hand | None:
        """The hand this table deals next if nothing else changes (None: no hand yet, or no
        second player).

        >>> table = Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"})
        >>> table.next_hand() is None
        True
        >>> set_button(table, 1).next_hand().button
        4
        """
        if self.hand is None or len(self.occupants) < 2:
            return None
        return next_hand(self.occupants, self.seats, self.hand)


Room = Mapping[int, Table]


class Spot(Frozen):
    table: int
    seat: int


class Seating(Frozen):
    """Where a player was put, and whether he is dealt in at the table's next hand."""

    player: str
    table: int
    seat: int
    # T-MOVE-2: the seat lies between the small blind and the button of the next hand.
    waits: bool = False


# ---------------------------------------------------------------- looking things up


def get_table(room: Room, number: int) -> Table:
    """The table numbered `number`; a number the room has not is refused.

    >>> get_table({1: Table(number=1, seats=9)}, 1).number
    1
    >>> get_table({1: Table(number=1, seats=9)}, 2)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: table 2 does not exist
    """
    table = room.get(number)
    if table is None:
        raise NotFound("table {number} does not exist", number=number)
    return table


def find_player(room: Room, player: str) -> Spot:
    """Where `player` sits; refused when he sits nowhere.

    >>> room = {2: Table(number=2, seats=9, occupants={6: "p1"})}
    >>> find_player(room, "p1")
    Spot(table=2, seat=6)
    >>> find_player(room, "p2")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: player p2 is not seated (unknown or busted)
    """
    for table in room.values():
        for seat, occupant in table.occupants.items():
            if occupant == player:
                return Spot(table=table.number, seat=seat)
    raise NotFound("player {name} is not seated (unknown or busted)", name=player)


def live_players(room: Room) -> int:
    """The players seated at open tables.

    >>> live_players({1: Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo"}),
    ...               2: Table(number=2, seats=9, status="broken")})
    2
    """
    return sum(len(t.occupants) for t in room.values() if t.status == "open")


def open_tables(room: Room) -> list[Table]:
    """The tables still in play.

    >>> room = {1: Table(number=1, seats=9, occupants={1: "Ann"}),
    ...         2: Table(number=2, seats=9, status="broken")}
    >>> [table.number for table in open_tables(room)]
    [1]
    """
    return [t for t in room.values() if t.status == "open"]


def due_big_blind_next(table: Table) -> str | None:
    """The player who posts the big blind in the table's next hand (11A: he is the one to move).

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> due_big_blind_next(table)
    'Ann'
    """
    hand = table.next_hand()
    return None if hand is None else hand.big_blind_player


def blind_sequence(table: Table) -> dict[int, str]:
    """T-MOVE-3: the seats of the hand being played whose players are in the middle of the
    blinds/button sequence (each with his position); they move only once it is finished.

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy", 8: "Di"}), 1)
    >>> blind_sequence(table)
    {7: 'big blind', 4: 'small blind', 1: 'button'}
    >>> blind_sequence(Table(number=2, seats=9, occupants={1: "Ann"}))
    {}
    """
    hand = table.hand
    if hand is None:
        return {}
    positions = {hand.big_blind: "big blind"}
    positions.setdefault(hand.small_blind, "small blind")
    positions.setdefault(hand.button, "button")
    return {seat: where for seat, where in positions.items() if seat in table.occupants}


def _check_free(table: Table, seat: int) -> None:
    if table.status != "open":
        raise RuleViolation("T-BREAK-1", "table {number} is broken: nobody sits there", number=table.number)
    if not 1 <= seat <= table.seats:
        raise InvalidInput(
            "table {number} has no seat {seat} (seats 1-{seats})", number=table.number, seat=seat,
            seats=table.seats,
        )
    if seat in table.blocked:
        raise InvalidInput("table {number} seat {seat} is blocked", number=table.number, seat=seat)
    if seat in table.occupants:
        raise InvalidInput(
            "table {number} seat {seat} is taken by {occupants}", number=table.number, seat=seat,
            occupants=table.occupants[seat],
        )


def waits_if_seated(table: Table, seat: int, player: str) -> bool:
    """Whether `player`, seated now at `seat`, would sit out the next hand (T-MOVE-2).

    A newcomer between the next hand's button and its small blind sits it out (T-MOVE-2):

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> waits_if_seated(table, 5, "Ed"), waits_if_seated(table, 8, "Ed")
    (True, False)
    """
    if table.hand is None:
        return False
    occupants = {**table.occupants, seat: player}
    if len(occupants) < 2:
        return False
    return seat in next_hand(occupants, table.seats, table.hand).waiting


# ---------------------------------------------------------------- changing the room


def with_table(room: Room, table: Table) -> dict[int, Table]:
    """The room with `table` put in (a new one, or in place of its number's).

    >>> room = with_table({1: Table(number=1, seats=9)}, Table(number=1, seats=6))
    >>> room[1].seats
    6
    """
    return {**room, table.number: table}


def paid_blind_last_hand(table: Table, player: str) -> bool:
    """Whether `player`, seated at `table`, paid a blind in the last hand he played (T-MOVE-1).

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> paid_blind_last_hand(table, "Cy"), paid_blind_last_hand(table, "Ann")
    (True, False)
    """
    if player in table.just_paid:
        return True
    hand = table.hand
    return hand is not None and player in hand.blind_payers


def place_player(table: Table, seat: int, player: str, *, paid: bool = False) -> Table:
    """Seat an arriving player; `paid`: he paid a blind in the hand he comes from (T-MOVE-1).

    >>> table = place_player(Table(number=1, seats=9), 3, "Ann", paid=True)
    >>> table.occupants, table.just_paid
    ({3: 'Ann'}, frozenset({'Ann'}))
    >>> place_player(table, 3, "Bo")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 1 seat 3 is taken by Ann
    """
    _check_free(table, seat)
    return table.updated({
        "occupants": {**table.occupants, seat: player},
        "just_paid": table.just_paid | {player} if paid else table.just_paid,
    })


def vacate(table: Table, seat: int) -> Table:
    # A bust or a move during a hand never changes that hand's positions (TDA 32): only the
    # occupants change, and `next_hand` reads them.
    """The table with `seat` emptied; the hand in play keeps its positions (TDA 32).

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> emptied = vacate(table, 4)
    >>> emptied.occupants, emptied.hand.small_blind
    ({1: 'Ann', 7: 'Cy'}, 4)
    """
    occupants = {s: p for s, p in table.occupants.items() if s != seat}
    gone = table.occupants.get(seat)
    return table.updated({"occupants": occupants, "just_paid": table.just_paid - {gone}})


def seat_player(
    room: Room, player: str, number: int, seat: int, *, seats_per_table: int
) -> tuple[dict[int, Table], Seating]:
    """Put an unseated player in a given seat, opening the table if needed (T-SEAT-1).

    >>> room, seating = seat_player({}, "Ann", 2, 4, seats_per_table=9)
    >>> room[2].occupants, seating
    ({4: 'Ann'}, Seating(player='Ann', table=2, seat=4, waits=False))
    >>> seat_player(room, "Ann", 2, 5, seats_per_table=9)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: Ann already sits at table 2 seat 4
    """
    if any(player in t.occupants.values() for t in room.values()):
        where = find_player(room, player)
        raise InvalidInput(
            "{name} already sits at table {table} seat {seat}", name=player, table=where.table,
            seat=where.seat,
        )
    return seat_unseated(room, player, number, seat, seats_per_table=seats_per_table)


def seat_unseated(
    room: Room, player: str, number: int, seat: int, *, seats_per_table: int
) -> tuple[dict[int, Table], Seating]:
    """`seat_player` for a player the caller knows sits nowhere: a fold replaying a seat (the
    state's players say where each sits) need not look through every table of the room for him,
    1,112 of them at a festival, for each late entry it replays.

    >>> room, seating = seat_unseated({}, "Ann", 2, 4, seats_per_table=9)
    >>> seat_unseated(room, "Bo", 2, 4, seats_per_table=9)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 2 seat 4 is taken by Ann
    """
    table = room.get(number) or Table(number=number, seats=seats_per_table)
    _check_free(table, seat)
    waits = waits_if_seated(table, seat, player)
    new = place_player(table, seat, player)
    return with_table(room, new), Seating(player=player, table=number, seat=seat, waits=waits)


def move_player(
    room: Room, player: str, number: int, seat: int, *, rules: HouseRules | None = None
) -> tuple[dict[int, Table], Seating]:
    """Move a seated player to a free seat of an open table (T-SEAT-1: the TD's move binds).
    With `rules`, a move under club rules that makes him pay the big blind twice in a row is
    refused (T-MOVE-1); plans from `balancing` never propose one.

    Bo posted the big blind at table 1; under club rules he may not post it again at once where he
    moves to (T-MOVE-1), the TDA lets him (10A):

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> one = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 7)
    >>> two = set_button(Table(number=2, seats=9, occupants={1: "Di", 5: "Ed"}), 1)
    >>> room = {1: one, 2: two}
    >>> move_player(room, "Bo", 2, 7, rules=HouseRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-MOVE-1: Bo paid a blind in his last hand and would post
    the big blind at table 2 next: choose another seat
    >>> room, seating = move_player(room, "Bo", 2, 2, rules=HouseRules())
    >>> room[1].occupants, room[2].occupants
    ({1: 'Ann', 7: 'Cy'}, {1: 'Di', 5: 'Ed', 2: 'Bo'})
    """
    source = find_player(room, player)
    target = get_table(room, number)
    _check_free(target, seat)
    paid = paid_blind_last_hand(room[source.table], player)
    room = with_table(room, vacate(room[source.table], source.seat))
    nxt = place_player(room[number], seat, player).next_hand()
    if rules and blinds_twice_forbidden(rules) and paid and nxt and nxt.big_blind == seat:
        raise RuleViolation(
            "T-MOVE-1",
            "{name} paid a blind in his last hand and would post the big blind at table {number} next: "
            "choose another seat", name=player, number=number,
        )
    waits = waits_if_seated(room[number], seat, player)
    room = with_table(room, place_player(room[number], seat, player, paid=paid))
    return room, Seating(player=player, table=number, seat=seat, waits=waits)


def remove_player(room: Room, player: str) -> dict[int, Table]:
    """A bust: the seat empties; the hand being played keeps its positions (TDA 32).

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> room = remove_player({1: table}, "Bo")
    >>> room[1].occupants, room[1].hand.small_blind
    ({1: 'Ann', 7: 'Cy'}, 4)
    """
    spot = find_player(room, player)
    return with_table(room, vacate(room[spot.table], spot.seat))


def block_seat(table: Table, seat: int, blocked: bool = True) -> Table:
    """Block a seat (a broken chair, a dealer's seat) so it is never drawn or assigned, or free
    it again.

    >>> table = block_seat(Table(number=1, seats=9, occupants={1: "Ann"}), 5)
    >>> table.blocked, table.free
    (frozenset({5}), 7)
    >>> block_seat(table, 1)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 1 seat 1 is taken by Ann: move him first
    >>> block_seat(table, 5, blocked=False).blocked
    frozenset()
    """
    if not 1 <= seat <= table.seats:
        raise InvalidInput(
            "table {number} has no seat {seat} (seats 1-{seats})", number=table.number, seat=seat,
            seats=table.seats,
        )
    if blocked and seat in table.occupants:
        raise InvalidInput(
            "table {number} seat {seat} is taken by {occupants}: move him first", number=table.number,
            seat=seat, occupants=table.occupants[seat],
        )
    seats = table.blocked | {seat} if blocked else table.blocked - {seat}
    return table.updated({"blocked": seats})


def set_button(table: Table, seat: int) -> Table:
    """The TD says where the button is in the hand now being played (34A); the blinds are the
    next players, heads-up the button is the small blind (34B).

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 4)
    >>> table.hand.button, table.hand.small_blind, table.hand.big_blind
    (4, 7, 1)
    >>> set_button(table, 2)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 1 seat 2 is empty: the button must be on a player
    """
    if not 1 <= seat <= table.seats:
        raise InvalidInput(
            "table {number} has no seat {seat} (seats 1-{seats})", number=table.number, seat=seat,
            seats=table.seats,
        )
    if seat not in table.occupants:
        raise InvalidInput(
            "table {number} seat {seat} is empty: the button must be on a player", number=table.number,
            seat=seat,
        )
    if len(table.occupants) < 2:
        raise InvalidInput("table {number} has one player: no hand can be dealt", number=table.number)
    return table.updated({"hand": hand_from_button(table.occupants, table.seats, seat)})


def first_hand(table: Table, rules: HouseRules) -> Table:
    """The first hand of a table opened during the tournament: the button on its lowest seat
    (T-SEAT-2), moved on under club rules until nobody who paid a blind in his last hand
    takes the big blind (T-MOVE-1).

    The button goes to the lowest seat, moved on under club rules while a player who has just paid a
    blind would post the big blind (T-MOVE-1):

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> table = Table(number=3, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"})
    >>> first_hand(table, HouseRules()).hand.button
    1
    >>> first_hand(table.updated({"just_paid": frozenset({"Cy"})}), HouseRules()).hand.button
    4
    """
    if len(table.occupants) < 2:
        raise InvalidInput("table {number} has one player: no hand can be dealt", number=table.number)
    hands = [hand_from_button(table.occupants, table.seats, s) for s in sorted(table.occupants)]
    if blinds_twice_forbidden(rules):
        hands.sort(key=lambda h: h.big_blind_player in table.just_paid)
    return table.updated({"hand": hands[0]})


def with_opening_hand(table: Table, rules: HouseRules) -> Table:
    """The table with the hand it plays now. A table that has dealt no hand yet (opened by a late
    entry, seated by hand) plays its opening hand until a hand is done there, like every drawn
    table: the button on its lowest seat (T-SEAT-2), moved on under club rules until no newcomer
    pays the blinds twice (T-MOVE-1), worked out afresh as players sit down. Unchanged with a hand,
    broken, or with fewer than two players.

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> table = Table(number=3, seats=9, occupants={2: "Ann", 4: "Bo"})
    >>> with_opening_hand(table, HouseRules()).hand.button
    2
    >>> with_opening_hand(table.updated({"occupants": {2: "Ann"}}), HouseRules()).hand is None
    True
    """
    if table.hand is not None or table.status != "open" or len(table.occupants) < 2:
        return table
    return first_hand(table, rules)


def blinds_twice_forbidden(rules: HouseRules) -> bool:
    """T-MOVE-1 (club): a moved player never pays the blinds twice in a row; the TDA (10A, 11A)
    lets him take the big blind again.

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> blinds_twice_forbidden(HouseRules())
    True
    >>> blinds_twice_forbidden(HouseRules().with_value("seating.moved_player_may_pay_blinds_twice", "true"))
    False
    """
    return not rules.seating.moved_player_may_pay_blinds_twice


def hand_done(table: Table) -> Table:
    """End the hand being played and move the table to its next one (TDA 32, 34B).

    >>> table = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> hand_done(table).hand.button
    4
    >>> hand_done(Table(number=2, seats=9, occupants={1: "Ann", 4: "Bo"}))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: table 2 has no hand yet: set the button first
    """
    if table.status != "open":
        raise InvalidInput("table {number} is broken", number=table.number)
    if len(table.occupants) < 2:
        raise InvalidInput(
            "table {number} has {count} player(s): balance or break it", number=table.number,
            count=len(table.occupants),
        )
    if table.hand is None:
        raise InvalidInput("table {number} has no hand yet: set the button first", number=table.number)
    hand = next_hand(table.occupants, table.seats, table.hand)
    # Once dealt in here, a newcomer's last hand is this table's (T-MOVE-1).
    still_out = table.just_paid & set(hand.waiting.values()) if table.just_paid else table.just_paid
    return table.updated({"hand": hand, "just_paid": still_out})


def all_hands_done(room: Room) -> dict[int, Table]:
    """`hand-done --all`: every open table that is dealing moves to its next hand; tables with
    no hand yet or a single player are left for the TD (set a button, balance, break).

    >>> one = set_button(Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"}), 1)
    >>> two = Table(number=2, seats=9, occupants={3: "Di"})
    >>> room = all_hands_done({1: one, 2: two})
    >>> room[1].hand.button, room[2] == two
    (4, True)
    """
    return {
        n: hand_done(t) if t.status == "open" and t.hand and len(t.occupants) >= 2 else t
        for n, t in room.items()
    }


# ---------------------------------------------------------------- draws


def tables_needed(players: int, seats: int) -> int:
    """ST1: the fewest tables that seat everyone (20 players, 9-max: 3 tables of 7/7/6).

    >>> tables_needed(20, 9), tables_needed(18, 9), tables_needed(19, 10)
    (3, 2, 2)
    """
    return math.ceil(players / seats)


def _first_button(table: Table, rules: HouseRules, rng: random.Random) -> Table:
    if len(table.occupants) < 2:
        return table
    if rules.seating.first_button == "seat-1":
        # T-SEAT-2: seat 1 deals first; `_draw_seats` always fills the lowest unblocked seat.
        button = min(table.occupants)
    else:
        button = rng.choice(sorted(table.occupants))  # high card for the button (TDA)
    return table.updated({"hand": hand_from_button(table.occupants, table.seats, button)})


def _draw_seats(table: Table, count: int, rng: random.Random, rules: HouseRules) -> list[int]:
    free = table.free_seats
    if rules.seating.first_button == "seat-1" and free:
        # T-SEAT-2: seat 1 holds the button at the start, so it is never left empty.
        return [free[0], *rng.sample(free[1:], count - 1)] if count else []
    return rng.sample(free, count)


def spread(
    sizes: Sequence[int], capacity: Sequence[int], players: int, rng: random.Random
) -> list[int]:
    """How many of `players` each table gets: always the emptiest table next, ties drawn at
    random, so sizes end within 1 where the seats allow it (ST1, T-BREAK-1).

    >>> from random import Random
    >>> spread([0, 0, 0], [9, 9, 9], 20, Random(1))
    [7, 6, 7]
    >>> spread([8, 5], [9, 9], 3, Random(1))
    [0, 3]
    >>> spread([9], [9], 1, Random(1))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-BREAK-1: the tables lack seats for every player
    """
    counts = list(sizes)
    left = players
    while left:
        open_ = [i for i in range(len(counts)) if counts[i] < capacity[i]]
        if not open_:
            raise RuleViolation("T-BREAK-1", "the tables lack seats for every player")
        level = min(counts[i] for i in open_)
        emptiest = [i for i in open_ if counts[i] == level]
        # One more for each of the emptiest tables, or for as many as are left, drawn at random.
        for i in rng.sample(emptiest, min(left, len(emptiest))):
            counts[i] += 1
        left -= min(left, len(emptiest))
    return [c - s for c, s in zip(counts, sizes, strict=True)]


def draw(
    players: Sequence[str],
    *,
    seats_per_table: int,
    rng: random.Random,
    rules: HouseRules,
    layout: Iterable[Table] = (),
) -> dict[int, Table]:
    """The starting draw (T-SEAT-2, ST1): tables = ceil(players / seats), sizes within 1, seats
    at random, the button on seat 1 of every table. `layout` gives tables their own seat count
    or blocked seats (empty `Table`s by number); more tables open if blocked seats demand it.

    Twenty players at nine-seat tables: three tables of 7, 7 and 6, the button on seat 1 (T-SEAT-2,
    ST1):

    >>> from random import Random
    >>> from tdconsole.domain.house_rules import HouseRules
    >>> players = [f"p{n}" for n in range(1, 21)]
    >>> room = draw(players, seats_per_table=9, rng=Random(1), rules=HouseRules())
    >>> [(table.number, len(table.occupants), table.hand.button) for table in room.values()]
    [(1, 7, 1), (2, 6, 1), (3, 7, 1)]
    >>> draw(["p1"], seats_per_table=9, rng=Random(1), rules=HouseRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the draw needs at least two players, not 1
    """
    if len(set(players)) != len(players):
        raise InvalidInput("a player is in the draw twice")
    if len(players) < 2:
        raise InvalidInput("the draw needs at least two players, not {count}", count=len(players))
    given = {t.number: t for t in layout}
    if any(t.occupants for t in given.values()):
        raise InvalidInput("the starting draw needs empty tables")
    count = tables_needed(len(players), seats_per_table)

    def table(n: int) -> Table:
        return given.get(n) or Table(number=n, seats=seats_per_table)

    while sum(table(n).capacity for n in range(1, count + 1)) < len(players):
        count += 1
    tables = [table(n) for n in range(1, count + 1)]
    shares = spread([0] * count, [t.capacity for t in tables], len(players), rng)
    shuffled = list(players)
    rng.shuffle(shuffled)
    room: dict[int, Table] = {}
    start = 0
    for t, share in zip(tables, shares, strict=True):
        room[t.number] = _seat_table(t, shuffled[start : start + share], rng, rules)
        start += share
    return room


def draw_given(
    players_by_table: Sequence[Sequence[str]], *, seats_per_table: int, rng: random.Random,
    rules: HouseRules,
) -> dict[int, Table]:
    """A starting draw whose tables' players are already chosen (Day 2 seeded by chips, T-DAY2-1):
    table n gets the n-th group, seats at random and the button on seat 1 (T-SEAT-2).

    >>> from random import Random
    >>> from tdconsole.domain.house_rules import HouseRules
    >>> room = draw_given([["Ann", "Bo"], ["Cy", "Di", "Ed"]], seats_per_table=9, rng=Random(1),
    ...                   rules=HouseRules())
    >>> [sorted(table.occupants.values()) for table in room.values()]
    [['Ann', 'Bo'], ['Cy', 'Di', 'Ed']]
    """
    room: dict[int, Table] = {}
    for number, players in enumerate(players_by_table, 1):
        room[number] = _seat_table(Table(number=number, seats=seats_per_table), players, rng, rules)
    return room


def _seat_table(
    table: Table, players: Sequence[str], rng: random.Random, rules: HouseRules
) -> Table:
    seats = _draw_seats(table, len(players), rng, rules)
    seated = table.updated({"occupants": dict(zip(seats, players, strict=True))})
    return _first_button(seated, rules, rng)


def late_entry(
    room: Room, player: str, rng: random.Random, *, seats_per_table: int, limit: int | None = None
) -> tuple[dict[int, Table], Seating]:
    """8A: a late entry or re-entry gets a random free seat at a table with the fewest players;
    dealt in at once unless the seat lies between the small blind and the button (T-MOVE-2).
    When every seat is taken a new table opens (the next number) and balancing fills it; a room
    of `limit` tables opens the lowest number of it never opened (a broken table stays broken).

    A late entry sits at a table with the fewest players (8A):

    >>> from random import Random
    >>> one = Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"})
    >>> two = Table(number=2, seats=9, occupants={1: "Di", 5: "Ed"})
    >>> room, seating = late_entry({1: one, 2: two}, "Flo", Random(1), seats_per_table=9)
    >>> seating.table, len(room[2].occupants)
    (2, 3)
    >>> late_entry({1: Table(number=1, seats=2, occupants={1: "Ann", 2: "Bo"})}, "Flo", Random(1),
    ...            seats_per_table=2, limit=1)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REG-1: every seat of the room's 1 tables is taken
    """
    if any(player in t.occupants.values() for t in room.values()):
        raise InvalidInput("{name} is already seated", name=player)
    candidates = [t for t in open_tables(room) if t.free]
    if not candidates:
        number = max(room, default=0) + 1
        if limit is not None and number > limit:
            unopened = [n for n in range(1, limit + 1) if n not in room]
            if not unopened:
                raise RuleViolation("T-REG-1", "every seat of the room's {limit} tables is taken",
                                    limit=limit)
            number = unopened[0]
        return seat_unseated(room, player, number, 1, seats_per_table=seats_per_table)
    fewest = min(len(t.occupants) for t in candidates)
    pool = [(t.number, s) for t in candidates if len(t.occupants) == fewest for s in t.free_seats]
    number, seat = rng.choice(pool)
    return seat_unseated(room, player, number, seat, seats_per_table=seats_per_table)


def final_table(
    room: Room, *, rng: random.Random, rules: HouseRules, seats_per_table: int, number: int
) -> dict[int, Table]:
    """T-SEAT-3, ST2: every remaining player draws a new seat at table `number`; seat 1 is the
    button (T-SEAT-2). Every other table is broken.

    >>> from random import Random
    >>> from tdconsole.domain.house_rules import HouseRules
    >>> one = Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"})
    >>> two = Table(number=2, seats=9, occupants={1: "Di", 5: "Ed"})
    >>> room = final_table({1: one, 2: two}, rng=Random(1), rules=HouseRules(), seats_per_table=9, number=1)
    >>> len(room[1].occupants), room[2].status
    (5, 'broken')
    """
    size = rules.seating.final_table_size or seats_per_table
    players = [p for t in open_tables(room) for p in t.occupants.values()]
    if len(players) > size:
        raise RuleViolation(
            "T-SEAT-3",
            "{count} players do not fit one final table of {size}", count=len(players), size=size,
        )
    if len(players) < 2:
        raise InvalidInput("the final table needs at least two players")
    base = room.get(number)
    blocked = base.blocked if base is not None and base.seats == size else frozenset()
    empty = Table(number=number, seats=size, blocked=blocked)
    if empty.capacity < len(players):
        raise RuleViolation(
            "T-SEAT-3",
            "table {number} has {capacity} usable seats", number=number, capacity=empty.capacity,
        )
    shuffled = sorted(players)
    rng.shuffle(shuffled)
    broken = {
        t.number: t.updated({"occupants": {}, "status": "broken", "hand": None, "just_paid": frozenset()})
        for t in room.values()
        if t.number != number
    }
    return {**broken, number: _seat_table(empty, shuffled, rng, rules)}


def final_table_due(room: Room, rules: HouseRules, seats_per_table: int) -> bool:
    """Whether the players left fit one final table while more than one table runs (T-SEAT-3).

    >>> from tdconsole.domain.house_rules import HouseRules
    >>> one = Table(number=1, seats=9, occupants={1: "Ann", 4: "Bo", 7: "Cy"})
    >>> two = Table(number=2, seats=9, occupants={1: "Di", 5: "Ed"})
    >>> final_table_due({1: one, 2: two}, HouseRules(), 9), final_table_due({1: one}, HouseRules(), 9)
    (True, False)
    >>> final_table_due({1: one, 2: two}, HouseRules(), 4)
    False
    """
    size = rules.seating.final_table_size or seats_per_table
    return len(open_tables(room)) > 1 and live_players(room) <= size

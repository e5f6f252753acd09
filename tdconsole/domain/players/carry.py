"""Flights into Day 2: which stack each survivor carries, and the order Day 2 seats them in.

* T-FLIGHT-3: a player who survives two flights carries one stack to Day 2, the best or the first
  (`carry`, an event setting); the player is one person across flights by club member number when
  linked, else by name (ignoring case and width).
* T-DAY2-1: Day 2 draws its tables at random, or seeded by chips: the biggest stacks dealt to the
  tables in turn, snaking back (1, 2, ..., n, n, ..., 1), so no table holds two of the biggest
  while another holds none.

Pure functions of their inputs: the stacks come from the flights' logs (tdconsole/club/), the
random draw from the service.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from tdconsole.domain.limits import Chips, Id
from tdconsole.domain.model import Frozen
from tdconsole.domain.text import Label, Name, name_key

if TYPE_CHECKING:
    import random  # only the type: the service makes the draw

Carry = Literal["best", "first"]
DrawKind = Literal["random", "seeded"]


class CarriedStack(Frozen):
    """A survivor's bagged stack as it goes to Day 2: who, how many chips, from which flight and
    bag. Stored in the Day 2 log for ever: add fields with defaults, never rename."""

    name: Name
    chips: Chips = Field(gt=0)
    flight: Label  # the flight's name ("Main Event 1A")
    flight_id: Id  # its tournament id
    bag: int = Field(ge=1)
    member: Id | None = None


class StackOrigin(Frozen):
    """Where a Day 2 player's stack came from (`Day2Started`): state --json names it."""

    player_id: str
    chips: int
    flight: str
    flight_id: int
    bag: int


def person(stack: CarriedStack) -> str:
    """One person across flights: the member number when linked, else the name's key.

    >>> person(CarriedStack(name="Ann Holm", chips=9_000, flight="1A", flight_id=1, bag=3))
    'nann holm'
    >>> person(CarriedStack(name="Ann Holm", chips=9_000, flight="1A", flight_id=1, bag=3, member=12))
    'm12'
    """
    return f"m{stack.member}" if stack.member is not None else f"n{name_key(stack.name)}"


def carried(stacks_by_flight: Iterable[Sequence[CarriedStack]], carry: Carry) -> list[CarriedStack]:
    """T-FLIGHT-3: one stack per person, the flights in the order played (first first): with
    "first" the earliest flight's, with "best" the biggest (the earlier flight on equal chips).

    T-FLIGHT-3: Ann survived two flights; she carries one stack, the best or the first as the house says.

    >>> first = [CarriedStack(name="Ann", chips=9_000, flight="1A", flight_id=1, bag=1)]
    >>> second = [CarriedStack(name="ann", chips=22_000, flight="1B", flight_id=2, bag=4),
    ...           CarriedStack(name="Bo", chips=15_000, flight="1B", flight_id=2, bag=5)]
    >>> [(stack.name, stack.chips) for stack in carried([first, second], "best")]
    [('ann', 22000), ('Bo', 15000)]
    >>> [(stack.name, stack.chips) for stack in carried([first, second], "first")]
    [('Ann', 9000), ('Bo', 15000)]
    """
    kept: dict[str, CarriedStack] = {}
    for flight in stacks_by_flight:
        for stack in flight:
            key = person(stack)
            held = kept.get(key)
            if held is None or (carry == "best" and stack.chips > held.chips):
                kept[key] = stack
    return list(kept.values())


def seeded_tables(stacks: Sequence[tuple[str, int]], tables: int, rng: random.Random) -> list[list[str]]:
    """T-DAY2-1 seeded: players (name, chips) dealt to `tables` tables biggest stack first, in a
    snake (1..n then n..1), so each table gets one of the n biggest, one of the next n, and so on;
    equal stacks are ordered by the draw. Table sizes end within one of each other.

    T-DAY2-1 seeded: the biggest stacks are dealt round the tables in a snake, so no table gets two of
    the biggest:

    >>> from random import Random
    >>> stacks = [("A", 90), ("B", 80), ("C", 70), ("D", 60), ("E", 50), ("F", 40)]
    >>> seeded_tables(stacks, 2, Random(1))
    [['A', 'D', 'E'], ['B', 'C', 'F']]
    """
    order = list(stacks)
    rng.shuffle(order)  # equal stacks: the draw decides, the stable sort below keeps it
    order.sort(key=lambda stack: -stack[1])
    dealt: list[list[str]] = [[] for _table in range(tables)]
    for index, (name, _chips) in enumerate(order):
        lap, offset = divmod(index, tables)
        dealt[offset if lap % 2 == 0 else tables - 1 - offset].append(name)
    return dealt

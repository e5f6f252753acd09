"""The chip race at a colour-up (T-COLOR-1, TDA 24).

Each player exchanges the removed chips for the next chip up as far as they go; what is left over
(the odd chips) is raced. The dealer gives each player one card per odd chip of the smallest
removed denomination, starting at seat 1 and going round in seat order, each player's cards in
one go. The odd chips of the whole table are pooled and rounded to the nearest new chip, half up
(RRoP: "rounded up if half or more"). The best cards (rank, then suit in bridge order, spades
high) win one new chip each, at most one per player (24). A player whose chips were all odd and
who wins nothing gets one chip of the smallest denomination still in play: nobody is raced out
(T-COLOR-1, 24; case C2).

So the table's chips change by the rounding (at most half a new chip either way) plus one new chip
per player saved from being raced out; `ChipRace.value_change` states it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import Field

from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.model import Frozen

if TYPE_CHECKING:  # the race only reads the cards dealt; pokerkit loads where they are parsed
    from pokerkit import Card

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"  # bridge order: clubs, diamonds, hearts, spades


class RaceSeat(Frozen):
    """A player at the colour-up: the whole stack and the value of it in removed chips."""

    seat: int = Field(ge=1)
    stack: int = Field(gt=0)
    colored_up: int = Field(ge=0)


class RaceOutcome(Frozen):
    seat: int
    stack: int
    colored_up: int
    exchanged: int  # new chips given for removed chips that add up exactly
    odd_chips: int  # chips of the smallest removed denomination raced: one card each
    odd_value: int
    cards: list[str]
    won: bool
    rescued: bool  # T-COLOR-1, 24: given one chip instead of being raced out
    stack_after: int


class ChipRace(Frozen):
    color_up: list[int]
    new_chip: int
    pool: int  # value of all odd chips at the table
    chips_raced: int
    seats: list[RaceOutcome]
    value_change: int  # chips after minus chips before: rounding plus rescues
    rules: RuleIds


def _strength(card: Card) -> tuple[int, int]:
    return _RANKS.index(card.rank.value), _SUITS.index(card.suit.value)


def _check(seats: Sequence[RaceSeat], color_up: Sequence[int], new_chip: int) -> int:
    if not color_up or min(color_up) <= 0:
        raise InvalidInput("name the chips coloured up (positive values)")
    unit = min(color_up)
    if new_chip <= max(color_up) or new_chip % unit:
        raise InvalidInput(
            "the chip still in play ({new_chip}) must be larger than the chips coloured up and a multiple "
            "of {unit}", new_chip=new_chip, unit=unit,
        )
    if any(value % unit for value in color_up):
        raise InvalidInput("every chip coloured up must be a multiple of {unit}", unit=unit)
    numbers = [seat.seat for seat in seats]
    if len(set(numbers)) != len(numbers):
        raise InvalidInput("a seat is listed twice")
    for seat in seats:
        if seat.colored_up > seat.stack:
            raise InvalidInput(
                "seat {seat}: coloured-up chips {colored_up} exceed the stack {stack}", seat=seat.seat,
                colored_up=seat.colored_up, stack=seat.stack,
            )
        if seat.colored_up % unit:
            raise InvalidInput(
                "seat {seat}: {colored_up} is not a number of {unit} chips", seat=seat.seat,
                colored_up=seat.colored_up, unit=unit,
            )
    return unit


def chip_race(
    seats: Sequence[RaceSeat], color_up: Sequence[int], new_chip: int, cards: Sequence[Card]
) -> ChipRace:
    """Race the odd chips of one table; `cards` is the shuffled draw, dealt in order.

    Colouring up the 25s for 100s: the table's 150 in odd 25s round to two 100s, raced one card per
    chip; the two best cards (the king, then the nine) win one each (T-COLOR-1, 24), and seat 3, whose
    every chip was raced, is given one rather than raced out.

    >>> from tdconsole.domain.calculators.cards import parse_cards
    >>> seats = [RaceSeat(seat=1, stack=5_050, colored_up=50),
    ...          RaceSeat(seat=2, stack=3_075, colored_up=75),
    ...          RaceSeat(seat=3, stack=25, colored_up=25)]
    >>> race = chip_race(seats, [25], 100, parse_cards("2c 9d Kh 3s 4s 5s"))
    >>> race.pool, race.chips_raced, race.rules
    (150, 2, ['T-COLOR-1', '24'])
    >>> [(seat.seat, seat.cards, seat.won, seat.rescued, seat.stack_after) for seat in race.seats]
    [(1, ['2c', '9d'], True, False, 5100), (2, ['Kh', '3s', '4s'], True, False, 3100),
     (3, ['5s'], False, True, 100)]
    >>> chip_race(seats, [25], 60, [])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the chip still in play (60) must be larger than the chips
    coloured up and a multiple of 25
    """
    unit = _check(seats, color_up, new_chip)
    ordered = sorted(seats, key=lambda seat: seat.seat)  # 24: the race starts at seat 1
    odd = {seat.seat: seat.colored_up % new_chip for seat in ordered}
    needed = sum(value // unit for value in odd.values())
    if len(cards) < needed:
        raise InvalidInput("the race needs {needed} cards, got {count}", needed=needed, count=len(cards))
    dealt: dict[int, list[Card]] = {}
    position = 0
    for seat in ordered:
        count = odd[seat.seat] // unit
        dealt[seat.seat] = list(cards[position : position + count])
        position += count

    racers = [seat.seat for seat in ordered if dealt[seat.seat]]
    pool = sum(odd.values())
    chips_raced = min(len(racers), (2 * pool + new_chip) // (2 * new_chip))
    by_best = sorted(racers, key=lambda number: max(map(_strength, dealt[number])), reverse=True)
    winners = set(by_best[:chips_raced])  # 24: at most one chip per player

    outcomes = []
    for seat in ordered:
        won = seat.seat in winners
        after = seat.stack - odd[seat.seat] + (new_chip if won else 0)
        rescued = after == 0  # T-COLOR-1, 24: never raced out of the tournament (C2)
        outcomes.append(RaceOutcome(
            seat=seat.seat, stack=seat.stack, colored_up=seat.colored_up,
            exchanged=seat.colored_up // new_chip, odd_chips=odd[seat.seat] // unit,
            odd_value=odd[seat.seat], cards=[repr(card) for card in dealt[seat.seat]],
            won=won, rescued=rescued, stack_after=new_chip if rescued else after,
        ))
    return ChipRace(
        color_up=sorted(color_up), new_chip=new_chip, pool=pool, chips_raced=chips_raced,
        seats=outcomes,
        value_change=sum(o.stack_after for o in outcomes) - sum(seat.stack for seat in ordered),
        rules=["T-COLOR-1", "24"],
    )

"""The chip race at a colour-up: T-COLOR-1 and TDA 24 (case C2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.calculators.cards import parse_cards
from tdconsole.domain.calculators.chip_race import RaceSeat, chip_race
from tdconsole.domain.errors import InvalidInput
from tests.samples import examples

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def seat(number: int, stack: int, colored_up: int) -> RaceSeat:
    return RaceSeat(seat=number, stack=stack, colored_up=colored_up)


def test_c2_player_whose_whole_stack_is_one_25_loses_the_race_and_gets_one_chip() -> None:
    race = chip_race([seat(1, 5075, 75), seat(3, 25, 25)], [25], 100,
                     parse_cards(["As", "Kd", "Qh", "2c"]))
    by_seat = {outcome.seat: outcome for outcome in race.seats}
    assert by_seat[3].won is False and by_seat[3].rescued is True
    assert by_seat[3].stack_after == 100  # one chip of the smallest denomination left
    assert "T-COLOR-1" in race.rules and "24" in race.rules


def test_24_race_starts_at_seat_1_one_card_per_odd_chip() -> None:
    race = chip_race([seat(4, 1000, 50), seat(1, 1000, 25), seat(2, 1000, 0)], [25], 100,
                     parse_cards(["Ah", "Kh", "Qh", "Jh"]))
    assert [(o.seat, o.cards) for o in race.seats] == [(1, ["Ah"]), (2, []), (4, ["Kh", "Qh"])]


def test_24_at_most_one_chip_per_player_however_many_odd_chips() -> None:
    # 75 + 75 + 25 = 175 -> 2 chips (half up); seat 1 holds the two best cards but wins one chip.
    race = chip_race([seat(1, 1075, 75), seat(2, 1075, 75), seat(3, 1025, 25)], [25], 100,
                     parse_cards(["As", "Ks", "Qs", "2c", "3c", "4c", "Jh"]))
    assert race.chips_raced == 2
    assert [o.won for o in race.seats] == [True, False, True]


def test_24_best_card_ties_on_rank_go_to_the_higher_suit() -> None:
    race = chip_race([seat(1, 1025, 25), seat(2, 1025, 25)], [25], 100, parse_cards(["Ah", "As"]))
    assert [o.won for o in race.seats] == [False, True]


def test_t_color_1_whole_new_chips_are_exchanged_before_the_race() -> None:
    race = chip_race([seat(1, 1175, 175)], [25], 100, parse_cards(["2c", "3c", "4c"]))
    outcome = race.seats[0]
    assert (outcome.exchanged, outcome.odd_chips, outcome.odd_value) == (1, 3, 75)
    assert outcome.won and outcome.stack_after == 1200


def test_rounding_below_half_a_chip_races_nothing() -> None:
    race = chip_race([seat(1, 1025, 25), seat(2, 1000, 0)], [25], 100, parse_cards(["Ac"]))
    assert race.chips_raced == 0 and race.value_change == -25
    assert race.seats[0].stack_after == 1000


def test_exactly_half_a_chip_rounds_up() -> None:
    race = chip_race([seat(1, 1025, 25), seat(2, 1025, 25)], [25], 100, parse_cards(["Ac", "2c"]))
    assert race.chips_raced == 1 and race.value_change == 50


def test_two_denominations_coloured_up_at_once_race_in_the_smallest() -> None:
    race = chip_race([seat(1, 5000 + 475, 475)], [25, 100], 500, parse_cards(DECK[:19]))
    assert (race.seats[0].odd_chips, race.seats[0].won) == (19, True)


@pytest.mark.parametrize(
    ("seats", "color_up", "new_chip", "cards", "word"),
    [([seat(1, 100, 25)], [], 100, ["As"], "name the chips"),
     ([seat(1, 100, 25)], [100], 100, ["As"], "larger"),
     ([seat(1, 100, 25)], [25], 110, ["As"], "multiple"),
     ([seat(1, 100, 25), seat(1, 200, 25)], [25], 100, ["As", "Ks"], "twice"),
     ([seat(1, 100, 200)], [25], 100, ["As"], "exceed"),
     ([seat(1, 100, 30)], [25], 100, ["As"], "not a number of 25"),
     ([seat(1, 100, 75)], [25], 100, ["As"], "needs 3 cards")],
)
def test_bad_input_is_one_clear_error(seats: list[RaceSeat], color_up: list[int], new_chip: int,
                                      cards: list[str], word: str) -> None:
    with pytest.raises(InvalidInput, match=word):
        chip_race(seats, color_up, new_chip, parse_cards(cards))


@pytest.mark.parametrize(("cards", "word"), [(["As", "As"], "twice"), (["Zz"], "not a card"),
                                             (["??"], "not a card")])
def test_bad_cards_are_rejected(cards: list[str], word: str) -> None:
    with pytest.raises(InvalidInput, match=word):
        parse_cards(cards)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[RaceSeat], list[str]]:
    count = draw(st.integers(1, 10))
    numbers = draw(st.lists(st.integers(1, 10), min_size=count, max_size=count, unique=True))
    seats = []
    for number in numbers:
        colored_up = 25 * draw(st.integers(0, 3))  # a player holds at most three odd 25s
        rest = 100 * draw(st.integers(0 if colored_up else 1, 50))
        seats.append(RaceSeat(seat=number, stack=rest + colored_up, colored_up=colored_up))
    return seats, draw(st.permutations(DECK))


@pytest.mark.long
@settings(max_examples=examples(200))
@given(tables())
def test_t_color_1_race_conserves_value_up_to_rounding_and_never_eliminates(
    table: tuple[list[RaceSeat], list[str]],
) -> None:
    seats, deck = table
    race = chip_race(seats, [25], 100, parse_cards(deck))
    rescued = sum(o.rescued for o in race.seats)
    assert race.value_change == sum(o.stack_after for o in race.seats) - sum(s.stack for s in seats)
    assert abs(race.value_change - 100 * rescued) <= 50
    assert all(o.stack_after > 0 and o.stack_after % 100 == 0 for o in race.seats)
    assert all(o.won is False for o in race.seats if o.odd_chips == 0)
    assert sum(o.won for o in race.seats) == race.chips_raced

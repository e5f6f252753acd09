"""Pots: SCENARIOS.md P5, P6, the odd-chip rules and the invariants, with hypothesis."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tdconsole.domain.calculators.pots import PotsAnswer, PotsInput, award, resolve_pots, side_pots, split
from tdconsole.domain.errors import InvalidInput
from tests.samples import examples


def resolve(**data: Any) -> PotsAnswer:
    data.setdefault("chip", 1)
    return resolve_pots(PotsInput.model_validate(data))


# --- SCENARIOS.md ---------------------------------------------------------------------------

def test_p6_main_300_for_all_three_side_1800_for_a_and_b() -> None:
    answer = resolve(button=3, seats=[1, 2, 3], contributions={"1": 1000, "2": 1000, "3": 100},
                     chip=100, ranking=[[3], [2], [1]])
    by_name = {pot.name: pot for pot in answer.pots}
    assert (by_name["main pot"].amount, by_name["main pot"].eligible) == (300, [1, 2, 3])
    assert (by_name["side pot 1"].amount, by_name["side pot 1"].eligible) == (1800, [1, 2])
    assert answer.awards == {2: 1800, 3: 300}


def test_s_pot_1_side_pots_are_listed_and_awarded_before_the_main_pot() -> None:
    answer = resolve(button=1, seats=[1, 2, 3, 4],
                     contributions={"1": 100, "2": 300, "3": 600, "4": 600},
                     ranking=[[1], [2], [3, 4]])
    assert [pot.name for pot in answer.pots] == ["side pot 2", "side pot 1", "main pot"]
    assert [pot.amount for pot in answer.pots] == [600, 600, 400]
    assert answer.awards == {1: 400, 2: 600, 3: 300, 4: 300}
    assert "S-POT-1" in answer.rules and "21" in answer.rules


def test_p5_s_odd_2_hi_lo_the_high_half_gets_the_odd_chip() -> None:
    # 5 chips of 25 in the pot: high 3 chips (75), low 2 chips (50).
    answer = award(PotsInput(button=1, seats=[1, 2], contributions={1: 75, 2: 50}, chip=25,
                             ranking=[[1], [2]]), high=[[1], [2]], low=[[2], [1]])
    assert answer.awards == {1: 75, 2: 50}
    assert "S-ODD-2" in answer.rules


# --- S-ODD-1, 20A ---------------------------------------------------------------------------

def test_s_odd_1_odd_chip_to_the_first_winner_left_of_the_button() -> None:
    answer = resolve(button=5, seats=[1, 3, 5, 7], contributions={"1": 25, "3": 25, "7": 25},
                     chip=25, folded=[], ranking=[[1, 7], [3]])
    # 75 in chips of 25 split two ways: seat 7 is first clockwise from the button (5).
    assert answer.awards == {1: 25, 7: 50}


def test_s_odd_1_with_a_dead_button_count_from_its_position() -> None:
    # The button is on the empty seat 4; seat 6 is the first winner to its left.
    answer = resolve(button=4, seats=[1, 2, 3, 4, 5, 6], chip=5,
                     contributions={"2": 5, "3": 5, "6": 5}, ranking=[[2, 6], [3]])
    assert answer.awards == {2: 5, 6: 10}


def test_s_odd_1_split_in_the_smallest_chip_in_play() -> None:
    assert split(300, [1, 2, 3, 4], button=1, chip=25) == {1: 75, 2: 75, 3: 75, 4: 75}
    assert split(325, [1, 2, 3, 4], button=1, chip=25) == {1: 75, 2: 100, 3: 75, 4: 75}
    assert split(350, [1, 2, 3, 4], button=4, chip=25) == {1: 100, 2: 100, 3: 75, 4: 75}


def test_s_odd_1_a_contribution_not_in_the_smallest_chip_is_refused() -> None:
    with pytest.raises(ValidationError, match="multiple of the chip 25"):
        PotsInput.model_validate({"button": 1, "seats": [1, 2], "chip": 25,
                                  "contributions": {"1": 30, "2": 25}, "ranking": [[1, 2]]})


def test_s_hilo_1_quartering_and_the_odd_chips() -> None:
    # 900: high 500 to seat 2, low 400 split between seats 1 and 3 (both A-2-3-4-5).
    answer = resolve(button=1, seats=[1, 2, 3], chip=100,
                     contributions={"1": 300, "2": 300, "3": 300}, game="omaha-hilo",
                     board="5c 4h 3s Qc Qh",
                     hands={"1": "As 2d Ks Kd", "2": "8c 7c 6d 6s", "3": "Ah 2h Kc Kh"})
    assert answer.awards == {1: 200, 2: 500, 3: 200}


def test_s_hilo_1_no_qualifying_low_the_high_hand_scoops() -> None:
    answer = resolve(button=1, seats=[1, 2], chip=100, contributions={"1": 300, "2": 300},
                     game="omaha-hilo", board="Kc Qh Js 9c 2h",
                     hands={"1": "As Td Ks 3d", "2": "8c 7c 6d 6s"})
    assert answer.awards == {1: 600}
    assert "S-HILO-1" in answer.rules


# --- folded players, uncalled chips ----------------------------------------------------------

def test_folded_chips_stay_in_the_pots_they_reached_and_he_is_eligible_for_none() -> None:
    answer = resolve(button=1, seats=[1, 2, 3, 4], folded=[4],
                     contributions={"1": 100, "2": 400, "3": 400, "4": 250},
                     ranking=[[4], [1], [2], [3]])
    main, = (pot for pot in answer.pots if pot.name == "main pot")
    assert (main.amount, main.eligible, main.awards) == (400, [1, 2, 3], {1: 400})
    assert answer.awards == {1: 400, 2: 750}


def test_an_uncalled_bet_goes_back_to_the_bettor() -> None:
    answer = resolve(button=1, seats=[1, 2], contributions={"1": 1000, "2": 400},
                     ranking=[[2], [1]])
    assert answer.awards == {1: 600, 2: 800}
    assert answer.pots[0].name == "side pot 1 (no contest)"


def test_pots_by_hands_hold_em_board_plays_split() -> None:
    answer = resolve(button=1, seats=[1, 2, 3], chip=5, contributions={"1": 50, "2": 50, "3": 55},
                     game="holdem", board="As Ks Qs Js Ts", hands={"1": "7s 2d", "2": "3c 3d"},
                     folded=[3])
    assert answer.awards == {1: 75, 2: 80}


@pytest.mark.parametrize(("data", "message"), [
    ({"contributions": {"1": 100, "9": 100}}, "contributions: seat 9 is not in seats"),
    ({"button": 7}, "button: seat 7 is not in seats"),
    ({"ranking": None}, "either ranking"),
    ({"seats": [1, 1, 2]}, "listed twice"),
])
def test_bad_pots_input_names_the_field(data: dict[str, Any], message: str) -> None:
    base = {"button": 1, "seats": [1, 2], "chip": 1, "contributions": {"1": 100, "2": 100},
            "ranking": [[1], [2]], **data}
    with pytest.raises(ValidationError, match=message):
        PotsInput.model_validate(base)


def test_a_player_still_in_without_cards_is_an_error() -> None:
    with pytest.raises(InvalidInput, match="hands: seat 2 is still in the hand but has no cards"):
        resolve(button=1, seats=[1, 2], contributions={"1": 100, "2": 100}, game="holdem",
                board="Ks Qs 7s 3d 2h", hands={"1": "As Js"})


def test_a_player_still_in_but_not_ranked_is_an_error() -> None:
    with pytest.raises(InvalidInput, match="seat 2 is still in the hand but not ranked"):
        resolve(button=1, seats=[1, 2], contributions={"1": 100, "2": 100}, ranking=[[1]])


# --- invariants -----------------------------------------------------------------------------

SEATS = list(range(1, 10))


@st.composite
def tables(draw: st.DrawFn) -> tuple[PotsInput, list[list[int]]]:
    chip = draw(st.sampled_from([1, 5, 25, 100]))
    players = draw(st.lists(st.sampled_from(SEATS), min_size=2, max_size=9, unique=True))
    contributions = {seat: chip * draw(st.integers(0, 40)) for seat in players}
    folded = draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players) - 1))
    live = [seat for seat in players if seat not in folded]
    if all(contributions[seat] == 0 for seat in live):
        contributions[live[0]] = chip
    order = draw(st.permutations(live))
    ranking: list[list[int]] = []
    for seat in order:  # random ties: join the previous group or start a new one
        if ranking and draw(st.booleans()):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    button = draw(st.sampled_from(SEATS))
    low = draw(st.one_of(st.none(), st.permutations(live).map(lambda s: [[x] for x in s[:2]])))
    pots_input = PotsInput(button=button, seats=SEATS, contributions=contributions,
                           folded=folded, chip=chip, ranking=ranking)
    return pots_input, low


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(tables())
def test_property_awards_sum_to_the_contributions(table: tuple[PotsInput, Any]) -> None:
    pots_input, low = table
    answer = award(pots_input, pots_input.ranking or [], low)
    assert sum(answer.awards.values()) == sum(pots_input.contributions.values())
    assert sum(pot.amount for pot in answer.pots) == sum(pots_input.contributions.values())
    assert all(amount % pots_input.chip == 0 for amount in answer.awards.values())


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(tables())
def test_property_nobody_wins_from_a_pot_he_is_not_eligible_for(
        table: tuple[PotsInput, Any]) -> None:
    pots_input, low = table
    answer = award(pots_input, pots_input.ranking or [], low)
    for pot in answer.pots:
        assert set(pot.awards) <= set(pot.eligible)
        assert not set(pot.eligible) & set(pots_input.folded)


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(tables())
def test_property_s_odd_1_at_most_one_odd_chip_per_player_per_pot(
        table: tuple[PotsInput, Any]) -> None:
    pots_input, _ = table
    answer = award(pots_input, pots_input.ranking or [])
    for pot in answer.pots:
        shares = list(pot.awards.values())
        assert max(shares) - min(shares) <= pots_input.chip


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(tables())
def test_property_side_pots_eligibility_shrinks_from_the_main_pot(
        table: tuple[PotsInput, Any]) -> None:
    pots_input, _ = table
    layers = side_pots(pots_input.contributions, pots_input.folded)
    for lower, upper in pairwise(layers):
        assert set(upper.eligible) < set(lower.eligible)


def test_rp_11_the_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    # Blinds 50/100, ante 100 posted by the big blind (seat 2), who is all-in for 600 more in all;
    # seats 1 and 3 put in 600 each. The ante makes no side pot of its own: nothing comes back.
    answer = resolve(button=3, seats=[1, 2, 3], contributions={"1": 600, "2": 600, "3": 600},
                     dead=100, ranking=[[2], [1], [3]])
    assert [(pot.name, pot.amount) for pot in answer.pots] == [("main pot", 1900)]
    assert answer.awards == {2: 1900}
    # Counted as his contribution instead, 100 would wrongly come back to him as a side pot.
    wrong = resolve(button=3, seats=[1, 2, 3], contributions={"1": 600, "2": 700, "3": 600},
                    ranking=[[1], [2], [3]])
    assert wrong.pots[0].name == "side pot 1 (no contest)"


def test_dead_money_must_break_down_into_the_chip() -> None:
    with pytest.raises(ValidationError, match="dead: 150 is not a multiple of the chip 100"):
        resolve(button=1, seats=[1, 2], contributions={"1": 100, "2": 100}, dead=150, chip=100,
                ranking=[[1], [2]])


# --- TDA 20B: stud ---------------------------------------------------------------------------

def test_tda_20b_a_split_stud_pots_odd_chip_goes_to_the_high_card_by_suit() -> None:
    """Seat 2 is first clockwise from the button, but in stud seat 5's ace of clubs is the high card
    (every card counts, down cards too): the odd chip is his."""
    hand: dict[str, Any] = {"button": 1, "seats": [1, 2, 5, 7], "chip": 100, "ranking": [[2, 5], [7]],
                            "contributions": {"2": 200, "5": 200, "7": 100}}
    assert resolve(**hand).awards == {2: 300, 5: 200}  # flop games: S-ODD-1, from the button
    stud = resolve(**hand, stud_cards={"2": "Ks Kh 9d 9c 4s 3s 2s", "5": "Kd Kc 9h 9s 4c 3c Ac"})
    assert stud.awards == {2: 200, 5: 300} and "20B" in stud.rules and "S-ODD-1" not in stud.rules


def test_tda_20b_stud_cards_bad_input_is_one_line() -> None:
    hand: dict[str, Any] = {"button": 1, "seats": [1, 2, 5, 7], "chip": 100, "ranking": [[2, 5], [7]],
                            "contributions": {"2": 200, "5": 200, "7": 100}}
    with pytest.raises(InvalidInput, match="stud_cards: seat 5 shares a pot with an odd chip"):
        resolve(**hand, stud_cards={"2": "As"})
    with pytest.raises(InvalidInput, match="stud_cards: As is held twice"):
        resolve(**hand, stud_cards={"2": "As", "5": "As"})
    with pytest.raises(ValidationError, match="stud_cards: a stud pot is given by its ranking"):
        resolve(button=1, seats=[1, 2], contributions={"1": 100, "2": 100}, game="holdem",
                board="Ks Qs 7s 3d 2h", hands={"1": "As Js", "2": "9d 9c"}, stud_cards={"1": "As"})

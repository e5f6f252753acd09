"""Chips pushed: SCENARIOS.md S1, S3, S4, S11, S12, S13, then the edges of each rule."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tdconsole.domain.calculators.chips_pushed import ChipsAnswer, ChipsInput, read_chips
from tdconsole.domain.errors import RuleViolation


def read(club: bool = True, **push: Any) -> ChipsAnswer:
    push.setdefault("big_blind", 200)
    push.setdefault("stack", 100_000)
    return read_chips(ChipsInput.model_validate(push), club)


def outcome(answer: ChipsAnswer) -> tuple[str, int, int]:
    return answer.action, answer.to, answer.returned


# --- SCENARIOS.md ---------------------------------------------------------------------------

def test_s1_b_half_1_facing_1000_silent_1400_is_a_call_400_back() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 100, 100, 100, 100])
    assert outcome(answer) == ("call", 1000, 400)
    assert "B-HALF-1" in answer.rules


def test_b_half_1_facing_1000_silent_1500_is_a_raise_to_2000() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 500])
    assert outcome(answer) == ("raise", 2000, 0)
    assert answer.owed == 500
    assert "B-HALF-1" in answer.rules and "43A" in answer.rules


def test_s3_three_hundreds_over_1000_is_a_call_200_back() -> None:
    # Blinds 250/500, UTG raised to 1,100 (an increment of 600).
    answer = read(big_blind=500, facing=1100, last_increment=600, chips=[1000, 100, 100, 100])
    assert outcome(answer) == ("call", 1100, 200)


def test_s3_five_hundreds_over_1000_must_raise_to_1700() -> None:
    answer = read(big_blind=500, facing=1100, last_increment=600,
                  chips=[1000, 100, 100, 100, 100, 100])
    assert (answer.action, answer.to, answer.owed) == ("raise", 1700, 200)


def test_s4_b_chip_1_a_single_5000_chip_facing_1000_is_a_call() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[5000])
    assert outcome(answer) == ("call", 1000, 4000)
    assert "B-CHIP-1" in answer.rules and "44" in answer.rules


def test_s4_44_a_single_5000_chip_with_raise_said_first_raises_to_5000() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[5000], declared="raise")
    assert outcome(answer) == ("raise", 5000, 0)
    assert "B-VERBAL-1" in answer.rules


def test_s4_44_a_single_5000_chip_with_no_bet_facing_is_a_bet_of_5000() -> None:
    answer = read(facing=0, chips=[5000])
    assert outcome(answer) == ("bet", 5000, 0)


@pytest.mark.parametrize(("pot", "bet"), [(4999, 500), (5000, 5000), (12_000, 5000), (0, 500)])
def test_s8_57_i_bet_five_is_500_under_a_5000_pot_else_5000(pot: int, bet: int) -> None:
    answer = read(big_blind=400, facing=0, chips=[], spoken=5, pot=pot)
    assert (answer.action, answer.to, answer.owed) == ("bet", bet, bet)
    assert "57" in answer.rules


def test_57_a_spoken_amount_below_the_minimum_bet_is_corrected() -> None:
    answer = read(big_blind=400, facing=0, chips=[], spoken=2, pot=1000)
    assert (answer.action, answer.to) == ("bet", 400)
    assert "B-MIN-1" in answer.rules


def test_s11_facing_1400_his_last_2000_is_all_in() -> None:
    answer = read(facing=1400, last_increment=1400, chips=[1000, 1000], stack=2000)
    assert outcome(answer) == ("all-in", 2000, 0)
    assert "45" in answer.rules


def test_s12_55_call_with_no_bet_is_a_check() -> None:
    answer = read(facing=0, chips=[], declared="call")
    assert outcome(answer) == ("check", 0, 0)
    assert "55" in answer.rules


def test_s12_55_raise_with_no_bet_is_at_least_a_minimum_bet() -> None:
    answer = read(facing=0, chips=[100], declared="raise")
    assert (answer.action, answer.to, answer.owed) == ("bet", 200, 100)
    assert "B-MIN-1" in answer.rules


def test_s12_55_no_chips_facing_a_bet_is_no_check() -> None:
    with pytest.raises(RuleViolation, match=r"^55: facing 1000 to call"):
        read(facing=1000, chips=[])


def test_s13_b_behind_1_club_a_bet_leaving_150_behind_is_all_in_1150() -> None:
    answer = read(facing=0, chips=[500, 500], stack=1150)
    assert (answer.action, answer.to, answer.owed) == ("all-in", 1150, 150)
    assert "B-BEHIND-1" in answer.rules


def test_s13_tda_the_bet_of_1000_stands() -> None:
    answer = read(club=False, facing=0, chips=[500, 500], stack=1150)
    assert outcome(answer) == ("bet", 1000, 0)
    assert "B-BEHIND-1" not in answer.rules


def test_b_behind_1_more_than_one_big_blind_behind_is_not_all_in() -> None:
    answer = read(facing=0, chips=[500, 500], stack=1201)
    assert outcome(answer) == ("bet", 1000, 0)


def test_b_behind_1_applies_to_a_raise_too() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 1000], stack=2100)
    assert (answer.action, answer.to) == ("all-in", 2100)


def test_b_behind_1_never_turns_a_call_into_an_all_in() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000], stack=1100)
    assert outcome(answer) == ("call", 1000, 0)


# --- 45: multiple chips -------------------------------------------------------------------

def test_45_two_1000_chips_facing_1200_is_a_call() -> None:
    # TDA 45's example: blinds 200/400, A raises to 1,200; two 1,000 chips without a word.
    answer = read(big_blind=400, facing=1200, last_increment=800, chips=[1000, 1000])
    assert outcome(answer) == ("call", 1200, 800)
    assert "45" in answer.rules


def test_45_removing_a_smallest_chip_still_leaves_the_call_so_the_half_rule_decides() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 500, 100])
    assert (answer.action, answer.to) == ("raise", 2000)


def test_b_half_1_exactly_half_the_increment_obliges_a_full_raise() -> None:
    answer = read(facing=1000, last_increment=600, chips=[1000, 100, 100, 100])
    assert (answer.action, answer.to) == ("raise", 1600)


def test_a_push_above_the_minimum_raise_is_a_raise_to_that_amount() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 1000, 1000])
    assert outcome(answer) == ("raise", 3000, 0)


def test_already_in_counts_toward_the_call() -> None:
    # The big blind (200 in) faces a raise to 600 and pushes 400: a call, nothing back.
    answer = read(facing=600, already_in=200, last_increment=400, chips=[100, 100, 100, 100])
    assert outcome(answer) == ("call", 600, 0)


def test_44_the_big_blind_with_one_oversized_chip_and_no_raise_checks() -> None:
    answer = read(facing=200, already_in=200, chips=[1000])
    assert outcome(answer) == ("check", 200, 1000)


def test_b_min_1_a_short_call_is_corrected_to_the_call() -> None:
    answer = read(facing=1000, chips=[500])
    assert (answer.action, answer.to, answer.owed) == ("call", 1000, 500)
    assert "B-MIN-1" in answer.rules


def test_b_min_1_a_bet_below_the_big_blind_is_corrected_to_the_minimum() -> None:
    answer = read(facing=0, chips=[100, 50])
    assert (answer.action, answer.to, answer.owed) == ("bet", 200, 50)


# --- verbal declarations (B-VERBAL-1, 40) -------------------------------------------------

def test_b_verbal_1_call_said_overrides_the_chips_pushed() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 1000, 1000], declared="call")
    assert outcome(answer) == ("call", 1000, 2000)


def test_40_a_stated_amount_is_read_like_chips_pushed() -> None:
    assert outcome(read(facing=1000, last_increment=1000, chips=[], declared=1400)) == (
        "call", 1000, 0)
    assert (read(facing=1000, last_increment=1000, chips=[], declared=1500).to) == 2000
    assert (read(facing=1000, last_increment=1000, chips=[], declared=4000).to) == 4000


def test_40_a_stated_amount_overrides_the_chips_and_the_excess_goes_back() -> None:
    answer = read(facing=0, chips=[5000], declared=1000)
    assert outcome(answer) == ("bet", 1000, 4000)


def test_declared_raise_below_the_minimum_is_completed() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 200], declared="raise")
    assert (answer.action, answer.to, answer.owed) == ("raise", 2000, 800)


def test_declared_raise_with_too_few_chips_is_all_in() -> None:
    answer = read(facing=1000, last_increment=1000, chips=[1000, 200], declared="raise",
                  stack=1500)
    assert (answer.action, answer.to) == ("all-in", 1500)


def test_a_call_for_more_than_the_stack_is_all_in() -> None:
    answer = read(facing=1000, chips=[500], stack=500)
    assert outcome(answer) == ("all-in", 500, 0)


@pytest.mark.parametrize(("change", "field"), [
    ({"chips": [100, -5]}, "chips.1"),
    ({"chips": [100.5]}, "chips.0"),
    ({"facing": -1}, "facing"),
    ({"chips": [1000], "stack": 500}, ""),
    ({"declared": "fold"}, "declared"),
    ({"big_blind": 0}, "big_blind"),
])
def test_bad_input_is_a_validation_error(change: dict[str, Any], field: str) -> None:
    push = {"facing": 1000, "chips": [1000], "stack": 5000, "big_blind": 200, **change}
    with pytest.raises(ValidationError) as error:
        ChipsInput.model_validate(push)
    assert ".".join(map(str, error.value.errors()[0]["loc"])).startswith(field)


# --- B-STRING-1 with B-HALF-1: the motions a player made --------------------------------------

@pytest.mark.parametrize(("motions", "expected"), [
    # Facing 1,000: a call, then more: a string raise, only the call stands.
    ([[1000], [500]], ("call", 1000, 500, 0)),
    # The first motion already obliges a raise (B-HALF-1): later chips complete it, the rest go back.
    ([[1000, 500], [500]], ("raise", 2000, 0, 0)),
    ([[1000, 500], [1000]], ("raise", 2000, 500, 0)),
    # Under half the increment in the first motion: a call, whatever follows.
    ([[1000, 400], [600]], ("call", 1000, 1000, 0)),
    # A first motion short of the call: later chips may complete the call, no more.
    ([[600], [400]], ("call", 1000, 0, 0)),
    ([[600], [900]], ("call", 1000, 500, 0)),
    ([[600], [100]], ("call", 1000, 0, 300)),
])
def test_b_string_1_b_half_1_only_the_first_motion_counts(
        motions: list[list[int]], expected: tuple[str, int, int, int]) -> None:
    answer = read(facing=1000, last_increment=1000, motions=motions)
    assert (answer.action, answer.to, answer.returned, answer.owed) == expected
    assert "B-STRING-1" in answer.rules and "56" in answer.rules


def test_b_string_1_no_bet_facing_a_bet_in_two_motions_is_the_first_motion() -> None:
    answer = read(facing=0, motions=[[1000], [1000]])
    assert (answer.action, answer.to, answer.returned) == ("bet", 1000, 1000)


@pytest.mark.parametrize("declared", [2500, "raise"])
def test_b_string_1_a_declaration_first_lets_him_use_several_motions(declared: int | str) -> None:
    answer = read(facing=1000, last_increment=1000, motions=[[1000], [1000], [500]],
                  declared=declared)
    assert (answer.action, answer.to, answer.returned) == ("raise", 2500, 0)
    assert "B-STRING-1" not in answer.rules and "B-VERBAL-1" in answer.rules


def test_b_string_1_one_motion_is_no_string_bet() -> None:
    answer = read(facing=1000, last_increment=1000, motions=[[1000, 500]])
    assert outcome(answer) == ("raise", 2000, 0) and "B-STRING-1" not in answer.rules


@pytest.mark.parametrize(("change", "message"), [
    ({"motions": [[1000], [500]], "chips": [100]}, "either chips"),
    ({"motions": [[1000], []]}, "at least one chip"),
    ({"motions": [[1000], [500]], "stack": 1200}, "more than the stack"),
])
def test_b_string_1_bad_motions_are_refused_naming_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        read(facing=1000, **change)

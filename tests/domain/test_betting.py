"""The betting round: SCENARIOS.md R1-R9, S9, S10, A1/A1b/A4, then the edges of each rule."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tdconsole.domain.calculators.betting import BettingAnswer, BettingInput, betting_round
from tdconsole.domain.errors import InvalidInput, RuleViolation
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules
from tests.samples import examples

DEEP = 100_000


def run(house: HouseRules = CLUB, **hand: Any) -> BettingAnswer:
    hand.setdefault("game", "no-limit")
    hand.setdefault("blinds", [100, 200])
    hand.setdefault("button", 1)
    hand.setdefault("street", "preflop")
    hand.setdefault("stacks", {str(seat): DEEP for seat in range(1, 10)})
    return betting_round(BettingInput.model_validate(hand), house)


def stacks(**short: int) -> dict[str, int]:
    """Nine deep stacks, some made short: stacks(s4=900)."""
    table = {str(seat): DEEP for seat in range(1, 10)}
    table.update({name[1:]: chips for name, chips in short.items()})
    return table


def folds(*seats: int) -> list[list[Any]]:
    return [[seat, "fold", None] for seat in seats]


# --- SCENARIOS.md ---------------------------------------------------------------------------

def test_r1_b_min_3_next_minimum_raise_is_5600() -> None:
    answer = run(street="flop", pot=600,
                 actions=[[2, "bet", 600], [3, "raise", 1600], [4, "raise", 3600]])
    assert (answer.to_act, answer.to_call, answer.min_raise_to) == (5, 3600, 5600)
    assert answer.can_raise and answer.max_raise_to == DEEP
    assert answer.pot == 600 + 600 + 1600 + 3600
    assert "B-MIN-3" in answer.rules and "43A" in answer.rules


def test_r2_short_all_in_over_the_blind_next_minimum_reraise_is_250() -> None:
    answer = run(blinds=[50, 100], stacks=stacks(s4=150), actions=[[4, "allin", None]])
    assert (answer.to_act, answer.to_call, answer.min_raise_to) == (5, 150, 250)


def test_r6_short_all_in_button_min_raise_1300_and_utg_may_only_call() -> None:
    hand = {"button": 9, "stacks": stacks(s4=900)}
    # Button 9, SB 1, BB 2: UTG is seat 3, MP seat 4.
    opening = [[3, "raise", 600], [4, "allin", None], *folds(5, 6, 7, 8)]
    button = run(**hand, actions=opening)
    assert (button.to_act, button.to_call, button.min_raise_to) == (9, 900, 1300)
    utg = run(**hand, actions=[*opening, [9, "call", None], *folds(1, 2)])
    assert (utg.to_act, utg.to_call, utg.can_raise) == (3, 300, False)
    assert utg.min_raise_to is None and utg.max_raise_to is None
    assert "B-ALLIN-1" in utg.rules and "47A" in utg.rules


@pytest.mark.parametrize(("all_in", "reopens"), [(22_000, True), (17_000, False), (18_000, True)])
def test_r8_b_allin_1_all_in_reopens_only_as_a_full_raise(all_in: int, reopens: bool) -> None:
    # Button 1, SB 2, BB 3; A = 4 raises to 12,000, B = 5 calls, C = 6 all-in.
    answer = run(blinds=[3000, 6000], stacks=stacks(s6=all_in),
                 actions=[[4, "raise", 12_000], [5, "call", None], [6, "allin", None],
                          *folds(7, 8, 9, 1, 2, 3)])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (4, all_in - 12_000, reopens)
    if reopens:
        assert answer.min_raise_to == all_in + (all_in - 12_000)
    else:
        assert "B-ALLIN-1" in answer.rules


def test_r8_b_after_a_calls_the_short_all_in_b_may_not_raise_either() -> None:
    answer = run(blinds=[3000, 6000], stacks=stacks(s6=17_000),
                 actions=[[4, "raise", 12_000], [5, "call", None], [6, "allin", None],
                          *folds(7, 8, 9, 1, 2, 3), [4, "call", None]])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (5, 5000, False)


def test_r9_b_allin_2_two_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    # Flop, blinds 5/10, button 4: A = 1 bets 10, B = 2 calls, C = 3 all-in 18, D = 4 all-in 25.
    answer = run(blinds=[5, 10], button=4, street="flop", pot=40,
                 stacks={"1": 500, "2": 500, "3": 18, "4": 25},
                 actions=[[1, "bet", 10], [2, "call", None], [3, "allin", None],
                          [4, "allin", None]])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (1, 15, True)
    assert answer.min_raise_to == 35  # the minimum raise stays the last full increment (47A)
    assert "B-ALLIN-2" in answer.rules
    b = run(blinds=[5, 10], button=4, street="flop", pot=40,
            stacks={"1": 500, "2": 500, "3": 18, "4": 25},
            actions=[[1, "bet", 10], [2, "call", None], [3, "allin", None], [4, "allin", None],
                     [1, "call", None]])
    assert (b.to_act, b.can_raise) == (2, True)


def test_47a_tda_example_1_calls_between_short_all_ins_still_add_up_for_the_opener() -> None:
    # TDA 47 addendum example 1: A bets 100, B all-in 125, C calls, D all-in 200, E calls.
    hand = {"blinds": [50, 100], "button": 9, "street": "flop", "pot": 300,
            "stacks": {"1": 5000, "2": 125, "3": 5000, "4": 200, "5": 5000, "9": 5000}}
    actions = [[1, "bet", 100], [2, "allin", None], [3, "call", None], [4, "allin", None],
               [5, "call", None], [9, "fold", None]]
    a = run(**hand, actions=actions)
    assert (a.to_act, a.to_call, a.can_raise, a.min_raise_to) == (1, 100, True, 300)
    # C called 125 and faces only 75 more: less than a full raise, he may not raise.
    c = run(**hand, actions=[*actions, [1, "call", None]])
    assert (c.to_act, c.to_call, c.can_raise) == (3, 75, False)


def test_s11_a_short_all_in_raise_does_not_reopen_for_the_bettor() -> None:
    # Flop: seat 2 bets 1,400, seat 3 pushes his last 2,000 (a raise of 600, not a full 1,400).
    answer = run(street="flop", stacks={"2": 10_000, "3": 2000, "4": 10_000},
                 actions=[[2, "bet", 1400], [3, "allin", None], [4, "call", None]])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (2, 600, False)
    # Seat 4 had not acted: he faces a bet for the first time and may raise, at least to 3,400.
    first = run(street="flop", stacks={"2": 10_000, "3": 2000, "4": 10_000},
                actions=[[2, "bet", 1400], [3, "allin", None]])
    assert (first.to_act, first.can_raise, first.min_raise_to) == (4, True, 3400)


def test_s9_pot_limit_first_to_act_preflop_maximum_is_700() -> None:
    answer = run(game="pot-limit", stacks=stacks())
    assert (answer.to_act, answer.to_call, answer.min_raise_to, answer.max_raise_to) == (
        4, 200, 400, 700)
    assert "B-PL-1" in answer.rules and "54" in answer.rules


def test_s9_pot_limit_maximum_700_also_with_a_dead_small_blind() -> None:
    answer = run(game="pot-limit", posts={"3": 200})
    assert (answer.to_act, answer.max_raise_to, answer.pot) == (4, 700, 200)


def test_s9_pot_limit_maximum_700_also_with_a_short_big_blind() -> None:
    answer = run(game="pot-limit", stacks=stacks(s3=150))
    assert (answer.to_act, answer.to_call, answer.max_raise_to, answer.pot) == (4, 200, 700, 250)


def test_s10_b_pl_1_pot_1000_bet_500_maximum_raise_to_2500() -> None:
    answer = run(game="pot-limit", street="flop", pot=1000, actions=[[2, "bet", 500]])
    assert (answer.to_act, answer.max_raise_to) == (3, 2500)


def test_b_pl_1_pot_200_facing_50_maximum_300() -> None:
    answer = run(game="pot-limit", blinds=[25, 50], street="flop", pot=150,
                 actions=[[2, "bet", 50]])
    assert answer.max_raise_to == 300


def test_b_pl_1_a_bet_above_the_pot_limit_maximum_is_refused() -> None:
    with pytest.raises(RuleViolation, match=r"^B-PL-1: actions\[0\].*maximum of 1000"):
        run(game="pot-limit", street="flop", pot=1000, actions=[[2, "bet", 1200]])


def test_a1_a1b_short_big_blind_ante_first_utg_still_calls_2000() -> None:
    answer = run(blinds=[1000, 2000], ante=2000, stacks=stacks(s3=3000))
    # Club (T-ANTE-3): ante 2,000 dead, BB 1,000 live; pot 1,000 + 1,000 + 2,000.
    assert (answer.to_act, answer.to_call, answer.min_raise_to, answer.pot) == (4, 2000, 4000, 4000)
    assert "T-ANTE-3" in answer.rules
    # The small blind faces 1,000 more: the short big blind does not lower the bet (A1b).
    sb = run(blinds=[1000, 2000], ante=2000, stacks=stacks(s3=3000),
             actions=folds(4, 5, 6, 7, 8, 9, 1))
    assert (sb.to_act, sb.to_call) == (2, 1000)


def test_a1_tda_blind_first_the_big_blind_is_live_in_full() -> None:
    answer = run(TDA, blinds=[1000, 2000], ante=2000, stacks=stacks(s3=3000))
    assert (answer.to_call, answer.pot) == (2000, 1000 + 2000 + 1000)
    # BB 2,000 live: after everyone calls the big blind owes nothing more.
    bb = run(TDA, blinds=[1000, 2000], ante=2000, stacks=stacks(s3=3000),
             actions=[[seat, "call", None] for seat in (4, 5, 6, 7, 8, 9, 1, 2)])
    assert bb.to_act is None


def test_a4_dead_small_blind_big_blind_and_ante_make_4000() -> None:
    answer = run(blinds=[1000, 2000], ante=2000, posts={"3": 2000})
    assert (answer.to_act, answer.to_call, answer.pot) == (4, 2000, 4000)


def test_ante_is_dead_money_it_never_counts_toward_a_call() -> None:
    answer = run(ante=200, actions=[[seat, "call", None] for seat in (4, 5, 6, 7, 8, 9, 1)])
    assert (answer.to_act, answer.to_call, answer.pot) == (2, 100, 200 * 8 + 100 + 200)


# --- whose turn ---------------------------------------------------------------------------

def test_big_blind_keeps_the_option_after_limps() -> None:
    answer = run(actions=[[seat, "call", None] for seat in (4, 5, 6, 7, 8, 9, 1, 2)])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (3, 0, True)
    assert answer.min_raise_to == 400


def test_round_complete_after_the_big_blind_checks() -> None:
    actions = [[seat, "call", None] for seat in (4, 5, 6, 7, 8, 9, 1, 2)] + [[3, "check", None]]
    answer = run(actions=actions)
    assert (answer.to_act, answer.to_call, answer.min_raise_to, answer.can_raise) == (
        None, 0, None, False)


def test_34b_heads_up_the_button_posts_the_small_blind_and_acts_first_preflop() -> None:
    answer = run(button=5, stacks={"2": 5000, "5": 5000})
    assert (answer.to_act, answer.to_call, answer.pot) == (5, 100, 300)
    flop = run(button=5, stacks={"2": 5000, "5": 5000}, street="flop", pot=400)
    assert flop.to_act == 2


def test_32_dead_button_first_to_act_after_the_flop_is_left_of_its_position() -> None:
    answer = run(button=2, stacks={"1": 5000, "4": 5000, "6": 5000}, street="flop", pot=600)
    assert answer.to_act == 4


def test_only_one_player_left_ends_the_round() -> None:
    assert run(actions=folds(4, 5, 6, 7, 8, 9, 1, 2)).to_act is None


def test_s_table_1_a_short_stack_calls_for_what_he_has() -> None:
    answer = run(stacks=stacks(s5=150), actions=[[4, "raise", 600]])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (5, 150, False)
    assert "S-TABLE-1" in answer.rules


def test_no_raise_when_every_other_player_is_all_in() -> None:
    answer = run(stacks={"1": 5000, "2": 5000, "3": 800}, actions=[[1, "allin", None]])
    assert answer.to_act == 2
    answer = run(stacks={"1": 800, "2": 5000, "3": 5000}, actions=[[1, "allin", None], [2, "fold"]])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (3, 600, False)


def test_b_min_2_the_first_preflop_raise_is_at_least_two_big_blinds() -> None:
    with pytest.raises(RuleViolation, match=r"^B-MIN-2: .*seat 4 raise 300.*400"):
        run(actions=[[4, "raise", 300]])


def test_b_min_3_a_reraise_below_the_last_increment_is_refused() -> None:
    with pytest.raises(RuleViolation, match=r"^B-MIN-3: actions\[2\].*minimum raise to 2600"):
        run(street="flop", actions=[[2, "bet", 600], [3, "raise", 1600], [4, "raise", 2500]])


def test_b_min_1_a_first_bet_is_at_least_the_big_blind_unless_all_in() -> None:
    with pytest.raises(RuleViolation, match="minimum raise to 200"):
        run(street="flop", actions=[[2, "bet", 150]])
    all_in_for_less = run(street="flop", stacks=stacks(s2=150), actions=[[2, "allin", None]])
    # An all-in bet below the big blind is not a full bet: the minimum raise is to 150 + 200.
    assert (all_in_for_less.to_call, all_in_for_less.min_raise_to) == (150, 350)


def test_a_checker_facing_a_short_all_in_bet_may_not_raise_47a() -> None:
    answer = run(street="flop", stacks={"2": 5000, "3": 150, "4": 5000},
                 actions=[[2, "check", None], [3, "allin", None], [4, "call", None]])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (2, 150, False)


# --- limit --------------------------------------------------------------------------------

def test_b_limit_1_one_bet_and_three_raises_preflop_the_blind_is_the_bet() -> None:
    answer = run(game="limit", actions=[[4, "raise", 400], [5, "raise", 600], [6, "raise", 800]])
    assert (answer.to_act, answer.to_call, answer.can_raise) == (7, 800, False)
    assert "B-LIMIT-1" in answer.rules
    with pytest.raises(RuleViolation, match=r"^B-LIMIT-1"):
        run(game="limit", actions=[[4, "raise", 400], [5, "raise", 600], [6, "raise", 800],
                                   [7, "raise", 1000]])


def test_b_limit_1_the_big_bet_from_the_turn() -> None:
    flop = run(game="limit", street="flop")
    turn = run(game="limit", street="turn")
    assert (flop.min_raise_to, flop.max_raise_to) == (200, 200)
    assert (turn.min_raise_to, turn.max_raise_to) == (400, 400)
    with pytest.raises(RuleViolation, match=r"^B-LIMIT-1"):
        run(game="limit", street="turn", actions=[[2, "bet", 600]])


@pytest.mark.parametrize(("all_in", "reopens"), [(290, False), (300, True), (350, True)])
def test_b_allin_3_limit_half_a_bet_or_more_reopens(all_in: int, reopens: bool) -> None:
    # Flop, limit 200: seat 2 bets 200, seat 3 calls, seat 4 all-in.
    answer = run(game="limit", street="flop", stacks={"2": 5000, "3": 5000, "4": all_in},
                 actions=[[2, "bet", 200], [3, "call", None], [4, "allin", None]])
    assert (answer.to_act, answer.can_raise) == (2, reopens)
    if reopens:
        assert answer.min_raise_to == all_in + 200


def test_b_limit_1_an_all_in_above_the_limit_is_refused() -> None:
    with pytest.raises(RuleViolation, match=r"^B-LIMIT-1"):
        run(game="limit", street="flop", stacks={"2": 5000, "3": 5000},
            actions=[[2, "allin", None]])


# --- illegal actions in the list: the error names the action and the rule -------------------

def test_o_oot_1_an_action_out_of_turn_is_an_error_naming_the_seat_to_act() -> None:
    with pytest.raises(RuleViolation, match=r"^O-OOT-1: actions\[0\] \(seat 6 call\).*seat 4"):
        run(actions=[[6, "call", None]])


def test_an_action_by_a_folded_player_is_an_error() -> None:
    with pytest.raises(RuleViolation, match=r"^O-OOT-3: actions\[9\].*seat 4 has folded"):
        run(actions=[*folds(4, 5, 6, 7, 8, 9, 1), [2, "call", None], [3, "check", None],
                     [4, "call", None]])


def test_an_action_by_an_all_in_player_is_an_error() -> None:
    with pytest.raises(RuleViolation, match=r"^S-TABLE-1: actions\[2\].*seat 1 is all-in"):
        run(street="flop", button=3, stacks={"1": 500, "2": 5000, "3": 5000},
            actions=[[1, "allin", None], [2, "call", None], [1, "call", None]])


def test_s12_55_check_facing_a_bet_is_an_error_call_or_fold_not_raise() -> None:
    with pytest.raises(RuleViolation, match=r"^55: actions\[0\].*call or fold, not raise"):
        run(actions=[[4, "check", None]])


def test_s12_55_call_with_no_bet_is_a_check() -> None:
    answer = run(street="flop", actions=[[2, "call", None]])
    assert (answer.to_act, answer.to_call) == (3, 0)


def test_b_min_1_a_short_call_is_corrected_to_the_call() -> None:
    answer = run(actions=[[4, "call", 150]])
    assert (answer.to_act, answer.pot) == (5, 500)
    assert "B-MIN-1" in answer.rules


def test_s_table_1_a_raise_above_the_stack_is_refused() -> None:
    with pytest.raises(RuleViolation, match=r"^S-TABLE-1: .*only 900"):
        run(stacks=stacks(s4=900), actions=[[4, "raise", 1000]])


def test_a_raise_once_the_round_is_complete_is_an_error() -> None:
    with pytest.raises(InvalidInput, match="already complete"):
        run(actions=[*folds(4, 5, 6, 7, 8, 9, 1, 2), [3, "check", None]])


@pytest.mark.parametrize(("change", "field"), [
    ({"stacks": {"1": -5, "2": 100}}, "stacks.1"),
    ({"stacks": {"1": 1.5, "2": 100}}, "stacks.1"),
    ({"stacks": {"1": "100", "2": 100}}, "stacks.1"),
    ({"blinds": [300, 200]}, "blinds"),
    ({"game": "spread-limit"}, "game"),
    ({"actions": [[4, "shove", None]]}, "actions.0.action"),
    ({"pot": -1}, "pot"),
])
def test_bad_input_names_the_field(change: dict[str, Any], field: str) -> None:
    hand = {"game": "no-limit", "blinds": [100, 200], "button": 1, "street": "preflop",
            "stacks": {"1": 100, "2": 100, "3": 100}, **change}
    with pytest.raises(ValidationError) as error:
        BettingInput.model_validate(hand)
    assert ".".join(map(str, error.value.errors()[0]["loc"])).startswith(field)


def test_a_fold_or_check_with_an_amount_is_an_error() -> None:
    with pytest.raises(InvalidInput, match=r"actions\[0\].*a check puts in no chips"):
        run(street="flop", actions=[[2, "check", 500]])
    assert run(street="flop", actions=[[2, "check", 0]]).to_act == 3


def test_an_action_by_a_seat_that_does_not_exist_is_an_error() -> None:
    with pytest.raises(InvalidInput, match=r"actions\[0\].*seat 12 is not in stacks"):
        run(actions=[[12, "call", None]])


# --- properties: whatever the engine offers is accepted, and the chips add up ---------------

@st.composite
def played_rounds(draw: st.DrawFn) -> tuple[dict[str, Any], list[list[Any]]]:
    """A random round played only with actions the engine itself said were legal."""
    game = draw(st.sampled_from(["no-limit", "pot-limit", "limit"]))
    seats = draw(st.lists(st.integers(1, 9), min_size=2, max_size=9, unique=True))
    street = draw(st.sampled_from(["preflop", "flop", "turn", "river"]))
    hand: dict[str, Any] = {
        "game": game, "blinds": [50, 100], "button": draw(st.integers(1, 9)),
        "street": street, "pot": 0 if street == "preflop" else draw(st.integers(0, 50)) * 50,
        "ante": draw(st.sampled_from([0, 100])) if street == "preflop" else 0,
        "stacks": {str(seat): draw(st.integers(1, 120)) * 25 for seat in seats},
    }
    if len(seats) == 2:
        hand["button"] = seats[0]
    actions: list[list[Any]] = []
    for _ in range(draw(st.integers(0, 25))):
        answer = run(**hand, actions=actions)
        if answer.to_act is None:
            break
        choice = draw(st.sampled_from(["fold", "call", "min", "max"]))
        if choice in ("min", "max") and answer.can_raise:
            assert answer.min_raise_to is not None and answer.max_raise_to is not None
            total = answer.min_raise_to if choice == "min" else answer.max_raise_to
            actions.append([answer.to_act, "raise", total])
        elif choice == "fold":
            actions.append([answer.to_act, "fold", None])
        else:
            actions.append([answer.to_act, "call", None])
    return hand, actions


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(played_rounds())
def test_property_offered_actions_are_accepted_and_the_pot_adds_up(
        played: tuple[dict[str, Any], list[list[Any]]]) -> None:
    hand, actions = played
    answer = run(**hand, actions=actions)  # every action the engine offered replays cleanly
    # The pot is what was there plus chips from the stacks: never more than they held.
    assert hand["pot"] <= answer.pot <= hand["pot"] + sum(hand["stacks"].values())
    if answer.to_act is not None:
        stack = hand["stacks"][str(answer.to_act)]
        assert 0 <= answer.to_call <= stack
        if answer.can_raise:
            assert answer.min_raise_to is not None and answer.max_raise_to is not None
            assert answer.to_call < answer.min_raise_to <= answer.max_raise_to
    else:
        assert not answer.can_raise and answer.to_call == 0


# --- one ante everywhere (T-ANTE-2): `ante` is the level's, the table posts by its size --------

@pytest.mark.parametrize(("handed", "club", "flat"), [(9, 2000, 2000), (7, 2000, 2000), (6, 1000, 2000),
                                                      (3, 1000, 2000), (2, 0, 2000)])
def test_t_ante_2_the_betting_replay_posts_the_ante_of_the_table_size(
        handed: int, club: int, flat: int) -> None:
    table = {str(seat): DEEP for seat in range(1, handed + 1)}
    for house, posted in ((CLUB, club), (with_flat_ante(), flat)):
        answer = run(house, blinds=[1000, 2000], ante=2000, stacks=table)
        assert answer.ante_posted == posted
        assert answer.pot == 1000 + 2000 + posted
        assert ("T-ANTE-2" if house is CLUB else "RP-11") in answer.rules


def with_flat_ante() -> HouseRules:
    return CLUB.with_value("ante.by_table_size", "flat")


# --- B-BEHIND-1 in the replay -------------------------------------------------------------------

@pytest.mark.parametrize(("bet", "all_in"), [(1000, True), (950, True), (949, False)])
def test_b_behind_1_s13_a_bet_leaving_one_big_blind_or_less_becomes_all_in(bet: int, all_in: bool) -> None:
    # S13: blinds 100/200, a player with 1,150 bets 1,000 -> all-in 1,150 (club); 949 leaves 201.
    hand = {"street": "flop", "pot": 600, "stacks": {"1": 1150, "2": DEEP, "3": DEEP},
            "actions": [[1, "bet", bet]], "button": 3}
    answer = run(**hand)
    assert (answer.to_act, answer.to_call) == (2, 1150 if all_in else bet)
    assert ("B-BEHIND-1" in answer.rules) == all_in
    tda = run(TDA, **hand)  # TDA: the bet stands as made
    assert tda.to_call == bet and "B-BEHIND-1" not in tda.rules


def test_b_behind_1_a_call_leaving_little_is_only_a_call() -> None:
    answer = run(street="flop", stacks={"1": DEEP, "2": 1150, "3": DEEP}, button=3,
                 actions=[[1, "bet", 1000], [2, "call", None]])
    assert answer.to_act == 3 and answer.to_call == 1000 and "B-BEHIND-1" not in answer.rules


# --- B-LIMIT-1 and TDA 48: the cap holds heads-up until the event is down to two ---------------

# Blinds 100/200, the flop: the small bet is 200; a bet and three raises reach 800.
FOUR_BETS = [[2, "bet", 200], [1, "raise", 400], [2, "raise", 600], [1, "raise", 800]]


def test_48_heads_up_in_the_pot_the_cap_holds() -> None:
    heads_up = {"1": 20000, "2": 20000}
    capped = run(game="limit", street="flop", pot=1000, button=1, stacks=heads_up, actions=FOUR_BETS)
    assert capped.to_act == 2 and capped.to_call == 200 and not capped.can_raise
    assert capped.min_raise_to is None and capped.max_raise_to is None
    assert {"B-LIMIT-1", "48"} <= set(capped.rules)
    # The hand: a fifth bet is refused, naming the rule.
    with pytest.raises(RuleViolation, match=r"capped.*heads-up too") as refused:
        run(game="limit", street="flop", pot=1000, button=1, stacks=heads_up,
            actions=[*FOUR_BETS, [2, "raise", 1000]])
    assert refused.value.rules == ["B-LIMIT-1"]


def test_48_three_handed_the_cap_holds() -> None:
    three = {"1": DEEP, "2": DEEP, "3": DEEP}
    raises = [[1, "bet", 200], [2, "raise", 400], [3, "raise", 600], [1, "raise", 800]]
    capped = run(game="limit", street="flop", button=3, stacks=three, actions=raises)
    assert capped.to_act == 2 and not capped.can_raise
    # One folds: heads-up in the pot, still capped.
    after_fold = run(game="limit", street="flop", button=3, stacks=three,
                     actions=[*raises, [2, "fold", None]])
    assert after_fold.to_act == 3 and not after_fold.can_raise and "B-LIMIT-1" in after_fold.rules


def test_48_many_players_and_one_all_in_the_cap_holds() -> None:
    # Nine dealt in, two left with chips after seat 2's all-in for half a bet more (a raise,
    # B-ALLIN-3): the fourth bet caps it, though only two can still bet.
    actions = [[1, "bet", 200], [2, "allin", 300], [3, "raise", 500], *folds(4, 5, 6, 7, 8, 9),
               [1, "raise", 700]]
    answer = run(game="limit", street="flop", button=9, stacks=stacks(s2=300), actions=actions)
    assert answer.to_act == 3 and not answer.can_raise and "B-LIMIT-1" in answer.rules
    preflop = run(game="limit", actions=[[4, "raise", 400], [5, "raise", 600], [6, "raise", 800]],
                  players_left_in_event=40)
    assert preflop.to_act == 7 and not preflop.can_raise


def test_48_the_event_down_to_two_lifts_the_cap() -> None:
    heads_up = {"1": 20000, "2": 20000}
    answer = run(game="limit", street="flop", pot=1000, button=1, stacks=heads_up,
                 actions=FOUR_BETS, players_left_in_event=2)
    assert answer.to_act == 2 and answer.can_raise and answer.min_raise_to == 1000
    assert "48" in answer.rules
    more = run(game="limit", street="flop", pot=1000, button=1, stacks=heads_up,
               actions=[*FOUR_BETS, [2, "raise", 1000], [1, "raise", 1200]], players_left_in_event=2)
    assert more.can_raise and more.min_raise_to == 1400
    # Three left in the event: heads-up in this pot is not enough.
    three_left = run(game="limit", street="flop", pot=1000, button=1, stacks=heads_up,
                     actions=FOUR_BETS, players_left_in_event=3)
    assert not three_left.can_raise


def test_48_players_left_in_event_cannot_be_fewer_than_those_dealt_in() -> None:
    with pytest.raises(ValidationError, match="players_left_in_event"):
        run(game="limit", street="flop", players_left_in_event=2)


# --- missed blinds: a returning player posts them (RRoP, seed 001) --------------------------------

def test_rrop_a_player_returning_after_missing_the_big_blind_posts_it_live_and_the_small_dead() -> None:
    answer = run(returning={"6": "both"})
    # SB 100 + BB 200 + seat 6's live 200 and dead 100.
    assert (answer.to_act, answer.to_call, answer.pot) == (4, 200, 600)
    assert "RRoP" in answer.rules
    # His live big blind counts toward his call; with no raise he keeps the option.
    limps = [[seat, "call", None] for seat in (4, 5)]
    at_six = run(returning={"6": "both"}, actions=limps)
    assert (at_six.to_act, at_six.to_call, at_six.can_raise) == (6, 0, True)


def test_rrop_a_player_who_missed_only_the_small_blind_posts_it_live() -> None:
    answer = run(returning={"6": "small"}, actions=[[4, "call", None], [5, "call", None]])
    assert (answer.to_act, answer.to_call, answer.pot) == (6, 100, 100 + 200 + 100 + 400)


@pytest.mark.parametrize(("change", "fragment"), [
    ({"returning": {"3": "both"}}, "seat 3 posts a blind in turn"),
    ({"returning": {"12": "both"}}, "seat 12 is not in stacks"),
    ({"returning": {"6": "both"}, "street": "flop"}, "only preflop"),
])
def test_rrop_missed_blinds_bad_input_is_one_line(change: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InvalidInput, match=fragment):
        run(**change)


# --- B-MISREAD-1 -----------------------------------------------------------------------------------

MISREAD = {"street": "flop", "button": 4, "stacks": {str(s): DEEP for s in range(1, 5)},
           "actions": [[1, "bet", 300], [2, "raise", 1200], [3, "call", 300]]}


def test_b_misread_1_a_call_of_the_earlier_bet_may_be_withdrawn_while_no_harm_is_done() -> None:
    # 002's example: A bets 300, B raises to 1,200, C puts in 300 thinking the bet was 300.
    answer = run(**MISREAD)
    assert answer.misread is not None
    assert (answer.misread.seat, answer.misread.put_in, answer.misread.to_call) == (3, 300, 1200)
    assert answer.misread.can_withdraw and "B-MISREAD-1" in answer.rules


def test_b_misread_1_once_the_next_player_acted_the_call_stands_in_full() -> None:
    answer = run(**{**MISREAD, "actions": [*MISREAD["actions"], [4, "fold", None]]})
    assert answer.misread is not None and not answer.misread.can_withdraw
    assert answer.misread.rules == ["B-MISREAD-1", "B-MIN-1"]
    assert answer.to_act == 1 and answer.to_call == 900  # C's call counts as 1,200


def test_49_with_the_tda_setting_a_misread_call_binds_at_once() -> None:
    tda = CLUB.with_value("betting.misunderstood_call", "binds")
    answer = run(tda, **MISREAD)
    assert answer.misread is not None and not answer.misread.can_withdraw
    assert answer.misread.rules == ["49", "51"]
    assert "49" in answer.rules and "B-MISREAD-1" not in answer.rules
    assert run(TDA, **MISREAD).misread == answer.misread


def test_b_misread_1_a_short_call_matching_no_earlier_bet_is_only_b_min_1() -> None:
    answer = run(**{**MISREAD, "actions": [[1, "bet", 300], [2, "raise", 1200], [3, "call", 500]]})
    assert answer.misread is None and "B-MIN-1" in answer.rules and "B-MISREAD-1" not in answer.rules


# --- S-SHOW-2: betting over with an all-in -----------------------------------------------------

def test_s_show_2_betting_over_with_an_all_in_every_hand_is_tabled() -> None:
    answer = run(street="flop", button=3, stacks={"1": 500, "2": DEEP, "3": DEEP},
                 actions=[[1, "allin", 500], [2, "call", None], [3, "fold", None]])
    assert answer.to_act is None and answer.all_in_showdown and "S-SHOW-2" in answer.rules


def test_s_show_2_edges_two_players_with_chips_or_a_fold_to_one_is_no_all_in_showdown() -> None:
    # Two players still with chips: the betting goes on next street.
    on = run(street="flop", button=3, stacks={"1": 500, "2": DEEP, "3": DEEP},
             actions=[[1, "allin", 500], [2, "call", None], [3, "call", None]])
    assert on.to_act is None and not on.all_in_showdown
    # Everybody folds to the all-in: no showdown at all.
    folded = run(street="flop", button=3, stacks={"1": 500, "2": DEEP, "3": DEEP},
                 actions=[[1, "allin", 500], [2, "fold", None], [3, "fold", None]])
    assert not folded.all_in_showdown and "S-SHOW-2" not in folded.rules
    # Checked through on the river: a showdown, but no all-in.
    checked = run(street="river", button=2, stacks={"1": DEEP, "2": DEEP},
                  actions=[[1, "check", None], [2, "check", None]])
    assert checked.to_act is None and not checked.all_in_showdown

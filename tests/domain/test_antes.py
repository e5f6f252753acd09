"""The big blind ante: T-ANTE-1/2/3 (club) against RP-11 (TDA); cases A1, A1b, A4, A6."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.calculators.antes import ante_for_table, ante_table, post_blinds
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.house_rules import CLUB, TDA, AnteRules, HouseRules
from tests.samples import examples

# The scenarios' level: 1,000/2,000, ante 2,000.
LEVEL = (1000, 2000, 2000)


def test_a1_club_short_big_blind_pays_the_ante_first() -> None:
    posting = post_blinds(*LEVEL, stack=3000, handed=9, rules=CLUB.ante)
    assert (posting.ante, posting.big_blind, posting.all_in) == (2000, 1000, True)
    assert "T-ANTE-3" in posting.rules


def test_a1_tda_rp_11_short_big_blind_fills_the_blind_first() -> None:
    posting = post_blinds(*LEVEL, stack=3000, handed=9, rules=TDA.ante)
    assert (posting.big_blind, posting.ante, posting.all_in) == (2000, 1000, True)
    assert "RP-11" in posting.rules and "T-ANTE-3" not in posting.rules


@pytest.mark.parametrize("rules", [CLUB.ante, TDA.ante], ids=["club", "tda"])
def test_a1b_short_big_blind_never_lowers_the_bet_to_call(rules: AnteRules) -> None:
    posting = post_blinds(*LEVEL, stack=3000, handed=9, rules=rules)
    assert posting.to_call == 2000
    assert "RP-11" in posting.rules


@pytest.mark.parametrize("rules", [CLUB.ante, TDA.ante], ids=["club", "tda"])
def test_a4_dead_small_blind_big_blind_and_ante_unchanged(rules: AnteRules) -> None:
    posting = post_blinds(*LEVEL, stack=50_000, handed=9, rules=rules, dead_small_blind=True)
    assert (posting.small_blind, posting.big_blind, posting.ante) == (0, 2000, 2000)
    assert posting.pot == 4000 and posting.to_call == 2000 and not posting.all_in
    assert "32" in posting.rules


@pytest.mark.parametrize(
    ("handed", "club", "tda"), [(9, 2000, 2000), (7, 2000, 2000), (6, 1000, 2000), (3, 1000, 2000),
                                (2, 0, 2000)]
)
def test_a6_t_ante_2_ante_by_table_size_against_flat_rp_11(handed: int, club: int,
                                                           tda: int) -> None:
    assert ante_for_table(*LEVEL, handed=handed, rules=CLUB.ante).ante == club
    assert ante_for_table(*LEVEL, handed=handed, rules=TDA.ante).ante == tda


def test_a6_posting_heads_up_club_has_no_ante() -> None:
    posting = post_blinds(*LEVEL, stack=50_000, handed=2, rules=CLUB.ante)
    assert (posting.big_blind, posting.ante, posting.pot) == (2000, 0, 3000)


def test_t_ante_2_table_rows_for_the_clock() -> None:
    rows = ante_table(*LEVEL, rules=CLUB.ante)
    assert [(row.min_handed, row.max_handed, row.ante) for row in rows] == [
        (7, 10, 2000), (3, 6, 1000), (2, 2, 0)]
    assert [(row.min_handed, row.max_handed, row.ante) for row in ante_table(*LEVEL, TDA.ante)] == [
        (2, 10, 2000)]


def test_t_ante_2_level_without_ante_has_none_at_short_tables() -> None:
    assert ante_for_table(100, 200, 0, handed=5, rules=CLUB.ante).ante == 0


def test_t_ante_2_short_table_ante_never_above_the_level_ante() -> None:
    assert ante_for_table(1000, 2000, 500, handed=5, rules=CLUB.ante).ante == 500


@pytest.mark.parametrize("rules", [CLUB.ante, TDA.ante], ids=["club", "tda"])
def test_t_ante_3_big_blind_covering_exactly_is_all_in_with_both_in_full(rules: AnteRules) -> None:
    posting = post_blinds(*LEVEL, stack=4000, handed=9, rules=rules)
    assert (posting.big_blind, posting.ante, posting.all_in) == (2000, 2000, True)
    assert "T-ANTE-3" not in posting.rules


def test_t_ante_3_stack_below_the_ante_all_goes_to_the_ante() -> None:
    posting = post_blinds(*LEVEL, stack=1500, handed=9, rules=CLUB.ante)
    assert (posting.big_blind, posting.ante, posting.all_in) == (0, 1500, True)


def test_rp_11_stack_below_the_blind_all_goes_to_the_blind() -> None:
    posting = post_blinds(*LEVEL, stack=1500, handed=9, rules=TDA.ante)
    assert (posting.big_blind, posting.ante, posting.all_in) == (1500, 0, True)


def test_t_ante_3_heads_up_short_big_blind_has_no_ante_to_pay() -> None:
    posting = post_blinds(*LEVEL, stack=1500, handed=2, rules=CLUB.ante)
    assert (posting.big_blind, posting.ante, posting.all_in) == (1500, 0, True)
    assert posting.to_call == 2000


@pytest.mark.parametrize(
    ("level", "stack", "handed", "word"),
    [((1000, 2000, 2000), 0, 9, "stack"), ((1000, 2000, 2000), 5000, 1, "handed"),
     ((1000, 2000, 2000), 5000, 11, "handed"), ((2000, 1000, 0), 5000, 9, "below"),
     ((0, 1000, 0), 5000, 9, "greater than 0"), ((1000, 2000, -1), 5000, 9, "ante")],
)
def test_bad_input_is_one_clear_error(level: tuple[int, int, int], stack: int, handed: int,
                                      word: str) -> None:
    with pytest.raises(InvalidInput, match=word):
        post_blinds(*level, stack=stack, handed=handed, rules=CLUB.ante)


@pytest.mark.long
@settings(max_examples=examples(200))
@given(
    small=st.integers(1, 10_000), factor=st.integers(1, 3), ante_factor=st.integers(0, 2),
    stack=st.integers(1, 100_000), handed=st.integers(2, 10),
    by_size=st.sampled_from(["club", "flat"]), order=st.sampled_from(["ante-first", "blind-first"]),
)
def test_t_ante_posting_never_exceeds_stack_or_what_is_due(
    small: int, factor: int, ante_factor: int, stack: int, handed: int, by_size: str, order: str
) -> None:
    rules = AnteRules(by_table_size=by_size, short_big_blind=order)  # type: ignore[arg-type]
    big = small * factor
    ante = big * ante_factor // 2
    due = ante_for_table(small, big, ante, handed, rules).ante
    posting = post_blinds(small, big, ante, stack, handed, rules)
    assert posting.big_blind + posting.ante == min(stack, big + due)
    assert 0 <= posting.big_blind <= big and 0 <= posting.ante <= due
    assert posting.all_in == (stack <= big + due)
    assert posting.to_call == big


@pytest.mark.parametrize("rules", [CLUB, TDA], ids=["club", "tda"])
@pytest.mark.parametrize("handed", range(2, 11))
def test_t_ante_2_the_clock_rules_post_and_the_betting_replay_agree_on_the_ante(
        rules: HouseRules, handed: int) -> None:
    # One ante everywhere: the clock's table (ante_table), `rules post` (post_blinds) and the
    # betting replay (its `ante` is the level's) give the same ante for a table of this size.
    from tdconsole.domain.calculators.betting import BettingInput, betting_round

    clock = next(row.ante for row in ante_table(*LEVEL, rules.ante)
                 if row.min_handed <= handed <= row.max_handed)
    posted = post_blinds(*LEVEL, stack=100_000, handed=handed, rules=rules.ante).ante
    replay = betting_round(BettingInput.model_validate({
        "game": "no-limit", "blinds": [1000, 2000], "ante": 2000, "button": 1, "street": "preflop",
        "stacks": {str(seat): 100_000 for seat in range(1, handed + 1)}}), rules).ante_posted
    assert clock == posted == replay

"""Stud's order of action (issue 41; TDA RP-10D/E/F, 17A, 3): each test is named after the rule it
checks, at its edges."""

from __future__ import annotations

import pytest

from tdconsole.domain.calculators.cards import parse_cards
from tdconsole.domain.calculators.stud import bring_in, completion, first_to_act, stud_show_order
from tdconsole.domain.errors import InvalidInput


def up(text: str) -> dict[int, object]:
    return dict(enumerate(parse_cards(text), start=1))


def boards(*texts: str) -> dict[int, list[object]]:
    return {seat: parse_cards(text) for seat, text in enumerate(texts, start=1)}


@pytest.mark.parametrize(("cards", "seat"), [
    ("2s 2h 2d 2c", 4),  # four deuces: clubs is the lowest suit
    ("2s 2h 2d Kc", 3),  # then diamonds
    ("2s 2h Ac Kc", 2),  # then hearts below spades
    ("Ac Kd 3s", 3),  # the ace is high in stud: a three of spades is lower than the ace of clubs
])
def test_rp_10e_stud_bring_in_is_the_low_card_by_suit(cards: str, seat: int) -> None:
    assert bring_in("stud", up(cards)).seat == seat
    assert bring_in("stud8", up(cards)).seat == seat  # stud hi/lo brings in as stud


@pytest.mark.parametrize(("cards", "seat"), [
    ("Kc Kd Kh Ks", 4),  # four kings: spades is the highest suit
    ("Kc Qs Ah", 1),  # a king is razz's highest card
    ("Ac 2d", 2),  # the ace is low in razz: a deuce is higher
])
def test_razz_bring_in_is_the_high_card_ace_low_by_suit(cards: str, seat: int) -> None:
    assert bring_in("razz", up(cards)).seat == seat


def test_rp_10e_bring_in_all_in_for_the_ante_betting_starts_at_his_left() -> None:
    answer = bring_in("stud", up("Kd 2c 9h Jh"), all_in_for_ante={2, 3})
    assert (answer.seat, answer.first_to_act) == (2, 4)  # seat 3 is all-in too: skipped
    with pytest.raises(InvalidInput, match="every player is all-in"):
        bring_in("stud", up("Kd 2c"), all_in_for_ante={1, 2})


def test_3_completing_the_bring_in_to_the_small_bet() -> None:
    assert completion(50, 200) == [("fold", 0), ("call", 50), ("complete", 200)]
    with pytest.raises(InvalidInput, match="at most the small bet"):
        completion(250, 200)


def test_rp_10d_a_pair_showing_in_stud_beats_high_cards() -> None:
    assert first_to_act("stud", boards("Ah Kh", "2c 2d", "Qs Js")).seat == 2
    # Two pair over trips? No: trips showing beat two pair on 6th street's four up cards.
    assert first_to_act("stud", boards("Ah Ad Kc Kd", "3c 3d 3h 9s")).seat == 2


def test_no_straight_or_flush_counts_on_an_open_board() -> None:
    # A four-flush and four to a straight are high cards only; the pair of threes acts first.
    assert first_to_act("stud", boards("9s 8s 7s 6s", "3c 3d 4h 5h")).seat == 2
    assert first_to_act("stud8", boards("9s 8s 7s 6s", "Ts 2d 4h 5h")).seat == 2  # T high beats 9 high


def test_rp_10d_equal_boards_are_broken_by_the_high_card_by_suit() -> None:
    answer = first_to_act("stud", boards("Kd 9c", "Ks 9h", "Kh 9s"))
    assert (answer.seat, answer.tied, answer.rules) == (2, [1, 2, 3], ["RP-10D"])
    # The same in razz, the low board's high card by suit (not position, RRoP's way).
    answer = first_to_act("razz", boards("7c 4d", "7h 4s", "Kc Kd"))
    assert (answer.seat, answer.tied) == (2, [1, 2])


def test_razz_the_low_board_acts_first_ace_low_and_a_pair_is_bad() -> None:
    assert first_to_act("razz", boards("7c 4d", "8c 2d", "Ac 7d")).seat == 3  # 7-A below 7-4
    assert first_to_act("razz", boards("Kc Qd", "2c 2d")).seat == 1  # a pair showing is worse
    assert first_to_act("razz", boards("Kc Qd Jh Td", "2c 2d 3h 4s")).seat == 1


def test_17a_stud_show_order_the_aggressor_else_the_high_board() -> None:
    showing = {2: parse_cards("Kd 9c 5s 5h"), 5: parse_cards("Ac Qd 8h 2s"), 7: parse_cards("Jh Jc 3d 3c")}
    assert stud_show_order("stud", showing, None, "tda") == ([7, 2, 5], ["17A"])
    assert stud_show_order("razz", showing, None, "tda") == ([5, 7, 2], ["17A"])
    assert stud_show_order("stud", showing, 2, "tda") == ([2, 5, 7], ["17A"])
    # The club (S-ORDER-1): clockwise from the dealer, who sits before seat 1.
    assert stud_show_order("stud", showing, None, "club") == ([2, 5, 7], ["S-ORDER-1"])
    with pytest.raises(InvalidInput, match="seat 3 is not in the hand"):
        stud_show_order("stud", showing, 3, "tda")


@pytest.mark.parametrize(("call", "message"), [
    (lambda: bring_in("nlhe", up("2c 3d")), "no stud game"),
    (lambda: bring_in("stud", up("2c")), "at least two players"),
    (lambda: first_to_act("stud", boards("2c 3d 4h 5s 6s", "Kc Kd")), "shows 5 cards"),
    (lambda: first_to_act("stud", {1: parse_cards("2c 3d"), 2: parse_cards("2c 4d")}), "2c is shown twice"),
])
def test_bad_input_is_a_one_line_error(call: object, message: str) -> None:
    with pytest.raises(InvalidInput, match=message) as refused:
        call()  # type: ignore[operator]
    assert "\n" not in str(refused.value)

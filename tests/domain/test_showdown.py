"""Showdown: SCENARIOS.md K1-K4, hand names, the show order (S-ORDER-1/2, 17A), bad cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import Deck, StandardHighHand

from tdconsole.domain.calculators.cards import parse_cards
from tdconsole.domain.calculators.showdown import Showdown, show_order, showdown
from tdconsole.domain.errors import InvalidInput
from tests.samples import examples


def show(game: str, board: str, order: str = "club", button: int = 0,
         aggressor: int | None = None, **hands: str) -> Showdown:
    cards = {int(seat[1:]): parse_cards(text, seat) for seat, text in hands.items()}
    return showdown(game, parse_cards(board, "board"), cards, button=button,
                    aggressor=aggressor, order=order)


def test_k1_board_plays_split() -> None:
    result = show("holdem", "As Ks Qs Js Ts", s1="7s 2d", s2="3c 3d")
    assert result.high.winners == [1, 2]
    assert result.high.hands == {1: "royal flush", 2: "royal flush"}


def test_k2_five_cards_only_aces_full_of_kings() -> None:
    result = show("holdem", "Ac Kd Kh Kc Qd", s1="Ah Ad", s2="Qc Qs")
    assert result.high.hands[1] == "full house, aces full of kings"
    assert result.high.hands[2] == "full house, kings full of queens"
    assert result.high.winners == [1]


def test_k3_s_omaha_1_one_spade_in_hand_makes_no_flush() -> None:
    result = show("omaha", "Ks Qs 7s 3d 2h", s1="As Jh 9d 9c", s2="8h 8c 4d 4c")
    assert result.high.hands[1] == "pair of nines"
    assert result.high.winners == [1]
    assert "S-OMAHA-1" in result.rules


def test_s_omaha_1_exactly_two_hole_cards_no_four_card_straight_from_the_hand() -> None:
    # Hole 9-T-J-Q with a K-2-3 board: two hole cards and three board cards allow no straight.
    result = show("omaha", "Kd 2c 3h 7s 4d", s1="9c Tc Jd Qh")
    assert result.high.hands[1] == "high card, king"


def test_k4_s_hilo_1_wheel_wins_high_and_low() -> None:
    result = show("omaha-hilo", "5c 4h 3s Qc Qh", s1="As 2d Ks Kd", s2="Ac Qd 7h 8d")
    assert result.high.hands[1] == "straight, five high"
    assert result.low is not None
    assert result.low.hands[1] == "5-4-3-2-A low"
    assert result.low.winners == [1]
    assert result.high.winners == [1]


def test_s_hilo_1_no_qualifying_low() -> None:
    result = show("omaha-hilo", "Kc Qh Js 9c 2h", s1="As Td Ks 3d")
    assert result.low is not None and result.low.winners == [] and result.low.hands == {}


def test_s_hilo_1_low_uses_two_hole_cards_never_a_third() -> None:
    # Hole A-2-3-K on a 4-5-Q-K-J board: only 4 and 5 come from the board, so no low.
    result = show("omaha-hilo", "4c 5d Qh Ks Jc", s1="Ah 2s 3d Kc")
    assert result.low is not None and result.low.winners == []


@pytest.mark.parametrize(("board", "hole", "name"), [
    ("9h 8h 7h 6h 2c", "5h Kd", "straight flush, nine high"),
    ("9h 9d 9s 6h 2c", "9c Kd", "four of a kind, nines"),
    ("Ah 8h 7h 6h 2c", "3h Kd", "flush, ace high"),
    ("Ah 2d 3s 4h Kc", "5c Kd", "straight, five high"),
    ("Th Jd Qs 4h 2c", "Ac Kd", "straight, ace high"),
    ("7h 7d 7s 4h 2c", "Ac Kd", "three of a kind, sevens"),
    ("6h 6d 5s 5h 2c", "Ac Kd", "two pair, sixes and fives"),
    ("6h 6d 9s 4h 2c", "Ac Kd", "pair of sixes"),
    ("Qh Td 9s 4h 2c", "7c 6d", "high card, queen"),
])
def test_hand_names_in_words(board: str, hole: str, name: str) -> None:
    assert show("holdem", board, s1=hole).high.hands[1] == name


def test_s_rank_1_suits_never_break_ties() -> None:
    result = show("holdem", "2c 7d 9h Js Kc", s1="Ah 4s", s2="As 4h")
    assert result.high.winners == [1, 2]


def test_s_order_1_checked_through_first_seat_left_of_the_button_shows_first() -> None:
    result = show("holdem", "2c 7d 9h Js Kc", button=5, s1="Ah 4s", s3="As 4h", s6="3d 3h")
    assert result.show_order == [6, 1, 3]
    assert "S-ORDER-1" in result.rules


def test_s_order_2_club_more_than_two_show_from_the_dealer_clockwise() -> None:
    result = show("holdem", "2c 7d 9h Js Kc", button=5, aggressor=3,
                  s1="Ah 4s", s3="As 4h", s6="3d 3h")
    assert result.show_order == [6, 1, 3]
    assert "S-ORDER-2" in result.rules


def test_s_order_2_club_heads_up_the_caller_shows_last() -> None:
    result = show("holdem", "2c 7d 9h Js Kc", button=5, aggressor=3, s1="Ah 4s", s3="As 4h")
    assert result.show_order == [3, 1]


def test_17a_tda_the_last_aggressor_shows_first_then_clockwise() -> None:
    result = show("holdem", "2c 7d 9h Js Kc", order="tda", button=5, aggressor=3,
                  s1="Ah 4s", s3="As 4h", s6="3d 3h")
    assert result.show_order == [3, 6, 1]
    assert "17A" in result.rules


def test_show_order_with_a_dead_button() -> None:
    assert show_order([2, 7, 9], button=8, aggressor=None, order="club") == [9, 2, 7]


@pytest.mark.parametrize(("game", "board", "hands", "message"), [
    ("holdem", "As Ks Qs Js Ts", {"s1": "As 2d"}, "duplicate card As: in the board and seat 1"),
    ("holdem", "2c 7d 9h Js Kc", {"s1": "Ah 4s", "s2": "Ah 5s"}, "duplicate card Ah"),
    ("holdem", "2c 7d 9h Js Kc", {"s1": "Ah 4s 5s"}, "3 cards; holdem has 2"),
    ("omaha", "2c 7d 9h Js Kc", {"s1": "Ah 4s"}, "2 cards; omaha has 4"),
    ("holdem", "2c 7d 9h Js", {"s1": "Ah 4s"}, "board: 4 cards"),
])
def test_bad_cards_are_a_clear_error(game: str, board: str, hands: dict[str, str],
                                     message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        show(game, board, **hands)


@pytest.mark.parametrize("text", ["Xx 4s", "A 4s", "Ah ?? ", "1h 2h"])
def test_an_unknown_card_names_the_field(text: str) -> None:
    with pytest.raises(InvalidInput, match=r"^hand 1: "):
        parse_cards(text, "hand 1")


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(st.randoms(use_true_random=False))
def test_holdem_evaluation_matches_pokerkit_from_game(rng: random.Random) -> None:
    deck = list(Deck.STANDARD)
    rng.shuffle(deck)
    board, one, two = deck[:5], deck[5:7], deck[7:9]
    result = showdown("holdem", board, {1: one, 2: two})
    best_one = StandardHighHand.from_game(one, board)
    best_two = StandardHighHand.from_game(two, board)
    expected = [1, 2] if best_one == best_two else [1] if best_one > best_two else [2]
    assert result.high.winners == expected


# --- S-SHOW-2: betting over with an all-in ----------------------------------------------------

def test_s_show_2_all_in_on_the_flop_every_hand_is_tabled_before_turn_and_river() -> None:
    cards = {1: parse_cards("As Ad", "s1"), 2: parse_cards("Kc Kd", "s2")}
    result = showdown("holdem", parse_cards("7h 8h 2c", "board"), cards, button=2, aggressor=1,
                      all_in=True)
    assert result.tabled and result.streets_to_come == ["turn", "river"]
    assert result.high is None and result.show_order == [1, 2]
    assert result.rules[:4] == ["S-SHOW-2", "16", "S-SHOW-1", "S-SHOW-3"]


@pytest.mark.parametrize(("board", "to_come"), [("", ["flop", "turn", "river"]),
                                                ("7h 8h 2c 9d", ["river"])])
def test_s_show_2_edges_all_in_preflop_or_on_the_turn(board: str, to_come: list[str]) -> None:
    cards = {1: parse_cards("As Ad", "s1"), 2: parse_cards("Kc Kd", "s2")}
    result = showdown("holdem", parse_cards(board, "board") if board else [], cards, all_in=True)
    assert result.streets_to_come == to_come and result.tabled


def test_s_show_2_all_in_with_the_board_complete_is_evaluated_and_tabled_at_once() -> None:
    cards = {1: parse_cards("As Ad", "s1"), 3: parse_cards("Kc Kd", "s3")}
    result = showdown("holdem", parse_cards("7h 8h 2c 9d Ks", "board"), cards, button=1,
                      aggressor=3, all_in=True)
    assert result.high is not None and result.high.winners == [3]
    # Tabled at once: no show order by aggressor (S-ORDER-2 / 17A do not apply).
    assert result.show_order == [3, 1] and not {"S-ORDER-2", "17A"} & set(result.rules)


def test_s_show_1_s_show_3_every_showdown_cites_show_all_cards_and_show_one_show_all() -> None:
    result = show("holdem", "Ks Qs 7s 3d 2h", s1="As Js", s2="9d 9c")
    assert {"S-SHOW-1", "S-SHOW-3"} <= set(result.rules) and not result.tabled


def test_s_show_2_a_short_board_without_an_all_in_is_refused() -> None:
    cards = {1: parse_cards("As Ad", "s1"), 2: parse_cards("Kc Kd", "s2")}
    with pytest.raises(InvalidInput, match="all-in before the river"):
        showdown("holdem", parse_cards("7h 8h 2c", "board"), cards)
    with pytest.raises(InvalidInput, match="0, 3, 4 or 5"):
        showdown("holdem", parse_cards("7h 8h", "board"), cards, all_in=True)

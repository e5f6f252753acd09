"""The button engine: dead button (TDA 32, T-DEAD-1), heads-up (34B), who waits (T-MOVE-2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.seating.buttons import Hand, _next_occupied, hand_from_button, in_arc, next_hand
from tdconsole.domain.seats import clockwise_from, clockwise_seats

FULL = {s: f"p{s}" for s in range(1, 10)}


def hand_n() -> Hand:
    # Hand N of SCENARIOS.md: button 1, SB 2, BB 3, seats 1-9 occupied.
    return hand_from_button(FULL, 9, 1)


def without(*seats: int) -> dict[int, str]:
    return {s: p for s, p in FULL.items() if s not in seats}


def positions(hand: Hand) -> tuple[int, int, int]:
    return hand.button, hand.small_blind, hand.big_blind


def test_t_seat_2_hand_from_button_seat_1_blinds_are_seats_2_and_3() -> None:
    assert positions(hand_n()) == (1, 2, 3)
    assert hand_n().dealt == FULL


def test_clockwise_and_arc_wrap_around_the_table() -> None:
    assert clockwise_from(8, range(1, 10)) == [9, 1, 2, 3, 4, 5, 6, 7, 8]
    assert in_arc(9, 8, 2, 1) and in_arc(9, 8, 2, 8) and in_arc(9, 8, 2, 2)
    assert not in_arc(9, 8, 2, 3)


def test_tda_32_nothing_changes_moves_every_position_one_seat() -> None:
    assert positions(next_hand(FULL, 9, hand_n())) == (2, 3, 4)


def test_d1_small_blind_busts_button_dead_on_2_then_moves_on() -> None:
    occupants = without(2)
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 4)
    assert n1.dead_button and not n1.dead_small_blind
    # Seat 1 acts last again: it is the last player before the dead button.
    assert max(s for s in n1.dealt if s < n1.button) == 1
    n2 = next_hand(occupants, 9, n1)
    assert positions(n2) == (3, 4, 5)
    assert not n2.dead_button and not n2.dead_small_blind


def test_d2_big_blind_busts_small_blind_dead_then_button_dead() -> None:
    occupants = without(3)
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 4)
    assert n1.dead_small_blind and not n1.dead_button
    n2 = next_hand(occupants, 9, n1)
    assert positions(n2) == (3, 4, 5)
    assert n2.dead_button and not n2.dead_small_blind


def test_d3_both_blinds_bust_dead_button_and_dead_small_blind() -> None:
    occupants = without(2, 3)
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 4)
    assert n1.dead_button and n1.dead_small_blind
    n2 = next_hand(occupants, 9, n1)
    assert positions(n2) == (3, 4, 5) and n2.dead_button and not n2.dead_small_blind
    n3 = next_hand(occupants, 9, n2)
    assert positions(n3) == (4, 5, 6) and not n3.dead_button


def test_d4_button_busts_blinds_move_on_normally() -> None:
    occupants = without(1)
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 4) and not n1.dead_button and not n1.dead_small_blind
    assert positions(next_hand(occupants, 9, n1)) == (3, 4, 5)


def test_d5_player_due_the_big_blind_busts_big_blind_skips_his_seat() -> None:
    occupants = without(4)
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 5) and not n1.dead_button and not n1.dead_small_blind
    assert positions(next_hand(occupants, 9, n1)) == (3, 5, 6)


def test_d6_balanced_in_player_in_seat_4_posts_the_big_blind_at_once() -> None:
    occupants = {**without(4), 4: "newcomer"}
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 4)
    assert n1.big_blind_player == "newcomer" and not n1.waiting


def test_tda_32_busts_during_the_hand_never_change_that_hand() -> None:
    # The hand is a value: removing a player changes only what next_hand reads.
    hand = hand_n()
    next_hand(without(1, 2, 3), 9, hand)
    assert positions(hand) == (1, 2, 3)


def test_b6_t_move_2_newcomer_between_button_and_small_blind_waits_until_button_passes() -> None:
    # Seat 4 empty; hand N: button 2, SB 3, BB 5 -> next hand button 3, SB 5, BB 6.
    occupants = without(4)
    hand = next_hand(occupants, 9, hand_from_button(occupants, 9, 1))
    assert positions(hand) == (2, 3, 5)
    arrived = {**occupants, 4: "moved"}
    n1 = next_hand(arrived, 9, hand)
    assert positions(n1) == (3, 5, 6)
    assert n1.waiting == {4: "moved"} and 4 not in n1.dealt
    n2 = next_hand(arrived, 9, n1)
    assert positions(n2) == (5, 6, 7)
    assert 4 in n2.dealt and not n2.waiting


def test_t_move_2_newcomer_on_the_small_blind_seat_posts_it_at_once() -> None:
    # Seat 3 (BB) busts during hand N; a newcomer sits there at once. The small blind seat is not
    # between the small blind and the button: he is dealt in and posts it (002 §3, TDA 10A).
    occupants = {**without(3), 3: "new"}
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 4) and not n1.dead_small_blind and not n1.waiting
    assert n1.dealt[3] == "new" and "new" in n1.blind_payers
    n2 = next_hand(occupants, 9, n1)
    assert positions(n2) == (3, 4, 5) and not n2.dead_button and n2.dealt[3] == "new"


def test_t_move_2_newcomer_on_the_button_seat_is_dealt_in_and_the_button_is_live() -> None:
    # Seat 2 (SB) busts during hand N and a newcomer takes seat 2: next hand's button seat is
    # occupied when the hand starts, so it is no dead button (T-MOVE-2).
    occupants = {**without(2), 2: "new"}
    n1 = next_hand(occupants, 9, hand_n())
    assert positions(n1) == (2, 3, 4) and not n1.dead_button and not n1.waiting
    assert n1.dealt[2] == "new"


def test_t_move_2_the_button_seat_left_empty_is_a_dead_button() -> None:
    # The other side of the edge: the same seat empty at the deal is dead (TDA 32, D1).
    n1 = next_hand(without(2), 9, hand_n())
    assert n1.dead_button and 2 not in n1.dealt


def test_t_move_2_every_seat_strictly_between_small_blind_and_button_waits() -> None:
    # Hand N: button 1, SB 2, BB 5 (seats 3 and 4 empty). Next hand: button 2, SB 5, BB 6; two
    # newcomers at 3 and 4 both lie strictly between them, the one at 6 takes the big blind.
    occupants = without(3, 4)
    hand = hand_from_button(occupants, 9, 1)
    arrived = {**occupants, 3: "a", 4: "b"}
    n1 = next_hand(arrived, 9, hand)
    assert positions(n1) == (2, 5, 6) and n1.waiting == {3: "a", 4: "b"}
    n2 = next_hand(arrived, 9, n1)
    assert positions(n2) == (5, 6, 7) and not n2.waiting and {3, 4} <= set(n2.dealt)


def test_t_move_2_newcomer_on_the_big_blind_side_is_dealt_in() -> None:
    occupants = {**without(7), 7: "new"}
    n1 = next_hand(occupants, 9, hand_n())
    assert 7 in n1.dealt and not n1.waiting


def test_h2_heads_up_small_blind_busts_big_blind_becomes_button_and_small_blind() -> None:
    hand = hand_from_button({2: "a", 5: "b", 8: "c"}, 9, 2)
    assert positions(hand) == (2, 5, 8)
    n1 = next_hand({2: "a", 8: "c"}, 9, hand)
    assert positions(n1) == (8, 8, 2)
    assert not n1.dead_button and not n1.dead_small_blind


def test_h3_heads_up_big_blind_busts_small_blind_twice_is_allowed() -> None:
    hand = hand_from_button({2: "a", 5: "b", 8: "c"}, 9, 2)
    n1 = next_hand({2: "a", 5: "b"}, 9, hand)
    assert positions(n1) == (5, 5, 2)


def test_34b_heads_up_button_posts_small_blind_and_blinds_alternate() -> None:
    occupants = {3: "a", 7: "b"}
    hand = hand_from_button(occupants, 9, 3)
    assert positions(hand) == (3, 3, 7)
    players = []
    for _ in range(4):
        hand = next_hand(occupants, 9, hand)
        assert hand.button == hand.small_blind
        players.append(hand.big_blind_player)
    assert players == ["a", "b", "a", "b"]


def test_t_move_2_heads_up_newcomer_on_the_button_seat_plays_three_handed_at_once() -> None:
    # x (button/SB at 2) and y (BB at 5) heads-up; z sits at 3. The big blind moves on to x and,
    # counted back, z holds the button: nobody sits between the small blind (5) and the button (3),
    # so z is dealt in at once (T-MOVE-2) and nobody takes the big blind twice (34B).
    hand = hand_from_button({2: "x", 5: "y"}, 9, 2)
    occupants = {2: "x", 3: "z", 5: "y"}
    n1 = next_hand(occupants, 9, hand)
    assert positions(n1) == (3, 5, 2) and not n1.waiting and n1.dealt[3] == "z"
    n2 = next_hand(occupants, 9, n1)
    assert positions(n2) == (5, 2, 3) and n2.big_blind_player == "z"


def test_34b_heads_up_table_gains_a_player_outside_the_blinds_three_handed_at_once() -> None:
    hand = hand_from_button({2: "x", 5: "y"}, 9, 2)
    n1 = next_hand({2: "x", 5: "y", 7: "z"}, 9, hand)
    assert positions(n1) == (2, 5, 7) and n1.big_blind_player == "z"


def test_hand_needs_two_players() -> None:
    with pytest.raises(InvalidInput, match="two players"):
        next_hand({1: "a"}, 9, hand_n())
    with pytest.raises(InvalidInput, match="two players"):
        hand_from_button({1: "a"}, 9, 1)


def test_34a_button_on_an_empty_seat_is_refused() -> None:
    with pytest.raises(InvalidInput, match="seat 4 is empty"):
        hand_from_button(without(4), 9, 4)


def test_34a_button_set_on_seat_8_blinds_wrap_to_9_and_1() -> None:
    assert positions(hand_from_button(FULL, 9, 8)) == (8, 9, 1)
    assert positions(hand_from_button(without(9), 9, 8)) == (8, 1, 2)


def test_34b_heads_up_with_a_waiting_newcomer_one_busts_newcomer_posts_the_big_blind() -> None:
    # x (button/SB) and y (BB) heads-up, z waits at seat 1; x busts: z enters in the big blind.
    hand = Hand(button=8, small_blind=8, big_blind=6, dealt={6: "y", 8: "x"}, waiting={1: "z"})
    n1 = next_hand({6: "y", 1: "z"}, 9, hand)
    assert positions(n1) == (6, 6, 1) and n1.big_blind_player == "z" and not n1.waiting


def test_tda_32_big_blind_wraps_past_the_old_button_newcomers_wait_blinds_counted_back() -> None:
    # Three established players sit 2, 3, 4 (button 2, SB 3, BB 4); two newcomers arrive
    # at 1 and 9, both between the old button and... nothing: seats 5-9 were empty.
    hand = hand_from_button({2: "a", 3: "b", 4: "c"}, 9, 2)
    n1 = next_hand({2: "a", 3: "b", 4: "c", 9: "new"}, 9, hand)
    # The big blind moves on to the newcomer at 9, who enters paying it (D6).
    assert positions(n1) == (3, 4, 9) and n1.big_blind_player == "new"


@given(seats=st.integers(2, 12), data=st.data())
def test_the_next_occupied_seat_is_the_first_occupied_one_clockwise(seats: int, data: st.DataObject) -> None:
    # The walk a fold makes at every hand (issue 33: without the list of seats) finds the seat the
    # list's walk finds, from any seat, and from a number beyond the table (its seats reduced).
    occupied = data.draw(st.sets(st.integers(1, seats), min_size=1))
    start = data.draw(st.integers(1, seats + 3))
    occupants = {seat: f"P{seat}" for seat in occupied}
    assert _next_occupied(occupants, seats, start) == next(
        seat for seat in clockwise_seats(start, seats) if seat in occupants)

"""Balancing (T-BAL-1, 11A, 11C, 11D, T-MOVE-1/2/3) and breaking (10A, T-BREAK-1, B6, B7)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules, SeatingRules
from tdconsole.domain.seating.balancing import (
    BalancePlan,
    apply_break,
    apply_plan,
    break_order,
    break_table,
    mover_candidates,
    next_break,
    plan_balance,
    worst_seat,
)
from tdconsole.domain.seating.buttons import hand_from_button, next_hand
from tdconsole.domain.seating.tables import Table, hand_done, waits_if_seated
from tests.samples import examples

RRoP = HouseRules(seating=SeatingRules(balance="rrop"))


def table(number: int, seats: list[int], button: int = 1, size: int = 9) -> Table:
    occupants = {s: f"t{number}s{s}" for s in seats}
    hand = hand_from_button(occupants, size, button) if len(occupants) >= 2 else None
    return Table(number=number, seats=size, occupants=occupants, hand=hand)


def room_of(*tables: Table) -> dict[int, Table]:
    return {t.number: t for t in tables}


def counts(room: dict[int, Table]) -> list[int]:
    return [len(room[n].occupants) for n in sorted(room) if room[n].status == "open"]


def test_t_bal_1_difference_of_2_moves_one_player_due_the_big_blind_11a() -> None:
    room = room_of(
        table(1, list(range(1, 10))), table(2, list(range(1, 8))), table(3, list(range(1, 9)))
    )
    plan = plan_balance(room, CLUB)
    assert plan.model_dump(mode="json") == {
        "moves": [
            {
                "player": "t1s4",
                "from": {"table": 1, "seat": 4},
                "to": {"table": 2, "seat": 8},
                "rule": "T-BAL-1, 11C, 11A, T-MOVE-3, T-MOVE-2, T-MOVE-1",
            }
        ],
        "halt": [],
        "break": None,
    }
    assert counts(apply_plan(room, plan)) == [8, 8, 8]


def test_t_bal_1_difference_of_1_moves_nobody() -> None:
    room = room_of(table(1, list(range(1, 10))), table(2, list(range(1, 9))))
    assert plan_balance(room, CLUB) == BalancePlan()


def test_t_bal_1_moves_one_at_a_time_until_within_1() -> None:
    room = room_of(
        table(1, list(range(1, 10))), table(2, list(range(1, 10))), table(3, [1, 2, 3, 4])
    )
    plan = plan_balance(room, CLUB)
    assert len(plan.moves) == 3
    assert sorted(counts(apply_plan(room, plan))) == [7, 7, 8]
    assert all(m.to.table == 3 for m in plan.moves)


def test_11a_receiver_worst_position_is_the_seat_posting_the_big_blind_next() -> None:
    # Button 1, SB 2, BB 3; seat 4 free: whoever sits there posts the big blind next hand.
    target = table(2, [1, 2, 3, 5, 6, 7])
    assert worst_seat(target, "mover", False, CLUB) == 4
    hand = next_hand({**target.occupants, 4: "mover"}, 9, target.hand)  # type: ignore[arg-type]
    assert hand.big_blind_player == "mover"


def test_11a_without_a_free_seat_before_the_next_big_blind_the_soonest_one_after_it() -> None:
    target = table(2, [1, 2, 3, 4, 5, 6])
    assert worst_seat(target, "mover", False, CLUB) == 7


def test_t_move_2_never_between_small_blind_and_button() -> None:
    # Hand: button 2, SB 3, BB 5 (seat 4 empty); next hand button 3, SB 5: seat 4 would wait.
    base = table(2, [1, 2, 3, 5, 6, 7, 8])
    target = hand_done(base)
    assert target.hand is not None and (target.hand.button, target.hand.big_blind) == (2, 5)
    assert worst_seat(target, "mover", False, CLUB) == 9


def test_11a_never_the_small_blind() -> None:
    # The BB of this hand is gone: its seat is next hand's (dead) small blind; never chosen.
    base = table(2, [1, 2, 3, 4, 5, 6])
    target = base.model_copy(
        update={"occupants": {s: p for s, p in base.occupants.items() if s != 3}}
    )
    assert worst_seat(target, "mover", False, CLUB) != 3


def test_b7_t_move_1_club_a_player_who_just_paid_a_blind_never_takes_the_next_big_blind() -> None:
    target = table(2, [1, 2, 3, 5, 6, 7])
    assert worst_seat(target, "mover", True, CLUB) == 8
    assert worst_seat(target, "mover", True, TDA) == 4  # 10A/11A: he may post it


def test_11a_t_move_3_candidates_start_with_the_due_big_blind_and_skip_button_and_blinds() -> None:
    assert mover_candidates(table(1, list(range(1, 10)), button=5)) == [8, 9, 1, 2, 3, 4]


def test_t_move_3_three_handed_source_has_nobody_free_to_move() -> None:
    # Everyone at a three-handed table is on the button or in a blind: nobody moves yet.
    room = room_of(table(1, [1, 2, 3], size=3), table(2, [1], size=3), table(3, [1, 2, 3], size=3))
    assert next_break(room, CLUB) is None
    assert plan_balance(room, CLUB).moves == []


def test_11a_the_same_player_does_not_move_twice_in_a_row_when_another_can() -> None:
    room = room_of(table(1, list(range(1, 10))), table(2, list(range(1, 8))))
    assert plan_balance(room, CLUB).moves[0].player == "t1s4"
    again = plan_balance(room, CLUB, recently_moved=frozenset({"t1s4"}))
    assert again.moves[0].player == "t1s5"


def test_11c_ties_the_table_that_breaks_first_gives_and_the_one_that_breaks_last_takes() -> None:
    room = room_of(
        table(1, list(range(1, 10))),
        table(2, list(range(1, 10))),
        table(3, list(range(1, 8))),
        table(4, list(range(1, 8))),
    )
    plan = plan_balance(room, CLUB)
    assert [(m.from_.table, m.to.table) for m in plan.moves] == [(2, 3), (1, 4)]


def test_rrop_keeps_tables_within_2_while_more_than_6_run() -> None:
    seven = [table(n, list(range(1, 10 if n < 7 else 8))) for n in range(1, 8)]
    assert plan_balance(room_of(*seven), RRoP).moves == []
    assert len(plan_balance(room_of(*seven), CLUB).moves) == 1
    short = [*seven[:-1], table(7, list(range(1, 7)))]
    plan = plan_balance(room_of(*short), RRoP)
    assert len(plan.moves) == 1 and plan.moves[0].rule.startswith("RRoP")
    six = room_of(*[table(n, list(range(1, 10 if n < 6 else 8))) for n in range(1, 7)])
    assert plan_balance(six, RRoP).moves != []


def test_11d_a_table_3_short_halts_once_its_blinds_are_affected() -> None:
    # Table 2 is 4 short and its next big blind would skip the free seat 4.
    room = room_of(
        table(1, list(range(1, 10))), table(2, [1, 2, 3, 7, 8]), table(3, list(range(1, 10)))
    )
    assert plan_balance(room, CLUB).halt == [2]
    # Same shortness, but the next big blind (seat 4) is occupied: keep dealing.
    room = room_of(
        table(1, list(range(1, 10))), table(2, [1, 2, 3, 4, 8]), table(3, list(range(1, 10)))
    )
    assert plan_balance(room, CLUB).halt == []


def test_10a_break_order_highest_number_first_or_the_house_list() -> None:
    room = room_of(*[table(n, [1, 2, 3, 4, 5]) for n in range(1, 5)])
    assert break_order(room, CLUB) == [4, 3, 2, 1]
    listed = HouseRules(seating=SeatingRules(break_order=[2, 9, 4]))
    assert break_order(room, listed) == [2, 4, 3, 1]


def test_t_break_1_break_suggested_as_soon_as_players_fit_one_table_fewer() -> None:
    room = room_of(table(1, list(range(1, 8))), table(2, list(range(1, 8))), table(3, [1, 2, 3, 4]))
    assert next_break(room, CLUB) == 3
    plan = plan_balance(room, CLUB)
    assert plan.model_dump(mode="json") == {"moves": [], "halt": [], "break": 3}
    full = room_of(table(1, list(range(1, 9))), table(2, list(range(1, 9))), table(3, [1, 2, 3]))
    assert next_break(full, CLUB) is None


def test_b6_broken_table_player_drawing_seat_4_waits_until_the_button_passes() -> None:
    receiving = hand_done(table(1, [1, 2, 3, 5, 6, 7, 8, 9]))
    assert receiving.hand is not None
    room = room_of(receiving, table(2, [1]))
    after, seats = break_table(room, 2, random.Random(1), CLUB)
    assert [(s.player, s.to.table, s.to.seat, s.waits) for s in seats] == [("t2s1", 1, 4, True)]
    nxt = after[1].next_hand()
    assert nxt is not None and (nxt.button, nxt.small_blind, nxt.big_blind) == (3, 5, 6)
    assert after[2].status == "broken" and not after[2].occupants


def b7_room() -> dict[int, Table]:
    # Table 1's only free seat (4) posts the next big blind; table 2 has seats 8 and 9 free.
    # Table 3 breaks: t3s2 paid the small blind and t3s3 the big blind in its last hand.
    return room_of(
        table(1, [1, 2, 3, 5, 6, 7, 8, 9]), table(2, list(range(1, 8))), table(3, [1, 2, 3])
    )


def test_b7_t_move_1_club_the_player_who_paid_the_big_blind_never_draws_the_next_big_blind() -> (
    None
):
    for seed in range(30):
        after, seats = break_table(b7_room(), 3, random.Random(seed), CLUB)
        at_big_blind = {s.player for s in seats if (s.to.table, s.to.seat) == (1, 4)}
        assert at_big_blind == {"t3s1"}
        assert all(not s.waits for s in seats)
        assert after[1].next_hand().big_blind_player == "t3s1"  # type: ignore[union-attr]


def test_b7_tda_10a_the_big_blind_payer_may_draw_and_post_the_next_big_blind() -> None:
    landed = {
        s.player
        for seed in range(30)
        for s in break_table(b7_room(), 3, random.Random(seed), TDA)[1]
        if (s.to.table, s.to.seat) == (1, 4)
    }
    assert "t3s3" in landed


def test_t_move_1_club_no_seat_avoids_blinds_twice_is_refused() -> None:
    # Both heads-up players paid a blind; the only free seat posts the next big blind.
    room = room_of(
        table(1, [1, 2, 3, 5, 6, 7, 8, 9]), table(2, [1, 2]), table(3, list(range(1, 9)))
    )
    with pytest.raises(RuleViolation, match="T-MOVE-1"):
        break_table(room, 2, random.Random(1), CLUB)


def test_t_break_1_broken_players_keep_the_others_balanced() -> None:
    room = room_of(table(1, list(range(1, 8))), table(2, [1, 2, 3, 4, 5]), table(3, [1, 2, 3, 4]))
    after, seats = break_table(room, 3, random.Random(4), CLUB)
    assert counts(after) == [8, 8] and len(seats) == 4
    assert {s.to.table for s in seats} == {1, 2}


def test_t_break_1_breaking_when_the_others_lack_seats_is_refused_and_nothing_changes() -> None:
    room = room_of(table(1, list(range(1, 9))), table(2, [1, 2, 3]))
    before = dict(room)
    with pytest.raises(RuleViolation, match="T-BREAK-1: the other tables lack free seats"):
        break_table(room, 2, random.Random(1), CLUB)
    assert room == before


def test_break_an_unknown_or_broken_table_is_refused() -> None:
    room = room_of(table(1, list(range(1, 9))), Table(number=2, seats=9, status="broken"))
    with pytest.raises(NotFound, match="table 5 does not exist"):
        break_table(room, 5, random.Random(1), CLUB)
    with pytest.raises(RuleViolation, match="already broken"):
        break_table(room, 2, random.Random(1), CLUB)


def fewest_moves(sizes: list[int], allowed: int) -> int:
    """Any plan needs at least this many single moves to bring `sizes` within `allowed`: with
    the smallest table ending at L or more and the largest at L + allowed or less, each move
    fixes at most one missing and one extra player."""
    total = sum(sizes)
    return min(
        max(sum(max(0, s - low - allowed) for s in sizes), sum(max(0, low - s) for s in sizes))
        for low in range(0, max(sizes) + 1)
        if low * len(sizes) <= total <= (low + allowed) * len(sizes)
    )


@pytest.mark.long
@settings(max_examples=examples(150), deadline=None)
@given(
    sizes=st.lists(st.integers(min_value=3, max_value=9), min_size=2, max_size=12),
    rrop=st.booleans(),
)
def test_t_bal_1_plan_reaches_tolerance_with_the_fewest_moves(sizes: list[int], rrop: bool) -> None:
    room = room_of(*[table(n, list(range(1, s + 1))) for n, s in enumerate(sizes, start=1)])
    rules = RRoP if rrop else CLUB
    plan = plan_balance(room, rules)
    if plan.break_ is not None:
        return
    allowed = 2 if rrop and len(sizes) > 6 else 1
    after = counts(apply_plan(room, plan))
    assert max(after) - min(after) <= allowed
    assert len(plan.moves) == fewest_moves(sizes, allowed)
    assert len({m.player for m in plan.moves}) == len(plan.moves)


def test_t_move_2_11a_free_button_and_small_blind_seats_he_takes_the_button_dealt_in_at_once() -> None:
    # This hand's SB (2) and BB (3) busted: next hand the button is on 2 and the SB on 3. A newcomer
    # on either is dealt in at once (T-MOVE-2); balancing never gives the small blind (11A).
    base = table(2, list(range(1, 10)))
    target = base.model_copy(
        update={"occupants": {s: p for s, p in base.occupants.items() if s not in (2, 3)}}
    )
    seat = worst_seat(target, "mover", False, CLUB)
    assert seat == 2 and not waits_if_seated(target, seat, "mover")
    assert not waits_if_seated(target, 3, "mover")


def test_t_move_2_when_every_free_seat_lies_between_small_blind_and_button_he_waits_there() -> None:
    # Button 1, SB 2, BB 5 with seats 3 and 4 empty: next hand button 2, SB 5, BB 6, so both free
    # seats lie strictly between the small blind and the button; he is seated and waits.
    occupants = {s: f"t2s{s}" for s in (1, 2, 5, 6, 7, 8, 9)}
    target = Table(number=2, seats=9, occupants=occupants, hand=hand_from_button(occupants, 9, 1))
    seat = worst_seat(target, "mover", False, CLUB)
    assert seat in (3, 4) and waits_if_seated(target, seat, "mover")


def test_t_move_1_balancing_never_hands_the_big_blind_to_a_newcomer_who_just_paid_one() -> None:
    # t1s4 is due the big blind; behind him sits a newcomer who paid a blind at his old table.
    source = table(1, [1, 2, 3, 4, 6, 7, 8, 9]).model_copy(update={"just_paid": frozenset({"new"})})
    source = source.model_copy(update={"occupants": {**source.occupants, 5: "new"}})
    room = room_of(source, table(2, list(range(1, 8))), table(3, list(range(1, 9))))
    # Club: t1s4 stays to post the big blind; the next in line moves (the newcomer himself).
    assert [m.player for m in plan_balance(room, CLUB).moves] == ["new"]
    assert [m.player for m in plan_balance(room, TDA).moves] == ["t1s4"]


def test_b7_t_move_1_club_when_no_swap_helps_the_blind_payer_takes_another_free_seat() -> None:
    # Both heads-up players of table 2 paid a blind; only table 1 has room (seats 4, 8, 9), and
    # seat 4 posts its next big blind.
    room = room_of(table(1, [1, 2, 3, 5, 6, 7]), table(2, [1, 2]), table(3, list(range(1, 10))))
    for seed in range(20):
        after, seats = break_table(room, 2, random.Random(seed), CLUB)
        assert all(s.to.seat != 4 for s in seats)
        assert after[1].next_hand().big_blind_player == "t1s5"  # type: ignore[union-attr]
    landed = {
        s.to.seat for seed in range(20) for s in break_table(room, 2, random.Random(seed), TDA)[1]
    }
    assert 4 in landed


def test_apply_break_replays_a_recorded_draw_exactly() -> None:
    after, seats = break_table(b7_room(), 3, random.Random(5), CLUB)
    replayed, again = apply_break(b7_room(), 3, seats)
    assert replayed == after and again == seats
    with pytest.raises(InvalidInput, match="exactly the players of table 3"):
        apply_break(b7_room(), 3, seats[:2])


def test_t_break_1_t_move_1_a_player_drawn_to_a_table_that_busts_emptied_sits_there_without_a_blind() -> None:
    # Table 1 lost every player since its last hand; table 3 breaks with the one player left of
    # its last hand, who paid its big blind. Seated alone, he is dealt no hand there, so no blind
    # to check (T-MOVE-1): the break seats him (it asked for a hand of one player and failed).
    emptied = table(1, [1, 2, 3]).updated({"occupants": {}})
    last = table(3, [1, 2, 3]).updated({"occupants": {3: "t3s3"}})
    room = room_of(emptied, table(2, [1, 2, 3, 4, 5, 6, 7]), last)
    for seed in range(10):
        after, seats = break_table(room, 3, random.Random(seed), CLUB)
        assert [(s.player, s.to.table) for s in seats] == [("t3s3", 1)]
        assert after[3].status == "broken" and after[1].occupants == {seats[0].to.seat: "t3s3"}

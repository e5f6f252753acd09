"""Tables and seats: the draw (T-SEAT-2, ST1), manual seats and moves, late entry (8A), the final
table (T-SEAT-3, ST2), the views."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import ValidationError

from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules, SeatingRules
from tdconsole.domain.seating.buttons import hand_from_button
from tdconsole.domain.seating.tables import (
    Table,
    all_hands_done,
    block_seat,
    draw,
    due_big_blind_next,
    final_table,
    final_table_due,
    first_hand,
    hand_done,
    late_entry,
    move_player,
    paid_blind_last_hand,
    remove_player,
    seat_player,
    set_button,
    tables_needed,
    vacate,
)
from tdconsole.views.seating import table_view, tables_view

PLAYERS = [f"p{i:02}" for i in range(20)]


def table(
    number: int, occupants: dict[int, str], button: int | None = None, seats: int = 9
) -> Table:
    hand = hand_from_button(occupants, seats, button) if button else None
    return Table(number=number, seats=seats, occupants=occupants, hand=hand)


def test_st1_twenty_players_nine_max_three_tables_of_7_7_6_seat_1_the_button() -> None:
    room = draw(PLAYERS, seats_per_table=9, rng=random.Random(1), rules=CLUB)
    assert sorted(len(t.occupants) for t in room.values()) == [6, 7, 7]
    for t in room.values():
        assert t.hand is not None and t.hand.button == 1 and 1 in t.occupants
    seated = [p for t in room.values() for p in t.occupants.values()]
    assert sorted(seated) == PLAYERS


@pytest.mark.parametrize(
    ("players", "seats", "tables"),
    [(20, 9, 3), (18, 9, 2), (19, 9, 3), (2, 9, 1), (10000, 9, 1112)],
)
def test_st1_tables_needed_is_ceil_of_players_over_seats(
    players: int, seats: int, tables: int
) -> None:
    assert tables_needed(players, seats) == tables


def test_st1_draw_is_random_but_replays_with_the_same_seed() -> None:
    first = draw(PLAYERS, seats_per_table=9, rng=random.Random(7), rules=CLUB)
    again = draw(PLAYERS, seats_per_table=9, rng=random.Random(7), rules=CLUB)
    other = draw(PLAYERS, seats_per_table=9, rng=random.Random(8), rules=CLUB)
    assert first == again
    assert first != other


def test_st1_draw_respects_own_seat_counts_and_blocked_seats() -> None:
    layout = [Table(number=1, seats=10, blocked=frozenset({1, 5})), Table(number=2, seats=6)]
    room = draw(PLAYERS[:13], seats_per_table=9, rng=random.Random(3), rules=CLUB, layout=layout)
    assert not room[1].occupants.keys() & {1, 5}
    # T-SEAT-2 with seat 1 blocked: the lowest usable seat deals first.
    assert room[1].hand is not None and room[1].hand.button == 2
    assert max(room[2].occupants) <= 6
    assert sorted(len(t.occupants) for t in room.values()) == [6, 7]


def test_st1_blocked_seats_open_another_table_when_needed() -> None:
    layout = [Table(number=1, seats=9, blocked=frozenset({2, 3, 4}))]
    room = draw(PLAYERS[:18], seats_per_table=9, rng=random.Random(3), rules=CLUB, layout=layout)
    assert len(room) == 3 and sum(len(t.occupants) for t in room.values()) == 18


def test_first_button_high_card_setting_draws_the_button() -> None:
    rules = HouseRules(seating=SeatingRules(first_button="high-card"))
    buttons = {
        t.hand.button
        for seed in range(20)
        for t in draw(PLAYERS, seats_per_table=9, rng=random.Random(seed), rules=rules).values()
        if t.hand
    }
    assert len(buttons) > 1


def test_draw_refuses_a_player_twice_and_fewer_than_two() -> None:
    with pytest.raises(InvalidInput, match="twice"):
        draw(["a", "a"], seats_per_table=9, rng=random.Random(1), rules=CLUB)
    with pytest.raises(InvalidInput, match="at least two"):
        draw(["a"], seats_per_table=9, rng=random.Random(1), rules=CLUB)


def test_t_seat_1_seat_player_opens_the_table_if_needed() -> None:
    room, seating = seat_player({}, "ann", 4, 7, seats_per_table=9)
    assert room[4].occupants == {7: "ann"} and room[4].seats == 9
    assert seating.table == 4 and seating.seat == 7 and not seating.waits


@pytest.mark.parametrize(
    ("seat", "message"), [(3, "taken by bob"), (5, "blocked"), (10, "no seat 10"), (0, "no seat 0")]
)
def test_seat_player_refuses_taken_blocked_or_missing_seats(seat: int, message: str) -> None:
    room = {1: Table(number=1, seats=9, blocked=frozenset({5}), occupants={3: "bob"})}
    with pytest.raises(InvalidInput, match=message):
        seat_player(room, "ann", 1, seat, seats_per_table=9)


def test_seat_player_refuses_a_seated_player() -> None:
    room = {1: table(1, {3: "bob", 4: "ann"})}
    with pytest.raises(InvalidInput, match="ann already sits at table 1 seat 4"):
        seat_player(room, "ann", 1, 5, seats_per_table=9)


def test_move_player_moves_and_keeps_both_hands_as_they_are() -> None:
    room = {1: table(1, {1: "a", 2: "b", 3: "c", 4: "d"}, 1), 2: table(2, {1: "e", 2: "f"}, 1)}
    moved, seating = move_player(room, "d", 2, 5)
    assert moved[1].occupants == {1: "a", 2: "b", 3: "c"} and moved[2].occupants[5] == "d"
    assert moved[1].hand == room[1].hand and moved[2].hand == room[2].hand
    assert (seating.table, seating.seat) == (2, 5)
    assert room[1].occupants[4] == "d"  # the original is untouched


@pytest.mark.parametrize(
    ("player", "number", "seat", "error", "message"),
    [
        ("zed", 2, 5, NotFound, "zed is not seated"),
        ("d", 3, 1, NotFound, "table 3 does not exist"),
        ("d", 2, 1, InvalidInput, "taken by e"),
        ("d", 2, 9, InvalidInput, "blocked"),
        ("d", 2, 12, InvalidInput, "no seat 12"),
    ],
)
def test_move_player_refuses_bad_input_and_changes_nothing(
    player: str, number: int, seat: int, error: type[Exception], message: str
) -> None:
    room = {
        1: table(1, {1: "a", 2: "b", 3: "c", 4: "d"}, 1),
        2: Table(number=2, seats=9, blocked=frozenset({9}), occupants={1: "e", 2: "f"}),
    }
    before = dict(room)
    with pytest.raises(error, match=message):
        move_player(room, player, number, seat)
    assert room == before


def test_move_to_a_broken_table_is_refused() -> None:
    room = {1: table(1, {1: "a", 2: "b", 3: "c"}, 1), 2: Table(number=2, seats=9, status="broken")}
    with pytest.raises(RuleViolation, match="T-BREAK-1: table 2 is broken"):
        move_player(room, "a", 2, 1)


def test_bust_empties_the_seat_and_the_hand_stays() -> None:
    room = {1: table(1, {1: "a", 2: "b", 3: "c", 4: "d"}, 1)}
    after = remove_player(room, "b")
    assert after[1].occupants == {1: "a", 3: "c", 4: "d"} and after[1].hand == room[1].hand
    with pytest.raises(NotFound, match="b is not seated"):
        remove_player(after, "b")


def test_hand_done_applies_the_dead_button_rule_d1() -> None:
    room = remove_player({1: table(1, {s: f"p{s}" for s in range(1, 10)}, 1)}, "p2")
    done = hand_done(room[1])
    assert done.hand is not None
    assert (done.hand.button, done.hand.small_blind, done.hand.big_blind) == (2, 3, 4)
    assert done.hand.dead_button


def test_hand_done_refuses_a_table_without_hand_or_second_player() -> None:
    with pytest.raises(InvalidInput, match="set the button first"):
        hand_done(table(1, {1: "a", 2: "b"}))
    lonely = table(1, {1: "a", 2: "b"}, 1).model_copy(update={"occupants": {1: "a"}})
    with pytest.raises(InvalidInput, match="balance or break it"):
        hand_done(lonely)


def test_set_button_blinds_are_the_next_players_heads_up_the_button_is_small_blind() -> None:
    t = set_button(table(1, {2: "a", 5: "b", 8: "c"}), 5)
    assert t.hand is not None and (t.hand.button, t.hand.small_blind, t.hand.big_blind) == (5, 8, 2)
    hu = set_button(table(1, {2: "a", 5: "b"}), 5)
    assert hu.hand is not None and (hu.hand.button, hu.hand.small_blind, hu.hand.big_blind) == (
        5,
        5,
        2,
    )


@pytest.mark.parametrize(("seat", "message"), [(3, "seat 3 is empty"), (10, "no seat 10")])
def test_set_button_on_an_empty_or_missing_seat_is_refused(seat: int, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        set_button(table(1, {2: "a", 5: "b"}), seat)


def test_11a_due_big_blind_next_is_the_player_after_the_big_blind() -> None:
    t = table(1, {s: f"p{s}" for s in range(1, 10)}, 1)
    assert due_big_blind_next(t) == "p4"
    assert due_big_blind_next(remove_player({1: t}, "p4")[1]) == "p5"


def test_8a_late_entry_goes_to_a_table_with_the_fewest_players() -> None:
    room = {
        1: table(1, {s: f"a{s}" for s in range(1, 8)}, 1),
        2: table(2, {s: f"b{s}" for s in range(1, 7)}, 1),
        3: table(3, {s: f"c{s}" for s in range(1, 8)}, 1),
    }
    for seed in range(10):
        after, seating = late_entry(room, "late", random.Random(seed), seats_per_table=9)
        assert seating.table == 2 and seating.seat in {7, 8, 9}
        assert after[2].occupants[seating.seat] == "late"


def test_8a_t_move_2_late_entry_between_small_blind_and_button_waits() -> None:
    # Button 2, SB 3, BB 5 (seat 4 empty): next hand button 3, SB 5 -> seat 4 waits (B6).
    occupants = {s: f"p{s}" for s in range(1, 10) if s != 4}
    base = table(1, occupants, 1)
    t = hand_done(base)
    room = {1: t.model_copy(update={"occupants": {s: p for s, p in occupants.items() if s != 9}})}
    outcomes = {
        late_entry(room, "late", random.Random(seed), seats_per_table=9)[1] for seed in range(30)
    }
    assert {(o.seat, o.waits) for o in outcomes} == {(4, True), (9, False)}


def test_8a_late_entry_refuses_a_seated_player_and_opens_a_table_when_all_are_full() -> None:
    room = {1: table(1, {1: "a", 2: "b"}, 1, seats=2)}
    with pytest.raises(InvalidInput, match="already seated"):
        late_entry(room, "a", random.Random(1), seats_per_table=9)
    after, seating = late_entry(room, "c", random.Random(1), seats_per_table=9)
    assert (seating.table, seating.seat, seating.waits) == (2, 1, False)
    assert after[2].seats == 9 and after[2].occupants == {1: "c"}


def test_st2_final_table_new_draw_seat_1_button_other_tables_broken() -> None:
    room = draw(PLAYERS[:9], seats_per_table=9, rng=random.Random(2), rules=CLUB)
    room = {**room, 2: table(2, {3: "x"}, None)}
    room[1] = room[1].model_copy(update={"occupants": dict(list(room[1].occupants.items())[:8])})
    final = final_table(room, rng=random.Random(5), rules=CLUB, seats_per_table=9, number=1)
    assert final[2].status == "broken" and not final[2].occupants
    assert final[1].hand is not None and final[1].hand.button == 1
    assert sorted(final[1].occupants.values()) == sorted([*room[1].occupants.values(), "x"])
    draws = {
        tuple(
            sorted(
                final_table(room, rng=random.Random(s), rules=CLUB, seats_per_table=9, number=1)[
                    1
                ].occupants.items()
            )
        )
        for s in range(5)
    }
    assert len(draws) > 1  # T-SEAT-3: a new random draw, not the old seats


def test_t_seat_3_final_table_size_setting_and_too_many_players() -> None:
    rules = HouseRules(seating=SeatingRules(final_table_size=10))
    room = draw(PLAYERS[:10], seats_per_table=8, rng=random.Random(2), rules=CLUB)
    assert final_table_due(room, rules, 8) and not final_table_due(room, CLUB, 8)
    final = final_table(room, rng=random.Random(1), rules=rules, seats_per_table=8, number=2)
    assert final[2].seats == 10 and len(final[2].occupants) == 10 and final[1].status == "broken"
    with pytest.raises(RuleViolation, match="T-SEAT-3: 10 players do not fit one final table of 8"):
        final_table(room, rng=random.Random(1), rules=CLUB, seats_per_table=8, number=1)


def test_table_model_refuses_missing_blocked_or_doubled_seats() -> None:
    with pytest.raises(ValidationError, match="no seat 10"):
        Table(number=1, seats=9, occupants={10: "a"})
    with pytest.raises(ValidationError, match="blocked seat 2 is occupied"):
        Table(number=1, seats=9, blocked=frozenset({2}), occupants={2: "a"})
    with pytest.raises(ValidationError, match="two seats"):
        Table(number=1, seats=9, occupants={1: "a", 2: "a"})


def test_tables_view_has_the_issue_keys_and_dead_flags() -> None:
    t = table(3, {s: f"p{s}" for s in range(1, 10)}, 1)
    t = hand_done(remove_player({3: t}, "p2")[3])
    view = table_view(t, CLUB, {"p1": "Ann"})
    assert view.table == 3 and view.status == "open"
    assert view.seats == {"1": "Ann", **{str(s): f"p{s}" for s in range(3, 10)}}
    assert (view.button, view.small_blind, view.big_blind) == (2, 3, 4)
    assert view.dead_button is True and view.dead_small_blind is False
    broken = table_view(Table(number=4, seats=9, status="broken"), CLUB)
    assert broken.status == "broken" and broken.button is None and broken.seats == {}


def test_t_move_1_a_moved_blind_payer_is_remembered_until_dealt_in_at_his_new_table() -> None:
    room = {
        1: table(1, {s: f"a{s}" for s in range(1, 10)}, 1),
        2: table(2, {1: "b1", 2: "b2", 3: "b3"}, 1),
    }
    room, _ = move_player(room, "a5", 2, 6)  # a5 paid nothing: he takes the next big blind
    assert not paid_blind_last_hand(room[2], "a5")
    room, _ = move_player(room, "a3", 2, 7)  # a3 posts the big blind in table 1's hand
    assert paid_blind_last_hand(room[2], "a3") and room[2].just_paid == {"a3"}
    after = hand_done(room[2])
    assert after.hand is not None and after.hand.big_blind_player == "a5"
    assert after.just_paid == frozenset() and not paid_blind_last_hand(after, "a3")
    assert remove_player(room, "a3")[2].just_paid == frozenset()


def test_t_move_1_club_a_manual_move_into_the_next_big_blind_of_a_blind_payer_is_refused() -> None:
    room = {
        1: table(1, {s: f"a{s}" for s in range(1, 10)}, 1),
        2: table(2, {1: "b1", 2: "b2", 3: "b3"}, 1),
    }
    with pytest.raises(RuleViolation, match="T-MOVE-1: a3 paid a blind"):
        move_player(room, "a3", 2, 6, rules=CLUB)
    moved, _ = move_player(room, "a3", 2, 6, rules=TDA)  # 10A/11A: he may post it again
    assert moved[2].next_hand().big_blind_player == "a3"  # type: ignore[union-attr]


def test_t_move_1_first_hand_of_a_new_table_never_gives_a_blind_payer_the_big_blind() -> None:
    t = Table(
        number=5, seats=9, occupants={1: "a", 2: "b", 3: "c", 4: "d"}, just_paid=frozenset({"c"})
    )
    club = first_hand(t, CLUB).hand
    assert club is not None and (club.button, club.small_blind, club.big_blind) == (2, 3, 4)
    tda = first_hand(t, TDA).hand
    assert tda is not None and (tda.button, tda.big_blind) == (1, 3)
    with pytest.raises(InvalidInput, match="one player"):
        first_hand(Table(number=5, seats=9, occupants={1: "a"}), CLUB)


def test_blocked_seat_is_never_drawn_and_an_occupied_seat_cannot_be_blocked() -> None:
    t = block_seat(Table(number=1, seats=9, occupants={2: "a"}), 5)
    assert t.blocked == {5} and 5 not in t.free_seats
    assert block_seat(t, 5, blocked=False).blocked == frozenset()
    with pytest.raises(InvalidInput, match="taken by a"):
        block_seat(t, 2)
    with pytest.raises(InvalidInput, match="no seat 11"):
        block_seat(t, 11)


def test_hand_done_all_moves_every_dealing_table_and_leaves_the_others() -> None:
    room = {
        1: table(1, {1: "a", 2: "b", 3: "c"}, 1),
        2: table(2, {1: "d", 2: "e"}),  # no hand yet
        3: Table(number=3, seats=9, status="broken"),
    }
    after = all_hands_done(room)
    assert after[1].hand is not None and after[1].hand.button == 2
    assert after[2] == room[2] and after[3] == room[3]
    assert [v.table for v in tables_view(after, CLUB)] == [1, 2, 3]


def test_a_table_updated_is_the_table_model_copy_makes() -> None:
    """`Frozen.updated` (the fold's copy of a changed table) makes what `model_copy(update=...)`
    makes: equal, the same fields set, the same dump, the original untouched."""
    from tdconsole.domain.seating.tables import Table, set_button

    table = set_button(Table(number=4, seats=9, occupants={1: "A", 4: "B", 7: "C"}), 4)
    changes = {"occupants": {1: "A", 7: "C"}, "just_paid": frozenset({"C"})}
    updated, copied = table.updated(changes), table.model_copy(update=changes)
    assert updated == copied and updated.model_fields_set == copied.model_fields_set
    assert updated.model_dump_json() == copied.model_dump_json()
    assert table.occupants == {1: "A", 4: "B", 7: "C"} and table.just_paid == frozenset()


class _Unsearchable(dict[int, Table]):
    """A room that refuses to be searched table by table."""

    def values(self) -> Any:
        raise AssertionError("the room was searched for the player")


def test_t_seat_1_a_replayed_seat_finds_the_player_through_the_state() -> None:
    """Folding a late entry's seat asks the state where he sits, not each of a festival's tables."""
    from tdconsole.domain.events import PlayerSeated
    from tdconsole.domain.examples import T0, tournament
    from tdconsole.domain.seating.handlers import apply_seated

    t = tournament("Ann", "Bo", "Cy", tables=1)
    state = t.state
    cy = state.find("Cy")
    seat = cy.seat
    state.room = _Unsearchable(state.room)
    with pytest.raises(InvalidInput, match=f"Cy already sits at table 1 seat {seat}"):
        apply_seated(state, PlayerSeated(player_id=cy.id, table=1, seat=9), T0)
    state.room[1] = vacate(state.room[1], seat)
    cy.status, cy.table, cy.seat = "registered", None, None
    free = next(s for s in range(1, 10) if s not in state.room[1].occupants)
    apply_seated(state, PlayerSeated(player_id=cy.id, table=1, seat=free), T0)
    assert state.room[1].occupants[free] == "Cy" and (cy.status, cy.table, cy.seat) == ("seated", 1, free)

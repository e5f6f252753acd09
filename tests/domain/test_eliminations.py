"""Eliminations and hand-for-hand: SCENARIOS.md E1, E2, E3, E5; T-ELIM-1..3, RP-8, T-BOUNTY-1."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.house_rules import CLUB, TDA, EliminationRules
from tdconsole.domain.money.payouts import Payout, PayoutStructure
from tdconsole.domain.players.eliminations import (
    Bust,
    Placement,
    hand_for_hand_clock,
    hand_for_hand_due,
    place_busts,
    prizes,
    split_bounty,
)
from tests.samples import examples

CLUB_ELIM = CLUB.eliminations
TIE_ELIM = TDA.eliminations


def paying(places: dict[int, int]) -> PayoutStructure:
    last = max(places)
    return PayoutStructure(
        prize_pool=sum(places.values()),
        payouts=[Payout(place=p, amount=places.get(p, 0)) for p in range(1, last + 1)],
    )


def by_name(placements: list[Placement]) -> dict[str, tuple[int, int]]:
    return {p.name: (p.place, p.last_place) for p in placements}


# --- SCENARIOS.md ---------------------------------------------------------------------------------


def test_e1_busts_on_the_hand_in_progress_at_the_announcement_share_50th() -> None:
    busts = [
        Bust(name="A", stack=3000, table=1),
        Bust(name="B", stack=9000, table=4),
        Bust(name="C", stack=500, table=7),
    ]
    placements = place_busts(busts, players_left=52, rules=CLUB_ELIM, kind="announcement")
    assert by_name(placements) == {"A": (50, 52), "B": (50, 52), "C": (50, 52)}
    assert all("RP-8A" in p.rules for p in placements)
    payouts = paying({**{p: 1000 for p in range(1, 50)}, 50: 150})
    assert prizes(placements, payouts) == {"A": 50, "B": 50, "C": 50}
    assert 52 - len(placements) == 49


def test_e2_club_ranks_busts_at_different_tables_in_one_hand_for_hand_hand_by_stack() -> None:
    busts = [Bust(name="X", stack=8000, table=1), Bust(name="Y", stack=20_000, table=2)]
    placements = place_busts(busts, players_left=11, rules=CLUB_ELIM, kind="hand-for-hand")
    assert by_name(placements) == {"Y": (10, 10), "X": (11, 11)}
    assert placements[0].rules == ["T-H4H-1", "T-ELIM-1"]
    assert prizes(placements, paying({**{p: 500 for p in range(1, 10)}, 10: 100})) == {
        "Y": 100,
        "X": 0,
    }


def test_e2_tie_setting_ties_them_and_they_share_10th() -> None:
    busts = [Bust(name="X", stack=8000, table=1), Bust(name="Y", stack=20_000, table=2)]
    placements = place_busts(busts, players_left=11, rules=TIE_ELIM, kind="hand-for-hand")
    assert by_name(placements) == {"X": (10, 11), "Y": (10, 11)}
    assert placements[0].rules == ["T-H4H-1", "RP-8"]
    assert prizes(placements, paying({**{p: 500 for p in range(1, 10)}, 10: 100})) == {
        "X": 50,
        "Y": 50,
    }


@pytest.mark.parametrize("rules", [CLUB_ELIM, TIE_ELIM])
def test_e3_same_table_bigger_stack_finishes_higher_whatever_the_setting(
    rules: EliminationRules,
) -> None:
    busts = [Bust(name="X", stack=8000, table=1), Bust(name="Y", stack=20_000, table=1)]
    assert by_name(place_busts(busts, 11, rules, kind="hand-for-hand")) == {
        "Y": (10, 10),
        "X": (11, 11),
    }


def test_e3_t_elim_2_equal_starting_stacks_tie_and_share_50_each() -> None:
    busts = [Bust(name="X", stack=8000), Bust(name="Y", stack=8000)]
    placements = place_busts(busts, 11, CLUB_ELIM)
    assert by_name(placements) == {"X": (10, 11), "Y": (10, 11)}
    assert placements[0].rules == ["T-ELIM-2"]
    assert prizes(placements, paying({**{p: 500 for p in range(1, 10)}, 10: 100})) == {
        "X": 50,
        "Y": 50,
    }


def test_e5_two_minutes_off_per_hand_from_9_00() -> None:
    clock = hand_for_hand_clock(9 * 60, 6, CLUB_ELIM, next_levels=[20 * 60])
    assert [c.seconds_left for c in clock[:4]] == [420, 300, 180, 60]  # after hand 4: 1:00
    assert (clock[4].level, clock[4].seconds_left) == (0, 0)  # hand 5 ends the level
    assert (clock[5].level, clock[5].seconds_left) == (1, 18 * 60)  # hand 6 at the new level


def test_e5_pause_setting_takes_nothing_off() -> None:
    rules = EliminationRules(hand_for_hand_clock="pause")
    assert [c.seconds_left for c in hand_for_hand_clock(540, 5, rules)] == [540] * 5


def test_rp_8b_deduction_per_hand_is_a_setting() -> None:
    rules = EliminationRules(hand_for_hand_seconds_per_hand=180)
    assert [c.seconds_left for c in hand_for_hand_clock(540, 3, rules)] == [360, 180, 0]


def test_hand_for_hand_clock_after_the_last_level_stays_at_zero() -> None:
    clock = hand_for_hand_clock(100, 3, CLUB_ELIM)
    assert [(c.level, c.seconds_left) for c in clock] == [(0, 0), (0, 0), (0, 0)]


# --- T-ELIM-1..3 ----------------------------------------------------------------------------------


def test_t_elim_1_three_busts_ranked_by_starting_stack() -> None:
    busts = [Bust(name="S", stack=100), Bust(name="L", stack=9000), Bust(name="M", stack=4000)]
    placements = place_busts(busts, 30, CLUB_ELIM)
    assert [(p.name, p.place, p.tied) for p in placements] == [
        ("L", 28, False),
        ("M", 29, False),
        ("S", 30, False),
    ]
    assert all(p.rules == ["T-ELIM-1"] for p in placements)


def test_t_elim_2_tie_in_the_middle_takes_two_places() -> None:
    busts = [
        Bust(name="A", stack=500),
        Bust(name="B", stack=700),
        Bust(name="C", stack=500),
        Bust(name="D", stack=900),
    ]
    assert by_name(place_busts(busts, 10, CLUB_ELIM)) == {
        "D": (7, 7),
        "B": (8, 8),
        "A": (9, 10),
        "C": (9, 10),
    }


def test_t_elim_3_unknown_stack_goes_last_of_those_unplaced() -> None:
    busts = [Bust(name="Late"), Bust(name="A", stack=100), Bust(name="B", stack=5000)]
    placements = place_busts(busts, 20, CLUB_ELIM)
    assert by_name(placements) == {"B": (18, 18), "A": (19, 19), "Late": (20, 20)}
    assert placements[-1].rules == ["T-ELIM-3"]


def test_t_elim_3_a_lone_late_report_takes_the_lowest_open_place() -> None:
    placements = place_busts([Bust(name="Late", unplaced=True)], 20, CLUB_ELIM)
    assert by_name(placements) == {"Late": (20, 20)}
    assert placements[0].rules == ["T-ELIM-3"]


def test_t_elim_3_edge_a_lone_ordinary_bust_needs_no_stack_and_cites_no_rule() -> None:
    placements = place_busts([Bust(name="Out")], 20, CLUB_ELIM)
    assert by_name(placements) == {"Out": (20, 20)} and placements[0].rules == []


def test_t_elim_3_two_unplaceable_busts_tie_for_the_last_places() -> None:
    busts = [Bust(name="P"), Bust(name="Q"), Bust(name="A", stack=100)]
    assert by_name(place_busts(busts, 12, CLUB_ELIM)) == {
        "A": (10, 10),
        "P": (11, 12),
        "Q": (11, 12),
    }


def test_tie_setting_ranks_per_table_then_ties_the_tables_tiers() -> None:
    # T1: X 8,000 and Z 5,000 (X above Z, T-ELIM-1); T2: Y 20,000. Tied across tables:
    # each table's biggest bust ties with the others' biggest, then the second, and so on.
    busts = [
        Bust(name="X", stack=8000, table=1),
        Bust(name="Z", stack=5000, table=1),
        Bust(name="Y", stack=20_000, table=2),
    ]
    assert by_name(place_busts(busts, 12, TIE_ELIM, kind="hand-for-hand")) == {
        "X": (10, 11),
        "Y": (10, 11),
        "Z": (12, 12),
    }


def test_an_ordinary_hand_ignores_the_tie_setting() -> None:
    busts = [Bust(name="X", stack=8000, table=1), Bust(name="Y", stack=20_000, table=2)]
    assert by_name(place_busts(busts, 11, TIE_ELIM)) == {"Y": (10, 10), "X": (11, 11)}


@pytest.mark.parametrize(
    ("busts", "left", "message"),
    [
        ([Bust(name="A", stack=1), Bust(name="A", stack=2)], 10, "A listed twice in one hand"),
        ([Bust(name="A"), Bust(name="B")], 2, "2 busts with 2 players left"),
        ([], 10, "no player to bust"),
    ],
)
def test_bad_busts_are_one_clear_line(busts: list[Bust], left: int, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        place_busts(busts, left, CLUB_ELIM)


def test_a_negative_or_zero_starting_stack_is_refused() -> None:
    with pytest.raises(ValueError, match="greater than 0"):
        Bust(name="A", stack=-5)
    with pytest.raises(ValueError, match="greater than 0"):
        Bust(name="A", stack=0)


# --- hand-for-hand suggestion, bounties -----------------------------------------------------------


def test_t_h4h_1_suggested_when_one_more_than_the_places_paid() -> None:
    assert hand_for_hand_due(players_left=11, places_paid=10)
    assert not hand_for_hand_due(players_left=12, places_paid=10)
    assert not hand_for_hand_due(players_left=10, places_paid=10)
    assert hand_for_hand_due(players_left=10, places_paid=15, pay_jumps=[9])


def test_t_bounty_1_identical_winning_hands_split_the_bounty() -> None:
    assert split_bounty(1000, ["Bo", "Ann"]) == {"Ann": 500, "Bo": 500}
    assert split_bounty(1000, ["Cy", "Bo", "Ann"]) == {"Ann": 334, "Bo": 333, "Cy": 333}


# --- properties -----------------------------------------------------------------------------------

busts_st = st.lists(
    st.builds(
        Bust,
        name=st.text("ABCDEFGHIJ", min_size=1, max_size=3),
        stack=st.one_of(st.none(), st.integers(1, 6).map(lambda k: k * 1000)),
        table=st.integers(1, 3),
    ),
    min_size=1,
    max_size=8,
    unique_by=lambda bust: bust.name,
)


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(
    busts=busts_st,
    extra=st.integers(1, 50),
    rules=st.sampled_from([CLUB_ELIM, TIE_ELIM]),
    kind=st.sampled_from(["hand", "hand-for-hand", "announcement"]),
)
def test_places_are_unique_unless_tied_and_cover_the_places_reached(
    busts: list[Bust], extra: int, rules: EliminationRules, kind: str
) -> None:
    left = len(busts) + extra
    placements = place_busts(busts, left, rules, kind)  # type: ignore[arg-type]
    assert sorted(p.name for p in placements) == sorted(b.name for b in busts)
    groups: dict[tuple[int, int], int] = {}
    for p in placements:
        groups[(p.place, p.last_place)] = groups.get((p.place, p.last_place), 0) + 1
    # Each group holds exactly as many players as places, and the groups tile extra+1..left.
    assert all(last - first + 1 == size for (first, last), size in groups.items())
    spans = sorted(groups)
    assert spans[0][0] == extra + 1 and spans[-1][1] == left
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(spans))
    # T-ELIM-3: no bust of unknown stack above a known one; T-ELIM-1 at one table.
    stacks = {b.name: b for b in busts}
    for a in placements:
        for b in placements:
            ba, bb = stacks[a.name], stacks[b.name]
            if ba.stack is not None and bb.stack is None:
                assert a.last_place < b.place
            if ba.stack and bb.stack and ba.stack > bb.stack and ba.table == bb.table:
                assert a.place < b.place


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(busts=busts_st, extra=st.integers(1, 12), kind=st.sampled_from(["hand", "announcement"]))
def test_tied_prizes_add_up_to_the_money_of_the_places_reached(
    busts: list[Bust], extra: int, kind: str
) -> None:
    left = len(busts) + extra
    payouts = paying({p: 1000 - 37 * p for p in range(1, 16)})
    placements = place_busts(busts, left, TIE_ELIM, kind)  # type: ignore[arg-type]
    money = prizes(placements, payouts)
    assert sum(money.values()) == sum(payouts.amount(p) for p in range(extra + 1, left + 1))

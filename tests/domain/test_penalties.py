"""Penalties: escalation by the house rules (O-OOT-5, H-DEAD-X, C-ETIQ-1, C-PEN-1; TDA 70, 71),
rounds counted in hands at the table when given (71A), and what remains to serve."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.floor.penalties import (
    OFFENCE_RULES,
    OffenceKind,
    Penalty,
    PenaltyKind,
    escalate,
    penalty,
    remaining,
)
from tdconsole.domain.house_rules import CLUB, TDA, PenaltyRules
from tests.samples import examples

T0 = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


def test_o_oot_5_club_first_honest_oot_no_penalty() -> None:
    assert escalate(OffenceKind.OUT_OF_TURN, deliberate=False, earlier=0, rules=CLUB.penalties) is None


@pytest.mark.parametrize(("deliberate", "earlier"), [(True, 0), (False, 1), (False, 4)])
def test_o_oot_5_club_deliberate_or_second_oot_sits_out_three_rounds(deliberate: bool, earlier: int) -> None:
    given_ = escalate(OffenceKind.OUT_OF_TURN, deliberate=deliberate, earlier=earlier, rules=CLUB.penalties)
    assert given_ is not None
    assert (given_.kind, given_.amount, given_.hands) == (PenaltyKind.ROUNDS, 3, None)
    assert "O-OOT-5" in given_.rules and "TDA 71A" in given_.rules


def test_o_oot_5_rounds_follow_the_house_setting() -> None:
    rules = PenaltyRules(oot_repeat_rounds=2)
    given_ = escalate(OffenceKind.OUT_OF_TURN, deliberate=False, earlier=1, rules=rules)
    assert given_ is not None and given_.amount == 2
    assert escalate(OffenceKind.OUT_OF_TURN, deliberate=True, earlier=0,
                    rules=PenaltyRules(oot_repeat_rounds=0)) is None


@pytest.mark.parametrize(("deliberate", "earlier", "kind", "amount"), [
    (False, 0, PenaltyKind.WARNING, 0),
    (False, 1, PenaltyKind.ROUNDS, 1),
    (True, 0, PenaltyKind.ROUNDS, 1),
    (False, 2, PenaltyKind.ROUNDS, 2),
    (True, 2, PenaltyKind.ROUNDS, 3),
])
def test_tda_70_71_discretionary_oot_escalates_warning_then_rounds(
        deliberate: bool, earlier: int, kind: PenaltyKind, amount: int) -> None:
    given_ = escalate(OffenceKind.OUT_OF_TURN, deliberate=deliberate, earlier=earlier, rules=TDA.penalties)
    assert given_ is not None
    assert (given_.kind, given_.amount) == (kind, amount)
    assert "O-OOT-5" not in given_.rules and "TDA 70" in given_.rules


def test_h_dead_x_first_accidental_exposure_no_penalty_second_three_rounds() -> None:
    assert escalate(OffenceKind.EXPOSED_CARDS, deliberate=False, earlier=0, rules=CLUB.penalties) is None
    second = escalate(OffenceKind.EXPOSED_CARDS, deliberate=False, earlier=1, rules=CLUB.penalties)
    deliberate = escalate(OffenceKind.EXPOSED_CARDS, deliberate=True, earlier=0, rules=CLUB.penalties)
    assert second is not None and deliberate is not None
    same = {"reason", "reason_args"}  # the same penalty; its reason says why (deliberate, a repeat)
    assert second.model_dump(exclude=same) == deliberate.model_dump(exclude=same)
    assert second is not None and (second.kind, second.amount) == (PenaltyKind.ROUNDS, 3)
    assert second.rules[0] == "H-DEAD-X"


@pytest.mark.parametrize(("deliberate", "earlier", "kind"), [
    (False, 0, None),
    (True, 0, PenaltyKind.WARNING),
    (False, 1, PenaltyKind.WARNING),
    (False, 2, PenaltyKind.MINUTES),
])
def test_c_etiq_1_etiquette_escalates_nothing_warning_then_time(
        deliberate: bool, earlier: int, kind: PenaltyKind | None) -> None:
    given_ = escalate(OffenceKind.ETIQUETTE, deliberate=deliberate, earlier=earlier, rules=CLUB.penalties)
    assert (given_.kind if given_ else None) == kind
    if kind == PenaltyKind.MINUTES:
        assert given_ is not None and given_.amount == CLUB.penalties.conduct_minutes == 5


def test_c_pen_1_improper_conduct_five_minutes_then_disqualification() -> None:
    first = escalate(OffenceKind.CONDUCT, deliberate=True, earlier=0, rules=PenaltyRules(conduct_minutes=10))
    assert first is not None and (first.kind, first.amount) == (PenaltyKind.MINUTES, 10)
    repeat = escalate(OffenceKind.CONDUCT, deliberate=False, earlier=1, rules=CLUB.penalties)
    assert repeat is not None and repeat.kind == PenaltyKind.DISQUALIFICATION


def test_earlier_offences_cannot_be_negative() -> None:
    with pytest.raises(InvalidInput, match="earlier offences"):
        escalate(OffenceKind.CONDUCT, deliberate=False, earlier=-1, rules=CLUB.penalties)


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(offence=st.sampled_from(list(OffenceKind)), deliberate=st.booleans(),
       earlier=st.integers(0, 20), house=st.sampled_from([CLUB, TDA]))
def test_escalation_cites_only_its_offence_rules_and_never_softens_with_repeats(
        offence: OffenceKind, deliberate: bool, earlier: int, house: object) -> None:
    rules = house.penalties  # type: ignore[attr-defined]
    now = escalate(offence, deliberate=deliberate, earlier=earlier, rules=rules)
    later = escalate(offence, deliberate=deliberate, earlier=earlier + 1, rules=rules)
    if now is not None:
        assert set(now.rules) <= set(OFFENCE_RULES[offence])
        assert later is not None
        assert _severity(later) >= _severity(now)


def _severity(given_: Penalty) -> tuple[int, int]:
    order = [PenaltyKind.WARNING, PenaltyKind.MISSED_HANDS, PenaltyKind.ROUNDS, PenaltyKind.MINUTES,
             PenaltyKind.DISQUALIFICATION]
    # Rounds and minutes are not comparable; escalation never switches between them.
    return order.index(given_.kind), given_.amount


# ---------------------------------------------------------------- 71A: rounds in hands


def test_c3_one_round_at_an_eight_handed_table_is_eight_hands() -> None:
    one_round = penalty(PenaltyKind.ROUNDS, 1, ["TDA 71A"], "one round").given_at_table(8)
    assert one_round.hands == 8
    assert remaining(one_round, hands_dealt=7) == remaining(one_round, hands_dealt=0).model_copy(
        update={"hands": 1})
    assert not remaining(one_round, hands_dealt=8).serving


def test_71a_hands_are_fixed_when_given_not_recounted() -> None:
    three = penalty(PenaltyKind.ROUNDS, 3, ["O-OOT-5"], "r").given_at_table(9)
    assert three.hands == 27
    # The table shrinking later does not change the count: only hands dealt do.
    assert remaining(three, hands_dealt=20).hands == 7


def test_71a_a_table_needs_two_players() -> None:
    with pytest.raises(InvalidInput, match="at least 2"):
        penalty(PenaltyKind.ROUNDS, 1, ["TDA 71A"], "r").given_at_table(1)


def test_missed_hands_are_counted_at_once() -> None:
    hands = penalty(PenaltyKind.MISSED_HANDS, 4, ["C-PEN-1"], "r")
    assert hands.hands == 4 and hands.given_at_table(9).hands == 4
    assert remaining(hands, hands_dealt=3).hands == 1


def test_rounds_without_the_table_size_cannot_be_served() -> None:
    with pytest.raises(InvalidInput, match="71A"):
        remaining(penalty(PenaltyKind.ROUNDS, 1, ["TDA 71A"], "r"), hands_dealt=1)


def test_c_pen_1_minutes_away_count_down_with_the_time_given() -> None:
    five = penalty(PenaltyKind.MINUTES, 5, ["C-PEN-1"], "r")
    assert remaining(five, given_at=T0, now=T0 + timedelta(minutes=2)).seconds == 180
    done = remaining(five, given_at=T0, now=T0 + timedelta(minutes=6))
    assert (done.seconds, done.serving) == (0, False)
    with pytest.raises(InvalidInput, match="before"):
        remaining(five, given_at=T0, now=T0 - timedelta(seconds=1))
    with pytest.raises(InvalidInput, match="time"):
        remaining(five, hands_dealt=3)


def test_a_warning_or_a_disqualification_is_not_served_at_the_table() -> None:
    for kind in (PenaltyKind.WARNING, PenaltyKind.DISQUALIFICATION):
        assert not remaining(Penalty(kind=kind, rules=["C-PEN-1"], reason="r")).serving


@pytest.mark.parametrize("data", [
    {"kind": "rounds", "amount": 0},
    {"kind": "warning", "amount": 2},
    {"kind": "minutes", "amount": 5, "hands": 3},
    {"kind": "missed-hands", "amount": 2, "hands": 3},
    {"kind": "rounds", "amount": 1, "rules": []},
])
def test_a_penalty_that_does_not_add_up_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Penalty.model_validate({"rules": ["C-PEN-1"], "reason": "r", **data})


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(rounds=st.integers(1, 5), players=st.integers(2, 10), dealt=st.integers(0, 80))
def test_71a_remaining_hands_fall_one_per_hand_dealt_to_zero(rounds: int, players: int, dealt: int) -> None:
    given_ = penalty(PenaltyKind.ROUNDS, rounds, ["TDA 71A"], "r").given_at_table(players)
    left = remaining(given_, hands_dealt=dealt)
    assert left.hands == max(0, rounds * players - dealt)
    assert left.serving == (dealt < rounds * players)


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(minutes=st.integers(1, 30), elapsed=st.floats(0, 3600, allow_nan=False))
def test_minutes_remaining_plus_elapsed_is_the_penalty_until_served(minutes: int, elapsed: float) -> None:
    left = remaining(penalty(PenaltyKind.MINUTES, minutes, ["C-PEN-1"], "r"),
                     given_at=T0, now=T0 + timedelta(seconds=elapsed))
    assert left.seconds is not None
    assert left.seconds == pytest.approx(max(0.0, minutes * 60 - elapsed), abs=1e-3)
    assert left.serving == (left.seconds > 0)


@pytest.mark.parametrize(("deliberate", "earlier", "kind", "amount"), [
    (False, 0, PenaltyKind.WARNING, 0),
    (True, 0, PenaltyKind.WARNING, 0),
    (False, 1, PenaltyKind.MINUTES, 5),
    (True, 3, PenaltyKind.MINUTES, 5),
])
def test_c_phone_1_a_phone_in_a_hand_is_warned_then_timed(
        deliberate: bool, earlier: int, kind: PenaltyKind, amount: int) -> None:
    given_ = escalate(OffenceKind.PHONE, deliberate=deliberate, earlier=earlier, rules=CLUB.penalties)
    assert given_ is not None
    assert (given_.kind, given_.amount) == (kind, amount)
    assert given_.rules[0] == "C-PHONE-1"
    assert set(given_.rules) <= set(OFFENCE_RULES[OffenceKind.PHONE])


def test_c_phone_1_the_hand_stays_live_at_the_club_and_dies_under_the_tda_setting() -> None:
    assert (CLUB.penalties.phone_hand, TDA.penalties.phone_hand) == ("live", "dead")
    assert CLUB.with_value("penalties.phone_hand", "dead").penalties.phone_hand == "dead"

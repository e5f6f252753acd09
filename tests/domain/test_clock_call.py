"""A clock call: club C-CLOCK-1 (60 s, warning at 10 s, dead at zero) and TDA 29 (25 s + a 5 s
countdown, dead facing a bet, else a check; a tie goes to the player) — SCENARIOS.md C1."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.floor.clock_call import ClockCallState, clock_call_state, total_seconds
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules
from tests.samples import examples

T0 = datetime(2026, 11, 30, 21, 0, tzinfo=UTC)
CATALOGUE = load_catalogue()
SCENARIO = CATALOGUE.get("clock-call")


def state(seconds: float, house: HouseRules = CLUB, facing_bet: bool = True) -> ClockCallState:
    return clock_call_state(called_at=T0, now=T0 + timedelta(seconds=seconds), facing_bet=facing_bet,
                            house=house, scenario=SCENARIO)


def test_c1_c_clock_1_club_sixty_seconds_no_warning_before_the_last_ten() -> None:
    start = state(0)
    assert (start.total_seconds, start.remaining_seconds) == (60, 60)
    assert (start.warning, start.expired) == (False, False)
    assert state(49.9).warning is False
    assert state(50).warning is True and state(50).remaining_seconds == 10
    assert state(0).rules == ["C-CLOCK-1", "TDA 29"]


def test_c1_tda_29_a_tie_goes_to_the_player() -> None:
    at_zero = state(60)
    assert (at_zero.remaining_seconds, at_zero.expired, at_zero.ruling) == (0, False, None)
    assert state(60.001).expired


def test_c1_h_dead_d_club_hand_dead_at_expiry_with_or_without_a_bet() -> None:
    for facing_bet in (True, False):
        expired = state(61, CLUB, facing_bet)
        assert expired.ruling is not None and "hand is dead" in expired.ruling.ruling
        assert "H-DEAD-D" in expired.rules and not expired.warning


def test_c1_tda_29_twenty_five_seconds_then_a_five_second_countdown() -> None:
    assert total_seconds(TDA.clock_call) == 30
    assert state(24.9, TDA).warning is False
    assert state(25, TDA).warning is True and state(25, TDA).remaining_seconds == 5
    assert state(0, TDA).rules == ["TDA 29"]


def test_c1_tda_29_expiry_dead_facing_a_bet_otherwise_a_check() -> None:
    dead = state(31, TDA, facing_bet=True).ruling
    check = state(31, TDA, facing_bet=False).ruling
    assert dead is not None and "hand is dead" in dead.ruling
    assert check is not None and "checks" in check.ruling and "H-DEAD-D" not in check.rules


def test_now_before_the_call_is_refused() -> None:
    with pytest.raises(InvalidInput, match="before the clock was called"):
        state(-1)


def test_only_the_clock_call_scenario_rules_a_clock_call() -> None:
    with pytest.raises(InvalidInput, match="clock-call"):
        clock_call_state(called_at=T0, now=T0, facing_bet=True, house=CLUB,
                         scenario=CATALOGUE.get("chip-race"))


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(elapsed=st.floats(0, 200, allow_nan=False), facing_bet=st.booleans(),
       seconds=st.integers(5, 120), warning=st.integers(0, 15),
       countdown=st.sampled_from(["within", "added"]), expiry=st.sampled_from(["dead", "check"]))
def test_the_countdown_is_consistent_for_any_house_setting(
        elapsed: float, facing_bet: bool, seconds: int, warning: int, countdown: str, expiry: str) -> None:
    house = HouseRules.model_validate({"clock_call": {
        "seconds": seconds, "warning_seconds": warning, "countdown": countdown,
        "expiry_without_bet": expiry}})
    now = state(elapsed, house, facing_bet)
    total = seconds + (warning if countdown == "added" else 0)
    assert now.total_seconds == total
    assert now.remaining_seconds == pytest.approx(max(0.0, total - elapsed), abs=1e-3)
    assert now.expired == (now.ruling is not None)
    assert now.warning == (not now.expired and now.remaining_seconds <= warning)
    if now.ruling is not None:
        dead = facing_bet or expiry == "dead"
        assert ("hand is dead" in now.ruling.ruling) == dead

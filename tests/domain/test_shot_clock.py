"""T-SHOT-1: a table's shot clock, its time banks (a house setting: TDA 29/30's extension, RP-6),
and its expiry at zero, which cites the clock call's rules for the ruling."""

from __future__ import annotations

import pytest

from tdconsole.domain.commands import ShotClock
from tdconsole.domain.errors import RuleViolation, TdError
from tdconsole.domain.examples import tournament
from tdconsole.domain.house_rules import HouseRules


def test_t_shot_1_a_time_bank_extends_the_clock_once_per_bank() -> None:
    rules = HouseRules().with_value("clock_call.time_banks", "1").with_value(
        "clock_call.time_bank_seconds", "20")
    t = tournament("Ann", "Bo", tables=1, house_rules=rules)
    ann = t.state.find("Ann")
    t.do(ShotClock(table=1, seat=ann.seat, seconds=10))
    t.do(ShotClock(table=1, action="extend"), seconds=5)
    assert t.state.shot_clocks[1].remaining(t.state.shot_clocks[1].started) == 30
    assert t.state.time_banks_used == {ann.id: 1}
    with pytest.raises(RuleViolation, match="no time bank left"):
        t.do(ShotClock(table=1, action="extend"), seconds=6)
    with pytest.raises(TdError, match="left"):  # 30 s in all: not at zero after 20
        t.do(ShotClock(table=1, action="expire"), seconds=20)
    [ended] = t.do(ShotClock(table=1, action="expire"), seconds=30)
    assert ended.expired and ended.rules == ["T-SHOT-1", "C-CLOCK-1", "H-DEAD-D", "TDA 29"]
    with pytest.raises(TdError, match="ran out already"):
        t.do(ShotClock(table=1, action="expire"), seconds=31)
    t.do(ShotClock(table=1, seat=ann.seat), seconds=40)  # the next decision: the house's 30 s
    assert t.state.shot_clocks[1].seconds == 30 and not t.state.shot_clocks[1].expired


def test_t_shot_1_floor_staff_may_run_it_and_a_table_not_in_play_is_refused() -> None:
    assert ShotClock.td_only is False
    t = tournament("Ann", "Bo", tables=1)
    with pytest.raises(TdError, match="no table 7"):
        t.do(ShotClock(table=7))

"""T-CHIPS-3: chip counts during play, who counted and when, superseded by a bust, a rebuy or a bag,
undone like any command, and checked against the chips in play within the house's tolerance."""

from __future__ import annotations

import random

import pytest

from tdconsole.domain import commands as c
from tdconsole.domain.errors import TdError
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.money.handlers import chip_check
from tests.domain.helpers import T0, Tournament, at

NAMES = ["Anna", "Bo", "Carl", "Dan"]  # 4 x 10,000 = 40,000 in play


def _seated(rules: HouseRules | None = None) -> Tournament:
    tournament = Tournament(house_rules=rules)
    tournament.do(c.Register(names=NAMES))
    tournament.do(c.Draw().with_rng(random.Random(1)))
    tournament.do(c.ClockStart())
    return tournament


def test_t_chips_3_a_count_records_who_counted_and_when() -> None:
    t = _seated()
    t.do(c.CountChips(counts={"Anna": 15_000, "Bo": 5_000}, by="Frank"), seconds=60)
    anna = t.state.find("Anna").id
    assert t.state.chips[anna] == 15_000
    assert t.state.counted[anna].at == at(60) and t.state.counted[anna].by == "Frank"
    t.do(c.CountChips(counts={"Anna": 14_000}, by="Tove"), seconds=120)  # the newer count stands
    count = t.state.counted[anna]
    assert (t.state.chips[anna], count.by, count.at) == (14_000, "Tove", at(120))


def test_t_chips_3_a_bust_or_a_rebuy_supersedes_the_count_and_undo_takes_it_back() -> None:
    t = _seated()
    t.do(c.CountChips(counts={"Anna": 15_000, "Dan": 2_000}, by="Frank"))
    dan = t.state.find("Dan").id
    t.do(c.Bust(names=["Dan"]).with_rng(random.Random(2)))
    assert dan not in t.state.chips and dan not in t.state.counted
    t.do(c.Undo(any=True))
    assert t.state.chips[dan] == 2_000 and t.state.counted[dan].by == "Frank"
    t.do(c.Undo(any=True))  # the count itself
    assert t.state.chips == {} and t.state.counted == {}


def test_t_chips_3_floor_staff_may_count() -> None:
    assert c.CountChips.td_only is False


def test_t_chips_3_counts_off_the_chips_in_play_are_flagged_not_refused() -> None:
    t = _seated()  # tolerance 1 % of 40,000 = 400
    t.do(c.CountChips(counts={"Anna": 15_000, "Bo": 5_000, "Carl": 10_000}))
    check = chip_check(t.state)
    # Dan not counted yet: nothing to say
    assert (check.counted, check.total, check.in_play, check.off) == (3, 30_000, 40_000, False)
    t.do(c.CountChips(counts={"Dan": 10_300}))  # 40,300: within 400
    assert not chip_check(t.state).off
    t.do(c.CountChips(counts={"Dan": 10_500}))  # recorded all the same, and shown
    check = chip_check(t.state)
    assert check.off and check.difference == 500 and check.tolerance == 400
    t.do(c.CountChips(counts={"Dan": 10_000, "Anna": 60_000}))  # more than in play before all are counted
    assert chip_check(t.state).off


def test_t_chips_3_the_tolerance_is_a_house_setting() -> None:
    rules = HouseRules().with_value("chip_counts.tolerance_percent", "5")
    t = _seated(rules)
    t.do(c.CountChips(counts={"Anna": 12_000, "Bo": 10_000, "Carl": 10_000, "Dan": 10_000}))
    assert not chip_check(t.state).off  # 2,000 off is within 5 %


def test_t_chips_3_a_bad_count_changes_nothing() -> None:
    t = _seated()
    with pytest.raises(TdError, match="above 0"):
        t.do(c.CountChips(counts={"Anna": 0}))
    assert t.state.chips == {} and T0 is not None

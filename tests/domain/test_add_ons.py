"""Add-ons by the rules of the night (T-ADDON-1/2): sold at the break the structure marks, or in a
window the money settings state, once per player unless set otherwise; a refusal changes nothing."""

from __future__ import annotations

import pytest

from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.commands import AddOn, Bust, ClockStart, Register, SetMoney
from tdconsole.domain.errors import RuleViolation, TdError
from tdconsole.domain.money.cash import dues, method_of
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.players.add_ons import add_on_open, add_on_sold
from tests.domain.helpers import Tournament, at

# Level 1 0-1200 s, level 2 1200-2400 s, the add-on break 2400-3000 s, level 3 from 3000 s.
ADD_ON_NIGHT = Structure(name="add-on night", starting_stack=10_000, periods=[
    Level(small_blind=100, big_blind=200, ante=200, minutes=20),
    Level(small_blind=200, big_blind=400, ante=400, minutes=20),
    Break(minutes=10, add_on=True),
    Level(small_blind=300, big_blind=600, ante=600, minutes=20),
])
LEVEL_1, LEVEL_2, BREAK, LEVEL_3 = 600, 1800, 2700, 3100
NAMES = ["Anna Holm", "Bo", "Carl", "Dorte"]


def night(structure: Structure = ADD_ON_NIGHT, **money: object) -> Tournament:
    t = Tournament(structure)
    t.do(Register(names=NAMES))
    t.do(SetMoney(settings=MoneySettings.model_validate({"add_on": 200, "add_on_fee": 20, **money})))
    t.do(ClockStart(), 0)
    return t


def test_t_addon_1_sold_at_the_break_the_structure_marks_and_refused_before_and_after() -> None:
    t = night()
    before = list(t.log)
    for seconds in (0, LEVEL_1, LEVEL_2, LEVEL_3):
        with pytest.raises(RuleViolation, match="T-ADDON-1: the add-on is sold at the break after "
                                                "level 2, not now"):
            t.do(AddOn(names=["Bo"]), seconds)
    assert t.log == before  # a refusal changes nothing
    t.do(AddOn(names=["Bo", "Carl"]), BREAK)
    assert [t.state.find(name).add_ons for name in NAMES] == [0, 1, 1, 0]


def test_t_addon_1_a_stated_window_of_levels_replaces_the_marked_break() -> None:
    t = night(add_on_from_level=2, add_on_until_level=3)
    assert not add_on_open(t.state, at(LEVEL_1))
    assert add_on_open(t.state, at(LEVEL_2)) and add_on_open(t.state, at(BREAK))
    with pytest.raises(RuleViolation, match="T-ADDON-1: the add-on is sold from level 2 through "
                                            "level 3, not now"):
        t.do(AddOn(names=["Bo"]), LEVEL_1)
    t.do(AddOn(names=["Bo"]), LEVEL_2)
    t.do(AddOn(names=["Carl"]), LEVEL_3)


def test_t_addon_1_a_structure_without_an_add_on_break_sells_none_unless_a_window_is_stated() -> None:
    plain = Structure(name="plain", starting_stack=10_000, periods=[*ADD_ON_NIGHT.periods[:2],
                                                                    Break(minutes=10),
                                                                    ADD_ON_NIGHT.periods[3]])
    t = night(plain)
    assert not add_on_sold(t.state)
    with pytest.raises(RuleViolation, match="T-ADDON-1: the structure marks no break for the add-on"):
        t.do(AddOn(names=["Bo"]), BREAK)
    t.do(SetMoney(settings=t.state.money.model_copy(update={"add_on_from_level": 3})), BREAK)
    t.do(AddOn(names=["Bo"]), LEVEL_3)  # from level 3 through the last


def test_t_addon_2_once_per_player_by_default_and_a_second_refused() -> None:
    t = night()
    t.do(AddOn(names=["Bo"]), BREAK)
    before = list(t.log)
    with pytest.raises(RuleViolation, match="T-ADDON-2: Bo has bought 1 of 1 add-ons"):
        t.do(AddOn(names=["Bo"]), BREAK)
    with pytest.raises(RuleViolation, match="T-ADDON-2: Bo has bought 1 of 1 add-ons"):
        t.do(AddOn(names=["Carl", "Bo"]), BREAK)  # all or none: Carl's is refused with it
    assert t.log == before


def test_t_addon_2_the_limit_is_a_setting_or_none() -> None:
    t = night(add_on_limit=2)
    t.do(AddOn(names=["Bo"]), BREAK)
    t.do(AddOn(names=["Bo"]), BREAK)
    with pytest.raises(RuleViolation, match="T-ADDON-2: Bo has bought 2 of 2"):
        t.do(AddOn(names=["Bo"]), BREAK)
    unlimited = night(add_on_limit=None)
    for _time in range(4):
        unlimited.do(AddOn(names=["Bo"]), BREAK)
    assert unlimited.state.find("Bo").add_ons == 4


def test_an_add_on_for_a_busted_player_by_his_short_name_says_he_is_out() -> None:
    """`add-on Anna` for the busted Anna Holm says what `add-on "Anna Holm"` says (it said "no
    player named 'Anna'" before, or offered another player)."""
    t = night()
    t.do(Bust(names=["Anna Holm"]), LEVEL_1)
    for typed in ("Anna Holm", "Anna", "anna h"):
        with pytest.raises(TdError, match=r"^Anna Holm has already busted \(place 4\)$"):
            t.do(AddOn(names=[typed]), BREAK)


def test_an_add_on_paid_by_a_method_is_counted_by_the_cash_desk() -> None:
    t = night(add_on_limit=None)
    t.do(AddOn(names=["Bo"], paid="mobilepay"), BREAK)
    t.do(AddOn(names=["Bo"], unpaid=True), BREAK)
    bo = {due.due: method_of(t.state, due) for due in dues(t.state) if due.player.name == "Bo"}
    assert bo == {"entry": "cash", "add-on:1": "mobilepay", "add-on:2": None}
    with pytest.raises(TdError, match="paid or unpaid, not both"):
        t.do(AddOn(names=["Carl"], paid="cash", unpaid=True), BREAK)

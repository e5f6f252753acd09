"""T-REG-1: late registration runs to the end of a set level; the TD may move or lift the limit."""

from __future__ import annotations

import pytest

from tdconsole.domain.clock.late_registration import registration_open
from tdconsole.domain.commands import ClockGoToLevel, ClockStart, Register, SetLateRegistration, Undo
from tdconsole.domain.errors import InvalidInput, RuleViolation
from tests.domain.helpers import Tournament, at


def _with_limit(level: int | None) -> Tournament:
    tournament = Tournament()
    tournament.do(SetLateRegistration(level=level))
    tournament.do(Register(names=["Anna"]))
    return tournament


def test_t_reg_1_open_before_the_start_and_through_the_last_level() -> None:
    tournament = _with_limit(2)
    tournament.do(ClockStart(), 0)
    tournament.do(ClockGoToLevel(level=2), 10)
    tournament.do(Register(names=["Bo"]), 10 + 1199)
    assert tournament.state.entries == 2


def test_t_reg_1_closed_from_the_break_after_the_last_level() -> None:
    tournament = _with_limit(2)
    tournament.do(ClockStart(), 0)
    before = list(tournament.log)
    # 2,400 s: level 2 has ended and the break that follows it has begun.
    with pytest.raises(RuleViolation, match="T-REG-1: late registration closed at the end of level 2"):
        tournament.do(Register(names=["Bo"]), 2400)
    assert tournament.log == before
    assert not registration_open(tournament.state, at(2400))


def test_t_reg_1_the_td_reopens_by_moving_or_lifting_the_limit_and_undo_restores_it() -> None:
    tournament = _with_limit(1)
    tournament.do(ClockStart(), 0)
    assert not registration_open(tournament.state, at(1300))
    tournament.do(SetLateRegistration(level=3), 1300)
    assert registration_open(tournament.state, at(1300))
    tournament.do(Undo(actor="td"), 1310)
    assert not registration_open(tournament.state, at(1310))
    tournament.do(SetLateRegistration(level=None), 1320)
    tournament.do(Register(names=["Bo"]), 1330)
    assert tournament.state.entries == 2


def test_t_reg_1_a_limit_past_the_last_level_is_refused() -> None:
    tournament = Tournament()
    with pytest.raises(InvalidInput, match="no level 4"):
        tournament.do(SetLateRegistration(level=4))
    assert tournament.state.info.late_reg_level is None

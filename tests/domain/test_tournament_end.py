"""The end of a tournament: the bust that leaves one player stops the clock in the same command,
closes late registration and refuses registration and re-entry (T-REG-1) until it is undone."""

from __future__ import annotations

import pytest

from tdconsole.domain.clock.late_registration import registration_open
from tdconsole.domain.commands import (
    Bust,
    ClockGoToLevel,
    ClockPause,
    ClockResume,
    ClockSetRemaining,
    ClockStart,
    ClockStep,
    Command,
    HandForHandStart,
    HandForHandStop,
    HandForHandTableDone,
    Reenter,
    Register,
    SetMoney,
    Undo,
)
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import ClockPaused, PlayerBusted
from tdconsole.domain.money.settings import MoneySettings
from tests.domain.helpers import Tournament, at


def _heads_up() -> Tournament:
    tournament = Tournament()
    tournament.do(Register(names=["Anna", "Bo", "Carl"]))
    tournament.do(ClockStart(), 0)
    tournament.do(Bust(names=["Carl"]), 60)
    return tournament


def test_the_last_bust_stops_the_clock_in_the_same_command() -> None:
    tournament = _heads_up()
    events = tournament.do(Bust(names=["Bo"], by=["Anna"]), 120)
    assert [type(event) for event in events] == [PlayerBusted, ClockPaused]
    assert tournament.state.status == "finished"
    assert tournament.state.winner is not None and tournament.state.winner.name == "Anna"
    assert not tournament.state.clock.running


def test_a_bust_that_leaves_two_players_leaves_the_clock_running() -> None:
    tournament = Tournament()
    tournament.do(Register(names=["Anna", "Bo", "Carl"]))
    tournament.do(ClockStart(), 0)
    events = tournament.do(Bust(names=["Carl"]), 60)
    assert [type(event) for event in events] == [PlayerBusted]
    assert tournament.state.clock.running and tournament.state.winner is None


@pytest.mark.parametrize("command", [Register(names=["Dan"]), Reenter(name="Bo")])
def test_t_reg_1_a_finished_tournament_refuses_registration_and_reentry(command: Register | Reenter) -> None:
    tournament = _heads_up()
    tournament.do(Bust(names=["Bo"]), 120)
    before = list(tournament.log)
    with pytest.raises(RuleViolation, match=r"^T-REG-1: the tournament is finished \(Anna is the winner\); "
                                            r"undo the last bust to reopen it$"):
        tournament.do(command, 130)
    assert tournament.log == before
    assert not registration_open(tournament.state, at(130))


def test_undo_of_the_last_bust_reopens_registration_and_runs_the_clock_again() -> None:
    tournament = _heads_up()
    tournament.do(Bust(names=["Bo"]), 120)
    tournament.do(Undo(actor="td"), 130)
    assert tournament.state.status == "running"
    assert registration_open(tournament.state, at(130))
    tournament.do(Register(names=["Dan"]), 140)
    assert tournament.state.entries == 4


def test_hand_for_hand_ending_with_the_last_bust_leaves_the_clock_stopped() -> None:
    tournament = _heads_up()  # 2 left, 1 paid
    tournament.do(HandForHandStart(tables=[1]), 100)
    tournament.do(Bust(names=["Bo"], table=1), 110)
    tournament.do(HandForHandTableDone(table=1), 120)
    assert tournament.state.status == "finished"
    # The hand reached the money, so hand-for-hand ended by itself (T-H4H-1); nothing runs again.
    assert tournament.state.hand_for_hand is None
    assert not tournament.state.clock.running


def test_stopping_hand_for_hand_after_the_last_bust_leaves_the_clock_stopped() -> None:
    tournament = _heads_up()
    tournament.do(SetMoney(settings=MoneySettings.model_validate(
        {"curve": {"paid_share": "0.9", "min_cash_multiple": "0"}})))  # 3 entries, 2 paid
    tournament.do(HandForHandStart(tables=[1]), 100)
    tournament.do(Bust(names=["Bo"], table=1), 110)
    tournament.do(HandForHandTableDone(table=1), 120)
    assert tournament.state.status == "finished"
    tournament.do(HandForHandStop(), 130)
    assert not tournament.state.clock.running


@pytest.mark.parametrize("command", [ClockResume(), ClockStart(), ClockPause(), ClockStep(by=1),
                                     ClockStep(by=-1), ClockGoToLevel(level=3),
                                     ClockSetRemaining(seconds=600)],
                         ids=lambda command: type(command).__name__)
def test_t_end_1_a_finished_tournaments_clock_stays_stopped(command: Command) -> None:
    """One tap on the remote's "Resume" ran the clock of a tournament that had its winner: every
    clock command is refused in the domain, so the CLI, the TUI and the web all refuse it."""
    tournament = _heads_up()
    tournament.do(Bust(names=["Bo"], by=["Anna"]), 120)
    before = list(tournament.log)
    with pytest.raises(RuleViolation, match=r"^T-END-1: the tournament is finished \(Anna is the winner\); "
                                            r"undo the last bust to reopen it$"):
        tournament.do(command, 130)
    assert tournament.log == before and not tournament.state.clock.running


def test_t_end_1_the_winner_is_not_busted_and_undo_reopens_the_clock() -> None:
    tournament = _heads_up()
    tournament.do(Bust(names=["Bo"]), 120)
    with pytest.raises(RuleViolation, match=r"^T-END-1: the tournament is finished"):
        tournament.do(Bust(names=["Anna"]), 130)
    tournament.do(Undo(actor="td"), 140)
    assert tournament.state.status == "running" and tournament.state.clock.running
    tournament.do(ClockPause(), 150)  # reopened: the clock is the TD's again
    assert not tournament.state.clock.running

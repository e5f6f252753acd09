"""House rules in the log: recorded at creation, changed only by a logged, undoable command."""

from __future__ import annotations

import pytest

from tdconsole.domain.commands import Bust, Reenter, Register, SetHouseRule, Undo
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import Envelope, TournamentCreated
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules
from tdconsole.domain.tournament import fold
from tests.domain.helpers import STRUCTURE, T0, Tournament


def test_the_rules_given_at_creation_are_in_force_and_in_the_log() -> None:
    t = Tournament(house_rules=TDA)
    assert t.state.house_rules == TDA
    assert fold(t.log).house_rules == TDA


def test_a_log_from_before_rules_were_recorded_folds_with_the_club_defaults() -> None:
    created = TournamentCreated(name="Old", game="NLHE", buy_in=300, fee=50, starting_stack=10_000,
                                seats_per_table=9, structure=STRUCTURE)
    payload = created.model_dump(mode="json")
    del payload["house_rules"]  # as an older tdconsole wrote it
    envelope = Envelope.model_validate({"seq": 1, "time": T0, "actor": "td", "command_id": "c0",
                                        "event": payload})
    assert fold([envelope]).house_rules == CLUB == HouseRules()


def test_set_house_rule_changes_the_next_decision_and_undo_takes_it_back() -> None:
    t = Tournament()
    t.do(Register(names=["Anna", "Bo", "Carl"]))
    t.do(SetHouseRule(key="eliminations.earlier_entry_can_cash", value="false"))
    assert t.state.house_rules.eliminations.earlier_entry_can_cash is False
    assert fold(t.log).house_rules == t.state.house_rules  # a replay decides the same way
    t.do(Bust(names=["Anna"]))
    [_, *_] = t.do(Reenter(name="Anna"))
    assert t.state.players["p1"].can_cash is False  # T-REG-1 under the setting in force
    t.do(Undo(actor="td"))  # the re-entry
    t.do(Undo(actor="td"))  # the bust
    t.do(Undo(actor="td"))  # the rule
    assert t.state.house_rules == CLUB


@pytest.mark.parametrize(("key", "value", "message"), [
    ("seating.balanse", "rrop", "no house rule 'seating.balanse'"),
    ("seating.balance", "sometimes", "house rule seating.balance: Input should be 'club' or 'rrop'"),
    ("clock_call.seconds", "-5", "house rule clock_call.seconds: Input should be greater than 0"),
    ("seating.balance", "club", "house rule seating.balance is already 'club'"),
])
def test_a_bad_key_or_value_is_one_line_naming_the_key_and_changes_nothing(
        key: str, value: str, message: str) -> None:
    t = Tournament()
    before = len(t.log)
    with pytest.raises(InvalidInput) as error:
        t.do(SetHouseRule(key=key, value=value))
    assert str(error.value).startswith(message) and "\n" not in str(error.value)
    assert len(t.log) == before and t.state.house_rules == CLUB


def test_every_setting_can_be_read_and_set_from_text() -> None:
    for key in HouseRules.settings():
        tda = TDA.value(key)
        if tda != CLUB.value(key):
            text = ",".join(map(str, tda)) if isinstance(tda, list) else str(tda)
            assert CLUB.with_value(key, text).value(key) == tda

"""The rulings log through decide/apply: escalation from the log (O-OOT-5, H-DEAD-X, C4), overrides
and corrections, penalties served (71A, 71C), clock calls at zero (C-CLOCK-1, H-DEAD-D, C1)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.commands import (
    CallClock,
    LogRuling,
    Register,
    ServePenalty,
    SetHouseRule,
    StopClockCall,
    Undo,
)
from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation, TdError
from tdconsole.domain.events import RulingLogged
from tdconsole.domain.floor.log import count_hand_at_table, find_ruling, offences
from tdconsole.domain.floor.penalties import PenaltyKind
from tdconsole.domain.house_rules import TDA
from tdconsole.domain.tournament import fold
from tests.domain.helpers import Tournament, at
from tests.samples import examples

CATALOGUE = load_catalogue()
OOT_BINDING = {"action": "check", "changed": "no", "deliberate": "no"}


def _log(scenario: str, answers: dict[str, str] | None = None, **extra: Any) -> LogRuling:
    return LogRuling(scenario=CATALOGUE.get(scenario), staff="Mette",
                     answers=answers or {}, **extra)


@pytest.fixture
def t() -> Tournament:
    tournament = Tournament()
    tournament.do(Register(names=["Anna", "Bo", "Carl"]))
    return tournament


def _logged(t: Tournament, command: LogRuling, seconds: float = 0) -> RulingLogged:
    [event] = t.do(command, seconds)
    assert isinstance(event, RulingLogged)
    return event


def _log_unchanged(t: Tournament, command: Any, error: type[Exception], *fragments: str,
                   field: str | None = None) -> None:
    """Refused with `error`, its line holding every fragment and (when given) naming the request
    `field` the CLI words as its option, and the log unchanged."""
    before = len(t.log)
    with pytest.raises(error) as raised:
        t.do(command)
    assert len(t.log) == before
    for fragment in fragments:
        assert fragment in str(raised.value)
    if field is not None:
        assert getattr(raised.value, "field", None) == field


def test_c4_o_oot_5_second_oot_from_the_log_sits_out_three_rounds(t: Tournament) -> None:
    first = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["anna"]))
    assert first.answers["earlier"] == "0" and first.penalty is None and first.offence == "out-of-turn"
    second = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"]))
    assert second.answers["earlier"] == "1"
    assert second.penalty is not None
    assert (second.penalty.kind, second.penalty.amount, second.penalty.hands) == ("rounds", 3, 24)
    assert "O-OOT-5" in second.suggestion.rules
    # Another player's first offence is a first offence.
    assert _logged(t, _log("out-of-turn-action", OOT_BINDING, players=["Bo"])).penalty is None


def test_o_oot_5_tda_setting_escalates_from_a_warning(t: Tournament) -> None:
    t.do(SetHouseRule(key="penalties.oot_repeat", value="discretionary"))
    first = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "6"}, players=["Anna"]))
    assert first.penalty is not None and first.penalty.kind == "warning"
    second = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "6"}, players=["Anna"]))
    assert second.penalty is not None and (second.penalty.kind, second.penalty.hands) == ("rounds", 6)


def test_h_dead_x_second_exposure_by_the_same_player_sits_out_three_rounds(t: Tournament) -> None:
    answers = {"deliberate": "no", "players": "9"}
    assert _logged(t, _log("exposed-own-cards", answers, players=["Carl"])).penalty is None
    again = _logged(t, _log("exposed-own-cards", answers, players=["Carl"]))
    assert again.penalty is not None and (again.penalty.amount, again.penalty.hands) == (3, 27)
    assert "H-DEAD-X" in again.suggestion.rules


def test_an_earlier_answer_that_contradicts_the_log_is_refused(t: Tournament) -> None:
    _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"]))
    _log_unchanged(t, _log("out-of-turn-action", {**OOT_BINDING, "earlier": "0", "players": "8"},
                           players=["Anna"]), InvalidInput, "earlier=0", "has 1 earlier", "Anna")


def test_an_offence_needs_the_player(t: Tournament) -> None:
    _log_unchanged(t, _log("out-of-turn-action", {**OOT_BINDING, "earlier": "0"}), InvalidInput,
                   "records an offence (out-of-turn)", field="player")


def test_a_penalty_for_an_unknown_player_changes_nothing(t: Tournament) -> None:
    _log_unchanged(t, _log("give-penalty", {"kind": "warning"}, players=["Zed"]), NotFound, "'Zed'")


def test_a_penalty_needs_a_player(t: Tournament) -> None:
    _log_unchanged(t, _log("give-penalty", {"kind": "warning"}), InvalidInput, "warning", field="player")


def test_open_questions_are_listed(t: Tournament) -> None:
    _log_unchanged(t, _log("out-of-turn-action", {"action": "check"}, players=["Anna"]), InvalidInput,
                   "questions still open", "changed=yes|no")


def test_an_override_needs_a_reason_and_a_reason_needs_an_override(t: Tournament) -> None:
    _log_unchanged(t, _log("wrong-button", {"substantial_action": "no"}, decision="Button stays"),
                   InvalidInput, "needs a reason")
    _log_unchanged(t, _log("wrong-button", {"substantial_action": "no"}, reason="because"),
                   InvalidInput, "neither")
    logged = _logged(t, _log("wrong-button", {"substantial_action": "no"}, decision="Button stays",
                             reason="the players agreed before the deal"))
    assert logged.overridden and logged.decision == "Button stays"
    assert logged.suggestion.ruling != logged.decision


def test_an_accepted_ruling_keeps_the_suggestion_as_the_decision(t: Tournament) -> None:
    logged = _logged(t, _log("wrong-button", {"substantial_action": "no"}, table=2, seat=4))
    assert not logged.overridden and logged.decision == logged.suggestion.ruling
    assert (logged.table, logged.seat, logged.staff, logged.ruling_id) == (2, 4, "Mette", 1)


def test_override_of_the_penalty_is_given_at_the_table_size(t: Tournament) -> None:
    logged = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "7"}, players=["Anna"],
                             override_penalty=True, reason="angle shooting",
                             penalty=PenaltyKind.ROUNDS, penalty_amount=2))
    assert logged.penalty is not None and (logged.penalty.kind, logged.penalty.hands) == ("rounds", 14)
    assert logged.penalty.reason == "angle shooting" and logged.penalty.rules == ["TDA 70", "TDA 71"]
    assert logged.overridden and logged.decision == logged.suggestion.ruling


def test_override_to_no_penalty_and_bad_amounts(t: Tournament) -> None:
    _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"]))
    spared = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"],
                             override_penalty=True, reason="new player, explained the rule"))
    assert spared.suggestion.penalty is not None and spared.penalty is None
    _log_unchanged(t, _log("wrong-button", {"substantial_action": "no"}, players=["Bo"],
                           override_penalty=True, penalty=PenaltyKind.MINUTES, reason="r"),
                   InvalidInput, "a minutes needs its amount", field="penalty")
    _log_unchanged(t, _log("wrong-button", {"substantial_action": "no"}, players=["Bo"],
                           override_penalty=True, penalty=PenaltyKind.WARNING, penalty_amount=2,
                           reason="r"), InvalidInput, "takes no amount")


def test_undo_passes_over_a_ruling_which_is_never_deleted(t: Tournament) -> None:
    _logged(t, _log("wrong-button", {"substantial_action": "no"}))
    t.do(Undo(actor="td"))  # takes back the TD's last tournament action, the registration
    assert len(t.state.rulings) == 1 and t.state.entries == 0
    with pytest.raises(TdError, match="nothing to undo"):
        t.do(Undo(actor="td"))


def test_a_correction_points_at_the_old_ruling_whose_offence_no_longer_counts(t: Tournament) -> None:
    _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"]))
    wrong = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"]))
    assert wrong.penalty is not None
    _log_unchanged(t, _log("out-of-turn-action", OOT_BINDING, players=["Bo"], corrects=2),
                   InvalidInput, "correction of ruling 2 needs a reason")
    fixed = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Bo"],
                            corrects=2, reason="it was Bo, not Anna"))
    assert fixed.corrects == 2 and fixed.answers["earlier"] == "0" and fixed.penalty is None
    assert find_ruling(t.state, 2).corrected_by == 3 and len(t.state.rulings) == 3
    assert offences(t.state, t.state.find("Anna").id, fixed.offence) == 1  # type: ignore[arg-type]
    _log_unchanged(t, _log("wrong-button", {"substantial_action": "no"}, corrects=2, reason="again"),
                   TdError, "already corrected by ruling 3")
    _log_unchanged(t, ServePenalty(ruling=2, ended=True), TdError, "corrected by ruling 3")


def test_a_correction_of_a_correction_recounts_without_the_corrected_one(t: Tournament) -> None:
    _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"]))
    again = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "8"}, players=["Anna"],
                            corrects=1, reason="wrong scenario first"))
    assert again.answers["earlier"] == "0"


def test_c3_one_round_at_an_8_handed_table_is_8_hands_served_by_hand(t: Tournament) -> None:
    logged = _logged(t, _log("give-penalty", {"kind": "rounds", "rounds": "1", "players": "8"},
                             players=["Bo"]))
    assert logged.penalty is not None and logged.penalty.hands == 8
    t.do(ServePenalty(ruling=1, hands=5))
    standing = find_ruling(t.state, 1).standing(at(60))
    assert standing is not None and (standing.hands, standing.serving) == (3, True)
    _log_unchanged(t, ServePenalty(ruling=1, hands=4), InvalidInput, "only 3 hand(s)")
    t.do(ServePenalty(ruling=1, hands=3))
    assert find_ruling(t.state, 1).standing(at(60)) == standing.model_copy(update={"hands": 0,
                                                                                     "serving": False})


def test_c_pen_1_minutes_away_run_from_the_ruling_and_the_td_may_end_them(t: Tournament) -> None:
    _logged(t, _log("give-penalty", {"kind": "minutes", "minutes": "5"}, players=["Bo"]), seconds=100)
    standing = find_ruling(t.state, 1).standing(at(100 + 120))
    assert standing is not None and standing.seconds == 180 and standing.serving
    _log_unchanged(t, ServePenalty(ruling=1, hands=1), InvalidInput, "served by the clock")
    t.do(ServePenalty(ruling=1, ended=True))
    ended = find_ruling(t.state, 1).standing(at(220))
    assert ended is not None and not ended.serving
    _log_unchanged(t, ServePenalty(ruling=1, ended=True), TdError, "already ended")


def test_a_warning_has_nothing_to_serve(t: Tournament) -> None:
    _logged(t, _log("give-penalty", {"kind": "warning"}, players=["Bo"]))
    _log_unchanged(t, ServePenalty(ruling=1, ended=True), TdError, "nothing to serve")
    _log_unchanged(t, ServePenalty(ruling=9, ended=True), NotFound, "no ruling 9")


def test_71c_hands_at_the_table_feed_the_penalty(t: Tournament) -> None:
    for player, seat in zip(t.state.players.values(), (1, 2, 3), strict=True):
        player.table, player.seat, player.status = 1, seat, "seated"
    logged = _logged(t, _log("give-penalty", {"kind": "rounds", "rounds": "1"}, players=["Bo"], table=1))
    assert logged.penalty is not None and logged.penalty.hands == 3  # the seated count (71A)
    _log_unchanged(t, _log("give-penalty", {"kind": "rounds", "rounds": "1", "players": "8"},
                           players=["Bo"], table=1), InvalidInput, "3 players are seated at table 1")
    count_hand_at_table(t.state, 2)
    count_hand_at_table(t.state, 1)
    assert find_ruling(t.state, 1).hands_served == 1


def test_c1_clock_call_ruling_only_at_zero_then_dead_hand(t: Tournament) -> None:
    t.do(CallClock(table=3, seat=5, player="Carl"), seconds=0)
    _log_unchanged(t, CallClock(table=3, seat=2), TdError, "clock call 1 is already running")
    at_zero = _log("clock-call", clock_call=1)
    with pytest.raises(RuleViolation, match="C-CLOCK-1: clock call 1 still has 1 s"):
        t.do(at_zero, seconds=59.5)
    # TDA 29: a tie goes to the player; the time is out only once zero has passed.
    with pytest.raises(RuleViolation):
        t.do(at_zero, seconds=60)
    logged = _logged(t, at_zero, seconds=61)
    assert "H-DEAD-D" in logged.suggestion.rules and "dead" in logged.decision
    assert (logged.table, logged.seat, [p.name for p in logged.players]) == (3, 5, ["Carl"])
    assert logged.answers == {"expired": "yes", "facing_bet": "yes"}
    assert not t.state.clock_calls[0].open
    _log_unchanged(t, _log("clock-call", clock_call=1), TdError, "ruled in ruling 1")


def test_c1_a_clock_call_ruling_names_the_table_and_seat_it_was_given(t: Tournament) -> None:
    """A table or seat left out is the call's own; one given differently is refused, naming both
    (never "seat None")."""
    t.do(CallClock(table=3, seat=5, player="Carl"), seconds=0)
    _log_unchanged(t, _log("clock-call", clock_call=1, table=2), InvalidInput,
                   "clock call 1 is on table 3 seat 5, not table 2 seat 5")
    logged = _logged(t, _log("clock-call", clock_call=1, table=3), seconds=61)
    assert (logged.table, logged.seat) == (3, 5)


def test_c1_tda_no_bet_at_zero_is_a_check() -> None:
    t = Tournament(house_rules=TDA)
    t.do(Register(names=["Anna", "Bo", "Carl"]))
    t.do(CallClock(table=1, seat=1, facing_bet=False))
    logged = _logged(t, _log("clock-call", clock_call=1), seconds=31)
    assert "checks" in logged.decision and "H-DEAD-D" not in logged.suggestion.rules


def test_a_clock_call_stopped_when_the_player_acts(t: Tournament) -> None:
    t.do(CallClock(table=1, seat=1))
    t.do(StopClockCall(call=1), seconds=20)
    _log_unchanged(t, StopClockCall(call=1), TdError, "already stopped")
    _log_unchanged(t, _log("clock-call", clock_call=1), TdError, "the player acted")
    t.do(CallClock(table=1, seat=1))
    assert [c.open for c in t.state.clock_calls] == [False, True]


def test_a_clock_call_on_an_empty_seat_is_refused_once_players_are_seated(t: Tournament) -> None:
    anna = t.state.find("Anna")
    anna.table, anna.seat = 1, 1
    _log_unchanged(t, CallClock(table=1, seat=2), NotFound, "nobody is seated at table 1 seat 2")
    _log_unchanged(t, CallClock(table=1, seat=1, player="Bo"), InvalidInput, "Anna is")
    [called] = t.do(CallClock(table=1, seat=1))
    assert called.player_id == anna.id  # type: ignore[union-attr]


def _oots_in_the_log(t: Tournament, name: str, corrected_now: int | None) -> int:
    """Counted from the raw events, not the state: the player's OOT rulings nobody corrected."""
    events = [e.event for e in t.log if isinstance(e.event, RulingLogged)]
    corrected = {e.corrects for e in events} | {corrected_now}
    return sum(1 for e in events if e.ruling_id not in corrected and e.players[0].name == name)


@pytest.mark.long
@settings(max_examples=examples(25), deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 2), st.integers(0, 20)), min_size=1, max_size=12))
def test_o_oot_5_earlier_counts_the_uncorrected_oots(steps: list[tuple[bool, int, int]]) -> None:
    """Any run of OOT rulings and corrections: each logged `earlier` is the count of that player's
    OOT rulings not corrected when it was logged, and a cold fold equals the live state."""
    t = Tournament()
    names = ["Anna", "Bo", "Carl"]
    t.do(Register(names=names))
    for correct, who, pick in steps:
        open_ids = [r.id for r in t.state.rulings if r.corrected_by is None]
        extra: dict[str, Any] = {}
        if correct and open_ids:
            extra = {"corrects": open_ids[pick % len(open_ids)], "reason": "wrong player"}
        expected = _oots_in_the_log(t, names[who], extra.get("corrects"))
        logged = _logged(t, _log("out-of-turn-action", {**OOT_BINDING, "players": "9"}, players=[names[who]],
                                 **extra))
        assert logged.answers["earlier"] == str(expected)
        assert (logged.penalty is not None) == (expected > 0)  # club: a second OOT sits out (O-OOT-5)
    assert fold(t.log).rulings == t.state.rulings
    assert len(t.state.rulings) == len(steps)


# ---------------------------------------------------------------- rulings beyond the catalogue


def _other(description: str = "Player answered his phone at the table during a hand",
            **extra: Any) -> LogRuling:
    return LogRuling(scenario=None, staff="Mette", description=description, **extra)


def test_c_ruling_1_an_other_situation_is_logged_with_its_description_rules_and_decision(
        t: Tournament) -> None:
    logged = _logged(t, _other(cited=["c-etiq-1", "tda 71", "rp-11"], decision="A warning",
                               players=["Anna"], table=3))
    assert (logged.scenario, logged.ruling, logged.decision) == ("other", "other", "A warning")
    assert logged.description == "Player answered his phone at the table during a hand"
    assert logged.suggestion.rules == ["C-ETIQ-1", "TDA 71", "TDA RP-11"]
    assert not logged.overridden and logged.penalty is None and logged.offence is None


def test_c_ruling_1_an_other_situation_without_cited_rules_cites_the_tds_final_ruling(
        t: Tournament) -> None:
    logged = _logged(t, _other(decision="Play on"))
    assert logged.suggestion.rules == ["C-RULING-1"]


def test_an_other_situations_offence_escalates_and_counts_like_a_catalogue_ruling(
        t: Tournament) -> None:
    # C-ETIQ-1: an honest first slip has no penalty, the next a warning, then minutes (C-PEN-1).
    first = _logged(t, _other(decision="Reminded", offence="etiquette", players=["Bo"]))
    assert first.penalty is None and first.answers == {"deliberate": "no", "earlier": "0"}
    second = _logged(t, _other(decision="Warned", offence="etiquette", players=["Bo"]))
    assert second.penalty is not None and second.penalty.kind == "warning"
    # A catalogue ruling of the same kind counts the other situations before it.
    third = _logged(t, _log("etiquette", {"what": "splashing", "deliberate": "no"}, players=["Bo"]))
    assert third.answers["earlier"] == "2" and third.penalty is not None
    assert third.penalty.kind == "minutes"
    assert offences(t.state, t.state.find("Bo").id, "etiquette") == 3


def test_an_other_situation_with_a_penalty_given_directly(t: Tournament) -> None:
    logged = _logged(t, _other(decision="Two rounds away", players=["Carl"], override_penalty=True,
                               penalty=PenaltyKind.ROUNDS, penalty_amount=2, answers={"players": "6"}))
    assert logged.penalty is not None and (logged.penalty.hands, logged.penalty.reason) == (
        12, "Player answered his phone at the table during a hand")
    assert not logged.overridden  # no suggested penalty was replaced


@pytest.mark.parametrize(("command", "fragments", "field"), [
    (_other(description=" ", decision="x"), ("needs its description",), "description"),
    (_other(), ("needs the decision",), "decision"),
    (_other(decision="x", cited=["H_DEAD_G"]), ("'H_DEAD_G' is not a rule ID",), "rule"),
    (_other(decision="x", answers={"action": "check"}), ("asks no question 'action'",), None),
    (_other(decision="x", offence="etiquette"), ("records an offence (etiquette)",), "player"),
    (_other(decision="x", reason="because"), ("neither",), "reason"),
])
def test_an_other_situation_refuses_bad_input_in_one_line(
        t: Tournament, command: LogRuling, fragments: tuple[str, ...], field: str | None) -> None:
    _log_unchanged(t, command, InvalidInput, *fragments, field=field)


def test_c_ruling_1_an_override_with_a_reason_needs_no_answers(t: Tournament) -> None:
    logged = _logged(t, _log("out-of-turn-action", {}, decision="Action stands",
                             reason="the floor saw it all", players=["Anna"], cited=["O-OOT-4"]))
    assert logged.overridden and logged.decision == "Action stands" and logged.ruling == ""
    assert logged.suggestion.ruling.startswith("No suggestion: ")
    assert logged.suggestion.rules == ["O-OOT-4"] and logged.offence is None
    # Without a reason it is refused like any override; without a decision the questions are asked.
    _log_unchanged(t, _log("out-of-turn-action", {}, decision="x"), InvalidInput, "needs a reason",
                   field="reason")
    _log_unchanged(t, _log("out-of-turn-action", {}), InvalidInput, "questions still open",
                   "a decision and its reason", field="answer")


def test_an_override_without_answers_still_escalates_the_offence_the_tree_reached(
        t: Tournament) -> None:
    # The tree reached an O-OOT ruling but `players` (71A) is not known: the override logs it, and
    # the offence counts for the next one (O-OOT-5).
    first = _logged(t, _log("out-of-turn-action", {"action": "fold", "deliberate": "no"},
                            decision="Fold stands", reason="dealer confirmed", players=["Anna"]))
    assert first.offence == "out-of-turn" and first.penalty is None
    second = _logged(t, _log("out-of-turn-action", {"action": "fold", "deliberate": "no", "players": "8"},
                             players=["Anna"]))
    assert second.answers["earlier"] == "1" and second.penalty is not None
    assert second.penalty.hands == 24


def test_rule_ids_are_cited_only_beyond_the_catalogue(t: Tournament) -> None:
    _log_unchanged(t, _log("wrong-button", {"substantial_action": "no"}, cited=["T-DEAD-1"]),
                   InvalidInput, "cites its own rules", field="rule")


def test_a_scenario_may_not_take_the_reserved_id_other() -> None:
    with pytest.raises(InvalidInput, match="reserved"):
        LogRuling.model_validate({"staff": "x", "scenario": {
            "id": "other", "title": "t", "start": "r",
            "nodes": {"r": {"type": "ruling", "ruling": "r", "remedy": ["x"], "rules": ["D-MIS-A"]}}}})

"""The floor-ruling trees: SCENARIOS.md cases M*, O*, C*, every path of every tree, the checks on
load, and the walk's answers and errors."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.config.rulings_catalogue import ScenarioFile, load_catalogue
from tdconsole.config.toml import validate
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.floor.rulings import (
    Catalogue,
    Choice,
    Number,
    Scenario,
    YesNo,
    implicit_questions,
    suggest,
    walk,
    with_settings,
)
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules
from tests.rulings_cases import CASES, Case
from tests.samples import examples

HOUSES = {"club": CLUB, "tda": TDA}
CATALOGUE = load_catalogue()


@pytest.fixture
def catalogue() -> Catalogue:
    return CATALOGUE


# ---------------------------------------------------------------- SCENARIOS.md


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_scenarios_md_m_o_c_case(catalogue: Catalogue, case: Case) -> None:
    result = suggest(catalogue.get(case.scenario), case.answers, HOUSES[case.house])
    text = " ".join([result.ruling, *result.remedy]).lower()
    for words in case.says:
        assert words.lower() in text
    assert set(case.rules) <= set(result.rules)
    assert not set(case.not_rules) & set(result.rules)
    if case.penalty is None:
        assert result.penalty is None
    else:
        assert result.penalty is not None
        assert result.penalty.model_dump(include=set(case.penalty)) == case.penalty


def test_o_oot_5_first_honest_oot_has_no_penalty_but_deliberate_sits_out_three_rounds(
        catalogue: Catalogue) -> None:
    oot = catalogue.get("out-of-turn-action")
    first = {"action": "call", "changed": "no", "deliberate": "no", "earlier": "0"}
    assert suggest(oot, first, CLUB).penalty is None
    deliberate = suggest(oot, {**first, "deliberate": "yes", "players": "6"}, CLUB).penalty
    assert deliberate is not None
    assert (deliberate.kind, deliberate.amount, deliberate.hands) == ("rounds", 3, 18)


def test_h_dead_x_second_exposure_sits_out_three_rounds(catalogue: Catalogue) -> None:
    result = suggest(catalogue.get("exposed-own-cards"),
                     {"deliberate": "no", "earlier": "1", "players": "9"}, CLUB)
    assert "not dead" in result.ruling
    assert result.penalty is not None and result.penalty.hands == 27
    assert "H-DEAD-X" in result.rules


WRONG_CARDS = {"substantial_action": "yes", "how": "too-few", "button_short": "yes"}
SHOWN = {"deliberate": "no", "earlier": "0"}


def test_h_dead_b_club_the_button_short_a_card_after_the_action_started_is_dead(
        catalogue: Catalogue) -> None:
    result = suggest(catalogue.get("wrong-number-of-cards"), WRONG_CARDS, CLUB)
    assert "dead" in result.ruling and "button" in result.ruling
    assert result.rules == ["H-DEAD-B"] and result.differs == ["TDA 37"]


def test_h_dead_b_tda_37_setting_gives_the_button_the_missing_card(catalogue: Catalogue) -> None:
    house = with_settings(CLUB, {"dead_hands.button_missing_card": "replace"})
    result = suggest(catalogue.get("wrong-number-of-cards"), WRONG_CARDS, house)
    assert "receives the missing card" in result.ruling and "TDA 37" in result.rules


@pytest.mark.parametrize("house", ["club", "tda"])
def test_h_dead_b_edges_any_other_short_hand_and_too_many_cards_are_dead_before_sa_a_misdeal(
        catalogue: Catalogue, house: str) -> None:
    tree = catalogue.get("wrong-number-of-cards")
    rules = HOUSES[house]
    # Not the button, or the button who already acted: dead under either setting (37, H-DEAD-B).
    for answers in ({**WRONG_CARDS, "button_short": "no"},
                    {"substantial_action": "yes", "how": "too-many"}):
        result = suggest(tree, answers, rules)
        assert result.ruling.startswith("That player's hand is dead") and "H-DEAD-B" in result.rules
    assert suggest(tree, {"substantial_action": "no"}, rules).ruling.startswith("Misdeal")


@pytest.mark.parametrize("whom", ["player-in-hand", "player-out", "spectator"])
def test_h_dead_g_club_shown_to_another_player_or_a_spectator_the_td_may_declare_it_dead(
        catalogue: Catalogue, whom: str) -> None:
    tree = catalogue.get("showed-cards")
    asked = {"to_whom": whom, "before_next_street": "yes", **SHOWN}
    dead = suggest(tree, {**asked, "declare_dead": "yes"}, CLUB)
    assert dead.ruling.startswith("The hand is dead") and "H-DEAD-G" in dead.rules
    # TDA 68 (2024): exposure with action pending may be penalised, never a dead hand.
    assert dead.differs == ["TDA 68"] and not any(r.startswith("TDA") for r in dead.rules)
    live = suggest(tree, {**asked, "declare_dead": "no"}, CLUB)
    assert "lets the hand live" in live.ruling and "S-SHOW-3" in live.rules


@pytest.mark.parametrize("whom", ["player-out", "spectator"])
def test_h_dead_g_tda_setting_only_a_player_in_the_hand_counts(catalogue: Catalogue, whom: str) -> None:
    tree = catalogue.get("showed-cards")
    result = suggest(tree, {"to_whom": whom, **SHOWN}, TDA)
    assert result.ruling.startswith("The hand is live") and "S-SHOW-3" in result.rules
    assert result.rules[-2:] == ["TDA 67", "TDA 68"] and not result.differs
    in_hand = suggest(tree, {"to_whom": "player-in-hand", "before_next_street": "yes",
                             "declare_dead": "yes", **SHOWN}, TDA)
    assert in_hand.ruling.startswith("The hand is dead")


def test_h_dead_g_timing_after_the_next_street_or_an_unchallenged_showdown_never_dead(
        catalogue: Catalogue) -> None:
    tree = catalogue.get("showed-cards")
    late = suggest(tree, {"to_whom": "spectator", "before_next_street": "no", **SHOWN}, CLUB)
    assert "can no longer be declared dead" in late.ruling and "unchallenged showdown" in late.ruling
    # The timing question comes only once it is known that the hand may be declared dead.
    assert walk(tree, {"to_whom": "spectator"}, CLUB).open[0].key == "before_next_street"
    assert walk(tree, {"to_whom": "spectator"}, TDA).open[0].key == "deliberate"


def test_h_dead_g_a_hand_the_td_sees_is_never_declared_dead(catalogue: Catalogue) -> None:
    result = suggest(catalogue.get("showed-cards"), {"to_whom": "td"}, CLUB)
    assert result.ruling.startswith("The hand is live") and result.penalty is None


def test_b_behind_1_bet_leaving_under_one_big_blind_is_all_in_by_house_setting(
        catalogue: Catalogue) -> None:
    # S13: blinds 100/200, 1,150 behind 1,000 bet -> 150 left = 0.75 BB.
    leaves = catalogue.get("bet-leaves-little")
    assert "all-in" in suggest(leaves, {"behind": "0.75"}, CLUB).ruling
    assert "stands as made" in suggest(leaves, {"behind": "0.75"}, TDA).ruling
    assert "stands as made" in suggest(leaves, {"behind": "1.5"}, CLUB).ruling
    assert "all-in" in suggest(leaves, {"behind": "1"}, CLUB).ruling


def test_b_half_1_under_fifty_percent_is_a_call_fifty_or_more_a_raise(catalogue: Catalogue) -> None:
    # S1: facing 1,000, 1,400 silently -> 40 % -> call; S3: 400 of a 600 increment -> 67 % -> raise.
    pushed = catalogue.get("chips-pushed")
    base = {"last_chips": "no", "said_raise": "no", "one_chip_less": "no"}
    assert "A call" in suggest(pushed, {**base, "share": "40"}, CLUB).ruling
    assert "full raise" in suggest(pushed, {**base, "share": "50"}, CLUB).ruling
    assert "full raise" in suggest(pushed, {**base, "share": "66.7"}, CLUB).ruling


def test_s_order_2_showdown_order_follows_the_house_setting(catalogue: Catalogue) -> None:
    order = catalogue.get("showdown-order")
    assert "caller shows last" in suggest(order, {"final_round": "bet", "showing": "2"}, CLUB).ruling
    assert "from the dealer" in suggest(order, {"final_round": "bet", "showing": "3"}, CLUB).ruling
    # TDA 17A: the setting answers the question, so the table size is never asked.
    assert "last aggressor" in suggest(order, {"final_round": "bet"}, TDA).ruling


# ---------------------------------------------------------------- every path


def _implicit_answers(deliberate: str, earlier: str) -> dict[str, str]:
    return {"deliberate": deliberate, "earlier": earlier, "players": "9"}


def test_every_path_of_every_tree_ends_in_a_ruling(catalogue: Catalogue) -> None:
    count = 0
    for scenario in catalogue.scenarios.values():
        for path in scenario.paths():
            house = with_settings(CLUB, path.settings)
            for extra in (_implicit_answers("no", "0"), _implicit_answers("yes", "2")):
                result = walk(scenario, {**path.answers, **extra}, house)
                assert result.open == [], (scenario.id, path)
                assert result.suggestion is not None and result.suggestion.rules
            count += 1
    assert count >= len(catalogue.scenarios)


def test_every_path_reaches_the_ruling_it_was_enumerated_for(catalogue: Catalogue) -> None:
    for scenario in catalogue.scenarios.values():
        for path in scenario.paths():
            house = with_settings(CLUB, path.settings)
            result = walk(scenario, {**path.answers, **_implicit_answers("no", "0")}, house)
            assert result.ruling == path.ruling, (scenario.id, path)
            assert result.suggestion is not None
            assert set(scenario.nodes[path.ruling].cited) <= set(result.suggestion.rules)  # type: ignore[union-attr]


def test_every_house_setting_branch_is_taken_under_that_setting(catalogue: Catalogue) -> None:
    seen: set[tuple[str, str]] = set()
    for scenario in catalogue.scenarios.values():
        for path in scenario.paths():
            seen |= set(path.settings.items())
    assert ("clock_call.expiry_without_bet", "check") in seen
    assert ("clock_call.countdown", "added") in seen
    assert ("showdown.order", "tda") in seen
    assert ("betting.bet_leaving_one_big_blind_is_all_in", "false") in seen


# ---------------------------------------------------------------- the walk


def test_missing_answer_lists_the_questions_still_open(catalogue: Catalogue) -> None:
    with pytest.raises(InvalidInput) as error:
        suggest(catalogue.get("exposed-card"), {"by_dealer": "yes"}, CLUB)
    message = str(error.value)
    assert "questions still open" in message and "\n" not in message
    assert "count=<number >= 1 whole>" in message and "which=first|second" in message


def test_walk_gives_the_next_question_first(catalogue: Catalogue) -> None:
    result = walk(catalogue.get("exposed-card"), {"by_dealer": "yes", "count": "1"}, CLUB)
    assert result.suggestion is None
    assert [q.key for q in result.open] == ["which", "first_two"]  # the next first, then what may follow
    assert result.open[0].choices == ["first", "second"]
    assert result.answers == {"by_dealer": "yes", "count": "1"}


@pytest.mark.parametrize(("answers", "expected"), [
    ({"by_dealer": "yes", "count": "1", "which": "third"}, "which='third' must be first|second"),
    ({"by_dealer": "maybe"}, "by_dealer='maybe' must be yes|no"),
    ({"by_dealer": "yes", "count": "0"}, "count='0' must be <number >= 1 whole>"),
    ({"by_dealer": "yes", "count": "1.5"}, "count='1.5' must be <number >= 1 whole>"),
    ({"by_dealer": "yes", "count": "nan"}, "count='nan'"),
    ({"by_dealer": "yes", "count": "two"}, "count='two'"),
])
def test_an_answer_outside_its_choices_is_one_line_naming_it(
        catalogue: Catalogue, answers: dict[str, str], expected: str) -> None:
    with pytest.raises(InvalidInput) as error:
        suggest(catalogue.get("exposed-card"), answers, CLUB)
    assert expected in str(error.value)
    assert "questions still open" in str(error.value)


def test_an_unknown_answer_key_names_the_scenario_questions(catalogue: Catalogue) -> None:
    with pytest.raises(InvalidInput, match="has no question 'colour'; its questions: by_dealer, count"):
        suggest(catalogue.get("exposed-card"), {"colour": "red"}, CLUB)


def test_an_unknown_scenario_suggests_the_closest(catalogue: Catalogue) -> None:
    with pytest.raises(NotFound, match="did you mean 'clock-call'"):
        catalogue.get("clock-cal")


def test_yes_no_answers_accept_y_n_true_false_in_any_case(catalogue: Catalogue) -> None:
    scenario = catalogue.get("late-ruling")
    assert suggest(scenario, {"settled": "Y"}, CLUB) == suggest(scenario, {"settled": "true"}, CLUB)
    assert suggest(scenario, {"settled": "NO"}, CLUB) == suggest(scenario, {"settled": "false"}, CLUB)


def test_answers_to_questions_off_the_path_change_nothing(catalogue: Catalogue) -> None:
    scenario = catalogue.get("exposed-card")
    short = suggest(scenario, {"by_dealer": "yes", "count": "3"}, CLUB)
    assert suggest(scenario, {"by_dealer": "yes", "count": "3", "which": "first"}, CLUB) == short


def test_an_implicit_penalty_question_is_validated_too(catalogue: Catalogue) -> None:
    with pytest.raises(InvalidInput, match="earlier='-1'"):
        suggest(catalogue.get("exposed-own-cards"), {"deliberate": "no", "earlier": "-1"}, CLUB)


def test_t_settings_render_into_the_ruling_text(catalogue: Catalogue) -> None:
    house = HouseRules.model_validate({"clock_call": {"seconds": 90, "warning_seconds": 15}})
    result = suggest(catalogue.get("clock-call"), {"expired": "no"}, house)
    assert "90 seconds" in result.ruling and "15 seconds" in result.ruling


# ---------------------------------------------------------------- checks on load


def _tree(nodes: dict[str, Any], start: str = "a") -> dict[str, Any]:
    return {"sc": {"title": "t", "start": start, "nodes": nodes}}


RULING = {"type": "ruling", "ruling": "r", "remedy": ["x"], "rules": ["D-MIS-A"]}


@pytest.mark.parametrize(("nodes", "start", "error"), [
    ({"a": {"type": "yes-no", "ask": "?", "yes": "r", "no": "zz"}, "r": RULING}, "a",
     "x.toml: sc: nodes.a.no: unknown node 'zz'"),
    ({"r": RULING}, "nope", "x.toml: sc: start: unknown node 'nope'"),
    ({"a": RULING, "b": RULING}, "a", "x.toml: sc: nodes.b: unreachable from start"),
    ({"a": {"type": "yes-no", "ask": "?", "yes": "b", "no": "r"},
      "b": {"type": "yes-no", "ask": "?", "yes": "a", "no": "r"}, "r": RULING}, "a",
     "x.toml: sc: nodes.b.yes: cycle a -> b -> a"),
    ({"a": {"type": "choice", "ask": "?", "options": [
        {"value": "v", "label": "l", "next": "r"}, {"value": "v", "label": "m", "next": "r"}]},
      "r": RULING}, "a", "x.toml: sc: nodes.a.options: duplicate values"),
    ({"a": {"type": "number", "ask": "?", "min": 0, "max": 10,
            "branches": [{"op": ">", "value": 20, "next": "r"}], "otherwise": "r"}, "r": RULING}, "a",
     "x.toml: sc: nodes.a.branches.0.next: no number in range reaches this branch"),
    ({"a": {"type": "setting", "setting": "showdown.nope", "cases": {}}, "r": RULING}, "a",
     "x.toml: sc: nodes.a.setting: 'showdown.nope' is not a house setting with choices"),
    ({"a": {"type": "setting", "setting": "clock_call.seconds", "cases": {}}}, "a",
     "'clock_call.seconds' is not a house setting with choices"),
    ({"a": {"type": "setting", "setting": "showdown.order", "cases": {"club": "r"}}, "r": RULING}, "a",
     "x.toml: sc: nodes.a.cases: must be exactly club, tda"),
    ({"a": {**RULING, "ruling": "{clock_call.nope} s"}}, "a",
     "x.toml: sc: nodes.a.ruling: {clock_call.nope} is not a house setting"),
    ({"a": {**RULING, "remedy": ["a } b"]}}, "a", "x.toml: sc: nodes.a.remedy.0: unmatched brace"),
    ({"deliberate": RULING}, "deliberate", "'deliberate' is reserved for the penalty questions"),
    ({"a": {**RULING, "rules": [], "tda": []}}, "a", "a ruling cites at least one rule"),
    ({"a": {**RULING, "rules": ["not an id"]}}, "a", "x.toml: sc.nodes.a.ruling.rules.0: String should"),
    ({"a": {"type": "yes-no", "ask": "?", "yes": "n", "no": "r"},
      "n": {"type": "number", "ask": "?", "min": 1, "integer": True, "otherwise": "r"},
      "r": {**RULING, "penalty": {"kind": "rounds", "amount_from": "n", "reason": "x"}}}, "a",
     "x.toml: sc: nodes.r.penalty.amount_from: 'n' is not asked on every way here"),
    ({"a": {**RULING, "penalty": {"kind": "warning", "amount": 2, "reason": "x"}}}, "a",
     "a warning takes no amount"),
    ({"a": {**RULING, "penalty": {"offence": "out-of-turn", "kind": "warning"}}}, "a",
     "give either offence or kind"),
])
def test_a_bad_tree_is_refused_on_load_naming_file_and_key(
        nodes: dict[str, Any], start: str, error: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        validate(ScenarioFile, _tree(nodes, start), "x.toml")
    assert error in str(raised.value)
    assert "\n" not in str(raised.value)


# ---------------------------------------------------------------- properties


def _vocabulary(scenario: Scenario) -> dict[str, list[str]]:
    words: dict[str, list[str]] = {}
    for key, node in [*scenario.nodes.items(), *implicit_questions().items()]:
        if isinstance(node, YesNo):
            words[key] = ["yes", "no", "perhaps"]
        elif isinstance(node, Choice):
            words[key] = [o.value for o in node.options] + ["bogus"]
        elif isinstance(node, Number):
            words[key] = ["-1", "0", "1", "2", "2.5", "3", "8", "49.9", "50", "100", "x"]
    return words


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(data=st.data(), scenario_id=st.sampled_from(sorted(CATALOGUE.scenarios)),
       house=st.sampled_from([CLUB, TDA]))
def test_walk_always_ends_in_open_questions_a_ruling_or_one_clear_error(
        data: st.DataObject, scenario_id: str, house: HouseRules) -> None:
    scenario = CATALOGUE.get(scenario_id)
    vocabulary = _vocabulary(scenario)
    keys = data.draw(st.lists(st.sampled_from(sorted(vocabulary)), unique=True))
    answers = {key: data.draw(st.sampled_from(vocabulary[key])) for key in keys}
    try:
        result = walk(scenario, answers, house)
    except InvalidInput as error:
        assert "\n" not in str(error) and re.search(r"must be|has no question", str(error))
        return
    assert (result.suggestion is None) == bool(result.open)
    if result.suggestion is not None:
        assert result.suggestion.rules
        # Deterministic, and the answers it used are enough on their own.
        assert suggest(scenario, result.answers, house) == result.suggestion


def test_o_oot_5_the_walk_names_the_offence_so_the_log_can_count_earlier_ones(
        catalogue: Catalogue) -> None:
    # The rulings log walks once, learns which offence the ruling records, fills `earlier` from the
    # player's record, and walks again (C-PEN-1: escalation is suggested automatically).
    oot = catalogue.get("out-of-turn-action")
    first = walk(oot, {"action": "fold"}, CLUB)
    assert (first.ruling, first.offence, first.suggestion) == ("fold", "out-of-turn", None)
    assert [q.key for q in first.open] == ["deliberate", "earlier", "players"]
    done = walk(oot, {"action": "fold", "deliberate": "no", "earlier": "1", "players": "7"}, CLUB)
    assert (done.ruling, done.offence) == ("fold", "out-of-turn")
    assert done.suggestion is not None and done.suggestion.penalty is not None
    assert done.suggestion.penalty.hands == 21
    assert walk(catalogue.get("late-ruling"), {"settled": "yes"}, CLUB).offence is None

"""The club/TDA differences of issue 37 as house settings the wizard follows both ways (35A, 39A,
49, 60, and 29's expiry with no bet), and the honesty of every citation: a ruling cites a TDA rule
only where the TDA gives the same outcome; where a club rule decided otherwise it names the TDA
rule as the difference (`differs`), never as its source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.floor.rulings import Ruling, setting_value, suggest, with_settings
from tdconsole.domain.house_rules import CLUB, TDA, HouseRules

CATALOGUE = load_catalogue()
TDA_MD = Path(__file__).resolve().parents[2] / "docs" / "TDA.md"


def tda_side(key: str) -> HouseRules:
    """The club's rules with one setting on the TDA's side."""
    value = TDA.value(key)
    return CLUB.with_value(key, str(value).lower() if isinstance(value, bool) else str(value))


# ---------------------------------------------------------------- 35A: which exposed card misdeals

FIRST_ROUND = {"by_dealer": "yes", "count": "1", "which": "first"}


@pytest.mark.parametrize("house", [CLUB, TDA], ids=["club", "tda"])
def test_35a_the_first_or_second_card_off_the_deck_is_a_misdeal_both_ways(house: HouseRules) -> None:
    result = suggest(CATALOGUE.get("exposed-card"), {**FIRST_ROUND, "first_two": "yes"}, house)
    assert result.ruling.startswith("Misdeal")
    assert {"D-MIS-A", "TDA 35A", "TDA 35C"} <= set(result.rules) and not result.differs


def test_35a_club_any_other_players_first_card_is_a_misdeal_citing_d_mis_a_not_tda_35a() -> None:
    result = suggest(CATALOGUE.get("exposed-card"), {**FIRST_ROUND, "first_two": "no"}, CLUB)
    assert result.ruling.startswith("Misdeal")
    assert result.rules == ["D-MIS-A", "D-IRR-3"] and result.differs == ["TDA 35A"]


def test_35a_tda_setting_any_other_single_card_is_replaced_and_burned() -> None:
    house = tda_side("dealing.exposed_first_card")
    result = suggest(CATALOGUE.get("exposed-card"), {**FIRST_ROUND, "first_two": "no"}, house)
    assert result.ruling.startswith("No misdeal") and "burn" in result.ruling
    assert result.rules == ["D-IRR-3", "TDA 35A"] and not result.differs


# ---------------------------------------------------------------- 39A: the four-card flop

FOUR_CARD_FLOP = {"what": "too-many-flop"}


def test_39a_club_a_four_card_flop_is_shuffled_back_citing_d_board_1() -> None:
    result = suggest(CATALOGUE.get("board-error"), FOUR_CARD_FLOP, CLUB)
    assert "shuffled back" in result.ruling and "D-BOARD-1" in result.rules
    assert result.differs == ["TDA 39A"] and not any(r.startswith("TDA") for r in result.rules)


def test_39a_tda_setting_the_four_are_scrambled_and_one_becomes_the_burn() -> None:
    result = suggest(CATALOGUE.get("board-error"), FOUR_CARD_FLOP, tda_side("dealing.four_card_flop"))
    assert "scrambled" in result.ruling and "burn" in result.ruling
    assert result.rules == ["TDA 39A"] and not result.differs


# ---------------------------------------------------------------- 49: accepted action

MISUNDERSTOOD = {"clear": "yes", "harm": "no"}


def test_49_club_a_misunderstood_call_may_be_taken_back_citing_b_misread_1() -> None:
    result = suggest(CATALOGUE.get("misunderstood-action"), MISUNDERSTOOD, CLUB)
    assert "take his chips back and fold" in result.ruling
    assert result.rules == ["B-MISREAD-1"] and result.differs == ["TDA 49"]


def test_49_tda_setting_accepted_action_binds_even_when_no_harm_is_done() -> None:
    house = tda_side("betting.misunderstood_call")
    result = suggest(CATALOGUE.get("misunderstood-action"), MISUNDERSTOOD, house)
    assert "Accepted action" in result.ruling and "take them back" in " ".join(result.remedy)
    assert {"TDA 49", "TDA 51"} <= set(result.rules) and "B-MISREAD-1" not in result.rules


# ---------------------------------------------------------------- 60: counting stacks

COUNT = {"what": "count-refused"}


@pytest.mark.parametrize("facing_all_in", ["yes", "no"])
def test_60_club_the_player_asked_must_give_the_count_all_in_or_not(facing_all_in: str) -> None:
    result = suggest(CATALOGUE.get("chip-count"), {**COUNT, "facing_all_in": facing_all_in}, CLUB)
    assert "must give the count" in result.ruling
    assert result.rules == ["C-CHIPS-3"] and result.differs == ["TDA 60"]


def test_60_tda_setting_facing_an_all_in_the_dealer_counts_the_all_in_player_need_not() -> None:
    house = tda_side("conduct.chip_count")
    result = suggest(CATALOGUE.get("chip-count"), {**COUNT, "facing_all_in": "yes"}, house)
    assert "precise count" in result.ruling and "need not count" in result.ruling
    assert "TDA 60" in result.rules


def test_60_tda_setting_not_facing_an_all_in_only_an_estimate() -> None:
    house = tda_side("conduct.chip_count")
    result = suggest(CATALOGUE.get("chip-count"), {**COUNT, "facing_all_in": "no"}, house)
    assert "estimate" in result.ruling and result.rules == ["TDA 60"]


# ---------------------------------------------------------------- 29: the clock runs out, no bet

def test_29_club_expiry_with_no_bet_kills_the_hand_citing_the_club_rule_not_tda_29() -> None:
    result = suggest(CATALOGUE.get("clock-call"), {"expired": "yes", "facing_bet": "no"}, CLUB)
    assert "dead" in result.ruling
    assert result.rules == ["C-CLOCK-1", "H-DEAD-D"] and result.differs == ["TDA 29"]
    facing = suggest(CATALOGUE.get("clock-call"), {"expired": "yes", "facing_bet": "yes"}, CLUB)
    assert "TDA 29" in facing.rules and not facing.differs  # facing a bet the TDA kills it too
    check = suggest(CATALOGUE.get("clock-call"), {"expired": "yes", "facing_bet": "no"}, TDA)
    assert "checks" in check.ruling and check.rules == ["TDA 29"]


# ---------------------------------------------------------------- every citation, every path

def club_only_settings(settings: dict[str, str]) -> dict[str, str]:
    """The settings a path takes on a side other than the TDA preset's."""
    return {key: value for key, value in settings.items()
            if value != str(setting_value(TDA, key)).lower()}


def test_no_ruling_cites_a_tda_rule_for_an_outcome_the_tda_does_not_give() -> None:
    """A ruling reached only on the club's side of a house setting (where the TDA preset takes
    the other branch) cites no TDA rule: the club rule decided. Any TDA rule it names goes in
    `differs`, shown as "The TDA rules otherwise"."""
    wrong: list[str] = []
    for scenario in CATALOGUE.scenarios.values():
        for path in scenario.paths():
            node = scenario.nodes[path.ruling]
            assert isinstance(node, Ruling)
            if club_only_settings(path.settings) and node.tda:
                wrong.append(f"{scenario.id}.{path.ruling} via {path.settings}: tda {node.tda}")
    assert wrong == []


def test_a_ruling_on_the_tda_side_of_a_setting_cites_the_tda_and_names_no_difference() -> None:
    for scenario in CATALOGUE.scenarios.values():
        for path in scenario.paths():
            node = scenario.nodes[path.ruling]
            assert isinstance(node, Ruling)
            if path.settings and not club_only_settings(path.settings):
                assert not node.differs, f"{scenario.id}.{path.ruling}"


def test_every_differing_tda_rule_named_exists_in_tda_md() -> None:
    numbers = set(re.findall(r"\b(?:RP-)?\d{1,2}[A-Z]?\b", TDA_MD.read_text(encoding="utf-8")))
    named = {number for s in CATALOGUE.scenarios.values() for r in s.rulings for number in r.differs}
    assert {"35A", "39A", "49", "60", "29"} <= named
    assert {re.sub(r"[A-Z]$", "", n) for n in named} - {re.sub(r"[A-Z]$", "", n) for n in numbers} == set()


@pytest.mark.parametrize("key", ["dealing.exposed_first_card", "dealing.four_card_flop",
                                 "betting.misunderstood_call", "conduct.chip_count"])
def test_issue_37_settings_default_to_the_club_and_the_tda_preset_takes_the_other_side(key: str) -> None:
    assert key in HouseRules.settings()
    assert CLUB.value(key) != TDA.value(key)
    seen = {value for s in CATALOGUE.scenarios.values() for p in s.paths()
            for k, value in p.settings.items() if k == key}
    assert seen == {str(CLUB.value(key)), str(TDA.value(key))}  # the wizard branches both ways


def test_a_ruling_may_not_both_cite_and_differ_from_the_same_tda_rule() -> None:
    with pytest.raises(ValueError, match="both cited and named as differing"):
        Ruling(type="ruling", ruling="r", remedy=["x"], tda=["35A"], differs=["35A"])


def test_with_settings_round_trips_the_new_settings() -> None:
    house = with_settings(CLUB, {"conduct.chip_count": "estimate", "dealing.four_card_flop": "scramble"})
    assert (house.conduct.chip_count, house.dealing.four_card_flop) == ("estimate", "scramble")

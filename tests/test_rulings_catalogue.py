"""The rulings catalogue against the rulebook: every cited ID exists, every rule of the floor
sections (`SECTIONS`) is reached by some path, the docs copies match the shared ones; and the
loader's errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.floor.rulings import walk, with_settings
from tdconsole.domain.house_rules import CLUB

REPO = Path(__file__).resolve().parent.parent
RULES_MD = REPO / "docs" / "RULES.md"
TDA_MD = REPO / "docs" / "TDA.md"
SECTIONS = ["Dealing, misdeals and irregularities", "Dead hands", "Betting", "Out of turn",
            "Showdown and pots", "Conduct, clock and penalties"]
CATALOGUE = load_catalogue()


def rules_by_section() -> dict[str, list[str]]:
    """RULES.md's rule IDs under each `## ` heading (the heading without its "(002)" source)."""
    sections: dict[str, list[str]] = {}
    current = ""
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = re.sub(r"\s*\(.*\)$", "", line[3:]).strip()
            sections[current] = []
        elif match := re.match(r"\| ([A-Z]+(?:-[A-Z0-9]+)+)\b", line):
            sections[current].append(match.group(1))
    return sections


def reached_rules() -> set[str]:
    """Every rule ID some path's suggestion cites, penalties included (honest and repeat)."""
    reached: set[str] = set()
    for scenario in CATALOGUE.scenarios.values():
        for path in scenario.paths():
            house = with_settings(CLUB, path.settings)
            for deliberate, earlier in (("no", "0"), ("yes", "1")):
                answers = {**path.answers, "deliberate": deliberate, "earlier": earlier, "players": "9"}
                suggestion = walk(scenario, answers, house).suggestion
                assert suggestion is not None
                reached |= set(suggestion.rules)
    return reached


def test_every_rule_of_the_issue_7_sections_is_reached_by_some_path() -> None:
    sections = rules_by_section()
    assert set(SECTIONS) <= set(sections)
    reached = reached_rules()
    missing = {section: sorted(set(sections[section]) - reached) for section in SECTIONS}
    assert {section: ids for section, ids in missing.items() if ids} == {}


def test_every_cited_club_rule_exists_in_rules_md() -> None:
    known = {rule for ids in rules_by_section().values() for rule in ids}
    cited = {rule for s in CATALOGUE.scenarios.values() for rule in s.rules if not rule.startswith("TDA ")}
    assert cited - known == set()


def test_every_cited_tda_number_exists_in_tda_md() -> None:
    text = TDA_MD.read_text(encoding="utf-8")
    numbers = set(re.findall(r"\b(?:RP-)?\d{1,2}(?=[A-Z]?\b)", text))
    cited = {rule.removeprefix("TDA ") for s in CATALOGUE.scenarios.values() for rule in s.rules
             if rule.startswith("TDA ")}
    assert cited
    # "71A" is cited as rule 71's part A: the digest names the rule number.
    assert {re.sub(r"[A-Z]$", "", number) for number in cited} - numbers == set()


def _shared() -> Path | None:
    for parent in REPO.parents:
        if (parent / "shared" / "RULES.md").is_file():
            return parent / "shared"
    return None


@pytest.mark.skipif(_shared() is None, reason="no ../shared checkout beside the repo (CI)")
@pytest.mark.parametrize("name", ["RULES.md", "TDA.md"])
def test_docs_copy_is_identical_to_the_shared_one(name: str) -> None:
    """The shared digest word for word; the project's own rules (formats the seeds do not cover)
    only after the ADDITIONS marker, so the shared part never drifts."""
    shared = _shared()
    assert shared is not None
    own = (REPO / "docs" / name).read_bytes().split(ADDITIONS)[0]
    assert own.rstrip(b"\n") == (shared / name).read_bytes().rstrip(b"\n")


ADDITIONS = b"\n<!-- ADDITIONS:"


# ---------------------------------------------------------------- the loader

TREE = """
[{id}]
title = "t"
start = "r"

[{id}.nodes.r]
type = "ruling"
ruling = "r"
remedy = ["x"]
rules = ["D-MIS-A"]
"""


def test_a_scenario_id_in_two_files_names_both(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(TREE.format(id="same"), encoding="utf-8")
    (tmp_path / "b.toml").write_text(TREE.format(id="same"), encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"b\.toml: same: duplicate scenario id, also in .*a\.toml"):
        load_catalogue(tmp_path)


def test_a_duplicate_node_in_one_file_is_a_toml_error_naming_the_file(tmp_path: Path) -> None:
    text = TREE.format(id="one") + '\n[one.nodes.r]\ntype = "ruling"\n'
    (tmp_path / "a.toml").write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"a\.toml: not valid TOML"):
        load_catalogue(tmp_path)


def test_an_empty_catalogue_directory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="no rulings scenarios"):
        load_catalogue(tmp_path)


def test_scenarios_of_several_files_load_in_file_order(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(TREE.format(id="first"), encoding="utf-8")
    (tmp_path / "b.toml").write_text(TREE.format(id="second"), encoding="utf-8")
    assert list(load_catalogue(tmp_path).scenarios) == ["first", "second"]


# Each row of TDA.md's settings table (club default vs TDA) and the house setting that chooses it.
SETTINGS_ROWS = {
    "ante by table size": "ante.by_table_size",
    "short big blind": "ante.short_big_blind",
    "moved player and blinds twice": "seating.moved_player_may_pay_blinds_twice",
    "showdown order after a final-street bet": "showdown.order",
    "clock call": "clock_call.seconds",
    "bet leaving ≤ 1 BB behind": "betting.bet_leaving_one_big_blind_is_all_in",
    "busts in the same hand-for-hand hand at different tables": "eliminations.hand_for_hand_across_tables",
    "balancing trigger": "seating.balance",
    "OOT repeat": "penalties.oot_repeat",
    "first button": "seating.first_button",
    "button dealt one card short, action started": "dead_hands.button_missing_card",
    "cards shown to a spectator mid-hand": "dead_hands.shown_cards",
}


def test_every_row_of_the_tda_md_settings_table_is_a_house_setting_defaulting_to_the_club() -> None:
    from tdconsole.domain.house_rules import TDA, HouseRules

    rows = table_rows("## Settings where club and TDA differ")
    assert [row[0] for row in rows] == list(SETTINGS_ROWS)
    toml = (REPO / "configs" / "house_rules.toml").read_text(encoding="utf-8")
    for key in SETTINGS_ROWS.values():
        assert key in HouseRules.settings()
        # The TDA preset takes the other side, except RRoP's balancing (the TDA sets no trigger).
        assert (CLUB.value(key) != TDA.value(key)) == (key != "seating.balance"), key
        assert f"{key.split('.')[1]} = " in toml, key  # and the file sets it, with its rule ID


def table_rows(heading: str) -> list[list[str]]:
    """The cells of the table under `heading` in TDA.md, its header and rule left out; the table
    ends at the next heading or the ADDITIONS marker."""
    text = TDA_MD.read_text(encoding="utf-8")
    lines = text[text.index(heading):].split("\n<!--")[0].splitlines()[1:]
    end = next((i for i, line in enumerate(lines) if line.startswith("## ")), len(lines))
    cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines[:end]
             if line.startswith("|") and not line.startswith("|---")]
    return cells[1:]  # the header row


def test_the_more_settings_table_names_a_house_setting_on_each_club_row() -> None:
    """Issue 37's differences (35A, 39A, 49, 60, 29's check, 48): each row's club side names its
    setting, except 48's, where the club is silent and the TDA applies."""
    from tdconsole.domain.house_rules import TDA, HouseRules

    rows = table_rows("## More settings where club and TDA differ")
    assert len(rows) == 6
    for subject, club, _tda in rows:
        keys = re.findall(r"`([a-z_]+\.[a-z_]+) = ", club)
        if "limit" in subject:
            assert not keys
            continue
        assert len(keys) == 1 and keys[0] in HouseRules.settings(), subject
        assert CLUB.value(keys[0]) != TDA.value(keys[0]), keys[0]


def test_the_floor_situations_settings_table_names_a_house_setting_on_each_row() -> None:
    """Issue 37's floor situations where the club and the TDA differ (5A, 31, 35A boxed, 51): each row
    names its setting, which exists, defaults to the club and which the TDA preset flips."""
    from tdconsole.domain.house_rules import TDA, HouseRules

    rows = table_rows("## Settings of the floor situations where club and TDA differ")
    keys = [re.findall(r"`([a-z_]+\.[a-z_]+) = ", " | ".join(row))[0] for row in rows]
    assert keys == ["penalties.phone_call_at_table", "dealing.boxed_cards", "dead_hands.left_table",
                    "betting.multiway_undercall"]
    toml = (REPO / "configs" / "house_rules.toml").read_text(encoding="utf-8")
    for key in keys:
        assert key in HouseRules.settings() and CLUB.value(key) != TDA.value(key), key
        assert f"{key.split('.')[1]} = " in toml, key

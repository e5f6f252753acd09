"""docs/TDA.md's coverage table: a row for each of the TDA 2024 rules 1-71 and recommended
procedures RP-1..RP-22, in order, each saying where tdconsole handles it or why not; every
scenario it names exists in the rulings catalogue and every setting it names is a house setting."""

from __future__ import annotations

import re

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.house_rules import HouseRules
from tests.test_rulings_catalogue import table_rows

EXPECTED = [str(n) for n in range(1, 72)] + [f"RP-{n}" for n in range(1, 23)]
ROWS = table_rows("## Coverage of the TDA 2024 rules and recommended procedures")


def test_the_coverage_table_has_one_row_for_each_of_the_93_rules_and_procedures() -> None:
    assert len(EXPECTED) == 93
    assert [row[0] for row in ROWS] == EXPECTED


def test_every_row_says_where_or_why_not() -> None:
    for number, subject, where in ROWS:
        assert subject and where, number
        handled = re.search(r"\b(engine|calculators?|scenarios?|settings?)\b", where)
        assert handled or where.startswith(("not handled", "not mapped")), number


def test_every_scenario_named_exists() -> None:
    """Every `id` after "scenario"/"scenarios" (up to the next ";") is a scenario of the catalogue."""
    scenarios = load_catalogue().scenarios
    named = {(number, name) for number, _, where in ROWS
             for part in re.findall(r"\bscenarios? ([^;]*)", where)
             for name in re.findall(r"`([^`]+)`", part)}
    assert {(number, name) for number, name in named if name not in scenarios} == set()
    assert len({name for _, name in named}) >= 50


def test_every_setting_named_is_a_house_setting() -> None:
    settings = set(HouseRules.settings())
    for number, _, where in ROWS:
        for key in re.findall(r"`([a-z_]+\.[a-z_]+)`", where):
            assert key in settings, (number, key)
        for section in re.findall(r"`([a-z_]+)\.\*`", where):
            assert any(s.startswith(section + ".") for s in settings), (number, section)

"""`tdconsole rulings scenarios` and `rulings suggest`: their JSON keys (a contract), every M/O/C case of
SCENARIOS.md, and one-line errors with a non-zero exit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main
from tests.rulings_cases import CASES, Case

TDA_TOML = """
[clock_call]
seconds = 25
warning_seconds = 5
expiry_without_bet = "check"
countdown = "added"

[penalties]
oot_repeat = "discretionary"
phone_hand = "dead"
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        main(list(args))
        code = 0
    except SystemExit as leaving:
        code = leaving.code if isinstance(leaving.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tda_house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "house_rules.toml"
    path.write_text(TDA_TOML, encoding="utf-8")
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(path))


def test_rulings_scenarios_json_lists_id_title_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rulings", "scenarios", "--json")
    assert (code, err) == (0, "")
    rows = json.loads(out)
    assert all(set(row) == {"id", "title", "rules"} for row in rows)
    ids = [row["id"] for row in rows]
    assert {case.scenario for case in CASES} <= set(ids)
    assert len(ids) == len(set(ids))
    oot = next(row for row in rows if row["id"] == "out-of-turn-action")
    assert {"O-OOT-1", "O-OOT-2", "O-OOT-3", "O-OOT-5", "H-DEAD-A"} <= set(oot["rules"])


def test_rulings_scenarios_json_reaches_every_rule_of_the_six_floor_sections(
        capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_rulings_catalogue import SECTIONS, rules_by_section

    code, out, _ = run(capsys, "rulings", "scenarios", "--json")
    cited = {rule for row in json.loads(out) for rule in row["rules"]}
    sections = rules_by_section()
    missing = {section: sorted(set(sections[section]) - cited) for section in SECTIONS}
    assert code == 0 and {section: ids for section, ids in missing.items() if ids} == {}


def test_rulings_scenarios_without_json_prints_each_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rulings", "scenarios")
    assert code == 0 and "clock-call" in out and "C-CLOCK-1" in out


def test_rulings_scenarios_search_matches_the_ruling_text(capsys: pytest.CaptureFixture[str]) -> None:
    # Only misdeal-causes names "misdeal" in its id and title, so it comes first; the rulings of
    # the others say it (D-MIS-A, TDA 35A).
    code, out, _ = run(capsys, "rulings", "scenarios", "MISDEAL", "--json")
    ids = [row["id"] for row in json.loads(out)]
    assert code == 0 and ids[0] == "misdeal-causes"
    assert {"exposed-card", "wrong-number-of-cards", "deal-order"} <= set(ids)
    assert "clock-call" not in ids
    # Every word must be found; a match in the title or rules comes first.
    code, out, _ = run(capsys, "rulings", "scenarios", "button", "redeal", "--json")
    ids = [row["id"] for row in json.loads(out)]
    assert "wrong-button" in ids and "clock-call" not in ids
    code, out, _ = run(capsys, "rulings", "scenarios", "button", "--json")
    assert json.loads(out)[0]["id"] == "wrong-button"
    code, out, _ = run(capsys, "rulings", "scenarios", "zebra", "--json")
    assert (code, json.loads(out)) == (0, [])


def _suggest_args(case: Case) -> list[str]:
    args = ["rulings", "suggest", case.scenario, "--json"]
    for key, value in case.answers.items():
        args += ["--answer", f"{key}={value}"]
    return args


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rulings_suggest_scenarios_md_m_o_c_case(
        capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest, case: Case) -> None:
    if case.house == "tda":
        request.getfixturevalue("tda_house")
    code, out, err = run(capsys, *_suggest_args(case))
    assert (code, err) == (0, "")
    result: dict[str, Any] = json.loads(out)
    assert set(result) == {"ruling", "remedy", "rules", "penalty", "differs"}
    assert isinstance(result["remedy"], list) and result["remedy"]
    text = " ".join([result["ruling"], *result["remedy"]]).lower()
    assert all(words.lower() in text for words in case.says)
    assert set(case.rules) <= set(result["rules"])
    assert not set(case.not_rules) & set(result["rules"])
    if case.penalty is None:
        assert result["penalty"] is None
    else:
        assert set(result["penalty"]) == {"kind", "amount", "hands", "rules", "reason", "reason_template",
                                          "reason_args"}
        assert {key: result["penalty"][key] for key in case.penalty} == case.penalty


def test_rulings_suggest_prints_ruling_remedy_rules_and_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rulings", "suggest", "give-penalty", "-a", "kind=rounds", "-a", "rounds=2",
                       "-a", "players=7")
    assert code == 0
    assert "Ruling:" in out and "  1. " in out and "TDA 71A" in out
    assert "Penalty: rounds 2 (14 hands)" in out


@pytest.mark.parametrize(("args", "message"), [
    (["rulings", "suggest", "no-such-thing"], "unknown scenario 'no-such-thing'"),
    (["rulings", "suggest", "exposed-card", "-a", "by_dealer=yes"],
     "questions still open: count=<number >= 1 whole>"),
    (["rulings", "suggest", "exposed-card", "-a", "by_dealer=yes", "-a", "count=1", "-a", "which=third"],
     "which='third' must be first|second; questions still open: which=first|second"),
    (["rulings", "suggest", "exposed-card", "-a", "by_dealer"], "--answer 'by_dealer': expected KEY=VALUE"),
    (["rulings", "suggest", "exposed-card", "-a", "by_dealer=yes", "-a", "by_dealer=no"], "given twice"),
    (["rulings", "suggest", "exposed-card", "-a", "colour=red"], "has no question 'colour'"),
    (["rulings", "suggest", "out-of-turn-action", "-a", "action=fold"],
     "questions still open: deliberate=yes|no"),
])
def test_rulings_suggest_bad_input_is_one_line_and_a_failure(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args, "--json")
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err


def test_a_broken_catalogue_is_one_line_naming_the_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rulings").mkdir()
    (tmp_path / "rulings" / "bad.toml").write_text(
        '[x]\ntitle = "t"\nstart = "a"\n[x.nodes.a]\ntype = "yes-no"\nask = "?"\nyes = "a"\nno = "b"\n',
        encoding="utf-8")
    monkeypatch.setenv("TDCONSOLE_CONFIGS", str(tmp_path))
    code, out, err = run(capsys, "rulings", "scenarios", "--json")
    assert code != 0 and out == "" and err.count("\n") == 1
    assert "bad.toml: x: nodes.a.no: unknown node 'b'" in err

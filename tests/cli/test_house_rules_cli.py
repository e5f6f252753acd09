"""`tdconsole house-rules show|set`: the rules in force come from the log, change by a logged command."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run, unnamed

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "t.sqlite")
    assert run(capsys, "--db", path, "new", "Friday").code == 0
    return path


def _log_length(capsys: Capsys, db: str) -> int:
    return len(run(capsys, "--db", db, "log", "--json").json)


def test_show_lists_every_setting_with_the_club_defaults(db: str, capsys: Capsys) -> None:
    shown = run(capsys, "--db", db, "house-rules", "show", "--json").json
    assert shown["rules"]["seating"]["balance"] == "club"
    assert {row["key"] for row in shown["settings"]} >= {"ante.by_table_size", "clock_call.seconds"}
    assert all(row["club_default"] for row in shown["settings"])


def test_set_is_logged_shown_and_undone(db: str, capsys: Capsys) -> None:
    changed = run(capsys, "--db", db, "house-rules", "set", "clock_call.seconds", "25", "--json").json
    assert unnamed(changed) == {"key": "clock_call.seconds", "value": 25, "previous": 60}
    shown = run(capsys, "--db", db, "house-rules", "show", "--json").json
    assert shown["rules"]["clock_call"]["seconds"] == 25
    assert [r["key"] for r in shown["settings"] if not r["club_default"]] == ["clock_call.seconds"]
    assert run(capsys, "--db", db, "log", "--json").json[-1]["type"] == "house_rules_set"
    assert run(capsys, "--db", db, "undo").code == 0
    shown = run(capsys, "--db", db, "house-rules", "show", "--json").json
    assert shown["rules"]["clock_call"]["seconds"] == 60


@pytest.mark.parametrize(("args", "fragment"), [
    (("seating.nope", "1"), "no house rule 'seating.nope'"),
    (("nope", "1"), "no house rule 'nope'"),
    (("ante.by_table_size", "weird"), "house rule ante.by_table_size: Input should be 'club' or 'flat'"),
    (("seating.break_order", "3,x"), "house rule seating.break_order"),
])
def test_a_bad_key_or_value_is_one_line_and_changes_nothing(db: str, capsys: Capsys,
                                                            args: tuple[str, str], fragment: str) -> None:
    before = _log_length(capsys, db)
    assert_one_line_error(run(capsys, "--db", db, "house-rules", "set", *args), fragment)
    assert _log_length(capsys, db) == before


def test_floor_staff_cannot_change_the_house_rules(db: str, capsys: Capsys) -> None:
    result = run(capsys, "--db", db, "--role", "floor", "house-rules", "set", "seating.balance", "rrop")
    assert_one_line_error(result, "floor staff cannot change the house rules")


def test_the_calculators_follow_the_tournaments_rules(db: str, capsys: Capsys) -> None:
    post = ("rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000", "--stack", "50000",
            "--handed", "2", "--json")
    assert run(capsys, "--db", db, *post).json["ante"] == 0  # T-ANTE-2: heads-up, no ante
    run(capsys, "--db", db, "house-rules", "set", "ante.by_table_size", "flat")
    assert run(capsys, "--db", db, *post).json["ante"] == 2000  # RP-11


ISSUE_37 = {"dealing.exposed_first_card": ("misdeal", "first-two"),
            "dealing.four_card_flop": ("reshuffle", "scramble"),
            "betting.misunderstood_call": ("may-withdraw", "binds"),
            "conduct.chip_count": ("must-count", "estimate")}


def test_show_lists_the_35a_39a_49_60_settings_and_the_wizard_follows_a_change(
        db: str, capsys: Capsys) -> None:
    shown = run(capsys, "--db", db, "house-rules", "show", "--json").json
    values = {row["key"]: row["value"] for row in shown["settings"]}
    assert {key: values[key] for key in ISSUE_37} == {k: club for k, (club, _) in ISSUE_37.items()}
    text = run(capsys, "--db", db, "house-rules", "show").out
    assert all(key in text for key in ISSUE_37)
    flop = ["rulings", "suggest", "board-error", "-a", "what=too-many-flop", "--json"]
    club = run(capsys, "--db", db, *flop).json
    assert "D-BOARD-1" in club["rules"] and club["differs"] == ["TDA 39A"]
    assert run(capsys, "--db", db, "house-rules", "set", "dealing.four_card_flop", "scramble").code == 0
    tda = run(capsys, "--db", db, *flop).json
    assert tda["rules"] == ["TDA 39A"] and tda["differs"] == [] and "scrambled" in tda["ruling"]
    printed = run(capsys, "--db", db, "house-rules", "set", "dealing.four_card_flop", "reshuffle").code
    assert printed == 0
    assert "The TDA rules otherwise: TDA 39A" in run(capsys, "--db", db, *flop[:-1]).out

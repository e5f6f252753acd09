"""Templates (`template save NAME`, `template list --json`, `new NAME --template KEY`): a whole
setup kept and started again: structure, prices, seats, late registration, the money settings
whole (payout table, add-on, rebuys) and the house rules; the options given to `new` win."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.config.templates import list_templates
from tests.cli.helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture(autouse=True)
def _own_templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_USER_TEMPLATES", str(tmp_path / "templates"))


def td(capsys: Capsys, db: str, *args: str) -> object:
    result = run(capsys, "--db", db, *args, "--json")
    assert result.code == 0, result.err
    return result.json


def test_a_saved_template_starts_the_same_evening_again(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "club.sqlite")
    td(capsys, db, "new", "Onsdag rebuy", "--buy-in", "150", "--fee", "25", "--structure", "club-deepstack",
       "--seats", "8", "--late-reg-level", "5", "--use")
    td(capsys, db, "money", "set", "--table", "club", "--rebuy-until-level", "4", "--rebuy-price", "150",
       "--rebuy-limit", "2", "--rebuy-double", "--add-on", "150", "--add-on-chips", "40000", "--bounty", "25")
    td(capsys, db, "house-rules", "set", "clock_call.seconds", "45")
    saved = td(capsys, db, "template", "save", "Onsdag rebuy")
    assert saved["key"] == "onsdag-rebuy" and saved["saved"] is True  # type: ignore[index]
    listed = td(capsys, db, "template", "list")
    row = next(row for row in listed if row["key"] == "onsdag-rebuy")  # type: ignore[attr-defined]
    assert {key: row[key] for key in ("name", "buy_in", "fee", "structure", "late_reg_level", "bounty",
                                      "add_on", "rebuys", "rebuy_until_level", "payout_table")} == {
        "name": "Onsdag rebuy", "buy_in": 150, "fee": 25, "structure": "Club deepstack",
        "late_reg_level": 5, "bounty": 25, "add_on": 150, "rebuys": True, "rebuy_until_level": 4,
        "payout_table": "Club"}

    made = td(capsys, db, "new", "Onsdag 2", "--template", "onsdag-rebuy", "--fee", "30")
    assert made["template"] == "Onsdag rebuy"  # type: ignore[index]
    first, second = (td(capsys, db, "-t", str(n), "state") for n in (1, made["id"]))  # type: ignore[index]
    for key in ("buy_in", "starting_stack", "seats_per_table", "structure", "late_reg_level", "game"):
        assert second["tournament"][key] == first["tournament"][key], key  # type: ignore[index]
    assert second["tournament"]["fee"] == 30  # type: ignore[index]  # the option wins
    money = [td(capsys, db, "-t", str(n), "money", "show")["settings"]  # type: ignore[index]
             for n in (1, made["id"])]  # type: ignore[index]
    assert money[0] == money[1]
    rules = [td(capsys, db, "-t", str(n), "house-rules", "show")["rules"]  # type: ignore[index]
             for n in (1, made["id"])]  # type: ignore[index]
    assert rules[0] == rules[1] and rules[1]["clock_call"]["seconds"] == 45


def test_every_shipped_template_makes_a_tournament(tmp_path: Path, capsys: Capsys) -> None:
    shipped = [key for key, saved, _template in list_templates() if not saved]
    assert {"friday-deepstack", "turbo-rebuy", "pko", "satellite"} <= set(shipped)
    db = str(tmp_path / "club.sqlite")
    made = {key: td(capsys, db, "new", key, "--template", key)["id"] for key in shipped}  # type: ignore[index]
    turbo = td(capsys, db, "-t", str(made["turbo-rebuy"]), "state")
    assert turbo["clock"]["rebuys"]["offered"] is True  # type: ignore[index]
    assert turbo["clock"]["rebuys"]["until_level"] == 4  # type: ignore[index]  # club-turbo's first break
    deep = td(capsys, db, "-t", str(made["friday-deepstack"]), "state")
    assert (deep["tournament"]["structure"], deep["tournament"]["buy_in"]) == ("Club deepstack", 300)  # type: ignore[index]
    pko = td(capsys, db, "-t", str(made["pko"]), "money", "show")["settings"]  # type: ignore[index]
    assert (pko["bounty"], pko["pko_share"]) == (100, 50)
    satellite = td(capsys, db, "-t", str(made["satellite"]), "money", "show")["settings"]  # type: ignore[index]
    assert satellite["satellite_seat"] == 1100
    rows = {row["key"]: row for row in td(capsys, db, "template", "list")}  # type: ignore[union-attr]
    assert (rows["pko"]["pko_share"], rows["satellite"]["satellite_seat"]) == (50, 1100)


def test_an_unknown_template_or_a_bad_one_is_one_line_and_makes_nothing(tmp_path: Path,
                                                                        capsys: Capsys) -> None:
    db = str(tmp_path / "club.sqlite")
    assert_one_line_error(run(capsys, "--db", db, "new", "X", "--template", "nope"),
                          "--template: no template 'nope'; templates:")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "broken.json").write_text('{"name": "Broken", "structure": {}}',
                                                        encoding="utf-8")
    assert_one_line_error(run(capsys, "--db", db, "new", "X", "--template", "broken"), "broken.json")
    assert td(capsys, db, "tournaments") == []


@pytest.mark.parametrize(("name", "message"), [
    ("bad\x07name", "the template's name: a control character (U+0007) is not allowed"),
    ("!!!", "gives no preset key"),
])
def test_a_template_name_that_cannot_be_kept_is_one_line(tmp_path: Path, capsys: Capsys, name: str,
                                                         message: str) -> None:
    db = str(tmp_path / "club.sqlite")
    td(capsys, db, "new", "Fredag", "--use")
    assert_one_line_error(run(capsys, "--db", db, "template", "save", name), message)
    assert not (tmp_path / "templates").exists() or not list((tmp_path / "templates").iterdir())

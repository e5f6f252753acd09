"""`tdconsole rulings log/correct/list/export/penalties/offences/serve/clock-*`:
the JSON contract, escalation from the log, one-line errors that change nothing, and the floor role."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run, unnamed

Capsys = pytest.CaptureFixture[str]
OOT = ["-a", "action=check", "-a", "changed=no", "-a", "deliberate=no", "-a", "players=8"]
ROW_KEYS = {"id", "time", "staff", "table", "seat", "players", "scenario", "answers", "suggestion",
            "decision", "overridden", "reason", "offence", "penalty", "corrects", "corrected_by",
            "clock_call", "description"}


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "new", "Friday").code == 0
    assert run(capsys, "--db", path, "register", "Anna", "Bo", "[bold]Carl[/]").code == 0
    return path


def _events(db: str) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM events").fetchone()[0])


def _oot(capsys: Capsys, db: str, player: str, *extra: str) -> dict:  # type: ignore[type-arg]
    result = run(capsys, "--db", db, "rulings", "log", "--scenario", "out-of-turn-action", *OOT,
                 "--player", player, "--table", "2", "--seat", "3", "--by", "Mette", *extra, "--json")
    assert result.code == 0, result.err
    return result.json  # type: ignore[no-any-return]


def test_c4_second_oot_logged_escalates_to_three_rounds_on_the_board(db: str, capsys: Capsys) -> None:
    first = _oot(capsys, db, "anna")
    assert set(unnamed(first)) == ROW_KEYS
    assert (first["id"], first["staff"], first["players"], first["table"], first["seat"]) == (
        1, "Mette", ["Anna"], 2, 3)
    assert first["penalty"] is None and first["answers"]["earlier"] == "0"
    assert first["decision"] == first["suggestion"]["ruling"] and not first["overridden"]
    second = _oot(capsys, db, "Anna")
    assert second["penalty"]["kind"] == "rounds" and second["penalty"]["hands"] == 24
    assert "O-OOT-5" in second["suggestion"]["rules"]
    # The suggestion stored is exactly what `rulings suggest --json` gives for the same answers.
    suggested = run(capsys, "--db", db, "rulings", "suggest", "out-of-turn-action", *OOT, "-a", "earlier=1",
                    "--json").json
    assert second["suggestion"] == unnamed(suggested)
    board = unnamed(run(capsys, "--db", db, "rulings", "penalties", "--json").json)
    assert [(r["ruling"], r["player"], r["remaining_hands"], r["serving"]) for r in board] == [
        (2, "Anna", 24, True)]
    assert run(capsys, "--db", db, "state", "--json").json["serving_penalties"] == board
    offences = unnamed(run(capsys, "--db", db, "rulings", "offences", "--json").json)
    assert offences == [{"player": "Anna", "offences": {"out-of-turn": 2}, "rulings": [1, 2]}]
    served = run(capsys, "--db", db, "rulings", "serve", "2", "--hands", "20", "--json").json
    assert (served["remaining_hands"], served["serving"]) == (4, True)
    assert "rounds 3" in run(capsys, "--db", db, "rulings", "penalties").out


def test_list_filters_by_player_and_prints_names_literally(db: str, capsys: Capsys) -> None:
    _oot(capsys, db, "Anna")
    _oot(capsys, db, "[bold]carl[/]")
    listed = run(capsys, "--db", db, "rulings", "list", "--player", "[BOLD]Carl[/]", "--json").json
    assert [(r["id"], r["players"]) for r in listed] == [(2, ["[bold]Carl[/]"])]
    assert len(run(capsys, "--db", db, "rulings", "list", "--json").json) == 2
    assert "[bold]Carl[/]" in run(capsys, "--db", db, "rulings", "list").out


def test_override_is_stored_beside_the_suggestion_with_its_reason(db: str, capsys: Capsys) -> None:
    row = run(capsys, "--db", db, "rulings", "log", "-s", "wrong-button", "-a", "substantial_action=no",
              "--decision", "The button stays", "--reason", "both players agreed", "--by", "Mette",
              "--json").json
    assert (row["decision"], row["reason"], row["overridden"]) == ("The button stays", "both players agreed",
                                                                   True)
    assert row["suggestion"]["ruling"].startswith("Corrected")
    given = run(capsys, "--db", db, "rulings", "log", "-s", "wrong-button", "-a", "substantial_action=no",
                "-p", "Bo", "--penalty", "minutes:10", "--reason", "abuse of the dealer", "--by", "TD",
                "--json").json
    assert (given["penalty"]["kind"], given["penalty"]["amount"], given["penalty"]["reason"]) == (
        "minutes", 10, "abuse of the dealer")


def _other(capsys: Capsys, db: str, *extra: str) -> dict:  # type: ignore[type-arg]
    result = run(capsys, "--db", db, "rulings", "log", "--scenario", "other", "--by", "Mette",
                 "--description", "Bo's phone rang during a hand", *extra, "--json")
    assert result.code == 0, result.err
    return result.json  # type: ignore[no-any-return]


def test_c_ruling_1_other_situation_logged_with_rules_decision_and_escalation(
        db: str, capsys: Capsys) -> None:
    first = _other(capsys, db, "--rule", "c-etiq-1", "--rule", "71", "--decision", "Reminded",
                   "-p", "Bo", "--offence", "etiquette", "--table", "2")
    assert set(unnamed(first)) == ROW_KEYS
    assert (first["scenario"], first["description"], first["decision"]) == (
        "other", "Bo's phone rang during a hand", "Reminded")
    assert first["suggestion"]["rules"] == ["C-ETIQ-1", "TDA 71"] and first["penalty"] is None
    second = _other(capsys, db, "--decision", "Warned", "-p", "Bo", "--offence", "etiquette")
    assert second["penalty"]["kind"] == "warning" and second["answers"]["earlier"] == "1"
    offences = unnamed(run(capsys, "--db", db, "rulings", "offences", "--json").json)
    assert offences == [{"player": "Bo", "offences": {"etiquette": 2}, "rulings": [1, 2]}]
    shown = run(capsys, "--db", db, "rulings", "list").out
    assert "other" in shown and "Warned" in shown
    assert "other" in run(capsys, "--db", db, "rulings", "scenarios").out
    # A correction keeps the description and the rules; earlier is counted again.
    fixed = run(capsys, "--db", db, "rulings", "correct", "1", "--decision", "Let off",
                "--reason", "it was a doctor on call", "--by", "TD", "--json").json
    assert (fixed["scenario"], fixed["description"], fixed["decision"]) == (
        "other", "Bo's phone rang during a hand", "Let off")
    assert fixed["suggestion"]["rules"] == ["C-ETIQ-1", "TDA 71"] and fixed["corrects"] == 1


def test_c_ruling_1_override_without_answering_the_questions(db: str, capsys: Capsys) -> None:
    row = run(capsys, "--db", db, "rulings", "log", "-s", "skipped-player", "--decision",
              "The skipped player's hand is dead", "--reason", "he let three players act", "--rule",
              "O-OOT-4", "-p", "Anna", "--by", "Mette", "--json").json
    assert row["overridden"] and row["suggestion"]["ruling"].startswith("No suggestion")
    assert row["suggestion"]["rules"] == ["O-OOT-4"] and row["answers"] == {}


def test_a_correction_is_a_new_record_pointing_at_the_old_one(db: str, capsys: Capsys) -> None:
    _oot(capsys, db, "Anna")
    _oot(capsys, db, "Anna")
    fixed = run(capsys, "--db", db, "rulings", "correct", "2", "--player", "Bo", "--reason", "it was Bo",
                "--by", "TD", "--json").json
    assert (fixed["id"], fixed["corrects"], fixed["players"], fixed["penalty"]) == (3, 2, ["Bo"], None)
    # The old answers carry over; earlier is counted again (Bo's first); no penalty, so no table size.
    assert fixed["answers"] == {"action": "check", "changed": "no", "deliberate": "no", "earlier": "0"}
    rows = run(capsys, "--db", db, "rulings", "list", "--json").json
    assert [(r["id"], r["corrected_by"]) for r in rows] == [(1, None), (2, 3), (3, None)]
    assert run(capsys, "--db", db, "rulings", "penalties", "--json").json == []


def test_export_csv_and_html_are_the_views_of_the_same_log(db: str, capsys: Capsys, tmp_path: Path) -> None:
    _oot(capsys, db, "[bold]Carl[/]")
    csv_text = run(capsys, "--db", db, "rulings", "export", "--format", "csv").out
    assert csv_text.splitlines()[0].startswith("id,time,staff,table,seat,players,scenario")
    assert ",Mette,2,3,[bold]Carl[/],out-of-turn-action," in csv_text
    out = tmp_path / "rulings.html"
    assert run(capsys, "--db", db, "rulings", "export", "--format", "html", "--out", str(out)).code == 0
    page = out.read_text(encoding="utf-8")
    assert "<td>[bold]Carl[/]</td>" in page and page.startswith("<!DOCTYPE html>")
    assert_one_line_error(run(capsys, "--db", db, "rulings", "export", "--format", "xml"), "--format")


def test_clock_call_countdown_and_its_ruling_logged_at_zero(db: str, capsys: Capsys) -> None:
    called = run(capsys, "--db", db, "--role", "floor", "rulings", "clock-call", "--table", "1",
                 "--seat", "4", "--player", "Bo", "--json").json
    assert (called["id"], called["total_seconds"], called["expired"], called["player"]) == (
        1, 60, False, "Bo")
    assert called["rules"] == ["C-CLOCK-1", "TDA 29"]
    assert [r["id"] for r in run(capsys, "--db", db, "rulings", "clock-calls", "--json").json] == [1]
    before = _events(db)
    early = run(capsys, "--db", db, "rulings", "log", "--clock-call", "1", "--by", "Mette")
    assert_one_line_error(early, "C-CLOCK-1", "clock call 1 still has")
    assert _events(db) == before
    stopped = run(capsys, "--db", db, "--role", "floor", "rulings", "clock-stop", "1", "--json").json
    assert unnamed(stopped) == {"stopped": 1}
    assert run(capsys, "--db", db, "rulings", "clock-calls", "--json").json == []


@pytest.mark.parametrize(("args", "fragments"), [
    (["-s", "no-such-scenario"], ["unknown scenario 'no-such-scenario'"]),
    (["-s", "out-of-turn-action", "-a", "action=dance"], ["action='dance'", "fold|check|call"]),
    (["-s", "out-of-turn-action", "-a", "action=check", "-p", "Anna"], ["questions still open", "changed="]),
    (["-s", "wrong-button", "-a", "substantial_action=no", "--decision", "x"], ["needs a reason"]),
    (["-s", "give-penalty", "-a", "kind=warning", "-p", "Zed"], ["no player named 'Zed'"]),
    (["-s", "give-penalty", "-a", "kind=warning"], ["needs the player", "--player"]),
    (["-s", "wrong-button", "-a", "substantial_action=no", "--penalty", "flogging", "--reason", "r"],
     ["--penalty: the kind of penalty must be none, warning", "not 'flogging'"]),
    (["-s", "wrong-button", "-a", "substantial_action=no", "--reason", "r"], ["neither"]),
    (["-s", "wrong-button", "-a", "substantial_action=no", "--by", " "], ["--by"]),
    (["--clock-call", "7"], ["no clock call 7"]),
    ([], ["--scenario"]),
    (["-s", "other", "--decision", "x"], ["needs its description", "--description"]),
    (["-s", "other", "--description", "d"], ["needs the decision"]),
    (["-s", "other", "--description", "d", "--decision", "x", "--rule", "bogus"],
     ["--rule: 'bogus' is not a rule ID"]),
    (["-s", "other", "--description", "d", "--decision", "x", "--offence", "theft"],
     ["--offence: 'theft': one of"]),
    (["-s", "wrong-button", "--description", "d"], ["--description", "the scenario other"]),
    (["-s", "out-of-turn-action", "--decision", "x"], ["needs a reason"]),
])
def test_bad_input_is_one_line_and_changes_nothing(db: str, capsys: Capsys, args: list[str],
                                                   fragments: list[str]) -> None:
    before = _events(db)
    by = [] if "--by" in args else ["--by", "Mette"]
    assert_one_line_error(run(capsys, "--db", db, "rulings", "log", *args, *by), *fragments)
    assert _events(db) == before


def test_undo_passes_over_a_ruling_and_correcting_an_unknown_one_fails(db: str, capsys: Capsys) -> None:
    assert run(capsys, "--db", db, "clock", "start").code == 0
    _oot(capsys, db, "Anna")
    # The ruling rests on nothing the clock's start changed: undo takes the start back past it.
    assert run(capsys, "--db", db, "undo", "--json").json["events"][0]["type"] == "clock_started"
    assert len(run(capsys, "--db", db, "rulings", "list", "--json").json) == 1
    # It names Anna, whom the registration made: that is not undone from under it.
    assert_one_line_error(run(capsys, "--db", db, "undo"), "\"Ruling 1 by Mette", "depends on it")
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, "rulings", "correct", "5", "--reason", "r", "--by", "TD"),
                          "no ruling 5")
    assert_one_line_error(run(capsys, "--db", db, "rulings", "correct", "1", "--by", "TD"), "--reason")
    assert_one_line_error(run(capsys, "--db", db, "rulings", "serve", "1", "--end"), "gave no penalty")
    assert _events(db) == before


@pytest.mark.parametrize("args", [
    ["bust", "Anna"], ["undo"], ["clock", "start"], ["clock", "next"], ["clock", "set", "5:00"],
    ["register", "Dora"], ["rulings", "serve", "1", "--hands", "1"],
])
def test_the_floor_role_is_refused_td_actions_from_the_cli(db: str, capsys: Capsys, args: list[str]) -> None:
    run(capsys, "--db", db, "bust", "Bo")  # something to undo
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, "--role", "floor", *args), "floor staff cannot", "TD only")
    assert _events(db) == before


def test_the_floor_role_may_log_rulings_and_call_the_clock(db: str, capsys: Capsys) -> None:
    row = run(capsys, "--db", db, "--role", "floor", "--actor", "tablet-2", "rulings", "log", "-s",
              "wrong-button", "-a", "substantial_action=yes", "--by", "Mette", "--json").json
    assert row["staff"] == "Mette"
    log = run(capsys, "--db", db, "log", "--json").json
    assert log[-1]["actor"] == "tablet-2"
    assert log[-1]["summary"].startswith("Ruling 1 by Mette")


def test_floor_opens_the_floor_terminal_in_the_floor_role_as_the_staff(db: str, capsys: Capsys,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from tdconsole.tui.app import FloorApp

    opened: list[tuple[str, str]] = []
    monkeypatch.setattr(FloorApp, "run", lambda self: opened.append((self.service.role, self.service.actor)))
    assert run(capsys, "--db", db, "--role", "td", "floor", "--staff", " Mette ").code == 0
    assert opened == [("floor", "Mette")]
    assert_one_line_error(run(capsys, "--db", db, "floor", "--staff", " "), "--staff")


def _phone(capsys: Capsys, db: str, *extra: str) -> dict:  # type: ignore[type-arg]
    result = run(capsys, "--db", db, "rulings", "log", "--scenario", "phone", "-a", "in_hand=yes",
                 "-a", "deliberate=no", "--player", "Bo", "--table", "1", "--seat", "4", "--by", "Mette",
                 *extra, "--json")
    assert result.code == 0, result.err
    return result.json  # type: ignore[no-any-return]


def test_c_phone_1_a_phone_in_a_hand_is_warned_then_timed_and_the_hand_follows_the_house(
        db: str, capsys: Capsys) -> None:
    first = _phone(capsys, db)
    assert (first["offence"], first["penalty"]["kind"]) == ("phone", "warning")
    assert first["answers"]["earlier"] == "0"
    assert "C-PHONE-1" in first["suggestion"]["rules"] and "hand stays live" in first["decision"]
    assert run(capsys, "--db", db, "house-rules", "set", "penalties.phone_hand", "dead").code == 0
    second = _phone(capsys, db)
    assert (second["penalty"]["kind"], second["penalty"]["amount"]) == ("minutes", 5)
    assert "hand is dead" in second["decision"] and "C-PEN-1" in second["suggestion"]["rules"]
    offences = unnamed(run(capsys, "--db", db, "rulings", "offences", "--json").json)
    assert offences == [{"player": "Bo", "offences": {"phone": 2}, "rulings": [1, 2]}]


@pytest.mark.parametrize(("lang", "says"), [
    ("en", ["A player uses a phone while in a hand", "C-PHONE-1", "hand stays live", "warning"]),
    ("da", ["En spiller bruger sin telefon", "C-PHONE-1", "hånden er stadig levende", "advarsel"]),
])
def test_c_phone_1_the_scenario_in_either_language(capsys: Capsys, lang: str, says: list[str]) -> None:
    listed = run(capsys, "--lang", lang, "rulings", "scenarios", "telefon" if lang == "da" else "phone")
    suggested = run(capsys, "--lang", lang, "rulings", "suggest", "phone", "-a", "in_hand=yes",
                    "-a", "deliberate=no", "-a", "earlier=0")
    as_json = run(capsys, "--lang", lang, "rulings", "suggest", "phone", "-a", "in_hand=yes",
                  "-a", "deliberate=no", "-a", "earlier=0", "--json").json
    assert (listed.code, suggested.code) == (0, 0), listed.err + suggested.err
    text = listed.out + suggested.out
    for words in says:
        assert words in text
    assert as_json["penalty"]["kind"] == "warning" and "C-PHONE-1" in as_json["rules"]

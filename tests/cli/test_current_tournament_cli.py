"""The tournament a TD is on stays his: `new` and `demo` leave the current tournament alone unless
`--use`, floor staff cannot create or choose one, and every output names the tournament."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
FRIDAY = {"id": 1, "name": "Friday"}
OOT = ("-a", "action=check", "-a", "changed=no", "-a", "deliberate=no", "-a", "players=8")


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "new", "Friday").code == 0
    assert run(capsys, "--db", path, "register", "Anna", "Bo", "Cy").code == 0
    return path


def _names(db: str, capsys: Capsys) -> list[str]:
    return [t["name"] for t in run(capsys, "--db", db, "tournaments", "--json").json]


def test_floor_staff_cannot_create_a_demo(db: str, capsys: Capsys) -> None:
    refused = run(capsys, "--db", db, "--role", "floor", "demo", "--no-tui")
    assert_one_line_error(refused, "floor staff cannot create a tournament")
    assert_one_line_error(run(capsys, "--db", db, "--role", "floor", "new", "Mine"),
                          "floor staff cannot create a tournament")
    assert _names(db, capsys) == ["Friday"]


def test_new_and_demo_leave_the_current_tournament_and_say_so(db: str, capsys: Capsys) -> None:
    created = run(capsys, "--db", db, "new", "Saturday")
    assert "the current tournament is still 1: Friday" in created.out
    assert "tdconsole use 2" in created.out
    demo = run(capsys, "--db", db, "demo", "--no-tui", "--json").json
    assert (demo["id"], demo["made_current"], demo["current"]) == (3, False, FRIDAY)
    # The TD's next command lands where it did before, not in the newest tournament.
    busted = run(capsys, "--db", db, "bust", "bo", "--json").json
    assert busted["tournament"] == FRIDAY
    tournaments = run(capsys, "--db", db, "tournaments", "--json").json
    assert [(t["id"], t["current"]) for t in tournaments] == [(1, True), (2, False), (3, False)]


def test_new_and_demo_with_use_make_it_current(db: str, capsys: Capsys) -> None:
    created = run(capsys, "--db", db, "new", "Saturday", "--use", "--json").json
    assert (created["made_current"], created["current"]) == (True, {"id": 2, "name": "Saturday"})
    assert run(capsys, "--db", db, "state", "--json").json["tournament"]["id"] == 2
    demo = run(capsys, "--db", db, "demo", "--no-tui", "--use")
    assert "it is now the current tournament" in demo.out
    assert run(capsys, "--db", db, "state", "--json").json["tournament"]["name"] == "Friday demo"


def test_use_changes_the_current_tournament_and_is_logged(db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "new", "Saturday")
    assert_one_line_error(run(capsys, "--db", db, "--role", "floor", "use", "2"),
                          "floor staff cannot choose the current tournament")
    assert_one_line_error(run(capsys, "--db", db, "use", "9"), "no tournament 9")
    used = run(capsys, "--db", db, "--actor", "maria", "use", "2", "--json").json
    assert (used["tournament"], used["previous"]) == ({"id": 2, "name": "Saturday"}, FRIDAY)
    text = run(capsys, "--db", db, "--actor", "maria", "use", "1").out
    assert "Tournament 1: Friday is now the current tournament (was 2: Saturday)" in text
    shown = run(capsys, "--db", db, "use", "--json").json
    assert shown["tournament"] == FRIDAY
    assert [h["tournament_id"] for h in shown["history"]] == [1, 2, 1]
    assert [h["actor"] for h in shown["history"]][1:] == ["maria", "maria"]
    assert "maria: current tournament 2 -> 1 (tdconsole use)" in run(capsys, "--db", db, "use").out


# (the JSON run, the text run): a command that changes the tournament runs twice, differently.
@pytest.mark.parametrize(("json_args", "text_args"), [
    (["register", "Dee"], ["register", "Eve"]), (["bust", "anna"], ["bust", "bo"]),
    (["clock", "start"], ["clock", "pause"]), (["state"], ["state"]), (["tables"], ["tables"]),
    (["money", "show"], ["money", "show"]), (["rulings", "list"], ["rulings", "list"]),
    (["log"], ["log"]), (["move", "Anna", "1", "2", "--force"], ["move", "Anna", "1", "3", "--force"]),
    (["seating"], ["tables"]),
])
def test_every_command_names_the_tournament_it_acted_on(db: str, capsys: Capsys, json_args: list[str],
                                                        text_args: list[str]) -> None:
    assert run(capsys, "--db", db, "draw", "--seed", "1").code == 0
    assert run(capsys, "--db", db, "rulings", "log", "--scenario", "out-of-turn-action", *OOT,
               "--player", "Cy", "--by", "Mette").code == 0
    run(capsys, "--db", db, "new", "Saturday")  # not current: the commands below act on Friday
    data = run(capsys, "--db", db, *json_args, "--json").json
    rows = data if isinstance(data, list) else [data]
    assert rows and all({k: row["tournament"][k] for k in ("id", "name")} == FRIDAY for row in rows)
    text = run(capsys, "--db", db, *text_args)
    assert text.code == 0 and text.out.startswith("Tournament 1: Friday\n"), text.out

"""Undo is yours: `undo` takes back the actor's own last command and says what, by whom and when;
`undo --any` takes back anyone's after showing it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "--actor", "maria", "new", "Friday").code == 0
    assert run(capsys, "--db", path, "--actor", "maria", "register", "Anna", "Bo", "Cy").code == 0
    assert run(capsys, "--db", path, "--actor", "tom", "bust", "Bo").code == 0
    return path


def _events(db: str) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM events").fetchone()[0])


def test_undo_never_takes_back_another_terminals_command(db: str, capsys: Capsys) -> None:
    before = _events(db)
    refused = run(capsys, "--db", db, "--actor", "maria", "undo")  # tom's bust of Bo rests on it
    assert_one_line_error(refused, "your last command (log #2) cannot be undone: tom's \"Bo busts in "
                                   "3rd\" (log #5) depends on it")
    danish = run(capsys, "--db", db, "--lang", "da", "--actor", "maria", "undo")
    assert_one_line_error(danish, "din seneste kommando (log #2) kan ikke fortrydes", "(log #5)")
    assert_one_line_error(run(capsys, "--db", db, "--actor", "carl", "undo"),
                          "carl has nothing to undo")
    assert _events(db) == before


def test_undo_takes_back_your_own_and_says_what_by_whom_and_when(db: str, capsys: Capsys) -> None:
    undone = run(capsys, "--db", db, "--actor", "tom", "undo", "--json").json
    assert {k: undone["undone"][k] for k in ("verb", "actor", "seq")} == {
        "verb": "player_busted", "actor": "tom", "seq": 5}
    assert undone["undone"]["summary"].startswith("Bo busts in 3rd")
    assert undone["undone"]["time"].startswith("20")  # ISO 8601
    assert undone["events"][0]["type"] == "player_busted"  # the key it had before
    text = run(capsys, "--db", db, "--actor", "maria", "undo").out.replace("\n", " ")  # unwrapped
    assert "Undone: Anna registers; Bo registers" in text and "(log #2, by maria at " in text
    assert run(capsys, "--db", db, "state", "--json").json["entries"] == 0


def test_undo_any_shows_the_command_and_asks(db: str, capsys: Capsys,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    before = _events(db)
    declined = run(capsys, "--db", db, "--actor", "maria", "undo", "--any", stdin="n\n",
                   monkeypatch=monkeypatch)
    assert declined.code != 0 and "The last command: Bo busts in 3rd" in declined.err
    assert "by tom at" in declined.err and _events(db) == before
    taken = run(capsys, "--db", db, "--actor", "maria", "undo", "--any", stdin="y\n",
                monkeypatch=monkeypatch)
    assert taken.code == 0 and "Undone: Bo busts in 3rd" in taken.out
    again = run(capsys, "--db", db, "--actor", "tom", "undo", "--any", "--yes", "--json")
    assert (again.json["undone"]["actor"], again.json["undone"]["verb"]) == ("maria", "player_registered")
    assert again.err == ""  # nothing asked: the output says what was undone


def test_undo_takes_back_your_own_while_another_terminal_works_on(db: str, capsys: Capsys) -> None:
    """A TD who busted the wrong player takes it back after the floor called the clock elsewhere."""
    assert run(capsys, "--db", db, "--actor", "maria", "register", "Dan", "Eva").code == 0
    assert run(capsys, "--db", db, "--actor", "maria", "bust", "Anna").code == 0  # the wrong one
    assert run(capsys, "--db", db, "--actor", "bent", "rulings", "clock-call", "--table", "1",
               "--seat", "3").code == 0
    undone = run(capsys, "--db", db, "--actor", "maria", "undo", "--json")
    assert undone.code == 0, undone.err
    assert (undone.json["undone"]["verb"], undone.json["undone"]["actor"]) == ("player_busted", "maria")
    state = run(capsys, "--db", db, "state", "--json").json
    assert {p["name"]: p["status"] for p in state["players"]}["Anna"] != "busted"
    calls = run(capsys, "--db", db, "rulings", "clock-calls", "--json")
    assert calls.code == 0 and len(calls.json) == 1  # the floor's call stands
    assert run(capsys, "--db", db, "--actor", "maria", "bust", "Dan").code == 0
    assert run(capsys, "--db", db, "--actor", "bent", "rulings", "clock-call", "--table", "2",
               "--seat", "4").code == 0
    text = run(capsys, "--db", db, "--actor", "maria", "undo")
    assert text.code == 0 and "Undone: Dan busts in" in text.out.replace("\n", " ")


def test_j_is_yes_as_y_is(db: str, capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Danish TD answers "ja": `j` takes it back as `y` does, in either language."""
    taken = run(capsys, "--db", db, "--actor", "maria", "undo", "--any", stdin="j\n",
                monkeypatch=monkeypatch)
    assert taken.code == 0 and "Undone: Bo busts in 3rd" in taken.out

"""`hand-done` is the one TD command for "this table's hand is over": it moves the button, ends the
table's hand-for-hand hand (T-H4H-1) and counts a hand served by players sitting out a penalty (71C)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "new", "Friday").code == 0
    names = [f"P{i:02d}" for i in range(1, 19)]
    assert run(capsys, "--db", path, "register", *names).code == 0
    assert run(capsys, "--db", path, "draw", "--seed", "7").code == 0
    return path


def _seated(capsys: Capsys, db: str) -> dict[str, int]:
    players = run(capsys, "--db", db, "state", "--json").json["players"]
    return {p["name"]: p["table"] for p in players if p["status"] == "seated"}


def test_t_h4h_1_hand_done_at_every_table_places_the_hands_busts_together(db: str, capsys: Capsys) -> None:
    tables = _seated(capsys, db)
    at_1 = next(name for name, table in tables.items() if table == 1)
    at_2 = next(name for name, table in tables.items() if table == 2)
    assert run(capsys, "--db", db, "h4h", "start").code == 0
    run(capsys, "--db", db, "hand-done", "--all")  # the hand in progress at the announcement
    result = run(capsys, "--db", db, "bust", at_1, at_2, "--stack", f"{at_1}=8000",
                 "--stack", f"{at_2}=20000", "--json")
    assert result.code == 0, result.err
    assert all(p["place"] is None for p in result.json["busted"])  # held until every table is done
    run(capsys, "--db", db, "hand-done", "1")
    status = run(capsys, "--db", db, "h4h", "status", "--json").json
    assert [t["done"] for t in status["tables"]] == [True, False]
    run(capsys, "--db", db, "hand-done", "2")
    players = {p["name"]: p for p in run(capsys, "--db", db, "state", "--json").json["players"]}
    # T-ELIM-1: the smaller starting stack finishes lower, across tables by the club setting.
    assert (players[at_1]["place"], players[at_2]["place"]) == (18, 17)


def test_71c_a_penalty_in_hands_is_served_by_hand_done_at_his_table(db: str, capsys: Capsys) -> None:
    tables = _seated(capsys, db)
    offender = next(name for name, table in tables.items() if table == 1)
    logged = run(capsys, "--db", db, "rulings", "log", "--scenario", "out-of-turn-action",
                 "-a", "action=fold", "-a", "deliberate=yes", "--player", offender,
                 "--table", "1", "--seat", "1",
                 "--penalty", "missed-hands:2", "--decision", "sits out two hands",
                 "--reason", "test",
                 "--by", "Mette", "--json")
    assert logged.code == 0, logged.err
    board = run(capsys, "--db", db, "rulings", "penalties", "--json").json
    assert board[0]["remaining_hands"] == 2
    run(capsys, "--db", db, "hand-done", "2")  # another table: nothing served
    run(capsys, "--db", db, "hand-done", "1")
    board = run(capsys, "--db", db, "rulings", "penalties", "--json").json
    assert board[0]["remaining_hands"] == 1

"""The scripting contract: every command with --json, errors as one line, the log unchanged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from tdconsole.store.db import alembic_config
from tests.cli.helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "new", "Friday", "--buy-in", "300", "--fee", "50").code == 0
    return path


def _events(db: str) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM events").fetchone()[0])


def test_new_prints_id_and_name(tmp_path: Path, capsys: Capsys) -> None:
    result = run(capsys, "--db", str(tmp_path / "a.sqlite"), "new", " Saturday Deep ", "--json",
                 "--structure", "club-turbo", "--stack", "30000", "--seats", "8")
    assert result.code == 0
    assert {k: result.json[k] for k in ("id", "name")} == {"id": 1, "name": "Saturday Deep"}


def test_register_state_bust_undo_log_round_trip(db: str, capsys: Capsys) -> None:
    registered = run(capsys, "--db", db, "register", "Anna", "Bo", "[bold red]x[/]", "--json").json
    assert [p["name"] for p in registered["registered"]] == ["Anna", "Bo", "[bold red]x[/]"]
    busted = run(capsys, "--db", db, "bust", "bo", "--json").json
    # JSON keys are a contract: later keys (last_place, prize, ...) are added, the original ones
    # keep their meaning
    assert [{k: p[k] for k in ("id", "name", "place")} for p in busted["busted"]] == [
        {"id": "p2", "name": "Bo", "place": 3}]
    state = run(capsys, "--db", db, "state", "--json").json
    assert state["tournament"]["name"] == "Friday" and state["tournament"]["buy_in"] == 300
    assert state["tournament"]["status"] == "planned"
    assert (state["entries"], state["players_left"]) == (3, 2)
    assert {p["name"]: (p["status"], p["place"]) for p in state["players"]} == {
        "Anna": ("registered", None), "Bo": ("busted", 3), "[bold red]x[/]": ("registered", None)}
    undone = run(capsys, "--db", db, "undo", "--json").json
    assert undone["events"][0]["type"] == "player_busted"
    assert run(capsys, "--db", db, "state", "--json").json["players_left"] == 3
    log = run(capsys, "--db", db, "log", "--json").json
    assert [row["type"] for row in log][-2:] == ["player_busted", "undone"]
    assert log[-2]["undone"] is True and log[-1]["actor"]


def test_markup_in_a_name_is_printed_literally(db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "register", "[bold red]x[/]")
    assert "[bold red]x[/]" in run(capsys, "--db", db, "state").out


def test_clock_commands(db: str, capsys: Capsys) -> None:
    started = run(capsys, "--db", db, "clock", "start", "--json").json
    assert started["running"] is True and started["level"] == 1
    assert run(capsys, "--db", db, "clock", "set", "7:30", "--json").json["remaining_seconds"] <= 450
    assert run(capsys, "--db", db, "clock", "pause", "--json").json["running"] is False
    nxt = run(capsys, "--db", db, "clock", "next", "--json").json
    assert (nxt["level"], nxt["big_blind"], nxt["remaining_seconds"]) == (2, 300, 900)
    assert run(capsys, "--db", db, "clock", "prev", "--json").json["level"] == 1
    assert run(capsys, "--db", db, "clock", "resume", "--json").json["running"] is True
    assert run(capsys, "--db", db, "state", "--json").json["tournament"]["status"] == "running"


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["register", ""], ["empty"]),
        (["register", "   "], ["empty"]),
        (["register", "x" * 61], ["at most 60"]),
        (["register", "Anna", "anna"], ["already registered"]),
        (["bust", "Nobody"], ["no player named 'Nobody'"]),
        (["unregister", "Nobody"], ["no player"]),
        (["clock", "set", "-1:00"], ["-1:00", "not MM:SS"]),  # the time itself is named
        (["clock", "set", "--", "-1:00"], ["not MM:SS"]),
        (["bust"], ["Missing argument"]),
        (["clock", "set", "ten"], ["not MM:SS"]),
        (["clock", "pause"], ["not been started"]),
        (["clock", "prev"], ["first level"]),
        (["undo"], ["nothing to undo"]),
        (["--tournament", "42", "state"], ["no tournament 42"]),
        (["--role", "boss", "state"], ["--role"]),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(db: str, capsys: Capsys, args: list[str],
                                                   fragments: list[str]) -> None:
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, *args), *fragments)
    assert _events(db) == before


def test_busting_twice_is_refused(db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "register", "Anna", "Bo", "Cy")
    run(capsys, "--db", db, "bust", "Anna")
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, "bust", "anna"), "already busted", "place 3")
    assert _events(db) == before


def test_floor_role_cannot_bust(db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "register", "Anna", "Bo")
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, "--role", "floor", "bust", "Anna"), "floor staff",
                          "TD only")
    assert _events(db) == before


def test_unknown_structure_lists_the_known_ones(tmp_path: Path, capsys: Capsys) -> None:
    result = run(capsys, "--db", str(tmp_path / "a.sqlite"), "new", "X", "--structure", "nope")
    assert_one_line_error(result, "no structure 'nope'", "club-turbo")


@pytest.mark.parametrize(
    ("level", "fragment"),
    [("small_blind = -100\nbig_blind = 200\nminutes = 20", "periods.0.level.small_blind"),
     ("small_blind = 200\nbig_blind = 100\nminutes = 20", "below the small blind"),
     ("small_blind = 100\nbig_blind = 200\nminutes = 0", "minutes")],
)
def test_a_bad_structure_file_names_the_file_and_the_key(tmp_path: Path, capsys: Capsys, level: str,
                                                         fragment: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f'name = "bad"\n[[periods]]\n{level}\n')
    db = str(tmp_path / "a.sqlite")
    assert_one_line_error(run(capsys, "--db", db, "new", "X", "--structure", str(path)), str(path),
                          fragment)
    assert run(capsys, "--db", db, "tournaments", "--json").json == []


def test_a_database_in_a_missing_directory(tmp_path: Path, capsys: Capsys) -> None:
    result = run(capsys, "--db", str(tmp_path / "nope" / "x.sqlite"), "new", "X")
    assert_one_line_error(result, "no such directory")
    assert not (tmp_path / "nope").exists()


def test_a_path_the_system_refuses_is_one_line_naming_it(tmp_path: Path, capsys: Capsys) -> None:
    # Found by make torture's fuzzer: a name longer than the file system allows (ENAMETOOLONG).
    too_long = "x" * 300
    assert_one_line_error(run(capsys, "--db", str(tmp_path / too_long), "state"), "File name too long")
    assert_one_line_error(run(capsys, "--db", str(tmp_path / "x.sqlite"), "structure", "use", too_long),
                          too_long, "File name too long")


def test_a_corrupt_database_file(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "broken.sqlite"
    path.write_bytes(b"\x00garbage" * 512)
    assert_one_line_error(run(capsys, "--db", str(path), "state"), "not a tdconsole database")
    assert path.read_bytes() == b"\x00garbage" * 512


def test_a_database_from_a_newer_schema(db: str, capsys: Capsys) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff'")
    assert_one_line_error(run(capsys, "--db", db, "state"), "newer tdconsole")


def test_no_tournament_yet(tmp_path: Path, capsys: Capsys) -> None:
    assert_one_line_error(run(capsys, "--db", str(tmp_path / "a.sqlite"), "state"), "tdconsole new")


def test_db_upgrade_and_default_database_from_the_environment(tmp_path: Path, capsys: Capsys,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_DB", str(tmp_path / "env.sqlite"))
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert run(capsys, "db", "upgrade", "--json").json["revision"] == head
    assert run(capsys, "new", "From env", "--json").json["id"] == 1
    assert (tmp_path / "env.sqlite").exists()


def test_demo_without_the_tui(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "demo.sqlite")
    assert run(capsys, "--db", db, "demo", "--no-tui", "--json").json["entries"] == 45
    state = run(capsys, "--db", db, "state", "--json").json
    assert state["entries"] == 45 and state["tournament"]["name"] == "Friday demo"


def test_the_real_binary_never_shows_a_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "tdconsole", "--db", str(tmp_path / "x" / "y"),
                             "state"], capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"error: {tmp_path / 'x'}: no such directory for the database"]


def test_t_day2_1_a_flight_at_another_price_than_its_event_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_DB", str(tmp_path / "club.sqlite"))
    assert run(capsys, "event", "new", "Main Event", "--buy-in", "100").code == 0
    result = run(capsys, "new", "Main Event 1A", "--event", "Main Event", "--buy-in", "200")
    assert_one_line_error(result, "T-DAY2-1: Main Event 1A costs 200 + 0, Main Event 100 + 0")
    assert run(capsys, "tournaments", "--json").json == []
    assert run(capsys, "new", "Main Event 1A", "--event", "Main Event", "--buy-in", "100").code == 0

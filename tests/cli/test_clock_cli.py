"""The clock through the CLI: any level, late registration (T-REG-1), a structure
change while running (T-LEVEL-1), the figures; bad input is one line and changes nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "new", "Friday", "--late-reg-level", "2").code == 0
    assert run(capsys, "--db", path, "register", "Anna", "Bo", "Carl").code == 0
    return path


def _events(db: str) -> list[str]:
    with sqlite3.connect(db) as connection:
        return [row[0] for row in connection.execute("SELECT payload FROM events ORDER BY seq")]


def test_clock_level_jumps_and_the_clock_json_has_the_new_keys(db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "clock", "start")
    clock = run(capsys, "--db", db, "clock", "level", "5", "--json").json
    # club-turbo: levels 1-4, a break colouring up 25s, then level 5 at 400/800.
    assert (clock["level"], clock["big_blind"], clock["on_break"]) == (5, 800, False)
    assert clock["antes"] == [
        {"min_handed": 7, "max_handed": 10, "ante": 800, "rule": "T-ANTE-2"},
        {"min_handed": 3, "max_handed": 6, "ante": 400, "rule": "T-ANTE-2"},
        {"min_handed": 2, "max_handed": 2, "ante": 0, "rule": "T-ANTE-2"}]
    assert clock["level_ends_at"] is not None and clock["late_registration"] == {"level": 2, "open": False}
    previous = run(capsys, "--db", db, "clock", "level", "4", "--json").json
    assert previous["next_break"]["color_up"] == [25] and previous["next_break"]["now"] is False


def test_t_ante_2_flat_house_rules_show_one_ante_for_every_table(db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "house-rules", "set", "ante.by_table_size", "flat")
    clock = run(capsys, "--db", db, "state", "--json").json["clock"]
    assert clock["antes"] == [{"min_handed": 2, "max_handed": 10, "ante": 200, "rule": "RP-11"}]


def test_t_reg_1_registration_after_the_set_level_is_refused(db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "clock", "start")
    run(capsys, "--db", db, "clock", "level", "3")
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, "register", "Dora"), "T-REG-1", "level 2")
    assert _events(db) == before
    late = run(capsys, "--db", db, "clock", "late-reg", "3", "--json").json["late_registration"]
    assert late == {"level": 3, "open": True}
    assert run(capsys, "--db", db, "register", "Dora").code == 0
    state = run(capsys, "--db", db, "state", "--json").json
    assert state["tournament"]["late_reg_level"] == 3 and state["entries"] == 4
    assert run(capsys, "--db", db, "clock", "late-reg", "none", "--json").json[
        "late_registration"] == {"level": None, "open": True}


def test_t_level_1_structure_use_changes_the_running_structure_and_undo_restores_it(
        db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "clock", "start")
    used = run(capsys, "--db", db, "structure", "use", "club-deepstack", "--json").json
    assert used["structure"] == "Club deepstack" and used["source"] == "club-deepstack"
    assert used["clock"]["level"] == 1 and used["clock"]["remaining_seconds"] > 15 * 60
    state = run(capsys, "--db", db, "state", "--json").json
    assert state["tournament"]["structure"] == "Club deepstack"
    log = run(capsys, "--db", db, "log", "--json").json
    assert log[-1]["summary"] == "The structure is changed to Club deepstack (from club-deepstack)"
    run(capsys, "--db", db, "undo")
    assert run(capsys, "--db", db, "state", "--json").json["tournament"]["structure"] == "Club turbo"


def test_state_figures_average_in_big_blinds(db: str, capsys: Capsys) -> None:
    state = run(capsys, "--db", db, "state", "--json").json
    assert (state["entries"], state["players_left"], state["chips_in_play"]) == (3, 3, 60_000)
    assert (state["average_stack"], state["average_stack_bb"]) == (20_000, 100.0)


@pytest.mark.parametrize(("args", "fragments"), [
    (("clock", "level", "0"), ("level",)),
    (("clock", "level", "99"), ("no level 99",)),
    (("clock", "level", "x"), ("N",)),
    (("clock", "set", "-1:00"), ("-1:00",)),
    (("clock", "set", "12:75"), ("12:75",)),
    (("clock", "late-reg", "soon"), ("late registration", "soon")),
    (("clock", "late-reg", "40"), ("no level 40",)),
    (("structure", "use", "nowhere"), ("no structure 'nowhere'",)),
    (("new", "Other", "--late-reg-level", "99"), ("no level 99",)),
])
def test_bad_clock_input_is_one_line_and_changes_nothing(db: str, capsys: Capsys, args: tuple[str, ...],
                                                          fragments: tuple[str, ...]) -> None:
    run(capsys, "--db", db, "clock", "start")
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, *args), *fragments)
    assert _events(db) == before
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM tournaments").fetchone()[0] == 1


def test_structure_use_of_a_broken_file_names_file_and_key(db: str, capsys: Capsys, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "x"\n[[periods]]\nsmall_blind = 100\nbig_blind = 50\nminutes = 15\n')
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, "structure", "use", str(broken)), "broken.toml",
                          "periods.0")
    assert _events(db) == before


@pytest.mark.parametrize("command", [("new", "Saturday"), ("demo", "--no-tui")])
def test_a_broken_house_rules_file_is_one_line_naming_file_and_key(
        db: str, capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        command: tuple[str, ...]) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('[ante]\nby_table_size = "weird"\n')
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(rules))
    before = run(capsys, "--db", db, "tournaments", "--json").json
    assert_one_line_error(run(capsys, "--db", db, *command), "rules.toml", "ante.by_table_size")
    assert run(capsys, "--db", db, "tournaments", "--json").json == before


def test_a_running_tournament_keeps_the_house_rules_it_was_created_with(
        db: str, capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The rules in force are in the log: editing (or breaking) the file later changes nothing.
    rules = tmp_path / "rules.toml"
    rules.write_text('[ante]\nby_table_size = "weird"\n')
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(rules))
    clock = run(capsys, "--db", db, "state", "--json").json["clock"]
    assert [row["rule"] for row in clock["antes"]] == ["T-ANTE-2"] * 3


def test_the_last_bust_finishes_the_tournament_and_refuses_registration_until_undone(
        db: str, capsys: Capsys) -> None:
    run(capsys, "--db", db, "clock", "start")
    assert run(capsys, "--db", db, "bust", "Carl").code == 0
    assert run(capsys, "--db", db, "bust", "Bo", "--by", "Anna").code == 0
    state = run(capsys, "--db", db, "state", "--json").json
    assert state["tournament"]["status"] == "finished" and state["tournament"]["winner"] == "Anna"
    assert state["clock"]["running"] is False and state["clock"]["late_registration"]["open"] is False
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, "register", "Dora"), "T-REG-1", "Anna is the winner")
    assert_one_line_error(run(capsys, "--db", db, "reenter", "Bo"), "T-REG-1", "undo the last bust")
    assert _events(db) == before
    run(capsys, "--db", db, "undo")
    state = run(capsys, "--db", db, "state", "--json").json
    assert state["tournament"]["status"] == "running" and state["clock"]["running"] is True
    assert state["tournament"]["winner"] is None
    assert run(capsys, "--db", db, "register", "Dora").code == 0


def test_clock_alone_shows_the_clock_as_state_does_and_changes_nothing(db: str, capsys: Capsys) -> None:
    before = _events(db)
    shown = run(capsys, "--db", db, "clock")
    assert shown.code == 0 and "Level 1:" in shown.out and "Usage" not in shown.out
    clock = run(capsys, "--db", db, "clock", "--json").json
    assert (clock["level"], clock["running"]) == (1, False)
    state = run(capsys, "--db", db, "state", "--json").json
    assert clock == state["clock"] | {"tournament": clock["tournament"]}
    assert _events(db) == before

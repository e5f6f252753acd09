"""`structure export NAME --format csv|tdt` and `structure import FILE.csv|FILE.tdt`: the CSV clubs
publish (level, minutes, small blind, big blind, ante, break) and TD3's saves, each read back as the
structure it was written from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tdconsole.config.structures import load_structure, save_structure
from tdconsole.config.td3 import load_save
from tdconsole.domain.clock.structure import Break, Level, Structure
from tests.cli.helpers import assert_one_line_error, run

FIXTURES = Path(__file__).parents[1] / "fixtures" / "td3"
Capsys = pytest.CaptureFixture[str]


def _shape(structure: Structure) -> list[tuple[Any, ...]]:
    """The levels and breaks as the CSV keeps them (a break's colour-up and add-on are not columns)."""
    return [(p.small_blind, p.big_blind, p.ante, p.minutes) if isinstance(p, Level) else ("break", p.minutes)
            for p in structure.periods]


def test_a_csv_export_imports_back_as_the_same_levels(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "td.sqlite")
    out = tmp_path / "deep.csv"
    assert run(capsys, "--db", db, "structure", "export", "club-deepstack", "--format", "csv", "--out",
               str(out)).code == 0
    lines = out.read_text().splitlines()
    assert lines[0] == "level,minutes,small blind,big blind,ante,break"
    assert lines[1] == "1,20,100,200,200,"
    shipped = load_structure("club-deepstack")
    assert any(isinstance(p, Break) for p in shipped.periods)
    result = run(capsys, "--db", db, "structure", "import", str(out), "--name", "Deep again",
                 "--stack", "30000", "--json")
    assert result.code == 0, result.err
    assert result.json["key"] == "deep-again"
    again = load_structure("deep-again")
    assert _shape(again) == _shape(shipped) and again.starting_stack == 30_000


def test_a_club_csv_with_semicolons_and_break_rows(tmp_path: Path, capsys: Capsys) -> None:
    club = tmp_path / "friday.csv"
    club.write_text("Level;Minutes;Small Blind;Big Blind;Ante;Break\n1;20;25;50;;\nBreak;10;;;;\n"
                    "2;20;50;100;100;\n3;20;100;200;200;\n,15,,,,x\n4;20;150;300;300;\n".replace(",", ";"))
    result = run(capsys, "--db", str(tmp_path / "td.sqlite"), "structure", "import", str(club), "--json")
    assert result.code == 0, result.err
    assert _shape(load_structure("friday")) == [(25, 50, 0, 20), ("break", 10), (50, 100, 100, 20),
                                                (100, 200, 200, 20), ("break", 15), (150, 300, 300, 20)]


def test_a_tdt_export_imports_back_with_its_chips(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "td.sqlite")
    out = tmp_path / "turbo.tdt"
    assert run(capsys, "--db", db, "structure", "export", "club-turbo", "--format", "tdt", "--out",
               str(out)).code == 0
    shipped = load_structure("club-turbo")
    save = load_save(out)  # TD3's notation, read by the same reader as TD3's own saves
    assert _shape(save.structure) == _shape(shipped)
    assert save.structure.chips == shipped.chips and save.structure.starting_stack == shipped.starting_stack
    assert run(capsys, "--db", db, "structure", "import", str(out), "--name", "Turbo TD3").code == 0
    assert load_structure("turbo-td3").chips == shipped.chips


def test_a_td3_saves_structure_and_chip_set_alone(tmp_path: Path, capsys: Capsys) -> None:
    result = run(capsys, "--db", str(tmp_path / "td.sqlite"), "structure", "import",
                 str(FIXTURES / "club_night_3_3.tdt"), "--json")
    assert result.code == 0, result.err
    preset = load_structure(result.json["key"])
    assert preset.name == "Club Night 3.3" and preset.starting_stack == 10_000
    assert _shape(preset) == [(25, 50, 0, 10), (50, 100, 0, 10), ("break", 5), (75, 150, 0, 10),
                              (100, 200, 25, 10), (150, 300, 50, 15)]
    assert [(chip.value, chip.color) for chip in preset.chips] == [
        (25, "Blue"), (100, "Green"), (1000, "Black")]
    assert run(capsys, "--db", str(tmp_path / "td.sqlite"), "tournaments", "--json").json == []


@pytest.mark.parametrize(("text", "refusal"), [
    ("level,minutes,small blind,big blind,colour\n", "line 1: the columns are level, minutes, small blind"),
    ("level,minutes,sb,bb\n1,abc,1,2\n", "line 2: minutes 'abc' is not a whole number"),
    ("level,minutes,sb,bb\n1,20,100,50\n", "line 2: big blind 50 is below the small blind 100"),
    ("level,minutes,sb,bb\n", "no levels"),
])
def test_a_csv_it_cannot_read_is_one_line_and_saves_nothing(text: str, refusal: str, tmp_path: Path,
                                                            capsys: Capsys) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(text)
    assert_one_line_error(run(capsys, "--db", str(tmp_path / "td.sqlite"), "structure", "import", str(bad)),
                          "bad.csv", refusal)
    assert_one_line_error(run(capsys, "structure", "show", "bad"), "no structure 'bad'")


def test_an_unknown_format_is_one_line(tmp_path: Path, capsys: Capsys) -> None:
    assert_one_line_error(run(capsys, "structure", "export", "club-turbo", "--format", "xls"),
                          "--format 'xls': csv, tdt, html or pdf")


@pytest.mark.parametrize("file_format", ["csv", "tdt"])
def test_rp_18_a_horse_structure_round_trips_with_each_levels_game(file_format: str, tmp_path: Path,
                                                                   capsys: Capsys) -> None:
    toml = tmp_path / "horse.toml"
    assert run(capsys, "structure", "generate", "--stack", "20000", "--players", "30", "--hours", "5",
               "--level-minutes", "30", "--games", "H,O,R,S,E", "--name", "HORSE", "--out",
               str(toml)).code == 0
    horse = load_structure(str(toml))
    # A stud level with its own bring-in, and a limit level with its own bets (the CSV keeps them).
    periods = list(horse.periods)
    stud = next(i for i, p in enumerate(periods) if isinstance(p, Level) and p.game == "stud")
    lhe = next(i for i, p in enumerate(periods) if isinstance(p, Level) and p.game == "lhe")
    periods[stud] = periods[stud].model_copy(update={"bring_in": 2 * periods[stud].stud_bring_in})
    periods[lhe] = periods[lhe].model_copy(update={"small_bet": 2 * periods[lhe].big_blind})
    save_structure(horse.model_copy(update={"periods": periods}), toml)
    out = tmp_path / f"horse.{file_format}"
    db = str(tmp_path / "td.sqlite")
    assert run(capsys, "--db", db, "structure", "export", str(toml), "--format", file_format, "--out",
               str(out)).code == 0
    if file_format == "csv":
        assert out.read_text().splitlines()[0].endswith(",game,small bet,big bet,bring-in")
    result = run(capsys, "--db", db, "structure", "import", str(out), "--name", "HORSE again", "--json")
    assert result.code == 0, result.err
    again = load_structure("horse-again")
    wanted = load_structure(str(toml))
    assert [level.game for level in again.levels] == [level.game for level in wanted.levels]
    assert [level.game for level in again.levels][:5] == ["lhe", "o8", "razz", "stud", "stud8"]
    if file_format == "csv":  # the CSV carries the bets and bring-in too
        assert again.levels == wanted.levels
    else:  # TD3's save names the game only: its bets and bring-in come back as the defaults
        first = again.levels[0]  # limit hold'em, exported with its own small bet
        assert first.game == "lhe" and first.bets == (first.big_blind, 2 * first.big_blind)

"""The command line words a refusal's field as the running command's option: the domain names the
field ("stack"), `main` spells it as `bust`'s `--stack`, in either language; a field the command has
no option for (a positional argument) is not named."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from tdconsole.cli.refusals import option_of
from tdconsole.cli.root import module_command
from tests.cli.helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "flags.sqlite")
    assert run(capsys, "--db", path, "new", "Friday").code == 0
    assert run(capsys, "--db", path, "register", "Anna", "Bo", "Cy", "Dan").code == 0
    return path


@pytest.mark.parametrize(("args", "line"), [
    (["bust", "Anna", "--stack", "Anna=-5"], "--stack Anna: a starting stack must be above 0, not -5"),
    (["bust", "Anna", "--stack", "Zed=5"], "--stack Zed: not one of the players busted here"),
    (["bust", "Anna", "--stack", "Anna"], "--stack: write NAME=NUMBER, not 'Anna'"),
    (["bust", "Anna", "--by", "Anna"], "--by: a player cannot knock themselves out"),
    (["bust", "Anna", "--unplaced", "--stack", "Anna=5"],
     "--stack: a starting stack ranks busts by their chips; an unplaced bust has no place to establish"),
    (["h4h", "start"], "--tables: hand-for-hand needs the tables in play: no player is seated"),
    (["chips", "Anna=1", "anna=2"], "anna: given twice"),  # COUNTS... is positional: not named
])
def test_a_refusal_names_the_running_commands_option(db: str, capsys: Capsys, args: list[str],
                                                     line: str) -> None:
    result = run(capsys, "--db", db, *args)
    assert_one_line_error(result, line)
    assert result.err.startswith(f"error: {line}")


def test_the_option_leads_the_danish_line_too(db: str, capsys: Capsys) -> None:
    result = run(capsys, "--lang", "da", "--db", db, "bust", "Anna", "--stack", "Anna=-5")
    assert_one_line_error(result, "--stack Anna: startstakken skal være mere end 0, ikke -5")


def test_a_field_is_found_by_its_parameter_or_by_its_flag() -> None:
    bust = typer.Context(module_command("money", "bust"))
    undo = typer.Context(module_command("tournament", "undo"))
    assert option_of(bust, "stack") == "--stack"
    assert option_of(bust, "names") is None  # positional
    assert option_of(bust, "nothing") is None
    assert option_of(undo, "anyone") == "--any"  # the parameter's name
    assert option_of(undo, "any") == "--any"  # the domain command's field, spelt as the flag
    assert option_of(None, "stack") is None

"""Names as people type them on the command line: the README's `bust Anna Bo --stack Anna=12000`
works; an ambiguous prefix or a typo is one line that names the candidates and changes nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    path = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", path, "new", "Friday").code == 0
    assert run(capsys, "--db", path, "register", "Anna Holm", "Annika Lund", "Bo Lind", "Carl Berg",
               "Dan").code == 0
    return path


def _events(db: str) -> list[str]:
    with sqlite3.connect(db) as connection:
        return [row[0] for row in connection.execute("SELECT payload FROM events ORDER BY seq")]


def test_the_readmes_bust_by_first_names_with_stacks(db: str, capsys: Capsys) -> None:
    result = run(capsys, "--db", db, "bust", "Anna", "Bo", "--stack", "Anna=12000", "--stack", "Bo=8000",
                 "--by", "Carl")
    assert result.code == 0
    players = {p["name"]: p for p in run(capsys, "--db", db, "state", "--json").json["players"]}
    # T-ELIM-1: Bo Lind started the hand shorter, so he finishes below Anna Holm.
    assert (players["Bo Lind"]["place"], players["Anna Holm"]["place"]) == (5, 4)


@pytest.mark.parametrize(("args", "words"), [
    (("bust", "Ann"), ("'Ann' could be Anna Holm and Annika Lund",)),
    (("bust", "Carl Bregg"), ("no player named 'Carl Bregg'; did you mean Carl Berg?",)),
    (("bust", "Anna", "--stack", "Anna=1", "--stack", "Zed=2"), ("--stack Zed",)),
])
def test_an_ambiguous_or_mistyped_name_is_one_line_and_changes_nothing(
        db: str, capsys: Capsys, args: tuple[str, ...], words: tuple[str, ...]) -> None:
    before = _events(db)
    assert_one_line_error(run(capsys, "--db", db, *args), *words)
    assert _events(db) == before

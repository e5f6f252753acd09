"""`tdconsole staff add / list / remove`: PINs stored only as argon2 hashes, one-line errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "club.sqlite")


def test_add_list_remove(db: str, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    added = run(capsys, "--db", db, "staff", "add", "Tove Berg", "--role", "td", "--pin-stdin", "--json",
                stdin="4821\n", monkeypatch=monkeypatch)
    assert added.code == 0, added.err
    assert added.json["name"] == "Tove Berg" and added.json["role"] == "td"
    run(capsys, "--db", db, "staff", "add", "Frank", "--role", "floor", "--pin-stdin", stdin="1357\n",
        monkeypatch=monkeypatch)
    listed = run(capsys, "--db", db, "staff", "list", "--json").json
    assert [(row["name"], row["role"]) for row in listed] == [("Frank", "floor"), ("Tove Berg", "td")]
    assert "pin" not in str(listed).lower()
    assert run(capsys, "--db", db, "staff", "remove", "tove berg").code == 0
    assert [row["name"] for row in run(capsys, "--db", db, "staff", "list", "--json").json] == ["Frank"]


def test_the_pin_is_stored_only_as_a_salted_argon2_hash(db: str, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("Ann", "Bo"):
        run(capsys, "--db", db, "staff", "add", name, "--role", "floor", "--pin-stdin", stdin="2468\n",
            monkeypatch=monkeypatch)
    with sqlite3.connect(db) as connection:
        hashes = [row[0] for row in connection.execute("SELECT pin_hash FROM staff")]
        dump = "\n".join(connection.iterdump())
    assert all(h.startswith("$argon2id$") for h in hashes)
    assert hashes[0] != hashes[1]  # salted: the same PIN, two hashes
    assert "2468" not in dump


@pytest.mark.parametrize(("args", "stdin", "fragments"), [
    (["add", "Eve", "--role", "boss", "--pin-stdin"], "1234\n", ["--role must be td or floor"]),
    (["add", "Eve", "--role", "td", "--pin-stdin"], "12\n", ["PIN: 4 to 12 digits"]),
    (["add", "Eve", "--role", "td", "--pin-stdin"], "abcd\n", ["PIN: 4 to 12 digits"]),
    (["add", "  ", "--role", "td", "--pin-stdin"], "1234\n", ["give a name"]),
    (["add", "Eve", "--role", "td"], "1234\n", ["use --pin-stdin"]),  # no terminal to ask on
    (["remove", "Nobody"], None, ["no staff member named 'Nobody'"]),
])
def test_staff_errors_are_one_line(db: str, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch, args: list[str], stdin: str | None,
                                   fragments: list[str]) -> None:
    result = run(capsys, "--db", db, "staff", *args, stdin=stdin, monkeypatch=monkeypatch if stdin else None)
    assert_one_line_error(result, *fragments)


def test_a_name_is_added_once_whatever_its_case(db: str, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    run(capsys, "--db", db, "staff", "add", "Tove", "--role", "td", "--pin-stdin", stdin="1234\n",
        monkeypatch=monkeypatch)
    again = run(capsys, "--db", db, "staff", "add", "TOVE", "--role", "floor", "--pin-stdin", stdin="1234\n",
                monkeypatch=monkeypatch)
    assert_one_line_error(again, "already exists")


def test_the_pin_is_asked_twice_on_a_terminal(db: str, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    answers = iter(["1234", "1243"])
    monkeypatch.setattr("sys.stdin", Terminal())
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    assert_one_line_error(run(capsys, "--db", db, "staff", "add", "Tove", "--role", "td"), "PINs differ")
    answers = iter(["1234", "1234"])
    assert run(capsys, "--db", db, "staff", "add", "Tove", "--role", "td").code == 0

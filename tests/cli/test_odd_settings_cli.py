"""Every setting is checked at the edge: a `--db` tdconsole cannot use is one line naming what it
can, and a junk `TZ` or language setting falls back to a stated default with one warning line,
never an internal error."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run

SUPPORTED = ("a SQLite file path", "sqlite:///PATH", "postgresql+psycopg://")


@pytest.mark.parametrize("url", ["mysql://club@db/td", "mssql+pyodbc://club@db/td", "oracle://db/td",
                                 "foo://bar", "http://example.com", "postgresql+psycopg2://db/td",
                                 "sqlite+aiosqlite:///td.sqlite"])
def test_a_database_tdconsole_cannot_use_is_one_line_naming_what_it_can(
        capsys: pytest.CaptureFixture[str], url: str) -> None:
    result = run(capsys, "--db", url, "state")
    assert_one_line_error(result, f"{url}: tdconsole cannot use this database", *SUPPORTED)


def test_a_password_in_a_refused_url_is_not_printed(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "--db", "mysql://club:secret@db/td", "state")
    assert_one_line_error(result, "mysql://club:***@db/td")
    assert "secret" not in result.err


def test_postgresql_without_psycopg_says_how_to_install_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # `import psycopg` fails as if not installed
    result = run(capsys, "--db", "postgresql+psycopg://club@db/td", "state")
    assert_one_line_error(result, "needs the psycopg driver", "pip install 'tdconsole[postgres]'")


def _tdconsole(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    # A process of its own: Babel reads TZ once, when it is first imported.
    return subprocess.run([sys.executable, "-m", "tdconsole", *args], env=env, capture_output=True,
                          text=True, check=False)


@pytest.fixture
def club(capsys: pytest.CaptureFixture[str], tmp_path: Path,
         monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("TDCONSOLE_DB", str(tmp_path / "club.sqlite"))
    for args in (["new", "Friday"], ["register", "Anna", "Bo"], ["clock", "start"]):
        assert run(capsys, *args).code == 0
    (tmp_path / "notazone").write_text("not a zone file\n")
    return {**os.environ, "NOT_A_ZONE": str(tmp_path / "notazone")}


@pytest.mark.parametrize(("zone", "command"), [
    ("UTC+25", "state"), ("NOT_A_ZONE", "log"), (":NOT_A_ZONE", "results"), ("Foo/Bar", "log"),
    ("/", "state")])
def test_a_junk_tz_falls_back_to_utc_with_one_warning(club: dict[str, str], zone: str,
                                                     command: str) -> None:
    zone = zone.replace("NOT_A_ZONE", club["NOT_A_ZONE"])
    done = _tdconsole({**club, "TZ": zone}, command)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        f"warning: TZ={zone!r} is not a time zone; using UTC (times are shown on the club's clock, "
        "house rule money.time_zone)"]


@pytest.mark.parametrize("zone", ["Europe/Copenhagen", "CET-1CEST,M3.5.0,M10.5.0/3"])
def test_a_real_tz_is_taken_without_a_word(club: dict[str, str], zone: str) -> None:
    done = _tdconsole({**club, "TZ": zone}, "log")
    assert (done.returncode, done.stderr) == (0, "")


LANGUAGE_SETTINGS = ("TDCONSOLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize(("name", "value"), [
    ("TDCONSOLE_LANG", "klingon"), ("LC_ALL", "%%%"), ("LC_MESSAGES", "da DK"), ("LANG", "\x01")])
def test_a_junk_language_setting_falls_back_to_english_with_one_warning(
        club: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        name: str, value: str) -> None:
    for setting in LANGUAGE_SETTINGS:
        monkeypatch.delenv(setting, raising=False)
    monkeypatch.setenv(name, value)
    result = run(capsys, "tournaments")
    assert result.code == 0, result.err
    assert "Friday" in result.out
    [line] = result.err.splitlines()
    assert line.startswith(f"warning: {name}=") and line.endswith(
        "is not a language or locale; using English (da and en are spoken; --lang chooses)")


@pytest.mark.parametrize("args", [["--lang", "da", "tournaments"], ["tournaments"]],
                         ids=["the flag decides", "a locale of another language"])
def test_no_word_when_no_junk_setting_decides(club: dict[str, str], capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    monkeypatch.setenv("TDCONSOLE_LANG", "klingon" if args[0] == "--lang" else "")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    result = run(capsys, *args)
    assert (result.code, result.err) == (0, "")


@pytest.mark.parametrize("encoding", [
    {"PYTHONIOENCODING": "cp1252"}, {"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"},
    {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}], ids=["cp1252", "ascii", "latin-1", "C"])
def test_a_done_command_is_reported_done_where_the_terminal_cannot_show_a_name(
        club: dict[str, str], capsys: pytest.CaptureFixture[str], encoding: dict[str, str]) -> None:
    """Issue 35: `bust Łukasz` committed and then exited 1 with "internal error (UnicodeEncodeError)"
    on a Windows console, so a user who retried busted (or undid) twice. What the terminal cannot
    show is written as "?", and the exit says what happened."""
    assert run(capsys, "register", "Łukasz").code == 0
    assert run(capsys, "draw", "--seed", "1").code == 0
    env = {key: value for key, value in club.items() if key not in ("LANG", "LC_ALL", "LC_CTYPE")}
    env |= {"TDCONSOLE_LANG": "en", **encoding}
    for args in (["bust", "Łukasz"], ["state"], ["tables"], ["log"], ["results"], ["undo"],
                 ["log", "--json"]):
        done = subprocess.run([sys.executable, "-m", "tdconsole", *args], env=env, capture_output=True,
                              text=True, errors="replace", check=False)
        assert (done.returncode, done.stderr) == (0, ""), (args, done.stderr)
        assert done.stdout.strip()
    kinds = [row["type"] for row in run(capsys, "log", "--json").json]
    assert (kinds.count("player_busted"), kinds.count("undone")) == (1, 1), kinds


@pytest.mark.parametrize(("db", "says"), [
    ("sqlite://", "an in-memory database keeps nothing"),
    ("sqlite:///", "an in-memory database keeps nothing"),
    ("sqlite:///:memory:", "an in-memory database keeps nothing"),
    ("sqlite:///file::memory:?cache=shared", "an in-memory database keeps nothing"),
    ("{tmp}/td.sqlite-wal", "is SQLite's side file of td.sqlite, not a database"),
    ("{tmp}/td.sqlite-shm", "is SQLite's side file of td.sqlite"),
    ("sqlite:///{tmp}/td.sqlite-journal", "is SQLite's side file of td.sqlite"),
    ("sqlite:///{tmp}/td.sqlite?mode=ro", "takes no options in the URL (mode)"),
    ("", "--db is empty"),
    ("~nosuchuser35/td.sqlite", "~nosuchuser35: no such user"),
])
def test_only_a_real_file_holds_a_tournament(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             db: str, says: str) -> None:
    """Issue 35: these printed "Created tournament 1" (exit 0) into memory or into SQLite's side
    file, ignored mode=ro, used the default database for '', or crashed on ~nouser."""
    result = run(capsys, "--db", db.format(tmp=tmp_path), "new", "Friday")
    assert_one_line_error(result, says)
    assert sorted(tmp_path.iterdir()) == []


def test_a_foreign_sqlite_file_is_refused_and_left_as_it_was(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    path = tmp_path / "accounts.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE ledger (amount INTEGER)")
        connection.execute("INSERT INTO ledger VALUES (5)")
    connection.close()
    before = path.read_bytes()
    assert_one_line_error(run(capsys, "--db", str(path), "state"), "not a tdconsole database")
    assert path.read_bytes() == before  # not switched to WAL (its header's bytes 18 and 19)
    assert sorted(tmp_path.iterdir()) == [path]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("args", [["structure", "show", "{fifo}"], ["members", "import", "{fifo}"],
                                  ["tournaments"]], ids=["--structure", "members CSV", "house rules"])
def test_a_fifo_is_refused_not_waited_on(club: dict[str, str], tmp_path: Path, args: list[str]) -> None:
    """Issue 35: a FIFO as house rules, a structure or a members CSV blocked forever (opening a FIFO
    to read waits for a writer); docs/SECURITY.md says a pipe is refused. The timeout is the test's
    guard against that hang, not a measurement."""
    fifo = tmp_path / "rules.fifo"
    os.mkfifo(fifo)
    env = {**club, "TDCONSOLE_HOUSE_RULES": str(fifo), "TDCONSOLE_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "tdconsole", *(a.format(fifo=fifo) for a in args)],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stderr == f"error: {fifo}: not a regular file\n"


def test_a_4301_digit_integer_in_a_toml_file_is_one_line(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    """Issue 35: Python refuses to read an integer of more than 4,300 digits: an internal error
    (ValueError) before."""
    path = tmp_path / "huge.toml"
    path.write_text(f"name = \"Huge\"\nstarting_stack = {'9' * 4301}\n", encoding="utf-8")
    assert_one_line_error(run(capsys, "structure", "show", str(path)),
                          f"{path}: not valid TOML: a number of more than 4300 digits")

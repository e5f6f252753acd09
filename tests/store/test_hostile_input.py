"""Hostile input through the real command line, on SQLite and on PostgreSQL: every case is one line
of error and leaves the database as it was (the tournaments, their logs, the members).

Text is text (control, bidi and surrogate characters refused naming the field, names compared
under NFKC case folding, look-alikes from another script refused), and every number has a stated
range (domain/limits.py), files are size-checked and JSON is bounded (config/files.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tdconsole.club.members import Members
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import event_table, league_table, member_table
from tests.cli.helpers import assert_one_line_error, run
from tests.conftest import Build

SURROGATE = "x\udcff"  # what Python makes of a byte that is not UTF-8 in argv


def friday(url: str) -> None:
    store = EventStore.open(url)
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"), buy_in=100)
    service.execute(Register(names=["Anna", "Bo", "Cy", "Dee"]))
    Members(store).add("Eva Lund", number=7)
    store.close()


@pytest.fixture
def db(db_url: str, copy_of: Callable[[str, Build], str]) -> str:
    return copy_of(db_url, friday)


def snapshot(url: str) -> tuple[object, ...]:
    store = EventStore.open(url)
    try:
        with store.engine.connect() as connection:
            events = connection.execute(select(func.count()).select_from(event_table)).scalar()
            members = connection.execute(select(func.count()).select_from(member_table)).scalar()
            leagues = connection.execute(select(func.count()).select_from(league_table)).scalar()
        return tuple(t.name for t in store.tournaments()), events, members, leagues
    finally:
        store.close()


TEXT_CASES = {
    "escape in --actor": (["--actor", "\x1b]0;owned\x07", "clock", "start"],
                          "the actor: a control character"),
    "surrogate in --actor": (["--actor", SURROGATE, "clock", "start"], "the actor: a lone surrogate"),
    "long --actor": (["--actor", "a" * 101, "clock", "start"], "the actor: 'aaaaaaaaaaaaaaaaaaaa'... is 101"),
    "bidi in a name": (["register", "\u202eevil"], "names.0: a bidirectional-text control (U+202E)"),
    "surrogate in a name": (["register", SURROGATE], "names.0: a lone surrogate"),
    "fullwidth duplicate": (["register", "Ａｎｎａ"], "'Anna' is already registered"),
    "Cyrillic look-alike": (["register", "Bо"], "'Bо' looks like 'Bo'"),
    "escape in --game": (["new", "Cup", "--game", "NL\x07"], "the game: a control character (U+0007)"),
    "bidi in a tournament name": (["new", "Cup\u202e"], "the tournament's name: a bidirectional"),
    "escape in --by": (["rulings", "log", "--scenario", "other", "--description", "d", "--by", "x\x1b[2J",
                        "--decision", "d", "--reason", "r"], "staff: a control character"),
    "escape in --decision": (["rulings", "log", "--scenario", "other", "--description", "d", "--by", "Ole",
                              "--decision", "d\x1b[2J", "--reason", "r"], "decision: a control character"),
    "escape in --reason": (["rulings", "log", "--scenario", "other", "--description", "d", "--by", "Ole",
                            "--decision", "d", "--reason", "\x9b31m"],
                           "reason: a control character"),
    "escape in a member's note": (["members", "add", "Finn", "--note", "\x1b[2J"], "note: a control"),
    "bidi in a league's name": (["league", "new", "Vinter\u202e"], "a league's name: a bidirectional"),
}


@pytest.mark.parametrize("case", TEXT_CASES)
def test_text_that_is_not_text_is_one_line_naming_the_field_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], db: str, case: str) -> None:
    args, fragment = TEXT_CASES[case]
    before = snapshot(db)
    assert_one_line_error(run(capsys, "--db", db, *args), fragment)
    assert snapshot(db) == before


NUMBER_CASES = {
    "tournament id beyond 32 bits": (["-t", "2147483648", "state"], "less than or equal to 2147483647"),
    "negative tournament id beyond 32 bits": (["-t", "-2147483649", "state"], "greater than or equal to 1"),
    "use beyond 32 bits": (["use", "2147483648"], "less than or equal to 2147483647"),
    "member number beyond 32 bits": (["members", "show", "2147483648"],
                                     "member number: 2147483648 is out"),
    "table number": (["seat", "Anna", "99999999999", "1"], "table: Input should be less than or"),
    "seats at a table": (["tables", "set-seats", "1", "99"], "seats: Input should be less than or"),
    "bounty": (["money", "set", "--bounty", "10000000000000"], "bounty: 10000000000000 is out of range"),
    "buy-in": (["new", "Cup", "--buy-in", "10000000000000"], "the buy-in: 10000000000000 is out of range"),
    "entries": (["rules", "payouts", "--entries", "1" + "0" * 23, "--pool", "1000"], "entries: "),
    "hours nan": (["structure", "generate", "--stack", "20000", "--players", "50", "--hours", "nan",
                   "--level-minutes", "20"], "--hours: nan is not a number"),
    "hours -inf": (["structure", "generate", "--stack", "20000", "--players", "50", "--hours", "-inf",
                    "--level-minutes", "20"], "--hours: -inf is not a number"),
    "hours 1e23": (["structure", "generate", "--stack", "20000", "--players", "50", "--hours", "1e23",
                    "--level-minutes", "20"], "--hours: 1e+23 is out of range"),
    "players": (["structure", "generate", "--stack", "20000", "--players", "100000000000", "--hours", "4",
                 "--level-minutes", "20"], "players: 100000000000 is out of range"),
    "ICM beyond its limit": (["rules", "icm", "--payouts", ",".join(["10"] * 24),
                              "--stacks", ",".join(str(100 + i) for i in range(24))],
                             "--estimate: exact ICM for 24 players"),
    "a league's tournament beyond 32 bits": (["league", "add", "2147483648"], "2147483647"),
    "a line break in a quoted key": (["chips", "a\r\nb=0"], "a\\r\\nb"),
    "a line break in a quoted path": (["structure", "show", "a\r\nb.toml"], "a\\r\\nb.toml"),
    "level beyond the structure": (["clock", "level", "100000"], "level: Input should be less than"),
}


@pytest.mark.parametrize("case", NUMBER_CASES)
def test_a_number_out_of_its_range_is_one_line_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], db: str, case: str) -> None:
    args, fragment = NUMBER_CASES[case]
    before = snapshot(db)
    assert_one_line_error(run(capsys, "--db", db, *args), fragment)
    assert snapshot(db) == before


def test_files_are_size_checked_and_must_be_utf8(capsys: pytest.CaptureFixture[str], db: str,
                                                tmp_path: Path) -> None:
    before = snapshot(db)
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes('name = "Fr\xe5dag"\n'.encode("latin-1"))
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * (2 * 1024 * 1024) + b"\n")
    cases = [(["structure", "show", "/dev/zero"], "/dev/zero: not a regular file"),
             (["structure", "use", str(latin1)], "not UTF-8 text"),
             (["structure", "use", str(big)], "larger than 1024 KiB"),
             (["members", "import", "/dev/zero"], "not a regular file")]
    for args, fragment in cases:
        assert_one_line_error(run(capsys, "--db", db, *args), fragment)
    assert snapshot(db) == before


@pytest.mark.parametrize(("stdin", "fragment"), [
    ("[" * 1000 + "]" * 1000, "JSON nested 1000 deep; at most 32"),
    ('{"pots": ' + "9" * 5000 + "}", "an integer of 5000 digits"),
    ('{"pots": NaN}', "NaN is not a number JSON allows"),
])
def test_json_on_stdin_is_bounded_in_depth_and_integer_size(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: str, stdin: str,
        fragment: str) -> None:
    before = snapshot(db)
    assert_one_line_error(run(capsys, "--db", db, "rules", "pots", stdin=stdin, monkeypatch=monkeypatch),
                          fragment)
    assert snapshot(db) == before


def test_a_name_typed_in_another_width_finds_the_player(capsys: pytest.CaptureFixture[str], db: str) -> None:
    result = run(capsys, "--db", db, "bust", "ａｎｎａ", "--json")
    assert result.code == 0, result.err
    store = EventStore.open(db)
    try:
        assert Service(store).state.find("Anna").status == "busted"
    finally:
        store.close()


def test_text_from_an_older_log_reaches_no_output_as_control_characters(
        capsys: pytest.CaptureFixture[str], db: str) -> None:
    """A log written before text was checked may hold an escape sequence or a bidi override: it is
    read through `visible`, so the terminal, the exports and JSON show it written out."""
    from datetime import UTC, datetime

    from tdconsole.domain.events import Envelope, PlayerRegistered

    store = EventStore.open(db)
    try:
        seq = len(store.load(1)) + 1
        store.append(1, [Envelope(seq=seq, time=datetime(2026, 1, 1, tzinfo=UTC), actor="td\x1b[2J",
                                  command_id="old", event=PlayerRegistered(
                                      player_id="p99", name="Evil\x1b]0;owned\x07\u202eX\x9b"))])
        assert Service(store).state.players["p99"].name == "Evil\\x1b]0;owned\\x07\\u202eX\\x9b"
    finally:
        store.close()
    for args in (["log"], ["log", "--json"], ["state"], ["state", "--json"], ["results", "--format", "csv"],
                 ["results", "--format", "html"], ["seating"]):
        result = run(capsys, "--db", db, *args)
        assert result.code == 0, (args, result.err)
        shown = result.out + result.err
        assert not any(char in shown for char in "\x1b\x07\u202e\x9b"), args
        assert "Evil" in shown or args == ["seating"], args

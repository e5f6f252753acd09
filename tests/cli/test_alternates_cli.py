"""Alternates through the CLI (`new --tables`, `register`, `alternates`, `bust`, `reenter`,
`unregister`, `undo`): the JSON keys scripts read, and refusals in one line with the log unchanged.

The room: 2 tables of 3 seats (6 seats)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import Result, assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Cli = Callable[..., Result]
SEATED = ["Anna", "Bo", "Carl", "Dorte", "Erik", "Freja"]


@pytest.fixture
def cli(tmp_path: Path, capsys: Capsys) -> Cli:
    path = str(tmp_path / "hal.sqlite")

    def call(*args: str) -> Result:
        return run(capsys, "--db", path, *args)

    created = call("new", "Main Event", "--tables", "2", "--seats", "3", "--use", "--json")
    assert created.code == 0, created.err
    call.db = path  # type: ignore[attr-defined]
    return call


def ok(cli: Cli, *args: str) -> Any:
    result = cli(*args, "--json")
    assert result.code == 0, result.err
    return result.json


def events(cli: Cli) -> int:
    with sqlite3.connect(cli.db) as connection:  # type: ignore[attr-defined]
        return int(connection.execute("SELECT count(*) FROM events").fetchone()[0])


def seat(cli: Cli, name: str) -> tuple[int, int]:
    for table in ok(cli, "tables"):
        for number, sitting in table["seats"].items():
            if sitting == name:
                return table["table"], int(number)
    raise AssertionError(f"{name} has no seat")


def test_a_registration_past_the_rooms_seats_answers_its_alternate_number(cli: Cli) -> None:
    data = ok(cli, "register", *SEATED, "Gitte")
    assert [row["name"] for row in data["registered"]] == SEATED
    assert data["alternate"] == 1
    assert data["alternates"] == [{"alternate": 1, "name": "Gitte", "member": None, "reentry": False}]
    ok(cli, "draw", "--seed", "1")
    data = ok(cli, "register", "Mette Kjær")
    assert (data["alternate"], data["registered"], data["entries"]) == (2, [], 6)
    assert ok(cli, "alternates") == {
        "alternates": [{"alternate": 1, "name": "Gitte", "member": None, "reentry": False},
                       {"alternate": 2, "name": "Mette Kjær", "member": None, "reentry": False}],
        "tables": 2, "tournament": {"id": 1, "name": "Main Event"}}
    text = cli("register", "Hans")
    assert text.code == 0 and "Hans waits as alternate 3: every seat is taken (T-REG-1)" in text.out


def test_alternates_fill_the_freed_seats_in_order_and_undo_puts_them_back(cli: Cli) -> None:
    ok(cli, "register", *SEATED, "Gitte", "Mette Kjær")
    ok(cli, "draw", "--seed", "1")
    freed = seat(cli, "Anna")
    data = ok(cli, "bust", "Anna")
    assert data["alternates_seated"] == [{"alternate": 1, "id": "p7", "name": "Gitte", "table": freed[0],
                                          "seat": freed[1], "waits": False}]
    assert [row["name"] for row in ok(cli, "alternates")["alternates"]] == ["Mette Kjær"]
    freed = seat(cli, "Bo")
    text = cli("bust", "Bo")
    assert f"Alternate 2, Mette Kjær: table {freed[0]} seat {freed[1]}" in text.out
    assert ok(cli, "alternates")["alternates"] == []
    undone = ok(cli, "undo")
    assert any("Alternate 2, Mette Kjær" in row["text"] for row in undone["events"])
    assert [row["name"] for row in ok(cli, "alternates")["alternates"]] == ["Mette Kjær"]
    assert seat(cli, "Bo") == freed
    log = ok(cli, "log")
    assert f"Alternate 1, Gitte: table {seat(cli, 'Gitte')[0]} seat {seat(cli, 'Gitte')[1]}" in [
        row["text"] for row in log]


def test_a_reentry_with_every_seat_taken_waits_as_an_alternate(cli: Cli) -> None:
    ok(cli, "register", *SEATED, "Gitte")
    ok(cli, "draw", "--seed", "1")
    ok(cli, "bust", "Anna")  # Gitte sits down
    data = ok(cli, "reenter", "Anna")
    assert (data["alternate"], data["id"], data["entry"], data["table"]) == (2, None, 2, None)
    assert ok(cli, "alternates")["alternates"] == [
        {"alternate": 2, "name": "Anna", "member": None, "reentry": True}]
    data = ok(cli, "bust", "Bo")
    assert [(row["alternate"], row["name"]) for row in data["alternates_seated"]] == [(2, "Anna")]
    anna = next(p for p in ok(cli, "state")["players"] if p["name"] == "Anna" and p["status"] == "seated")
    assert anna["entry"] == 2


def test_unregister_takes_an_alternate_off_the_list(cli: Cli) -> None:
    ok(cli, "register", *SEATED, "Gitte", "Hans", "Ida")
    data = ok(cli, "unregister", "Hans")
    assert (data["alternate"], data["entries"]) == (2, 6)
    assert [row["alternate"] for row in ok(cli, "alternates")["alternates"]] == [1, 3]
    data = ok(cli, "unregister", "Carl")  # before the draw: Gitte has a seat kept for her now
    assert "alternate" not in data and data["entries"] == 6
    assert [row["name"] for row in ok(cli, "alternates")["alternates"]] == ["Ida"]


def test_refusals_are_one_line_and_change_nothing(cli: Cli) -> None:
    ok(cli, "register", *SEATED, "Gitte")
    ok(cli, "draw", "--seed", "1")
    before = events(cli)
    assert_one_line_error(cli("bust", "Gitte"), "Gitte is alternate 1, waiting for a seat (T-REG-1)")
    assert_one_line_error(cli("register", "gitte"), "T-REG-1: Gitte is already alternate 1")
    assert_one_line_error(cli("move", "Anna", "3", "1"), "table 3: the room has tables 1 to 2")
    assert events(cli) == before
    ok(cli, "bust", "Anna")
    ok(cli, "reenter", "Anna")
    before = events(cli)
    assert_one_line_error(cli("reenter", "Anna"), "T-REG-1: Anna is already alternate 2")
    assert events(cli) == before


@pytest.mark.parametrize("tables", ["0", "50001", "x"])
def test_new_refuses_a_room_without_tables(cli: Cli, tables: str) -> None:
    assert_one_line_error(cli("new", "Side", "--tables", tables), "--tables")

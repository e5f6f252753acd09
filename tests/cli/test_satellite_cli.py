"""A satellite through the CLI (docs/FORMATS.md T-SAT-1..4): `money set --satellite-seat`, `payouts
--json` with each place's `seat`, the end, `tickets --json`, and `register NAME --ticket` spending a
won seat as the target event's buy-in; refusals in one line with the log unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.helpers import assert_one_line_error, run
from tests.cli.test_money_tournament_cli import Capsys, events

NAMES = [f"P{i:02}" for i in range(1, 38)]


def tdj(capsys: Capsys, db: str, *args: str) -> Any:
    result = run(capsys, "--db", db, *args, "--json")
    assert result.code == 0, result.err
    return result.json


def satellite(tmp_path: Path, capsys: Capsys, *settings: str) -> str:
    """The target event (1,000 + 100, tournament 1) and a 37-entry satellite to it (300 + 30,
    tournament 2, current): a pool of 37 * 300 = 11,100 buys 10 seats of 1,100, 100 left over."""
    db = str(tmp_path / "sat.sqlite")
    tdj(capsys, db, "new", "Main event", "--buy-in", "1000", "--fee", "100")
    tdj(capsys, db, "new", "Satellite", "--buy-in", "300", "--fee", "30", "--use")
    tdj(capsys, db, "register", *NAMES)
    tdj(capsys, db, "money", "set", "--satellite-seat", "1100", *settings)
    return db


def test_a_37_entry_satellite_and_a_ticket_spent_in_the_target_event(tmp_path: Path,
                                                                      capsys: Capsys) -> None:
    db = satellite(tmp_path, capsys)
    payouts = tdj(capsys, db, "payouts")
    assert payouts["method"] == "satellite"
    assert [(p["place"], p["amount"], p["seat"]) for p in payouts["payouts"]] == [
        *((place, 1_100, True) for place in range(1, 11)), (11, 100, False)]
    for number in range(37, 11, -1):
        tdj(capsys, db, "bust", f"P{number:02}")
    assert tdj(capsys, db, "h4h", "status")["suggested"] is True  # 11 left: the seat bubble
    busted = tdj(capsys, db, "bust", "P11")["busted"][0]
    assert (busted["place"], busted["prize"]) == (11, 100)
    state = tdj(capsys, db, "state")
    assert state["tournament"]["status"] == "finished" and state["tournament"]["winner"] is None
    assert {p["name"]: (p["place"], p["last_place"]) for p in state["players"]}["P10"] == (1, 10)
    before = events(db)
    assert_one_line_error(run(capsys, "--db", db, "bust", "P01"), "T-SAT-2")
    assert events(db) == before
    tickets = tdj(capsys, db, "tickets")["tickets"]
    assert [(t["id"], t["name"], t["value"], t["satellite"], t["status"]) for t in tickets][:2] == [
        ("S2-p1", "P01", 1_100, 2, "held"), ("S2-p2", "P02", 1_100, 2, "held")]
    assert len(tickets) == 10
    # The target event: P01 pays by his ticket; a second --ticket has none left to spend.
    registered = tdj(capsys, db, "-t", "1", "register", "P01", "--ticket")["registered"][0]
    assert registered["ticket"] == "S2-p1"
    assert {p["name"]: p["ticket"] for p in tdj(capsys, db, "-t", "1", "state")["players"]} == {
        "P01": "S2-p1"}
    spent = next(t for t in tdj(capsys, db, "tickets")["tickets"] if t["id"] == "S2-p1")
    assert (spent["status"], spent["spent_in"], spent["spent_by"]) == ("spent", 1, "P01")
    tdj(capsys, db, "-t", "1", "unregister", "P01")  # the entry taken back: the ticket is free again
    assert next(t for t in tdj(capsys, db, "tickets")["tickets"] if t["id"] == "S2-p1")["status"] == "held"


def test_register_by_ticket_without_one_is_one_line(tmp_path: Path, capsys: Capsys) -> None:
    db = satellite(tmp_path, capsys)
    before = events(db)
    assert_one_line_error(run(capsys, "--db", db, "-t", "1", "register", "Nobody", "--ticket"),
                          "T-SAT-4", "Nobody holds no unspent seat worth 1100")
    assert_one_line_error(run(capsys, "--db", db, "deal", "propose", "chip-chop"), "T-SAT-5")
    assert events(db) == before


def test_t_sat_3_a_winner_who_holds_a_seat_takes_its_value_in_cash(tmp_path: Path,
                                                                   capsys: Capsys) -> None:
    """Two satellites of 3 entries at 1,100 each (a pool of 3,300 buys 2 seats): P01 wins a seat in
    both; the second is paid in cash (T-SAT-3, the default), or is a second ticket if so set."""
    db = str(tmp_path / "two.sqlite")
    for holder in ("cash", "ticket"):
        for number in (1, 2):
            tdj(capsys, db, "new", f"Sat {holder} {number}", "--buy-in", "1100", "--use")
            tdj(capsys, db, "register", "P01", "P02", "P03" if number == 1 else "P04")
            tdj(capsys, db, "money", "set", "--satellite-seat", "1100", "--satellite-holder", holder)
            tdj(capsys, db, "bust", "P03" if number == 1 else "P04")
        statuses = [t["status"] for t in tdj(capsys, db, "tickets")["tickets"] if t["name"] == "P01"]
        assert statuses[-1] == ("cash" if holder == "cash" else "held")

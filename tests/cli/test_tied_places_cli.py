"""Players tied in the places paid (T-ELIM-2) through the CLI: `state --json` `paid` and
`payouts --json` name each of them with his share, in a satellite whose last seat two players
tie for (docs/FORMATS.md T-SAT-6: the seat is paid in cash and split, the satellite is over and
its clock stays stopped) and in an ordinary ladder's 6th-7th."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import run
from tests.cli.test_money_tournament_cli import Capsys


def tdj(capsys: Capsys, db: str, *args: str) -> Any:
    result = run(capsys, "--db", db, *args, "--json")
    assert result.code == 0, result.err
    return result.json


def paid(document: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(row["place"], row.get("last_place"), row["name"], row["amount"], row["seat"])
            for row in document["paid"]]


def tied_satellite(tmp_path: Path, capsys: Capsys) -> str:
    """12 entries of 300 to seats of 1,100: 3 seats and 300 for 4th. Hand-for-hand is proposed with
    5 left (the 300 is the first money, T-H4H-1) and runs over the seat bubble; in its hand P3 and
    P4 bust with equal stacks and tie for 3rd-4th across the last seat."""
    db = str(tmp_path / "sat.sqlite")
    tdj(capsys, db, "new", "Main event", "--buy-in", "1000", "--fee", "100")
    tdj(capsys, db, "new", "Satellite", "--buy-in", "300", "--fee", "30", "--use")
    tdj(capsys, db, "register", *(f"P{number}" for number in range(1, 13)))
    tdj(capsys, db, "money", "set", "--satellite-seat", "1100")
    tdj(capsys, db, "draw", "--seed", "7")
    tdj(capsys, db, "clock", "start")
    for number in range(12, 6, -1):
        tdj(capsys, db, "bust", f"P{number}")
    assert tdj(capsys, db, "h4h", "status")["suggested"] is False  # 6 left
    tdj(capsys, db, "bust", "P6")
    assert tdj(capsys, db, "h4h", "status")["suggested"] is True  # 5 left: the 300's bubble
    tdj(capsys, db, "h4h", "start")
    tdj(capsys, db, "bust", "P5")
    finish_the_hand(capsys, db)
    assert tdj(capsys, db, "h4h", "status")["active"] is True  # on to the seat bubble (T-SAT-2)
    tdj(capsys, db, "bust", "P3", "P4", "--stack", "P3=5000", "--stack", "P4=5000")
    return db


def finish_the_hand(capsys: Capsys, db: str, *args: str) -> list[str]:
    """Every table finishes the hand-for-hand hand (`h4h done`); what the last one was told."""
    told: list[str] = []
    for table in tdj(capsys, db, "h4h", "status")["tables"]:
        if not table["done"]:
            told.append(run(capsys, "--db", db, *args, "h4h", "done", str(table["table"])).out)
    return told


def test_t_sat_6_the_tied_last_seat_is_shared_in_cash_and_the_satellite_is_over(tmp_path: Path,
                                                                              capsys: Capsys) -> None:
    db = tied_satellite(tmp_path, capsys)
    told = " ".join(finish_the_hand(capsys, db)[-1].split())
    assert "the tournament is over" in told and "normal speed" not in told
    state = tdj(capsys, db, "state")
    assert state["tournament"]["status"] == "finished"
    assert state["clock"]["running"] is False  # T-SAT-2: the clock hand-for-hand paused stays stopped
    assert state["hand_for_hand"]["active"] is False
    # Each seat names its winner; the last seat and 4th's 300 are 700 each in cash (T-SAT-6).
    assert paid(state) == [(1, 2, "P1", 1_100, True), (1, 2, "P2", 1_100, True),
                           (3, 4, "P3", 700, False), (3, 4, "P4", 700, False)]
    assert paid(tdj(capsys, db, "payouts")) == paid(state)
    assert [t["name"] for t in tdj(capsys, db, "tickets")["tickets"]] == ["P1", "P2"]
    assert run(capsys, "--db", db, "clock").out.rstrip().endswith("(paused)")


@pytest.mark.parametrize("pko", [False, True], ids=["normal", "pko"])
def test_t_elim_2_a_tied_6th_and_7th_each_show_with_his_share(tmp_path: Path, capsys: Capsys,
                                                               pko: bool) -> None:
    """40 entries pay 6 places; Q06 and Q07 bust in one hand with equal stacks at 7 left: 6th's
    money is theirs, half each, and the ladder names both (not one of them with the whole), in an
    ordinary tournament and in a progressive knockout (T-PKO-1: Q01 knocks everyone out)."""
    db = str(tmp_path / "tie.sqlite")
    tdj(capsys, db, "new", "Friday", "--buy-in", "300", "--fee", "30", "--use")
    tdj(capsys, db, "register", *(f"Q{number:02}" for number in range(1, 41)))
    by = ["--by", "Q01"] if pko else []
    if pko:
        tdj(capsys, db, "money", "set", "--bounty", "100", "--pko-share", "50")
    sixth = [p["amount"] for p in tdj(capsys, db, "payouts")["payouts"]][5]
    for number in range(40, 7, -1):
        tdj(capsys, db, "bust", f"Q{number:02}", *by)
    tdj(capsys, db, "bust", "Q06", "Q07", "--stack", "Q06=9000", "--stack", "Q07=9000", *by)
    state = tdj(capsys, db, "state")
    assert state["bounties"]["pko"] is pko
    # An odd krone goes to the first name (split_evenly).
    assert paid(state)[5:] == [(6, 7, "Q06", sixth - sixth // 2, False), (6, 7, "Q07", sixth // 2, False)]
    assert paid(state)[:5] == [(place, None, None, amount, False) for place, amount in
                               enumerate([p["amount"] for p in state["payouts"][:5]], 1)]
    assert paid(tdj(capsys, db, "payouts")) == paid(state)
    assert "Q06, tied (T-ELIM-2)" in run(capsys, "--db", db, "payouts").out

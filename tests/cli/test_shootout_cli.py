"""A 27-player shootout through the CLI with --json (T-SHOOT-1..4, docs/RULES.md): `new --shootout`,
the draw, each table played down to its winner (`shootout --json`, `state --json` `shootout`),
refusals in one line with the log unchanged, `shootout draw` (previewed, then applied with the
previewed seed), the final table of three to one winner, and the payouts by round to the krone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.helpers import assert_one_line_error, run
from tests.cli.test_money_tournament_cli import Capsys, events

NAMES = [f"P{i:02}" for i in range(1, 28)]


def tdj(capsys: Capsys, db: str, *args: str) -> Any:
    result = run(capsys, "--db", db, *args, "--json")
    assert result.code == 0, result.err
    return result.json


def _seated(state: Any, table: int) -> list[str]:
    [found] = [t for t in state["tables"] if t["table"] == table]
    return [found["seats"][seat] for seat in sorted(found["seats"], key=int)]


def test_a_27_player_shootout_ends_with_its_three_table_winners_redrawn_and_paid_by_round(
        tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "shootout.sqlite")
    tdj(capsys, db, "new", "Shootout", "--shootout", "--buy-in", "300", "--fee", "50", "--use")
    tdj(capsys, db, "register", *NAMES)
    tdj(capsys, db, "draw", "--seed", "3")
    state = tdj(capsys, db, "state")
    assert state["shootout"] == {
        "round": 1, "winners_per_table": 1, "last_round": False, "round_over": False,
        "tables": [{"table": n, "left": 9, "winner": None, "winners": []} for n in (1, 2, 3)],
        "prizes": {"1": 300}}
    # T-SHOOT-4: 8,100 in the pool, round 1's three table winners 300 each, the rest by place to
    # the final table's three.
    payouts = [p["amount"] for p in state["payouts"]]
    assert len(payouts) == 3 and sum(payouts) == 27 * 300 and min(payouts) > 300

    winners = []
    for table in (1, 2, 3):
        first, *others = _seated(state, table)
        for name in others:
            tdj(capsys, db, "bust", name)
        winners.append(first)
        before = events(db)
        # T-SHOOT-1/2: the table's last player is its winner; nothing balances or breaks.
        assert_one_line_error(run(capsys, "--db", db, "bust", first), "T-SHOOT-2")
        assert_one_line_error(run(capsys, "--db", db, "break-table", str(table), "--apply"), "T-SHOOT-1")
        assert_one_line_error(run(capsys, "--db", db, "final-table", "--apply"), "T-SHOOT-1")
        assert events(db) == before
        if table < 3:
            assert_one_line_error(run(capsys, "--db", db, "shootout", "draw", "--apply"), "T-SHOOT-3")
    shown = tdj(capsys, db, "shootout")
    assert shown["round_over"] is True
    assert [(t["table"], t["left"], t["winner"]) for t in shown["tables"]] == [
        (n, 1, name) for n, name in zip((1, 2, 3), winners, strict=True)]

    preview = tdj(capsys, db, "shootout", "draw")
    assert preview["applied"] is False and preview["round"] == 2
    drawn = tdj(capsys, db, "shootout", "draw", "--apply", "--seed", str(preview["seed"]))
    assert drawn["tables"] == preview["tables"]  # the draw shown is the draw made (T-SHOOT-3)
    [final] = drawn["tables"]
    assert sorted(final["seats"].values()) == sorted(winners) and final["button"] == 1
    state = tdj(capsys, db, "state")
    assert state["shootout"]["round"] == 2 and state["shootout"]["last_round"] is True
    assert [t["table"] for t in state["tables"] if t["status"] == "open"] == [final["table"]]

    third, second, champion = sorted(winners)
    tdj(capsys, db, "bust", third)
    tdj(capsys, db, "bust", second)
    state = tdj(capsys, db, "state")
    assert state["tournament"]["status"] == "finished" and state["tournament"]["winner"] == champion
    assert state["shootout"]["tables"] == [
        {"table": final["table"], "left": 1, "winner": champion, "winners": [champion]}]
    prizes = {p["name"]: p["prize"] for p in state["players"]}
    assert [prizes[champion], prizes[second], prizes[third]] == payouts
    assert sum(prizes.values()) == 27 * 300  # paid to the krone


def test_shootout_settings_refused_in_one_line(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "refused.sqlite")
    assert_one_line_error(run(capsys, "--db", db, "new", "X", "--winners-per-table", "2"),
                          "--winners-per-table", "T-SHOOT-1")
    assert_one_line_error(run(capsys, "--db", db, "new", "X", "--shootout", "--winners-per-table", "9"),
                          "--winners-per-table", "T-SHOOT-2")
    assert_one_line_error(run(capsys, "--db", db, "new", "X", "--shootout", "--round-prize", "one=5"),
                          "ROUND=AMOUNT")
    assert tdj(capsys, db, "tournaments") == []
    tdj(capsys, db, "new", "Plain", "--use")
    assert "shootout" not in tdj(capsys, db, "state")  # only a shootout has the key
    assert_one_line_error(run(capsys, "--db", db, "shootout"), "no shootout")


def test_a_shootout_template_makes_shootouts_and_saving_one_keeps_it(tmp_path: Path, capsys: Capsys,
                                                                      monkeypatch: Any) -> None:
    monkeypatch.setenv("TDCONSOLE_USER_TEMPLATES", str(tmp_path / "templates"))
    db = str(tmp_path / "templates.sqlite")
    tdj(capsys, db, "new", "Lørdag", "--template", "shootout", "--use")  # shipped
    assert tdj(capsys, db, "shootout")["winners_per_table"] == 1
    tdj(capsys, db, "new", "Søndag", "--template", "shootout", "--winners-per-table", "2", "--use")
    assert tdj(capsys, db, "shootout")["winners_per_table"] == 2  # the request's wins
    tdj(capsys, db, "template", "save", "Two a table")
    [row] = [row for row in tdj(capsys, db, "template", "list") if row["key"] == "two-a-table"]
    assert row["winners_per_table"] == 2
    tdj(capsys, db, "new", "Mandag", "--template", "two-a-table", "--use")
    assert tdj(capsys, db, "shootout")["winners_per_table"] == 2

"""A progressive knockout through the CLI (docs/FORMATS.md T-PKO-1..5): `money set --pko-share`,
`bust --by` and `--disqualified`, each player's `bounty` and `bounty_cash` in `state --json`, the
totals, undo, and refusals in one line with the log unchanged."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import assert_one_line_error, run
from tests.cli.test_money_tournament_cli import Capsys, events, players, td, tournament


def test_a_pko_through_the_cli(tmp_path: Path, capsys: Capsys) -> None:
    """Bounty 100 of each 300 buy-in, 60 % in cash in tens: P04 out by P01 pays 60 in cash and 40
    onto P01's head (140); P01 out by P02 and P03 (split pot, not seated: by name) -> 140 = 14
    units, 7 each = 70: 40 cash (42 -> 40) and 30 on each head. P05 disqualified: his 100 goes
    to the prize pool, 5 * 300 + 100 = 1,600. Money in 500 = cash 60 + 40 + 40 + heads 130 + 130
    + 0 + pool 100."""
    db = tournament(tmp_path, capsys, 5, "--bounty", "100", "--pko-share", "60", "--pko-unit", "10")
    busted = td(capsys, db, "bust", "P04", "--by", "P01")["busted"][0]
    assert (busted["bounty"], busted["head"]) == ({"P01": 60}, {"P01": 40})
    td(capsys, db, "bust", "P01", "--by", "P03", "--by", "P02")
    busted = td(capsys, db, "bust", "P05", "--disqualified")["busted"][0]
    assert (busted["disqualified"], busted["to_pool"]) == (True, 100)
    state = td(capsys, db, "state")
    shown = {p["name"]: (p["bounty"], p["bounty_cash"]) for p in state["players"]}
    assert shown == {"P01": (0, 60), "P02": (130, 40), "P03": (130, 40), "P04": (0, 0), "P05": (0, 0)}
    assert state["bounties"] == {"pko": True, "starting": 100, "share": 60, "unit": 10, "money_in": 500,
                                 "cash_paid": 140, "on_heads": 260, "to_pool": 100}
    assert state["prize_pool"] == 1_600
    results = {row["name"]: row["bounty_cash"] for row in td(capsys, db, "results")["results"]}
    assert results == {"P01": 60, "P02": 40, "P03": 40, "P04": 0, "P05": 0}
    td(capsys, db, "undo")  # the disqualification is taken back: his bounty is on his head again
    assert players(capsys, db)["P05"]["bounty"] == 100
    assert td(capsys, db, "state")["prize_pool"] == 1_500


def test_a_bust_in_a_pko_without_its_knocker_is_one_line_and_changes_nothing(
        tmp_path: Path, capsys: Capsys) -> None:
    db = tournament(tmp_path, capsys, 4, "--bounty", "100", "--pko")
    before = events(db)
    assert_one_line_error(run(capsys, "--db", db, "bust", "P03"), "--by", "T-PKO-1")
    assert_one_line_error(run(capsys, "--db", db, "bust", "P03", "--disqualified", "--by", "P01"),
                          "knocked out by nobody")
    assert events(db) == before


def test_the_share_is_bounded_and_fixed_once_a_player_is_out(tmp_path: Path, capsys: Capsys) -> None:
    db = tournament(tmp_path, capsys, 4, "--bounty", "100", "--pko")
    assert td(capsys, db, "money", "show")["settings"]["pko_share"] == 50  # the default share
    assert_one_line_error(run(capsys, "--db", db, "money", "set", "--pko-share", "101"), "pko_share")
    assert_one_line_error(run(capsys, "--db", db, "money", "set", "--pko-unit", "0"), "pko")
    td(capsys, db, "bust", "P04", "--by", "P01")
    before = events(db)
    assert_one_line_error(run(capsys, "--db", db, "money", "set", "--bounty", "200"), "T-PKO-5")
    assert events(db) == before


def test_t_pko_6_a_rebuy_in_a_pko_puts_its_bounty_part_on_the_rebuyers_head(
        tmp_path: Path, capsys: Capsys) -> None:
    """Bounty 100 on a 300 buy-in; rebuys 300 + 0 through level 2, their bounty part 60: P01's
    rebuy costs 360 and his head shows 160; a fixed bounty refuses a rebuy's bounty part."""
    db = tournament(tmp_path, capsys, 4, "--bounty", "100", "--pko", "--rebuy-until-level", "2",
                    "--rebuy-price", "300", "--rebuy-bounty", "60")
    assert td(capsys, db, "money", "show")["rebuy_bounty"] == 60
    td(capsys, db, "rebuy", "P01")
    assert players(capsys, db)["P01"]["bounty"] == 160
    assert td(capsys, db, "state")["bounties"]["money_in"] == 4 * 100 + 60
    assert [row["amount"] for row in td(capsys, db, "cash")["dues"] if row["due"] == "rebuy:1"] == [360]
    before = events(db)
    assert_one_line_error(run(capsys, "--db", db, "money", "set", "--no-pko", "--rebuy-bounty", "60"),
                          "T-PKO-6")
    assert events(db) == before

"""Rebuys on the command line (T-REBUY-1..4): `money set --rebuy-...`, `rebuy NAME [--double]`, the
`--json` keys, and every refusal one line naming its rule with the log unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run
from tests.cli.test_money_tournament_cli import Capsys, events, td, tournament

REBUYS = ("--rebuy-until-level", "2", "--rebuy-price", "300", "--rebuy-fee", "20", "--rebuy-chips",
          "10000", "--rebuy-limit", "2", "--rebuy-double", "--add-on", "300", "--add-on-chips", "15000")


def test_money_set_rebuy_options_and_the_json_keys(tmp_path: Path, capsys: Capsys) -> None:
    db = tournament(tmp_path, capsys, 10, *REBUYS)
    shown = td(capsys, db, "money", "show")
    assert shown["settings"]["rebuy"] == {
        "until_level": 2, "until_break": False, "price": 300, "fee": 20, "chips": 10_000, "limit": 2,
        "who": "busted", "double": True, "bounty": None}
    assert (shown["rebuy_until_level"], shown["chips"]["rebuy"]) == (2, 10_000)
    changed = td(capsys, db, "money", "set", "--rebuy-until-break", "--rebuy-unlimited",
                 "--rebuy-who", "starting-stack", "--no-rebuy-double")
    rebuy = changed["settings"]["rebuy"]
    assert (rebuy["until_level"], rebuy["until_break"], rebuy["limit"], rebuy["who"], rebuy["double"]) \
        == (None, True, None, "starting-stack", False)
    # club-turbo's first break follows level 4: the period ends there.
    assert changed["rebuy_until_level"] == 4
    assert td(capsys, db, "state")["clock"]["rebuys"]["until_level"] == 4


def test_rebuy_and_double_rebuy_put_price_and_chips_in(tmp_path: Path, capsys: Capsys) -> None:
    db = tournament(tmp_path, capsys, 10, *REBUYS)
    one = td(capsys, db, "rebuy", "P01")
    assert (one["name"], one["count"], one["rebuys"], one["rebuys_left"]) == ("P01", 1, 1, 1)
    double = td(capsys, db, "rebuy", "P02", "--double")
    # 10 x 300 + 3 x 300 = 3,900 in the pool; 10 x 20,000 (club-turbo) + 3 x 10,000 chips.
    assert (double["count"], double["total_rebuys"], double["prize_pool"], double["chips_in_play"]) \
        == (2, 3, 3_900, 230_000)
    state = td(capsys, db, "state")
    assert {p["name"]: p["rebuys"] for p in state["players"]}["P02"] == 2
    assert state["money"]["rebuys"] == 3 and state["money"]["fees"] == 10 * 50 + 3 * 20
    assert state["clock"]["rebuys"] == {"offered": True, "open": True, "until_level": 2,
                                        "until_break": False, "rebuys": 3, "add_ons": 0,
                                        "double": True, "limit": 2, "who": "busted"}
    results = td(capsys, db, "results")
    assert {row["name"]: row["rebuys"] for row in results["results"]}["P02"] == 2


@pytest.mark.parametrize(("before", "argv", "rule"), [
    ((), ("rebuy", "P01", "--stack", "500"), "T-REBUY-3: P01 still has 500 chips"),
    ((("rebuy", "P01", "--double"),), ("rebuy", "P01"), "T-REBUY-2: P01 has bought 2 of 2 rebuys"),
    ((("money", "set", "--no-rebuy-double"),), ("rebuy", "P01", "--double"), "T-REBUY-4"),
    ((("clock", "start"), ("clock", "level", "3")), ("rebuy", "P01"),
     "T-REBUY-1: P01 cannot rebuy: the rebuy period ended with level 2"),
    ((("bust", "P10"), ("clock", "start"), ("clock", "level", "3")), ("rebuy", "P10"),
     "T-REBUY-1: P10 cannot rebuy: the rebuy period ended with level 2; the bust stands (place 10)"),
    ((("money", "set", "--no-rebuys"),), ("rebuy", "P01"), "T-REBUY-1: this tournament sells no rebuys"),
    ((), ("money", "set", "--rebuy-limit", "1001"), "rebuy-limit: 1001 is out of range"),
    ((), ("money", "set", "--rebuy-until-level", "99"), "--rebuy-until-level: there is no level 99"),
    ((), ("money", "set", "--rebuy-price", "-1"), "rebuy"),
])
def test_refusals_are_one_line_with_the_rule_and_change_nothing(
        tmp_path: Path, capsys: Capsys, before: tuple[tuple[str, ...], ...], argv: tuple[str, ...],
        rule: str) -> None:
    db = tournament(tmp_path, capsys, 10, *REBUYS, "--rebuy-who", "busted")
    for step in before:
        assert run(capsys, "--db", db, *step).code == 0
    logged = events(db)
    assert_one_line_error(run(capsys, "--db", db, *argv), rule)
    assert events(db) == logged


def test_at_or_below_the_starting_stack_as_a_setting(tmp_path: Path, capsys: Capsys) -> None:
    db = tournament(tmp_path, capsys, 10, *REBUYS, "--rebuy-who", "starting-stack")
    assert td(capsys, db, "rebuy", "P01", "--stack", "20000")["rebuys"] == 1
    assert_one_line_error(run(capsys, "--db", db, "rebuy", "P02", "--stack", "20001"),
                          "T-REBUY-3: P02 has 20001 chips, above the starting stack of 20000")


def test_a_rebuy_after_the_bust_paid_by_mobilepay_and_counted_by_the_cash_desk(
        tmp_path: Path, capsys: Capsys) -> None:
    """T-REBUY-1: busted a minute ago, he buys back in with `rebuy NAME`: no undo of the bust (which
    a later command from another terminal could block), his seat back, the desk counts the method."""
    db = tournament(tmp_path, capsys, 10, *REBUYS)
    td(capsys, db, "draw", "--seed", "7")
    seat = {p["name"]: (p["table"], p["seat"]) for p in td(capsys, db, "state")["players"]}["P10"]
    td(capsys, db, "bust", "P10")
    td(capsys, db, "bust", "P09")  # a later command, from anyone: the rebuy does not care
    bought = td(capsys, db, "rebuy", "P10", "--paid", "mobilepay")
    assert (bought["name"], bought["rebuys"], bought["bust_set_aside"], bought["players_left"]) \
        == ("P10", 1, 10, 9)
    assert ((bought["table"], bought["seat"]), bought["seat_drawn"]) == (seat, False)
    players = {p["name"]: p for p in td(capsys, db, "state")["players"]}
    assert (players["P10"]["status"], players["P10"]["place"], players["P09"]["place"]) \
        == ("seated", None, 10)
    desk = td(capsys, db, "cash")
    assert desk["expected"]["mobilepay"] == 300 + 20  # the rebuy's price and fee, by MobilePay
    text = run(capsys, "--db", db, "rebuy", "P09", "--paid", "card")
    # The log's own sentences (one wording per event), then the figures only the answer gives.
    lines = text.out.splitlines()[1:]
    assert lines[:2] == ["P09's bust in place 10 is set aside: a rebuy after it",
                         "P09 rebuys (1 rebuy so far)"]
    assert lines[-2].startswith("P09 is seated at table ") and lines[-1].endswith("; 10 players left")


def _pko_rebuy_night(tmp_path: Path, capsys: Capsys, name: str) -> Path:
    """10 players, a 100 kr bounty half paid in cash (T-PKO-1), rebuys as REBUYS with the bounty
    part 100 (T-PKO-6); P10 has knocked P09 out, so his head is 150."""
    db = tournament(tmp_path / name, capsys, 10, *REBUYS, "--bounty", "100", "--pko")
    td(capsys, db, "bust", "P09", "--by", "P10")
    return db


def _heads(capsys: Capsys, db: Path) -> dict[str, tuple[object, ...]]:
    state = td(capsys, db, "state")
    return {p["name"]: (p["status"], p["place"], p["knockouts"], p["bounties"], p["bounty"], p["rebuys"])
            for p in state["players"]} | {"": (state["players_left"], state["bounties"]["money_in"])}


def test_t_pko_6_rebuy_knocked_out_by_is_bust_by_and_a_rebuy_after_it(tmp_path: Path, capsys: Capsys) -> None:
    """`rebuy P10 --knocked-out-by P01` (instead of the bust) leaves what `bust P10 --by P01` and
    `rebuy P10` leave: P01 takes 75 in cash and 75 onto his head, P10's head restarts at 100."""
    (tmp_path / "after").mkdir()
    (tmp_path / "instead").mkdir()
    after = _pko_rebuy_night(tmp_path, capsys, "after")
    td(capsys, after, "bust", "P10", "--by", "P01")
    td(capsys, after, "rebuy", "P10")
    instead = _pko_rebuy_night(tmp_path, capsys, "instead")
    logged = events(instead)  # how many events the log holds
    bought = td(capsys, instead, "rebuy", "P10", "--knocked-out-by", "P01")
    assert events(instead) == logged + 1  # one command, one event: no bust in between
    assert bought["knockout"] == {"knocked_out_by": ["P01"], "kind": "pko", "bounty": {"P01": 75},
                                  "head": {"P01": 75}, "restarts_at": 100}
    assert "bust_set_aside" not in bought and bought["players_left"] == 9
    assert _heads(capsys, instead) == _heads(capsys, after)
    assert _heads(capsys, instead)["P01"][2:5] == (1, 75, 175)
    text = " ".join(run(capsys, "--db", instead, "rebuy", "P01", "--knocked-out-by", "P10").out.split())
    assert ("T-PKO-6: the knockout stands, as a bust and a rebuy after it; P01's bounty starts again "
            "at") in text
    assert "P10 takes" in text and "in cash and" in text


def test_t_pko_6_rebuy_knocked_out_by_with_a_fixed_bounty_pays_nothing(
        tmp_path: Path, capsys: Capsys) -> None:
    db = tournament(tmp_path, capsys, 10, *REBUYS, "--bounty", "100")
    bought = td(capsys, db, "rebuy", "P10", "--knocked-out-by", "P01")
    assert bought["knockout"] == {"knocked_out_by": ["P01"], "kind": "fixed", "bounty": {}, "head": {},
                                  "restarts_at": None}
    players = {p["name"]: p for p in td(capsys, db, "state")["players"]}
    assert (players["P01"]["knockouts"], players["P01"]["bounties"]) == (0, 0)
    text = " ".join(run(capsys, "--db", db, "rebuy", "P09", "--knocked-out-by", "P01").out.split())
    assert "T-PKO-6: P01 takes no bounty: with a fixed bounty a rebuy instead of the bust leaves it on " \
           "P09's entry" in text
    logged = events(db)
    assert_one_line_error(run(capsys, "--db", db, "rebuy", "P08", "--knocked-out-by", "P08"),
                          "--knocked-out-by: a player cannot knock themselves out")
    assert events(db) == logged

"""A PKO rebuy night from the first entry to the ICM deal, through the CLI's `--json` commands with
fixed seeds (issue 34): 38 entries, 9 rebuys, 26 add-ons, two payment methods, an unpaid entry, a
late table, balancing, a bubble tie and a heads-up ICM deal. Every prize, fee, bounty split, chip
total and drawer total is asserted against the hand calculation written out beside it.

`python -m tests.cli.test_pko_night` runs the same night in a temporary database and prints its
figures (for a note); `pytest tests/cli/test_pko_night.py -s` prints them too.

The night, by hand
==================
Prices (`new --buy-in 200 --fee 30`, `money set --bounty 100 --pko --pko-unit 10 ...`):
  an entry  = 200 prize + 30 fee + 100 bounty (T-PKO-1)                 = 330
  a rebuy   = 200 prize + 30 fee + 100 bounty onto his own head (T-PKO-6) = 330
  an add-on = 200 prize + 20 fee                                           = 220
  chips: 20,000 each for an entry, a rebuy and an add-on (the structure's starting stack).

Entries: 27 at the start (P01-P18 cash, P19-P26 MobilePay, P27 unpaid), 3 full tables of 9 (draw
seed 7); 4 bust in level 1 for good; 11 late entries in level 3 (P28-P33 cash, P34-P38 MobilePay): 4
take the freed seats and 7 open table 4, the late table. 38 entries.
Rebuys: P19-P27 once each in level 1 (the period runs to the end of level 4), paid in cash. 9. P19-P26
buy instead of busting; P27 busts (to P01) and buys back in after the bust (T-REBUY-1): the bust is
set aside, P01 keeps the bounty he won and P27's head starts again at the rebuy's 100 (T-PKO-6).
Add-ons: at the add-on break (after level 8) the 26 players still in other than P01-P05. 26.

  prize pool = 200 x (38 + 9 + 26)            = 200 x 73           = 14,600
  fees       = 30 x 38 + 30 x 9 + 20 x 26     = 1,140 + 270 + 520  =  1,930
  bounties   = 100 x 38 + 100 x 9                                  =  4,700
  chips      = 20,000 x 73                                         = 1,460,000
  due        = 330 x 38 + 330 x 9 + 220 x 26  = 12,540 + 2,970 + 5,720 = 21,230
             = prize pool + fees + bounties   = 14,600 + 1,930 + 4,700  = 21,230

The club's payout table for 36-50 entries pays 36/22/15/11/9/7 % of 14,600, every place but the
first rounded down to 10 kr, the first taking the rest:
  2nd 3,212 -> 3,210;  3rd 2,190;  4th 1,606 -> 1,600;  5th 1,314 -> 1,310;  6th 1,022 -> 1,020
  1st 14,600 - (3,210 + 2,190 + 1,600 + 1,310 + 1,020) = 14,600 - 9,330 = 5,270

Knockouts (T-PKO-1: the knocker takes half the head in cash, in whole 10s, the rest onto his own):
  a head of 100 pays 50 cash + 50 onto the knocker's head; a rebuyer's head of 200 pays 100 + 100.
  P01 knocks out P10-P13 and P27 (5 x 100)         -> cash 250, head 100 + 250        =   350
  P03 knocks out P07, P09, P15 (3 x 100)           -> cash 150, head 100 + 150        =   250
  P01 knocks out the rebuyers P20-P26 (7 x 200)    -> cash 700, head 350 + 700        = 1,050
      and P27 again, whose head is the rebuy's 100  -> cash  50, head 1,050 + 50      = 1,100
  P02 knocks out P28-P38 (11 x 100)                -> cash 550, head 100 + 550        =   650
  P04 knocks out P08, P14, P16, P17, P18 (5 x 100) -> cash 250, head 100 + 250        =   350
  Bubble: 7 left, 6 paid; P05 and P06 bust in one hand with 40,000 each: they tie (T-ELIM-2) and
  share places 6-7: (1,020 + 0) / 2 = 510 each. P03 knocked both out: 2 x 50 cash, head 250 + 100 = 350.
  P19 (a rebuyer, 200) by P02, 5th (1,310): cash 100, head 650 + 100                  =   750
  P04 (350) by P03, 4th (1,600): half is 175 -> 170 cash (whole 10s), 180 onto P03's head:
                                                            P03's head 350 + 180       =   530
  P03 (530) by P01, 3rd (2,190): half is 265 -> 260 cash, 270 onto P01's head:
                                                            P01's head 1,100 + 270     = 1,370
Heads-up deal (T-DEAL-1), ICM for two: each is sure of 2nd's 3,210 and wins the other 5,270 - 3,210
= 2,060 in proportion to his chips. P01 876,000 and P02 584,000 of 1,460,000 (60 % / 40 %):
  P01 3,210 + 0.6 x 2,060 = 3,210 + 1,236 = 4,446;  P02 3,210 + 0.4 x 2,060 = 3,210 + 824 = 4,034
  (4,446 + 4,034 = 8,480 = 5,270 + 3,210: the deal pays out exactly the two prizes.)
  P02 (750) by P01 in the last hand (T-PKO-3): P01 takes 750 + his own 1,370 = 2,120 in cash.
Bounty cash: P01 250 + 700 + 50 + 260 + 2,120 = 3,380; P02 550 + 100 = 650; P03 150 + 100 + 170 = 420;
P04 250. 3,380 + 650 + 420 + 250 = 4,700 = the bounty money in, nothing left on a head.

The cash desk:
  cash in      = 330 x 24 entries (P01-P18, P28-P33) + 330 x 9 rebuys + 220 x 26 add-ons
               = 7,920 + 2,970 + 5,720 = 16,610
  MobilePay in = 330 x 13 entries (P19-P26, P34-P38) = 4,290;  unpaid: P27's entry, 330
  collected 16,610 + 4,290 = 20,900 = 21,230 due - 330 unpaid.
  Owed at the end: the prizes and bounty cash, 14,600 + 4,700 = 19,300:
    P01 4,446 + 3,380 = 7,826;  P02 4,034 + 650 = 4,684;  P03 2,190 + 420 = 2,610;
    P04 1,600 + 250 = 1,850;  P19 1,310;  P05 510;  P06 510.
  P27 pays his entry by MobilePay (4,290 + 330 = 4,620); P01 and P02 are paid by MobilePay
  (7,826 + 4,684 = 12,510), the others in cash (2,610 + 1,850 + 1,310 + 510 + 510 = 6,790):
    cash 16,610 - 6,790 = 9,820;  MobilePay 4,620 - 12,510 = -7,890;
    9,820 - 7,890 = 1,930 = the fees: what the club keeps when everyone is paid.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tdconsole.cli import main

NAMES = [f"P{number:02}" for number in range(1, 39)]
CASH, MOBILEPAY, LATE_CASH, LATE_MOBILEPAY = NAMES[:18], NAMES[18:26], NAMES[27:33], NAMES[33:38]
REBUYERS = NAMES[18:26]  # P19-P26 rebuy instead of the bust; P27 after his
OUT_EARLY = {"P07", "P09", "P10", "P11", "P12", "P13", "P15"}  # out before the add-on break
NO_ADD_ON = {"P01", "P02", "P03", "P04", "P05"}

# (out, knocked out by, the cash he takes, what goes onto his head), in the order of the night.
KNOCKOUTS: list[tuple[str, str, int, int]] = [
    *[(name, "P01", 50, 50) for name in ["P10", "P11", "P12", "P13", "P27"]],   # level 1
    *[(name, "P03", 50, 50) for name in ["P07", "P09", "P15"]],                 # level 5: table 1
    *[(f"P{number}", "P01", 100, 100) for number in range(20, 27)],             # the rebuyers
    ("P27", "P01", 50, 50),                                   # his head: the rebuy's part alone
    *[(f"P{number}", "P02", 50, 50) for number in range(28, 39)],               # the late entries
    *[(name, "P04", 50, 50) for name in ["P08", "P14", "P16", "P17", "P18"]],   # down to 7
]

Cli = Callable[..., Any]


def cli_on(db: str) -> Cli:
    """`tdconsole --db DB ARGS --json` run in this process: its answer; a refusal fails the night."""

    def cli(*args: str) -> Any:
        out, err = io.StringIO(), io.StringIO()
        code = 0
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(["--db", db, *args, "--json"])
            except SystemExit as done:
                code = int(done.code or 0)
        assert code == 0, f"tdconsole {' '.join(args)}: {err.getvalue()}"
        return json.loads(out.getvalue())

    return cli


def bounty_split(answer: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    """A bust's answer as (out, knocker, cash, onto the head) for each knocker."""
    return [(row["name"], knocker, cash, row["head"][knocker])
            for row in answer["busted"] for knocker, cash in row["bounty"].items()]


def night(cli: Cli) -> dict[str, Any]:
    """The night, asserting as it goes; the figures a note shows."""
    cli("new", "PKO Friday", "--buy-in", "200", "--fee", "30", "--late-reg-level", "4")
    cli("money", "set", "--bounty", "100", "--pko", "--pko-share", "50", "--pko-unit", "10",
        "--table", "club", "--rebuy-until-level", "4", "--rebuy-price", "200", "--rebuy-fee", "30",
        "--add-on", "200", "--add-on-fee", "20")
    cli("register", *CASH, "--paid", "cash")
    cli("register", *MOBILEPAY, "--paid", "mobilepay")
    cli("register", "P27", "--unpaid")
    drawn = cli("draw", "--seed", "7")
    assert [len(table["seats"]) for table in drawn["tables"]] == [9, 9, 9]
    cli("clock", "start")
    cli("clock", "pause")  # the night's levels are the TD's jumps, not the wall clock's minutes

    for name in REBUYERS:  # all in and lost in level 1: each buys back in instead (T-REBUY-1)
        assert cli("rebuy", name)["rebuys"] == 1
    splits = [split for name, by, _cash, _onto in KNOCKOUTS[:5]
              for split in bounty_split(cli("bust", name, "--by", by))]
    # P27 buys back in after his bust: the bust is set aside, P01 keeps what he won (T-PKO-6).
    assert cli("rebuy", "P27")["rebuys"] == 1
    heads = {row["name"]: row["bounty"] for row in cli("state")["players"]}
    assert (heads["P27"], heads["P01"]) == (100, 350)

    cli("clock", "level", "3")  # late registration is open through level 4 (T-REG-1)
    late = [*cli("register", *LATE_CASH, "--paid", "cash", "--seed", "11")["registered"],
            *cli("register", *LATE_MOBILEPAY, "--paid", "mobilepay", "--seed", "12")["registered"]]
    # The 4 seats freed in level 1 are taken, then table 4 opens for the other 7 (TDA 8A).
    assert sum(row["table"] != 4 for row in late) == 4 and sum(row["table"] == 4 for row in late) == 7
    money = cli("state")["money"]
    assert (money["entries"], money["rebuys"]) == (38, 9)

    cli("clock", "level", "5")  # the rebuy period is over
    splits += [split for name, by, _cash, _onto in KNOCKOUTS[5:8]
               for split in bounty_split(cli("bust", name, "--by", by))]
    # Table 1 is down to 6 against 9, 9 and 7: one at a time from the fullest (T-BAL-1), seeded.
    moves = cli("balance", "--apply")["moves"]
    assert [(m["player"], m["from"]["table"], m["to"]["table"]) for m in moves] == [
        ("P02", 3, 1), ("P17", 2, 1)]

    cli("clock", "level", "8")
    assert cli("clock", "next")["on_break"]  # the add-on break (the structure marks it)
    buyers = [name for name in NAMES if name not in NO_ADD_ON | OUT_EARLY]
    added = cli("add-on", *buyers)
    assert (len(added["add_ons"]), added["prize_pool"], added["chips_in_play"]) == (26, 14_600, 1_460_000)
    cli("clock", "next")

    splits += [split for name, by, _cash, _onto in KNOCKOUTS[8:27]
               for split in bounty_split(cli("bust", name, "--by", by))]
    assert cli("balance")["break"] == 4  # the late table is empty: it is broken
    cli("break-table", "4")
    splits += [split for name, by, _cash, _onto in KNOCKOUTS[27:]
               for split in bounty_split(cli("bust", name, "--by", by))]
    assert splits == KNOCKOUTS
    final = cli("final-table", "--seed", "3")
    assert sorted(final["seats"].values()) == ["P01", "P02", "P03", "P04", "P05", "P06", "P19"]
    payouts = [row["amount"] for row in cli("payouts")["payouts"]]
    assert payouts == [5_270, 3_210, 2_190, 1_600, 1_310, 1_020]

    bubble = cli("bust", "P05", "P06", "--stack", "P05=40000", "--stack", "P06=40000", "--by", "P03")
    assert [(row["name"], row["place"], row["last_place"], row["prize"], row["rules"])
            for row in bubble["busted"]] == [("P05", 6, 7, 510, ["T-ELIM-2"]),
                                             ("P06", 6, 7, 510, ["T-ELIM-2"])]
    assert bounty_split(bubble) == [("P05", "P03", 50, 50), ("P06", "P03", 50, 50)]
    final_busts = [("P19", "P02", 5, 1_310, 100, 100), ("P04", "P03", 4, 1_600, 170, 180),
                   ("P03", "P01", 3, 2_190, 260, 270)]
    for name, by, place, prize, cash, onto in final_busts:
        answer = cli("bust", name, "--by", by)
        assert (answer["busted"][0]["place"], answer["busted"][0]["prize"]) == (place, prize)
        assert bounty_split(answer) == [(name, by, cash, onto)]
    heads = {row["name"]: row["bounty"] for row in cli("state")["players"] if row["status"] != "busted"}
    assert heads == {"P01": 1_370, "P02": 750}

    cli("chips", "P01=876000", "P02=584000")
    calc = cli("deal", "calc")
    assert [(row["name"], row["icm"]) for row in calc["players"]] == [("P01", 4_446), ("P02", 4_034)]
    cli("deal", "propose", "icm")
    cli("deal", "consent", "P01", "P02")
    assert cli("deal", "approve")["approved"]
    last = cli("bust", "P02", "--by", "P01")  # T-PKO-3: the winner takes both heads in cash
    assert bounty_split(last) == [("P02", "P01", 2_120, -1_370)]

    state = cli("state")
    assert state["tournament"]["status"] == "finished" and state["tournament"]["winner"] == "P01"
    assert (state["chips_in_play"], state["prize_pool"]) == (1_460_000, 14_600)
    assert state["bounties"] == {"pko": True, "starting": 100, "share": 50, "unit": 10, "money_in": 4_700,
                                 "cash_paid": 4_700, "on_heads": 0, "to_pool": 0}
    assert {key: state["money"][key] for key in ("entries", "rebuys", "add_ons", "fees", "bounties")} == {
        "entries": 38, "rebuys": 9, "add_ons": 26, "fees": 1_930, "bounties": 4_700}
    results = cli("results")["results"]
    paid = [(row["place"], row["name"], row["prize"], row["bounty_cash"]) for row in results
            if row["prize"] or row["bounty_cash"]]
    assert paid == [(1, "P01", 4_446, 3_380), (2, "P02", 4_034, 650), (3, "P03", 2_190, 420),
                    (4, "P04", 1_600, 250), (5, "P19", 1_310, 0), (6, "P05", 510, 0), (6, "P06", 510, 0)]
    # P27's first bust, set aside by his rebuy, still counts as P01's knockout (T-PKO-6).
    assert [row["knockouts"] for row in results[:4]] == [15, 12, 6, 5]
    # Places are final once late registration is over: the first bust of the night is 38th.
    assert [row["name"] for row in results][-4:] == ["P13", "P12", "P11", "P10"]
    assert results[-1]["place"] == 38

    desk = cli("cash")
    assert (desk["expected"]["cash"], desk["expected"]["mobilepay"]) == (16_610, 4_290)
    assert (desk["unpaid"], desk["unpaid_amount"], desk["collected"]) == (["P27"], 330, 20_900)
    assert (desk["fees"], desk["owed"]) == ({"house": 1_930}, 19_300)
    assert {row["name"]: row["amount"] for row in desk["prizes"]} == {
        "P01": 7_826, "P02": 4_684, "P03": 2_610, "P04": 1_850, "P19": 1_310, "P05": 510, "P06": 510}
    cli("pay", "P27", "--method", "mobilepay")
    for name in ["P01", "P02"]:
        cli("cash", "pay-out", name, "--method", "mobilepay")
    for name in ["P03", "P04", "P19", "P05", "P06"]:
        cli("cash", "pay-out", name, "--method", "cash")
    desk = cli("cash")
    assert (desk["expected"]["cash"], desk["expected"]["mobilepay"]) == (9_820, -7_890)
    assert (desk["unpaid"], desk["owed"], desk["paid_out"]) == ([], 0, 19_300)
    assert desk["expected"]["cash"] + desk["expected"]["mobilepay"] == 1_930  # the fees, and no more

    return {"entries": 38, "rebuys": 9, "add_ons": 26, "prize_pool": state["prize_pool"],
            "fees": state["money"]["fees"], "bounty_money": state["bounties"]["money_in"],
            "chips": state["chips_in_play"], "payouts": payouts, "deal": calc["players"],
            "results": paid, "knockouts": KNOCKOUTS, "balancing": moves, "drawer": desk["expected"]}


def show(figures: dict[str, Any]) -> str:
    """The night's figures as lines for a note."""
    lines = [f"{figures['entries']} entries, {figures['rebuys']} rebuys, {figures['add_ons']} add-ons; "
             f"prize pool {figures['prize_pool']:,}, fees {figures['fees']:,}, bounties "
             f"{figures['bounty_money']:,}, chips {figures['chips']:,}",
             "payouts: " + ", ".join(f"{place}. {amount:,}" for place, amount in
                                     enumerate(figures["payouts"], 1)),
             "ICM deal: " + ", ".join(f"{row['name']} {row['chips']:,} chips -> {row['icm']:,}"
                                      for row in figures["deal"]),
             "balancing: " + ", ".join(f"{m['player']} {m['from']['table']}->{m['to']['table']}"
                                       for m in figures["balancing"])]
    lines += [f"  {place}. {name}: prize {prize:,}, bounties {bounty:,}"
              for place, name, prize, bounty in figures["results"]]
    lines.append("drawer: " + ", ".join(f"{method} {amount:,}" for method, amount in figures["drawer"].items()
                                        if amount))
    return "\n".join(lines)


def test_a_pko_rebuy_night_adds_up(tmp_path: Path) -> None:
    figures = night(cli_on(str(tmp_path / "pko-night.sqlite")))
    print("\n" + show(figures))


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as directory:
        sys.stdout.write(show(night(cli_on(str(Path(directory) / "pko-night.sqlite")))) + "\n")

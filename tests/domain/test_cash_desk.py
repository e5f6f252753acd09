"""The cash desk: every krone in and out, by payment method, reconciled against a hand calculation."""

from __future__ import annotations

import pytest

from tdconsole.domain.commands import (
    AddOn,
    Bust,
    CountCash,
    Pay,
    PayOut,
    Rebuy,
    Reenter,
    Register,
    SetMoney,
    Undo,
)
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.house_rules import CLUB
from tdconsole.domain.money.cash import split_fees
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.tournament import undoable_commands
from tdconsole.views.cash import cash_view, receipt_rows, slip_rows
from tests.domain.helpers import Tournament

NAMES = [f"P{i:02}" for i in range(1, 41)]
# Buy-in 300 + fee 50, a fixed bounty of 100 on each entry (T-BOUNTY-1): 450 an entry. Re-entries
# as a buy-in (T-REG-1); a rebuy 300 + 30 through level 2 (T-REBUY-1); an add-on 200 + 20. The
# house guarantees 15,000. Four places paid, locked so the hand calculation needs no curve.
MONEY = {"bounty": 100, "add_on": 200, "add_on_fee": 20, "guarantee": 15_000,
         "rebuy": {"until_level": 2, "price": 300, "fee": 30},
         "curve": {"paid_share": "0.09"}, "locked": {1: 7_000, 2: 4_500, 3: 2_500, 4: 1_000}}


def evening() -> Tournament:
    """40 entries: 30 by the default method (cash), 9 by MobilePay, one unpaid (P40)."""
    t = Tournament(house_rules=CLUB.with_value("cash.fee_split", "house=70,dealers=30"))
    t.do(Register(names=NAMES[:30]))
    t.do(Register(names=NAMES[30:39], paid="mobilepay"))
    t.do(Register(names=["P40"], unpaid=True))
    t.do(SetMoney(settings=MoneySettings.model_validate(MONEY)))
    return t


def test_a_40_entry_evening_reconciles_to_the_krone() -> None:
    t = evening()
    t.do(Bust(names=["P01"], by=["P03"]))
    t.do(Reenter(name="P01"))  # cash, by default
    t.do(Bust(names=["P02"], by=["P03"]))
    t.do(Reenter(name="P02"))
    t.do(Pay(name="P02", method="mobilepay"))  # P02 paid his re-entry by phone
    t.do(Rebuy(name="P05"))  # cash
    t.do(AddOn(names=NAMES[2:7]))  # P03-P07, cash
    desk = cash_view(t.state)
    # In: cash 30 buy-ins + P01's re-entry = 31 x 450 = 13,950; the rebuy 330; 5 add-ons x 220 =
    # 1,100: 15,380. MobilePay 9 x 450 + P02's re-entry 450 = 4,500. P40's 450 is owed.
    assert desk.expected["cash"] == 13_950 + 330 + 1_100 == 15_380
    assert desk.expected["mobilepay"] == 4_500
    assert (desk.unpaid, desk.unpaid_amount) == (["P40"], 450)
    # Fees: 42 entries x 50 + a rebuy's 30 + 5 add-ons x 20 = 2,230, split 70/30: 1,561 / 669.
    assert desk.fees == {"house": 1_561, "dealers": 669}
    # The prize part is 42 x 300 + 300 + 5 x 200 = 13,900: the house adds 1,100 to its guarantee.
    assert desk.overlay == 1_100
    t.do(Pay(name="P40", method="cash"))  # settled late, in cash
    for name in NAMES[3:38]:  # P04..P38 out, each knocked out by P03 (35 bounties)
        t.do(Bust(names=[name], by=["P03"]))
    for name in ("P39", "P40"):
        t.do(Bust(names=[name], by=["P03"]))
    # Places: P40 4th (1,000). P03 has knocked out 2 + 37 = 39 entries: 3,900 in bounty cash.
    t.do(PayOut(name="P40"))  # slip 1, cash
    t.do(PayOut(name="P03", method="mobilepay"))  # slip 2: his bounty cash while still in
    t.do(CountCash(counts={"cash": 15_000, "mobilepay": 600}))
    desk = cash_view(t.state)
    # Cash: 15,380 + P40's 450 - 1,000 paid = 14,830; MobilePay 4,500 - 3,900 = 600.
    assert desk.expected["cash"] == 14_830
    assert desk.expected["mobilepay"] == 600
    assert desk.difference == {"cash": 15_000 - 14_830, "mobilepay": 0}
    assert desk.unpaid == [] and desk.paid_out == 4_900
    # Three still in (P01, P02, P03): places 1-3 owe 7,000 + 4,500 + 2,500 once decided; nothing
    # is owed yet but what was paid.
    assert desk.owed == 0
    # Collected: 42 entries x 450 + 330 + 1,100 = 20,330, every due now paid.
    assert desk.collected == 20_330 == sum(desk.expected.values()) + desk.paid_out
    assert [(s.number, s.name, s.amount, s.method) for s in slip_rows(t.state)] == [
        (1, "P40", 1_000, "cash"), (2, "P03", 3_900, "mobilepay")]
    assert len(receipt_rows(t.state)) == 42 + 1 + 5


def test_a_player_still_in_takes_his_bounty_cash_and_later_the_rest_on_a_second_slip() -> None:
    t = evening()
    t.do(Bust(names=["P01"], by=["P02"]))
    t.do(PayOut(name="P02"))
    with pytest.raises(InvalidInput, match="nothing is owed to P02"):
        t.do(PayOut(name="P02"))
    t.do(Bust(names=["P03"], by=["P02"]))
    [paid] = t.do(PayOut(name="P02"))
    assert (paid.slip, paid.bounty, paid.prize) == (2, 100, 0)  # type: ignore[union-attr]


def test_a_payment_method_the_club_does_not_take_is_refused_in_one_line() -> None:
    t = evening()
    with pytest.raises(InvalidInput, match="'bitcoin' is not a payment method of the club"):
        t.do(Register(names=["Zoe"], paid="bitcoin"))
    with pytest.raises(InvalidInput, match="paid or unpaid, not both"):
        t.do(Register(names=["Zoe"], paid="cash", unpaid=True))
    assert "Zoe" not in {p.name for p in t.state.players.values()}


def test_paying_again_by_the_same_method_is_refused_and_unpaid_then_paid_is_settled() -> None:
    t = evening()
    with pytest.raises(InvalidInput, match="P01 has paid everything"):
        t.do(Pay(name="P01", method="cash"))
    t.do(Pay(name="P01", unpaid=True))
    assert cash_view(t.state).unpaid == ["P01", "P40"]
    t.do(Pay(name="P01", method="card"))
    assert cash_view(t.state).expected["card"] == 450


def test_a_bust_taken_back_after_its_prize_was_paid_out_is_refused_by_undo() -> None:
    t = evening()
    for name in NAMES[:36]:
        t.do(Bust(names=[name]))
    t.do(Bust(names=["P37"]))  # 4th: 1,000
    t.do(PayOut(name="P37"))
    bust = list(undoable_commands(t.state.log))[1]  # under the slip
    with pytest.raises(TdError):
        t.do(Undo(actor="td", command_id=bust.command_id))
    t.do(Undo(actor="td"))  # the slip first, then the bust
    t.do(Undo(actor="td"))
    assert t.state.find("P37").status != "busted" and t.state.paid_out == []


def test_an_undone_payouts_slip_number_is_never_issued_again_and_its_slip_prints_void() -> None:
    """A number printed on a slip is spent: the cashier may have handed the slip over before the
    pay-out was taken back, so the next pay-out gets a new number and the slips list keeps the
    undone one, marked void, leaving no gap in the numbers for an auditor to explain."""
    t = evening()
    for name in NAMES[:37]:
        t.do(Bust(names=[name]))  # P37 4th: 1,000; P36 5th
    t.do(PayOut(name="P37"))  # slip 1
    t.do(Undo(actor="td"))
    [paid] = t.do(PayOut(name="P37", method="mobilepay"))
    assert paid.slip == 2  # type: ignore[union-attr]
    assert [(s.number, s.name, s.method, s.void) for s in slip_rows(t.state)] == [
        (1, "P37", "cash", True), (2, "P37", "mobilepay", False)]
    assert cash_view(t.state).prizes[0].slips == [2]
    assert cash_view(t.state).paid_out == 1_000


@pytest.mark.parametrize(("fees", "split", "shares"), [
    (2_230, {"house": 70, "dealers": 30}, {"house": 1_561, "dealers": 669}),
    (101, {"house": 50, "dealers": 50}, {"house": 51, "dealers": 50}),
    (1, {"house": 34, "dealers": 33, "league": 33}, {"house": 1, "dealers": 0, "league": 0}),
    (0, {"house": 100}, {"house": 0}),
])
def test_the_fee_split_always_adds_up_to_the_fees(fees: int, split: dict[str, int],
                                                  shares: dict[str, int]) -> None:
    assert split_fees(fees, split) == shares and sum(shares.values()) == fees


@pytest.mark.parametrize(("key", "value", "refusal"), [
    ("cash.fee_split", "house=70", "adds up to 70 %"),
    ("cash.fee_split", "house", "write DESTINATION=PERCENT"),
    ("cash.default_method", "bitcoin", "not one of cash, mobilepay"),
    ("cash.methods", "cash,cash", "distinct single words"),
])
def test_cash_settings_are_checked_when_set(key: str, value: str, refusal: str) -> None:
    with pytest.raises(InvalidInput, match=refusal):
        CLUB.with_value(key, value)


def test_t_pko_1_bounty_cash_is_paid_out_at_the_desk_and_the_bounty_money_balances() -> None:
    """Six entries of 300 + 50 with a 100 kr progressive bounty (T-PKO-1: half in cash, in 5s)."""
    t = Tournament()
    t.do(Register(names=NAMES[:6]))
    t.do(SetMoney(settings=MoneySettings.model_validate({"bounty": 100, "pko_share": 50, "pko_unit": 5})))
    t.do(Bust(names=["P01"], by=["P02"]))  # P02: 50 in cash, his head 150
    t.do(Bust(names=["P02"], by=["P03"]))  # P03: 75 in cash, his head 175
    [slip] = t.do(PayOut(name="P03", method="mobilepay"))
    assert (slip.bounty, slip.prize) == (75, 0)  # type: ignore[union-attr]
    t.do(PayOut(name="P02"))  # out, his 50 still owed to him
    desk = cash_view(t.state)
    # In: 6 x 450 = 2,700 cash; out: 50 cash, 75 MobilePay.
    assert desk.expected["cash"] == 2_700 - 50 and desk.expected["mobilepay"] == -75
    assert desk.paid_out == 125 and desk.owed == 0
    # The bounty money in (600) is the cash paid (125) and what is on the heads still in:
    # P03 175, P04-P06 3 x 100.
    assert desk.paid_out + 175 + 3 * 100 == 600

"""The cash desk: every krone in and out, by payment method, reconciled against a hand calculation."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tdconsole.domain.commands import (
    AddOn,
    Bust,
    Command,
    CountCash,
    Draw,
    Pay,
    PayOut,
    Rebuy,
    Reenter,
    Register,
    SetMoney,
    Undo,
    Unregister,
)
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.house_rules import CLUB
from tdconsole.domain.money.cash import dues, method_of, split_fees
from tdconsole.domain.money.handlers import pool
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.tournament import undoable_commands
from tdconsole.views.cash import cash_view, receipt_rows, slip_rows
from tdconsole.views.export import slips_document
from tests.domain.helpers import Tournament
from tests.samples import examples

NAMES = [f"P{i:02}" for i in range(1, 41)]
# Buy-in 300 + fee 50, a fixed bounty of 100 on each entry (T-BOUNTY-1): 450 an entry. Re-entries
# as a buy-in (T-REG-1); a rebuy 300 + 30 through level 2 (T-REBUY-1); an add-on 200 + 20, sold
# through level 2 too and as often as a player likes (T-ADDON-1/2: the desk is what is tested here).
# The house guarantees 15,000. Four places paid, locked so the hand calculation needs no curve.
MONEY = {"bounty": 100, "add_on": 200, "add_on_fee": 20, "add_on_until_level": 2, "add_on_limit": None,
         "guarantee": 15_000,
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
    receipts = receipt_rows(t.state)
    # 42 entries, a rebuy and 5 add-ons; P02's re-entry presumed cash, then recorded MobilePay: its
    # cash receipt is void, replaced by the next number. P40's came when he paid, after the rest.
    assert len([r for r in receipts if not r.void]) == 42 + 1 + 5 and len(receipts) == 49
    [(cash, phone)] = [(r, s) for r in receipts for s in receipts if r.replaced_by == s.number]
    assert (cash.name, cash.what, cash.method, cash.void) == ("P02", "entry", "cash", True)
    assert (phone.name, phone.what, phone.method, phone.void) == ("P02", "entry", "mobilepay", False)
    assert (receipts[-1].name, receipts[-1].number) == ("P40", 49)
    assert sum(r.amount for r in receipts if not r.void) == desk.collected


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


def _receipts(t: Tournament) -> list[tuple[int, str, str, str | None, bool]]:
    return [(r.number, r.name, r.what, r.method, r.void) for r in receipt_rows(t.state)]


def test_a_receipt_number_once_printed_never_changes_when_an_earlier_player_buys_an_add_on() -> None:
    """Receipts are numbered in the order the payments were recorded: an add-on bought by A after
    B paid takes the next number, and B's receipt keeps the one printed on it."""
    t = Tournament()
    t.do(SetMoney(settings=MoneySettings.model_validate({"add_on": 200, "add_on_fee": 20,
                                                         "add_on_until_level": 2})))
    t.do(Register(names=["Anna"]))
    t.do(Register(names=["Bo"], paid="mobilepay"))
    printed = _receipts(t)
    assert printed == [(1, "Anna", "entry", "cash", False), (2, "Bo", "entry", "mobilepay", False)]
    t.do(AddOn(names=["Anna"]))
    assert _receipts(t) == [*printed, (3, "Anna", "add-on:1", "cash", False)]


def _standing_receipts_are_the_paid_dues(t: Tournament) -> None:
    """The receipts that stand are exactly the dues the desk counts as paid, by their method."""
    standing = {(r.name, r.what): (r.method, r.amount) for r in receipt_rows(t.state) if not r.void}
    paid = {(due.player.name, due.due): (method_of(t.state, due), due.amount) for due in dues(t.state)
            if method_of(t.state, due) is not None}
    assert standing == paid
    numbers = [r.number for r in receipt_rows(t.state)]
    assert numbers == list(range(1, len(numbers) + 1))  # no gap, none twice


def test_an_undone_add_on_or_payment_keeps_its_receipt_void_and_its_number_is_never_issued_again() -> None:
    t = Tournament()
    t.do(SetMoney(settings=MoneySettings.model_validate(
        MONEY | {"rebuy": {"until_level": 2, "price": 300, "fee": 30, "double": True}})))
    t.do(Register(names=["Anna", "Bo", "Carl"]))
    t.do(AddOn(names=["Anna"]))  # receipt 4
    t.do(Undo(actor="td"))
    t.do(AddOn(names=["Bo"]))  # 5: Bo's first add-on
    t.do(AddOn(names=["Anna"]))  # 6: Anna's first add-on again, on a new number
    t.do(Rebuy(name="Carl", double=True))  # 7, 8 (T-REBUY-4)
    assert _receipts(t)[3:] == [(4, "Anna", "add-on:1", "cash", True), (5, "Bo", "add-on:1", "cash", False),
                                (6, "Anna", "add-on:1", "cash", False), (7, "Carl", "rebuy:1", "cash", False),
                                (8, "Carl", "rebuy:2", "cash", False)]
    _standing_receipts_are_the_paid_dues(t)
    t.do(Pay(name="Bo", method="card"))  # his add-on by card after all: 9 replaces 5
    t.do(Pay(name="Carl", unpaid=True))  # his second rebuy not paid yet: 8 taken back
    rows = receipt_rows(t.state)
    assert [(r.number, r.method, r.void, r.replaced_by) for r in rows if r.number in (5, 8, 9)] == [
        (5, "cash", True, 9), (8, "cash", True, None), (9, "card", False, None)]
    printed = slips_document(t.state, receipts=True)
    assert "VOID: replaced by receipt No. 9" in printed and "VOID: this payment was taken back" in printed
    _standing_receipts_are_the_paid_dues(t)
    t.do(Undo(actor="td"))  # Carl's "unpaid" taken back: receipt 8 stands again
    t.do(Unregister(name="Anna"))  # her entry and add-on refunded: 1 and 6 void
    assert [r.number for r in receipt_rows(t.state) if r.void] == [1, 4, 5, 6]
    _standing_receipts_are_the_paid_dues(t)


def test_an_unpaid_entry_gets_its_receipt_when_it_pays() -> None:
    t = evening()  # P40 registered unpaid: no receipt yet
    assert "P40" not in {r.name for r in receipt_rows(t.state)}
    t.do(Pay(name="P40", method="mobilepay"))
    assert _receipts(t)[-1] == (40, "P40", "entry", "mobilepay", False)
    _standing_receipts_are_the_paid_dues(t)


PEOPLE = ["Anna", "Bo", "Carl", "Dan", "Eva"]
DESK_STEP = st.tuples(
    st.sampled_from(["register", "add-on", "add-on", "rebuy", "rebuy", "unregister", "bust", "bust",
                     "reenter", "pay", "pay", "undo"]),
    st.sampled_from(PEOPLE), st.sampled_from([None, "cash", "card", "mobilepay", "unpaid"]))


def _desk_command(kind: str, name: str | None, how: str | None) -> Command:
    match kind:
        case "register":
            return Register(names=[name], paid=None if how in (None, "unpaid") else how,
                            unpaid=how == "unpaid")
        case "pay":
            return Pay(name=name, method=None if how == "unpaid" else how, unpaid=how == "unpaid")
        case "add-on":
            return AddOn(names=[name])
        case "rebuy":
            return Rebuy(name=name)
        case "unregister":
            return Unregister(name=name)
        case "bust":
            return Bust(names=[name])
        case "reenter":
            return Reenter(name=name)
    return Undo(actor="td")


@pytest.mark.long
@settings(max_examples=examples(100), deadline=None)
@given(steps=st.lists(DESK_STEP, max_size=25))
# Two add-ons taken back last first: the first one's undo must not rename the second's void receipt.
@example(steps=[("add-on", "Anna", None), ("add-on", "Anna", None), ("undo", "Anna", None),
                ("undo", "Anna", None)])
def test_a_receipt_number_once_issued_always_names_the_same_due_and_the_standing_ones_are_the_paid_dues(
        steps: list[tuple[str, str | None, str | None]]) -> None:
    t = Tournament()
    t.do(SetMoney(settings=MoneySettings.model_validate(MONEY)))
    t.do(Register(names=PEOPLE[:3]))
    t.do(Register(names=[PEOPLE[3]], unpaid=True))
    issued: list[tuple[int, str, str]] = []
    for step in steps:
        with contextlib.suppress(TdError):
            t.do(_desk_command(*step))
        now = [(r.number, r.name, r.what) for r in receipt_rows(t.state)]
        assert now[:len(issued)] == issued
        issued = now
        _standing_receipts_are_the_paid_dues(t)


def test_t_reg_1_what_an_alternate_paid_is_in_the_drawer_while_he_waits_for_a_seat() -> None:
    """An alternate pays when he registers (T-REG-1, 8A) and the money is in the drawer from then:
    held for him while he waits (not yet a due of an entry, nor in the prize pool), his entry's due
    once a freed seat reaches him, and out of the drawer when he withdraws and is paid back. One
    who said he has not paid is held for nobody."""
    import random

    t = Tournament(tables=1)  # one table of nine
    t.do(Register(names=NAMES[:9]))
    t.do(Draw().with_rng(random.Random(1)))
    t.do(SetMoney(settings=MoneySettings.model_validate({"bounty": 100})))  # an entry: 450
    t.do(Register(names=["A1"], paid="mobilepay"))
    t.do(Register(names=["A2"]))  # the house's default method: cash
    t.do(Register(names=["A3"], unpaid=True))
    view = cash_view(t.state)
    assert (view.held, view.held_for) == (900, ["A1", "A2"])
    assert view.expected == {"cash": 9 * 450 + 450, "mobilepay": 450, "card": 0, "ticket": 0, "free": 0}
    assert view.collected == 9 * 450 and pool(t.state).entries == 9
    t.do(Bust(names=["P01"]).with_rng(random.Random(1)))  # A1 takes the freed seat
    view = cash_view(t.state)
    assert (view.held, view.held_for) == (450, ["A2"]) and view.collected == 10 * 450
    assert view.expected == {"cash": 9 * 450 + 450, "mobilepay": 450, "card": 0, "ticket": 0, "free": 0}
    t.do(Unregister(name="A2"))  # withdrawn: his money goes back to him
    view = cash_view(t.state)
    assert (view.held, view.held_for) == (0, []) and view.expected["cash"] == 9 * 450


def test_a_method_that_paid_out_more_than_it_took_in_is_counted_below_0_and_reconciles() -> None:
    """Three entries pay cash and one MobilePay (350 each); the winner's prize goes out by
    MobilePay: that method took in 350 and sent more, so it holds less than nothing. Its count is
    below 0 and reconciles; the desk shows each method's in and out (expected = in - out)."""
    t = Tournament()
    t.do(Register(names=["Anna", "Bo", "Carl"]))
    t.do(Register(names=["Dorte"], paid="mobilepay"))
    for name in ("Anna", "Bo", "Carl"):
        t.do(Bust(names=[name]))
    t.do(PayOut(name="Dorte", method="mobilepay"))
    view = cash_view(t.state)
    prize = view.paid_out
    assert (view.came_in["mobilepay"], view.went_out["mobilepay"]) == (350, prize)
    assert (view.came_in["cash"], view.went_out["cash"]) == (3 * 350, 0)
    assert all(view.expected[m] == view.came_in[m] - view.went_out[m] for m in view.expected)
    assert view.expected["mobilepay"] == 350 - prize < 0
    t.do(CountCash(counts={"cash": 3 * 350, "mobilepay": 350 - prize}))
    assert cash_view(t.state).difference == {"cash": 0, "mobilepay": 0}

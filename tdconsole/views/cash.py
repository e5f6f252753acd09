"""The cash desk as typed views: `cash --json`, the desk screen, the end-of-night report and the
payout slips all read these (the keys are a contract: add, never rename).

Every figure adds up, so the report reconciles to the krone:
    expected[method] = came_in[method] - went_out[method]
                       (came in: the dues paid, and what alternates paid while they wait;
                        went out: prizes and bounty cash paid)
    difference[method] = counted[method] - expected[method]   (for the methods counted)
    sum(fees.values()) = the prize pool's fees;  owed = prizes and bounties placed, not yet paid
    collected = sum(came_in) - held: the dues paid; unpaid_amount is the dues not paid yet
A count is what a method holds net: the drawer's cash, or an account's balance for the evening
(received less sent), below 0 when it paid out more than it took in (MobilePay that sent the
prizes), so every method reconciles; came_in and went_out let the TD check each side against
the account's own list.
"""

from __future__ import annotations

from pydantic import Field

from tdconsole.domain.events import PlayerReentered, PlayerRegistered, PrizePaidOut
from tdconsole.domain.model import empty_list
from tdconsole.domain.money.cash import (
    Paid,
    due_parts,
    dues,
    issued_receipts,
    issued_slips,
    method_of,
    owed_to,
    paid_so_far,
    split_fees,
)
from tdconsole.domain.money.handlers import pool, prices, standings
from tdconsole.domain.state import TournamentState
from tdconsole.views.base import View
from tdconsole.views.money import payouts_or_error


class DueRow(View):
    """One thing an entry paid for, and how (None: not paid yet)."""

    name: str
    entry: int
    due: str  # "entry" (the buy-in or re-entry) or "add-on:N"
    amount: int
    method: str | None


class PrizeRow(View):
    """An entry's prize and bounty cash: what it won, what was handed over (on which slips) and
    what is still owed."""

    name: str
    place: int | None
    prize: int
    bounty: int
    amount: int
    paid: int
    owed: int
    slips: list[int]


class CashView(View):
    """`cash --json`: who has paid and who is owed, and the drawer by payment method."""

    expected: dict[str, int]  # came_in - went_out, by method
    counted: dict[str, int]
    difference: dict[str, int]
    unpaid: list[str]
    unpaid_amount: int
    fees: dict[str, int]
    rake: int
    overlay: int
    collected: int
    paid_out: int
    owed: int
    dues: list[DueRow]
    prizes: list[PrizeRow]
    # Paid by alternates still waiting for a seat (T-REG-1, 8A): in the drawer, not yet an entry's
    # due nor in the prize pool; it becomes the entry's due when a seat reaches him, and goes back
    # to him if he withdraws.
    held: int = 0
    held_for: list[str] = Field(default_factory=empty_list)
    # Each method's two sides: the dues and alternates' money paid by it, and the prizes and
    # bounty cash handed over by it.
    came_in: dict[str, int] = Field(default_factory=dict)
    went_out: dict[str, int] = Field(default_factory=dict)


def prize_rows(state: TournamentState) -> list[PrizeRow]:
    """Every entry with a prize or bounty cash won or paid, by place (the best first)."""
    structure = payouts_or_error(state)[0]  # settings that cannot pay: no prizes known yet
    placed = standings(state, structure)
    paid_out = paid_so_far(state)
    rows = []
    for player in state.players.values():
        prize = placed[player.id].prize or 0
        paid = paid_out.get(player.id, Paid())
        if prize or player.bounties or paid.slips:
            rows.append(PrizeRow(name=player.name, place=placed[player.id].place, prize=prize,
                                 bounty=player.bounties, amount=prize + player.bounties, paid=paid.amount,
                                 owed=sum(owed_to(player, prize, paid)), slips=list(paid.slips)))
    return sorted(rows, key=lambda row: (row.place is None, row.place or 0, row.name))


def cash_view(state: TournamentState) -> CashView:
    # Made, not validated: a festival's 10,000 rows validated one by one were a third of the
    # desk's redraw after every bust (the fast-CLI contract too).
    rows = DueRow.made({"name": due.player.name, "entry": due.player.entry, "due": due.due,
                        "amount": due.amount, "method": method_of(state, due)} for due in dues(state))
    came_in: dict[str, int] = dict.fromkeys(state.house_rules.cash.methods, 0)
    went_out: dict[str, int] = dict.fromkeys(state.house_rules.cash.methods, 0)
    for row in rows:
        if row.method is not None:
            came_in[row.method] = came_in.get(row.method, 0) + row.amount
    for paid in state.paid_out:
        went_out[paid.method] = went_out.get(paid.method, 0) + paid.prize + paid.bounty
    price, default = prices(state), state.house_rules.cash.default_method
    held: list[tuple[str, int]] = []
    for alternate in state.alternates.values():
        method = None if alternate.unpaid else alternate.paid or default
        if method is not None:
            amount = sum(due_parts(price, 1 if alternate.previous_id is None else 2, "entry"))
            came_in[method] = came_in.get(method, 0) + amount
            held.append((alternate.name, amount))
    # A method of the log that the house no longer lists (its rules changed) still shows.
    expected = {method: came_in.get(method, 0) - went_out.get(method, 0)
                for method in {**came_in, **went_out}}
    prizes = prize_rows(state)
    counted = dict(state.cash_counted)
    money = pool(state)
    unpaid = [row for row in rows if row.method is None]
    return CashView(
        expected=expected, counted=counted,
        difference={method: amount - expected.get(method, 0) for method, amount in counted.items()},
        unpaid=list(dict.fromkeys(row.name for row in unpaid)),
        unpaid_amount=sum(row.amount for row in unpaid),
        fees=split_fees(money.fees, state.house_rules.cash.split()), rake=money.rake, overlay=money.overlay,
        collected=sum(row.amount for row in rows if row.method is not None),
        paid_out=sum(paid.prize + paid.bounty for paid in state.paid_out),
        owed=sum(prize.owed for prize in prizes),
        dues=rows, prizes=prizes, held=sum(amount for _name, amount in held),
        held_for=[name for name, _amount in held],
        came_in={method: came_in.get(method, 0) for method in expected},
        went_out={method: went_out.get(method, 0) for method in expected})


class SlipRow(View):
    """One printed slip: a prize handed over, or (a receipt) an entry's due paid."""

    number: int
    name: str
    place: int | None
    what: str  # "prize" or the due: "entry", "rebuy:N", "add-on:N"
    prize: int
    bounty: int
    amount: int
    method: str | None
    time: str
    cashier: str
    # A payout slip whose pay-out was undone, or a receipt whose payment no longer stands (undone,
    # unregistered, recorded unpaid, or its method recorded again on receipt `replaced_by`): its
    # number is never issued again.
    void: bool = False
    replaced_by: int | None = None


def slip_rows(state: TournamentState) -> list[SlipRow]:
    """A payout slip per prize handed over, in slip order, with when and by whom; an undone
    pay-out's slip stays, void, so every number issued is accounted for."""
    names = {env.event.player_id: env.event.name for env in state.log
             if isinstance(env.event, PlayerRegistered | PlayerReentered)}
    placed = standings(state, payouts_or_error(state)[0])
    rows = []
    for envelope, void in issued_slips(state.log):
        paid = envelope.event
        assert isinstance(paid, PrizePaidOut)
        # A void slip's place is not known now (the bust may be undone too): it shows none.
        place = None if void or paid.player_id not in placed else placed[paid.player_id].place
        rows.append(SlipRow(number=paid.slip, name=names.get(paid.player_id, paid.player_id), place=place,
                            what="prize", prize=paid.prize, bounty=paid.bounty,
                            amount=paid.prize + paid.bounty, method=paid.method,
                            time=envelope.time.isoformat(), cashier=envelope.actor, void=void))
    return rows


def receipt_rows(state: TournamentState) -> list[SlipRow]:
    """A receipt per due paid (a buy-in, a re-entry, a rebuy, an add-on), numbered in the order the
    log recorded the payments (`issued_receipts`), with when and by whom: a number once printed
    never changes, and a receipt whose payment no longer stands stays, void. Priced as the desk
    prices the dues now."""
    price = prices(state)
    default = state.house_rules.cash.default_method
    return [SlipRow(number=receipt.number, name=receipt.name, place=None, what=receipt.due, prize=0,
                    bounty=0, amount=sum(due_parts(price, receipt.entry, receipt.due)),
                    method=receipt.method or default, time=receipt.envelope.time.isoformat(),
                    cashier=receipt.envelope.actor, void=receipt.void, replaced_by=receipt.replaced_by)
            for receipt in issued_receipts(state.log)]

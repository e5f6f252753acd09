"""The cash desk's actions: how entries paid (`pay`), the drawer (`cash`, `cash count`), prizes
handed over on numbered slips (`cash pay-out`), and the printable slips and end-of-night report."""

from __future__ import annotations

from pydantic import Field

from tdconsole.actions.base import Request, action
from tdconsole.domain import commands
from tdconsole.domain.events import PrizePaidOut
from tdconsole.domain.limits import CountedMoney
from tdconsole.service import Service
from tdconsole.views.base import View
from tdconsole.views.cash import CashView, DueRow, cash_view


class CashRequest(Request):
    pass


@action("cash", web=True, tui=False)
def cash(service: Service, request: CashRequest) -> CashView:
    """Who has paid and who is owed, and the drawer by payment method: expected, counted and the
    difference; the fees by destination, the overlay, prizes paid out and still owed."""
    return cash_view(service.state)


class PayRequest(Request):
    name: str
    method: str | None = None  # default: the house's default method
    unpaid: bool = False  # the entry's latest due is not paid yet


class PaidView(View):
    name: str
    dues: list[DueRow]  # every due of the player's entry, as the desk has it now
    unpaid: list[str]  # everyone who still owes, after this


@action("pay", web=True, commands=(commands.Pay,))
def pay(service: Service, request: PayRequest) -> PaidView:
    """Record how an entry paid: its unpaid dues (or its latest due) by METHOD, or --unpaid."""
    service.execute(commands.Pay(name=request.name, method=request.method, unpaid=request.unpaid))
    player = service.state.find(request.name)
    view = cash_view(service.state)
    return PaidView(name=player.name, dues=[row for row in view.dues if row.name == player.name
                                            and row.entry == player.entry], unpaid=view.unpaid)


class CountRequest(Request):
    # METHOD=KR: what each method holds net, in the drawer or on its account (below 0 when it paid
    # out more than it took in, as a MobilePay account that sent prizes).
    counts: dict[str, CountedMoney] = Field(min_length=1)


@action("cash count", web=True, commands=(commands.CountCash,))
def count(service: Service, request: CountRequest) -> CashView:
    """The TD's count of the drawer by method; the desk shows the difference from what is expected."""
    service.execute(commands.CountCash(counts=request.counts))
    return cash_view(service.state)


class PayOutRequest(Request):
    name: str
    method: str | None = None  # default: the house's default method


class PaidOutView(View):
    name: str
    slip: int
    prize: int
    bounty: int
    amount: int
    method: str


@action("cash pay-out", web=True, commands=(commands.PayOut,))
def pay_out(service: Service, request: PayOutRequest) -> PaidOutView:
    """Hand an entry what it is owed now (its prize, its bounty cash) on the next payout slip."""
    [envelope] = service.execute(commands.PayOut(name=request.name, method=request.method))
    event = envelope.event
    assert isinstance(event, PrizePaidOut)
    return PaidOutView(name=service.state.players[event.player_id].name, slip=event.slip, prize=event.prize,
                       bounty=event.bounty, amount=event.prize + event.bounty, method=event.method)


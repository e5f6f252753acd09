"""The cash desk: what every entry owes, how it was paid, the prizes handed over and the drawer.

Every money movement is a fact of the log. An entry's dues come from the entries themselves (a
buy-in or a re-entry, T-REG-1, each rebuy, T-REBUY-1, and each add-on) priced by the money
settings, as the prize pool is, so the desk and the pool can never disagree; `PaymentRecorded`
says how a due was paid (or that it is not paid yet) and a due never recorded was paid by the
house's default method. `PrizePaidOut` hands an entry its prize and bounty cash on a numbered slip
(a number is never issued twice, an undone pay-out's included: its slip stays in the list, void);
`CashCounted` is the TD's count of the drawer. The drawer expected by method is what came in by it
less what went out by it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from tdconsole.domain.commands import CountCash, Pay, PayOut
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import CashCounted, Envelope, Event, PaymentRecorded, PrizePaidOut, Undone
from tdconsole.domain.money.handlers import payout_structure, prices, standings
from tdconsole.domain.state import Player, TournamentState


@dataclass(frozen=True, slots=True)
class Due:
    """One thing an entry pays for: `entry` (its buy-in or re-entry), `rebuy:N` or `add-on:N`."""

    player: Player
    due: str
    prize_part: int
    fee: int
    bounty: int

    @property
    def key(self) -> str:
        return f"{self.player.id}/{self.due}"

    @property
    def amount(self) -> int:
        return self.prize_part + self.fee + self.bounty


def dues(state: TournamentState) -> list[Due]:
    """Every due of every entry in the order registered, priced as the prize pool prices them."""
    price = prices(state)
    re_entry = price.buy_in if price.re_entry is None else price.re_entry
    re_entry_fee = price.fee if price.re_entry_fee is None else price.re_entry_fee
    found: list[Due] = []
    for player in state.players.values():
        if player.entry == 1:
            found.append(Due(player, "entry", price.buy_in, price.fee, price.bounty))
        else:
            found.append(Due(player, "entry", re_entry, re_entry_fee, price.bounty))
        found.extend(Due(player, f"rebuy:{n}", price.rebuy.price, price.rebuy.fee, price.rebuy.bounty or 0)
                     for n in range(1, player.rebuys + 1))
        found.extend(Due(player, f"add-on:{n}", price.add_on, price.add_on_fee, 0)
                     for n in range(1, player.add_ons + 1))
    return found


def method_of(state: TournamentState, due: Due) -> str | None:
    """How `due` was paid; None: not yet."""
    return state.payments.get(due.key, state.house_rules.cash.default_method)


def split_fees(fees: int, split: dict[str, int]) -> dict[str, int]:
    """`fees` shared by percent, in whole kroner: each destination its share rounded down, the
    kroner left over one each to the largest remainders (the first set on a tie), so the parts
    always add up to the fees.

    >>> split_fees(1000, {"house": 70, "dealers": 20, "league": 10})
    {'house': 700, 'dealers': 200, 'league': 100}
    >>> split_fees(101, {"house": 50, "dealers": 50})
    {'house': 51, 'dealers': 50}
    """
    shares = {where: fees * percent // 100 for where, percent in split.items()}
    order = sorted(split, key=lambda where: -(fees * split[where] % 100))
    for where in order[: fees - sum(shares.values())]:
        shares[where] += 1
    return shares


def stated_method(state: TournamentState, paid: str | None, unpaid: bool) -> str | None:
    """The method a new entry's command says it paid by, checked against the club's (None: it
    says none); saying both paid and unpaid is refused."""
    if paid is not None and unpaid:
        raise InvalidInput("paid or unpaid, not both", field="unpaid")
    return None if paid is None else state.house_rules.cash.method(paid)


def recorded_payment(player_id: str, dues: list[str], method: str | None, unpaid: bool) -> list[Event]:
    """The payment a new entry records (`method` as `stated_method` checked it): none when its
    command said nothing (the default method)."""
    if unpaid:
        return [PaymentRecorded(player_id=player_id, dues=dues, method=None)]
    if method is None:
        return []
    return [PaymentRecorded(player_id=player_id, dues=dues, method=method)]


def decide_pay(state: TournamentState, command: Pay, now: datetime) -> list[Event]:
    player = state.find(command.name)
    mine = [due for due in dues(state) if due.player.id == player.id]
    if command.unpaid:
        if command.method is not None:
            raise InvalidInput("a method or unpaid, not both", field="unpaid")
        return [PaymentRecorded(player_id=player.id, dues=[mine[-1].due], method=None)]
    method = state.house_rules.cash.method(command.method or state.house_rules.cash.default_method)
    unpaid = [due.due for due in mine if method_of(state, due) is None]
    chosen = unpaid or [mine[-1].due]
    if not unpaid and method_of(state, mine[-1]) == method:
        raise InvalidInput("{name} has paid everything, the last by {method} already", name=player.name,
                           method=method, player=player.name)
    return [PaymentRecorded(player_id=player.id, dues=chosen, method=method)]


def apply_payment(state: TournamentState, event: PaymentRecorded, now: datetime) -> None:
    for due in event.dues:
        state.payments[f"{event.player_id}/{due}"] = event.method


@dataclass(frozen=True, slots=True)
class Paid:
    """What was handed to one entry so far: prize, bounty cash, and on which slips."""

    prize: int = 0
    bounty: int = 0
    slips: tuple[int, ...] = ()

    @property
    def amount(self) -> int:
        return self.prize + self.bounty


def paid_so_far(state: TournamentState) -> dict[str, Paid]:
    """Every entry's payouts, by player id, in one pass over the slips."""
    paid: dict[str, Paid] = {}
    for slip in state.paid_out:
        before = paid.get(slip.player_id, Paid())
        paid[slip.player_id] = Paid(before.prize + slip.prize, before.bounty + slip.bounty,
                                    (*before.slips, slip.slip))
    return paid


def owed_to(player: Player, prize: int | None, paid: Paid) -> tuple[int, int]:
    """The prize (`prize`: the standings' for the entry) and bounty cash still to hand over."""
    return (prize or 0) - paid.prize, player.bounties - paid.bounty


def issued_slips(log: Iterable[Envelope]) -> list[tuple[Envelope, bool]]:
    """Every payout slip ever issued, in the order issued, each with whether it is void (its pay-out
    undone). A slip may have been printed and handed over before its pay-out was taken back, so the
    desk's audit trail keeps it: the numbers run without a gap and none is issued twice."""
    log = list(log)
    undone = {env.event.command_id for env in log if isinstance(env.event, Undone)}
    return [(env, env.command_id in undone) for env in log if isinstance(env.event, PrizePaidOut)]


def decide_pay_out(state: TournamentState, command: PayOut, now: datetime) -> list[Event]:
    """What the entry is owed now, on the next slip: a player still in may take the bounty cash he
    has won and come back for the rest."""
    player = state.find(command.name)
    prize, bounty = owed_to(player, standings(state, payout_structure(state))[player.id].prize,
                            paid_so_far(state).get(player.id, Paid()))
    if prize <= 0 and bounty <= 0:
        raise InvalidInput("nothing is owed to {name} (no prize placed yet, no bounty unpaid)",
                           name=player.name)
    cash = state.house_rules.cash
    method = cash.method(command.method or cash.default_method)
    # The highest number ever issued, not the slips standing: an undone pay-out's number is spent.
    slip = max((env.event.slip for env in state.log if isinstance(env.event, PrizePaidOut)), default=0) + 1
    return [PrizePaidOut(player_id=player.id, prize=max(prize, 0), bounty=max(bounty, 0), slip=slip,
                         method=method)]


def apply_paid_out(state: TournamentState, event: PrizePaidOut, now: datetime) -> None:
    state.paid_out.append(event)


def decide_count_cash(state: TournamentState, command: CountCash, now: datetime) -> list[Event]:
    cash = state.house_rules.cash
    return [CashCounted(counts={cash.method(method): amount for method, amount in command.counts.items()})]


def apply_cash_counted(state: TournamentState, event: CashCounted, now: datetime) -> None:
    state.cash_counted.update(event.counts)

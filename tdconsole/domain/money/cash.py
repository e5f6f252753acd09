"""The cash desk: what every entry owes, how it was paid, the prizes handed over and the drawer.

Every money movement is a fact of the log. An entry's dues come from the entries themselves (a
buy-in or a re-entry, T-REG-1, each rebuy, T-REBUY-1, and each add-on) priced by the money
settings, as the prize pool is, so the desk and the pool can never disagree; `PaymentRecorded`
says how a due was paid (or that it is not paid yet) and a due never recorded was paid by the
house's default method. `PrizePaidOut` hands an entry its prize and bounty cash on a numbered slip
(a number is never issued twice, an undone pay-out's included: its slip stays in the list, void);
receipts are numbered as the log recorded the dues paid, so a number once printed is never changed
or issued again (`issued_receipts`). `CashCounted` is the TD's count of the drawer. The drawer
expected by method is what came in by it less what went out by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import groupby
from typing import TYPE_CHECKING

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.event_log import events, undone_commands
from tdconsole.domain.events import (
    AddOnBought,
    CashCounted,
    Envelope,
    Event,
    PaymentRecorded,
    PlayerReentered,
    PlayerRegistered,
    PlayerUnregistered,
    PrizePaidOut,
    Rebought,
    Undone,
)
from tdconsole.domain.money.handlers import payout_structure, prices, standings
from tdconsole.domain.money.prize_pool import EntryPrices
from tdconsole.domain.state import Player, TournamentState

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import CountCash, Pay, PayOut


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
    """Every due of every entry in the order registered, priced as the prize pool prices them.

    >>> from tdconsole.domain.commands import Bust, Rebuy, Reenter, SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> rebuys = RebuySettings(until_level=1, price=200)
    >>> _ = t.do(SetMoney(settings=MoneySettings(re_entry=250, rebuy=rebuys)))
    >>> _ = t.do(Rebuy(name="Ann"))
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> _ = t.do(Reenter(name="Cy"))
    >>> [(due.player.id, due.due, due.amount) for due in dues(t.state)]
    [('p1', 'entry', 350), ('p1', 'rebuy:1', 200), ('p2', 'entry', 350), ('p3', 'entry', 350),
     ('p4', 'entry', 300)]
    """
    price = prices(state)
    first, again = due_parts(price, 1, "entry"), due_parts(price, 2, "entry")
    rebuy, add_on = due_parts(price, 1, "rebuy"), due_parts(price, 1, "add-on")
    found: list[Due] = []
    for player in state.players.values():
        found.append(Due(player, "entry", *(first if player.entry == 1 else again)))
        if player.rebuys or player.add_ons:  # (most have neither: no generator made for them)
            found.extend(Due(player, f"rebuy:{n}", *rebuy) for n in range(1, player.rebuys + 1))
            found.extend(Due(player, f"add-on:{n}", *add_on) for n in range(1, player.add_ons + 1))
    return found


def due_parts(price: EntryPrices, entry: int, due: str) -> tuple[int, int, int]:
    """The prize part, fee and bounty of `due` of an entry (1: the buy-in, 2: the first re-entry,
    ...) at `price`.

    >>> from tdconsole.domain.money.prize_pool import EntryPrices
    >>> price = EntryPrices(buy_in=300, fee=50, re_entry=250, add_on=100, bounty=50)
    >>> due_parts(price, 1, "entry"), due_parts(price, 2, "entry"), due_parts(price, 1, "add-on")
    ((300, 50, 50), (250, 50, 50), (100, 0, 0))
    """
    kind = due.partition(":")[0]
    if kind == "rebuy":
        return price.rebuy.price, price.rebuy.fee, price.rebuy.bounty or 0
    if kind == "add-on":
        return price.add_on, price.add_on_fee, 0
    if entry == 1:
        return price.buy_in, price.fee, price.bounty
    return (price.buy_in if price.re_entry is None else price.re_entry,
            price.fee if price.re_entry_fee is None else price.re_entry_fee, price.bounty)


def method_of(state: TournamentState, due: Due) -> str | None:
    """How `due` was paid; None: not yet.

    >>> from tdconsole.domain.commands import Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann")
    >>> _ = t.do(Register(names=["Bo"], paid="MobilePay"))
    >>> [method_of(t.state, due) for due in dues(t.state)]
    ['cash', 'mobilepay']
    """
    return state.payments.get(due.key, state.house_rules.cash.default_method)


def unpaid_amount(state: TournamentState) -> int:
    """What the entries still owe the desk: the dues recorded unpaid. The prize pool counts them
    (an entry plays whether or not it has paid yet), the drawer does not.

    >>> from tdconsole.domain.commands import Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann")
    >>> _ = t.do(Register(names=["Bo"], unpaid=True))
    >>> unpaid_amount(t.state), unpaid_players(t.state)
    (350, {'p2'})
    """
    return sum(due.amount for due in dues(state) if method_of(state, due) is None)


def unpaid_players(state: TournamentState) -> set[str]:
    """The entries (player ids) with a due recorded unpaid: few, and read from the payments
    recorded alone, so the players list can mark them at festival size on every redraw.

    >>> from tdconsole.domain.commands import Pay, Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann")
    >>> _ = t.do(Register(names=["Bo"], unpaid=True))
    >>> _ = t.do(Pay(name="Bo", method="card"))
    >>> unpaid_players(t.state)
    set()
    """
    return {key.partition("/")[0] for key, method in state.payments.items()
            if method is None and key.partition("/")[0] in state.players}


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
    says none); saying both paid and unpaid is refused.

    >>> from tdconsole.domain.examples import tournament
    >>> state = tournament().state
    >>> stated_method(state, "Card", False), stated_method(state, None, False)
    ('card', None)
    >>> stated_method(state, "card", True)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: paid or unpaid, not both
    """
    if paid is not None and unpaid:
        raise InvalidInput("paid or unpaid, not both", field="unpaid")
    return None if paid is None else state.house_rules.cash.method(paid)


def recorded_payment(player_id: str, dues: list[str], method: str | None, unpaid: bool) -> list[Event]:
    """The payment a new entry records (`method` as `stated_method` checked it): none when its
    command said nothing (the default method).

    >>> recorded_payment("p1", ["entry"], None, False)
    []
    >>> recorded_payment("p1", ["entry"], "card", False)
    [PaymentRecorded(type='payment_recorded', player_id='p1', dues=['entry'], method='card')]
    """
    if unpaid:
        return [PaymentRecorded(player_id=player_id, dues=dues, method=None)]
    if method is None:
        return []
    return [PaymentRecorded(player_id=player_id, dues=dues, method=method)]


def decide_pay(state: TournamentState, command: Pay, now: datetime) -> list[Event]:
    """The entry's unpaid dues are paid now; paying again by the same method is refused.

    >>> from tdconsole.domain.commands import Pay, Register
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann")
    >>> _ = t.do(Register(names=["Bo"], unpaid=True))
    >>> decide_pay(t.state, Pay(name="Bo", method="card"), T0)
    [PaymentRecorded(type='payment_recorded', player_id='p2', dues=['entry'], method='card')]
    >>> decide_pay(t.state, Pay(name="Ann"), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: Ann: Ann has paid everything, the last by cash already
    """
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
    """Every entry's payouts, by player id, in one pass over the slips.

    >>> from tdconsole.domain.commands import Bust, PayOut
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDCB":
    ...     _ = t.do(Bust(names=[name]))
    >>> _ = t.do(PayOut(name="A"))
    >>> paid_so_far(t.state)
    {'p1': Paid(prize=1850, bounty=0, slips=(1,))}
    """
    paid: dict[str, Paid] = {}
    for slip in state.paid_out:
        before = paid.get(slip.player_id, Paid())
        paid[slip.player_id] = Paid(before.prize + slip.prize, before.bounty + slip.bounty,
                                    (*before.slips, slip.slip))
    return paid


def owed_to(player: Player, prize: int | None, paid: Paid) -> tuple[int, int]:
    """The prize (`prize`: the standings' for the entry) and bounty cash still to hand over.

    >>> from tdconsole.domain.examples import tournament
    >>> ann = tournament("Ann").state.find("Ann")
    >>> owed_to(ann, 1_850, Paid(prize=1_000))
    (850, 0)
    """
    return (prize or 0) - paid.prize, player.bounties - paid.bounty


def issued_slips(log: Sequence[Envelope]) -> list[tuple[Envelope, bool]]:
    """Every payout slip ever issued, in the order issued, each with whether it is void (its pay-out
    undone). A slip may have been printed and handed over before its pay-out was taken back, so the
    desk's audit trail keeps it: the numbers run without a gap and none is issued twice.

    >>> from tdconsole.domain.commands import Bust, PayOut, Undo
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDCB":
    ...     _ = t.do(Bust(names=[name]))
    >>> _ = t.do(PayOut(name="A"))
    >>> _ = t.do(Undo(actor="td"))
    >>> _ = t.do(PayOut(name="A"))
    >>> [(envelope.event.slip, void) for envelope, void in issued_slips(t.log)]
    [(1, True), (2, False)]
    """
    undone = undone_commands(log)
    return [(env, env.command_id in undone) for env in events(log, PrizePaidOut)]


@dataclass(frozen=True, slots=True)
class Receipt:
    """A receipt for one due paid: `envelope` is the event that recorded it paid (when, by whom)."""

    number: int
    envelope: Envelope
    player_id: str
    name: str
    entry: int  # the entry the due belongs to (1: the buy-in, 2: the first re-entry, ...)
    due: str
    method: str | None  # as recorded; None: the house's default method
    void: bool = False
    replaced_by: int | None = None  # void because its method was recorded again on this receipt


def issued_receipts(log: Sequence[Envelope]) -> list[Receipt]:
    """Every receipt ever issued, numbered in the order the log recorded the dues paid: with the
    entry, rebuy or add-on itself (unless its command said unpaid), or by a later payment. A
    number once printed is never changed nor issued again, so a receipt is never renumbered by
    what another entry buys later; one whose payment no longer stands (its command undone, its
    entry unregistered, the due recorded unpaid) stays, void, and one whose method is recorded
    again is void, replaced by the new method's receipt, so the desk's numbers run without a gap.
    Dues are named as the fold named them when they were made: a rebuy or add-on counts for the
    names of those after it until it is undone. A later one of the same player's depends on it
    (footprints), so an undo that stands never leaves a later one named otherwise than the fold
    names it, and a receipt's name, once printed, never changes either.

    >>> from tdconsole.domain.commands import Pay, Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann")
    >>> _ = t.do(Register(names=["Bo"], paid="card"))
    >>> _ = t.do(Pay(name="Bo", method="mobilepay"))
    >>> [(receipt.number, receipt.name, receipt.method, receipt.void, receipt.replaced_by)
    ...  for receipt in issued_receipts(t.log)]
    [(1, 'Ann', None, False, None), (2, 'Bo', 'card', True, 3), (3, 'Bo', 'mobilepay', False, None)]
    """
    undone = undone_commands(log)
    # Only the events that make, pay or refund a due (or take one back) are read: each command's
    # stand together among them as in the log.
    log = list(events(log, *_DUES_EVENTS, Undone))
    receipts: list[Receipt] = []
    standing: dict[tuple[str, str], int] = {}  # (player id, due) -> its receipt's index, while paid
    made_before: set[tuple[str, str]] = set()  # the dues that stand
    entries: dict[str, tuple[str, int]] = {}  # player id -> his name and entry number
    bought: dict[tuple[str, str], int] = {}  # (player id, "rebuy" or "add-on") -> how many stand
    raised: dict[str, list[tuple[str, str]]] = {}  # command id -> the counts of `bought` it raised
    for command_id, group in groupby(log, key=lambda env: env.command_id):
        envelopes = list(group)
        for envelope in envelopes:  # an undo takes back what its command counted, from now on
            if isinstance(envelope.event, Undone):
                for key in raised.pop(envelope.event.command_id, []):
                    bought[key] -= 1
        counted = command_id not in undone
        made, recorded, gone = _dues_changed(envelopes, entries, bought)
        raised[command_id] = [(player, due.partition(":")[0]) for _envelope, (player, due) in made
                              if due != "entry"]
        paid: list[tuple[Envelope, tuple[str, str], str | None]] = []  # the receipts it issues
        voided: list[tuple[int, int | None]] = []  # receipt index, replaced by which number
        for envelope, due in made:
            payment = recorded.pop(due, None)
            if payment is None:  # paid with it, by the house's default method
                paid.append((envelope, due, None))
            elif payment[1] is not None:
                paid.append((payment[0], due, payment[1]))
        for due, (envelope, method) in recorded.items():  # a payment of a due made before
            before = standing.get(due)
            # None is "unpaid" here, on a receipt the default method: unpaid takes any receipt back.
            if due in made_before and (before is None or method is None or receipts[before].method != method):
                if method is not None:
                    paid.append((envelope, due, method))
                if before is not None:
                    voided.append((before, None if method is None else len(receipts) + len(paid)))
        issued = [Receipt(len(receipts) + n, envelope, player, *entries.get(player, (player, 1)), due,
                          method, void=not counted)
                  for n, (envelope, (player, due), method) in enumerate(paid, start=1)]
        receipts += issued
        if not counted:
            continue
        if gone:  # the entry and all it bought refunded
            voided += [(index, None) for due, index in standing.items() if due[0] in gone]
        for index, replaced_by in voided:
            receipts[index] = replace(receipts[index], void=True, replaced_by=replaced_by)
            del standing[receipts[index].player_id, receipts[index].due]
        made_before.update(due for _envelope, due in made)
        standing.update(((receipt.player_id, receipt.due), receipt.number - 1) for receipt in issued)
    return receipts


# What `_dues_changed` reads.
_DUES_EVENTS = (PlayerRegistered, PlayerReentered, Rebought, AddOnBought, PaymentRecorded, PlayerUnregistered)


def _dues_changed(envelopes: list[Envelope], entries: dict[str, tuple[str, int]],
                  counts: dict[tuple[str, str], int]) -> tuple[
                      list[tuple[Envelope, tuple[str, str]]],
                      dict[tuple[str, str], tuple[Envelope, str | None]], set[str]]:
    """What one command's events do to the dues: those they make (each with its event), the
    payments they record (the method, None: unpaid) and the players they unregister. `entries`
    (each player's name and entry) and `counts` (the rebuys and add-ons of each) are kept up."""
    made: list[tuple[Envelope, tuple[str, str]]] = []
    recorded: dict[tuple[str, str], tuple[Envelope, str | None]] = {}
    gone: set[str] = set()
    for envelope in envelopes:
        match envelope.event:
            case PlayerRegistered(player_id=player, name=name):
                entries[player] = (name, 1)
                made.append((envelope, (player, "entry")))
            case PlayerReentered(player_id=player, previous_id=previous, name=name):
                entries[player] = (name, entries.get(previous, (name, 1))[1] + 1)
                made.append((envelope, (player, "entry")))
            case Rebought(player_id=player, count=count):
                made += [(envelope, _next_due(counts, player, "rebuy")) for _ in range(count)]
            case AddOnBought(player_id=player):
                made.append((envelope, _next_due(counts, player, "add-on")))
            case PaymentRecorded(player_id=player, dues=dues, method=method):
                recorded.update(((player, due), (envelope, method)) for due in dues)
            case PlayerUnregistered(player_id=player):
                gone.add(player)
    return made, recorded, gone


def _next_due(counts: dict[tuple[str, str], int], player: str, kind: str) -> tuple[str, str]:
    """The next rebuy or add-on of `player` (`(player, "rebuy:3")`), counted in `counts`."""
    counts[player, kind] = counts.get((player, kind), 0) + 1
    return player, f"{kind}:{counts[player, kind]}"


def decide_pay_out(state: TournamentState, command: PayOut, now: datetime) -> list[Event]:
    """What the entry is owed now, on the next slip: a player still in may take the bounty cash he
    has won and come back for the rest.

    A prize is handed over once the place is decided, on the next slip; a knockout's bounty cash may
    be taken before.

    >>> from tdconsole.domain.commands import CountCash, Pay, PayOut
    >>> from tdconsole.domain.commands import Bust, SetMoney
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100)))
    >>> decide_pay_out(t.state, PayOut(name="A"), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: nothing is owed to A (no prize placed yet, no bounty unpaid)
    >>> _ = t.do(Bust(names=["J"], by=["A"]))
    >>> decide_pay_out(t.state, PayOut(name="A"), T0)
    [PrizePaidOut(type='prize_paid_out', player_id='p1', prize=0, bounty=100, slip=1, method='cash')]
    """
    player = state.find(command.name)
    prize, bounty = owed_to(player, standings(state, payout_structure(state))[player.id].prize,
                            paid_so_far(state).get(player.id, Paid()))
    if prize <= 0 and bounty <= 0:
        raise InvalidInput("nothing is owed to {name} (no prize placed yet, no bounty unpaid)",
                           name=player.name)
    cash = state.house_rules.cash
    method = cash.method(command.method or cash.default_method)
    # The highest number ever issued, not the slips standing: an undone pay-out's number is spent.
    issued = (env.event for env in events(state.log, PrizePaidOut))
    slip = max((event.slip for event in issued if isinstance(event, PrizePaidOut)), default=0) + 1
    return [PrizePaidOut(player_id=player.id, prize=max(prize, 0), bounty=max(bounty, 0), slip=slip,
                         method=method)]


def apply_paid_out(state: TournamentState, event: PrizePaidOut, now: datetime) -> None:
    state.paid_out.append(event)


def decide_count_cash(state: TournamentState, command: CountCash, now: datetime) -> list[Event]:
    """The TD's count of the drawer, by method.

    >>> from tdconsole.domain.commands import CountCash
    >>> from tdconsole.domain.examples import T0, tournament
    >>> decide_count_cash(tournament().state, CountCash(counts={"Cash": 3_500}), T0)
    [CashCounted(type='cash_counted', counts={'cash': 3500})]
    >>> decide_count_cash(tournament().state, CountCash(counts={"cheque": 3_500}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: 'cheque' is not a payment method of the club: cash, mobilepay,
    card, ticket, free
    """
    cash = state.house_rules.cash
    return [CashCounted(counts={cash.method(method): amount for method, amount in command.counts.items()})]


def apply_cash_counted(state: TournamentState, event: CashCounted, now: datetime) -> None:
    state.cash_counted.update(event.counts)

"""Deals through the log (T-DEAL-1): a proposal by ICM, chip chop or custom amounts, with an
amount left for the winner; every remaining player's consent; the TD's approval. The approved
deal replaces the payouts of the players in it (`money.standings`).

A proposal is for the players left and the chips counted when it was made: a bust or a new count
before the approval voids it. The remaining places' money is the payouts of places 1..n for the n
players left (places paying nothing at the bottom left out).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.errors import InvalidInput, RuleViolation, TdError
from tdconsole.domain.events import DealApproved, DealConsented, DealProposed, Event
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.icm import Deal as Amounts
from tdconsole.domain.money.icm import approve_deal, chip_chop, custom_deal, icm, icm_deal
from tdconsole.domain.state import Deal, Player, TournamentState

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import ApproveDeal, ConsentDeal, ProposeDeal


def remaining(state: TournamentState) -> list[Player]:
    """The players a deal is for: those left, once every bust is placed.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> [player.name for player in remaining(t.state)]
    ['Ann', 'Bo', 'Cy']
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> _ = t.do(Bust(names=["Bo"]))
    >>> remaining(t.state)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: a deal needs at least two players left
    """
    if state.hand_for_hand is not None and state.hand_for_hand.pending:
        raise TdError("finish the hand-for-hand hand first: some busts are not placed yet")
    players = [player for player in state.players.values() if player.status != "busted"]
    if len(players) < 2:
        raise TdError("a deal needs at least two players left")
    return players


def remaining_payouts(state: TournamentState, players: int) -> list[int]:
    """The money still to play for: places 1..n for the n players left, those paying nothing left out.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> remaining_payouts(t.state, 3)
    [1850, 1150]
    """
    structure = money.payout_structure(state)
    amounts = [structure.amount(place) for place in range(1, players + 1)]
    while len(amounts) > 1 and amounts[-1] == 0:
        amounts.pop()
    if not amounts[0]:
        raise TdError("there is no prize money left to deal")
    return amounts


def stacks(state: TournamentState, players: list[Player]) -> list[int]:
    """The players' chips as last counted: a deal is made on counted stacks.

    >>> from tdconsole.domain.commands import CountChips
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> stacks(t.state, remaining(t.state))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: no chip count for Ann, Bo: record it with chips NAME=N
    >>> _ = t.do(CountChips(counts={"Ann": 12_000, "Bo": 8_000}))
    >>> stacks(t.state, remaining(t.state))
    [12000, 8000]
    """
    missing = [player.name for player in players if player.id not in state.chips]
    if missing:
        raise InvalidInput(
            "no chip count for {names}: record it with chips NAME=N", names=', '.join(missing),
        )
    return [state.chips[player.id] for player in players]


@dataclass(frozen=True, slots=True)
class DealOptions:
    """The calculator: ICM and chip chop side by side for the players left."""

    players: list[Player]
    stacks: list[int]
    payouts: list[int]
    equity: list[float]
    icm: Amounts
    chip_chop: Amounts


def options(state: TournamentState, leave_for_winner: int = 0) -> DealOptions:
    """ICM and chip chop side by side for the players left.

    >>> from tdconsole.domain.commands import Bust, CountChips
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDC":
    ...     _ = t.do(Bust(names=[name]))
    >>> _ = t.do(CountChips(counts={"A": 70_000, "B": 30_000}))
    >>> deal = options(t.state)
    >>> deal.payouts, deal.chip_chop.amounts, deal.icm.amounts
    ([1850, 1150], [1640, 1360], [1640, 1360])
    """
    players = remaining(state)
    chips = stacks(state, players)
    payouts = remaining_payouts(state, len(players))
    return DealOptions(players, chips, payouts, icm(payouts, chips),
                       icm_deal(payouts, chips, leave_for_winner),
                       chip_chop(payouts, chips, leave_for_winner))


def decide_propose(state: TournamentState, command: ProposeDeal, now: datetime) -> list[Event]:
    """T-DEAL-1: ICM, chip chop or custom amounts for the players left; a satellite deals only if the TD
    allows it (T-SAT-5).

    >>> from tdconsole.domain.commands import Bust, CountChips, ProposeDeal
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDC":
    ...     _ = t.do(Bust(names=[name]))
    >>> _ = t.do(CountChips(counts={"A": 70_000, "B": 30_000}))
    >>> [proposed] = decide_propose(t.state, ProposeDeal(method="chip-chop", leave_for_winner=200), T0)
    >>> proposed.amounts, proposed.left_for_winner
    ({'p1': 1500, 'p2': 1300}, 200)
    >>> decide_propose(t.state, ProposeDeal(method="custom", amounts={"A": 2_000}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a custom deal gives every player left one amount; missing: B
    """
    if state.money.satellite_seat is not None and not state.money.satellite_deals:
        raise RuleViolation("T-SAT-5", "no deal in a satellite unless the TD allows it in the money "
                            "settings")
    if state.deal is not None and state.deal.approved:
        raise TdError("a deal is already approved (undo the approval to change it)")
    players = remaining(state)
    payouts = remaining_payouts(state, len(players))
    leave = command.leave_for_winner
    if command.method == "custom":
        given = {state.still_in(name).id: amount for name, amount in command.amounts.items()}
        missing = [player.name for player in players if player.id not in given]
        if missing or len(given) != len(command.amounts):
            raise InvalidInput(
                "a custom deal gives every player left one amount; missing: {value}",
                value=', '.join(missing) or 'none',
            )
        deal = custom_deal(payouts, [given[player.id] for player in players], leave)
    else:
        if command.amounts:
            raise InvalidInput("amounts are for a custom deal only")
        method = icm_deal if command.method == "icm" else chip_chop
        deal = method(payouts, stacks(state, players), leave)
    return [DealProposed(method=command.method, left_for_winner=leave,
                         amounts={p.id: a for p, a in zip(players, deal.amounts, strict=True)})]


def apply_proposed(state: TournamentState, event: DealProposed, now: datetime) -> None:
    state.deal = Deal(event.method, dict(event.amounts), event.left_for_winner)


def _open_deal(state: TournamentState) -> Deal:
    if state.deal is None:
        raise TdError("no deal is proposed (deal propose)")
    if state.deal.approved:
        raise TdError("the deal is already approved")
    return state.deal


def decide_consent(state: TournamentState, command: ConsentDeal, now: datetime) -> list[Event]:
    """T-DEAL-1: players in the proposed deal agree to it.

    >>> from tdconsole.domain.commands import Bust, ConsentDeal, CountChips, ProposeDeal
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDC":
    ...     _ = t.do(Bust(names=[name]))
    >>> decide_consent(t.state, ConsentDeal(names=["A"]), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: no deal is proposed (deal propose)
    >>> _ = t.do(CountChips(counts={"A": 70_000, "B": 30_000}))
    >>> _ = t.do(ProposeDeal(method="icm"))
    >>> decide_consent(t.state, ConsentDeal(names=["A"]), T0)
    [DealConsented(type='deal_consented', player_ids=['p1'])]
    """
    deal = _open_deal(state)
    ids = [state.still_in(name).id for name in command.names]
    outside = [state.players[i].name for i in ids if i not in deal.amounts]
    if outside:
        raise InvalidInput("not in the deal: {names}", names=', '.join(outside))
    return [DealConsented(player_ids=ids)]


def apply_consented(state: TournamentState, event: DealConsented, now: datetime) -> None:
    assert state.deal is not None
    state.deal.consented.update(event.player_ids)


def decide_approve(state: TournamentState, command: ApproveDeal, now: datetime) -> list[Event]:
    """T-DEAL-1: the TD approves a deal every player in it has agreed to.

    >>> from tdconsole.domain.commands import ApproveDeal, Bust, ConsentDeal, CountChips, ProposeDeal
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDC":
    ...     _ = t.do(Bust(names=[name]))
    >>> _ = t.do(CountChips(counts={"A": 70_000, "B": 30_000}))
    >>> _ = t.do(ProposeDeal(method="icm"))
    >>> _ = t.do(ConsentDeal(names=["A"]))
    >>> decide_approve(t.state, ApproveDeal(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-DEAL-1: a deal needs every remaining player's consent;
    missing: B
    >>> _ = t.do(ConsentDeal(names=["B"]))
    >>> decide_approve(t.state, ApproveDeal(), T0)
    [DealApproved(type='deal_approved')]
    """
    deal = _open_deal(state)
    names = {player_id: state.players[player_id].name for player_id in deal.amounts}
    approve_deal(list(names.values()), [names[i] for i in deal.consented], td_approved=True)
    return [DealApproved()]


def apply_approved(state: TournamentState, event: DealApproved, now: datetime) -> None:
    assert state.deal is not None
    state.deal.approved = True

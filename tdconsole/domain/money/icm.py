"""ICM (Malmuth-Harville) and deals: ICM, chip chop, custom amounts, leave X for the winner.

T-DEAL-1: a deal needs every remaining player's consent and the TD's approval (`approve_deal`).

Malmuth-Harville: a player finishes first with the probability of his share of the chips; given
who finished above, he finishes next with his share of the chips still in play. The equity is the
sum over places of payout x probability. It is computed exactly by a memoised recursion over the
*set* of players already placed (a bitmask: the order inside the set does not matter to what
follows), place by place, instead of enumerating every finishing order: O(2^n * n), not O(n!).

Deal amounts are whole kroner summing exactly to the prize money being dealt. Rounding: each
player's share is taken to the micro-krone (double precision is good to far better than that at
any prize pool a club sees, and exact fractions cost seconds at 12 players), rounded down to the
krone, and the kroner still to give (the exact total less the rounded-down amounts) go one each to
the largest remainders; equal remainders go to the bigger stack, then to the player listed first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput, RuleIds, RuleViolation
from tdconsole.domain.limits import MAX_ICM_WORK
from tdconsole.domain.model import Frozen

if TYPE_CHECKING:
    import random  # only the type: the caller makes the draw, the domain never does

MICRO = 10**6


def icm(payouts: Sequence[float], stacks: Sequence[int]) -> list[float]:
    """Each player's equity, in the order of `stacks`.

    >>> [round(equity, 2) for equity in icm([100, 76], [1500, 1200, 975])]
    [67.06, 58.73, 50.21]
    """
    _check(payouts, stacks)
    work = exact_work(len(payouts), len(stacks))
    if work > MAX_ICM_WORK:
        raise InvalidInput(
            "exact ICM for {players} players and {paid} places paid is too much work (it is exact "
            "up to {most} players, whatever is paid); an estimate gives it by Monte Carlo with its "
            "error bound", players=len(stacks), paid=len(payouts), most=MAX_EXACT_PLAYERS,
            field="estimate")
    return _harville([float(payout) for payout in payouts], [float(stack) for stack in stacks])


def exact_work(places: int, players: int) -> int:
    """The exact method's steps: players x the sets of players who can take the places above
    the last one paid (the recursion's states).

    >>> exact_work(3, 3), exact_work(3, 9)
    (21, 414)
    """
    return players * sum(math.comb(players, taken) for taken in range(min(places, players)))


# The most players for which ICM is exact with every place paid (documented in docs/SECURITY.md).
MAX_EXACT_PLAYERS = max(n for n in range(1, 64) if exact_work(n, n) <= MAX_ICM_WORK)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A Monte-Carlo ICM estimate: each player's equity and the 95 % error bound of each."""

    equity: list[float]
    error: list[float]
    trials: int


def icm_estimate(payouts: Sequence[float], stacks: Sequence[int], rng: random.Random,
                 trials: int = 20_000) -> Estimate:
    """ICM equity by sampling finishing orders, for fields too large to compute exactly.

    Malmuth-Harville's finishing order has the law of an exponential race: each player's time is
    an exponential with rate = his stack, and the order of the times is the order of finish (the
    first is each player with probability stack / chips, and, the race being memoryless, so is
    every next one among those left). `rng` comes from the caller: the domain draws no dice.
    The error is 1.96 standard errors of each player's mean (a 95 % interval).

    >>> import random
    >>> estimate = icm_estimate([100, 76], [1500, 1200, 975], random.Random(1), trials=20_000)
    >>> [round(value) for value in estimate.equity], all(e < 1 for e in estimate.error)
    ([67, 58, 50], True)
    """
    _check(payouts, stacks)
    limits.COUNT.check("trials", trials)
    paid = [float(payout) for payout in payouts]
    players = range(len(stacks))
    total = [0.0 for _ in players]
    squares = [0.0 for _ in players]
    rates = [float(stack) for stack in stacks]
    for _ in range(trials):
        times = [rng.expovariate(rate) for rate in rates]
        order = sorted(players, key=times.__getitem__)
        for place, player in enumerate(order[:len(paid)]):
            total[player] += paid[place]
            squares[player] += paid[place] ** 2
    equity = [value / trials for value in total]
    error = [1.96 * math.sqrt(max(0.0, squares[p] / trials - equity[p] ** 2) / trials) for p in players]
    return Estimate(equity=equity, error=error, trials=trials)


def _check(payouts: Sequence[float], stacks: Sequence[int]) -> None:
    if not stacks:
        raise InvalidInput("ICM needs at least one stack")
    if not payouts:
        raise InvalidInput("ICM needs at least one payout")
    if len(payouts) > len(stacks):
        raise InvalidInput(
            "ICM with {count} payouts but only {count2} players", count=len(payouts), count2=len(stacks),
        )
    for player, stack in enumerate(stacks, 1):
        if stack <= 0:
            raise InvalidInput(
                "ICM needs every stack above 0; player {number} has {stack}", number=player, stack=stack,
            )
        limits.CHIPS.check(f"player {player}'s stack", stack)
    for place, payout in enumerate(payouts, 1):
        if payout < 0 or not math.isfinite(payout):
            raise InvalidInput(
                "payout for place {place} must be a number of at least 0, not {payout}", place=place,
                payout=payout,
            )
        limits.MONEY.check_real(f"payout for place {place}", payout)


def _harville(payouts: Sequence[float], stacks: Sequence[float]) -> list[float]:
    players = range(len(stacks))
    equity = [0.0 for _ in players]
    # layer: the sets of players who took the places above, with the probability of that set
    # and the chips the others hold. Places paying nothing at the bottom cannot change equity.
    places = len(payouts)
    while places and payouts[places - 1] == 0:
        places -= 1
    layer: dict[int, tuple[float, float]] = {0: (1.0, sum(stacks))}
    for place in range(places):
        payout, last = payouts[place], place == places - 1
        following: dict[int, tuple[float, float]] = {}
        for placed, (probability, chips_left) in layer.items():
            for player in players:
                if placed >> player & 1:
                    continue
                chance = probability * stacks[player] / chips_left
                equity[player] += payout * chance
                if not last:
                    key = placed | 1 << player
                    before = following.get(key)
                    following[key] = (
                        chance if before is None else before[0] + chance,
                        chips_left - stacks[player],
                    )
        layer = following
    return equity


# --- deals ----------------------------------------------------------------------------------------


class Deal(Frozen):
    """A deal's amounts, in the order of the players given; `left_for_winner` is played for."""

    method: Literal["icm", "chip-chop", "custom"]
    amounts: list[int]
    left_for_winner: int = Field(default=0, ge=0)
    rules: RuleIds = Field(default_factory=lambda: ["T-DEAL-1"])


def icm_deal(payouts: Sequence[int], stacks: Sequence[int], leave_for_winner: int = 0) -> Deal:
    """ICM amounts for the remaining places' `payouts`, with `leave_for_winner` kept back.

    T-DEAL-1 by ICM: each player's equity in the money being dealt, to the krone; what is left for the
    winner is played for.

    >>> deal = icm_deal([1_850, 1_150], [70_000, 30_000])
    >>> deal.amounts, sum(deal.amounts)
    ([1640, 1360], 3000)
    >>> icm_deal([1_850, 1_150], [70_000, 30_000], leave_for_winner=800)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: left for the winner must be between 0 and 700 (first place minus
    second), not 800
    """
    dealt = _dealt_payouts(payouts, stacks, leave_for_winner)
    shares = icm(dealt, stacks)
    return Deal(
        method="icm", amounts=_kroner(shares, sum(dealt), stacks), left_for_winner=leave_for_winner
    )


def chip_chop(payouts: Sequence[int], stacks: Sequence[int], leave_for_winner: int = 0) -> Deal:
    """Everyone gets the last remaining payout, and the rest is shared by chips.

    Everyone is sure of the last place's money; the rest goes by chips.

    >>> chip_chop([5_000, 3_000, 2_000], [50_000, 30_000, 20_000]).amounts
    [4000, 3200, 2800]
    """
    dealt = _dealt_payouts(payouts, stacks, leave_for_winner)
    _check(dealt, stacks)
    floor = dealt[-1] if len(dealt) == len(stacks) else 0
    rest, chips = sum(dealt) - floor * len(stacks), sum(stacks)
    shares = [floor + Fraction(rest * stack, chips) for stack in stacks]
    return Deal(
        method="chip-chop",
        amounts=_kroner(shares, sum(dealt), stacks),
        left_for_winner=leave_for_winner,
    )


def custom_deal(payouts: Sequence[int], amounts: Sequence[int], leave_for_winner: int = 0) -> Deal:
    """Amounts the players agreed on; they must share out exactly the money being dealt.

    >>> custom_deal([1_850, 1_150], [1_500, 1_500]).amounts
    [1500, 1500]
    >>> custom_deal([1_850, 1_150], [1_500, 1_400])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the deal amounts sum to 2900, not the 3000 being dealt
    """
    dealt = _dealt_payouts(payouts, amounts, leave_for_winner)
    if any(amount < 0 for amount in amounts):
        raise InvalidInput("a deal amount must not be negative")
    if sum(amounts) != sum(dealt):
        if leave_for_winner:
            raise InvalidInput("the deal amounts sum to {total}, not the {dealt} being dealt ({left} left "
                               "for the winner)", total=sum(amounts), dealt=sum(dealt), left=leave_for_winner)
        raise InvalidInput("the deal amounts sum to {total}, not the {dealt} being dealt",
                           total=sum(amounts), dealt=sum(dealt))
    return Deal(method="custom", amounts=list(amounts), left_for_winner=leave_for_winner)


def _dealt_payouts(payouts: Sequence[int], players: Sequence[int], leave: int) -> list[int]:
    """The remaining places' payouts with `leave` taken off first place."""
    if len(payouts) > len(players):
        raise InvalidInput(
            "{count} payouts for {count2} players: give the remaining places only", count=len(payouts),
            count2=len(players),
        )
    if not payouts:
        raise InvalidInput("a deal needs the remaining places' payouts")
    if any(payout < 0 for payout in payouts):
        raise InvalidInput("a payout must not be negative")
    second = payouts[1] if len(payouts) > 1 else 0
    if not 0 <= leave <= payouts[0] - second:
        # More would make first place pay less than second in what is dealt.
        raise InvalidInput(
            "left for the winner must be between 0 and {value} (first place minus second), not {leave}",
            value=payouts[0] - second, leave=leave,
        )
    return [payouts[0] - leave, *payouts[1:]]


def _kroner(shares: Sequence[float | Fraction], total: int, stacks: Sequence[int]) -> list[int]:
    micro = [round(share * MICRO) for share in shares]
    amounts = [value // MICRO for value in micro]
    # Largest remainder first; equal remainders: bigger stack, then the player listed first.
    order = sorted(range(len(shares)), key=lambda i: (-(micro[i] % MICRO), -stacks[i], i))
    to_give = total - sum(amounts)
    # |to_give| < players: the micro-krone rounding moves the sum by less than one krone each.
    for player in order[:to_give] if to_give >= 0 else order[to_give:]:
        amounts[player] += 1 if to_give >= 0 else -1
    return amounts


def approve_deal(players: Sequence[str], consenting: Sequence[str], td_approved: bool) -> None:
    """T-DEAL-1: a deal stands only with every remaining player's consent and the TD's approval.

    >>> approve_deal(["Ann", "Bo"], ["Bo", "Ann"], td_approved=True)
    >>> approve_deal(["Ann", "Bo"], ["Bo", "Ann"], td_approved=False)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-DEAL-1: a deal needs the TD's approval
    """
    unknown = sorted(set(consenting) - set(players))
    if unknown:
        raise InvalidInput("not a remaining player: {names}", names=', '.join(unknown))
    missing = [player for player in players if player not in set(consenting)]
    if missing:
        raise RuleViolation(
            "T-DEAL-1",
            "a deal needs every remaining player's consent; missing: {names}", names=', '.join(missing),
        )
    if not td_approved:
        raise RuleViolation("T-DEAL-1", "a deal needs the TD's approval")

"""Shootouts (T-SHOOT-1..4): the setting, the rounds a field plays, and the payouts by round.

Plain arithmetic on numbers; `seating/shootout.py` reads them off the state. A shootout's tables
never balance or break: each table of a round plays down to its winners, the winners are drawn to
the next round's tables, and the last round is one table played to one winner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pydantic import Field, field_validator

from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.model import Frozen
from tdconsole.domain.money.payouts import Payout, PayoutStructure, distribute


class ShootoutSettings(Frozen):
    """`new --shootout`: each table of a round plays to `winners_per_table` (T-SHOOT-2); each table
    winner of round R wins `round_prizes[R]` (T-SHOOT-4; None: the common shootout, round 1's table
    winners a buy-in each, the final table paid by place)."""

    # Fewer than a table's seats (the service checks it against the tournament's).
    winners_per_table: int = Field(default=1, ge=1)
    round_prizes: dict[int, int] | None = None

    @field_validator("round_prizes")
    @classmethod
    def _rounds(cls, prizes: dict[int, int] | None) -> dict[int, int] | None:
        if prizes is not None and any(round_ < 1 or amount < 0 for round_, amount in prizes.items()):
            raise ValueError("a round prize is ROUND=AMOUNT, the round 1 or more, the amount at least 0")
        return prizes

    def prizes(self, buy_in: int) -> dict[int, int]:
        """What each table winner of a round wins, by round.

        >>> ShootoutSettings().prizes(500), ShootoutSettings(round_prizes={2: 900}).prizes(500)
        ({1: 500}, {2: 900})
        """
        return {1: buy_in} if self.round_prizes is None else dict(self.round_prizes)


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a shootout: its tables, the players it starts with, the winners it sends on."""

    tables: int
    players: int
    winners: int


def plan_rounds(players: int, seats: int, winners_per_table: int, played: Sequence[int] = ()) -> list[Round]:
    """T-SHOOT-2, T-SHOOT-3: the rounds `players` play at tables of `seats`, each table to
    `winners_per_table`; `played`: the tables the rounds drawn so far had (round 1 first), the rest
    as many as their players need (ST1). The last round is one table played to one winner.

    27 players at nine-seat tables: three tables of nine, their winners one table of three:

    >>> plan_rounds(27, 9, 1)
    [Round(tables=3, players=27, winners=3), Round(tables=1, players=3, winners=1)]
    >>> [round_.tables for round_ in plan_rounds(100, 9, 2)]
    [12, 3, 1]
    >>> plan_rounds(20, 9, 9)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SHOOT-2: 3 tables of 9 winners each keep all 20 players: the
    round would never end
    """
    rounds: list[Round] = []
    while True:
        number = len(rounds)
        tables = played[number] if number < len(played) else max(1, -(-players // seats))
        if tables <= 1:
            rounds.append(Round(tables=1, players=players, winners=min(players, 1)))
            return rounds
        winners = min(players, tables * winners_per_table)
        if winners >= players:
            raise RuleViolation(
                "T-SHOOT-2", "{tables} tables of {each} winners each keep all {players} players: the round "
                "would never end", tables=tables, each=winners_per_table, players=players,
                field="winners_per_table")
        rounds.append(Round(tables=tables, players=players, winners=winners))
        players = winners


def payouts_by_round(pool: int, by_place: Callable[[int], PayoutStructure], rounds: Sequence[Round],
                     prizes: Mapping[int, int]) -> PayoutStructure:
    """T-SHOOT-4: each table winner of a round (every round but the last) wins its prize, taken
    off the pool first; `by_place` pays the rest by place, to the final table's players (when it
    pays more places, the final table's places share the rest in proportion to what they pay: a
    player out in an earlier round finished no place among the others of his round). A table
    winner of round R finishes in the top `rounds[R].winners`, so his prize is added to those
    places: the pool is paid to the krone.

    27 players, 2,700 in the pool, round 1's three table winners 100 each, the final table paid
    60/40 by place of what is left:

    >>> def paid(rest):
    ...     return PayoutStructure(prize_pool=rest, payouts=[
    ...         Payout(place=1, amount=rest * 6 // 10), Payout(place=2, amount=rest - rest * 6 // 10)])
    >>> structure = payouts_by_round(2_700, paid, plan_rounds(27, 9, 1), {1: 100})
    >>> structure.amounts, sum(structure.amounts)
    ([1540, 1060, 100], 2700)
    >>> def four(rest):  # a curve that pays four places: the final table of three shares them
    ...     return PayoutStructure(prize_pool=rest, payouts=[
    ...         Payout(place=n, amount=rest * share // 10) for n, share in enumerate((4, 3, 2, 1), 1)])
    >>> payouts_by_round(2_700, four, plan_rounds(27, 9, 1), {1: 100}).amounts
    [1167, 900, 633]
    >>> payouts_by_round(200, paid, plan_rounds(27, 9, 1), {1: 100})
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SHOOT-4: the prize pool 200 cannot pay the round prizes (300)
    """
    won = [(round_.winners, prizes.get(number, 0)) for number, round_ in enumerate(rounds[:-1], 1)]
    reserve = sum(winners * prize for winners, prize in won)
    if reserve > pool:
        raise RuleViolation("T-SHOOT-4", "the prize pool {pool} cannot pay the round prizes ({reserve})",
                            pool=pool, reserve=reserve)
    amounts = by_place(pool - reserve).amounts
    final = max(1, rounds[-1].players)
    if len(amounts) > final and all(amount > 0 for amount in amounts[:final]):
        amounts = distribute(pool - reserve, [Fraction(amount) for amount in amounts[:final]])
    elif len(amounts) > final:  # (a place paying nothing has no share to scale: its first takes it)
        amounts = [amounts[0] + sum(amounts[final:]), *amounts[1:final]]
    amounts = amounts or [0]
    amounts += [0] * (max([winners for winners, prize in won if prize], default=0) - len(amounts))
    for winners, prize in won:
        for place in range(winners):
            amounts[place] += prize
    return PayoutStructure(prize_pool=pool, payouts=[
        Payout(place=place, amount=amount) for place, amount in enumerate(amounts, 1)])

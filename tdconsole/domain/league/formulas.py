"""League points formulas: data (`configs/leagues/*.toml`), never code.

A formula is either a table of points by place (`table`, with `otherwise` for the places below
it) or an expression of the finish, evaluated by `simpleeval` (a maintained safe evaluator: names
and functions listed below only, no attributes, no imports, no `eval`). Each file carries worked
examples, checked when it is loaded, so the numbers a club reads in the file are the numbers it
gets.

The names an expression may use:
    place      the finish (1 = the winner)
    entries    every entry in the tournament (re-entries and guests included)
    buy_in     the buy-in's prize part; fee: the fee on top
    prize      what the member won in prizes; knockouts, bounties: their count and bounty money

A formula in The Tournament Director's language (`td3`) reads TD3's variables instead
(`Finish.td3_names`: `n`, `r`, `numberOfHits`, `totalBuyinsAmount`, ...), interpreted by
`td3_formula.py`.

Tied places (T-ELIM-2) share points like they share money: the average of the places they span.

    >>> field = PointsFormula(name="Field", expression="entries - place + 1", decimals=1)
    >>> field.points(Finish(place=3, entries=20))
    18.0
    >>> field.points(Finish(place=3, last_place=4, entries=20))
    17.5
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from pydantic import Field, model_validator
from simpleeval import InvalidExpression, SimpleEval  # type: ignore[import-untyped]

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.league.td3_formula import Td3Formula
from tdconsole.domain.model import Frozen, empty_list

FUNCTIONS: dict[str, Any] = {
    "sqrt": math.sqrt, "log": math.log, "log10": math.log10, "exp": math.exp,
    "floor": math.floor, "ceil": math.ceil, "round": round, "min": min, "max": max, "abs": abs,
}
NAMES = ("place", "entries", "buy_in", "fee", "prize", "knockouts", "bounties")


@dataclass(frozen=True, slots=True)
class Finish:
    """One member's finish in one tournament, as a formula sees it."""

    place: int
    entries: int
    last_place: int | None = None  # tied: places place..last_place shared
    buy_in: int = 0
    fee: int = 0
    prize: int = 0
    knockouts: int = 0
    bounties: int = 0
    # What TD3's formula language reads beyond these (`td3_names`); the member's own, then the
    # tournament's.
    hits: int = 0
    rebuys: int = 0
    add_ons: int = 0
    cost: int = 0
    players: int = 0
    total_rebuys: int = 0
    total_add_ons: int = 0
    buy_ins_amount: int = 0
    rebuys_amount: int = 0
    add_ons_amount: int = 0
    prize_pool: int = 0
    places_paid: int = 0
    members: int = 0

    def names(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in NAMES}

    def td3_names(self) -> dict[str, float]:
        """The finish in TD3's variables (its manual's names, lower case; `td3_formula.ALIASES`
        gives the short ones: `n`, `r`, `nh`, ...)."""
        players = self.players or self.entries
        return {
            "buyins": players, "rank": self.place, "position": players - self.place + 1,
            "numberofhits": self.hits, "numberofrebuys": self.rebuys, "numberofaddons": self.add_ons,
            "prizewinnings": self.prize, "bountywinnings": self.bounties,
            "totalwinnings": self.prize + self.bounties, "totalcost": self.cost,
            "take": self.prize + self.bounties - self.cost, "buyincost": self.buy_in + self.fee,
            "inthemoney": int(self.prize > 0), "inthemoneyrank": self.places_paid,
            "totalrebuys": self.total_rebuys, "totaladdons": self.total_add_ons,
            "totalbuyinsamount": self.buy_ins_amount, "totalrebuysamount": self.rebuys_amount,
            "totaladdonsamount": self.add_ons_amount, "pot": self.prize_pool,
            "numberofleaguemembers": self.members, "inleague": 1,
        }


class Example(Frozen):
    """A worked example: this finish earns `points` (rounded as the formula rounds)."""

    place: int = Field(ge=1)
    entries: int = Field(ge=1)
    last_place: int | None = None
    buy_in: int = 0
    fee: int = 0
    prize: int = 0
    knockouts: int = 0
    bounties: int = 0
    points: float

    def finish(self) -> Finish:
        return Finish(**self.model_dump(exclude={"points"}))


class PointsFormula(Frozen):
    name: str
    description: str = ""
    expression: str | None = None
    # A formula in TD3's language (its `PointsForPlaying`, `td3_formula.py`), which a club that
    # comes from TD3 keeps.
    td3: str | None = None
    # Points for place 1, 2, ...; `otherwise` for every place below the table.
    table: list[float] | None = None
    otherwise: float = 0
    decimals: int = Field(default=2, ge=0, le=6)
    examples: list[Example] = Field(default_factory=empty_list)

    @model_validator(mode="after")
    def _one_way_and_examples_hold(self) -> PointsFormula:
        if sum(way is not None for way in (self.expression, self.table, self.td3)) != 1:
            raise ValueError("give one of `expression`, `table` or `td3`")
        if self.td3 is not None:
            try:
                _td3(self.td3)
            except InvalidInput as error:
                raise ValueError(str(error)) from None
        for number, example in enumerate(self.examples, 1):
            try:
                got = self.points(example.finish())
            except InvalidInput as error:
                raise ValueError(str(error)) from None
            if got != example.points:
                raise ValueError(f"worked example {number} says {example.points:g} points, "
                                 f"the formula gives {got:g}")
        return self

    def points(self, finish: Finish) -> float:
        """The points for `finish`, rounded half up to `decimals` (ties: the places' average)."""
        last = finish.last_place if finish.last_place is not None else finish.place
        places = range(finish.place, max(last, finish.place) + 1)
        total = sum(self._raw(replace(finish, place=place, last_place=None)) for place in places)
        return rounded(total / len(places), self.decimals)

    def _raw(self, finish: Finish) -> float:
        if self.table is not None:
            index = finish.place - 1
            return self.table[index] if index < len(self.table) else self.otherwise
        if self.td3 is not None:
            return _td3(self.td3).points(finish.td3_names())
        evaluator = SimpleEval(functions=FUNCTIONS, names=finish.names())
        try:
            value = evaluator.eval(self.expression, previously_parsed=_parsed(self.expression))
        except (InvalidExpression, SyntaxError, ArithmeticError, ValueError, TypeError) as error:
            raise InvalidInput(
                "points formula {name!r}: {expression!r} cannot be worked out for place {place} of "
                "{entries}: {error}", name=self.name, expression=self.expression, place=finish.place,
                entries=finish.entries, error=error,
            ) from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidInput(
                "points formula {name!r}: {expression!r} gives {value!r}, not a number", name=self.name,
                expression=self.expression, value=value,
            )
        return float(value)


@functools.cache
def _td3(text: str) -> Td3Formula:
    return Td3Formula(text)


@functools.cache
def _parsed(expression: str) -> Any:
    # A season scores thousands of finishes with one expression: parse it once.
    return SimpleEval().parse(expression)


def rounded(value: float, decimals: int) -> float:
    """Half up, like a hand calculation (Python's `round` rounds 0.5 to even).

    Half up, like a hand calculation (Python's `round` rounds a half to even).

    >>> rounded(2.5, 0), round(2.5), rounded(1.25, 1)
    (3.0, 2, 1.3)
    """
    step = Decimal(1).scaleb(-decimals)
    return float(Decimal(repr(value)).quantize(step, rounding=ROUND_HALF_UP))

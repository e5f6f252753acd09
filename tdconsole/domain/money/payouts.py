"""Payouts: tables by ranges of entries, the generator, and tied players' shares (T-ELIM-2).

Money is whole kroner (int). Every structure sums exactly to its prize pool and never increases
with place. Rounding, the same for tables and the generator (`distribute`): each place is rounded
*down* to the unit (10 kr, say), and what is left — less than one unit per place — goes to first
place (or, when first place is locked, to the best unlocked place).

Tied players (T-ELIM-2, RP-8A) share the combined money of their places equally to the krone;
the leftover kroner (fewer than the players tied) go one each to the tied entries in sorted order
of their names (`split_evenly`), so the answer never depends on the order they were typed in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from typing import Literal

from pydantic import Field, field_validator, model_validator

from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.model import Frozen


class Payout(Frozen):
    place: int = Field(ge=1)
    amount: int = Field(ge=0)
    # T-SAT-1: a satellite's place that wins a seat (of `amount`'s value) rather than cash.
    seat: bool = False


class PayoutStructure(Frozen):
    """What each place pays; as JSON `{"prize_pool": n, "payouts": [{"place": 1, "amount": n}]}`."""

    prize_pool: int = Field(ge=0)
    payouts: list[Payout]

    @property
    def amounts(self) -> list[int]:
        return [payout.amount for payout in self.payouts]

    def amount(self, place: int) -> int:
        """The money for `place`; 0 beyond the places paid.

        >>> paid = PayoutStructure(prize_pool=800, payouts=[Payout(place=1, amount=500),
        ...                                                 Payout(place=2, amount=300)])
        >>> paid.amount(2), paid.amount(3), paid.amounts
        (300, 0, [500, 300])
        """
        return self.payouts[place - 1].amount if 1 <= place <= len(self.payouts) else 0


# --- tables: configs/payouts/*.toml --------------------------------------------------------------


class PayoutRange(Frozen):
    """One row of a payout table: for `min_entries`..`max_entries` entries, percent by place."""

    min_entries: int = Field(ge=1)
    max_entries: int = Field(ge=1)
    percents: list[Decimal] = Field(min_length=1)

    @field_validator("percents")
    @classmethod
    def _percents(cls, percents: list[Decimal]) -> list[Decimal]:
        if any(percent <= 0 for percent in percents):
            raise ValueError("every percentage must be above 0")
        for place, (better, worse) in enumerate(pairwise(percents), 1):
            if worse > better:
                raise ValueError(
                    f"place {place + 1} ({worse} %) pays more than place {place} ({better} %)"
                )
        total = sum(percents, Decimal(0))
        if total != 100:
            raise ValueError(f"the percentages sum to {total} %, not 100 %")
        return percents

    @model_validator(mode="after")
    def _range(self) -> PayoutRange:
        if self.max_entries < self.min_entries:
            raise ValueError(
                f"max_entries {self.max_entries} is below min_entries {self.min_entries}"
            )
        if len(self.percents) > self.min_entries:
            raise ValueError(
                f"{len(self.percents)} places paid but as few as {self.min_entries} entries"
            )
        return self


class PayoutTables(Frozen):
    """A payout table file: contiguous ranges of entries, each with its percentages."""

    name: str = Field(min_length=1)
    # Every place but the first is rounded down to this many kroner.
    unit: int = Field(default=1, ge=1)
    ranges: list[PayoutRange] = Field(min_length=1)

    @model_validator(mode="after")
    def _contiguous(self) -> PayoutTables:
        for before, after in zip(self.ranges, self.ranges[1:], strict=False):
            if after.min_entries != before.max_entries + 1:
                raise ValueError(
                    f"range {after.min_entries}-{after.max_entries} does not follow "
                    f"{before.min_entries}-{before.max_entries} (ranges must be in order, no gaps)"
                )
        return self

    def for_entries(self, entries: int) -> PayoutRange:
        for row in self.ranges:
            if row.min_entries <= entries <= row.max_entries:
                return row
        low, high = self.ranges[0].min_entries, self.ranges[-1].max_entries
        raise InvalidInput(
            "payout table {name!r} has no range for {entries} entries (only {low}-{high})", name=self.name,
            entries=entries, low=low, high=high,
        )


def table_payouts(
    pool: int, entries: int, tables: PayoutTables, locked: Mapping[int, int] | None = None
) -> PayoutStructure:
    """The payouts of the table's range for `entries`, rounded to the table's unit.

    >>> from decimal import Decimal
    >>> table = PayoutTables(name="club", unit=10, ranges=[
    ...     PayoutRange(min_entries=2, max_entries=10, percents=[Decimal(65), Decimal(35)]),
    ...     PayoutRange(min_entries=11, max_entries=30, percents=[Decimal(50), Decimal(30), Decimal(20)])])
    >>> table_payouts(3_330, 11, table).amounts
    [1680, 990, 660]
    >>> table_payouts(3_330, 11, table, locked={1: 2_000}).amounts
    [2000, 800, 530]
    >>> table_payouts(9_000, 31, table)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: payout table 'club' has no range for 31 entries (only 2-30)
    """
    limits.ENTRIES.check("entries", entries)
    row = tables.for_entries(entries)
    weights = [Fraction(percent) for percent in row.percents]
    return _structure(pool, distribute(pool, weights, unit=tables.unit, locked=locked))


# --- the generator --------------------------------------------------------------------------------


class PayoutCurve(Frozen):
    """How the generator shapes a structure; the defaults suit a club night."""

    # Places paid = this share of the entries, rounded up (at least one place).
    paid_share: Decimal = Field(default=Decimal("0.15"), gt=0, le=1)
    # The minimum cash, as a multiple of the buy-in's prize part, rounded up to the unit.
    min_cash_multiple: Decimal = Field(default=Decimal("1.5"), ge=0)
    # Above the minimum cash, place i gets a share proportional to 1 / i**exponent (a power law,
    # as in the published payout-structure methods): 1 is Zipf's curve, larger is steeper.
    exponent: float = Field(default=1.0, ge=0, le=4)
    unit: int = Field(default=10, ge=1)


def places_paid(entries: int, curve: PayoutCurve) -> int:
    """The places paid for `entries`: the curve's share of them rounded up, at least one.

    >>> places_paid(40, PayoutCurve()), places_paid(41, PayoutCurve()), places_paid(1, PayoutCurve())
    (6, 7, 1)
    """
    if entries < 1:
        raise InvalidInput("entries must be at least 1, not {entries}", entries=entries)
    limits.ENTRIES.check("entries", entries)
    return min(entries, max(1, math.ceil(entries * curve.paid_share)))


def generate_payouts(
    pool: int,
    entries: int,
    buy_in: int = 0,
    curve: PayoutCurve | None = None,
    locked: Mapping[int, int] | None = None,
) -> PayoutStructure:
    """A smooth structure: every paid place gets the minimum cash, the rest of the pool follows
    the power-law curve. `buy_in` is the prize part of one buy-in (0 = no minimum cash beyond
    one unit).

    >>> paid = generate_payouts(12_000, 40, buy_in=300)
    >>> paid.amounts, sum(paid.amounts)
    ([4280, 2340, 1710, 1390, 1200, 1080], 12000)
    >>> generate_payouts(1_000, 40, buy_in=300)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: prize pool 1000 cannot pay 6 places of at least 450
    """
    curve = curve or PayoutCurve()
    if buy_in < 0:
        raise InvalidInput("buy-in must not be negative, not {buy_in}", buy_in=buy_in)
    limits.MONEY.check("buy-in", buy_in)
    places = places_paid(entries, curve)
    unit = curve.unit
    min_cash = max(unit, math.ceil(curve.min_cash_multiple * buy_in / unit) * unit)
    # Integer weights keep the arithmetic exact (and monotone) after the one float power.
    # (At least 1, so a steep curve over thousands of places flattens out instead of paying 0.)
    weights = [
        Fraction(max(1, round(2**48 / place**curve.exponent))) for place in range(1, places + 1)
    ]
    return _structure(pool, distribute(pool, weights, unit=unit, floor=min_cash, locked=locked))


# --- shared arithmetic ----------------------------------------------------------------------------


def distribute(
    pool: int,
    weights: Sequence[Fraction],
    *,
    unit: int = 1,
    floor: int = 0,
    locked: Mapping[int, int] | None = None,
) -> list[int]:
    """Split `pool` over the places (one weight each, non-increasing), exactly to the krone.

    Locked places (place -> amount) keep their amount; every other place gets `floor` plus its
    weight's share of the rest rounded down to `unit`; the remainder goes to the best unlocked
    place. Raises `InvalidInput` when that cannot be done without a place paying more than a
    better one.

    >>> from fractions import Fraction
    >>> distribute(1_000, [Fraction(3), Fraction(2), Fraction(1)], unit=10)
    [510, 330, 160]
    >>> distribute(1_000, [Fraction(1), Fraction(1)], locked={2: 600})
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: place 2 would pay 600, more than place 1 (400); payouts never
    increase with place
    """
    locked = dict(locked or {})
    if pool < 0:
        raise InvalidInput("prize pool must not be negative, not {pool}", pool=pool)
    limits.MONEY.check("prize pool", pool)
    if unit < 1:
        raise InvalidInput("unit must be at least 1 krone, not {unit}", unit=unit)
    limits.MONEY.check("unit", unit)
    places = len(weights)
    if any(weight <= 0 for weight in weights):
        raise InvalidInput("every place's weight must be above 0")
    for place, amount in locked.items():
        if not 1 <= place <= places:
            raise InvalidInput(
                "locked place {place} is not one of the {places} places paid", place=place, places=places,
            )
        if amount < 0:
            raise InvalidInput(
                "locked place {place} must not be negative, not {amount}", place=place, amount=amount,
            )
        limits.MONEY.check(f"locked place {place}", amount)
    free = [place for place in range(1, places + 1) if place not in locked]
    rest = pool - sum(locked.values()) - floor * len(free)
    if rest < 0:
        held = f" the locked places' {sum(locked.values())} and" if locked else ""
        raise InvalidInput(
            "prize pool {pool} cannot pay{held} {count} places of at least {floor}", pool=pool, held=held,
            count=len(free), floor=floor,
        )
    if not free:
        if rest:
            raise InvalidInput(
                "every place is locked but they sum to {value}, not {pool}", value=pool - rest, pool=pool,
            )
        return _checked([locked[place] for place in range(1, places + 1)])
    # On a common denominator the weights are integers: exact, and fast at 10,000 places.
    scale = math.lcm(*(weight.denominator for weight in weights))
    whole = [weight.numerator * (scale // weight.denominator) for weight in weights]
    total = sum(whole[place - 1] for place in free)
    steps = rest // unit
    amounts = dict(locked)
    for place in free:
        amounts[place] = floor + unit * (steps * whole[place - 1] // total)
    amounts[free[0]] += pool - sum(amounts.values())
    return _checked([amounts[place] for place in range(1, places + 1)])


def _checked(amounts: list[int]) -> list[int]:
    for place, (better, worse) in enumerate(pairwise(amounts), 1):
        if worse > better:
            raise InvalidInput(
                "place {value} would pay {worse}, more than place {place} ({better}); payouts never "
                "increase with place", value=place + 1, worse=worse, place=place, better=better,
            )
    return amounts


def _structure(pool: int, amounts: Iterable[int]) -> PayoutStructure:
    return PayoutStructure(
        prize_pool=pool,
        payouts=[Payout(place=place, amount=amount) for place, amount in enumerate(amounts, 1)],
    )


def split_evenly(amount: int, names: Iterable[str]) -> dict[str, int]:
    """Equal shares to the krone; the leftover kroner go one each in sorted order of the names.

    >>> split_evenly(100, ["Cy", "Ann", "Bo"])
    {'Ann': 34, 'Bo': 33, 'Cy': 33}
    >>> split_evenly(100, ["Bo", "Bo"])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the same player is listed twice in a split
    """
    ordered = sorted(names)
    if not ordered:
        raise InvalidInput("nobody to share the money between")
    if len(set(ordered)) != len(ordered):
        raise InvalidInput("the same player is listed twice in a split")
    if amount < 0:
        raise InvalidInput("an amount to split must not be negative, not {amount}", amount=amount)
    share, leftover = divmod(amount, len(ordered))
    return {name: share + (index < leftover) for index, name in enumerate(ordered)}


def tied_prizes(payouts: PayoutStructure, first_place: int, names: Sequence[str]) -> dict[str, int]:
    """T-ELIM-2, RP-8A: players tied from `first_place` share the money of their places.

    >>> paid = PayoutStructure(prize_pool=1_000, payouts=[
    ...     Payout(place=1, amount=500), Payout(place=2, amount=300), Payout(place=3, amount=200)])
    >>> tied_prizes(paid, 2, ["Cy", "Bo"])
    {'Bo': 250, 'Cy': 250}
    >>> tied_prizes(paid, 3, ["Cy", "Bo", "Di"])
    {'Bo': 67, 'Cy': 67, 'Di': 66}
    """
    combined = sum(payouts.amount(place) for place in range(first_place, first_place + len(names)))
    return split_evenly(combined, names)


def satellite_payouts(prize_pool: int, seat: int, entries: int,
                      remainder: Literal["next", "shared"] = "next") -> PayoutStructure:
    """T-SAT-1: as many seats of `seat` as the pool buys (fewer than the entries: someone must
    lose), and the cash left over to the next place or shared by the seat winners (odd kroner to
    the best places).

    >>> [(p.place, p.amount, p.seat) for p in satellite_payouts(11_100, 1_100, 37).payouts][-2:]
    [(10, 1100, True), (11, 100, False)]

    >>> [(p.amount, p.seat) for p in satellite_payouts(3_300, 1_100, 3).payouts]
    [(1100, True), (1100, True), (1100, False)]
    >>> [(p.amount, p.seat) for p in satellite_payouts(2_500, 1_100, 9, remainder="shared").payouts]
    [(1250, True), (1250, True)]
    """
    if seat <= 0 or prize_pool < 0:
        raise InvalidInput("a seat is worth more than 0 and the pool is not negative")
    seats = min(prize_pool // seat, max(entries - 1, 0))
    left = prize_pool - seats * seat
    if remainder == "shared" and seats:
        share, odd = divmod(left, seats)
        return PayoutStructure(prize_pool=prize_pool, payouts=[
            Payout(place=place, amount=seat + share + (place <= odd), seat=True)
            for place in range(1, seats + 1)])
    payouts = [Payout(place=place, amount=seat, seat=True) for place in range(1, seats + 1)]
    if left:
        payouts.append(Payout(place=seats + 1, amount=left))
    return PayoutStructure(prize_pool=prize_pool, payouts=payouts)

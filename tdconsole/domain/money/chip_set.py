"""The club's box of chips against the chips sold (T-CHIPS-4, the house's own; T-COLOR-1).

The box is a house setting (`chip_set.quantities`, VALUE=COUNT): the club's property, the same every
night, changed through the log like any setting. From it and the structure's chips:

* **A stack's breakdown** ("equal colours, then greedy"): every chip of the set no larger than the
  stack, the same number of each, as many rounds as fit while the rest can still be paid; the rest
  from the largest chip down, each taking as many as leave a payable rest. 20,000 in 25/100/500/
  1,000/5,000 is three of each (19,875) and then a 100 and a 25. The same rule breaks down the
  re-entries', add-ons' and rebuys' stacks.
* **The chips sold**: each stack sold (`money.handlers.stacks_sold`) in its breakdown.
* **The entries covered**: those sold plus the starting stacks the chips left in the box still make.
  When none is left (the entry that empties the box, and every one after it) the desk is warned; it
  is never refused: the TD may have more chips in another box.
* **The colour-up plan** (T-COLOR-1): at each break that colours up, the chips removed (every one
  sold of those denominations), their value, and how many of the smallest chip still in play replace
  them (rounded up: the race rounds half up, so this is the most it can need), against what the box
  still holds of it. The removed chips go back in the box; the replacements are in play from then on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pydantic import Field

from tdconsole.domain.clock.structure import Break, can_pay
from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.model import Frozen
from tdconsole.domain.money.handlers import entry_chips, stacks_sold

if TYPE_CHECKING:
    from tdconsole.domain.state import TournamentState


def breakdown(stack: int, chips: Iterable[int]) -> dict[int, int]:
    """How many of each chip make one `stack`, equal colours then greedy (T-CHIPS-4), smallest first.

    >>> breakdown(20_000, [25, 100, 500, 1_000, 5_000])
    {25: 4, 100: 4, 500: 3, 1000: 3, 5000: 3}
    >>> breakdown(10_000, [25, 100, 500, 1_000, 5_000])
    {25: 4, 100: 4, 500: 1, 1000: 4, 5000: 1}
    >>> breakdown(150, [100, 500])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: T-CHIPS-4: a stack of 150 cannot be made from the chips 100,
    500
    """
    values = sorted(value for value in set(chips) if value <= stack)
    if not values or not can_pay(stack, values):
        raise InvalidInput("T-CHIPS-4: a stack of {stack} cannot be made from the chips {chips}", stack=stack,
                           chips=", ".join(str(value) for value in sorted(set(chips))))
    rounds = stack // sum(values)
    while rounds and not can_pay(stack - rounds * sum(values), values):
        rounds -= 1
    counts = dict.fromkeys(values, rounds)
    rest = stack - rounds * sum(values)
    for position in range(len(values) - 1, -1, -1):
        value, smaller = values[position], values[:position]
        take = rest // value
        while take and not can_pay(rest - take * value, smaller):
            take -= 1  # within one residue class of the smaller chips: few steps
        counts[value] += take
        rest -= take * value
    return counts


class ColorUpPlan(Frozen):
    """One break's colour-up: the chips to race and the next colour needed (T-COLOR-1)."""

    level: int  # the level the break comes before
    removed: dict[int, int]  # chip -> how many are in play and come off the tables
    value: int
    new_chip: int
    needed: int  # chips of `new_chip` that replace them, at most
    in_box: int  # chips of `new_chip` the box still holds then
    short: int  # needed beyond in_box


class ChipSetReport(Frozen):
    quantities: dict[int, int]
    stack: dict[int, int]  # the starting stack's breakdown
    covers_fresh: int  # starting stacks the full box makes
    sold: dict[int, int]  # chips of each value handed out
    left: dict[int, int]  # in the box (negative: short)
    entries: int
    more_entries: int  # starting stacks the chips left still make
    color_ups: list[ColorUpPlan]
    rules: RuleIds = Field(default_factory=lambda: ["T-CHIPS-4", "T-COLOR-1"])

    @property
    def used_up(self) -> bool:
        """No starting stack is left in the box: the desk is warned (T-CHIPS-4)."""
        return self.more_entries == 0

    @property
    def short(self) -> dict[int, int]:
        return {value: -left for value, left in self.left.items() if left < 0}


def _fits(left: dict[int, int], stack: dict[int, int]) -> int:
    return max(0, min(left.get(value, 0) // count for value, count in stack.items() if count))


def chip_set_report(state: TournamentState, entries: int | None = None) -> ChipSetReport | None:
    """The box against the chips sold (T-CHIPS-4); with `entries`, as if that many starting stacks
    and nothing else were sold (a plan before the night). None when the house has no box.

    >>> from tdconsole.domain.commands import Register, SetHouseRule
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")  # starting stacks of 10,000
    >>> _ = t.do(SetHouseRule(key="chip_set.quantities", value="100=90,500=30,1000=24"))
    >>> report = chip_set_report(t.state)
    >>> report.stack, report.covers_fresh, report.more_entries, report.used_up
    ({100: 10, 500: 6, 1000: 6}, 4, 2, False)
    >>> _ = t.do(Register(names=["Cy", "Di"]))
    >>> report = chip_set_report(t.state)
    >>> report.left, report.more_entries, report.used_up
    ({100: 50, 500: 6, 1000: 0}, 0, True)
    >>> _ = t.do(Register(names=["Ed"]))
    >>> chip_set_report(t.state).short
    {1000: 6}
    """
    quantities = state.house_rules.chip_set.counts()
    if not quantities or state.day2 is not None:  # T-DAY2-1: the bags are counted, not sold
        return None
    structure = state.info.structure
    chips = [chip.value for chip in structure.chips] or list(quantities)
    quantities = {value: quantities.get(value, 0) for value in chips}
    stack = breakdown(entry_chips(state).starting_stack, chips)
    sold = dict.fromkeys(chips, 0)
    bought = [(entry_chips(state).starting_stack, entries)] if entries is not None else stacks_sold(state)
    for chips_of_one, count in bought:
        if count:
            for value, number in breakdown(chips_of_one, chips).items():
                sold[value] += number * count
    left = {value: quantities[value] - sold[value] for value in chips}
    return ChipSetReport(
        quantities=quantities, stack=stack, covers_fresh=_fits(quantities, stack), sold=sold, left=left,
        entries=state.entries if entries is None else entries, more_entries=_fits(left, stack),
        color_ups=_color_ups(state, sold, quantities),
    )


def _color_ups(state: TournamentState, sold: dict[int, int], quantities: dict[int, int]
               ) -> list[ColorUpPlan]:
    structure = state.info.structure
    in_play = dict(sold)
    plans = []
    for index, period in enumerate(structure.periods):
        if not isinstance(period, Break) or not period.color_up:
            continue
        remaining = structure.chips_in_play(index)
        removed = {value: in_play.pop(value, 0) for value in sorted(period.color_up)}
        new_chip = remaining[0]
        value = sum(chip * count for chip, count in removed.items())
        needed = -(-value // new_chip)
        in_box = quantities.get(new_chip, 0) - in_play.get(new_chip, 0)
        plans.append(ColorUpPlan(level=structure.shown_level(index), removed=removed, value=value,
                                 new_chip=new_chip, needed=needed, in_box=in_box,
                                 short=max(0, needed - max(in_box, 0))))
        in_play[new_chip] = in_play.get(new_chip, 0) + needed
    return plans


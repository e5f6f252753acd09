"""Progressive knockouts (PKO): how a knocked-out player's bounty is shared, as plain arithmetic.

* T-PKO-1: the knocker takes `share` percent of the bounty in cash, paid in whole `unit`s
  (rounded down); the rest, the rounding remainder included, goes onto his own head.
* T-PKO-2: a knockout shared by a split pot (T-BOUNTY-1) is divided equally in whole units, the
  odd units one at a time to the winners in order clockwise from the first seat left of the button
  and an amount below one unit to the first of them (as S-ODD-1 splits a pot in its smallest
  chip); each winner's part is then paid by T-PKO-1.
* T-PKO-3: the winner of the last hand takes the runner-up's whole bounty and his own in cash.

Every function keeps the money whole: what goes in comes out, in cash or on a head, so the
tournament's totals balance (cash paid + bounties on heads + bounties sent to the prize pool =
bounty money in; `tests/domain/test_pko.py` checks it at random).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Knockout:
    """What each winner of one knockout receives: `cash` in hand, `head` onto his own bounty."""

    cash: dict[str, int]
    head: dict[str, int]


def split_in_units(amount: int, winners: Sequence[str], unit: int) -> dict[str, int]:
    """T-PKO-2: `amount` divided equally among `winners` (in S-ODD-1 order) in whole `unit`s; the
    odd units one each from the first, and what is below one unit to the first.

    >>> split_in_units(115, ["a", "b"], 5)
    {'a': 60, 'b': 55}
    >>> split_in_units(112, ["a", "b"], 5)
    {'a': 57, 'b': 55}
    """
    if not winners:
        return {}
    units, below = divmod(amount, unit)
    each, odd = divmod(units, len(winners))
    parts = {winner: (each + (index < odd)) * unit for index, winner in enumerate(winners)}
    parts[winners[0]] += below
    return parts


def knockout(bounty: int, winners: Sequence[str], share: int, unit: int) -> Knockout:
    """T-PKO-1/2: the knocked-out player's `bounty` shared by `winners` (in S-ODD-1 order), each
    taking `share` percent of his part in cash in whole `unit`s and the rest onto his head.

    >>> knockout(250, ["a"], 50, 5)
    Knockout(cash={'a': 125}, head={'a': 125})
    >>> knockout(125, ["a"], 50, 5)
    Knockout(cash={'a': 60}, head={'a': 65})
    """
    cash: dict[str, int] = {}
    head: dict[str, int] = {}
    for winner, part in split_in_units(bounty, winners, unit).items():
        cash[winner] = part * share // 100 // unit * unit
        head[winner] = part - cash[winner]
    return Knockout(cash, head)


def last_hand(runner_up: int, winner: str, own: int) -> Knockout:
    """T-PKO-3: the winner of the last hand takes the runner-up's whole bounty and his own in cash;
    his head then shows 0 (`head` takes his own off it).

    >>> last_hand(1500, "w", 900)
    Knockout(cash={'w': 2400}, head={'w': -900})
    """
    return Knockout({winner: runner_up + own}, {winner: -own})


@dataclass(slots=True)
class MysteryPool:
    """T-MYSTERY-1: the sealed envelopes in the order they were shuffled (`MysteryBountiesSet`),
    drawn from level `from_level` on; `opened` are the positions drawn by the knockouts standing."""

    envelopes: list[int]
    from_level: int
    opened: list[int]

    def next_envelope(self, taken: Sequence[int] = ()) -> int | None:
        """The position of the envelope the next knockout draws: the first of the shuffled ones not
        opened (nor `taken` by an earlier knockout of the same hand); None when none is left. An
        undone knockout puts its envelope back where it was, so drawing again opens the same one.

        >>> pool = MysteryPool(envelopes=[500, 100, 1000], from_level=3, opened=[0])
        >>> pool.next_envelope(), pool.next_envelope([1]), pool.left()
        (1, 2, [100, 1000])
        """
        skip = {*self.opened, *taken}
        return next((index for index in range(len(self.envelopes)) if index not in skip), None)

    def left(self) -> list[int]:
        """The amounts still sealed, in no telling order (sorted: the shuffle is secret)."""
        return sorted(amount for index, amount in enumerate(self.envelopes) if index not in self.opened)

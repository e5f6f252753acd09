"""Main and side pots from what every player put in, and who is awarded what, to the chip.

* Side pots and the main pot are split independently and the side pots are awarded first
  (S-POT-1, 21). A folded player's chips stay in the pots they reached; he is eligible for none.
* A split pot is broken down to the smallest chip in play; the odd chips go one at a time clockwise
  from the first seat left of the button, counting from a dead button's position too, so nobody gets
  more than one odd chip from a pot (S-ODD-1, 20A). In stud (stud, stud hi/lo, razz: no button)
  they go to the high card by suit among the tied winners' cards, `stud_cards` (20B).
* Hi/lo: the high half gets the odd chip; ties within a half split by S-ODD-1; with no qualifying
  low the high hand takes the whole pot (S-ODD-2, S-HILO-1).
* Dead money (the big blind ante, a dead small blind) is nobody's contribution: it goes into the
  main pot, so it never makes a side pot of its own (RP-11, 32).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field, model_validator

from tdconsole.domain.calculators.cards import parse_cards
from tdconsole.domain.calculators.common import Chips, Input, PositiveChips, Seat, cite
from tdconsole.domain.calculators.showdown import GameName, showdown
from tdconsole.domain.calculators.stud import high_card_by_suit
from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.model import empty_list
from tdconsole.domain.seats import clockwise_from


class PotsInput(Input):
    """`tdconsole rules pots` reads this from stdin: `ranking`, or `game`, `board` and `hands`.
    `contributions` are the live chips each seat put in over the hand; `dead` is the dead money
    (the big blind ante, a dead small blind), which goes into the main pot. A stud pot comes with
    its `ranking` and `stud_cards`, the winners' cards, for the odd chip (20B)."""

    button: Seat
    seats: list[Seat] = Field(min_length=2)
    contributions: dict[Seat, Chips]
    dead: Chips = 0
    folded: list[Seat] = Field(default_factory=empty_list)
    chip: PositiveChips
    ranking: list[list[Seat]] | None = None
    game: GameName | None = None
    board: str | None = None
    hands: dict[Seat, str] | None = None
    # A stud pot, given by its ranking: each winner's cards, every one shown (RRoP: not only the five
    # played); a split pot's odd chips then go to the high card by suit (20B), not from the button.
    stud_cards: dict[Seat, str] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> PotsInput:
        table = set(self.seats)
        if len(table) != len(self.seats):
            raise ValueError("seats: a seat is listed twice")
        if self.button not in table:
            raise ValueError(f"button: seat {self.button} is not in seats")
        for field, named in (("contributions", self.contributions), ("folded", self.folded),
                             ("hands", self.hands or {}), ("stud_cards", self.stud_cards or {})):
            if unknown := sorted(set(named) - table):
                raise ValueError(f"{field}: seat {unknown[0]} is not in seats")
        if self.dead % self.chip:
            raise ValueError(f"dead: {self.dead} is not a multiple of the chip {self.chip}")
        for seat, amount in self.contributions.items():
            if amount % self.chip:
                raise ValueError(f"contributions.{seat}: {amount} is not a multiple of the chip "
                                 f"{self.chip} (S-ODD-1: pots split in the smallest chip in play)")
        by_cards = (self.game, self.board, self.hands)
        if (self.ranking is None) == all(part is None for part in by_cards):
            raise ValueError("give either ranking, or game, board and hands")
        if self.ranking is None and any(part is None for part in by_cards):
            raise ValueError("game, board and hands go together")
        if self.stud_cards is not None and self.ranking is None:
            raise ValueError("stud_cards: a stud pot is given by its ranking (game and board are the "
                             "flop games')")
        return self


class Pot(BaseModel):
    """`name` is the English contract ("side pot 2 (no contest)"); `side` (0 = the main pot) and
    `contested` say the same as data, for the edge to word in the reader's language."""

    name: str
    amount: int
    eligible: list[int]
    awards: dict[int, int]
    side: int = 0
    # False: one player is eligible, the pot is his uncalled chips (and any dead money above).
    contested: bool = True


class PotsAnswer(BaseModel):
    """`pots` (amount, eligible, awards) and `awards` are the issue's contract."""

    pots: list[Pot]
    awards: dict[int, int]
    rules: RuleIds


@dataclass(frozen=True)
class _Layer:
    amount: int
    eligible: list[int]


def side_pots(contributions: Mapping[int, int], folded: Sequence[int], dead: int = 0) -> list[_Layer]:
    """The main pot first, then each side pot: one per all-in level of the players still in. The
    dead money goes into the main pot (RP-11: the ante is nobody's bet).

    Seat 3 is all-in for 300; seats 1 and 2 went on to 1,000; seat 4 folded after putting in 100:

    >>> [(layer.amount, layer.eligible) for layer in side_pots({1: 1_000, 2: 1_000, 3: 300, 4: 100}, [4])]
    [(1000, [1, 2, 3]), (1400, [1, 2])]
    >>> side_pots({1: 100}, [1])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: contributions: nobody still in the hand put chips in
    """
    live = {seat: amount for seat, amount in contributions.items()
            if seat not in folded and amount > 0}
    if not live:
        raise InvalidInput("contributions: nobody still in the hand put chips in")
    levels = sorted(set(live.values()))
    layers = []
    previous = 0
    for index, level in enumerate(levels):
        # Chips above the highest live level can only be a folded player's: dead money on top.
        top = level if index < len(levels) - 1 else max(contributions.values())
        amount = sum(min(paid, top) - min(paid, previous) for paid in contributions.values())
        layers.append(_Layer(amount + (dead if index == 0 else 0),
                             sorted(seat for seat, paid in live.items() if paid >= level)))
        previous = level
    return layers


def split(amount: int, winners: Sequence[int], button: int, chip: int,
          odd_order: Sequence[int] | None = None) -> dict[int, int]:
    """S-ODD-1/20A: equal shares in the smallest chip, odd chips one each clockwise from the
    button; in stud one each in `odd_order`, the high card by suit first (20B).

    S-ODD-1, 20A: the odd chip goes to the first winner clockwise from the button.

    >>> split(300, [2, 5], button=3, chip=100)
    {2: 100, 5: 200}

    20B: in stud it goes to the high card by suit (`stud.high_card_by_suit`), here seat 2's.

    >>> split(300, [2, 5], button=3, chip=100, odd_order=[7, 2, 5])
    {2: 200, 5: 100}
    >>> split(250, [2, 5], button=3, chip=100)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a pot of 250 does not break down into chips of 100
    """
    units, rest = divmod(amount, chip)
    if rest:
        raise InvalidInput(
            "a pot of {amount} does not break down into chips of {chip}", amount=amount, chip=chip,
        )
    share, odd = divmod(units, len(winners))
    if odd_order is None:
        order = clockwise_from(button, winners)
    else:
        if odd and (missing := [seat for seat in winners if seat not in odd_order]):
            raise InvalidInput("stud_cards: seat {seat} shares a pot with an odd chip but has no cards "
                               "(20B: the high card by suit takes it)", seat=missing[0])
        order = [seat for seat in odd_order if seat in winners]
    shares = {seat: (share + (1 if index < odd else 0)) * chip for index, seat in enumerate(order)}
    return dict(sorted(shares.items()))


def _best(ranking: Sequence[Sequence[int]], eligible: Sequence[int]) -> list[int]:
    for group in ranking:
        if winners := [seat for seat in group if seat in eligible]:
            return winners
    return []


def award(pots_input: PotsInput, high: Sequence[Sequence[int]],
          low: Sequence[Sequence[int]] | None = None) -> PotsAnswer:
    """Award every pot by the rankings (best first, ties grouped); `low` for hi/lo games.

    S-POT-1: the side pots are decided before the main pot.

    >>> hand = PotsInput(button=1, seats=[1, 2, 3], contributions={1: 1_000, 2: 1_000, 3: 300}, chip=100,
    ...                  ranking=[[3], [2], [1]])
    >>> answer = award(hand, hand.ranking)
    >>> [(pot.name, pot.amount, pot.awards) for pot in answer.pots], answer.awards
    ([('side pot 1', 1400, {2: 1400}), ('main pot', 900, {3: 900})], {2: 1400, 3: 900})
    """
    rules = ["S-POT-1", "21", "S-ODD-1", "20A"]
    odd_order = None
    if pots_input.stud_cards is not None:
        rules = ["S-POT-1", "21", "20B"]  # no button in stud: the high card by suit
        cards = {seat: parse_cards(text, f"stud_cards.{seat}")
                 for seat, text in pots_input.stud_cards.items()}
        shown = [repr(card) for held in cards.values() for card in held]
        if twice := sorted({card for card in shown if shown.count(card) > 1}):
            raise InvalidInput("stud_cards: {card} is held twice", card=twice[0])
        odd_order = high_card_by_suit(cards)
    layers = side_pots(pots_input.contributions, pots_input.folded, pots_input.dead)
    ranked = {seat for group in high for seat in group}
    for layer in layers:
        if missing := [seat for seat in layer.eligible if seat not in ranked]:
            raise InvalidInput(
                "ranking: seat {missing} is still in the hand but not ranked", missing=missing[0],
            )
    pots: list[Pot] = []
    totals: dict[int, int] = {}
    button, chip = pots_input.button, pots_input.chip
    # S-POT-1: the side pots are decided before the main pot, so they are listed first.
    for index in reversed(range(len(layers))):
        layer = layers[index]
        high_winners = _best(high, layer.eligible)
        low_winners = _best(low, layer.eligible) if low is not None else []
        if low_winners:
            cite(rules, "S-ODD-2", "S-HILO-1")
            units = layer.amount // chip
            high_part = (units - units // 2) * chip  # the high half gets the odd chip (S-ODD-2)
            awards = _merge(split(high_part, high_winners, button, chip, odd_order),
                            split(layer.amount - high_part, low_winners, button, chip, odd_order))
        else:
            if low is not None:
                cite(rules, "S-HILO-1")  # no qualifying low: the high hand scoops
            awards = split(layer.amount, high_winners, button, chip, odd_order)
        contested = len(layer.eligible) > 1
        pots.append(Pot(name=pot_name(index, contested), amount=layer.amount,
                        eligible=layer.eligible, awards=awards, side=index, contested=contested))
        totals = _merge(totals, awards)
    return PotsAnswer(pots=pots, awards=dict(sorted(totals.items())), rules=rules)


def pot_name(side: int, contested: bool) -> str:
    """The English name in the JSON contract. Only the last side pot can have one player in it
    (each level below has someone all-in at it): his uncalled chips, no contest.

    >>> pot_name(0, True), pot_name(2, True), pot_name(2, False)
    ('main pot', 'side pot 2', 'side pot 2 (no contest)')
    """
    if side == 0:
        return "main pot"
    return f"side pot {side}" if contested else f"side pot {side} (no contest)"


def _merge(left: Mapping[int, int], right: Mapping[int, int]) -> dict[int, int]:
    merged = dict(left)
    for seat, amount in right.items():
        merged[seat] = merged.get(seat, 0) + amount
    return merged


def resolve_pots(pots_input: PotsInput) -> PotsAnswer:
    """The `rules pots` answer: by the given ranking, or by evaluating the hands (showdown).

    The cards speak (S-SHOW-1): the pots go by the hands, split on a tie (S-ODD-1).

    >>> hand = PotsInput(button=1, seats=[1, 2], contributions={1: 500, 2: 500}, chip=100, game="holdem",
    ...                  board="Ah Kd 7c 7s 2h", hands={1: "As Qc", 2: "Ad Qh"})
    >>> resolve_pots(hand).awards
    {1: 500, 2: 500}
    >>> resolve_pots(hand.model_copy(update={"hands": {1: "As Qc"}}))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: hands: seat 2 is still in the hand but has no cards
    """
    if pots_input.ranking is not None:
        seen = [seat for group in pots_input.ranking for seat in group]
        if len(seen) != len(set(seen)):
            raise InvalidInput("ranking: a seat is ranked twice")
        return award(pots_input, pots_input.ranking)
    assert pots_input.game and pots_input.board is not None and pots_input.hands is not None
    folded = set(pots_input.folded)
    for seat, paid in pots_input.contributions.items():
        if paid and seat not in folded and seat not in pots_input.hands:
            raise InvalidInput("hands: seat {seat} is still in the hand but has no cards", seat=seat)
    result = showdown(
        pots_input.game,
        parse_cards(pots_input.board, "board"),
        {seat: parse_cards(cards, f"hands.{seat}") for seat, cards in pots_input.hands.items()},
        button=pots_input.button,
    )
    assert result.high is not None  # five board cards: evaluated
    high = [[s for s in group if s not in folded] for group in result.high.ranking]
    low = None if result.low is None else [
        [s for s in group if s not in folded] for group in result.low.ranking]
    answer = award(pots_input, high, low)
    for rule in result.rules:
        if not rule.startswith("S-ORDER") and rule != "17A":
            cite(answer.rules, rule)
    return answer

"""What did the player do? The chips he pushed and what he said, read by the rules.

* a verbal declaration in turn is binding and overrides the chips (B-VERBAL-1, 40); a stated
  amount alone equals pushing that amount, as a total on this street (40, 43B); "call" with no bet
  facing is a check and "raise" with no bet a bet of at least the minimum (55);
* a single oversized chip facing a bet is a call; with "raise" the most the chip allows; with no bet
  facing a bet of its value (B-CHIP-1, 44);
* several chips: if removing one of the smallest leaves less than the call it is a call (45);
  otherwise 50 % or more of the last full increment obliges a full raise, less is a call
  (B-HALF-1, 43A); a player's last chips are all-in (45);
* a bet below the minimum by a player who has the chips is corrected to the minimum, a short call to
  the call (B-MIN-1);
* string bets (B-STRING-1, 56): chips put in over several motions without a declaration count only
  as far as the first motion goes, read by the rules above (B-HALF-1 included); later chips may
  complete a short call or an obliged raise, and the rest go back. A declaration (an amount,
  "call" or "raise") said first governs, however many motions follow;
* a bet or raise leaving no more than one big blind behind is all-in (B-BEHIND-1, a club setting);
* a number said without its unit ("I bet five") is read in thousands when the pot is at least that
  big, otherwise in hundreds (57, SCENARIOS S8).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

from tdconsole.domain.calculators.common import Chips, Input, PositiveChips, cite
from tdconsole.domain.errors import InvalidInput, RuleIds, RuleViolation
from tdconsole.domain.model import empty_list

PushedAction = Literal["check", "call", "bet", "raise", "all-in"]


class ChipsInput(Input):
    """`tdconsole rules chips` reads this from stdin (the keys are a contract)."""

    facing: Chips  # the bet to call on this street, as a total
    already_in: Chips = 0  # the player's own chips already in front of him on this street
    last_increment: Chips = 0  # the last full bet or raise increment; 0 = the big blind
    chips: list[PositiveChips] = Field(default_factory=empty_list)
    # The chips of each motion in order, [[1000], [500]]: several motions are a string bet unless
    # a declaration came first (B-STRING-1). Instead of `chips`, which is one motion.
    motions: list[list[PositiveChips]] = Field(default_factory=empty_list)
    stack: Chips  # the chips behind before acting
    declared: Literal["call", "raise"] | Chips | None = None
    big_blind: PositiveChips
    # Optional, for TDA 57: a bare number said without its unit, and the pot before the action.
    spoken: PositiveChips | None = None
    pot: Chips = 0

    @model_validator(mode="after")
    def _consistent(self) -> ChipsInput:
        if self.motions and self.chips:
            raise ValueError("motions: give either chips (one motion) or motions, not both")
        if any(not motion for motion in self.motions):
            raise ValueError("motions: a motion puts in at least one chip")
        if self.already_in > self.facing:
            raise ValueError("already_in is more than the bet facing the player")
        pushed = sum(self.chips) + sum(sum(motion) for motion in self.motions)
        if pushed > self.stack:
            raise ValueError(f"chips add up to {pushed}, more than the stack of {self.stack}")
        if self.spoken is not None and self.declared is not None:
            raise ValueError("spoken: give either declared or spoken, not both")
        if isinstance(self.declared, int) and self.declared <= self.already_in:
            raise ValueError("declared: a stated amount is a total on this street, above "
                             "already_in")
        return self


class ChipsAnswer(BaseModel):
    """`action`, `to`, `returned` and `rules` are the issue's contract; `owed` is what the player
    must add when the chips fall short of the corrected amount (B-MIN-1)."""

    action: PushedAction
    to: int
    returned: int
    owed: int
    rules: RuleIds


def unclear_amount(spoken: int, pot: int) -> int:
    """57: "I bet five" is 5,000 when the pot is at least 5,000, else 500 (SCENARIOS S8).

    57: a number said without its unit is read by the size of the pot.

    >>> unclear_amount(5, pot=12_000), unclear_amount(5, pot=3_000)
    (5000, 500)
    """
    thousands = spoken * 1000
    return thousands if pot >= thousands else spoken * 100


def read_chips(push: ChipsInput, bet_leaving_one_big_blind_is_all_in: bool) -> ChipsAnswer:
    """Decide check, call, bet, raise or all-in, and the total it makes on this street.

    Facing a bet of 1,000 (the last raise 1,000), chips for less than half the raise are a call, the
    rest returned; half or more oblige a full raise (B-HALF-1, 43A):

    >>> push = ChipsInput(facing=1_000, last_increment=1_000, chips=[1_000, 400], stack=20_000,
    ...                   big_blind=200)
    >>> answer = read_chips(push, True)
    >>> answer.action, answer.to, answer.returned
    ('call', 1000, 400)
    >>> answer = read_chips(push.model_copy(update={"chips": [1_000, 500]}), True)
    >>> answer.action, answer.to, answer.owed
    ('raise', 2000, 500)
    >>> push = ChipsInput(facing=1_000, chips=[1_000, 1_000], stack=20_000, big_blind=200)
    >>> read_chips(push, True).action, read_chips(push, True).to
    ('raise', 2000)

    Two motions without a word first: a string bet, the first motion is the action (B-STRING-1, 56):

    >>> push = ChipsInput(facing=1_000, motions=[[1_000], [1_000]], stack=20_000, big_blind=200)
    >>> answer = read_chips(push, True)
    >>> answer.action, answer.to, answer.returned, answer.rules[:2]
    ('call', 1000, 1000, ['B-STRING-1', '56'])
    """
    rules: RuleIds = []
    motions = push.motions or [push.chips]
    pushed = sum(sum(motion) for motion in motions)
    if len(motions) > 1 and push.declared is None and push.spoken is None:
        # B-STRING-1 (56): no declaration, several motions: the first motion is the action.
        cite(rules, "B-STRING-1", "56")
        first = push.model_copy(update={"chips": motions[0], "motions": []})
        return _answer(first, _read(first, rules), bet_leaving_one_big_blind_is_all_in, rules, pushed)
    # One motion, or a declaration said first: every chip counts (B-VERBAL-1).
    whole = push.model_copy(update={"chips": [chip for motion in motions for chip in motion],
                                    "motions": []})
    return _answer(whole, _read(whole, rules), bet_leaving_one_big_blind_is_all_in, rules, pushed)


def _read(push: ChipsInput, rules: RuleIds) -> int:
    """The total the chips and the words make on this street, before B-BEHIND-1."""
    if push.spoken is not None:
        cite(rules, "57")
        push = push.model_copy(update={
            "declared": push.already_in + unclear_amount(push.spoken, push.pot), "spoken": None})
    pushed = sum(push.chips)
    to_call = push.facing - push.already_in
    increment = push.last_increment or push.big_blind
    # With no bet the minimum is one big blind (B-MIN-1); facing one, a full raise (43A).
    min_total = push.facing + increment if push.facing else push.big_blind
    declared = push.declared

    if declared == "call":
        cite(rules, "B-VERBAL-1", "40")
        if to_call == 0:
            cite(rules, "55")  # "call" with no bet is a check
        total = push.facing
    elif declared == "raise":
        cite(rules, "B-VERBAL-1", "40", "55" if push.facing == 0 else "43A")
        if len(push.chips) == 1:
            cite(rules, "B-CHIP-1", "44")  # "raise" and one chip: the most that chip allows
        total = _at_least(push.already_in + pushed, min_total, rules)
    elif declared is not None:
        # A stated amount alone equals pushing it (40), as a total (43B).
        cite(rules, "B-VERBAL-1", "40", "43B")
        total = _by_half_rule(push, declared, min_total, increment, rules)
    elif pushed == 0:
        if to_call:
            raise RuleViolation(
                "55",
                "facing {to_call} to call, no chips is no check: call, raise or fold", to_call=to_call,
            )
        total = push.already_in
    elif pushed == push.stack:
        cite(rules, "45")  # a player's last chips are all-in
        total = push.already_in + pushed
    elif len(push.chips) == 1 and push.facing and pushed >= to_call:
        cite(rules, "B-CHIP-1", "44")  # one oversized chip facing a bet (or the blind) is a call
        total = push.facing
    elif push.facing == 0:
        if len(push.chips) == 1:
            cite(rules, "44")  # one chip with no bet facing: a bet of its value
        total = _at_least(pushed, min_total, rules)
    elif pushed - min(push.chips) < to_call:
        cite(rules, "45")  # without one of the smallest chips it would not be a call
        total = push.facing
    else:
        total = _by_half_rule(push, push.already_in + pushed, min_total, increment, rules)
    return total


def _at_least(total: int, min_total: int, rules: RuleIds) -> int:
    if total < min_total:
        cite(rules, "B-MIN-1")  # corrected to the minimum, and no more
        return min_total
    return total


def _by_half_rule(push: ChipsInput, total: int, min_total: int, increment: int,
                  rules: RuleIds) -> int:
    """B-HALF-1/43A: 50 % or more of the increment obliges a full raise; less is a call."""
    if push.facing == 0:
        return _at_least(total, min_total, rules)
    if total <= push.facing:
        if total < push.facing:
            cite(rules, "B-MIN-1")  # a short call is corrected to the call
        return push.facing
    if total >= min_total:
        return total
    cite(rules, "B-HALF-1", "43A")
    return min_total if 2 * (total - push.facing) >= increment else push.facing


def _answer(push: ChipsInput, total: int, behind_rule: bool, rules: RuleIds, pushed: int) -> ChipsAnswer:
    all_in = push.already_in + push.stack
    if total > all_in:
        cite(rules, "S-TABLE-1")  # he cannot be made to put in more than he has
        total = all_in
    if total > push.facing and 0 < all_in - total <= push.big_blind and behind_rule:
        cite(rules, "B-BEHIND-1")
        total = all_in
    if total == all_in and push.stack > 0:
        action: PushedAction = "all-in"
    elif total == push.already_in and push.facing == push.already_in:
        action = "check"
    elif total <= push.facing:
        action = "call"
    else:
        action = "bet" if push.facing == 0 else "raise"
    put_in = total - push.already_in
    if action == "call" and put_in > pushed:
        cite(rules, "B-MIN-1")  # a short call is corrected to the right amount
    if put_in < 0:
        raise InvalidInput("the answer would take chips back: check already_in and facing")
    return ChipsAnswer(action=action, to=total, returned=max(0, pushed - put_in),
                       owed=max(0, put_in - pushed), rules=rules)

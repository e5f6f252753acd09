"""The big blind ante: its size at each table size and how a short big blind posts it.

T-ANTE-1: one payer, the big blind, posts the ante for the whole table.
T-ANTE-2 (club, `by_table_size = "club"`): 7-10 handed 1 x BB, 3-6 handed 1 x SB, heads-up none.
RP-11 (TDA, `"flat"`): the level's ante at every table size, heads-up included.
T-ANTE-3 (club, `short_big_blind = "ante-first"`): a big blind who cannot cover blind + ante puts
the whole stack in, the ante taken first; RP-11 (`"blind-first"`): the blind is filled first.
Either way the ante is dead money and a short big blind never lowers what the others must call.
"""

from __future__ import annotations

from typing import Literal

from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.house_rules import AnteRules
from tdconsole.domain.model import Frozen

ShortOrder = Literal["ante-first", "blind-first"]

MIN_HANDED = 2
MAX_HANDED = 10


class AnteRow(Frozen):
    """The ante for tables of `min_handed` to `max_handed` players (for the clock)."""

    min_handed: int
    max_handed: int
    ante: int
    rule: str


class Posting(Frozen):
    """What the blinds put in before the deal. The keys are the `rules post --json` contract."""

    small_blind: int
    big_blind: int  # live: counts toward the big blind's call
    ante: int  # dead: never counts toward a call or raise (RP-11)
    all_in: bool
    to_call: int
    pot: int
    rules: RuleIds


def _check_level(small_blind: int, big_blind: int, ante: int) -> None:
    if small_blind <= 0 or big_blind <= 0:
        raise InvalidInput("small and big blind must be greater than 0")
    if big_blind < small_blind:
        raise InvalidInput(
            "big blind {big_blind} is below the small blind {small_blind}", big_blind=big_blind,
            small_blind=small_blind,
        )
    if ante < 0:
        raise InvalidInput("ante must not be negative, got {ante}", ante=ante)


def _check_handed(handed: int) -> None:
    if not MIN_HANDED <= handed <= MAX_HANDED:
        raise InvalidInput(
            "handed must be {MIN_HANDED} to {MAX_HANDED} (T-ANTE-2), got {handed}", MIN_HANDED=MIN_HANDED,
            MAX_HANDED=MAX_HANDED, handed=handed,
        )


def ante_table(small_blind: int, big_blind: int, ante: int, rules: AnteRules) -> list[AnteRow]:
    """The ante by table size for a level whose full-table ante is `ante`, largest tables first.

    At 3-6 handed the club's ante is the small blind, but never more than the level's ante, so
    a level without an ante has none at any size.

    The club (T-ANTE-2) reduces the big blind ante at short tables; the TDA (RP-11) keeps it flat:

    >>> from tdconsole.domain.house_rules import AnteRules
    >>> [(row.min_handed, row.max_handed, row.ante) for row in ante_table(500, 1_000, 1_000, AnteRules())]
    [(7, 10, 1000), (3, 6, 500), (2, 2, 0)]
    >>> [(row.min_handed, row.max_handed, row.ante, row.rule)
    ...  for row in ante_table(500, 1_000, 1_000, AnteRules(by_table_size="flat"))]
    [(2, 10, 1000, 'RP-11')]
    >>> ante_table(500, 400, 400, AnteRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: big blind 400 is below the small blind 500
    """
    _check_level(small_blind, big_blind, ante)
    if rules.by_table_size == "flat":
        # RP-11: antes are not reduced at short tables or heads-up.
        return [AnteRow(min_handed=MIN_HANDED, max_handed=MAX_HANDED, ante=ante, rule="RP-11")]
    return [
        AnteRow(min_handed=7, max_handed=MAX_HANDED, ante=ante, rule="T-ANTE-2"),
        AnteRow(min_handed=3, max_handed=6, ante=min(ante, small_blind), rule="T-ANTE-2"),
        AnteRow(min_handed=MIN_HANDED, max_handed=2, ante=0, rule="T-ANTE-2"),
    ]


def ante_for_table(
    small_blind: int, big_blind: int, ante: int, handed: int, rules: AnteRules
) -> AnteRow:
    """The row of `ante_table` for a table dealt `handed` players.

    >>> from tdconsole.domain.house_rules import AnteRules
    >>> ante_for_table(500, 1_000, 1_000, 5, AnteRules()).ante
    500
    >>> ante_for_table(500, 1_000, 1_000, 11, AnteRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: handed must be 2 to 10 (T-ANTE-2), got 11
    """
    _check_handed(handed)
    rows = ante_table(small_blind, big_blind, ante, rules)
    return next(row for row in rows if row.min_handed <= handed <= row.max_handed)


def split_big_blind(stack: int, big_blind: int, ante: int, rules: AnteRules) -> tuple[int, int]:
    """(live blind, dead ante) the big blind holding `stack` posts when `ante` is due at his table:
    in full if he can; short, the whole stack goes in, the ante taken first (T-ANTE-3, club) or
    the blind filled first (RP-11, TDA). `rules post` and the betting replay both post this way.

    >>> split_big_blind(3000, 2000, 2000, AnteRules())  # A1, club
    (1000, 2000)
    >>> split_big_blind(3000, 2000, 2000, AnteRules(short_big_blind="blind-first"))  # A1, TDA
    (2000, 1000)
    """
    if stack >= big_blind + ante:
        return big_blind, ante
    if rules.short_big_blind == "ante-first":
        dead = min(stack, ante)
        return stack - dead, dead
    blind = min(stack, big_blind)
    return blind, stack - blind


def post_blinds(
    small_blind: int,
    big_blind: int,
    ante: int,
    stack: int,
    handed: int,
    rules: AnteRules,
    *,
    dead_small_blind: bool = False,
) -> Posting:
    """What the big blind (holding `stack`) posts at a level with full-table ante `ante`.

    T-ANTE-1: the big blind posts the table's ante; short, he never lowers the call (RP-11), and the
    club takes his ante first (T-ANTE-3):

    >>> from tdconsole.domain.house_rules import AnteRules
    >>> posting = post_blinds(1_000, 2_000, 2_000, 50_000, 9, AnteRules())
    >>> posting.big_blind, posting.ante, posting.pot, posting.rules
    (2000, 2000, 5000, ['T-ANTE-1', 'T-ANTE-2'])
    >>> posting = post_blinds(1_000, 2_000, 2_000, 3_000, 9, AnteRules())
    >>> posting.big_blind, posting.ante, posting.all_in, posting.to_call, posting.rules
    (1000, 2000, True, 2000, ['T-ANTE-1', 'T-ANTE-2', 'T-ANTE-3', 'RP-11'])
    >>> post_blinds(1_000, 2_000, 2_000, 50_000, 9, AnteRules(), dead_small_blind=True).small_blind
    0
    """
    if stack <= 0:
        raise InvalidInput("stack must be greater than 0, got {stack}", stack=stack)
    row = ante_for_table(small_blind, big_blind, ante, handed, rules)
    applied = ["T-ANTE-1", row.rule]
    blind, dead = split_big_blind(stack, big_blind, row.ante, rules)
    if blind + dead < big_blind + row.ante:
        applied.append("T-ANTE-3" if rules.short_big_blind == "ante-first" else "RP-11")
    if blind < big_blind:
        # RP-11 (club practice alike, A1b): a short big blind does not lower the bet to call.
        applied.append("RP-11")
    # TDA 32: a dead small blind is posted by nobody; the big blind and ante are unchanged (A4).
    posted_small = 0 if dead_small_blind else small_blind
    if dead_small_blind:
        applied.append("32")
    return Posting(
        small_blind=posted_small,
        big_blind=blind,
        ante=dead,
        all_in=blind + dead == stack,
        to_call=big_blind,
        pot=posted_small + blind + dead,
        rules=list(dict.fromkeys(applied)),
    )

"""Eliminations: the places of the players who bust in one hand, hand-for-hand, bounties.

* T-ELIM-1: busts in the same hand are ranked by the chips they started the hand with.
* T-ELIM-2: equal starting stacks tie and share the combined money of their places.
* T-ELIM-3: a bust whose place the TD cannot establish (stack unknown, reported late: `unplaced`)
  goes last of those still unplaced; several such in one report tie with each other (nothing tells
  them apart). A lone bust needs no stack: its place is simply the next one, and cites no rule.
* T-H4H-1 / RP-8: in one hand-for-hand hand, busts at different tables are ranked by stack (club)
  or tied (`eliminations.hand_for_hand_across_tables = "tie"`). Busts on the hand in progress when
  hand-for-hand is announced tie across tables whatever the setting (RP-8A). At one table the
  bigger stack always finishes higher (T-ELIM-1). When tables tie, a table's biggest bust ties
  with the other tables' biggest, its second with their second, and so on (dense rank per table).
* RP-8B: the clock pauses, or loses a set time per hand, during hand-for-hand.
* T-BOUNTY-1: a bounty won by several identical winning hands is split between them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.house_rules import EliminationRules
from tdconsole.domain.model import Frozen
from tdconsole.domain.money.payouts import PayoutStructure, split_evenly, tied_prizes


class Bust(Frozen):
    """One player (entry) out in the hand."""

    name: str = Field(min_length=1)
    # Chips at the start of the hand (T-ELIM-1); None = the TD cannot establish it (T-ELIM-3).
    stack: int | None = Field(default=None, gt=0)
    # The table, in hand-for-hand; None = the one table of an ordinary hand.
    table: int | None = None
    # T-ELIM-3: the TD says he cannot establish this player's place (a late report).
    unplaced: bool = False


class Placement(Frozen):
    name: str
    place: int = Field(ge=2)
    # Equal to `place` unless tied: tied players share places `place`..`last_place`.
    last_place: int = Field(ge=2)
    rules: RuleIds

    @property
    def tied(self) -> bool:
        return self.last_place != self.place


# "hand": an ordinary hand at one table; "hand-for-hand": one hand-for-hand hand, all tables;
# "announcement": the hand in progress when hand-for-hand was announced (RP-8A).
HandKind = Literal["hand", "hand-for-hand", "announcement"]


def place_busts(
    busts: Sequence[Bust],
    players_left: int,
    rules: EliminationRules,
    kind: HandKind = "hand",
) -> list[Placement]:
    """Places for the busts of one hand, best first; `players_left` counts them, before the hand.

    Alone, a bust takes the next place up from the bottom; together, the bigger starting stack
    finishes higher (T-ELIM-1), equal stacks tie (T-ELIM-2), an unknown stack goes below the known
    ones (T-ELIM-3):

    >>> from tdconsole.domain.house_rules import EliminationRules
    >>> club = EliminationRules()
    >>> place_busts([Bust(name="Bo")], 9, club)
    [Placement(name='Bo', place=9, last_place=9, rules=[])]
    >>> [(p.name, p.place, p.rules) for p in place_busts(
    ...     [Bust(name="Bo", stack=800), Bust(name="Cy", stack=5_000)], 9, club)]
    [('Cy', 8, ['T-ELIM-1']), ('Bo', 9, ['T-ELIM-1'])]
    >>> [(p.name, p.place, p.last_place, p.rules) for p in place_busts(
    ...     [Bust(name="Bo", stack=800), Bust(name="Cy", stack=800)], 9, club)]
    [('Bo', 8, 9, ['T-ELIM-2']), ('Cy', 8, 9, ['T-ELIM-2'])]
    >>> [(p.name, p.place, p.rules) for p in place_busts(
    ...     [Bust(name="Bo"), Bust(name="Cy", stack=800)], 9, club)]
    [('Cy', 8, ['T-ELIM-1']), ('Bo', 9, ['T-ELIM-3'])]

    In hand-for-hand the club ranks busts at different tables by stack; a house that ties them
    (RP-8) ranks each only against its own table:

    >>> tie = EliminationRules(hand_for_hand_across_tables="tie")
    >>> busts = [Bust(name="Bo", stack=800, table=1), Bust(name="Cy", stack=5_000, table=2)]
    >>> [(p.name, p.place, p.last_place) for p in place_busts(busts, 9, club, "hand-for-hand")]
    [('Cy', 8, 8), ('Bo', 9, 9)]
    >>> [(p.name, p.place, p.last_place, p.rules) for p in place_busts(busts, 9, tie, "hand-for-hand")]
    [('Bo', 8, 9, ['T-H4H-1', 'RP-8']), ('Cy', 8, 9, ['T-H4H-1', 'RP-8'])]

    Someone must be left to win:

    >>> place_busts([Bust(name="Bo"), Bust(name="Cy")], 2, club)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: 2 busts with 2 players left: at least one must remain
    """
    if not busts:
        raise InvalidInput("no player to bust")
    names = [bust.name for bust in busts]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InvalidInput("{names} listed twice in one hand", names=', '.join(twice))
    if players_left - len(busts) < 1:
        raise InvalidInput(
            "{count} busts with {players_left} players left: at least one must remain", count=len(busts),
            players_left=players_left,
        )
    tie_tables = kind == "announcement" or (
        kind == "hand-for-hand" and rules.hand_for_hand_across_tables == "tie"
    )
    groups = _rank(busts, tie_tables)
    placements = []
    place = players_left - len(busts) + 1
    for group in groups:
        last = place + len(group) - 1
        ids = _rules(group, kind, tie_tables, ranked=len(groups) > 1)
        for bust in sorted(group, key=lambda bust: bust.name):
            placements.append(Placement(name=bust.name, place=place, last_place=last, rules=ids))
        place = last + 1
    return placements


def _rank(busts: Sequence[Bust], tie_tables: bool) -> list[list[Bust]]:
    """Groups of tied busts, best first: known stacks by tier, then the unknown ones (T-ELIM-3)."""
    known = [bust for bust in busts if bust.stack is not None]
    unknown = [bust for bust in busts if bust.stack is None]

    def tier(bust: Bust) -> int:
        # Across tables in a tie: the dense rank within the bust's own table (0 = its biggest).
        # Otherwise every bust is ranked against all the others by its stack (T-ELIM-1).
        mates = [other for other in known if other.table == bust.table] if tie_tables else known
        return len({other.stack for other in mates if (other.stack or 0) > (bust.stack or 0)})

    groups: dict[int, list[Bust]] = {}
    for bust in known:
        groups.setdefault(tier(bust), []).append(bust)
    ranked = [groups[key] for key in sorted(groups)]
    return [*ranked, unknown] if unknown else ranked


def _rules(group: Sequence[Bust], kind: HandKind, tie_tables: bool, ranked: bool) -> RuleIds:
    """The rule IDs that decided one group's places."""
    ids = {"hand": [], "hand-for-hand": ["T-H4H-1"], "announcement": ["T-H4H-1", "RP-8A"]}[kind]
    if kind == "hand-for-hand" and tie_tables:
        ids = [*ids, "RP-8"]
    if group[0].stack is None:
        # T-ELIM-3 decided it when the TD says so, or when the unknown stacks were placed below
        # the known ones or tied with each other; a lone bust's place is simply the next one.
        if ranked or len(group) > 1 or any(bust.unplaced for bust in group):
            return [*ids, "T-ELIM-3"]
        return ids
    if ranked:
        ids = [*ids, "T-ELIM-1"]
    if len(group) > 1 and len({bust.stack for bust in group}) == 1:
        ids = [*ids, "T-ELIM-2"]
    return ids


def prizes(placements: Sequence[Placement], payouts: PayoutStructure) -> dict[str, int]:
    """Each placed player's money; tied players share their places' combined money (T-ELIM-2).

    >>> from tdconsole.domain.money.payouts import Payout
    >>> paid = PayoutStructure(prize_pool=1_000, payouts=[
    ...     Payout(place=1, amount=500), Payout(place=2, amount=300), Payout(place=3, amount=200)])
    >>> prizes([Placement(name="Bo", place=3, last_place=3, rules=[])], paid)
    {'Bo': 200}

    Tied for 2nd and 3rd, two players share 300 + 200 (T-ELIM-2); tied for 3rd and 4th, 200 + 0:

    >>> prizes([Placement(name=name, place=2, last_place=3, rules=["T-ELIM-2"]) for name in ("Bo", "Cy")],
    ...        paid)
    {'Bo': 250, 'Cy': 250}
    >>> prizes([Placement(name=name, place=3, last_place=4, rules=["T-ELIM-2"]) for name in ("Bo", "Cy")],
    ...        paid)
    {'Bo': 100, 'Cy': 100}
    """
    groups: dict[tuple[int, int], list[str]] = {}
    for placement in placements:
        groups.setdefault((placement.place, placement.last_place), []).append(placement.name)
    money: dict[str, int] = {}
    for (first, _last), names in groups.items():
        money.update(tied_prizes(payouts, first, names))
    return money


def hand_for_hand_due(players_left: int, places_paid: int, pay_jumps: Sequence[int] = ()) -> bool:
    """T-H4H-1: suggest hand-for-hand when the next bust reaches the money or a pay jump the TD
    picked (a jump at place p: hand-for-hand with p + 1 left).

    >>> hand_for_hand_due(players_left=11, places_paid=10)
    True
    >>> hand_for_hand_due(players_left=12, places_paid=10)
    False
    >>> hand_for_hand_due(players_left=4, places_paid=10, pay_jumps=[3])
    True
    """
    return players_left - 1 in {places_paid, *pay_jumps}


class HandClock(Frozen):
    hand: int = Field(ge=1)
    # The level the hand is played at: 0 = the level running when hand-for-hand started.
    level: int = Field(ge=0)
    # Seconds left in that level once the hand is over; 0 = the level ends with this hand.
    seconds_left: int = Field(ge=0)


def hand_for_hand_clock(
    seconds_left: int,
    hands: int,
    rules: EliminationRules,
    next_levels: Sequence[int] = (),
) -> list[HandClock]:
    """RP-8B-D: the clock after each of `hands` hand-for-hand hands.

    "deduct": each hand takes `hand_for_hand_seconds_per_hand` off (at most what is left); a level
    that runs out ends with that hand, and the next hand is played at the next level (TDA 23),
    which starts in full (`next_levels` in seconds; after the last, the last level goes on).
    "pause": the clock stands still, so nothing comes off.

    >>> from tdconsole.domain.house_rules import EliminationRules
    >>> [(c.hand, c.level, c.seconds_left) for c in hand_for_hand_clock(300, 4, EliminationRules(), [1_200])]
    [(1, 0, 180), (2, 0, 60), (3, 0, 0), (4, 1, 1080)]
    >>> [c.seconds_left for c in hand_for_hand_clock(300, 3, EliminationRules(hand_for_hand_clock="pause"))]
    [300, 300, 300]
    """
    if seconds_left < 0 or hands < 0 or any(length <= 0 for length in next_levels):
        raise InvalidInput("seconds left and hands must not be negative; levels must be positive")
    per_hand = rules.hand_for_hand_seconds_per_hand if rules.hand_for_hand_clock == "deduct" else 0
    level, left, clock = 0, seconds_left, []
    for hand in range(1, hands + 1):
        if left == 0 and level < len(next_levels):
            level, left = level + 1, next_levels[level]
        left = max(0, left - per_hand)
        clock.append(HandClock(hand=hand, level=level, seconds_left=left))
    return clock


def split_bounty(bounty: int, winners: Sequence[str]) -> dict[str, int]:
    """T-BOUNTY-1: identical winning hands split the bounty, leftover kroner by sorted name.

    >>> split_bounty(500, ["Cy", "Bo"])
    {'Bo': 250, 'Cy': 250}
    >>> split_bounty(101, ["Cy", "Bo"])
    {'Bo': 51, 'Cy': 50}
    """
    return split_evenly(bounty, winners)

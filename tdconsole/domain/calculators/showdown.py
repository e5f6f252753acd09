"""Showdown: the best hands through pokerkit, named in words, and the order of showing.

Cards speak (S-SHOW-1, 12): the evaluator decides, never a player's claim. Five cards only and suits
never break ties (S-RANK-1); Omaha uses exactly two hole cards and three from the board (S-OMAHA-1);
Omaha hi/lo adds an 8-or-better low (S-HILO-1). The show order follows the club (S-ORDER-1/2) or the
TDA (17A) by the `showdown.order` setting. To win a pot every card is shown (S-SHOW-1), and a card
shown to one may be seen by all (S-SHOW-3). When the betting is over with an all-in, every hand is
tabled at once, before the streets still to come, and none may be mucked unseen (S-SHOW-2, 16):
the board may then be short of five cards, and the hands are evaluated once it is complete.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Literal

from tdconsole.domain.calculators.common import cite
from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.seats import clockwise_from

# pokerkit builds its hand tables when imported, a large share of a command's start-up: it is
# imported only by the functions that evaluate hands, so `tdconsole state` never pays for it.
if TYPE_CHECKING:
    from pokerkit import Card, Hand

GameName = Literal["holdem", "omaha", "omaha-hilo"]
ShowOrder = Literal["club", "tda"]  # HouseRules.showdown.order
HOLE_CARDS: dict[str, int] = {"holdem": 2, "omaha": 4, "omaha-hilo": 4}
BOARD_CARDS = 5

# Keyed by pokerkit's rank letters (its `Rank` is a string enum of them).
_RANK_WORDS = {
    "2": ("two", "twos"), "3": ("three", "threes"), "4": ("four", "fours"),
    "5": ("five", "fives"), "6": ("six", "sixes"), "7": ("seven", "sevens"),
    "8": ("eight", "eights"), "9": ("nine", "nines"), "T": ("ten", "tens"),
    "J": ("jack", "jacks"), "Q": ("queen", "queens"), "K": ("king", "kings"),
    "A": ("ace", "aces"),
}
_HIGH_ORDER = "23456789TJQKA"


@dataclass(frozen=True)
class Half:
    """One side of a showdown: the winners and each hand's name (seats without a low left out)."""

    winners: list[int]
    hands: dict[int, str]
    ranking: list[list[int]]  # best first, ties together: what the pots are awarded by
    reads: dict[int, HandRead] = field(default_factory=dict)  # each hand as data, for the edge


@dataclass(frozen=True)
class Showdown:
    # None while an all-in showdown still waits for streets (S-SHOW-2): nothing to evaluate yet.
    high: Half | None
    low: Half | None
    show_order: list[int]
    rules: RuleIds
    # S-SHOW-2: every hand tabled at once, face up (an all-in with no more betting).
    tabled: bool = False
    streets_to_come: list[str] = field(default_factory=list)


# The streets still to come for a board of so many cards (an all-in showdown, S-SHOW-2).
STREETS_TO_COME = {0: ["flop", "turn", "river"], 3: ["turn", "river"], 4: ["river"], 5: []}


def _check_deck(game: str, board: Sequence[Card], hands: Mapping[int, Sequence[Card]],
                all_in: bool = False) -> None:
    if game not in HOLE_CARDS:
        raise InvalidInput("game: {game!r} is not one of {names}", game=game, names=', '.join(HOLE_CARDS))
    if all_in and len(board) not in STREETS_TO_COME:
        raise InvalidInput("board: {count} cards; an all-in showdown has 0, 3, 4 or 5", count=len(board))
    if not all_in and len(board) != BOARD_CARDS:
        raise InvalidInput(
            "board: {count} cards; a showdown has {BOARD_CARDS} (all-in before the river: say so, S-SHOW-2)",
            count=len(board), BOARD_CARDS=BOARD_CARDS,
        )
    if len(hands) < 1:
        raise InvalidInput("hands: no hand to show")
    for seat, cards in hands.items():
        if len(cards) != HOLE_CARDS[game]:
            raise InvalidInput(
                "hands.{seat}: {count} cards; {game} has {HOLE_CARDS}", seat=seat, count=len(cards),
                game=game, HOLE_CARDS=HOLE_CARDS[game],
            )
    seen: dict[str, str] = {}
    holdings = [("the board", board), *((f"seat {seat}", cards) for seat, cards in hands.items())]
    for where, cards in holdings:
        for card in cards:
            if repr(card) in seen:
                raise InvalidInput(
                    "duplicate card {card!r}: in {seen} and {where} (a fouled deck, 35E)", card=card,
                    seen=seen[repr(card)], where=where,
                )
            seen[repr(card)] = where


def _best_high(game: str, hole: Sequence[Card], board: Sequence[Card]) -> Hand:
    from pokerkit import OmahaHoldemHand, StandardHighHand

    if game == "holdem":
        # The same answer as StandardHighHand.from_game, about three times faster: look up the
        # 21 five-card sets and build the hand object once.
        lookup = StandardHighHand.lookup
        return StandardHighHand(max(combinations((*hole, *board), 5), key=lookup.get_entry))
    return OmahaHoldemHand.from_game(hole, board)


def _rank_word(rank: str, plural: bool = False) -> str:
    return _RANK_WORDS[rank][1 if plural else 0]


def _groups(cards: Iterable[Card]) -> list[str]:
    """Ranks ordered by how many of each, then by rank: the order a hand is read in."""
    ranks: list[str] = [str(card.rank) for card in cards]  # "A", not the enum
    return sorted(set(ranks), key=lambda r: (ranks.count(r), _HIGH_ORDER.index(r)), reverse=True)


def _straight_top(cards: Sequence[Card]) -> str:
    ranks: set[str] = {str(card.rank) for card in cards}
    # The wheel A-2-3-4-5 is five-high: the ace plays low (S-RANK-1).
    if ranks == set("A2345"):
        return "5"
    return max(ranks, key=_HIGH_ORDER.index)


# What a hand is, as data: the edge words it in the reader's language (tdconsole.views.calculators);
# `ranks` are the rank letters its name mentions, in the order it reads them ("full house, kings
# full of aces" is ["K", "A"]; a low lists its five cards from the top).
HandCategory = Literal["high card", "one pair", "two pair", "three of a kind", "straight", "flush",
                       "full house", "four of a kind", "straight flush", "royal flush", "low"]


@dataclass(frozen=True)
class HandRead:
    category: HandCategory
    ranks: list[str]


def read_high(hand: Hand) -> HandRead:
    """The hand's category and the ranks that name it.

    >>> from pokerkit import StandardHighHand
    >>> read_high(StandardHighHand("KsKhKdAcAs"))
    HandRead(category='full house', ranks=['K', 'A'])
    """
    from pokerkit.lookups import Label

    groups = _groups(hand.cards)
    match hand.entry.label:
        case Label.STRAIGHT_FLUSH:
            top = _straight_top(hand.cards)
            return HandRead("royal flush", []) if top == "A" else HandRead("straight flush", [top])
        case Label.FOUR_OF_A_KIND:
            return HandRead("four of a kind", groups[:1])
        case Label.FULL_HOUSE:
            return HandRead("full house", groups[:2])
        case Label.FLUSH:
            return HandRead("flush", groups[:1])
        case Label.STRAIGHT:
            return HandRead("straight", [_straight_top(hand.cards)])
        case Label.THREE_OF_A_KIND:
            return HandRead("three of a kind", groups[:1])
        case Label.TWO_PAIR:
            return HandRead("two pair", groups[:2])
        case Label.ONE_PAIR:
            return HandRead("one pair", groups[:1])
        case _:
            return HandRead("high card", groups[:1])


def read_low(hand: Hand) -> HandRead:
    """An 8-or-better low, its cards from the top down.

    >>> from pokerkit import OmahaEightOrBetterLowHand
    >>> read_low(OmahaEightOrBetterLowHand("As2c3d4h5s"))
    HandRead(category='low', ranks=['5', '4', '3', '2', 'A'])
    """
    low_order = "A2345678"
    return HandRead("low", sorted((str(card.rank) for card in hand.cards), key=low_order.index,
                                  reverse=True))


def hand_name(read: HandRead) -> str:
    """The hand in English words, the JSON contract: "full house, kings full of aces",
    "straight, five high", "5-4-3-2-A low".

    >>> hand_name(HandRead("full house", ["K", "A"])), hand_name(HandRead("straight", ["5"]))
    ('full house, kings full of aces', 'straight, five high')
    >>> hand_name(HandRead("low", ["5", "4", "3", "2", "A"]))
    '5-4-3-2-A low'
    """
    ranks = read.ranks
    match read.category:
        case "royal flush":
            return "royal flush"
        case "straight flush" | "flush" | "straight":
            return f"{read.category}, {_rank_word(ranks[0])} high"
        case "four of a kind" | "three of a kind":
            return f"{read.category}, {_rank_word(ranks[0], True)}"
        case "full house":
            return f"full house, {_rank_word(ranks[0], True)} full of {_rank_word(ranks[1], True)}"
        case "two pair":
            return f"two pair, {_rank_word(ranks[0], True)} and {_rank_word(ranks[1], True)}"
        case "one pair":
            return f"pair of {_rank_word(ranks[0], True)}"
        case "low":
            return "-".join(ranks) + " low"
        case _:
            return f"high card, {_rank_word(ranks[0])}"


def _ranking(best: Mapping[int, Hand]) -> list[list[int]]:
    """Seats grouped by equal hands, best first (ties are equal entries: suits never count)."""
    # Each hand's lookup entry is computed once: comparing Hand objects recomputes it every time.
    strength = {seat: hand.entry.index * (-1 if hand.low else 1) for seat, hand in best.items()}
    groups: list[list[int]] = []
    for seat in sorted(strength, key=strength.__getitem__, reverse=True):
        if groups and strength[groups[-1][0]] == strength[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return [sorted(group) for group in groups]


def _half(best: Mapping[int, Hand], name: str) -> Half:
    ranking = _ranking(best)
    reader = read_low if name == "low" else read_high
    reads = {seat: reader(hand) for seat, hand in best.items()}
    return Half(winners=ranking[0] if ranking else [], ranking=ranking, reads=reads,
                hands={seat: hand_name(read) for seat, read in reads.items()})


def show_order(seats: Iterable[int], button: int, aggressor: int | None,
               order: ShowOrder) -> list[int]:
    """Who shows first at showdown.

    Club: from the dealer clockwise (S-ORDER-1, S-ORDER-2), except heads-up after a final-street
    bet, where the caller shows last. TDA 17A: the last aggressor first, then clockwise; with no bet
    the first live seat left of the button.

    Club: from the dealer's left round the table (S-ORDER-1/2); TDA 17A: the last aggressor first.

    >>> show_order([2, 5, 7], button=4, aggressor=7, order="club")
    [5, 7, 2]
    >>> show_order([2, 5, 7], button=4, aggressor=7, order="tda")
    [7, 2, 5]
    >>> show_order([2, 5], button=4, aggressor=2, order="club")  # heads-up: the caller shows last
    [2, 5]
    """
    clockwise = clockwise_from(button, seats)
    if aggressor is None or aggressor not in clockwise:
        return clockwise
    if order == "tda" or len(clockwise) == 2:
        at = clockwise.index(aggressor)
        return clockwise[at:] + clockwise[:at]
    return clockwise


def showdown(
    game: str,
    board: Sequence[Card],
    hands: Mapping[int, Sequence[Card]],
    *,
    button: int = 0,
    aggressor: int | None = None,
    order: ShowOrder = "club",
    all_in: bool = False,
) -> Showdown:
    """Evaluate every hand; `order` is `HouseRules.showdown.order` ("club" or "tda"). `all_in`:
    the betting is over with an all-in, so every hand is tabled now (S-SHOW-2).

    >>> from tdconsole.domain.calculators.cards import parse_cards
    >>> board = parse_cards("Ah Kd 7c 7s 2h")
    >>> result = showdown("holdem", board, {1: parse_cards("As Qc"), 2: parse_cards("Kh Kc")}, button=1)
    >>> result.high.winners, result.high.hands
    ([2], {1: 'two pair, aces and sevens', 2: 'full house, kings full of sevens'})
    >>> result.rules
    ['S-SHOW-1', '12', 'S-RANK-1', 'S-SHOW-3', 'S-ORDER-1']

    All in before the river: every hand is tabled now, the river still to come (S-SHOW-2):

    >>> waiting = showdown("holdem", board[:4], {1: parse_cards("As Qc"), 2: parse_cards("Kh Kc")},
    ...                    all_in=True)
    >>> waiting.tabled, waiting.streets_to_come, waiting.high
    (True, ['river'], None)
    """
    from pokerkit import OmahaEightOrBetterLowHand

    _check_deck(game, board, hands, all_in)
    rules: RuleIds = []
    if all_in:
        # S-SHOW-2 (16): tabled at once, in no order; the board is dealt out face up.
        cite(rules, "S-SHOW-2", "16", "S-SHOW-1", "S-SHOW-3")
        to_come = STREETS_TO_COME[len(board)]
        if aggressor is not None and aggressor not in hands:
            raise InvalidInput(
                "aggressor: seat {aggressor} has no hand at the showdown", aggressor=aggressor,
            )
        if to_come:
            return Showdown(high=None, low=None, show_order=clockwise_from(button, hands),
                            rules=rules, tabled=True, streets_to_come=to_come)
        evaluated = showdown(game, board, hands, button=button, order=order)
        return Showdown(high=evaluated.high, low=evaluated.low,
                        show_order=clockwise_from(button, hands),
                        rules=ordered_rules(rules, evaluated.rules), tabled=True)
    cite(rules, "S-SHOW-1", "12", "S-RANK-1", "S-SHOW-3")
    high = {seat: _best_high(game, cards, board) for seat, cards in hands.items()}
    low: Half | None = None
    if game != "holdem":
        cite(rules, "S-OMAHA-1")
    if game == "omaha-hilo":
        cite(rules, "S-HILO-1")
        lows = {seat: OmahaEightOrBetterLowHand.from_game_or_none(cards, board)
                for seat, cards in hands.items()}
        low = _half({seat: hand for seat, hand in lows.items() if hand is not None}, "low")
    if aggressor is not None and aggressor not in hands:
        raise InvalidInput("aggressor: seat {aggressor} has no hand at the showdown", aggressor=aggressor)
    if aggressor is None:
        cite(rules, "S-ORDER-1" if order == "club" else "17A")
    else:
        cite(rules, "S-ORDER-2" if order == "club" else "17A")
    return Showdown(high=_half(high, "high"), low=low,
                    show_order=show_order(hands, button, aggressor, order), rules=rules)


def ordered_rules(first: RuleIds, then: RuleIds) -> RuleIds:
    """`first`, then those of `then` not in it; the show order's rules left out (all tabled at once).

    >>> ordered_rules(["S-SHOW-2", "16"], ["S-SHOW-1", "16", "S-ORDER-1", "17A"])
    ['S-SHOW-2', '16', 'S-SHOW-1']
    """
    rules = list(first)
    cite(rules, *(rule for rule in then if not rule.startswith("S-ORDER") and rule != "17A"))
    return rules

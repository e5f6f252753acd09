"""Stud's own order of action: who brings in, who acts first on later streets, who shows first.

Seven-card stud, stud hi/lo and razz have no blinds and no button: every player antes, and the up
cards decide who acts (issue 41, a mixed night's stud levels).

* The bring-in (TDA RP-10E: the player dealt the low card by suit; RRoP for razz's high card):
  in stud and stud hi/lo the lowest up card, the ace high, ties by suit with clubs lowest, then
  diamonds, hearts, spades; in razz the highest up card, the ace low (a king is the highest), ties by
  suit with spades highest. A player dealt the bring-in card posts it even when away or on penalty
  (TDA 30, 71C).
* RP-10E: if the player with the bring-in card is all-in for the ante, the betting starts at his
  left, and the players with chips bet at least the bring-in or fold.
* Facing the bring-in a player folds, calls the bring-in or completes it to the small bet
  ("complete" is an official term, TDA 3); the bring-in himself may open for the full small bet.
* Later streets (4th to 7th): the best hand showing acts first, the highest in stud and stud hi/lo,
  the lowest in razz. Only pairs, two pair, trips and quads count on an open board of up to four
  cards: no straight or flush is made there. In razz a pair showing is worse than any unpaired
  board, the ace low. RP-10D: equal hands showing are broken by the high card by suit, in both games
  (RRoP breaks them by position instead; the TDA is followed). RP-10F: a pair showing on 4th street
  does not allow the big bet.
* Showdown (17A): the last aggressor on the final street shows first; with no bet the player who would
  act first on it, the high hand showing in stud, the low one in razz; the club's order (S-ORDER-1/2)
  goes clockwise from the dealer, who in stud sits before seat 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tdconsole.domain.calculators.showdown import ShowOrder, show_order
from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.seats import clockwise_from

if TYPE_CHECKING:
    from pokerkit import Card

StudGame = Literal["stud", "stud8", "razz"]  # the stud games' keys in tdconsole.domain.clock.games
STUD_GAMES: tuple[StudGame, ...] = ("stud", "stud8", "razz")

_SUITS = "cdhs"  # clubs lowest, spades highest: the order that breaks ties in stud
_ACE_HIGH = "23456789TJQKA"
_ACE_LOW = "A23456789TJQK"
# The largest open board: 4th street's two up cards up to 7th street's four (the 7th is down).
MAX_SHOWING = 4


def _value(card: Card, ranks: str) -> tuple[int, int]:
    return ranks.index(str(card.rank)), _SUITS.index(str(card.suit))


def _ranks_of(game: StudGame) -> str:
    return _ACE_LOW if game == "razz" else _ACE_HIGH


def _check_game(game: str) -> StudGame:
    for known in STUD_GAMES:
        if game == known:
            return known
    raise InvalidInput("game: {game!r} is no stud game: {names}", game=game, names=", ".join(STUD_GAMES))


def _check_seats(cards: Mapping[int, Sequence[Card]], least: int, most: int, field: str) -> None:
    if len(cards) < 2:
        raise InvalidInput("{name}: a stud hand needs at least two players", name=field)
    seen: set[str] = set()
    for seat, showing in cards.items():
        if not least <= len(showing) <= most:
            raise InvalidInput(
                "{name}: seat {seat} shows {count} cards; each shows {least} to {most} here",
                name=field, seat=seat, count=len(showing), least=least, most=most,
            )
        for card in showing:
            if repr(card) in seen:
                raise InvalidInput("{name}: {card} is shown twice", name=field, card=repr(card))
            seen.add(repr(card))


def high_card_by_suit(cards: Mapping[int, Sequence[Card]]) -> list[int]:
    """The seats by the highest card each holds, the ace high, equal ranks by suit (spades highest):
    the order a split stud pot's odd chips go in, one each (TDA 20B: the high card by suit, in stud,
    stud hi/lo and razz alike; every card counts, not only the five played, as RRoP says).

    >>> from tdconsole.domain.calculators.cards import parse_cards
    >>> high_card_by_suit({1: parse_cards("Kc Kd 9s"), 4: parse_cards("Ks 2h 3h"), 6: parse_cards("Ac 2c")})
    [6, 4, 1]
    """
    return sorted(cards, key=lambda seat: max(_value(card, _ACE_HIGH) for card in cards[seat]), reverse=True)


@dataclass(frozen=True)
class BringIn:
    seat: int  # who posts the bring-in (the card decides, even for a player away: TDA 30, 71C)
    card: str
    first_to_act: int  # the bring-in, or the seat at his left when he is all-in for the ante (RP-10E)
    rules: RuleIds


def bring_in(game: str, up_cards: Mapping[int, Card], all_in_for_ante: Collection[int] = ()) -> BringIn:
    """Who brings in on 3rd street, from each seat's up card.

    Stud: the lowest card, the ace high, ties by suit (clubs lowest):

    >>> from tdconsole.domain.calculators.cards import parse_cards
    >>> def up(text): return dict(enumerate(parse_cards(text), start=1))
    >>> bring_in("stud", up("3h Kd 3c As")).seat, bring_in("stud", up("3h Kd 3c As")).card
    (3, '3c')

    Razz: the highest, the ace low (a king is the highest card), ties by suit (spades highest):

    >>> bring_in("razz", up("Ac Kd 9h Ks")).seat
    4

    RP-10E: the bring-in all-in for the ante; the betting starts at his left:

    >>> answer = bring_in("stud8", up("2c 9d Jh"), all_in_for_ante={1})
    >>> answer.seat, answer.first_to_act, answer.rules
    (1, 2, ['RP-10E'])
    >>> bring_in("nlhe", up("2c 9d"))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: game: 'nlhe' is no stud game: stud, stud8, razz
    """
    stud = _check_game(game)
    _check_seats({seat: [card] for seat, card in up_cards.items()}, 1, 1, "up_cards")
    ranks = _ranks_of(stud)
    if stud == "razz":
        seat = max(up_cards, key=lambda s: _value(up_cards[s], ranks))
    else:
        seat = min(up_cards, key=lambda s: _value(up_cards[s], ranks))
    # RP-10E names the bring-in as the player "dealt the low card by suit" (razz: the high card).
    rules: RuleIds = ["RP-10E"]
    first = seat
    if seat in all_in_for_ante:
        live = [s for s in up_cards if s not in all_in_for_ante]
        if not live:
            raise InvalidInput("all_in: every player is all-in for the ante; there is no betting")
        first = clockwise_from(seat, live)[0]
    return BringIn(seat=seat, card=repr(up_cards[seat]), first_to_act=first, rules=rules)


def completion(bring_in_amount: int, small_bet: int) -> list[tuple[str, int]]:
    """What a player facing the bring-in may do (the amounts are his total on 3rd street): fold,
    call the bring-in, or complete it to the small bet (TDA 3's "complete"; RP-10E: at least the
    bring-in or fold). Once completed, raises go by the small bet.

    >>> completion(25, 100)
    [('fold', 0), ('call', 25), ('complete', 100)]
    >>> completion(100, 100)  # a bring-in of a full small bet is already complete
    [('fold', 0), ('call', 100), ('raise', 200)]
    >>> completion(0, 100)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: bring_in: 0 must be more than 0 and at most the small bet 100
    """
    if not 0 < bring_in_amount <= small_bet:
        raise InvalidInput(
            "bring_in: {amount} must be more than 0 and at most the small bet {small}",
            amount=bring_in_amount, small=small_bet,
        )
    if bring_in_amount == small_bet:
        return [("fold", 0), ("call", small_bet), ("raise", 2 * small_bet)]
    return [("fold", 0), ("call", bring_in_amount), ("complete", small_bet)]


def _shape(cards: Sequence[Card], ranks: str) -> tuple[list[int], list[int]]:
    """The board's groups (4 of a kind first ... singles last) and its ranks in that order."""
    counts = Counter(ranks.index(str(card.rank)) for card in cards)
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return sorted(counts.values(), reverse=True), ordered


def showing_strength(game: str, cards: Sequence[Card]) -> tuple[object, ...]:
    """How good a board of up cards is for the order of action, larger acting first. Stud: pairs,
    two pair, trips, quads, then the ranks, the ace high; no straight or flush on an open board.
    Razz: the fewer pairs the better, then the lowest top card, the ace low. Ties: RP-10D, the high
    card by suit.

    >>> from tdconsole.domain.calculators.cards import parse_cards as cards
    >>> showing_strength("stud", cards("2c 2d")) > showing_strength("stud", cards("As Ks"))
    True
    >>> showing_strength("stud", cards("9s 8s 7s 6s")) < showing_strength("stud", cards("3c 3d 4h 5h"))
    True
    >>> showing_strength("razz", cards("7c 4d")) > showing_strength("razz", cards("Kc Kd"))
    True
    >>> showing_strength("razz", cards("Ac 7d")) > showing_strength("razz", cards("2c 7d"))
    True
    """
    stud = _check_game(game)
    ranks = _ranks_of(stud)
    shape, ordered = _shape(cards, ranks)
    by_suit = sorted((_value(card, ranks) for card in cards), reverse=True)
    if stud == "razz":
        # Lower is better in razz: turned round so that the larger still acts first.
        return tuple(-count for count in shape), [-rank for rank in ordered], by_suit
    return tuple(shape), ordered, by_suit


@dataclass(frozen=True)
class FirstToAct:
    seat: int
    tied: list[int]  # seats whose boards were as good, broken by the high card by suit (RP-10D)
    rules: RuleIds


def first_to_act(game: str, showing: Mapping[int, Sequence[Card]]) -> FirstToAct:
    """Who acts first on 4th street and later: the high board in stud and stud hi/lo, the low board
    in razz; equal boards by the high card by suit (RP-10D).

    >>> from tdconsole.domain.calculators.cards import parse_cards as cards
    >>> first_to_act("stud", {1: cards("Ah Kh"), 2: cards("4c 4d"), 3: cards("Qs Js")}).seat
    2
    >>> answer = first_to_act("stud", {1: cards("Kd 9c"), 4: cards("Ks 9h"), 6: cards("2c 3c")})
    >>> answer.seat, answer.tied, answer.rules
    (4, [1, 4], ['RP-10D'])
    >>> first_to_act("razz", {1: cards("7c 4d"), 2: cards("8c 2d"), 3: cards("3s 3h")}).seat
    1
    """
    stud = _check_game(game)
    _check_seats(showing, 1, MAX_SHOWING, "showing")
    strength = {seat: showing_strength(stud, cards) for seat, cards in showing.items()}
    seat = max(strength, key=lambda s: strength[s])
    # The boards as good as the best but for the suits: what RP-10D breaks.
    tied = sorted(s for s in strength if strength[s][:2] == strength[seat][:2])
    broken = len(tied) > 1
    return FirstToAct(seat=seat, tied=tied if broken else [], rules=["RP-10D"] if broken else [])


def stud_show_order(game: str, showing: Mapping[int, Sequence[Card]], aggressor: int | None,
                    order: ShowOrder) -> tuple[list[int], RuleIds]:
    """Who shows first at a stud showdown. TDA (17A): the last aggressor on 7th street, then
    clockwise; with no bet the one who would act first, the high board (razz: the low one). Club
    (S-ORDER-1/2): clockwise from the dealer, who sits before seat 1; heads-up the caller shows last.

    >>> from tdconsole.domain.calculators.cards import parse_cards as cards
    >>> boards = {2: cards("Kd 9c 5s 5h"), 5: cards("Ac Qd 8h 2s"), 7: cards("Jh Jc 3d 3c")}
    >>> stud_show_order("stud", boards, None, "tda")
    ([7, 2, 5], ['17A'])
    >>> stud_show_order("razz", boards, None, "tda")
    ([5, 7, 2], ['17A'])
    >>> stud_show_order("stud", boards, 5, "tda")
    ([5, 7, 2], ['17A'])
    >>> stud_show_order("stud", boards, 5, "club")
    ([2, 5, 7], ['S-ORDER-2'])
    """
    if aggressor is not None and aggressor not in showing:
        raise InvalidInput("aggressor: seat {seat} is not in the hand", seat=aggressor)
    if order == "club":
        return show_order(showing, 0, aggressor, order), ["S-ORDER-1" if aggressor is None else "S-ORDER-2"]
    first = aggressor if aggressor is not None else first_to_act(game, showing).seat
    return show_order(showing, 0, first, "tda"), ["17A"]

"""Reading cards typed by a person ("As Js", "as, js", "AsJs") into pokerkit cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tdconsole.domain.errors import InvalidInput

if TYPE_CHECKING:  # pokerkit loads only when cards are read: its import builds the hand tables
    from pokerkit import Card

# Rank letters and suit letters do not overlap, so case can be fixed letter by letter.
_CASE = {**{rank: rank.upper() for rank in "akqjt"}, **{suit.upper(): suit for suit in "shdc"}}


def _normalise(text: str) -> str:
    """`as, 10h` -> `As Th`: people type cards in any case, with commas, and 10 for a ten."""
    text = text.replace(",", " ").replace("10", "T")
    return "".join(_CASE.get(char, char) for char in text)


def parse_cards(text: str | Sequence[str], field: str = "cards") -> list[Card]:
    """Known cards, none twice; a bad one is a one-line error naming the field.

    >>> [repr(card) for card in parse_cards("As, jd 10H")]
    ['As', 'Jd', 'Th']
    """
    from pokerkit import Card

    joined = text if isinstance(text, str) else " ".join(text)
    try:
        cards = list(Card.parse(_normalise(joined)))
    except ValueError as error:
        raise InvalidInput(
            "{name}: {joined!r} is not a list of cards, not a card ({error})", name=field, joined=joined,
            error=error,
        ) from None
    if any(card.unknown_status for card in cards):
        raise InvalidInput(
            "{name}: {joined!r} holds an unknown card, not a card", name=field, joined=joined,
        )
    if len({repr(card) for card in cards}) != len(cards):
        raise InvalidInput("{name}: {joined!r} has the same card twice", name=field, joined=joined)
    return cards

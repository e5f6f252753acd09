"""Reading cards typed by a person ("As Js", "as, js", "AsJs") into pokerkit cards."""

from __future__ import annotations

from collections.abc import Sequence

from pokerkit import Card

from tdconsole.domain.errors import InvalidInput


def parse_cards(text: str | Sequence[str], field: str = "cards") -> list[Card]:
    """Known cards, none twice; a bad one is a one-line error naming the field.

    >>> [repr(card) for card in parse_cards("As, jd")]
    ['As', 'Jd']
    """
    joined = text if isinstance(text, str) else " ".join(text)
    try:
        cards = list(Card.parse(joined.replace(",", " ")))
    except ValueError as error:
        raise InvalidInput(f"{field}: {joined!r} is not a list of cards, not a card ({error})") from None
    if any(card.unknown_status for card in cards):
        raise InvalidInput(f"{field}: {joined!r} holds an unknown card, not a card")
    if len({repr(card) for card in cards}) != len(cards):
        raise InvalidInput(f"{field}: {joined!r} has the same card twice")
    return cards

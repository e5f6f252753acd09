"""What every floor calculator shares: seats, chip amounts, the order around a table, rule lists.

Seats are numbered clockwise; chips are whole, non-negative numbers (JSON `1.5`, `"100"` or `-5`
are refused, and the error names the field).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from tdconsole.domain.errors import RuleIds

# Seat numbers arrive as JSON object keys ("3"), so they are parsed leniently; chips strictly.
Seat = Annotated[int, Field(ge=1, le=99)]
Chips = Annotated[int, Field(ge=0, strict=True)]
PositiveChips = Annotated[int, Field(gt=0, strict=True)]


class Input(BaseModel):
    """Base of every calculator input: unknown keys are an error, not silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def clockwise_from(start: int, seats: Iterable[int]) -> list[int]:
    """The seats in clockwise order beginning with the first seat after `start`.

    `start` need not be occupied (a dead button, TDA 32 / S-ODD-1 count from its position).

    >>> clockwise_from(5, [1, 3, 5, 8])
    [8, 1, 3, 5]
    >>> clockwise_from(4, [1, 3, 5, 8])
    [5, 8, 1, 3]
    """
    ordered = sorted(set(seats))
    return [seat for seat in ordered if seat > start] + [seat for seat in ordered if seat <= start]


def cite(rules: RuleIds, *ids: str) -> None:
    """Append rule IDs to an answer's list, once each, in the order first applied."""
    for rule in ids:
        if rule not in rules:
            rules.append(rule)

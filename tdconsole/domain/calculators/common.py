"""What every floor calculator shares: seats, chip amounts, the order around a table, rule lists.

Seats are numbered clockwise; chips are whole, non-negative numbers (JSON `1.5`, `"100"` or `-5`
are refused, and the error names the field).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tdconsole.domain.errors import RuleIds
from tdconsole.domain.model import Frozen

# Seat numbers arrive as JSON object keys ("3"), so they are parsed leniently; chips strictly.
Seat = Annotated[int, Field(ge=1, le=99)]
Chips = Annotated[int, Field(ge=0, strict=True)]
PositiveChips = Annotated[int, Field(gt=0, strict=True)]


class Input(Frozen):
    """Base of every calculator input: unknown keys are an error, not silently ignored."""


def cite(rules: RuleIds, *ids: str) -> None:
    """Append rule IDs to an answer's list, once each, in the order first applied.

    >>> rules = ["S-POT-1"]
    >>> cite(rules, "S-ODD-1", "S-POT-1", "20A")
    >>> rules
    ['S-POT-1', 'S-ODD-1', '20A']
    """
    for rule in ids:
        if rule not in rules:
            rules.append(rule)

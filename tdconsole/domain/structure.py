"""Blind structures: levels and breaks, the chip set, colour-ups (T-LEVEL-1, T-ANTE-1, T-COLOR-1).

A structure is data (`configs/structures/*.toml`); this module only says what a valid one is.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Level(_Frozen):
    kind: Literal["level"] = "level"
    small_blind: int = Field(gt=0)
    big_blind: int = Field(gt=0)
    # T-ANTE-1: the big blind ante, paid by the big blind for the whole table (0 = none).
    ante: int = Field(default=0, ge=0)
    minutes: int = Field(gt=0)

    @model_validator(mode="after")
    def _big_blind_not_below_small(self) -> Level:
        if self.big_blind < self.small_blind:
            raise ValueError(f"big blind {self.big_blind} is below the small blind {self.small_blind}")
        return self


class Break(_Frozen):
    kind: Literal["break"] = "break"
    minutes: int = Field(gt=0)
    # T-COLOR-1: denominations removed by colour-up and chip race at this break.
    color_up: list[int] = Field(default_factory=list)
    add_on: bool = False


def _period_kind(value: Any) -> str:
    # In TOML a level needs no `kind`; only breaks say `kind = "break"`.
    if isinstance(value, dict):
        return str(value.get("kind", "level"))
    return str(getattr(value, "kind", "level"))


Period = Annotated[
    Annotated[Level, Tag("level")] | Annotated[Break, Tag("break")], Discriminator(_period_kind)
]


class Chip(_Frozen):
    value: int = Field(gt=0)
    color: str = Field(min_length=1)


class Structure(_Frozen):
    """Levels and breaks in the order they are played."""

    name: str = Field(min_length=1)
    starting_stack: int = Field(default=20_000, gt=0)
    chips: list[Chip] = Field(default_factory=list)
    periods: list[Period] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> Structure:
        levels = self.levels
        if not levels:
            raise ValueError("a structure needs at least one level")
        for previous, level in pairwise(levels):
            # T-LEVEL-1: blinds rise at a pre-announced interval; they never go down.
            if level.small_blind < previous.small_blind or level.big_blind < previous.big_blind:
                raise ValueError(
                    f"blinds decrease from {previous.small_blind}/{previous.big_blind} "
                    f"to {level.small_blind}/{level.big_blind}"
                )
        values = {chip.value for chip in self.chips}
        for period in self.periods:
            if isinstance(period, Break) and values:
                missing = [value for value in period.color_up if value not in values]
                if missing:
                    raise ValueError(f"colour-up of chip {missing[0]}, which is not in the chip set")
        return self

    @property
    def levels(self) -> list[Level]:
        return [period for period in self.periods if isinstance(period, Level)]

    def level_number(self, index: int) -> int | None:
        """The 1-based level number of the period at `index`, or None for a break."""
        if isinstance(self.periods[index], Break):
            return None
        return sum(1 for period in self.periods[: index + 1] if isinstance(period, Level))

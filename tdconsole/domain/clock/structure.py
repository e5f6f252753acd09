"""Blind structures: levels and breaks, the chip set, colour-ups (T-LEVEL-1, T-ANTE-1, T-COLOR-1).

A structure is data (`configs/structures/*.toml`); this module only says what a valid one is.
Errors point at the key (`periods.6.small_blind`) so the loader can name the file and the key.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from math import gcd
from typing import Annotated, Any, Literal

from pydantic import (
    Discriminator,
    Field,
    SerializerFunctionWrapHandler,
    Tag,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from tdconsole.domain import limits
from tdconsole.domain.clock.games import GAMES, Game, find_game
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.model import Frozen, empty_list
from tdconsole.domain.text import check_text


class Level(Frozen):
    kind: Literal["level"] = "level"
    small_blind: int = Field(gt=0)
    big_blind: int = Field(gt=0)
    # T-ANTE-1: the big blind ante, paid by the big blind for the whole table (0 = none).
    # It is the full-table ante; `antes.ante_for_table` reduces it by table size (T-ANTE-2).
    ante: int = Field(default=0, ge=0)
    minutes: int = Field(gt=0)
    # Mixed games (RP-18): the level's game by key (domain/clock/games.py); None plays the
    # tournament's game, so every structure written before games stays as it was. In a stud
    # level `ante` is every player's ante, not the big blind's.
    game: str | None = None
    # A limit level's bets (default: the big blind and twice the small bet) and a stud level's
    # bring-in (default: half the small blind); each only where its game has it.
    small_bet: int | None = Field(default=None, gt=0)
    big_bet: int | None = Field(default=None, gt=0)
    bring_in: int | None = Field(default=None, gt=0)

    @field_validator("game", mode="before")
    @classmethod
    def _game_key(cls, value: Any) -> Any:
        # Any name of a game (`limit holdem`, `H`) is stored as its key (`lhe`).
        if isinstance(value, str):
            game = find_game(value)
            if game is None:
                raise ValueError(f"{value!r} is no game: {', '.join(GAMES)}")
            return game.key
        return value

    @model_validator(mode="after")
    def _big_blind_not_below_small(self) -> Level:
        if self.big_blind < self.small_blind:
            raise ValueError(
                f"big blind {self.big_blind} is below the small blind {self.small_blind}"
            )
        game = self.played
        if (self.small_bet or self.big_bet) and (game is None or game.betting != "limit"):
            raise ValueError("small and big bets belong to a level of a limit game")
        if self.bring_in and (game is None or not game.stud):
            raise ValueError("a bring-in belongs to a level of a stud game")
        if self.bets is not None and self.bets[1] < self.bets[0]:
            raise ValueError(f"big bet {self.bets[1]} is below the small bet {self.bets[0]}")
        return self

    @model_serializer(mode="wrap")
    def _without_unset_game(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A level of the tournament's game writes exactly what it wrote before games existed:
        # exports, golden files and `structure show --json` of older structures do not change.
        data: dict[str, Any] = handler(self)
        for key in ("game", "small_bet", "big_bet", "bring_in"):
            if data.get(key) is None:
                data.pop(key, None)
        return data

    @property
    def played(self) -> Game | None:
        """The game the level names, or None: the tournament's game.

        >>> Level(small_blind=100, big_blind=200, minutes=20, game="limit holdem").played.name
        "Limit hold'em"
        """
        return None if self.game is None else GAMES[self.game]

    def game_or(self, tournament_game: str) -> Game | None:
        """The game the level plays: its own, or else the tournament's when its text names one
        (RP-18: a mixed night's level names its game; a night of one game names it once).

        >>> Level(small_blind=100, big_blind=200, minutes=20).game_or("PLO").key
        'plo'
        >>> Level(small_blind=100, big_blind=200, minutes=20, game="razz").game_or("PLO").key
        'razz'
        >>> Level(small_blind=100, big_blind=200, minutes=20).game_or("Friday's freezeout") is None
        True
        """
        return self.played or find_game(tournament_game)

    @property
    def bets(self) -> tuple[int, int] | None:
        """A limit level's small and big bet (by default the big blind and twice it), else None.

        >>> Level(small_blind=100, big_blind=200, minutes=20, game="lhe").bets
        (200, 400)
        >>> Level(small_blind=100, big_blind=200, minutes=20, game="plo").bets is None
        True
        """
        game = self.played
        if game is None or game.betting != "limit":
            return None
        small = self.small_bet or self.big_blind
        return small, self.big_bet or 2 * small

    @property
    def stud_bring_in(self) -> int | None:
        """A stud level's bring-in (by default half the small blind), else None.

        >>> Level(small_blind=100, big_blind=200, ante=30, minutes=20, game="stud").stud_bring_in
        50
        """
        game = self.played
        if game is None or not game.stud:
            return None
        return self.bring_in or max(1, self.small_blind // 2)

    @property
    def label(self) -> str:
        """The level as the clock writes it.

        >>> Level(small_blind=100, big_blind=200, ante=200, minutes=20).label
        '100/200 ante 200'
        >>> Level(small_blind=100, big_blind=200, minutes=20, game="lhe").label
        "Limit hold'em 200/400 (blinds 100/200)"
        >>> Level(small_blind=100, big_blind=200, ante=30, minutes=20, game="razz").label
        'Razz 200/400 ante 30 bring-in 50'
        """
        game = self.played
        ante = f" ante {self.ante}" if self.ante else ""
        if game is None:
            return f"{self.small_blind}/{self.big_blind}{ante}"
        bets = self.bets
        if bets is None:
            return f"{game.name} {self.small_blind}/{self.big_blind}{ante}"
        if game.stud:
            return f"{game.name} {bets[0]}/{bets[1]}{ante} bring-in {self.stud_bring_in}"
        return f"{game.name} {bets[0]}/{bets[1]}{ante} (blinds {self.small_blind}/{self.big_blind})"


class Break(Frozen):
    kind: Literal["break"] = "break"
    minutes: int = Field(gt=0)
    # T-COLOR-1: denominations removed by colour-up and chip race at this break.
    color_up: list[int] = Field(default_factory=empty_list)
    # T-REG-1: an add-on may be offered at a chosen break.
    add_on: bool = False

    @field_validator("color_up")
    @classmethod
    def _distinct(cls, values: list[int]) -> list[int]:
        if len(set(values)) != len(values):
            raise ValueError("a chip is named twice in the same colour-up")
        return values


def _period_kind(value: Any) -> str:
    # In TOML a level needs no `kind`; only breaks say `kind = "break"`.
    if isinstance(value, dict):
        return str(value.get("kind", "level"))
    return str(getattr(value, "kind", "level"))


Period = Annotated[
    Annotated[Level, Tag("level")] | Annotated[Break, Tag("break")], Discriminator(_period_kind)
]


class Chip(Frozen):
    value: int = Field(gt=0)
    color: str = Field(min_length=1)


def can_pay(amount: int, denominations: Iterable[int]) -> bool:
    """Whether `amount` can be made exactly from any number of chips of `denominations`.

    >>> can_pay(150, [100, 500]), can_pay(700, [200, 500]), can_pay(0, [])
    (False, True, True)
    """
    if amount == 0:
        return True
    values = sorted(set(denominations))
    if not values:
        return False
    common = gcd(*values)
    if amount % common:
        return False
    amount //= common
    values = [value // common for value in values]
    # The smallest sum reachable in each residue class modulo the smallest chip (a shortest-path
    # over residues): `amount` is payable iff that sum is no larger than `amount`.
    modulus = values[0]
    best = [0] + [amount + 1] * (modulus - 1)
    queue = [(0, 0)]
    while queue:
        total, residue = heapq.heappop(queue)
        if total > best[residue]:
            continue
        for value in values[1:]:
            reached = total + value
            if reached < best[reached % modulus]:
                best[reached % modulus] = reached
                heapq.heappush(queue, (reached, reached % modulus))
    return best[amount % modulus] <= amount


def _invalid(loc: tuple[str | int, ...], message: str, value: Any) -> ValidationError:
    # Raised from a validator, pydantic keeps this location, so errors name the exact key.
    error = PydanticCustomError("structure", message)
    return ValidationError.from_exception_data(
        "Structure", [InitErrorDetails(type=error, loc=loc, input=value)]
    )


class Structure(Frozen):
    """Levels and breaks in the order they are played."""

    name: str = Field(min_length=1)
    starting_stack: int = Field(default=20_000, gt=0)
    chips: list[Chip] = Field(default_factory=empty_list)
    periods: list[Period] = Field(min_length=1)

    @field_validator("chips")
    @classmethod
    def _distinct_chips(cls, chips: list[Chip]) -> list[Chip]:
        values = [chip.value for chip in chips]
        if len(set(values)) != len(values):
            raise ValueError("two chips have the same value")
        colors = [chip.color.casefold() for chip in chips]
        if len(set(colors)) != len(colors):
            raise ValueError("two chips have the same colour")
        return sorted(chips, key=lambda chip: chip.value)

    @model_validator(mode="after")
    def _check(self) -> Structure:
        if not self.levels:
            raise _invalid(("periods",), "a structure needs at least one level", [])
        in_play = {chip.value for chip in self.chips}
        # T-CHIPS-1: the starting stack is handed out in the chips of the set.
        if in_play and not can_pay(self.starting_stack, in_play):
            raise _invalid(
                ("starting_stack",),
                f"{self.starting_stack} cannot be made from the chips {_listing(in_play)}",
                self.starting_stack,
            )
        previous: Level | None = None
        for index, period in enumerate(self.periods):
            if isinstance(period, Break):
                in_play = self._colour_up(index, period, in_play)
                continue
            # T-LEVEL-1: blinds rise at a pre-announced interval; they never go down.
            if previous is not None:
                for key in ("small_blind", "big_blind"):
                    if getattr(period, key) < getattr(previous, key):
                        raise _invalid(
                            ("periods", index, key),
                            f"blinds decrease from {previous.label} to {period.label} (T-LEVEL-1)",
                            getattr(period, key),
                        )
            previous = period
            if not in_play:
                continue
            # T-COLOR-1: a chip is coloured up only once no later blind or ante needs it.
            for key in ("small_blind", "big_blind", "ante", "small_bet", "big_bet", "bring_in"):
                amount = getattr(period, key) or 0
                if not can_pay(amount, in_play):
                    raise _invalid(
                        ("periods", index, key),
                        f"{amount} cannot be paid with the chips in play at level "
                        f"{self.level_number(index)} ({_listing(in_play)}) (T-COLOR-1)",
                        amount,
                    )
        return self

    def _colour_up(self, index: int, period: Break, in_play: set[int]) -> set[int]:
        values = {chip.value for chip in self.chips}
        for position, value in enumerate(period.color_up):
            loc = ("periods", index, "color_up", position)
            if value not in values:
                listing = _listing(values) if values else "none: the structure has no chip set"
                raise _invalid(loc, f"chip {value} is not in the chip set ({listing})", value)
            if value not in in_play:
                message = f"chip {value} was already coloured up at an earlier break"
                raise _invalid(loc, message, value)
        remaining = in_play - set(period.color_up)
        if values and not remaining:
            raise _invalid(("periods", index, "color_up"), "the colour-up removes every chip", [])
        return remaining

    @property
    def levels(self) -> list[Level]:
        return [period for period in self.periods if isinstance(period, Level)]

    def level_number(self, index: int) -> int | None:
        """The 1-based level number of the period at `index`, or None for a break.

        >>> from tdconsole.domain.examples import STRUCTURE
        >>> [STRUCTURE.level_number(index) for index in range(4)]
        [1, 2, None, 3]
        """
        if isinstance(self.periods[index], Break):
            return None
        return sum(1 for period in self.periods[: index + 1] if isinstance(period, Level))

    def period_of_level(self, level: int) -> int:
        """The index of the period that is level `level` (1-based), or a one-line error.

        >>> from tdconsole.domain.examples import STRUCTURE
        >>> STRUCTURE.period_of_level(3)
        3
        >>> STRUCTURE.period_of_level(4)
        Traceback (most recent call last):
        ...
        tdconsole.domain.errors.InvalidInput: there is no level 4; the structure has 3 levels
        """
        indices = [index for index, period in enumerate(self.periods) if isinstance(period, Level)]
        if not 1 <= level <= len(indices):
            raise InvalidInput(
                "there is no level {level}; the structure has {count} levels", level=level,
                count=len(indices),
            )
        return indices[level - 1]

    def shown_level(self, index: int) -> int:
        """The level the clock shows at period `index`: on a break, the level that follows it.

        >>> from tdconsole.domain.examples import STRUCTURE
        >>> STRUCTURE.shown_level(2)  # the add-on break shows the level that follows it
        3
        """
        return sum(1 for period in self.periods[:index] if isinstance(period, Level)) + 1

    def chips_in_play(self, index: int) -> list[int]:
        """The denominations still in play during the period at `index` (after its colour-up).

        T-COLOR-1: the chips coloured up at a break are gone from then on.

        >>> structure = Structure(name="club", starting_stack=10_000, chips=[
        ...     Chip(value=25, color="green"), Chip(value=100, color="black"),
        ...     Chip(value=500, color="purple")],
        ...     periods=[Level(small_blind=25, big_blind=50, minutes=20), Break(minutes=10, color_up=[25]),
        ...              Level(small_blind=100, big_blind=200, minutes=20)])
        >>> structure.chips_in_play(0), structure.chips_in_play(2)
        ([25, 100, 500], [100, 500])
        """
        removed = {
            value
            for period in self.periods[: index + 1]
            if isinstance(period, Break)
            for value in period.color_up
        }
        return sorted(chip.value for chip in self.chips if chip.value not in removed)


def _listing(values: Iterable[int]) -> str:
    return ", ".join(str(value) for value in sorted(values))


def check_structure(structure: Structure) -> Structure:
    """A structure a person brings (a file, the editor, the generator) within the stated ranges
    (domain/limits.py) and with a name that is text. Checked when a command brings it, not in the
    model, which stored events share: an older log must always fold.

    >>> from tdconsole.domain.examples import STRUCTURE
    >>> check_structure(STRUCTURE).name
    'test'
    >>> check_structure(STRUCTURE.model_copy(update={"starting_stack": 10**13}))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the starting stack: 10000000000000 is out of range; a number of
    chips is 0 to 1000000000000
    """
    check_text("the structure's name", structure.name, empty=False)
    limits.CHIPS.check("the starting stack", structure.starting_stack)
    if len(structure.periods) > limits.LEVEL.hi:
        raise InvalidInput("the structure has {count} levels and breaks; at most {most}",
                           count=len(structure.periods), most=limits.LEVEL.hi)
    for number, period in enumerate(structure.periods, 1):
        limits.MINUTES.check(f"period {number}'s minutes", period.minutes)
        if isinstance(period, Level):
            limits.CHIPS.check(f"period {number}'s big blind", max(period.big_blind, period.ante))
            limits.CHIPS.check(f"period {number}'s big bet", max(period.bets or (0, 0)))
    for chip in structure.chips:
        limits.CHIPS.check("a chip's value", chip.value)
        check_text("a chip's colour", chip.color)
    return structure

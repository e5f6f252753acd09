"""Proposing a structure from the starting stack, the expected field and the target length.

The plan, each step a choice a TD can override in the editor afterwards:
* Level 1 is about `start_depth` big blinds deep (100 by default); the big blind is twice the
  small blind and the big blind ante equals the big blind (T-ANTE-1).
* The small blinds grow geometrically so that at the target length the big blind is the chips in
  play / 40 (heads-up with about 20 big blinds each), then keep going until it has grown 4 times
  more, so the clock never runs out of levels on a long night.
* Every small blind is rounded to a chip-friendly value (10, 15, 20, 25, 30, 40, 50, 60, 80 times a
  power of ten) that the smallest chip in play divides, so every blind and ante can be paid.
* The ante starts once the starting stack is 50 big blinds or fewer, unless `ante_from_level` says.
* A break every 90 minutes or so; at a break the smallest chip is coloured up (T-COLOR-1) once the
  coming small blind is at least 4 times the next chip up: it no longer matters, and every
  chip-friendly blind from there on is a multiple of the chips left.
* Mixed games (`games`): the levels rotate through the games in the order given, one game a level
  (TDA RP-18). Limit levels bet the big blind and twice it, with no ante; a stud level has every
  player ante about a fifth of the small bet and a bring-in of about a quarter of it, on the same
  chip-friendly values. No-limit and pot-limit levels keep the big blind ante.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from tdconsole.domain import limits
from tdconsole.domain.clock.games import Game
from tdconsole.domain.clock.structure import Break, Chip, Level, Period, Structure
from tdconsole.domain.errors import InvalidInput

# The usual casino chip values and colours (the club's, as in `configs/structures/`).
STANDARD_CHIPS: tuple[Chip, ...] = tuple(
    Chip(value=value, color=color)
    for value, color in (
        (25, "green"), (100, "black"), (500, "purple"), (1_000, "yellow"), (5_000, "red"),
        (25_000, "blue"), (100_000, "grey"), (500_000, "orange"), (1_000_000, "brown"),
    )
)
_MANTISSAS = (10, 15, 20, 25, 30, 40, 50, 60, 80)
# The finest step of the chip-friendly ladder (25 -> 30, 50 -> 60): blinds cannot rise slower.
MIN_GROWTH = 1.2
END_DEPTH_BB = 20  # heads-up at the target length, each player with about 20 big blinds
OVERTIME_GROWTH = 4.0
COLOR_UP_FACTOR = 4
ANTE_DEPTH_BB = 50
BREAK_EVERY_MINUTES = 90


def _rungs(smallest: int, above: int) -> Iterator[int]:
    """Chip-friendly small blinds greater than `above` that the chip `smallest` divides."""
    scale = 1
    while True:
        for mantissa in _MANTISSAS:
            value = mantissa * scale
            if value > above and value % smallest == 0:
                yield value
        scale *= 10


def _nearest_rung(target: float, smallest: int, above: int) -> int:
    """The rung nearest `target` (by ratio) among those above `above`: blinds always rise."""
    below: int | None = None
    for rung in _rungs(smallest, above):
        if rung >= target:
            if below is not None and target / below < rung / target:
                return below
            return rung
        below = rung
    raise AssertionError("unreachable: the ladder is infinite")


def _smallest_chip(small_blind: int, stack: int) -> int:
    # Level 1's small blind needs a chip at most half its size, so 100/200 starts with 25s.
    fits = [chip.value for chip in STANDARD_CHIPS
            if small_blind % chip.value == 0 and stack % chip.value == 0]
    if not fits:
        raise InvalidInput(
            "starting stack {stack} must be a multiple of {value}, the smallest chip", stack=stack,
            value=STANDARD_CHIPS[0].value,
        )
    finer = [value for value in fits if value * 2 <= small_blind]
    return max(finer or fits)


def _check(name: str, value: int, minimum: int, unit: str = "", within: limits.Range | None = None) -> None:
    if value < minimum:
        raise InvalidInput(
            "{name} must be at least {minimum}{unit}, got {value}",
            name=name, minimum=minimum, unit=unit, value=value,
        )
    if within is not None:  # the stated upper bound (domain/limits.py): the work stays bounded
        within.check(name, value)


def generate_structure(
    starting_stack: int,
    players: int,
    target_minutes: int,
    level_minutes: int,
    *,
    name: str = "Generated structure",
    ante_from_level: int | None = None,
    break_minutes: int | None = None,
    start_depth: int = 100,
    games: list[Game] | None = None,
) -> Structure:
    """A structure that lasts about `target_minutes` for `players` entries (see the module doc).

    Forty players with 20,000 chips, four hours of twenty-minute levels: blinds start at a hundred
    big blinds deep and the levels go on past the target (overtime) so the clock never runs dry.

    >>> structure = generate_structure(20_000, 40, 240, 20)
    >>> first = structure.levels[0]
    >>> first.small_blind, first.big_blind, structure.starting_stack // first.big_blind
    (100, 200, 100)
    >>> sum(period.minutes for period in structure.periods) > 240
    True
    >>> generate_structure(20_000, 40, 30, 20)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: target length must be at least 40 minutes (two levels), got 30

    A HORSE night: each level names its game in the order given (RP-18).

    >>> from tdconsole.domain.clock.games import rotation
    >>> horse = generate_structure(20_000, 40, 300, 30, games=rotation("H,O,R,S,E"))
    >>> [level.label for level in horse.levels[:5]]  # doctest: +NORMALIZE_WHITESPACE
    ["Limit hold'em 200/400 (blinds 100/200)", 'Limit Omaha hi/lo 400/800 (blinds 200/400)',
     'Razz 600/1200 ante 100 bring-in 150', 'Seven-card stud 1200/2400 ante 200 bring-in 300',
     'Seven-card stud hi/lo 2000/4000 ante 400 bring-in 500']
    """
    _check("starting stack", starting_stack, 1_000, within=limits.CHIPS)
    _check("players", players, 2, within=limits.ENTRIES)
    _check("level length", level_minutes, 1, " minutes", within=limits.MINUTES)
    _check("target length", target_minutes, 2 * level_minutes, " minutes (two levels)")
    limits.HOURS.check_real("target length in hours", target_minutes / 60)
    _check("start depth", start_depth, 10, within=limits.START_DEPTH)
    if ante_from_level is not None:
        _check("ante from level", ante_from_level, 1, within=limits.LEVEL)
    pause = break_minutes if break_minutes is not None else (10 if level_minutes < 40 else 20)
    _check("break length", pause, 1, " minutes", within=limits.MINUTES)
    every = max(2, round(BREAK_EVERY_MINUTES / level_minutes))

    # Levels that end within the target, breaks included.
    planned, elapsed = 0, 0
    while elapsed + level_minutes <= target_minutes:
        planned += 1
        elapsed += level_minutes + (pause if planned % every == 0 else 0)

    first = _nearest_rung(starting_stack / start_depth / 2, STANDARD_CHIPS[0].value, 0)
    last = starting_stack * players / END_DEPTH_BB / 4
    if last <= first:  # `planned` >= 2: the target is at least two levels and breaks come later
        raise InvalidInput(
            "{players} players with {starting_stack} chips are heads-up at 20 big blinds before level 2: "
            "expect more players or a larger starting stack", players=players,
            starting_stack=starting_stack,
        )
    growth = (last / first) ** (1 / (planned - 1))
    if growth < MIN_GROWTH:
        needed = math.ceil(level_minutes * math.log(MIN_GROWTH) / math.log(growth) / 5) * 5
        raise InvalidInput(
            "{players} players with {starting_stack} chips last longer than {target_minutes} minutes even "
            "if the blinds rise by the smallest chip-friendly step: use levels of about {needed} minutes "
            "or a shorter target", players=players, starting_stack=starting_stack,
            target_minutes=target_minutes, needed=needed,
        )
    overtime = max(2, math.ceil(math.log(OVERTIME_GROWTH) / math.log(growth)))
    total_levels = planned + overtime

    smallest = _smallest_chip(first, starting_stack)
    top = first * growth ** (total_levels - 1)
    chips = [chip for chip in STANDARD_CHIPS if smallest <= chip.value <= max(top, smallest)]
    in_play = [chip.value for chip in chips]
    ante_from = ante_from_level
    periods: list[Period] = []
    small_blind = 0
    for number in range(1, total_levels + 1):
        target = first * growth ** (number - 1)
        if number > 1 and (number - 1) % every == 0:
            removed: list[int] = []
            # T-COLOR-1: the smallest chip goes once it no longer matters (module doc).
            while len(in_play) > 1 and target >= COLOR_UP_FACTOR * in_play[1]:
                removed.append(in_play.pop(0))
            periods.append(Break(minutes=pause, color_up=removed))
        small_blind = first if number == 1 else _nearest_rung(target, in_play[0], small_blind)
        big_blind = 2 * small_blind
        if ante_from is None and big_blind * ANTE_DEPTH_BB >= starting_stack:
            ante_from = number
        ante = big_blind if ante_from is not None and number >= ante_from else 0
        game = games[(number - 1) % len(games)] if games else None
        periods.append(_level(small_blind, ante, level_minutes, game, in_play[0]))
    return Structure(name=name, starting_stack=starting_stack, chips=chips, periods=periods)


def _level(small_blind: int, ante: int, minutes: int, game: Game | None, smallest: int) -> Level:
    """One level of `game` (the module doc): the ladder's blinds, the game's ante and bring-in."""
    big_blind = 2 * small_blind
    if game is None:
        return Level(small_blind=small_blind, big_blind=big_blind, ante=ante, minutes=minutes)
    if game.stud:
        # The small bet is the big blind; the ante and bring-in on rungs the chips in play pay.
        stud_ante = _nearest_rung(big_blind / 5, smallest, 0)
        bring_in = _nearest_rung(big_blind / 4, smallest, stud_ante - 1)
        return Level(small_blind=small_blind, big_blind=big_blind, ante=stud_ante, minutes=minutes,
                     game=game.key, bring_in=bring_in)
    return Level(small_blind=small_blind, big_blind=big_blind, minutes=minutes, game=game.key,
                 ante=0 if game.betting == "limit" else ante)

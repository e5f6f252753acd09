"""The structure generator: chip-friendly values, the ante, colour-ups and the target length."""

from __future__ import annotations

import itertools
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.config.structures import dump_structure
from tdconsole.domain.clock.structure import Break, Level, Structure, can_pay
from tdconsole.domain.clock.structure_gen import generate_structure
from tdconsole.domain.errors import InvalidInput
from tests.samples import examples

CHIP_FRIENDLY = {10, 15, 20, 25, 30, 40, 50, 60, 80}


def mantissa(value: int) -> int:
    while value >= 100 and value % 10 == 0:
        value //= 10
    return value


def minutes_until_level(structure: Structure, number: int) -> int:
    """Minutes played before level `number` starts, breaks included."""
    elapsed = 0
    for index, period in enumerate(structure.periods):
        if structure.level_number(index) == number:
            return elapsed
        elapsed += period.minutes
    raise AssertionError(number)


def level_at(structure: Structure, minute: int) -> Level:
    elapsed, current = 0, structure.levels[0]
    for period in structure.periods:
        if elapsed > minute:
            break
        if isinstance(period, Level):
            current = period
        elapsed += period.minutes
    return current


def test_club_night_20000_stack_starts_100_deep_at_100_200() -> None:
    structure = generate_structure(20_000, 40, 240, 15)
    first = structure.levels[0]
    assert (first.small_blind, first.big_blind, first.minutes) == (100, 200, 15)
    assert structure.chips[0].value == 25  # 100/200 needs a chip at most half the small blind


def test_t_ante_1_big_blind_ante_from_when_the_stack_is_50_big_blinds() -> None:
    structure = generate_structure(20_000, 40, 240, 15)
    antes = [level.ante for level in structure.levels]
    first_ante = next(i for i, ante in enumerate(antes) if ante)
    assert structure.levels[first_ante].big_blind * 50 >= 20_000
    assert structure.levels[first_ante - 1].big_blind * 50 < 20_000
    assert all(level.ante == level.big_blind for level in structure.levels[first_ante:])


def test_t_ante_1_ante_from_a_chosen_level() -> None:
    structure = generate_structure(20_000, 40, 240, 15, ante_from_level=1)
    assert all(level.ante == level.big_blind for level in structure.levels)


def test_target_length_big_blind_is_about_the_chips_in_play_over_40() -> None:
    structure = generate_structure(20_000, 40, 240, 15)
    at_target = level_at(structure, 240).big_blind
    assert 20_000 * 40 / 40 / 2 <= at_target <= 20_000 * 40 / 40 * 2


def test_levels_continue_past_the_target_length() -> None:
    structure = generate_structure(20_000, 40, 240, 15)
    assert sum(period.minutes for period in structure.periods) > 240 + 2 * 15


def test_t_color_1_smallest_chip_coloured_up_once_it_no_longer_matters() -> None:
    structure = generate_structure(20_000, 40, 240, 15)
    index, first_break = next((i, p) for i, p in enumerate(structure.periods)
                              if isinstance(p, Break) and p.color_up)
    assert first_break.color_up[0] == 25
    following = structure.periods[index + 1]
    assert isinstance(following, Level) and following.small_blind >= 4 * 100


def test_festival_60_minute_levels_get_20_minute_breaks() -> None:
    structure = generate_structure(50_000, 1_000, 30 * 60, 60)
    breaks = [p for p in structure.periods if isinstance(p, Break)]
    assert breaks and all(p.minutes == 20 for p in breaks)
    assert {level.minutes for level in structure.levels} == {60}


@pytest.mark.parametrize(
    ("args", "word"),
    [((500, 40, 240, 15), "starting stack"), ((20_000, 1, 240, 15), "players"),
     ((20_000, 40, 240, 0), "level length"), ((20_000, 40, 20, 15), "target length"),
     ((20_010, 40, 240, 15), "multiple of 25"), ((10_000, 10, 720, 10), "about 40 minutes"),
     ((1_000, 2, 600, 300), "before level 2")],
)
def test_bad_input_is_one_clear_error(args: tuple[int, int, int, int], word: str) -> None:
    with pytest.raises(InvalidInput, match=word):
        generate_structure(*args)


def test_bad_ante_level_and_break_length() -> None:
    with pytest.raises(InvalidInput, match="ante from level"):
        generate_structure(20_000, 40, 240, 15, ante_from_level=0)
    with pytest.raises(InvalidInput, match="break length"):
        generate_structure(20_000, 40, 240, 15, break_minutes=0)


@pytest.mark.long
@settings(max_examples=examples(150), deadline=None)
@given(
    stack=st.integers(40, 4_000).map(lambda n: n * 25),
    players=st.integers(2, 2_000),
    hours=st.integers(3, 16),
    level_minutes=st.sampled_from([10, 12, 15, 20, 25, 30, 40, 45, 60, 90]),
)
def test_generated_structures_always_validate_and_blinds_never_decrease(
    stack: int, players: int, hours: int, level_minutes: int
) -> None:
    try:
        structure = generate_structure(stack, players, hours * 60, level_minutes)
    except InvalidInput as error:
        # Only the two documented refusals: the field is too small or the target too long.
        assert "before level 2" in str(error) or "shorter target" in str(error)
        return
    # Constructing it ran every validator; the TOML writer's output loads back unchanged.
    assert Structure.model_validate(tomllib.loads(dump_structure(structure))) == structure
    levels = structure.levels
    for previous, level in itertools.pairwise(levels):
        assert level.small_blind > previous.small_blind and level.big_blind > previous.big_blind
    for index, period in enumerate(structure.periods):
        if isinstance(period, Level):
            assert mantissa(period.small_blind) in CHIP_FRIENDLY
            assert period.big_blind == 2 * period.small_blind
            assert can_pay(period.small_blind, structure.chips_in_play(index))
    assert level_at(structure, hours * 60).big_blind >= stack * players / 40 / 2

"""Structure validation: T-LEVEL-1 (blinds never fall), T-COLOR-1 (colour-ups), T-CHIPS-1."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from pydantic import ValidationError

from tdconsole.domain.clock import structure as structure_module
from tdconsole.domain.clock.structure import Break, Level, Structure, can_pay

CHIPS = [{"value": 25, "color": "green"}, {"value": 100, "color": "black"},
         {"value": 500, "color": "purple"}]


def level(sb: int, bb: int, ante: int = 0, minutes: int = 20) -> dict[str, Any]:
    return {"small_blind": sb, "big_blind": bb, "ante": ante, "minutes": minutes}


def brk(*color_up: int, minutes: int = 10) -> dict[str, Any]:
    return {"kind": "break", "minutes": minutes, "color_up": list(color_up)}


def build(*periods: dict[str, Any], chips: list[dict[str, Any]] | None = None,
          stack: int = 10_000) -> Structure:
    return Structure.model_validate(
        {"name": "t", "starting_stack": stack, "chips": CHIPS if chips is None else chips,
         "periods": list(periods)})


def error_of(*periods: dict[str, Any], **kwargs: Any) -> tuple[str, str]:
    with pytest.raises(ValidationError) as caught:
        build(*periods, **kwargs)
    first = caught.value.errors()[0]
    return ".".join(str(part) for part in first["loc"]), first["msg"]


def test_t_level_1_valid_structure_keeps_levels_and_breaks_in_order() -> None:
    structure = build(level(25, 50), level(50, 100, 100), brk(25), level(100, 200, 200))
    assert [type(period) for period in structure.periods] == [Level, Level, Break, Level]
    assert [structure.level_number(i) for i in range(4)] == [1, 2, None, 3]
    assert structure.chips_in_play(2) == [100, 500]
    assert structure.chips_in_play(0) == [25, 100, 500]


def test_zero_minute_level_is_rejected_naming_the_key() -> None:
    loc, _ = error_of(level(25, 50, minutes=0))
    assert loc.startswith("periods.0") and loc.endswith("minutes")


def test_zero_minute_break_is_rejected() -> None:
    loc, _ = error_of(level(25, 50), brk(minutes=0))
    assert loc.startswith("periods.1") and loc.endswith("minutes")


def test_zero_blind_is_rejected() -> None:
    loc, _ = error_of(level(0, 50))
    assert loc.endswith("small_blind")


def test_big_blind_below_small_blind_is_rejected() -> None:
    loc, message = error_of(level(100, 50))
    assert loc.startswith("periods.0") and "below the small blind" in message


@pytest.mark.parametrize("key", ["small_blind", "big_blind"])
def test_t_level_1_blinds_never_decrease(key: str) -> None:
    second = level(50, 200) if key == "small_blind" else level(100, 150)
    loc, message = error_of(level(100, 200), second)
    assert loc == f"periods.1.{key}" and "T-LEVEL-1" in message


def test_t_level_1_equal_blinds_in_a_row_are_allowed() -> None:
    assert len(build(level(100, 200), level(100, 200)).levels) == 2


def test_t_color_1_colour_up_of_a_chip_not_in_the_set() -> None:
    loc, message = error_of(level(25, 50), brk(5000))
    assert loc == "periods.1.color_up.0" and "not in the chip set" in message


def test_t_color_1_colour_up_without_a_chip_set_is_rejected() -> None:
    loc, message = error_of(level(25, 50), brk(25), chips=[])
    assert loc == "periods.1.color_up.0" and "no chip set" in message


def test_t_color_1_colour_up_of_a_chip_already_removed() -> None:
    loc, message = error_of(level(100, 200), brk(25), level(100, 200), brk(25))
    assert loc == "periods.3.color_up.0" and "already coloured up" in message


def test_t_color_1_colour_up_removing_every_chip() -> None:
    loc, message = error_of(level(500, 1000), brk(25, 100, 500))
    assert loc == "periods.1.color_up" and "every chip" in message


@pytest.mark.parametrize("key", ["small_blind", "big_blind", "ante"])
def test_t_color_1_coloured_up_chip_still_needed_by_a_later_level(key: str) -> None:
    later = {"small_blind": level(150, 300, 300), "big_blind": level(100, 250),
             "ante": level(100, 200, 225)}[key]
    loc, message = error_of(level(25, 50), brk(25), later)
    assert loc == f"periods.2.{key}" and "T-COLOR-1" in message and "level 2" in message


def test_t_color_1_amount_the_chip_set_cannot_make_even_before_a_colour_up() -> None:
    loc, _ = error_of(level(30, 60))
    assert loc == "periods.0.small_blind"


def test_t_chips_1_starting_stack_must_be_made_from_the_chip_set() -> None:
    loc, _ = error_of(level(25, 50), stack=10_010)
    assert loc == "starting_stack"


def test_chip_set_values_and_colours_are_distinct() -> None:
    loc, message = error_of(level(25, 50), chips=[*CHIPS, {"value": 25, "color": "red"}])
    assert loc == "chips" and "same value" in message
    loc, message = error_of(level(25, 50), chips=[*CHIPS, {"value": 1000, "color": "Green"}])
    assert loc == "chips" and "same colour" in message


def test_a_structure_of_breaks_only_is_rejected() -> None:
    loc, message = error_of(brk())
    assert loc == "periods" and "at least one level" in message


def test_structure_without_chip_set_skips_the_chip_checks() -> None:
    assert build(level(30, 60), chips=[], stack=1_234).starting_stack == 1_234


@pytest.mark.parametrize(
    ("amount", "chips", "payable"),
    [(0, [], True), (25, [25], True), (150, [100, 500], False), (700, [200, 500], True),
     (100, [200, 500], False), (300, [200, 500], False), (1_500, [500, 1000], True)],
)
def test_can_pay_exact_with_any_number_of_chips(amount: int, chips: list[int],
                                                payable: bool) -> None:
    assert can_pay(amount, chips) is payable


def test_can_pay_doctest() -> None:
    # The flags the suite's doctests run with (pyproject): a long refusal wraps over lines.
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert doctest.testmod(structure_module, optionflags=flags).failed == 0

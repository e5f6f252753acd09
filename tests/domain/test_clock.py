"""The clock from an anchor and an injected `now` (T-LEVEL-1): never drifts, survives a restart."""

from __future__ import annotations

import pytest

from tdconsole.domain.clock import timing as clock
from tdconsole.domain.clock.timing import ClockAnchor, parse_duration, read
from tdconsole.domain.errors import InvalidInput, TdError
from tests.domain.helpers import STRUCTURE, at

START = clock.start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))


def test_before_the_start_the_first_level_shows_full_and_stopped() -> None:
    reading = read(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(500))
    assert (reading.started, reading.running, reading.level_number, reading.remaining) == (
        False, False, 1, 1200)


def test_running_clock_counts_down_from_the_anchor() -> None:
    assert read(STRUCTURE, START, at(61)).remaining == 1200 - 61


def test_level_changes_by_itself_when_time_runs_out() -> None:
    reading = read(STRUCTURE, START, at(1200 + 30))
    assert reading.level_number == 2
    assert reading.remaining == 1200 - 30
    assert reading.level.big_blind == 400


def test_break_follows_level_two_and_reports_the_coming_level() -> None:
    reading = read(STRUCTURE, START, at(2400 + 60))
    assert reading.on_break and reading.level_number is None
    assert reading.remaining == 600 - 60
    assert reading.level.big_blind == 600  # the level after the break
    assert reading.seconds_to_break == 0


def test_seconds_to_break_counts_the_levels_before_it() -> None:
    assert read(STRUCTURE, START, at(100)).seconds_to_break == 1100 + 1200


def test_last_level_plays_on_at_zero() -> None:
    reading = read(STRUCTURE, START, at(100_000))
    assert reading.period == 3 and reading.remaining == 0 and reading.finished_structure


def test_pause_freezes_and_resume_continues_from_the_same_second() -> None:
    paused = clock.pause(STRUCTURE, START, at(100))
    assert read(STRUCTURE, paused, at(5000)).remaining == 1100
    resumed = clock.resume(STRUCTURE, paused, at(5000))
    assert read(STRUCTURE, resumed, at(5010)).remaining == 1090


def test_a_restart_recomputes_the_same_time_from_the_stored_anchor() -> None:
    # What a killed process reloads is only the anchor; the reading depends on `now` alone.
    assert read(STRUCTURE, START, at(1234)) == read(STRUCTURE, START, at(1234))
    assert read(STRUCTURE, START, at(1234)).remaining == 1200 - 34


def test_next_and_previous_start_the_level_full() -> None:
    later = clock.step(STRUCTURE, START, at(300), +1)
    assert read(STRUCTURE, later, at(300)).level_number == 2
    assert read(STRUCTURE, later, at(300)).remaining == 1200
    back = clock.step(STRUCTURE, later, at(400), -1)
    assert read(STRUCTURE, back, at(400)).remaining == 1200
    assert read(STRUCTURE, back, at(400)).level_number == 1


def test_previous_from_the_first_level_and_next_from_the_last_are_refused() -> None:
    with pytest.raises(TdError, match="first level"):
        clock.step(STRUCTURE, START, at(1), -1)
    last = clock.jump(STRUCTURE, START, at(1), 3)
    with pytest.raises(TdError, match="last level"):
        clock.step(STRUCTURE, last, at(2), +1)


def test_next_before_the_start_keeps_the_clock_stopped() -> None:
    moved = clock.step(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0), +1)
    assert not moved.started and moved.period == 1


def test_set_time_left_keeps_running() -> None:
    changed = clock.set_remaining(STRUCTURE, START, at(100), 90)
    assert read(STRUCTURE, changed, at(130)).remaining == 60
    assert read(STRUCTURE, changed, at(100 + 90 + 5)).level_number == 2


@pytest.mark.parametrize("seconds", [-1, clock.MAX_SECONDS + 1])
def test_set_time_left_out_of_range_is_refused(seconds: int) -> None:
    with pytest.raises(InvalidInput):
        clock.set_remaining(STRUCTURE, START, at(0), seconds)


def test_double_start_pause_and_resume_are_refused() -> None:
    with pytest.raises(TdError, match="already been started"):
        clock.start(STRUCTURE, START, at(1))
    with pytest.raises(TdError, match="already running"):
        clock.resume(STRUCTURE, START, at(1))
    paused = clock.pause(STRUCTURE, START, at(1))
    with pytest.raises(TdError, match="already paused"):
        clock.pause(STRUCTURE, paused, at(2))
    with pytest.raises(TdError, match="not been started"):
        clock.pause(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))


@pytest.mark.parametrize(("text", "seconds"), [("0:00", 0), ("12:30", 750), ("90:00", 5400),
                                               ("1:05:00", 3900), (" 3:07 ", 187)])
def test_parse_duration(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "-1:00", "12", "1:60", "a:bc", "1:2:3:4", "1.5:00", "100:00:00"])
def test_parse_duration_rejects_malformed_times(text: str) -> None:
    with pytest.raises(InvalidInput):
        parse_duration(text)

"""The running clock through commands and events: any level, a structure change
while it runs (T-LEVEL-1), the one-minute and change warnings, pauses and restarts across periods."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.clock import timing as clock
from tdconsole.domain.clock.structure import Level, Structure
from tdconsole.domain.clock.timing import ClockAnchor, read, warning_between
from tdconsole.domain.commands import (
    ChangeStructure,
    ClockGoToLevel,
    ClockPause,
    ClockResume,
    ClockStart,
    Undo,
)
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import LevelChanged, StructureChanged
from tdconsole.domain.tournament import fold
from tests.domain.helpers import STRUCTURE, Tournament, at
from tests.samples import examples

# STRUCTURE: L1 20 min, L2 20 min, break 10 min, L3 20 min.
LONGER = Structure(name="longer", starting_stack=10_000, periods=[
    Level(small_blind=100, big_blind=200, ante=200, minutes=30),
    Level(small_blind=200, big_blind=400, ante=400, minutes=30),
])
SHORTER = Structure(name="shorter", starting_stack=10_000, periods=[
    Level(small_blind=100, big_blind=200, ante=200, minutes=5),
])


def _running(seconds: float = 0) -> Tournament:
    tournament = Tournament()
    tournament.do(ClockStart(), seconds)
    return tournament


def test_t_level_1_go_to_any_level_starts_it_full() -> None:
    tournament = _running()
    events = tournament.do(ClockGoToLevel(level=3), 100)
    assert events == [LevelChanged(period=3)]  # level 3 is the period after the break
    reading = read(STRUCTURE, tournament.state.clock, at(160))
    assert (reading.level_number, reading.remaining, reading.running) == (3, 1200 - 60, True)


@pytest.mark.parametrize("level", [4, 99])
def test_go_to_a_level_the_structure_lacks_is_refused_and_changes_nothing(level: int) -> None:
    tournament = _running()
    before = list(tournament.log)
    with pytest.raises(InvalidInput, match=f"no level {level}; the structure has 3 levels"):
        tournament.do(ClockGoToLevel(level=level), 10)
    assert tournament.log == before


def test_t_level_1_structure_change_keeps_the_period_and_the_time_played() -> None:
    tournament = _running()
    tournament.do(ChangeStructure(structure=LONGER, source="longer"), 12 * 60)
    assert tournament.state.info.structure == LONGER
    reading = read(LONGER, tournament.state.clock, at(12 * 60))
    # 12 minutes played of level 1: a 30-minute level 1 has 18 left, still running.
    assert (reading.period, reading.remaining, reading.running) == (0, 18 * 60, True)


def test_t_level_1_a_level_made_shorter_than_its_time_played_ends_at_once() -> None:
    tournament = _running()
    tournament.do(ClockGoToLevel(level=2), 0)
    tournament.do(ChangeStructure(structure=STRUCTURE.model_copy(update={"periods": [
        STRUCTURE.periods[0], Level(small_blind=200, big_blind=400, ante=400, minutes=5),
        *STRUCTURE.periods[2:]]})), 8 * 60)
    reading = read(tournament.state.info.structure, tournament.state.clock, at(8 * 60 + 30))
    assert reading.on_break and reading.remaining == 600 - 30


def test_t_level_1_a_shorter_structure_puts_the_clock_at_the_start_of_its_last_period() -> None:
    tournament = _running()
    tournament.do(ClockGoToLevel(level=3), 0)
    tournament.do(ClockPause(), 60)
    tournament.do(ChangeStructure(structure=SHORTER), 120)
    reading = read(SHORTER, tournament.state.clock, at(500))
    assert (reading.period, reading.remaining, reading.running) == (0, 300, False)


def test_t_level_1_structure_change_is_logged_whole_and_undone_like_any_command() -> None:
    tournament = _running()
    events = tournament.do(ChangeStructure(structure=LONGER, source="longer"), 60)
    assert events == [StructureChanged(source="longer", structure=LONGER)]
    tournament.do(Undo(actor="td"), 120)
    assert tournament.state.info.structure == STRUCTURE
    assert read(STRUCTURE, tournament.state.clock, at(120)).remaining == 1200 - 120


def test_a_restart_refolds_the_log_to_the_same_clock_across_levels_breaks_and_pauses() -> None:
    tournament = _running()
    tournament.do(ClockPause(), 1000)          # level 1, 200 s left
    tournament.do(ClockResume(), 4000)         # paused for 50 minutes
    tournament.do(ChangeStructure(structure=STRUCTURE), 4100)
    reloaded = fold(tournament.log)            # what a restarted process sees
    for seconds in (4100, 4200, 4200 + 1200 + 60, 4200 + 1200 + 600 + 5):
        assert read(STRUCTURE, reloaded.clock, at(seconds)) == read(
            STRUCTURE, tournament.state.clock, at(seconds))
    # Level 1 ends at 4,200 (200 s after the resume), level 2 at 5,400: a minute into the break.
    on_break = read(STRUCTURE, reloaded.clock, at(4200 + 1200 + 60))
    assert on_break.on_break and on_break.remaining == 540


@pytest.mark.long
@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=1500), min_size=1, max_size=8))
def test_only_running_time_counts_whatever_the_pauses(spans: list[int]) -> None:
    """Alternate run/pause spans: the clock has advanced by exactly the running spans."""
    tournament = _running()
    moment, ran = 0, 0
    for index, span in enumerate(spans):
        moment += span
        if index % 2 == 0:
            ran += span
            tournament.do(ClockPause(), moment)
        else:
            tournament.do(ClockResume(), moment)
    reading = read(STRUCTURE, fold(tournament.log).clock, at(moment))
    total = sum(p.minutes * 60 for p in STRUCTURE.periods)
    played = sum(p.minutes * 60 for p in STRUCTURE.periods[: reading.period]) + (
        STRUCTURE.periods[reading.period].minutes * 60 - reading.remaining)
    assert played == min(ran, total)


# ---------------------------------------------------------------- warnings

START = clock.start(STRUCTURE, ClockAnchor.initial(STRUCTURE), at(0))


def _between(first: float, second: float, anchor: ClockAnchor = START) -> str | None:
    return warning_between(read(STRUCTURE, anchor, at(first)), read(STRUCTURE, anchor, at(second)))


def test_one_minute_warning_when_the_time_left_crosses_sixty_seconds() -> None:
    assert _between(1200 - 61, 1200 - 60) == "one-minute"
    assert _between(1200 - 60.5, 1200 - 59.5) == "one-minute"
    assert _between(1200 - 59, 1200 - 58) is None  # only once
    assert _between(100, 101) is None


def test_change_warning_when_a_level_ends_even_if_a_poll_was_missed() -> None:
    assert _between(1199.9, 1200.1) == "change"
    assert _between(1100, 1300) == "change"  # the crossing of a minute is swallowed by the change
    assert _between(2400 + 599, 2400 + 601) == "change"  # the break ends


def test_change_warning_when_the_last_level_runs_out() -> None:
    last = 2 * 1200 + 600 + 1200
    assert _between(last - 1, last + 1) == "change"
    assert _between(last + 1, last + 2) is None  # plays on at 0:00, silently


def test_a_paused_clock_warns_of_nothing_even_when_the_td_moves_it() -> None:
    paused = clock.pause(STRUCTURE, START, at(1100))
    moved = clock.jump(STRUCTURE, paused, at(1150), 1)
    assert warning_between(read(STRUCTURE, paused, at(1140)), read(STRUCTURE, moved, at(1150))) is None
    assert _between(1200 - 61, 1200 - 60, paused) is None

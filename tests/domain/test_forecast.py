"""The forecast of the night (domain/clock/forecast.py): nothing before the night shows a rate,
milestones passed are gone, play time stops with the clock and a break busts nobody, late
registration's entries, and the forecast replayed on nights played out by chance
(benchmarks/night.py) lands near what happened."""

from __future__ import annotations

import statistics
from random import Random

import pytest

from benchmarks.night import errors, play
from tdconsole.domain.clock.forecast import MIN_BUSTS, forecast
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.commands import Bust, ClockPause, ClockStart, Register, SetLateRegistration
from tdconsole.domain.examples import Tournament, at, tournament
from tdconsole.domain.state import FIELD_KEPT, Night
from tdconsole.domain.tournament import fold

NAMES = [f"P{n:02}" for n in range(27)]
CHIPS = 27 * 10_000
LONG = Structure(name="long", starting_stack=10_000, periods=[
    *(Level(small_blind=b // 2, big_blind=b, ante=b, minutes=20) for b in (200, 400, 600, 800)),
    Break(minutes=15),
    *(Level(small_blind=b // 2, big_blind=b, ante=b, minutes=20) for b in (1000, 1500, 2000, 3000, 4000)),
])


def night(busts: int, every: float = 120) -> Tournament:
    t = tournament(*NAMES, tables=3, structure=LONG)
    t.do(ClockStart())
    for n in range(busts):
        t.do(Bust(names=[NAMES[n]]), seconds=(n + 1) * every)
    return t


def test_no_forecast_before_the_clock_starts_nor_before_enough_busts() -> None:
    t = tournament(*NAMES, tables=3, structure=LONG)
    assert forecast(t.state, at(0), paid=3, chips=CHIPS).reason == "not started"
    t = night(MIN_BUSTS - 1)
    early = forecast(t.state, at(MIN_BUSTS * 120), paid=3, chips=CHIPS)
    assert early.reason == f"too few busts yet: {MIN_BUSTS - 1} of {MIN_BUSTS}"
    assert (early.bubble, early.final_table, early.end) == (None, None, None)
    t.do(Bust(names=[NAMES[MIN_BUSTS]]), seconds=MIN_BUSTS * 120)
    assert forecast(t.state, at(MIN_BUSTS * 120 + 60), paid=3, chips=CHIPS).end is not None


def test_the_milestones_come_in_order_each_inside_its_range() -> None:
    f = forecast(night(8).state, at(17 * 60), paid=3, chips=CHIPS)
    assert f.busts_seen == 8 and not f.reason
    assert f.final_table is not None and f.bubble is not None and f.end is not None
    assert 0 < f.final_table.minutes < f.bubble.minutes < f.end.minutes
    for milestone in (f.final_table, f.bubble, f.end):
        assert milestone.earliest <= milestone.minutes <= milestone.latest
        assert milestone.earliest_level <= milestone.level <= milestone.latest_level


def test_a_milestone_passed_is_not_forecast() -> None:
    t = night(19, every=60)  # 8 left: inside the final table of nine, the bubble (3 paid) ahead
    f = forecast(t.state, at(20 * 60), paid=10, chips=CHIPS)
    assert f.final_table is None and f.bubble is None and f.end is not None


def test_a_faster_night_is_forecast_to_end_sooner() -> None:
    slow = forecast(night(8, every=150).state, at(21 * 60), paid=3, chips=CHIPS)
    fast = forecast(night(8, every=75).state, at(21 * 60), paid=3, chips=CHIPS)
    assert slow.end is not None and fast.end is not None and fast.end.minutes < slow.end.minutes


def test_a_paused_clock_stops_play_time() -> None:
    """The clock paused for an hour: the forecast from then is the same minutes of play, and the
    hour of the pause does not count as an hour without busts."""
    running = night(8)
    paused = night(8)
    paused.do(ClockPause(), seconds=16 * 60 + 30)
    before = forecast(running.state, at(16 * 60 + 30), paid=3, chips=CHIPS)
    after = forecast(paused.state, at(76 * 60 + 30), paid=3, chips=CHIPS)
    assert before.end is not None and after.end is not None
    assert after.end.minutes == before.end.minutes and after.busts_seen == before.busts_seen


def test_a_break_takes_time_and_busts_nobody() -> None:
    """From the last minute of level 4, the end is further by the 15-minute break than the
    busts alone would put it: the same night with no break in the structure ends sooner."""
    no_break = LONG.model_copy(update={"periods": [p for p in LONG.periods if isinstance(p, Level)]})
    with_break = night(12, every=300)
    without = tournament(*NAMES, tables=3, structure=no_break)
    without.do(ClockStart())
    for n in range(12):
        without.do(Bust(names=[NAMES[n]]), seconds=(n + 1) * 300)
    a = forecast(with_break.state, at(79 * 60), paid=3, chips=CHIPS).end
    b = forecast(without.state, at(79 * 60), paid=3, chips=CHIPS).end
    assert a is not None and b is not None and a.minutes - b.minutes == pytest.approx(15, abs=2)


def test_t_reg_1_entries_expected_when_late_registration_closes() -> None:
    t = tournament(*NAMES[:18], tables=3, structure=LONG)
    t.do(SetLateRegistration(level=4))
    t.do(ClockStart())
    for n in range(6):  # one entry every 5 minutes of levels 1-2, and some busts
        t.do(Register(names=[f"Late{n}"], seed=1).with_rng(Random(n)), seconds=(n + 1) * 300)
        t.do(Bust(names=[NAMES[n]]), seconds=(n + 1) * 300 + 30)
    f = forecast(t.state, at(40 * 60), paid=3, chips=t.state.entries * 10_000)
    assert f.entries_at_close is not None
    expected, low, high = f.entries_at_close
    # 24 entries now, about one more every 5 minutes for the 40 minutes of levels 3-4.
    assert low <= expected <= high and 24 < expected <= 24 + 12
    closed = forecast(night(6).state, at(13 * 60), paid=3, chips=CHIPS)
    assert closed.entries_at_close is None  # no closing level set


def test_the_night_keeps_its_newest_changes_the_same_from_the_start_or_a_snapshot() -> None:
    t = Tournament(LONG)
    t.do(ClockStart())
    for n in range(2 * FIELD_KEPT + 5):
        t.do(Register(names=[f"R{n}"], seed=1), seconds=n)
    kept = t.state.night
    assert FIELD_KEPT <= len(kept.times) <= 2 * FIELD_KEPT and kept.left[-1] == 2 * FIELD_KEPT + 5
    assert kept.clock[0][0] <= kept.times[0]  # the clock change that tells the first kept time
    refolded: Night = fold(t.log).night
    assert refolded == kept


def test_replayed_nights_forecast_the_end_within_a_fifth_of_the_time_ahead() -> None:
    """Five 60-player nights played out by chance: at each hour, how far the forecast end was
    from the real one, as a share of the time still ahead. `bench_forecast` prints the figures."""
    rows = [row for seed in (1, 2, 3, 4, 5) for row in errors(play(60, seed))]
    end = [abs(error) / ahead for _hour, name, _said, ahead, error in rows if name == "end"]
    bubble = [abs(error) / ahead for _hour, name, _said, ahead, error in rows if name == "bubble"]
    assert len(end) >= 20 and statistics.median(end) < 0.2
    assert len(bubble) >= 10 and statistics.median(bubble) < 0.3


def test_t_shoot_4_a_shootouts_final_table_is_its_last_round_and_it_has_no_bubble() -> None:
    from tdconsole.domain.seating.rounds import ShootoutSettings

    regular = forecast(night(8).state, at(17 * 60), paid=3, chips=CHIPS)
    t = tournament(*NAMES, tables=3, structure=LONG, shootout=ShootoutSettings())
    t.do(ClockStart())
    for n in range(8):  # the same busts at the same times
        t.do(Bust(names=[NAMES[n]]), seconds=(n + 1) * 120)
    shot = forecast(t.state, at(17 * 60), paid=3, chips=CHIPS)
    # 27 players, 3 tables of 9: the final table is the 3 table winners, not a table of 9.
    assert shot.bubble is None and shot.final_table is not None
    assert shot.final_table == regular.bubble and shot.end == regular.end
    assert regular.final_table is not None and regular.final_table.minutes < shot.final_table.minutes

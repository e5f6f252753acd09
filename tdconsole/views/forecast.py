"""The forecast of the night as interfaces show it (`state --json` `forecast`, the TD's clock, the
TV): each milestone in minutes of the clock, at a time of day while the clock runs, with its range
(domain/clock/forecast.py states the model)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from tdconsole.domain.clock.forecast import MIN_BUSTS, Milestone, forecast
from tdconsole.domain.state import TournamentState
from tdconsole.views.base import View

MODEL = ("busts a minute = k x tables x big blind x players left / chips in play; k from the night's busts, "
         "recent levels weighted")


class MilestoneView(View):
    # Times of day on the club's clock, only while the clock runs (a pause stops play time).
    at: str | None
    in_minutes: int
    level: int
    earliest: str | None
    latest: str | None
    earliest_minutes: int
    latest_minutes: int
    earliest_level: int
    latest_level: int


class EntriesForecastView(View):
    expected: int
    low: int
    high: int


class ForecastView(View):
    bubble_at: MilestoneView | None
    final_table_at: MilestoneView | None
    end_at: MilestoneView | None
    entries_at_close: EntriesForecastView | None
    busts_seen: int
    min_busts: int
    # Why a milestone is missing: "" when the forecast stands (a passed milestone is simply None).
    reason: str
    model: str


def forecast_view(state: TournamentState, now: datetime, *, paid: int, chips: int) -> ForecastView:
    result = forecast(state, now, paid=paid, chips=chips)
    zone = ZoneInfo(state.house_rules.money.time_zone)
    running = state.clock.running

    def wall(minutes: int) -> str | None:
        if not running:
            return None
        return (now + timedelta(minutes=minutes)).astimezone(zone).isoformat(timespec="minutes")

    def shown(milestone: Milestone | None) -> MilestoneView | None:
        if milestone is None:
            return None
        return MilestoneView(at=wall(milestone.minutes), in_minutes=milestone.minutes, level=milestone.level,
                             earliest=wall(milestone.earliest), latest=wall(milestone.latest),
                             earliest_minutes=milestone.earliest, latest_minutes=milestone.latest,
                             earliest_level=milestone.earliest_level, latest_level=milestone.latest_level)

    closing = result.entries_at_close
    return ForecastView(
        bubble_at=shown(result.bubble), final_table_at=shown(result.final_table), end_at=shown(result.end),
        entries_at_close=None if closing is None else EntriesForecastView(
            expected=closing[0], low=closing[1], high=closing[2]),
        busts_seen=result.busts_seen, min_busts=MIN_BUSTS, reason=result.reason, model=MODEL)

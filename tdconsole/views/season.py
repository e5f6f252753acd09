"""A league's season page (`league season --format html|json`): each tournament's attendance and
cashes, each member's points, cashes and profit, the points tournament by tournament as a chart,
and the standings.

The chart is an inline SVG drawn by the template from the coordinates worked out here: the page
stays one standalone file (no script, no chart library) that prints as it shows, and the numbers
behind every line are the ones the page's tables print.
"""

from __future__ import annotations

from tdconsole.club.leagues import Season
from tdconsole.domain.league.results import tournament_figures
from tdconsole.views.base import View
from tdconsole.views.club import rules_text
from tdconsole.views.formatting import Formats

# The chart's drawing area in SVG units (the page scales it to its width) and how many of the
# leaders it follows: more lines than that are unreadable on a printed page.
CHART_WIDTH = 640
CHART_HEIGHT = 240
CHART_MARGIN = 40
CHART_LEADERS = 5
# Colours told apart by colour-blind readers too (Okabe and Ito's palette).
CHART_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00")


class SeasonNight(View):
    """One finished tournament of the season: who came and how many were paid."""

    id: int
    name: str
    date: str
    players: int  # each person once
    entries: int  # re-entries included
    cashes: int  # places paid
    prize_pool: int


class SeasonMember(View):
    """One member over the season: `points` per tournament in the season's order (null: absent)."""

    place: int | None
    name: str
    member: int
    total: float
    events: int
    cashes: int
    winnings: int
    cost: int
    profit: int
    points: list[float | None]


class SeasonView(View):
    """`league season --json`."""

    league: str
    formula: str
    rules: str
    played: int
    tournaments: int
    nights: list[SeasonNight]
    members: list[SeasonMember]


def season_view(season: Season, formats: Formats) -> SeasonView:
    nights = []
    for night in season.played:
        figures = tournament_figures(night.state)
        nights.append(SeasonNight(
            id=night.id, name=night.name, date=formats.when(night.created_at, time=False),
            players=figures.players, entries=night.state.entries, cashes=figures.places_paid,
            prize_pool=figures.prize_pool))
    order = [night.id for night in season.played]
    members = []
    for standing in season.standings:
        by_night = {scored.tournament: scored.points for scored in standing.results}
        cost = sum(scored.result.cost for scored in standing.results)
        members.append(SeasonMember(
            place=standing.place, name=standing.name, member=standing.member, total=standing.points,
            events=standing.events, cashes=standing.cashes, winnings=standing.winnings, cost=cost,
            profit=standing.winnings - cost, points=[by_night.get(tid) for tid in order]))
    return SeasonView(league=season.league.name, formula=season.league.formula.name,
                      rules=rules_text(season.league.rules), played=len(season.played),
                      tournaments=len(season.league.tournaments), nights=nights, members=members)


def _x(index: int, count: int) -> float:
    inner = CHART_WIDTH - 2 * CHART_MARGIN
    return CHART_MARGIN + (inner * index / (count - 1) if count > 1 else inner / 2)


def _y(value: float, top: float) -> float:
    inner = CHART_HEIGHT - 2 * CHART_MARGIN
    return CHART_HEIGHT - CHART_MARGIN - (inner * value / top if top > 0 else 0)


def points_chart(view: SeasonView) -> dict[str, object]:
    """The leaders' points added up tournament by tournament, as the template's polylines: each
    leader's line with its colour and name, and the axis labels (tournament numbers, the top)."""
    count = len(view.nights)
    leaders = [member for member in view.members if member.place is not None][:CHART_LEADERS]
    lines = []
    top = 0.0
    running: list[list[float]] = []
    for member in leaders:
        total, steps = 0.0, []
        for points in member.points:
            total += points or 0
            steps.append(total)
        running.append(steps)
        top = max([top, *steps])
    for member, steps, colour in zip(leaders, running, CHART_COLOURS, strict=False):
        lines.append({"name": member.name, "colour": colour, "points": " ".join(
            f"{_x(i, count):.1f},{_y(value, top):.1f}" for i, value in enumerate(steps))})
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "margin": CHART_MARGIN, "lines": lines,
            "ticks": [{"x": round(_x(i, count), 1), "label": i + 1} for i in range(count)],
            "top": top, "top_y": _y(top, top), "base_y": _y(0, top)}


def attendance_chart(view: SeasonView) -> dict[str, object]:
    """Each tournament's players as a bar (the template draws them)."""
    count = len(view.nights)
    top = max((night.players for night in view.nights), default=0)
    inner = CHART_WIDTH - 2 * CHART_MARGIN
    slot = inner / count if count else inner
    bars = [{"x": round(CHART_MARGIN + slot * i + slot * 0.15, 1), "width": round(slot * 0.7, 1),
             "y": round(_y(night.players, top), 1), "height": round(_y(0, top) - _y(night.players, top), 1),
             "label": night.players, "tick": i + 1}
            for i, night in enumerate(view.nights)]
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "margin": CHART_MARGIN, "bars": bars,
            "base_y": _y(0, top)}


def season_html(season: Season, formats: Formats) -> str:
    """The printable season page, amounts as the club writes them."""
    from tdconsole.views.export import html_page

    view = season_view(season, formats)
    decimals = season.league.formula.decimals
    nights = [{**night.model_dump(), "prize_pool": formats.money(night.prize_pool)} for night in view.nights]
    members = [{"place": member.place, "name": member.name,
                "total": formats.number(member.total, decimals), "events": member.events,
                "cashes": member.cashes, "winnings": formats.money(member.winnings),
                "profit": formats.money(member.profit), "loss": member.profit < 0}
               for member in view.members]
    return html_page("league_season.html.j2", lang=formats.locale.split("_")[0], title=view.league,
                     formula=view.formula, rules=view.rules.capitalize(), played=view.played,
                     tournaments=view.tournaments, nights=nights, members=members,
                     points=points_chart(view), attendance=attendance_chart(view))

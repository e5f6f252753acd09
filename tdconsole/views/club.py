"""What the club's commands show: members, a member's history, league standings (the `--json`
contract: keys are added, never renamed), and the standings as CSV and a printable page.

JSON and CSV carry plain numbers; text and the page write amounts through `Formats` (Babel). The
printable page is `club_page.py` (Jinja2, which the screens do not load).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from tdconsole.club.history import History
from tdconsole.club.leagues import League, Season
from tdconsole.club.members import Member
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.league.results import EntryResult, MemberResult, totals
from tdconsole.domain.league.standings import LeagueRules, Standing
from tdconsole.views.formatting import Formats

STANDING_COLUMNS = ("place", "name", "points", "events", "cashes", "winnings")
_TIE_BREAK_WORDS = {"best-finish": "best finish", "events": "most events", "wins": "most wins",
                    "cashes": "most cashes", "winnings": "most winnings"}


def member_view(member: Member) -> dict[str, Any]:
    return member.as_json()


def _entry_view(entry: EntryResult) -> dict[str, Any]:
    return {"entry": entry.entry, "place": entry.place, "last_place": entry.last_place,
            "prize": entry.prize, "knockouts": entry.knockouts, "bounties": entry.bounties,
            "add_ons": entry.add_ons}


def _result_view(result: MemberResult) -> dict[str, Any]:
    return {"place": result.place, "last_place": result.last_place, "prize": result.prize,
            "knockouts": result.knockouts, "bounties": result.bounties, "cost": result.cost,
            "winnings": result.winnings, "net": result.net,
            "entries": [_entry_view(entry) for entry in result.entries]}


def history_view(history: History) -> dict[str, Any]:
    """`members show --json`: every tournament the member entered, and the totals over the
    finished ones (events, cashes, winnings = prizes + bounties, net, ROI in percent)."""
    played = history.results()
    record = totals(result for _night, result in played)
    return {
        "member": member_view(history.member),
        "numbers": history.numbers,
        "tournaments": [{"tournament": night.id, "name": night.name,
                         "date": night.created_at.isoformat(), "status": night.state.status,
                         "field": result.field, "entered_as": result.name, **_result_view(result)}
                        for night, result in played],
        "totals": {"events": record.events, "cashes": record.cashes, "wins": record.wins,
                   "prizes": record.prizes, "knockouts": record.knockouts, "bounties": record.bounties,
                   "winnings": record.winnings, "cost": record.cost, "net": record.net, "roi": record.roi,
                   "best_finish": record.best_finish},
    }


def history_formats(history: History, fallback: HouseRules) -> Formats:
    """The money of the member's latest tournament (its log's house rules), else `fallback`."""
    played = history.results()
    return Formats.of(played[-1][0].state.house_rules if played else fallback)


# ---------------------------------------------------------------- leagues


def rules_text(rules: LeagueRules) -> str:
    parts = [f"best {rules.best} results count" if rules.best else "every result counts"]
    if rules.min_events:
        parts.append(f"ranked from {rules.min_events} events")
    ties = ", then ".join(_TIE_BREAK_WORDS[key] for key in rules.tie_break)
    parts.append(f"ties: {ties}" if ties else "ties share the place")
    return "; ".join(parts)


def league_view(league: League) -> dict[str, Any]:
    return {"id": league.id, "name": league.name, "formula": league.formula_key,
            "formula_name": league.formula.name, "best": league.rules.best,
            "min_events": league.rules.min_events, "tie_break": list(league.rules.tie_break),
            "tournaments": league.tournaments, "rules": rules_text(league.rules)}


def standing_row(standing: Standing) -> dict[str, Any]:
    return {"place": standing.place, "name": standing.name, "points": standing.points,
            "events": standing.events, "cashes": standing.cashes, "winnings": standing.winnings,
            "member": standing.member, "wins": standing.wins, "best_finish": standing.best_finish,
            "counted": sum(scored.counted for scored in standing.results),
            "qualified": standing.place is not None}


def standings_view(season: Season) -> list[dict[str, Any]]:
    """`league standings --json`: one row per member, best first; below the minimum of events:
    `place` null and `qualified` false, after the ranked ones."""
    return [standing_row(standing) for standing in season.standings]


def season_formats(season: Season, fallback: HouseRules) -> Formats:
    """The money of the league's latest finished tournament (its log's house rules), else `fallback`."""
    return Formats.of(season.played[-1].state.house_rules if season.played else fallback)


def standings_csv(season: Season) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_COLUMNS)
    for row in standings_view(season):
        writer.writerow(["" if row[column] is None else row[column] for column in STANDING_COLUMNS])
    return out.getvalue()

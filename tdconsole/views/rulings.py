"""The rulings log as plain data: `rulings list/penalties/offences/clock-calls --json`, the exports
and the TUI screens all read these (the keys are a contract: add, never rename)."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from tdconsole.domain.clock.timing import format_duration
from tdconsole.domain.floor.clock_call import clock_call_state
from tdconsole.domain.floor.rulings import Scenario, Suggestion, ordered
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.state import LoggedRuling, TournamentState


def ruling_view(logged: LoggedRuling) -> dict[str, Any]:
    event = logged.event
    return {
        "id": event.ruling_id,
        "time": logged.time.isoformat(),
        "staff": event.staff,
        "table": event.table,
        "seat": event.seat,
        "players": [player.name for player in event.players],
        "scenario": event.scenario,
        "answers": event.answers,
        "suggestion": event.suggestion.model_dump(mode="json"),
        "decision": event.decision,
        "overridden": event.overridden,
        "reason": event.reason,
        "offence": event.offence,
        "penalty": event.penalty.model_dump(mode="json") if event.penalty else None,
        "corrects": event.corrects,
        "corrected_by": logged.corrected_by,
        "clock_call": event.clock_call,
        # An other situation (scenario "other"): the floor's own words for it.
        "description": event.description,
    }


def rulings_view(state: TournamentState, *, player: str | None = None, scenario: str | None = None,
                 table: int | None = None) -> list[dict[str, Any]]:
    """Every ruling in the order logged, corrected ones included; `player` is a name (any case)."""
    wanted = state.find(player).id if player is not None else None
    return [ruling_view(r) for r in state.rulings
            if (wanted is None or wanted in {p.id for p in r.event.players})
            and (scenario is None or r.event.scenario == scenario)
            and (table is None or r.event.table == table)]


def penalty_text(given: Mapping[str, Any] | None, *, hands: bool = False) -> str:
    """"rounds 3", with `hands` "rounds 3 (24 hands)"; "warning"; "" for none. `given` is a
    penalty's JSON or a penalty board row (both have kind, amount and hands)."""
    if given is None:
        return ""
    text = given["kind"] + (f" {given['amount']}" if given["amount"] else "")
    if hands and given["hands"] is not None and given["kind"] == "rounds":
        text += f" ({given['hands']} hands)"
    return text


def suggestion_lines(suggestion: Suggestion) -> list[str]:
    """The ruling, the remedy step by step, the rules and the penalty, as people read them."""
    lines = [f"Ruling: {suggestion.ruling}", "Remedy:"]
    lines += [f"  {number}. {step}" for number, step in enumerate(suggestion.remedy, start=1)]
    lines.append(f"Rules: {', '.join(suggestion.rules)}")
    given = suggestion.penalty
    if given is not None:
        amount = f" {given.amount}" if given.amount else ""
        hands = f" ({given.hands} hands)" if given.hands is not None else ""
        lines.append(f"Penalty: {given.kind}{amount}{hands}: {given.reason}")
    return lines


def left_text(row: Mapping[str, Any]) -> str:
    """What is left of a penalty board row: "3 of 8 hands", "4:10 left", or ""."""
    if row["remaining_hands"] is not None:
        return f"{row['remaining_hands']} of {row['hands']} hands"
    if row["remaining_seconds"] is not None:
        return f"{format_duration(row['remaining_seconds'])} left"
    return ""


def penalties_view(state: TournamentState, now: datetime) -> list[dict[str, Any]]:
    """Every penalty that counts (corrected rulings left out), with how much is left at `now`."""
    rows = []
    for logged in state.rulings:
        standing = logged.standing(now)
        given = logged.event.penalty
        if standing is None or given is None or not logged.event.players:
            continue
        rows.append({
            "ruling": logged.id, "player": logged.event.players[0].name, "kind": given.kind,
            "amount": given.amount, "hands": given.hands, "hands_served": logged.hands_served,
            "remaining_hands": standing.hands,
            "remaining_seconds": None if standing.seconds is None else int(-(-standing.seconds // 1)),
            "serving": standing.serving, "ended": logged.ended, "given_at": logged.time.isoformat(),
            "reason": given.reason, "rules": given.rules,
        })
    return rows


def offences_view(state: TournamentState, *, player: str | None = None) -> list[dict[str, Any]]:
    """Each player's offences in the tournament by kind (corrected rulings left out)."""
    wanted = state.find(player).id if player is not None else None
    found: dict[str, dict[str, Any]] = {}
    for logged in state.rulings:
        offender = logged.event.players[0] if logged.event.players else None
        if offender is None or logged.event.offence is None or logged.corrected_by is not None:
            continue
        if wanted is not None and offender.id != wanted:
            continue
        row = found.setdefault(offender.id, {"player": offender.name, "offences": {}, "rulings": []})
        row["offences"][logged.event.offence] = row["offences"].get(logged.event.offence, 0) + 1
        row["rulings"].append(logged.id)
    return list(found.values())


def clock_calls_view(state: TournamentState, now: datetime, house: HouseRules,
                     scenario: Scenario) -> list[dict[str, Any]]:
    """The open clock calls with their countdown (`scenario` is `clock-call`) and, at zero, the
    ruling to log (H-DEAD-D; TDA 29)."""
    rows = []
    for call in state.clock_calls:
        if not call.open:
            continue
        countdown = clock_call_state(called_at=call.called_at, now=max(now, call.called_at),
                                     facing_bet=call.facing_bet, house=house, scenario=scenario)
        player = state.players.get(call.player_id or "")
        rows.append({
            "id": call.id, "table": call.table, "seat": call.seat,
            "player": player.name if player else None, "facing_bet": call.facing_bet,
            "called_at": call.called_at.isoformat(), "total_seconds": countdown.total_seconds,
            "remaining_seconds": int(-(-countdown.remaining_seconds // 1)), "warning": countdown.warning,
            "expired": countdown.expired, "rules": countdown.rules,
            "proposal": countdown.ruling.model_dump(mode="json") if countdown.ruling else None,
        })
    return rows


# ---------------------------------------------------------------- exports (the club's record)

EXPORT_COLUMNS = ["id", "time", "staff", "table", "seat", "players", "scenario", "answers", "suggested",
                  "decision", "overridden", "reason", "penalty", "rules", "corrects", "corrected_by"]


def _export_rows(state: TournamentState) -> list[list[str]]:
    rows = []
    for logged in state.rulings:
        event = logged.event
        cells: list[Any] = [
            event.ruling_id, logged.time.isoformat(timespec="seconds"), event.staff, event.table,
            event.seat, "; ".join(p.name for p in event.players), event.scenario,
            " ".join(f"{key}={value}" for key, value in event.answers.items()),
            event.suggestion.ruling, event.decision, "yes" if event.overridden else "no", event.reason,
            penalty_text(event.penalty.model_dump() if event.penalty else None, hands=True),
            ", ".join(_cited(logged)), event.corrects,
            logged.corrected_by,
        ]
        rows.append(["" if cell is None else str(cell) for cell in cells])
    return rows


def _cited(logged: LoggedRuling) -> list[str]:
    given = logged.event.penalty
    return ordered([*logged.event.suggestion.rules, *(given.rules if given else [])])


def export_csv(state: TournamentState) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_COLUMNS)
    writer.writerows(_export_rows(state))
    return out.getvalue()


def export_html(state: TournamentState) -> str:
    """A standalone page (no scripts, no external files) that prints as the rulings record."""
    title = html.escape(f"Rulings: {state.info.name}")
    head = "".join(f"<th>{html.escape(c)}</th>" for c in EXPORT_COLUMNS)
    body = "\n".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
                     for row in _export_rows(state))
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            "<style>table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px;"
            "vertical-align:top;text-align:left}</style>\n</head>\n<body>\n"
            f"<h1>{title}</h1>\n<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n"
            "</table>\n</body>\n</html>\n")

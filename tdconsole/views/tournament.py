"""What the interfaces show: the tournament at one moment as plain data (the `--json` contract).

The keys named in the issues are a contract: add keys freely, never rename them.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from tdconsole.domain.calculators.antes import ante_table
from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.late_registration import registration_open
from tdconsole.domain.clock.structure import Break, Level
from tdconsole.domain.errors import NotFound
from tdconsole.domain.events import Envelope, PlayerReentered, PlayerRegistered, RulingLogged
from tdconsole.domain.seating.tables import tables_view
from tdconsole.domain.state import Player, TournamentState
from tdconsole.views.money import add_money
from tdconsole.views.rulings import penalties_view


def level_view(level: Level | None) -> dict[str, int] | None:
    if level is None:
        return None
    return {"small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
            "minutes": level.minutes}


def clock_view(state: TournamentState, now: datetime) -> dict[str, Any]:
    """The clock at `now`, with the ante each table size posts under the rules in force."""
    structure = state.info.structure
    reading = clock_ops.read(structure, state.clock, now)
    rules = state.house_rules.ante
    level = reading.level
    return {
        "level": structure.shown_level(reading.period),
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "running": reading.running,
        "started": reading.started,
        "remaining_seconds": _whole(reading.remaining),
        "remaining": clock_ops.format_duration(reading.remaining),
        "on_break": reading.on_break,
        "period": reading.period + 1,
        "periods": len(structure.periods),
        "next_level": level_view(reading.next_level),
        "seconds_to_break": None if reading.seconds_to_break is None else _whole(reading.seconds_to_break),
        # Wall-clock times (local, with the offset) only while the clock runs: a paused clock has none.
        "level_ends_at": _wall_time(now, reading.remaining, reading.running),
        "break_at": _wall_time(now, reading.seconds_to_break, reading.running and not reading.on_break),
        # T-COLOR-1: the next break says which chips are coloured up there.
        "next_break": _break_from(state, reading.period),
        # T-ANTE-2 / RP-11 by the house rules: the ante at each table size, largest tables first.
        "antes": [row.model_dump() for row in
                  ante_table(level.small_blind, level.big_blind, level.ante, rules)],
        "late_registration": {"level": state.info.late_reg_level,
                              "open": registration_open(state, now)},
        "add_on": _break_from(state, reading.period, add_on_only=True),
    }


def _whole(seconds: float) -> int:
    # Rounded up like the digits on the clock, so the time left and the time to the break agree.
    return int(-(-seconds // 1))


def _wall_time(now: datetime, seconds: float | None, running: bool) -> str | None:
    if seconds is None or not running:
        return None
    return (now + timedelta(seconds=seconds)).astimezone().isoformat(timespec="seconds")


def _break_from(state: TournamentState, period: int, add_on_only: bool = False) -> dict[str, Any] | None:
    """The break being played or the next one (with an add-on, T-REG-1, if `add_on_only`)."""
    structure = state.info.structure
    for index in range(period, len(structure.periods)):
        candidate = structure.periods[index]
        if isinstance(candidate, Break) and (candidate.add_on or not add_on_only):
            return {"break": sum(isinstance(p, Break) for p in structure.periods[: index + 1]),
                    "after_level": structure.shown_level(index) - 1, "minutes": candidate.minutes,
                    "color_up": candidate.color_up, "add_on": candidate.add_on, "now": index == period}
    return None


def player_view(player: Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "status": player.status, "table": player.table,
            "seat": player.seat, "place": player.place,
            # T-ELIM-3: the place is "last of those unplaced", not an established one.
            "placed_last": player.placed_last}


def average_stack(state: TournamentState) -> int | None:
    if not state.players_left:
        return None
    return state.entries * state.info.starting_stack // state.players_left


def state_view(state: TournamentState, tournament_id: int, now: datetime) -> dict[str, Any]:
    info = state.info
    clock = clock_view(state, now)
    average = average_stack(state)
    view: dict[str, Any] = {
        "tournament": {
            "id": tournament_id,
            "name": info.name,
            "status": state.status,
            "game": info.game,
            "buy_in": info.buy_in,
            "fee": info.fee,
            "starting_stack": info.starting_stack,
            "seats_per_table": info.seats_per_table,
            "structure": info.structure.name,
            "late_reg_level": info.late_reg_level,
        },
        "clock": clock,
        "entries": state.entries,
        "players_left": state.players_left,
        "chips_in_play": state.entries * info.starting_stack,
        "average_stack": average_stack(state),
        "average_stack_bb": None if average is None else round(average / clock["big_blind"], 1),
        "players": [player_view(player) for player in state.players.values()],
        # Every table as `tables --json` shows it (names, button, blinds, status).
        "tables": tables_view(state.room),
        # Who is sitting out a penalty now and how much is left (as `rulings penalties` shows it).
        "serving_penalties": [row for row in penalties_view(state, now) if row["serving"]],
    }
    add_money(state, view)  # the money keys: prize_pool, payouts, each player's prize
    return view


def describe(envelope: Envelope, names: dict[str, str]) -> str:
    """One line for the event log screen and `tdconsole log`: player ids shown as names."""
    if isinstance(envelope.event, RulingLogged):
        event = envelope.event
        who = ", ".join(p.name for p in event.players)
        return (f"ruling {event.ruling_id} ({event.scenario}) by {event.staff}"
                + (f" for {who}" if who else "") + f": {event.decision}")
    if (own := getattr(envelope.event, "describe", None)) is not None:
        return str(own(names))
    # (a structure or the money settings is too long for one line: `log --json` has it all)
    fields = envelope.event.model_dump(exclude={"type", "structure", "settings"})
    if "player_id" in fields:
        player_id = fields.pop("player_id")
        # A clock call on a seat whose player is not known names nobody, rather than "?".
        fields = {**({"player": names.get(player_id, "?")} if player_id else {}), **fields}
        fields.pop("name", None)
    # A flag shows only when set ("forced True", "placed_last True"), like an empty list.
    details = ", ".join(f"{key} {value}" for key, value in fields.items()
                        if value is not None and value is not False and value != [] and value != {})
    return envelope.event.type.replace("_", " ") + (f": {details}" if details else "")


def log_view(envelopes: list[Envelope], undone: set[str]) -> list[dict[str, Any]]:
    names = {
        e.event.player_id: e.event.name for e in envelopes
        if isinstance(e.event, PlayerRegistered | PlayerReentered)
    }
    return [
        {"seq": e.seq, "time": e.time.isoformat(), "actor": e.actor, "command_id": e.command_id,
         "type": e.event.type, "event": e.event.model_dump(mode="json", exclude={"structure"}),
         "undone": e.command_id in undone, "summary": describe(e, names)}
        for e in envelopes
    ]


def command_view(envelopes: list[Envelope], command_id: str) -> dict[str, Any]:
    """One command as undo shows it, before and after: what it did, who made it and when. The verb
    is its first event's type, as the log names it; the summary covers all of its events."""
    rows = [row for row in log_view(envelopes, set()) if row["command_id"] == command_id]
    if not rows:
        raise NotFound(f"no command {command_id} in this tournament's log")
    return {"command_id": command_id, "verb": rows[0]["type"], "actor": rows[0]["actor"],
            "time": rows[0]["time"], "seq": rows[0]["seq"],
            "summary": "; ".join(row["summary"] for row in rows)}


def describe_command(view: dict[str, Any]) -> str:
    """"bust Bo ... (log #14, by maria at 21:03:12)": the one line undo shows a command in."""
    return f"{view['summary']} (log #{view['seq']}, by {view['actor']} at {view['time'][11:19]})"

"""What the interfaces show: the tournament at one moment as plain data (the `--json` contract).

The keys named in the issues are a contract: add keys freely, never rename them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tdconsole.domain import clock as clock_ops
from tdconsole.domain.events import Envelope, PlayerReentered, PlayerRegistered
from tdconsole.domain.structure import Level
from tdconsole.domain.tournament import Player, TournamentState
from tdconsole.money_views import add_money


def level_view(level: Level | None) -> dict[str, int] | None:
    if level is None:
        return None
    return {"small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
            "minutes": level.minutes}


def clock_view(state: TournamentState, now: datetime) -> dict[str, Any]:
    structure = state.info.structure
    reading = clock_ops.read(structure, state.clock, now)
    level_number = reading.level_number
    if level_number is None:  # on a break: the level that follows it
        level_number = sum(1 for p in structure.periods[: reading.period + 1] if isinstance(p, Level)) + 1
    return {
        "level": level_number,
        "small_blind": reading.level.small_blind,
        "big_blind": reading.level.big_blind,
        "ante": reading.level.ante,
        "running": reading.running,
        "started": reading.started,
        "remaining_seconds": int(-(-reading.remaining // 1)),
        "remaining": clock_ops.format_duration(reading.remaining),
        "on_break": reading.on_break,
        "period": reading.period + 1,
        "periods": len(structure.periods),
        "next_level": level_view(reading.next_level),
        "seconds_to_break": None if reading.seconds_to_break is None else int(reading.seconds_to_break),
    }


def player_view(player: Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "status": player.status, "table": player.table,
            "seat": player.seat, "place": player.place}


def average_stack(state: TournamentState) -> int | None:
    if not state.players_left:
        return None
    return state.entries * state.info.starting_stack // state.players_left


def state_view(state: TournamentState, tournament_id: int, now: datetime) -> dict[str, Any]:
    info = state.info
    view = {
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
        },
        "clock": clock_view(state, now),
        "entries": state.entries,
        "players_left": state.players_left,
        "chips_in_play": state.entries * info.starting_stack,
        "average_stack": average_stack(state),
        "players": [player_view(player) for player in state.players.values()],
    }
    add_money(state, view)  # issue 6: prize_pool, payouts, each player's prize
    return view


def describe(envelope: Envelope, names: dict[str, str]) -> str:
    """One line for the event log screen and `tdconsole log`: player ids shown as names."""
    # (a structure or the money settings is too long for one line: `log --json` has it all)
    fields = envelope.event.model_dump(exclude={"type", "structure", "settings"})
    if "player_id" in fields:
        fields = {"player": names.get(fields.pop("player_id"), "?"), **fields}
        fields.pop("name", None)
    details = ", ".join(f"{key} {value}" for key, value in fields.items()
                        if value is not None and value != [] and value != {})
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

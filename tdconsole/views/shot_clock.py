"""The shot clocks running (T-SHOT-1), as the remote, the TV and the players' pages show them."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from datetime import datetime

from tdconsole.domain.state import TournamentState
from tdconsole.views.base import View


class ShotClockRow(View):
    table: int
    seconds: int
    remaining: float  # at the moment of the answer (a page counts down from it)
    seat: int | None
    player: str | None
    banks_left: int | None  # the player's time banks (None: nobody named)
    expired: bool  # ran out and logged (T-SHOT-1): TIME until stopped


def shot_clocks_view(state: TournamentState, now: datetime) -> list[ShotClockRow]:
    """The shot clocks running, by table: what the remote, the TV and the players' pages show."""
    banks = state.house_rules.clock_call.time_banks
    rows = []
    for table, running in sorted(state.shot_clocks.items()):
        player = state.players.get(running.player_id or "")
        rows.append(ShotClockRow(
            table=table, seconds=running.seconds, remaining=max(0.0, round(running.remaining(now), 2)),
            seat=running.seat, player=player.name if player else None,
            banks_left=None if player is None else banks - state.time_banks_used.get(player.id, 0),
            expired=running.expired))
    return rows

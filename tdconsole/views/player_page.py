"""A player's own page (T-PAGE-1): what `/p/TOKEN` shows him and `GET /api/p/TOKEN` answers, about
him alone: where he sits and where he was moved, the bounty on his head, his last chip count, a
penalty he is serving, his place and prize once out, whether he owes the desk, and the level."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from datetime import datetime
from typing import Any

from tdconsole.domain.money import cash
from tdconsole.domain.money import handlers as money
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key
from tdconsole.views.base import View
from tdconsole.views.money import payouts_or_error
from tdconsole.views.rulings import PenaltyRow, penalties_view
from tdconsole.views.shot_clock import ShotClockRow, shot_clocks_view
from tdconsole.views.tournament import clock_view


class PlayerPageView(View):
    """`GET /api/p/TOKEN`: the keys the issue promised first, then what the page shows besides."""

    name: str
    tournament: str
    table: int | None
    seat: int | None
    status: str  # registered, seated, busted, or alternate (waiting for a seat, T-REG-1)
    bounty: int  # on his head now (T-PKO-1)
    chips: int | None  # his last count (T-CHIPS-3)
    place: int | None
    prize: int | None
    # His moves, oldest first, as the TV lists them ({"to": {"table", "seat"}, "from", "time", "why"}).
    moves: list[dict[str, Any]]
    penalty: PenaltyRow | None  # one he is serving now
    chips_at: str | None
    owes: bool  # a due of his is recorded unpaid
    alternate: int | None
    level: int
    small_blind: int
    big_blind: int
    ante: int
    on_break: bool
    shot_clock: ShotClockRow | None = None  # his table's (T-SHOT-1)


def player_page_view(state: TournamentState, key: str, now: datetime,
                     moves: list[dict[str, Any]]) -> PlayerPageView:
    """The page of the player whose name's key is `key` (`state.pages`): his newest entry, or his
    place on the alternates' list. `moves` are every move of the evening the TV knows (web/board.py),
    his own picked here."""
    player_id = state.by_name.get(key)
    player = None if player_id is None else state.players[player_id]
    waiting = next((alt for alt in state.alternates.values() if name_key(alt.name) == key), None) \
        if player is None else None
    name = player.name if player else waiting.name if waiting else key
    place = prize = None
    if player is not None and player.status == "busted":
        structure, _error = payouts_or_error(state)
        standing = money.standings(state, structure)[player.id]
        place, prize = standing.place, standing.prize
    count = state.counted.get(player.id) if player else None
    serving = next((row for row in penalties_view(state, now) if row.serving and row.player == name), None)
    clock = clock_view(state, now)
    return PlayerPageView(
        name=name, tournament=state.info.name,
        table=player.table if player else None, seat=player.seat if player else None,
        status=player.status if player else "alternate" if waiting else "unknown",
        bounty=state.bounty_on_head(player) if player else 0,
        chips=state.chips.get(player.id) if player and count else None,
        place=place, prize=prize,
        moves=[move for move in moves if move["player"] == name],
        penalty=serving,
        chips_at=count.at.isoformat() if count else None,
        owes=player is not None and player.id in cash.unpaid_players(state),
        alternate=waiting.number if waiting else None,
        level=clock.level, small_blind=clock.small_blind, big_blind=clock.big_blind, ante=clock.ante,
        on_break=clock.on_break,
        shot_clock=next((row for row in shot_clocks_view(state, now)
                         if player is not None and row.table == player.table), None),
    )

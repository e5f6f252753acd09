"""What a bust would do before it is done: the bust-in-one-hand dialog shows each player's place
as the TD types, decided by the same pure `decide` the service runs (T-ELIM-1/2/3, T-BOUNTY-1)."""

from __future__ import annotations

from datetime import datetime

from tdconsole.domain.commands import Bust
from tdconsole.domain.errors import RuleIds
from tdconsole.domain.events import HandForHandBust, PlayerBusted
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import decide
from tdconsole.views.base import View


class BustPreview(View):
    """One player the bust would put out: the place (`last_place` when tied, T-ELIM-2) and the
    rules that decided it; in hand-for-hand the table instead, placed when every table is done."""

    name: str
    place: int | None
    last_place: int | None
    rules: RuleIds
    table: int | None
    # Knocker's name -> (cash, onto his own head): what the bounty pays (T-BOUNTY-1, T-PKO-1..3).
    bounty: dict[str, tuple[int, int]] = {}


def bust_preview(state: TournamentState, command: Bust, now: datetime) -> list[BustPreview]:
    """The players `command` would put out now; a refusal raises its `TdError` (nothing changes)."""
    rows = []
    for event in decide(state, command, now):
        if isinstance(event, PlayerBusted):
            paid = {state.players[knocker].name: (event.bounty.get(knocker, 0), event.head.get(knocker, 0))
                    for knocker in {*event.bounty, *event.head}}
            rows.append(BustPreview(name=state.players[event.player_id].name, place=event.place,
                                    last_place=event.last_place, rules=event.rules, table=None,
                                    bounty=paid))
        elif isinstance(event, HandForHandBust):
            rows.append(BustPreview(name=state.players[event.player_id].name, place=None,
                                    last_place=None, rules=[], table=event.table))
    return rows

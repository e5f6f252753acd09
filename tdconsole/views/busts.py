"""What a bust would do before it is done: the bust-in-one-hand dialog shows each player's place
as the TD types, decided by the same pure `decide` the service runs (T-ELIM-1/2/3, T-BOUNTY-1);
and, in the rebuy period, the rebuy a busting player is offered instead (T-REBUY-1..4)."""

from __future__ import annotations

from datetime import datetime

from tdconsole.domain.commands import Bust
from tdconsole.domain.errors import RuleIds
from tdconsole.domain.events import HandForHandBust, PlayerBusted
from tdconsole.domain.players import rebuys
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


class RebuyOffer(View):
    """T-REBUY-1..4: what a player could rebuy now, as the bust dialogs (TUI, remote) ask it."""

    name: str
    double: bool  # a double rebuy is sold (T-REBUY-4) and within his limit (T-REBUY-2)
    left: int | None  # rebuys left under his limit; None: no limit
    until_level: int | None  # the period's last level (rebuys.last_level)
    who: str  # T-REBUY-3: "busted" or "starting-stack"
    busted_place: int | None = None  # he has busted there: the rebuy sets the bust aside (T-REBUY-1)


def rebuy_offer(state: TournamentState, player_id: str, now: datetime) -> RebuyOffer | None:
    """The rebuy the player could buy now, instead of busting or after his bust; None when he
    could not (no period, closed, over his limit, disqualified)."""
    player = state.players.get(player_id)
    if player is None or not rebuys.may_rebuy(state, player, now):
        return None
    rebuy, left = state.money.rebuy, rebuys.rebuys_left(state, player)
    return RebuyOffer(name=player.name, double=rebuy.double and (left is None or left >= 2), left=left,
                      until_level=rebuys.last_level(state.info.structure, rebuy), who=rebuy.who,
                      busted_place=player.place if player.status == "busted" else None)


def rebuy_offers(state: TournamentState, now: datetime) -> dict[str, RebuyOffer]:
    """Every player still in who could rebuy now, by name (the remote marks them: T-REBUY-1..4)."""
    if not rebuys.rebuy_open(state, now):
        return {}
    offers = (rebuy_offer(state, player.id, now) for player in state.players.values()
              if state.is_in(player))
    return {offer.name: offer for offer in offers if offer is not None}

"""What a bust would do before it is done: the bust-in-one-hand dialog shows each player's place
as the TD types, decided by the same pure `decide` the service runs (T-ELIM-1/2/3, T-BOUNTY-1);
and, in the rebuy period, the rebuy a busting player is offered instead (T-REBUY-1..4)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Literal

from tdconsole.domain.commands import Bust, Rebuy
from tdconsole.domain.errors import RuleIds
from tdconsole.domain.events import HandForHandBust, PlayerBusted, Rebought
from tdconsole.domain.players import rebuys
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import decide
from tdconsole.i18n import _
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


class RebuyKnockout(View):
    """A rebuy bought instead of the bust, with who knocked him out (T-PKO-6): `kind` "pko" the
    knockout stands as after `bust --by` (each knocker's `bounty` in cash and `head` onto his
    own; the rebuyer's head `restarts_at` the rebuy's part), "fixed" a fixed bounty that stays on
    his entry (T-BOUNTY-1), "none" a tournament without bounties."""

    knocked_out_by: list[str]  # names
    kind: Literal["pko", "fixed", "none"]
    bounty: dict[str, int] = {}
    head: dict[str, int] = {}
    restarts_at: int | None = None


def rebuy_knockout(state: TournamentState, event: Rebought) -> RebuyKnockout | None:
    """The knockout of a rebuy instead of the bust (`event`, decided or done); None: nobody named."""
    if not event.knocked_out_by:
        return None
    players = state.players
    names = [players[knocker].name for knocker in event.knocked_out_by]
    if not event.knockout:
        return RebuyKnockout(knocked_out_by=names, kind="fixed" if state.money.bounty else "none")
    return RebuyKnockout(knocked_out_by=names, kind="pko",
                         bounty={players[k].name: cash for k, cash in event.bounty.items()},
                         head={players[k].name: onto for k, onto in event.head.items()},
                         restarts_at=event.count * state.money.rebuy_bounty)


def rebuy_knockout_preview(state: TournamentState, command: Rebuy, now: datetime) -> RebuyKnockout | None:
    """What the rebuy `command` would pay its knockers now, by the same `decide` the service runs;
    a refusal raises its `TdError`."""
    bought = next(event for event in decide(state, command, now) if isinstance(event, Rebought))
    return rebuy_knockout(state, bought)


def rebuy_knockout_lines(name: str, knockout: RebuyKnockout, money: Callable[[int], str]) -> list[str]:
    """What the TD is told of a rebuy instead of `name`'s bust with a knocker named, a line each."""
    by = ", ".join(knockout.knocked_out_by)
    if knockout.kind == "fixed":
        return [_("T-PKO-6: {by} takes no bounty: with a fixed bounty a rebuy instead of the bust "
                  "leaves it on {name}'s entry").format(by=by, name=name)]
    if knockout.kind == "none":
        return [_("no knockout for {by}: a rebuy is bought instead of the bust (T-REBUY-1)").format(by=by)]
    lines = [_("T-PKO-6: the knockout stands, as a bust and a rebuy after it; {name}'s bounty starts "
               "again at {amount}").format(name=name, amount=money(knockout.restarts_at or 0))]
    for knocker, cash in knockout.bounty.items():
        line = _("{name} takes {cash} in cash").format(name=knocker, cash=money(cash))
        onto = knockout.head.get(knocker, 0)
        if onto > 0:
            line += " " + _("and {amount} onto the bounty on the head").format(amount=money(onto))
        lines.append(line)
    return lines

"""What a bust would do before it is done: the bust-in-one-hand dialog shows each player's place
as the TD types, decided by the same pure `decide` the service runs (T-ELIM-1/2/3, T-BOUNTY-1);
in the rebuy period, the rebuy a busting player is offered instead (T-REBUY-1..4); and the
questions a bust asks before it is done (`bust_questions`), which the TUI's bust dialog and the
remote both read."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from random import Random
from typing import Literal

from pydantic import Field

from tdconsole.domain.commands import Bust, Rebuy
from tdconsole.domain.errors import RuleIds, TdError
from tdconsole.domain.events import HandForHandBust, PlayerBusted, Rebought
from tdconsole.domain.model import empty_list
from tdconsole.domain.players import rebuys
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import decide
from tdconsole.i18n import _, error_text
from tdconsole.views.base import View
from tdconsole.views.formatting import Formats
from tdconsole.views.money import hand_for_hand_bust_note


def bust_command(names: Sequence[str], *, stack: Mapping[str, int] | None = None, by: Sequence[str] = (),
                 table: int | None = None, unplaced: bool = False, disqualified: bool = False) -> Bust:
    """The bust of the fields every interface names the same (the CLI's options, the web's body
    keys, `actions.players.BustRequest`): the action runs it, the previews decide it."""
    return Bust(names=list(names), stacks=dict(stack or {}), by=list(by), table=table, unplaced=unplaced,
                disqualified=disqualified)


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
    # A bust seats a waiting alternate by a draw (8A): a preview draws from a throwaway generator,
    # since it shows places and bounties, never the seat the real bust will draw.
    for event in decide(state, command.with_rng(Random(0)), now):
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


def rebuy_knockout_preview(state: TournamentState, name: str, now: datetime, *, double: bool = False,
                           knocked_out_by: Sequence[str] = ()) -> RebuyKnockout | None:
    """What `name`'s rebuy would pay its knockers now, by the same `decide` the service runs;
    a refusal raises its `TdError`."""
    command = Rebuy(name=name, double=double, knocked_out_by=list(knocked_out_by))
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


def bust_lines(state: TournamentState, rows: list[BustPreview]) -> list[str]:
    """What a bust will do, a line a player (the place, or in hand-for-hand the table and how the
    hand's busts will be placed), from its preview (`bust_preview`)."""
    lines: list[str] = []
    formats = Formats.of(state.house_rules)
    for row in rows:
        if row.place is None:
            lines.append(_("{name}: table {table}, placed when every table is done").format(
                name=row.name, table=row.table))
        else:
            place = f"{row.place}-{row.last_place}" if row.last_place else str(row.place)
            rules = f" ({', '.join(row.rules)})" if row.rules else ""
            lines.append(_("{name}: place {place}{rules}").format(name=row.name, place=place, rules=rules))
        for knocker, (cash, onto) in row.bounty.items():
            line = _("  {name} takes {cash} in cash").format(name=knocker, cash=formats.money(cash))
            if onto > 0:
                line += " " + _("and {amount} onto the bounty on the head").format(amount=formats.money(onto))
            lines.append(line)
    if any(row.place is None for row in rows):
        lines.append(hand_for_hand_bust_note(state))
    return lines


class BustAsk(View):
    """One thing a bust asks of the TD, as the remote draws its form from this view alone: the
    request field it fills (`by`, `stack`, `disqualified`; a `rebuy` offer is said, then asked
    before the bust), how it is answered, its label in the terminal's language, whether the bust
    is refused without it, and its choices."""

    field: Literal["by", "stack", "disqualified", "rebuy"]
    kind: Literal["choice", "number", "flag", "note"]
    label: str
    required: bool = False
    choices: list[str] = Field(default_factory=empty_list)  # a choice's names, as written
    player: str | None = None  # whose stack, or whose rebuy


class BustQuestions(View):
    """What a bust asks before it is done, in the order it is asked, for the TUI's bust dialog
    (tui/screens/players.py) and the remote (web/static/remote.js, `POST api/bust/questions`):
    one place decides when each question is put, so the two never ask differently."""

    names: list[str]  # as the tournament writes them
    # T-REBUY-1: each of them who could rebuy instead is asked first (not in hand-for-hand, whose
    # busts wait for the hand, nor for a disqualification).
    rebuy: list[RebuyOffer]
    # Who knocked them out: "required" in a progressive knockout while more than two would be left
    # (T-PKO-1: the bounty goes to the knocker; the bust is refused without one), "optional" with a
    # fixed bounty (T-BOUNTY-1: a knocker named takes it), "none" without bounties or for a
    # disqualification (C-PEN-1: knocked out by nobody).
    knocker: Literal["required", "optional", "none"]
    stacks: bool  # T-ELIM-1: two or more out in one hand are ranked by the chips they started it with
    hand_for_hand: bool  # T-H4H-1: placed once every table has finished the hand
    # The confirmation as it stands, first line the question, then each player's place (or table in
    # hand-for-hand) and what the bounty pays; None while the bust would be refused as typed
    # (`refused` says why in one line: a knocker still to be named, a name not in).
    confirm: list[str] | None
    refused: str | None = None
    # The same questions as the fields of a form, in order (the remote draws it from them).
    asks: list[BustAsk] = Field(default_factory=empty_list)


def bust_questions(state: TournamentState, now: datetime, names: Sequence[str], *,
                   stack: Mapping[str, int] | None = None, by: Sequence[str] = (), table: int | None = None,
                   unplaced: bool = False, disqualified: bool = False) -> BustQuestions:
    """The questions a bust of `names` asks (its fields as `bust_command` takes them); a name not
    still in raises its `TdError`, as the bust would."""
    players = [state.still_in(name) for name in names]
    command = bust_command(names, stack=stack, by=by, table=table, unplaced=unplaced,
                           disqualified=disqualified)
    h4h = state.hand_for_hand
    offers = [] if h4h is not None or disqualified else \
        [offer for player in players if (offer := rebuy_offer(state, player.id, now)) is not None]
    pending = len(h4h.pending) if h4h is not None else 0
    money = state.money
    knocker: Literal["required", "optional", "none"] = (
        "none" if disqualified
        else "required" if money.pko_share is not None and len(players) + pending < state.players_left - 1
        else "optional" if money.pko_share is not None or money.bounty else "none")
    confirm: list[str] | None = None
    refused = None
    try:
        rows = bust_preview(state, command, now)
    except TdError as error:
        refused = error_text(error)
    else:
        shown = [player.name for player in players]
        if disqualified:
            first = _("Disqualify {name} (C-PEN-1)? The bounty goes to the prize pool (T-PKO-4).").format(
                name=", ".join(shown))
        elif len(rows) == 1 and rows[0].place is not None and not rows[0].bounty:
            first = _("Bust {name} in place {place}?").format(name=rows[0].name, place=rows[0].place)
        else:
            first = _("Bust {name}?").format(name=", ".join(shown))
        confirm = [first] if len(rows) == 1 and rows[0].place is not None and not rows[0].bounty \
            else [first, *bust_lines(state, rows)]
    # T-ELIM-1: two or more out in one hand are ranked by the chips each started it with; in
    # hand-for-hand one alone is too, against the other tables' busts of the hand (T-H4H-1), unless
    # the house ties them or it is the hand that was being played when it began (RP-8A: they tie).
    # A disqualified player is placed on leaving, by no stack (C-PEN-1).
    ranked = h4h is not None and h4h.hand > 0 \
        and h4h.started.rules.hand_for_hand_across_tables == "rank-by-stack"
    stacks = not disqualified and (len(players) > 1 or ranked)
    busting = {player.id for player in players}
    asks = [BustAsk(field="rebuy", kind="note", player=offer.name,
                    label=_("{name} is offered a rebuy first (T-REBUY-1)").format(name=offer.name))
            for offer in offers]
    asks += [BustAsk(field="stack", kind="number", player=player.name,
                     label=_("Starting chips (T-ELIM-1)"))  # beside his name, a phone's narrow field
             for player in players if stacks]
    if knocker != "none":
        asks.append(BustAsk(
            field="by", kind="choice", required=knocker == "required",
            label=_("Knocked out by (bounty, T-PKO-1)") if knocker == "required"
            else _("Knocked out by (bounty, optional)"),
            choices=sorted(player.name for player in state.players.values()
                           if player.status == "seated" and player.id not in busting)))
    asks.append(BustAsk(field="disqualified", kind="flag",
                        label=_("Disqualified (C-PEN-1): knocked out by nobody")))
    return BustQuestions(names=[player.name for player in players], rebuy=offers, knocker=knocker,
                         stacks=len(players) > 1, hand_for_hand=h4h is not None, confirm=confirm,
                         refused=refused, asks=asks)

"""Players: bust, re-enter, add-ons, rebuys, chip counts, and undo (registration is in
`registration.py`)."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from collections.abc import Sequence
from typing import Any

from pydantic import Field

from tdconsole.actions.base import Request, action
from tdconsole.actions.registration import NameRequest, listed_alternates
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, RuleIds, TdError
from tdconsole.domain.events import (
    AddOnBought,
    BustSetAside,
    Envelope,
    HandForHandBust,
    PlayerBusted,
    PlayerSeated,
    Rebought,
    SatelliteEnded,
)
from tdconsole.domain.model import empty_dict, empty_list
from tdconsole.domain.money import handlers as money_handlers
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import UndoBlocked, undo_target
from tdconsole.i18n import _
from tdconsole.service import Service
from tdconsole.views.base import OptionalKeysView, View
from tdconsole.views.busts import RebuyKnockout, bust_command, rebuy_knockout
from tdconsole.views.chip_set import sale_warning
from tdconsole.views.formatting import Formats
from tdconsole.views.log import said
from tdconsole.views.money import (
    HandForHandView,
    TieView,
    hand_for_hand_view,
    payouts_or_error,
    payouts_view,
    ties,
)
from tdconsole.views.seating import (
    AlternateSeatedView,
    SeatedView,
    alternate_seatings,
    seated,
)
from tdconsole.views.tournament import (
    ChipCheckView,
    CommandView,
    LogRow,
    chip_check_view,
    command_of,
    command_view,
    log_view,
    undo_refusal,
)

# ---------------------------------------------------------------- busts, re-entries, add-ons, chips


class BustRequest(Request):
    names: list[str]
    stack: dict[str, int] = Field(default_factory=empty_dict)  # chips at the start of the hand (T-ELIM-1)
    by: list[str] = Field(default_factory=empty_list)  # who knocked them out (T-BOUNTY-1)
    table: int | None = None  # hand-for-hand: the table of an unseated player
    unplaced: bool = False  # a late report: placed last of those unplaced (T-ELIM-3)
    disqualified: bool = False  # C-PEN-1: knocked out by nobody; his bounty to the pool (T-PKO-4)


class BustedRow(OptionalKeysView):
    """One busted player: placed now, or pending until every hand-for-hand table is done."""

    OMITTED_WHEN_NONE = frozenset({"rules", "bounty", "placed_last", "pending", "table", "head",
                                   "disqualified", "to_pool"})

    id: str
    name: str
    place: int | None
    last_place: int | None
    tied_with: list[str]
    prize: int | None
    rules: RuleIds | None = None
    bounty: dict[str, int] | None = None
    placed_last: bool | None = None
    pending: bool | None = None
    table: int | None = None
    # A progressive knockout: what each knocker added to his own bounty (T-PKO-1); `bounty` is
    # what each took in cash. A disqualification's bounty went to the prize pool (T-PKO-4).
    head: dict[str, int] | None = None
    disqualified: bool | None = None
    to_pool: int | None = None


class SatelliteOverView(View):
    """T-SAT-2: the bust ended the satellite: everyone left wins a seat worth `seat`."""

    winners: list[str]
    seat: int


class BustResult(OptionalKeysView):
    # Only when alternates were seated; only when the bust ended the satellite.
    OMITTED_WHEN_NONE = frozenset({"alternates_seated", "satellite_over"})

    busted: list[BustedRow]
    # Each tie a busted row is in, whole and once (a row's `tied_with` names a dozen at most).
    ties: list[TieView]
    players_left: int
    hand_for_hand: HandForHandView
    # Each freed seat went to the next alternate, in order (T-REG-1, 8A).
    alternates_seated: list[AlternateSeatedView] | None = None
    satellite_over: SatelliteOverView | None = None
    # What the TD is told, a line each, in the terminal's language (`bust_said`: the log's own
    # sentences): the CLI prints them and the remote shows them, so a bust is worded once.
    said: list[str] = Field(default_factory=empty_list)


def bust_said(envelopes: Sequence[Envelope], state: TournamentState, rows: Sequence[BustedRow]) -> list[str]:
    """A bust's lines, the one wording every interface shows: each event of the command in the
    log's own sentence (`views.log.said`: the place, or the table whose hand he waits for,
    T-H4H-1; the bounties; the alternates seated in the freed seats, T-REG-1; the satellite's end,
    T-SAT-2), and after a player's bust the prize his place pays."""
    prizes = {row.id: row for row in rows if row.prize}
    money = Formats.of(state.house_rules).money
    lines = []
    for envelope, line in zip(envelopes, said(envelopes, state), strict=True):
        lines.append(line)
        event = envelope.event
        if isinstance(event, PlayerBusted) and (row := prizes.get(event.player_id)) is not None:
            lines.append(_("Prize to {name}: {amount}").format(name=row.name, amount=money(row.prize or 0)))
    return lines


@action("bust", web=True, commands=(commands.Bust,))
def bust(service: Service, request: BustRequest) -> BustResult:
    """Bust players in one hand: ranked by starting stack, equal stacks tie (T-ELIM-1)."""
    envelopes = service.execute(bust_command(**request.model_dump()))
    # The places and prizes as `state --json` has them, worked out for the players out alone
    # (at festival size the whole state view is 10,000 players and 1,112 tables).
    state = service.state
    structure, _error = payouts_or_error(state)
    standings = money_handlers.standings(state, structure)
    busts = [envelope.event for envelope in envelopes
             if isinstance(envelope.event, PlayerBusted | HandForHandBust)]
    tied = ties(state, standings, of=[event.player_id for event in busts])
    players = state.players
    rows: list[BustedRow] = []
    for event in busts:
        player, standing = players[event.player_id], standings[event.player_id]
        extra: dict[str, Any] = (
            {"rules": event.rules, "bounty": {players[k].name: v for k, v in event.bounty.items()},
             "placed_last": event.placed_last, "head": {players[k].name: v for k, v in event.head.items()},
             "disqualified": event.disqualified, "to_pool": event.to_pool} if isinstance(event, PlayerBusted)
            else {"pending": True, "table": event.table})
        rows.append(BustedRow(id=player.id, name=player.name, place=standing.place,
                              last_place=standing.last_place, tied_with=tied.tied_with.get(player.id, []),
                              prize=standing.prize, **extra))
    ended = next((env.event for env in envelopes if isinstance(env.event, SatelliteEnded)), None)
    paid_places = 0 if structure is None else len(structure.payouts)
    result = BustResult(busted=rows, ties=tied.listed, players_left=state.players_left,
                        hand_for_hand=hand_for_hand_view(state, paid_places),
                        alternates_seated=alternate_seatings(envelopes, state) or None,
                        satellite_over=None if ended is None else SatelliteOverView(
                            winners=[players[winner].name for winner in ended.winners], seat=ended.seat))
    return result.model_copy(update={"said": bust_said(envelopes, state, rows)})


class ReenterResult(OptionalKeysView):
    OMITTED_WHEN_NONE = frozenset({"alternate", "chip_set"})  # only when the re-entry waits; the box used up

    id: str | None  # None: every seat is taken, the new entry waits as `alternate`
    name: str
    entry: int
    entries: int
    players_left: int
    earlier_entry_can_cash: bool
    table: int | None  # after the draw: seated at once (TDA 8A)
    seat: int | None
    waits: bool | None  # T-MOVE-2: not dealt in until the button passes
    seated: list[SeatedView] = Field(default_factory=empty_list, exclude=True)  # as register says it
    alternate: int | None = None  # every seat is taken: the re-entry waits with this number (T-REG-1)
    chip_set: str | None = None  # the box is used up: a warning, never a refusal (T-CHIPS-4)
    # What the TD is told: the log's own sentence for each event the re-entry made (`views.log.said`).
    said: list[str] = Field(default_factory=empty_list)


@action("reenter", web=True, commands=(commands.Reenter,))
def reenter(service: Service, request: NameRequest) -> ReenterResult:
    """A busted player buys a new entry (T-REG-1); it has its own place. With every seat taken it
    waits as an alternate."""
    envelopes = service.execute(commands.Reenter(name=request.name))
    places = seated(envelopes, service.state)
    player = service.state.find(request.name)
    if waiting := listed_alternates(envelopes):
        return ReenterResult(
            id=None, name=player.name, entry=player.entry + 1, entries=service.state.entries,
            players_left=service.state.players_left,
            earlier_entry_can_cash=service.state.house_rules.eliminations.earlier_entry_can_cash,
            table=None, seat=None, waits=None, alternate=waiting[0].alternate,
            chip_set=sale_warning(service.state), said=said(envelopes, service.state))
    return ReenterResult(
        id=player.id, name=player.name, entry=player.entry, entries=service.state.entries,
        players_left=service.state.players_left,
        earlier_entry_can_cash=service.state.house_rules.eliminations.earlier_entry_can_cash,
        table=player.table, seat=player.seat, waits=places[0].waits if places else None, seated=places,
        chip_set=sale_warning(service.state), said=said(envelopes, service.state))


class AddOnRequest(Request):
    names: list[str]
    paid: str | None = None  # how it was paid (default: the house's default method)
    unpaid: bool = False  # not paid yet: settled later with `pay`


class AddOnResult(OptionalKeysView):
    OMITTED_WHEN_NONE = frozenset({"chip_set"})

    add_ons: list[str]
    prize_pool: int
    chips_in_play: int  # each add-on adds its chips (money.add_on_chips)
    average_stack: int | None
    chip_set: str | None = None  # the box is used up: a warning, never a refusal (T-CHIPS-4)


@action("add-on", web=True, commands=(commands.AddOn,))
def add_on(service: Service, request: AddOnRequest) -> AddOnResult:
    """Sell each player named an add-on where the night sells it (T-ADDON-1), within the limit per
    player (T-ADDON-2)."""
    envelopes = service.execute(commands.AddOn(names=request.names, paid=request.paid,
                                               unpaid=request.unpaid))
    state = service.state
    return AddOnResult(add_ons=[state.players[envelope.event.player_id].name for envelope in envelopes
                                if isinstance(envelope.event, AddOnBought)],
                       prize_pool=payouts_view(state).prize_pool,
                       chips_in_play=money_handlers.chips_in_play(state),
                       average_stack=money_handlers.average_stack(state),
                       chip_set=sale_warning(state))


class RebuyRequest(Request):
    name: str
    double: bool = False  # two rebuys at once (T-REBUY-4)
    stack: int = 0  # the chips he has now (T-REBUY-3); 0: he has just busted
    seed: int | None = None  # after the bust, his seat taken: repeat the seat draw exactly
    paid: str | None = None  # how it was paid (default: the house's default method)
    unpaid: bool = False  # not paid yet: settled later with `pay`
    # Bought instead of the bust: who knocked him out (T-PKO-6: a PKO's knockout stands); empty:
    # not known.
    knocked_out_by: list[str] = Field(default_factory=empty_list)


class RebuyResult(OptionalKeysView):
    # Only for a rebuy after the bust (T-REBUY-1): the place set aside; only with a knocker named
    # for a rebuy instead of the bust: what he takes (T-PKO-6).
    OMITTED_WHEN_NONE = frozenset({"bust_set_aside", "knockout", "chip_set"})

    name: str
    count: int  # bought now: 2 for a double rebuy
    rebuys: int  # his rebuys so far
    rebuys_left: int | None  # under the limit (T-REBUY-2); None: no limit
    table: int | None  # he keeps his seat (after the bust: the one he left if free, else drawn)
    seat: int | None
    total_rebuys: int
    prize_pool: int
    chips_in_play: int
    average_stack: int | None
    players_left: int
    bust_set_aside: int | None = None  # rebought after his bust: the place that no longer stands
    seat_drawn: bool = False  # after the bust his seat was taken: a late entry's draw (8A)
    waits: bool | None = None  # T-MOVE-2: seated again, not dealt in until the button passes
    knockout: RebuyKnockout | None = None  # instead of the bust, a knocker named (T-PKO-6)
    chip_set: str | None = None  # the box is used up: a warning, never a refusal (T-CHIPS-4)
    # What the TD is told: the log's own sentence for each event the rebuy made (`views.log.said`).
    said: list[str] = Field(default_factory=empty_list)


@action("rebuy", web=True, commands=(commands.Rebuy,))
def rebuy(service: Service, request: RebuyRequest) -> RebuyResult:
    """A player buys chips again in the rebuy period (T-REBUY-1..4): he keeps his entry and seat.
    Bought after his bust, the bust is set aside and he sits down again (his seat if still free)."""
    from tdconsole.domain.players.rebuys import rebuys_left

    envelopes = service.execute(commands.Rebuy(name=request.name, double=request.double,
                                               stack=request.stack, seed=request.seed, paid=request.paid,
                                               unpaid=request.unpaid,
                                               knocked_out_by=request.knocked_out_by))
    state = service.state
    bought = next(env.event for env in envelopes if isinstance(env.event, Rebought))
    aside = next((env.event for env in envelopes if isinstance(env.event, BustSetAside)), None)
    seated = next((env.event for env in envelopes if isinstance(env.event, PlayerSeated)), None)
    player = state.players[bought.player_id]
    return RebuyResult(name=player.name, count=bought.count, rebuys=player.rebuys,
                       rebuys_left=rebuys_left(state, player), table=player.table, seat=player.seat,
                       total_rebuys=sum(p.rebuys for p in state.players.values()),
                       prize_pool=payouts_view(state).prize_pool,
                       chips_in_play=money_handlers.chips_in_play(state),
                       average_stack=money_handlers.average_stack(state), players_left=state.players_left,
                       bust_set_aside=None if aside is None else aside.place,
                       seat_drawn=seated is not None and seated.late,
                       waits=None if seated is None else seated.waits,
                       knockout=rebuy_knockout(state, bought), chip_set=sale_warning(state),
                       said=said(envelopes, state))


class ChipsRequest(Request):
    counts: dict[str, int]  # the chips of players still in (a table's count, or for a deal)
    by: str | None = None  # who counted; None: whoever runs it (the web sets the one logged in)


class ChipsResult(View):
    chips: dict[str, int]
    # T-CHIPS-3: whether every count so far adds up to the chips in play (its `warning` is shown).
    check: ChipCheckView


@action("chips", web=True, commands=(commands.CountChips,))
def chips(service: Service, request: ChipsRequest) -> ChipsResult:
    """Record chip counts (T-CHIPS-3): a table's counted by the floor during play, or for a deal;
    counts that do not add up are recorded and the check says so, for the TD to look at."""
    service.execute(commands.CountChips(counts=request.counts, by=request.by or service.actor))
    state = service.state
    return ChipsResult(chips={state.players[i].name: n for i, n in state.chips.items()},
                       check=chip_check_view(state))


# ---------------------------------------------------------------- undo


class UndoRequest(Request):
    anyone: bool = False  # the last command of anyone, not the actor's own
    yes: bool = False  # with `anyone`: the interface showed that command and was told yes
    # The very command the interface showed and was told yes to: if another was written since, the
    # undo refuses instead of taking back one nobody saw.
    command_id: str | None = None


class UndoResult(View):
    undone: CommandView
    events: list[LogRow]


def last_command(service: Service) -> CommandView:
    """The command `undo --any` would take back, as the log shows it (to ask before undoing)."""
    service.refresh()
    return command_view(service.log, undo_target(service.state, commands.Undo(any=True)).command_id)


@action("undo", web=True, commands=(commands.Undo,))
def undo(service: Service, request: UndoRequest) -> UndoResult:
    """Undo the actor's last command (it stays in the log, marked undone); with `anyone`, anyone's,
    which the interface shows first and asks about (`yes`)."""
    command = commands.Undo(actor=service.actor, command_id=request.command_id)
    if request.anyone:
        if not request.yes:
            raise InvalidInput("anyone's last command is taken back only when the TD said yes to it",
                               field="yes")
        command_id = request.command_id or last_command(service).command_id
        command = commands.Undo(any=True, command_id=command_id)
    try:
        service.execute(command)
    except UndoBlocked as error:  # name the later command in the log's words
        raise TdError(undo_refusal(error, service.log)) from None
    target_id = service.log[-1].event.command_id  # type: ignore[union-attr]
    undone = log_view(service.log, set(), target_id)
    return UndoResult(undone=command_of(undone, target_id), events=undone)

"""What the interfaces show: the tournament at one moment as typed views (the `--json` contract).

The keys are a contract: add keys freely, never rename them (tests/cli/test_json_contract.py).
"""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

import heapq
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import Field, field_serializer

from tdconsole.domain.calculators.antes import AnteRow, ante_table
from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.late_registration import registration_open
from tdconsole.domain.clock.structure import Break, Level

# The clock panel keeps the last reading and names the warning: both types are read through here.
from tdconsole.domain.clock.timing import ClockReading as ClockReading
from tdconsole.domain.clock.timing import Warning as Warning
from tdconsole.domain.clock.timing import warning_between
from tdconsole.domain.errors import NotFound, TdError
from tdconsole.domain.events import Envelope, Event
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.payouts import Payout, PayoutStructure
from tdconsole.domain.money.prize_pool import PrizePool
from tdconsole.domain.players import flights
from tdconsole.domain.players.add_ons import add_on_sold, add_on_window
from tdconsole.domain.players.rebuys import rebuy_status
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key
from tdconsole.domain.tournament import UndoBlocked, undo_target
from tdconsole.i18n import N_, _, error_text
from tdconsole.views.base import OptionalKeysView, View
from tdconsole.views.forecast import ForecastView, forecast_view
from tdconsole.views.formatting import Formats, format_clock, format_duration
from tdconsole.views.games import GameView, game_view
from tdconsole.views.money import (
    BountiesView,
    DealView,
    HandForHandView,
    MysteryView,
    PaidRow,
    TieView,
    bounties_view,
    deal_view,
    hand_for_hand_view,
    mystery_view,
    paid_rows,
    payouts_or_error,
    ties,
)
from tdconsole.views.rulings import PenaltyRow, penalties_view
from tdconsole.views.seating import ShootoutView, TableView, shootout_view, tables_view


class LevelView(View):
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    # A mixed night's (RP-18): the game the level names; None plays the tournament's game.
    game: str | None = None
    # Its limits when it is a limit level of a named game: what the room bets, not the blinds.
    bets: list[int] | None = None


def level_view(level: Level | None) -> LevelView | None:
    if level is None:
        return None
    played = level.played
    return LevelView(small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante,
                     minutes=level.minutes, game=played.name if played else None,
                     bets=None if level.bets is None else list(level.bets))


class BreakView(View):
    """The break being played or the next one."""

    break_: int = Field(alias="break")  # its number: the first break is 1
    after_level: int
    minutes: int
    # T-COLOR-1: the chips coloured up there.
    color_up: list[int]
    # T-REG-1: an add-on is on sale there.
    add_on: bool
    now: bool


class AddOnWindowView(View):
    """T-ADDON-1: the add-on sold in a stated window of levels (the marked break's is `add_on`)."""

    from_level: int
    until_level: int
    open: bool


class LateRegistrationView(View):
    level: int | None
    open: bool


class RebuysView(View):
    """T-REBUY-1..4 as the clock and the TV show them: on offer, open now, the last level (the one
    before the first break when the period ends there), the counts so far, and the offer's terms."""

    offered: bool
    open: bool
    until_level: int | None
    until_break: bool
    rebuys: int
    add_ons: int
    double: bool
    limit: int | None
    who: str


def rebuys_view(state: TournamentState, now: datetime) -> RebuysView:
    status, rebuy = rebuy_status(state, now), state.money.rebuy
    return RebuysView(offered=status.offered, open=status.open, until_level=status.until_level,
                      until_break=status.until_break, rebuys=status.rebuys, add_ons=status.add_ons,
                      double=rebuy.double, limit=rebuy.limit, who=rebuy.who)


class ClockView(View):
    """The clock at one moment (`clock ... --json`, and `state --json` under `clock`)."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    running: bool
    started: bool
    remaining_seconds: int
    remaining: str
    on_break: bool
    period: int
    periods: int
    next_level: LevelView | None
    seconds_to_break: int | None
    # Wall-clock times (the club's time zone, with the offset) only while the clock runs: a paused
    # clock has none.
    level_ends_at: str | None
    break_at: str | None
    # T-COLOR-1: the next break says which chips are coloured up there.
    next_break: BreakView | None
    # T-ANTE-2 / RP-11 by the house rules: the ante at each table size, largest tables first.
    antes: list[AnteRow]
    late_registration: LateRegistrationView
    add_on: BreakView | None
    rebuys: RebuysView
    add_on_window: AddOnWindowView | None = None
    # The level's game (issue 41), the tournament's unless the level names one (RP-18).
    game: GameView | None = None


def clock_tick(state: TournamentState, now: datetime,
               before: ClockReading | None) -> tuple[ClockReading, Warning | None]:
    """The clock read at `now`, and the warning ("one-minute", "change") that fell due since the
    reading `before` (None the first time): the clock panel looks four times a second."""
    reading = clock_ops.read(state.info.structure, state.clock, now)
    return reading, warning_between(before, reading) if before is not None else None


def clock_view(state: TournamentState, now: datetime) -> ClockView:
    """The clock at `now`, with the ante each table size posts under the rules in force."""
    structure = state.info.structure
    reading = clock_ops.read(structure, state.clock, now)
    rules = state.house_rules.ante
    level = reading.level
    zone = ZoneInfo(state.house_rules.money.time_zone)
    return ClockView(
        level=structure.shown_level(reading.period),
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        running=reading.running,
        started=reading.started,
        remaining_seconds=_whole(reading.remaining),
        remaining=format_duration(reading.remaining),
        on_break=reading.on_break,
        period=reading.period + 1,
        periods=len(structure.periods),
        next_level=level_view(reading.next_level),
        seconds_to_break=None if reading.seconds_to_break is None else _whole(reading.seconds_to_break),
        level_ends_at=_wall_time(now, reading.remaining, reading.running, zone),
        break_at=_wall_time(now, reading.seconds_to_break, reading.running and not reading.on_break, zone),
        next_break=_break_from(state, reading.period),
        # A stud level's ante is every player's, the same at any table size: no big blind ante.
        antes=[] if level.stud_bring_in else ante_table(level.small_blind, level.big_blind, level.ante,
                                                        rules),
        late_registration=LateRegistrationView(level=state.info.late_reg_level,
                                               open=registration_open(state, now)),
        add_on=_break_from(state, reading.period, add_on_only=True),
        rebuys=rebuys_view(state, now),
        add_on_window=_add_on_window(state, reading.period),
        game=game_view(level, state.info.game),
    )


def _add_on_window(state: TournamentState, period: int) -> AddOnWindowView | None:
    """T-ADDON-1: the window of levels the add-on is sold in, when the night states one."""
    if not state.money.add_on_window or not add_on_sold(state) or state.status == "finished":
        return None
    structure = state.info.structure
    window = add_on_window(structure, state.money)
    assert window.first is not None and window.last is not None
    return AddOnWindowView(from_level=structure.shown_level(window.first),
                           until_level=structure.shown_level(window.last), open=window.open_at(period))


def level_now(state: TournamentState, now: datetime) -> Level:
    """The level being played at `now` (the next one during a break): the floor calculator's."""
    return clock_ops.read(state.info.structure, state.clock, now).level


def _whole(seconds: float) -> int:
    # Rounded up like the digits on the clock, so the time left and the time to the break agree.
    return int(-(-seconds // 1))


def _wall_time(now: datetime, seconds: float | None, running: bool, zone: ZoneInfo) -> str | None:
    # On the club's clock (money.time_zone), not the machine's: a laptop or server set to UTC
    # must still say the level ends at 20:34 in Copenhagen.
    if seconds is None or not running:
        return None
    return (now + timedelta(seconds=seconds)).astimezone(zone).isoformat(timespec="seconds")


def _break_from(state: TournamentState, period: int, add_on_only: bool = False) -> BreakView | None:
    """The break being played or the next one (with an add-on, T-ADDON-1, if `add_on_only`). A
    break the structure marks for an add-on shows none when the night sells it elsewhere (a stated
    window) or not at all (no price): the clock and the TV never announce an add-on not on sale."""
    structure = state.info.structure
    at_breaks = add_on_sold(state) and not state.money.add_on_window
    for index in range(period, len(structure.periods)):
        candidate = structure.periods[index]
        add_on = candidate.add_on and at_breaks if isinstance(candidate, Break) else False
        if isinstance(candidate, Break) and (add_on or not add_on_only):
            return BreakView(break_=sum(isinstance(p, Break) for p in structure.periods[: index + 1]),
                             after_level=structure.shown_level(index) - 1, minutes=candidate.minutes,
                             color_up=candidate.color_up, add_on=add_on, now=index == period)
    return None


class TournamentInfoView(View):
    id: int
    name: str
    status: str
    # The one player left once the status is "finished" (null before).
    winner: str | None
    game: str
    buy_in: int
    fee: int
    starting_stack: int
    seats_per_table: int
    structure: str
    late_reg_level: int | None
    # T-SIGNUP-1: the players it needs to run (`new --min-players`), and the sign-ups waiting.
    min_players: int | None = None
    signups: int = 0


class PlayerView(View):
    """One entry in `state --json`: where he sits, and his place and prize once decided."""

    id: str
    name: str
    status: str
    table: int | None
    seat: int | None
    place: int | None
    # T-ELIM-3: the place is "last of those unplaced", not an established one.
    placed_last: bool
    last_place: int | None
    prize: int | None
    tied_with: list[str]
    entry: int
    knockouts: int
    bounties: int
    add_ons: int
    chips: int | None
    # The bounty on his head now (a PKO's grows with his knockouts, T-PKO-1; 0 once out) and the
    # bounty money he has won in cash (the same as `bounties`).
    bounty: int = 0
    bounty_cash: int = 0
    disqualified: bool = False
    ticket: str | None = None  # the won seat that paid this entry's buy-in (T-SAT-4)
    rebuys: int = 0  # T-REBUY-1 (a double rebuy counts two)
    # When his last count (`chips`) was taken (T-CHIPS-3), ISO 8601; None without one.
    chips_at: str | None = None


class ChipLeaderRow(View):
    """One of the biggest stacks by their last counts (T-CHIPS-3), and in big blinds now."""

    name: str
    chips: int
    table: int | None
    seat: int | None
    bb: float | None


class ChipCheckView(View):
    """The counts against the chips in play (`money.chip_check`, T-CHIPS-3): `warning` is the line
    shown to the TD when they are off by more than the house's tolerance (a count is not refused)."""

    counted: int
    players_left: int
    total: int
    in_play: int
    difference: int
    tolerance: int
    off: bool
    warning: str | None


# The leaders the state document and the TV list.
CHIP_LEADERS = 10


def chip_leaders(state: TournamentState, big_blind: int | None) -> list[ChipLeaderRow]:
    """The CHIP_LEADERS biggest last counts of the players still in (ties by name), read from the
    counts alone: a festival's 10,000 rows are not walked."""
    counts = ((chips, state.players[player_id]) for player_id, chips in state.chips.items())
    top = heapq.nsmallest(CHIP_LEADERS, ((-chips, p.name, p) for chips, p in counts if p.status != "busted"))
    return [ChipLeaderRow(name=p.name, chips=-minus, table=p.table, seat=p.seat,
                          bb=round(-minus / big_blind, 1) if big_blind else None) for minus, _name, p in top]


def counting_sheet(state: TournamentState, table: int) -> list[dict[str, Any]]:
    """The seats of `table` in order, each with its player and his last count (T-CHIPS-3): the
    remote's form for counting a table; a table not in play is one line."""
    found = state.room.get(table)
    if found is None or not found.occupants:
        raise NotFound("no table {table} in play", table=table, field="table")
    rows = []
    for seat, name in sorted(found.occupants.items()):  # the room seats names: their newest entry
        player_id = state.by_name[name_key(name)]
        count = state.counted.get(player_id)
        rows.append({"seat": seat, "name": name, "chips": state.chips.get(player_id),
                     "chips_at": None if count is None else count.at.isoformat()})
    return rows


def chip_check_view(state: TournamentState, in_play: int | None = None) -> ChipCheckView:
    check = money.chip_check(state, in_play)
    number = Formats.of(state.house_rules).number
    warning = _("T-CHIPS-3: the counts of {counted} of {left} players add up to {total}, the chips in "
                "play are {in_play}: off by {difference}, more than the tolerance of {tolerance}").format(
        counted=check.counted, left=check.players_left, total=number(check.total, 0),
        in_play=number(check.in_play, 0), difference=number(check.difference, 0),
        tolerance=number(check.tolerance, 0)) if check.off else None
    return ChipCheckView(counted=check.counted, players_left=check.players_left, total=check.total,
                         in_play=check.in_play, difference=check.difference, tolerance=check.tolerance,
                         off=check.off, warning=warning)


class BagView(View):
    """A survivor's bag (T-FLIGHT-2): the slip's and `bag --json`'s row."""

    name: str
    chips: int
    bag: int
    flight: str


class FlightView(View):
    """A flight of an event (T-FLIGHT-1): where it stops, who has bagged and who has not."""

    event: str
    stop_level: int | None
    bags: list[BagView]
    unbagged: list[str]


class StackOriginView(View):
    player_id: str
    name: str
    chips: int
    flight: str
    flight_id: int
    bag: int


class Day2View(View):
    """Day 2 of an event (T-DAY2-1): the whole event's entries, the draw and where each stack came from."""

    event: str
    entries: int
    draw: str
    seed: int | None
    stacks: list[StackOriginView]


class FiguresView(View):
    """What the clock shows besides the clock: the counts, the money, hand-for-hand and what is
    paid (the ladder). Its own view: at festival size `state_view` builds 10,000 players and 1,112
    tables, a tenth of a second and more after every bust, that the clock does not show."""

    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int | None
    prize_pool: int
    hand_for_hand: HandForHandView
    paid: list[PaidRow]
    # When the bubble, the final table and the end come, from the night's own bust rate.
    forecast: ForecastView


class StateView(OptionalKeysView):
    """`state --json`: the tournament at one moment, for scripts and every screen."""

    OMITTED_WHEN_NONE = frozenset({"payouts_error", "flight", "day2", "mystery", "shootout"})

    tournament: TournamentInfoView
    clock: ClockView
    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int | None
    average_stack_bb: float | None
    players: list[PlayerView]
    # Each tie whole and once (a player's `tied_with` names a dozen of it at most).
    ties: list[TieView]
    # Every table as `tables --json` shows it (names, button, blinds, status).
    tables: list[TableView]
    # Who is sitting out a penalty now and how much is left (`rulings penalties`).
    serving_penalties: list[PenaltyRow]
    prize_pool: int
    money: PrizePool
    payouts: list[Payout]
    payouts_error: str | None = None
    hand_for_hand: HandForHandView
    deal: DealView | None
    # What is paid: an approved deal's amounts for its players, the ladder outside it (T-DEAL-1).
    paid: list[PaidRow]
    # Where the bounty money is (a PKO's totals balance, T-PKO-1..5).
    bounties: BountiesView | None = None
    # T-MYSTERY-1: the envelopes left, with mystery bounties only.
    mystery: MysteryView | None = None
    # When the bubble, the final table and the end come (views/forecast.py).
    forecast: ForecastView | None = None
    flight: FlightView | None = None
    day2: Day2View | None = None
    # T-CHIPS-3: the biggest stacks by their last counts, and whether the counts add up.
    chip_leaders: list[ChipLeaderRow] = Field(default_factory=list)
    chip_check: ChipCheckView | None = None
    # A shootout's round and each of its tables (T-SHOOT-1..4); only in a shootout.
    shootout: ShootoutView | None = None


def flight_view(state: TournamentState) -> FlightView | None:
    flight = state.flight
    if flight is None:
        return None
    bags = sorted(state.bags.values(), key=lambda bag: bag.bag)
    return FlightView(
        event=flight.event, stop_level=flight.stop_level,
        bags=[BagView(name=state.players[bag.player_id].name, chips=bag.chips, bag=bag.bag,
                      flight=state.info.name)
              for bag in bags if state.players[bag.player_id].status != "busted"],
        unbagged=flights.unbagged(state))


def day2_view(state: TournamentState) -> Day2View | None:
    day2 = state.day2
    if day2 is None:
        return None
    return Day2View(event=day2.event, entries=day2.buy_ins + day2.re_entries, draw=day2.draw, seed=day2.seed,
                    stacks=[StackOriginView(player_id=origin.player_id,
                                            name=state.players[origin.player_id].name, chips=origin.chips,
                                            flight=origin.flight, flight_id=origin.flight_id, bag=origin.bag)
                            for origin in day2.origins if origin.player_id in state.players])


def figures_view(state: TournamentState, now: datetime) -> FiguresView:
    structure, _error = payouts_or_error(state)
    return _figures(state, structure, money.standings(state, structure), money.pool(state), now)


def _figures(state: TournamentState, structure: PayoutStructure | None,
             standings: dict[str, money.Standing], pool: PrizePool, now: datetime) -> FiguresView:
    chips = money.chips_in_play(state)
    return FiguresView(  # T-DAY2-1: Day 2's entries are the whole event's, as its payouts are
        entries=money.paid_entries(state), players_left=state.players_left,
        chips_in_play=chips,
        average_stack=money.average_stack(state, chips), prize_pool=pool.prize_pool,
        hand_for_hand=hand_for_hand_view(state, 0 if structure is None else len(structure.payouts)),
        paid=paid_rows(state, structure, standings),
        forecast=forecast_view(state, now, chips=chips,
                               paid=0 if structure is None else len(structure.payouts)))


def state_view(state: TournamentState, tournament_id: int, now: datetime) -> StateView:
    info = state.info
    clock = clock_view(state, now)
    structure, error = payouts_or_error(state)
    standings = money.standings(state, structure)
    pool = money.pool(state)
    figures = _figures(state, structure, standings, pool, now)
    average = figures.average_stack
    tied = ties(state, standings)
    # Each row's keys in the order PlayerView declares them: the row is then the view's own fields.
    # The lookups are bound once: this runs for each of a festival's 10,000 players.
    tied_with, chips, counted = tied.tied_with.get, state.chips.get, state.counted.get
    bounty = state.bounty_on_head
    players = PlayerView.made(
        {"id": (pid := player.id), "name": player.name, "status": player.status, "table": player.table,
         "seat": player.seat, "place": standing.place, "placed_last": player.placed_last,
         "last_place": standing.last_place, "prize": standing.prize,
         "tied_with": tied_with(pid, []), "entry": player.entry, "knockouts": player.knockouts,
         "bounties": player.bounties, "add_ons": player.add_ons, "chips": chips(pid),
         "bounty": bounty(player), "bounty_cash": player.bounties,
         "disqualified": player.disqualified, "ticket": player.ticket, "rebuys": player.rebuys,
         "chips_at": None if (count := counted(pid)) is None else count.at.isoformat()}
        for player in state.players.values() for standing in (standings[player.id],)
    )
    payouts = [] if structure is None else structure.payouts
    # Made, not validated: every field is a view or a value made here (validating it would check
    # a festival's 10,000 player rows and 1,112 tables again, one by one).
    return StateView.made_one(
        tournament=TournamentInfoView(
            id=tournament_id, name=info.name, status=state.status,
            winner=state.winner.name if state.winner else None, game=info.game, buy_in=info.buy_in,
            fee=info.fee, starting_stack=info.starting_stack, seats_per_table=info.seats_per_table,
            structure=info.structure.name, late_reg_level=info.late_reg_level,
            min_players=info.min_players, signups=len(state.signups),
        ),
        clock=clock,
        entries=figures.entries,
        players_left=figures.players_left,
        chips_in_play=figures.chips_in_play,
        average_stack=average,
        average_stack_bb=None if average is None else round(average / clock.big_blind, 1),
        players=players,
        ties=tied.listed,
        tables=tables_view(state.room, state.house_rules),
        serving_penalties=[row for row in penalties_view(state, now) if row.serving],
        prize_pool=figures.prize_pool,
        money=pool,
        payouts=payouts,
        payouts_error=error,
        hand_for_hand=figures.hand_for_hand,
        deal=deal_view(state),
        paid=figures.paid,
        bounties=bounties_view(state),
        mystery=mystery_view(state),
        forecast=figures.forecast,
        flight=flight_view(state),
        day2=day2_view(state),
        chip_leaders=chip_leaders(state, clock.big_blind),
        chip_check=chip_check_view(state, figures.chips_in_play),
        shootout=shootout_view(state),
    )


class LogRow(View):
    """One event of the log (`log --json`, `undo --json`): who did what when, and whether undone."""

    seq: int
    time: str
    actor: str
    command_id: str
    type: str
    # The event as logged, but for the structure (too long; `structure show` has it).
    event: Event
    undone: bool
    # The event as one sentence with names ("Carl Berg busts in 25th, knocked out by Erik Sand"),
    # its kind (the log screen's filter), and who undid it and when (null unless undone). `summary`
    # is the same sentence: the key scripts read before `text` came (keys are never taken away).
    summary: str
    text: str
    kind: str
    undone_by: str | None
    undone_at: str | None

    @field_serializer("event")
    def _event(self, event: Event) -> dict[str, Any]:
        return event.model_dump(mode="json", exclude={"structure"})


def log_view(envelopes: Sequence[Envelope], undone: set[str], command_id: str | None = None) -> list[LogRow]:
    """The log's rows; with `command_id`, that command's alone. The whole log is read either way
    (a sentence names what earlier events established), but only the rows shown are made: undo
    shows one command of a festival's 40,000 events."""
    # Imported here: the other views here (`state --json`) make no sentence (the fast-CLI contract).
    from tdconsole.views.log import log_entries

    return LogRow.many(
        {"seq": e.seq, "time": e.time.isoformat(), "actor": e.actor, "command_id": e.command_id,
         "type": e.event.type, "event": e.event, "undone": e.command_id in undone,
         "summary": entry.text, "text": entry.text, "kind": entry.kind,
         "undone_by": entry.undone_by if e.command_id in undone else None,
         "undone_at": entry.undone_at if e.command_id in undone else None}
        for e, entry in zip(envelopes, log_entries(envelopes), strict=True)
        if command_id is None or e.command_id == command_id
    )


class CommandView(View):
    """One command as undo shows it, before and after (`undo --json` under `undone`)."""

    command_id: str
    verb: str
    actor: str
    time: str
    seq: int
    summary: str
    text: str


def command_view(envelopes: Sequence[Envelope], command_id: str) -> CommandView:
    """One command as undo shows it, before and after: what it did, who made it and when."""
    return command_of(log_view(envelopes, set(), command_id), command_id)


def command_of(rows: list[LogRow], command_id: str) -> CommandView:
    """The command whose log rows are `rows`: the verb is its first event's type, as the log names
    it; the summary covers all of its events."""
    if not rows:
        raise NotFound("no command {command_id} in this tournament's log", command_id=command_id)
    text = "; ".join(row.text for row in rows)
    return CommandView(command_id=command_id, verb=rows[0].type, actor=rows[0].actor,
                       time=rows[0].time, seq=rows[0].seq, summary=text, text=text)


def undo_preview(state: TournamentState, envelopes: Sequence[Envelope], actor: str) -> CommandView:
    """The command `actor`'s undo would take back; a refusal (nothing of theirs, or another
    terminal's command came after it) raises its `TdError`."""
    from tdconsole.domain.commands import Undo  # the state's own view (`state --json`) needs none

    return command_view(envelopes, undo_target(state, Undo(actor=actor)).command_id)


# Why a later command depends on yours, by the part of the state (domain/footprints.py) it reads
# or changes that yours changed.
DEPENDS_BY_PART = {
    "entries": N_("it reads the entries (their number, names or ids), which yours changed"),
    "field": N_("it reads the players left and the places of those out, which yours changed"),
    "clock": N_("it reads the clock, which yours changed"),
    "money": N_("it reads the money settings or the prize pool, which yours changed"),
    "rules": N_("it reads the house rules, which yours changed"),
    "deal": N_("it reads the deal, which yours changed"),
    "h4h": N_("it reads hand-for-hand, which yours changed"),
    "rulings": N_("it reads the rulings log, which yours changed"),
    "served": N_("it reads the penalties served, which yours changed"),
    "calls": N_("it reads the clock calls, which yours changed"),
    "cash": N_("it reads the cash desk, which yours changed"),
    "alternates": N_("it reads the alternates' list, which yours changed"),
}


def depends_because(error: UndoBlocked) -> str:
    """Why the later command depends on yours, in a few words."""
    part = error.part
    if part is None:
        return _("it cannot stand without yours")
    kind, rest = part[0], part[1:]
    if kind == "entry":
        return _("it names {name}, whom yours registered").format(name=error.name or rest[0])
    if kind == "player" and rest[0] == "*":
        return _("it reads every player's standing, and yours changed one")
    if kind == "player":
        return _("it reads or changes {name}, whom yours changed").format(name=error.name or rest[0])
    if kind == "table":
        return (_("it reads every table, and yours changed one") if rest[0] == "*"
                else _("it reads or changes table {table}, which yours changed").format(table=rest[0]))
    return _(DEPENDS_BY_PART[kind])


def undo_refusal(error: UndoBlocked, envelopes: Sequence[Envelope]) -> str:
    """Why your own last command cannot be undone, naming the later command that depends on it in
    the log's words and why ("tom's "Bo busts in 3rd" (log #5) depends on it: it reads the players
    left ...")."""
    blocker = command_view(envelopes, error.blocker.command_id)
    return _("your last command (log #{own}) cannot be undone: {actor}'s \"{command}\" (log #{seq}) "
             "depends on it: {why}").format(own=error.own.seq, actor=blocker.actor, command=blocker.text,
                                           seq=blocker.seq, why=depends_because(error))


def refusal_text(error: TdError, envelopes: Sequence[Envelope]) -> str:
    """A refusal in words; an undo refused names the later command in the log's words."""
    if isinstance(error, UndoBlocked):
        return undo_refusal(error, envelopes)
    return error_text(error)


def describe_command(view: CommandView, *, time_zone: str) -> str:
    """"Bo busts in 3rd (log #14, by maria at 21:03:12)": the one line undo shows a command in,
    the time on the club's clock."""
    return _("{summary} (log #{seq}, by {actor} at {time})").format(
        summary=view.text, seq=view.seq, actor=view.actor,
        time=format_clock(view.time, time_zone=time_zone))

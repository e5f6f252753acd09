"""How seating is shown: each table as `tables --json` has it, seat markers, balancing moves, and
where a player was put. Shared by the seating CLI and the tables screen.

The seating list and the seat slips as documents (text, HTML) are written by `views.export`.
"""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from pydantic import Field

from tdconsole.domain.errors import RuleIds, TdError
from tdconsole.domain.events import AlternateListed, Envelope, PlayerSeated
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.seating import balancing, shootout
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating.balancing import BalancePlan, BrokenSeat, Move
from tdconsole.domain.seating.tables import Room, Table, open_tables, with_opening_hand
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _, ngettext
from tdconsole.randomness import make_rng
from tdconsole.views.base import View


def at_final_table(state: TournamentState) -> bool:
    """The players left play at one table after more than one was in play (the final table,
    drawn or reached by breaking tables)."""
    return len(state.room) > 1 and len(open_tables(state.room)) == 1


class TableView(View):
    """One table in `tables --json` and `state --json` (seats keyed by number as text)."""

    table: int
    seats: dict[str, str]
    button: int | None
    small_blind: int | None
    big_blind: int | None
    status: Literal["open", "broken"]
    dead_button: bool
    dead_small_blind: bool
    waiting: list[int]
    blocked: list[int]


def table_view(table: Table, rules: HouseRules, names: Mapping[str, str] | None = None) -> TableView:
    """One table with the hand it plays (a table that has dealt none yet: its opening hand,
    T-SEAT-2); `names` turns the player ids kept in the room into names (ids shown without)."""
    return TableView.made([_table_fields(table, rules, (names or {}).get)])[0]


def tables_view(room: Room, rules: HouseRules, names: Mapping[str, str] | None = None) -> list[TableView]:
    """`tables --json` (and `state --json` under `tables`): every table by number, made together
    (1,112 of them in a festival's `state --json`)."""
    name = (names or {}).get
    return TableView.made(_table_fields(room[n], rules, name) for n in sorted(room))


def _table_fields(table: Table, rules: HouseRules, name: Callable[[str, str], str]) -> dict[str, Any]:
    """`table_view`'s fields, from the room's own values, in the order TableView declares them."""
    hand = with_opening_hand(table, rules).hand
    return {
        "table": table.number,
        "seats": {str(s): name(p, p) for s, p in sorted(table.occupants.items())},
        "button": hand.button if hand else None,
        "small_blind": hand.small_blind if hand else None,
        "big_blind": hand.big_blind if hand else None,
        "status": table.status,
        "dead_button": bool(hand and hand.dead_button),
        "dead_small_blind": bool(hand and hand.dead_small_blind),
        "waiting": sorted(hand.waiting) if hand else [],
        "blocked": sorted(table.blocked),
    }


def marks(view: TableView, seat: int) -> str:
    """D / SB / BB for a seat of a table (dead ones marked), and who waits (T-MOVE-2)."""
    from tdconsole.i18n import _

    found = []
    if view.button == seat:
        found.append(_("D (dead)") if view.dead_button else "D")
    if view.small_blind == seat:
        dead = view.dead_small_blind and view.small_blind != view.button
        found.append(_("SB (dead)") if dead else "SB")
    if view.big_blind == seat:
        found.append("BB")
    if seat in view.waiting:
        found.append(_("waits"))
    if seat in view.blocked:
        found.append(_("blocked"))
    return " ".join(found)


def shown_seats(view: TableView) -> list[int]:
    """The seats worth a line: taken, blocked, or holding a (dead) button or blind."""
    numbered = {int(s) for s in view.seats} | set(view.blocked)
    numbered |= {s for s in (view.button, view.small_blind, view.big_blind) if s}
    return sorted(numbered)


def move_line(move: Move | BrokenSeat) -> str:
    from tdconsole.i18n import _

    return _("{player}: table {from_table} seat {from_seat} -> table {table} seat {seat}").format(
        player=move.player, from_table=move.from_.table, from_seat=move.from_.seat,
        table=move.to.table, seat=move.to.seat)


def halt_line(tables: list[int]) -> str:
    """The tables that stop dealing until the room is balanced (11D), in one sentence."""
    from tdconsole.i18n import ngettext

    return ngettext("Halt (11D): table {tables} stops dealing until it is balanced",
                    "Halt (11D): tables {tables} stop dealing until they are balanced",
                    len(tables)).format(tables=", ".join(map(str, tables)))


class BalancingView(View):
    """The tables screen's balancing panel: the plan (`balance --json`), the tables short by more
    than the tolerance (T-BAL-1), whether the players fit the final table (T-SEAT-3) and the
    table it is drawn at (10A: the one that would break last; None with no table in play)."""

    plan: BalancePlan
    short: list[int]
    final_table_due: bool
    final_table: int | None


def break_preview(state: TournamentState, table: int, seed: int) -> list[BrokenSeat]:
    """Where breaking `table` puts its players with the draw `seed` (10A, T-BREAK-1): the moves
    the TD is asked about are the moves `BreakTable(seed=seed)` makes. A refusal raises."""
    return balancing.break_table(state.room, table, make_rng(seed), state.house_rules)[1]


def round_preview(state: TournamentState, seed: int) -> list[TableView]:
    """The next shootout round's tables as the draw `seed` seats them (T-SHOOT-3): the tables the
    TD is asked about are those `ShootoutDraw(seed=seed)` draws. A refusal raises."""
    room = shootout.next_round(state, make_rng(seed))
    return [table_view(room[number], state.house_rules) for number in sorted(room)]


def no_balancing() -> BalancingView:
    """The panel before the room is looked at: nothing to do."""
    return BalancingView(plan=BalancePlan(), short=[], final_table_due=False, final_table=None)


def balancing_view(state: TournamentState) -> BalancingView:
    counts = {table.number: len(table.occupants) for table in open_tables(state.room)}
    allowed = balancing.tolerance(state.house_rules, len(counts))
    top = max(counts.values(), default=0)
    try:
        final: int | None = seating.final_table_number(state)
    except TdError:  # no table in play
        final = None
    return BalancingView(plan=seating.balance_plan(state),
                         # T-SHOOT-1: a shootout's table is never short: it plays down on its own.
                         short=[] if shootout.settings(state) is not None else
                         sorted(n for n, count in counts.items() if top - count > allowed),
                         final_table_due=seating.final_table_due(state), final_table=final)


def plan_json(plan: BalancePlan) -> dict[str, Any]:
    """`balance --json`: {"moves": [{"player", "from", "to", "rule"}], "halt", "break"}."""
    return plan.model_dump(mode="json", by_alias=True)


class Spot(View):
    table: int | None
    seat: int | None


class SeatedView(View):
    """Where a player was put (`seat`, `move`, and each late entry of `register`)."""

    player: str
    table: int | None
    seat: int | None
    # T-MOVE-2: he waits until the button passes before he is dealt in.
    waits: bool
    to: Spot
    late: bool = False  # seated as a late entry (TDA 8A), as the log says it


class MovedView(SeatedView):
    """`move`: where the player went, and the seat he left."""

    from_: Spot = Field(alias="from")
    # T-MOVE-3: moved in the middle of his blinds/button sequence, by the TD's choice; `rules`
    # names the rule the move overrode.
    forced: bool
    rules: RuleIds
    # What the TD is told: the log's own sentence for the move (`views.log.said`).
    said: list[str] = Field(default_factory=list)


def seated_view(state: TournamentState, player_id: str, waits: bool, late: bool = False) -> SeatedView:
    player = state.players[player_id]
    return SeatedView(player=player.name, table=player.table, seat=player.seat, waits=waits,
                      to=Spot(table=player.table, seat=player.seat), late=late)


def seated(envelopes: Iterable[Envelope], state: TournamentState) -> list[SeatedView]:
    """Where a command seated late entries (register, a re-entry, the draw after the start)."""
    return [seated_view(state, e.event.player_id, e.event.waits, e.event.late) for e in envelopes
            if isinstance(e.event, PlayerSeated)]


class AlternateSeatedView(View):
    """An alternate a freed seat went to (T-REG-1, 8A): `bust --json`'s `alternates_seated`."""

    alternate: int
    id: str
    name: str
    table: int
    seat: int
    waits: bool  # T-MOVE-2: not dealt in until the button passes


def alternate_seatings(envelopes: Iterable[Envelope], state: TournamentState) -> list[AlternateSeatedView]:
    """The alternates `envelopes` (a command's, or news from other terminals) seated."""
    return [AlternateSeatedView(alternate=event.alternate, id=event.player_id,
                                name=state.players[event.player_id].name, table=event.table,
                                seat=event.seat, waits=event.waits)
            for event in (envelope.event for envelope in envelopes)
            if isinstance(event, PlayerSeated) and event.alternate is not None
            and event.player_id in state.players]


def alternates_news(envelopes: Iterable[Envelope], state: TournamentState) -> list[str]:
    """What every terminal tells of the alternates, whichever terminal's command it was: who waits
    as which alternate, and "Alternate 3, Mette Kjær: table 12 seat 4" for each freed seat that
    went to one (T-REG-1; the TV shows the seats too)."""
    from tdconsole.views.log import alternate_line

    seated = {view.id: view for view in alternate_seatings(envelopes, state)}
    lines = []
    for envelope in envelopes:
        event = envelope.event
        if isinstance(event, AlternateListed):
            lines.append(waits_line(AlternateView(alternate=event.number, name=event.name,
                                                  member=event.member,
                                                  reentry=event.previous_id is not None)))
        elif isinstance(event, PlayerSeated) and (view := seated.get(event.player_id)) is not None:
            lines.append(alternate_line(view.alternate, view.name, view.table, view.seat, view.waits))
    return lines


def seated_line(view: SeatedView) -> str:
    """Where a command seated someone, in the log's own sentence (`views.log.seated_sentence`)."""
    from tdconsole.views.log import seated_sentence

    assert view.table is not None and view.seat is not None  # a seating has a seat
    return seated_sentence(view.player, view.table, view.seat, late=view.late, waits=view.waits)


class AlternateView(View):
    """One alternate waiting for a seat (`alternates --json`, in the order they are seated)."""

    alternate: int
    name: str
    member: int | None
    reentry: bool  # a busted player's new entry (T-REG-1)


def waits_line(view: AlternateView) -> str:
    """`Mette Kjær waits as alternate 3: every seat is taken (T-REG-1)`."""
    return _("{name} waits as alternate {number}: every seat is taken (T-REG-1)").format(
        name=view.name, number=view.alternate)


def alternates_view(state: TournamentState) -> list[AlternateView]:
    return [AlternateView(alternate=alt.number, name=alt.name, member=alt.member,
                          reentry=alt.previous_id is not None) for alt in state.alternates.values()]


class SeatRow(View):
    """One line of the seating list (`seating --json`)."""

    player: str
    table: int
    seat: int


def seats(room: Room) -> list[SeatRow]:
    """Every seated player, by name as `seating_list` orders them."""
    found = sorted((name, t.number, seat) for t in open_tables(room) for seat, name in t.occupants.items())
    return [SeatRow(player=name, table=table, seat=seat) for name, table, seat in found]


class ShootoutTableView(View):
    """One table of a shootout's round (T-SHOOT-2): the players it has left, and its winners once
    it is down to them (`winner`: the first, the only one unless the round plays to several)."""

    table: int
    left: int
    winner: str | None
    winners: list[str]


class ShootoutView(View):
    """`state --json` `shootout` (only in a shootout, T-SHOOT-1..4): the round in play, each of its
    tables, whether it is over (T-SHOOT-3: `shootout draw` draws the next) or the last one, and
    each table winner's prize by round (T-SHOOT-4, keys the rounds)."""

    round: int
    winners_per_table: int
    last_round: bool
    round_over: bool
    tables: list[ShootoutTableView]
    prizes: dict[str, int]


def shootout_view(state: TournamentState) -> ShootoutView | None:
    """None in any tournament but a shootout."""
    settings = shootout.settings(state)
    if settings is None:
        return None
    return ShootoutView(
        round=state.shootout_round, winners_per_table=settings.winners_per_table,
        last_round=bool(state.room) and not shootout.splits(state), round_over=shootout.round_over(state),
        tables=[ShootoutTableView(table=table.table, left=table.left, winners=table.winners,
                                  winner=table.winners[0] if table.winners else None)
                for table in shootout.table_states(state)],
        prizes={str(round_): prize for round_, prize in sorted(settings.prizes(state.info.buy_in).items())})


def shootout_lines(view: ShootoutView) -> list[str]:
    """Each table's state in words, as the tables screen and the TV show it: "Table 3: 4 left",
    "Table 2: won by Ann — waits for round 2"."""
    from tdconsole.views.log import listed

    lines = []
    for table in view.tables:
        if not table.winners:
            lines.append(_("Table {table}: {left} left").format(table=table.table, left=table.left))
        elif view.last_round:
            lines.append(_("Table {table}: won by {names}").format(table=table.table,
                                                                   names=listed(table.winners)))
        else:
            lines.append(ngettext("Table {table}: won by {names} — waits for round {round}",
                                  "Table {table}: won by {names} — wait for round {round}",
                                  len(table.winners)).format(table=table.table, names=listed(table.winners),
                                                             round=view.round + 1))
    return lines


def shootout_heading(view: ShootoutView) -> str:
    """The round in play, and what comes next."""
    if view.round_over:
        return _("Shootout round {round} is over: draw round {next} (shootout draw, T-SHOOT-3)").format(
            round=view.round, next=view.round + 1)
    if view.last_round:
        return _("Shootout round {round}: the last, one table to one winner").format(round=view.round)
    return ngettext("Shootout round {round}: each table plays down to {winners} winner",
                    "Shootout round {round}: each table plays down to {winners} winners",
                    view.winners_per_table).format(round=view.round, winners=view.winners_per_table)

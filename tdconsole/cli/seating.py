"""`tdconsole draw / seat / move / hand-done / button / balance / break-table / final-table /
tables / seating`. Every command goes through the service; `--json` on each."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tdconsole.actions import seating
from tdconsole.cli.kit import JsonFlag, PagesUrlOption, console, emit, session_of, write_document
from tdconsole.domain.seating import handlers as seating_rules
from tdconsole.domain.seating.balancing import BalancePlan
from tdconsole.i18n import _
from tdconsole.service import Service
from tdconsole.views import seating as seating_views
from tdconsole.views.export import SEATING_FORMATS, check_format, seating_document
from tdconsole.views.papers import PDF, in_format
from tdconsole.views.seating import (
    TableView,
    halt_line,
    marks,
    move_line,
    seated_line,
    shown_seats,
    tables_view,
)

app = typer.Typer()
tables_app = typer.Typer(
    help="The tables: show them (--json), or set a table's seats and blocked seats.",
    invoke_without_command=True,
)
app.add_typer(tables_app, name="tables")
shootout_app = typer.Typer(
    help="A shootout (new --shootout): each table's state in the round, and the next round's draw "
         "(T-SHOOT-1..4).",
    invoke_without_command=True,
)
app.add_typer(shootout_app, name="shootout")

SeedOption = Annotated[int | None, typer.Option(
    "--seed", help="Repeat a draw exactly (default: a cryptographic random draw).")]
ApplyOption = Annotated[bool, typer.Option("--apply", help="Carry it out (default: only show it).")]
TableArg = Annotated[int, typer.Argument(help="Table number.")]
SeatArg = Annotated[int, typer.Argument(help="Seat number.")]


def render_tables(views: list[TableView]) -> None:
    # Rich loads only for human-readable output (a scripted `--json` call never needs it).
    from rich.table import Table as RichTable
    from rich.text import Text

    table = RichTable(_("table"), _("seat"), _("player"), "")
    for view in views:
        if view.status != "open":
            table.add_row(str(view.table), "", "", _("broken"))
            continue
        for seat in shown_seats(view):
            table.add_row(str(view.table), str(seat), Text(view.seats.get(str(seat), "")),
                          marks(view, seat))
        table.add_section()
    console.print(table)


def _show(service: Service) -> list[TableView]:
    return tables_view(service.state.room, service.state.house_rules)


# ---------------------------------------------------------------- the draw, seats and moves


@app.command()
def draw(ctx: typer.Context, seed: SeedOption = None, as_json: JsonFlag = False) -> None:
    """Seat every registered, unseated player at random, seat 1 on the button (T-SEAT-2).

    Tables are within 1 player of each other (ST1). Around players already seated by hand the
    rest fill the tables with the fewest players (8A)."""
    data = seating.draw(session_of(ctx).service(), seating.SeedRequest(seed=seed))
    emit(data, as_json, lambda: render_tables(data.tables))

@app.command()
def seat(ctx: typer.Context, name: str, table: TableArg, seat: SeatArg,
         as_json: JsonFlag = False) -> None:
    """Put a registered player in a given seat, opening the table if needed (T-SEAT-1)."""
    data = seating.seat(session_of(ctx).service(), seating.SeatRequest(name=name, table=table, seat=seat))
    emit(data, as_json, lambda: console.print(seated_line(data)))


@app.command()
def move(ctx: typer.Context, name: str, table: TableArg, seat: SeatArg,
         force: Annotated[bool, typer.Option(
             "--force", help="Move him now though he is on the button or in the blinds "
                             "(T-MOVE-3); the log records the forced move.")] = False,
         as_json: JsonFlag = False) -> None:
    """Move a seated player to a free seat (T-SEAT-1; T-MOVE-1 under club rules). A player on the
    button or in the blinds is refused until his sequence is over (T-MOVE-3) unless --force."""
    data = seating.move(session_of(ctx).service(), seating.MoveRequest(
        name=name, table=table, seat=seat, force=force))

    def render() -> None:
        if data.forced:
            console.print(_("Warning: moved in the middle of his blinds/button sequence "
                            "(T-MOVE-3, forced; logged)"))
        console.print("\n".join(data.said))  # the log's own sentence for the move

    emit(data, as_json, render)

# ---------------------------------------------------------------- hands and buttons


@app.command("hand-done")
def hand_done(
    ctx: typer.Context,
    table: Annotated[int | None, typer.Argument(help="The table whose hand is over.")] = None,
    every: Annotated[bool, typer.Option("--all", help="Every table that is dealing.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """A table finished its hand: its button and blinds move on (TDA 32, 34B).

    Dead button and small blind by TDA 32, heads-up by 34B. A table without a hand yet deals its
    first, the button on its lowest seat (T-SEAT-2)."""
    data = seating.hand_done(session_of(ctx).service(), seating.HandDoneRequest(table=table, every=every))

    def render() -> None:
        render_tables(data.tables)
        if data.ended is not None:
            console.print(data.ended)

    emit(data, as_json, render)

@app.command()
def button(ctx: typer.Context, table: TableArg, seat: SeatArg, as_json: JsonFlag = False) -> None:
    """Set where the button is in the hand being played (34A).

    The blinds are the next players; heads-up the button is the small blind (34B)."""
    view = seating.button(session_of(ctx).service(), seating.TableSeatRequest(table=table, seat=seat))
    emit(view, as_json, lambda: render_tables([view]))

# ---------------------------------------------------------------- balancing, breaking, final table


def render_plan(plan: BalancePlan, applied: bool) -> None:
    from rich.text import Text

    if plan.break_ is not None:
        console.print(_("Break table {table} first (T-BREAK-1): tdconsole break-table {table} --apply")
                      .format(table=plan.break_))
    for move in plan.moves:
        text = _("Moved {move} ({rule})") if applied else _("Move {move} ({rule})")
        console.print(Text(text.format(move=move_line(move), rule=move.rule)))
    if plan.halt:
        console.print(halt_line(plan.halt))
    if not plan.moves and plan.break_ is None:
        console.print(_("The tables are balanced (T-BAL-1)."))


@app.command()
def balance(ctx: typer.Context, apply: ApplyOption = False, as_json: JsonFlag = False) -> None:
    """The balancing plan (T-BAL-1, 11A, 11C, 11D, T-MOVE-1/2/3); --apply carries out its moves."""
    service = session_of(ctx).service()
    plan = seating.balance(service, seating.BalanceRequest(apply=apply))
    shootout_view = seating_views.shootout_view(service.state)
    emit(plan, as_json, lambda: render_plan(plan, apply) if shootout_view is None
         else render_shootout(shootout_view))  # T-SHOOT-1: a shootout's tables never balance

@app.command("break-table")
def break_table(ctx: typer.Context, table: TableArg, apply: ApplyOption = False,
                seed: SeedOption = None, as_json: JsonFlag = False) -> None:
    """Break TABLE: its players draw the free seats of the other tables (10A, T-BREAK-1).

    The others stay balanced; each player is dealt in at once or waits until the button passes
    (T-MOVE-2, B6), and under club rules never pays the blinds twice in a row (T-MOVE-1, B7).
    Without --apply it only shows a draw and its seed: --apply --seed SEED makes exactly that draw."""
    data = seating.break_table(session_of(ctx).service(), seating.BreakTableRequest(
        table=table, apply=apply, seed=seed))

    def render() -> None:
        from rich.text import Text

        console.print((_("Broke table {table}:") if apply else _("Would break table {table}:"))
                      .format(table=table))
        if not apply:
            console.print(_("Seed {seed} (this draw: --apply --seed {seed})").format(seed=data.seed))
        for moved in data.seats:
            text = (_("{player}: table {table} seat {seat} (waits until the button passes)")
                    if moved.waits else _("{player}: table {table} seat {seat}"))
            console.print(Text("  " + text.format(player=moved.player, table=moved.to.table,
                                                  seat=moved.to.seat)))

    emit(data, as_json, render)

@app.command("final-table")
def final_table(ctx: typer.Context, apply: ApplyOption = False, seed: SeedOption = None,
                as_json: JsonFlag = False) -> None:
    """Draw every seat of the final table anew, seat 1 on the button (T-SEAT-2, T-SEAT-3).

    Without --apply it only shows a draw and its seed: --apply --seed SEED makes exactly that draw."""
    view = seating.final_table(session_of(ctx).service(), seating.FinalTableRequest(apply=apply, seed=seed))

    def render() -> None:
        if not view.applied:
            console.print(_("Would draw the final table:"))
            console.print(_("Seed {seed} (this draw: --apply --seed {seed})").format(seed=view.seed))
        render_tables([view])

    emit(view, as_json, render)

# ---------------------------------------------------------------- tables, seating list


@tables_app.callback()
def tables(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Every table: seats and names, button, blinds, status."""
    if ctx.invoked_subcommand is not None:
        return
    service = session_of(ctx).service()
    views = _show(service)

    def render() -> None:
        render_tables(views)
        plan = seating_rules.balance_plan(service.state)
        if (shootout_view := seating_views.shootout_view(service.state)) is not None:
            render_shootout(shootout_view)  # T-SHOOT-1: never balanced, each table to its winners
        elif seating_rules.final_table_due(service.state):
            console.print(_("The players fit one table: tdconsole final-table (T-SEAT-3)"))
        elif plan.break_ is not None or plan.moves:
            render_plan(plan, applied=False)

    emit(views, as_json, render)


def _layout(data: seating.LayoutResult, as_json: bool) -> None:
    line = _("Table {table}: {seats} seats").format(table=data.table, seats=data.seats)
    if data.blocked:
        line += ", " + _("blocked {seats}").format(seats=", ".join(map(str, data.blocked)))
    emit(data, as_json, lambda: console.print(line))


@tables_app.command("set-seats")
def set_seats(ctx: typer.Context, table: TableArg,
              seats: Annotated[int, typer.Argument(help="How many seats (2-12).")],
              as_json: JsonFlag = False) -> None:
    """Give a table its own seat count (before anyone sits there)."""
    _layout(seating.set_seats(session_of(ctx).service(), seating.SetSeatsRequest(table=table, seats=seats)),
            as_json)


@tables_app.command("block")
def block(ctx: typer.Context, table: TableArg, seat: SeatArg, as_json: JsonFlag = False) -> None:
    """Block a seat (a broken chair, a dealer's seat): never drawn or assigned."""
    _layout(seating.block(session_of(ctx).service(), seating.TableSeatRequest(table=table, seat=seat)),
            as_json)


@tables_app.command("unblock")
def unblock(ctx: typer.Context, table: TableArg, seat: SeatArg, as_json: JsonFlag = False) -> None:
    """Free a blocked seat again."""
    _layout(seating.unblock(session_of(ctx).service(), seating.TableSeatRequest(table=table, seat=seat)),
            as_json)


@app.command("seating")
def seating_command(
    ctx: typer.Context,
    fmt: Annotated[str, typer.Option("--format", help="text, html or pdf (the html page printed).")] = "text",
    slips: Annotated[bool, typer.Option("--slips", help="A seat slip per player.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file.")] = None,
    pages: Annotated[bool, typer.Option(
        "--pages", help="html slips: each player's own page as a QR code (T-PAGE-1; drawn for who has "
                        "none).")] = False,
    url: PagesUrlOption = None,
    as_json: JsonFlag = False,
) -> None:
    """The seating list for the wall (or seat slips), as text or HTML."""
    check_format(fmt, (*SEATING_FORMATS, PDF))
    service = session_of(ctx).service()
    room, title = service.state.room, service.state.info.name
    if as_json:
        emit(seating_views.seats(room), True)
        return
    links = None
    if pages:
        from tdconsole.actions.room import page_links

        links = page_links(service, [row.player for row in seating_views.seats(room)], url)
    write_document(in_format(fmt, lambda paper: seating_document(
        service.state.room, title, paper, slips, links)), out)  # type: ignore[arg-type]


# ---------------------------------------------------------------- shootouts


def render_shootout(view: seating_views.ShootoutView) -> None:
    from rich.text import Text

    console.print(Text(seating_views.shootout_heading(view)))
    for line in seating_views.shootout_lines(view):
        console.print(Text("  " + line))


@shootout_app.callback()
def shootout(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Each table of the shootout's round: the players it has left, or who won it (T-SHOOT-2)."""
    if ctx.invoked_subcommand is not None:
        return
    from tdconsole.domain.errors import TdError

    view = seating_views.shootout_view(session_of(ctx).service().state)
    if view is None:
        raise TdError("this is no shootout (new --shootout)")
    emit(view, as_json, lambda: render_shootout(view))


@shootout_app.command("draw")
def shootout_draw(ctx: typer.Context, apply: ApplyOption = False, seed: SeedOption = None,
                  as_json: JsonFlag = False) -> None:
    """Draw the table winners to the next round's tables, seat 1 on the button (T-SHOOT-3).

    Only once every table of the round is down to its winners. Without --apply it only shows a
    draw and its seed: --apply --seed SEED makes exactly that draw."""
    view = seating.shootout_draw(session_of(ctx).service(),
                                 seating.ShootoutDrawRequest(apply=apply, seed=seed))

    def render() -> None:
        if view.applied:
            console.print(_("Shootout round {round} is drawn:").format(round=view.round))
        else:
            console.print(_("Would draw shootout round {round}:").format(round=view.round))
            console.print(_("Seed {seed} (this draw: --apply --seed {seed})").format(seed=view.seed))
        render_tables(view.tables)

    emit(view, as_json, render)

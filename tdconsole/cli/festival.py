"""`tdconsole event` and `bag`: a festival event's flights, their survivors' bags and Day 2."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tdconsole.actions import flights as flight_actions
from tdconsole.cli.kit import JsonFlag, console, emit, session_of, write_document
from tdconsole.club.festivals import EventSettings, Festivals, bagged_stacks, standing
from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput, RuleViolation
from tdconsole.domain.text import name_numbers
from tdconsole.i18n import _
from tdconsole.service import Service
from tdconsole.views.festival import EventView, event_view

event_app = typer.Typer(help="Festival events: flights into one Day 2 with one prize pool.",
                        no_args_is_help=True)
app = typer.Typer()  # top-level: event, bag
app.add_typer(event_app, name="event")

DRAWS = ("random", "seeded")
CARRIES = ("best", "first")


def _choice(value: str | None, allowed: tuple[str, ...], field: str) -> str | None:
    if value is None or value in allowed:
        return value
    raise InvalidInput("{value!r}: choose {allowed}", value=value, allowed=" or ".join(allowed), field=field)


def _render(data: EventView) -> None:
    console.print(_("{name}: {entries} entries, prize pool {pool}; {survivors} survivors bagged").format(
        name=data.name, entries=data.entries, pool=data.prize_pool, survivors=len(data.survivors)))
    for flight in data.flights:
        console.print(_("  {name} (tournament {id}): {entries} entries, {left} left, {bagged} bagged").format(
            name=flight.name, id=flight.id, entries=flight.entries, left=flight.players_left,
            bagged=flight.bagged))
    if data.day2 is not None:
        console.print(_("  Day 2: tournament {id}").format(id=data.day2))


@event_app.command("new")
def new(
    ctx: typer.Context,
    name: str,
    buy_in: Annotated[int, typer.Option("--buy-in", help="Prize part of every flight's buy-in.")] = 0,
    fee: Annotated[int, typer.Option(help="Fee kept by the club, every flight.")] = 0,
    stop_level: Annotated[int | None, typer.Option(
        "--stop-level", help="Flights stop at the end of this level and bag (T-FLIGHT-1).")] = None,
    carry: Annotated[str, typer.Option(
        help="A player surviving two flights carries the best or the first stack (T-FLIGHT-3).")] = "best",
    draw: Annotated[str, typer.Option(help="Day 2 draw: random or seeded by chips (T-DAY2-1).")] = "random",
    reentry: Annotated[bool, typer.Option(
        "--reentry/--no-reentry", help="A player may enter more than one flight (T-FLIGHT-3).")] = True,
    as_json: JsonFlag = False,
) -> None:
    """Start a festival event; its flights are made with: tdconsole new NAME --event EVENT."""
    limits.MONEY.check("the buy-in", buy_in, field="buy_in")
    limits.MONEY.check("the fee", fee, field="fee")
    if stop_level is not None:
        limits.LEVEL.check("the stop level", stop_level, field="stop_level")
    settings = EventSettings.model_validate({
        "buy_in": buy_in, "fee": fee, "stop_level": stop_level,
        "carry": _choice(carry, CARRIES, "carry"), "draw": _choice(draw, DRAWS, "draw"), "reentry": reentry})
    store = session_of(ctx).store()
    festival = Festivals(store).new(name, settings)
    data = event_view(standing(store, festival), Festivals(store).names(festival.flights))
    emit(data, as_json, lambda: _render(data))


@event_app.command("show")
def show(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """An event's entries, prize pool, flights and the survivors' bags."""
    store = session_of(ctx).store()
    festival = Festivals(store).get(name)
    data = event_view(standing(store, festival), Festivals(store).names(festival.flights))

    def render() -> None:
        _render(data)
        for row in data.survivors:
            console.print(_("    {name}: {chips} ({flight}, bag {bag})").format(
                name=row.name, chips=row.chips, flight=row.flight, bag=row.bag))

    emit(data, as_json, render)


@event_app.command("slips")
def slips(ctx: typer.Context, name: str,
          out: Annotated[Path, typer.Option("--out", help="The HTML file to write.")],
          as_json: JsonFlag = False) -> None:
    """Every bag slip of an event's flights (T-FLIGHT-2), to print and put in the bags."""
    from tdconsole.views.export import bag_slips_html
    from tdconsole.views.tournament import BagView

    session = session_of(ctx)
    store = session.store()
    found = standing(store, Festivals(store).get(name))
    bags = [BagView(name=stack.name, chips=stack.chips, bag=stack.bag, flight=stack.flight)
            for tid, state in found.flights for stack in bagged_stacks(tid, state)]
    rules = found.flights[0][1].house_rules if found.flights else session.house_rules()
    write_document(bag_slips_html(bags, rules), out, say=not as_json)
    emit({"event": found.festival.name, "slips": len(bags), "out": str(out)}, as_json,
         lambda: console.print(_("{count} bag slips of {event}").format(count=len(bags),
                                                                     event=found.festival.name)))


@event_app.command("list")
def listing(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Every festival event."""
    store = session_of(ctx).store()
    festivals = Festivals(store)
    listed = festivals.all()
    rows = [{"id": f.id, "name": f.name, "flights": f.flights, "day2": f.day2} for f in listed]

    def render() -> None:
        for festival in listed:
            console.print(_("{name}: flights {flights}; Day 2 {day2}").format(
                name=festival.name, flights=", ".join(map(str, festival.flights)) or "-",
                day2=festival.day2 or "-"))

    emit(rows, as_json, render)


@event_app.command("day2")
def day2(
    ctx: typer.Context,
    name: str,
    draw: Annotated[str | None, typer.Option(
        help="random, or seeded by chips (default: the event's setting; T-DAY2-1).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="The draw's seed (default: a fresh one, recorded).")] = None,
    use: Annotated[bool, typer.Option("--use", help="Make Day 2 the current tournament.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Start Day 2: every flight's survivors with their bags as stacks, one prize pool."""
    session = session_of(ctx)
    store = session.store()
    festival = Festivals(store).get(name)
    if not festival.flights:
        raise RuleViolation("T-FLIGHT-2", "{event} has no flights yet", event=festival.name)
    flight = Service(store, festival.flights[0], actor=session.actor, role=session.role)
    request = flight_actions.Day2Request(name=name, draw=_choice(draw, DRAWS, "draw"), seed=seed, use=use)
    session._service, data = flight_actions.event_day2(flight, request)  # the output names Day 2
    emit(data, as_json, lambda: console.print(
        _("Day 2 is tournament {id}: {players} players from {entries} entries, draw {draw} (seed {seed})")
        .format(
            id=data.id, players=data.players, entries=data.entries, draw=data.draw, seed=data.seed)))


@event_app.command("flight")
def flight(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """Make the tournament a flight of the event NAME (new --event does it when creating one)."""
    service = session_of(ctx).service()
    data = flight_actions.join_event(service, flight_actions.JoinRequest(event=name))
    emit(data, as_json, lambda: _render(data))


@app.command()
def bag(ctx: typer.Context, counts: Annotated[list[str], typer.Argument(
        metavar="NAME=CHIPS...", help="Each survivor's bagged chips.")],
        slips: Annotated[Path | None, typer.Option(
            "--slips", help="Also write the printable bag slips (HTML) of these bags to this file.")] = None,
        as_json: JsonFlag = False) -> None:
    """Record survivors' bagged chips at the end of a flight (T-FLIGHT-2)."""
    service = session_of(ctx).service()
    data = flight_actions.bag(service, flight_actions.BagRequest(counts=name_numbers(counts, "counts")))
    if slips is not None:
        from tdconsole.views.export import bag_slips_html

        write_document(bag_slips_html(data.bagged, service.state.house_rules), slips, say=not as_json)
    emit(data, as_json, lambda: console.print("; ".join(
        _("{name} {chips} in bag {bag}").format(name=row.name, chips=row.chips, bag=row.bag)
        for row in data.bagged) + ("" if not data.unbagged else "\n" + _("Not bagged yet: {names}").format(
            names=", ".join(data.unbagged)))))

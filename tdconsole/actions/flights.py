"""Flights and Day 2: a tournament joins an event as a flight, its survivors bag their chips
(T-FLIGHT-2), and the event's Day 2 starts from every flight's bags (T-DAY2-1)."""

from __future__ import annotations

import secrets
import uuid
from typing import TYPE_CHECKING

from pydantic import Field

from tdconsole.actions.base import Request, action
from tdconsole.domain import commands
from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import Envelope, TournamentCreated
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.limits import MAX_ID
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.players.carry import DrawKind
from tdconsole.domain.players.flights import unbagged
from tdconsole.domain.text import check_text
from tdconsole.domain.tournament import decide, fold
from tdconsole.randomness import make_rng
from tdconsole.service import Clock, Role, Service
from tdconsole.store.event_store import EventStore
from tdconsole.time_source import TimeSource
from tdconsole.views.base import View
from tdconsole.views.festival import EventView, event_view
from tdconsole.views.tournament import BagView, StackOriginView, day2_view, flight_view

if TYPE_CHECKING:  # club/festivals is loaded by the commands that use it (the fast CLI)
    from tdconsole.club.festivals import Festival

# A seed for Day 2's draw when the TD gives none: drawn here, recorded in Day 2's log (T-DAY2-1).
SEED_BITS = 31


class BagRequest(Request):
    counts: dict[str, int] = Field(min_length=1)  # NAME=CHIPS: each survivor's bagged count


class BagResult(View):
    """`bag --json`: the bags just made (with their numbers) and who in the flight has not bagged."""

    bagged: list[BagView]
    bags: list[BagView]  # every bag of the flight so far
    unbagged: list[str]


@action("bag", web=True, commands=(commands.Bag,))
def bag(service: Service, request: BagRequest) -> BagResult:
    """Record survivors' bagged chips (T-FLIGHT-1: once the flight has reached its stop)."""
    if service.state.flight is not None:
        from tdconsole.club.festivals import Festivals, require_before_day2

        festival = Festivals(service.store).of_tournament(service.tournament_id)
        if festival is not None:
            require_before_day2(festival)
    service.execute(commands.Bag(counts=request.counts))
    flight = flight_view(service.state)
    assert flight is not None  # the command is refused outside a flight (T-FLIGHT-1)
    named = {service.state.find(name).name for name in request.counts}
    return BagResult(bagged=[row for row in flight.bags if row.name in named], bags=flight.bags,
                     unbagged=flight.unbagged)


class JoinRequest(Request):
    event: str


@action("event flight", web=False, tui=False, commands=(commands.SetFlight,))
def join_event(service: Service, request: JoinRequest) -> EventView:
    """Make this tournament a flight of an event (`new NAME --event EVENT` does it at once)."""
    from tdconsole.club.festivals import Festivals, standing

    festivals = Festivals(service.store)
    festival = festivals.get(request.event)
    join(service, festival)
    festival = festivals.get(festival.name)
    return event_view(standing(service.store, festival), festivals.names(festival.flights))


class Day2Request(Request):
    name: str  # the event
    draw: DrawKind | None = None  # default: the event's setting (T-DAY2-1)
    seed: int | None = Field(default=None, ge=0, le=MAX_ID)  # default: a fresh one, recorded
    use: bool = False


class Day2Result(View):
    """`event day2 --json`: the Day 2 tournament, its players, the event's entries and the draw."""

    id: int
    name: str
    players: int
    entries: int
    draw: str
    seed: int | None
    stacks: list[StackOriginView]


@action("event day2", web=False, tui=False, commands=(commands.StartDay2,))
def event_day2(service: Service, request: Day2Request) -> tuple[Service, Day2Result]:
    """Start an event's Day 2 from its flights (the service: one of them, whose store and TD it uses)."""
    from tdconsole.club.festivals import Festivals

    festival = Festivals(service.store).get(request.name)
    day2 = start_day2(service.store, festival, draw=request.draw, seed=request.seed, use=request.use,
                      actor=service.actor, role=service.role, now=service.now)
    started = day2_view(day2.state)
    assert started is not None  # StartDay2 was just applied
    return day2, Day2Result(id=day2.tournament_id, name=day2.state.info.name, players=len(started.stacks),
                            entries=started.entries, draw=started.draw, seed=started.seed,
                            stacks=started.stacks)


# ---------------------------------------------------------------- making flights and Day 2
# They make tournaments and run their commands, so they live with the actions: club/festivals.py
# keeps the event's tables and what they read (the layers contract in pyproject.toml).


def new_flight(store: EventStore, festival: Festival, *, name: str, structure: Structure,
               starting_stack: int | None = None, seats_per_table: int = 9, game: str = "No-limit hold'em",
               late_reg_level: int | None = None, house_rules: HouseRules | None = None,
               tables: int | None = None, use: bool = False, actor: str = "td", role: Role = "td",
               now: Clock | None = None, buy_in: int | None = None, fee: int | None = None) -> Service:
    """A new tournament at the event's buy-in and fee, made a flight of `festival` (`join`); `tables`:
    the room's, beyond whose seats players wait as alternates. A `buy_in` or `fee` given must be the
    event's (T-DAY2-1: one prize pool), never ignored."""
    from tdconsole.club.festivals import open_for_flights, same_price

    open_for_flights(festival)
    same_price(name, buy_in if buy_in is not None else festival.settings.buy_in,
               fee if fee is not None else festival.settings.fee, festival)
    if festival.settings.stop_level is not None:
        structure.period_of_level(festival.settings.stop_level)  # refused before anything is made
    service = Service.create(store, name=name, structure=structure, game=game,
                             buy_in=festival.settings.buy_in, fee=festival.settings.fee,
                             starting_stack=starting_stack, seats_per_table=seats_per_table,
                             late_reg_level=late_reg_level, house_rules=house_rules, tables=tables,
                             use=use, actor=actor, role=role, now=now)
    join(service, festival)
    return service


def join(service: Service, festival: Festival) -> None:
    """Make the service's tournament a flight of `festival`: its log says whose flight it is and
    where it stops (T-FLIGHT-1); it adds to the event's one prize pool, so its prices are the event's."""
    from tdconsole.club.festivals import Festivals, open_for_flights, same_price

    open_for_flights(festival)
    info = service.state.info
    same_price(info.name, info.buy_in, info.fee, festival)
    if service.state.flight is not None or service.state.day2 is not None:
        raise RuleViolation("T-FLIGHT-1", "{name} already belongs to an event", name=info.name)
    service.execute(commands.SetFlight(event=festival.name, stop_level=festival.settings.stop_level))
    Festivals(service.store).add_flight(festival, service.tournament_id)


def start_day2(store: EventStore, festival: Festival, *, draw: DrawKind | None = None,
               seed: int | None = None, use: bool = False, actor: str = "td", role: Role = "td",
               now: Clock | None = None) -> Service:
    """Day 2 of `festival`: a new tournament with every flight's survivors, their bags as stacks,
    drawn at random or seeded by chips (T-DAY2-1), paying the whole event's prize pool. Checked in
    full before anything is written: a refusal leaves the database as it was."""
    from tdconsole.club.festivals import Festivals, standing

    if festival.day2 is not None:
        raise RuleViolation("T-DAY2-1", "{event} already has its Day 2 (tournament {day2})",
                            event=festival.name, day2=festival.day2)
    found = standing(store, festival)
    if not found.flights:
        raise RuleViolation("T-FLIGHT-2", "{event} has no flights yet", event=festival.name)
    for _tid, state in found.flights:
        missing = unbagged(state)
        if missing:
            shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
            raise RuleViolation("T-FLIGHT-2", "{flight}: {count} survivors have not bagged ({names})",
                                flight=state.info.name, count=len(missing), names=shown)
    first = found.flights[0][1]
    seed = secrets.randbits(SEED_BITS) if seed is None else seed
    command = commands.StartDay2(
        event=festival.name, stacks=found.survivors, buy_ins=found.counts.buy_ins,
        re_entries=found.counts.re_entries, add_ons=found.counts.add_ons, rebuys=found.counts.rebuys,
        draw=draw or festival.settings.draw, seed=seed)
    created = TournamentCreated(
        name=check_text("the tournament's name", f"{festival.name} Day 2", empty=False), game=first.info.game,
        buy_in=first.info.buy_in, fee=first.info.fee, starting_stack=first.info.starting_stack,
        seats_per_table=first.info.seats_per_table, structure=first.info.structure,
        house_rules=first.house_rules)
    # The dry run: decided on the Day 2 that would be made, so a refusal writes nothing.
    clock = now or TimeSource.of(store)  # the tournament's one time (time_source.py)
    trial = fold([Envelope(seq=1, time=clock(), actor=actor, command_id=uuid.uuid4().hex, event=created)])
    trial.money = first.money
    decide(trial, command.with_rng(make_rng(seed)), clock())
    service = Service.create(store, name=created.name, structure=first.info.structure, game=first.info.game,
                             buy_in=first.info.buy_in, fee=first.info.fee,
                             starting_stack=first.info.starting_stack,
                             seats_per_table=first.info.seats_per_table, house_rules=first.house_rules,
                             use=use, actor=actor, role=role, now=now)
    if first.money != MoneySettings():
        service.execute(commands.SetMoney(settings=first.money))
    service.execute(command)
    Festivals(store).set_day2(festival, service.tournament_id)
    stop = festival.settings.stop_level
    if stop is not None and stop < len(first.info.structure.levels):
        # The blinds go on where the flights stopped: Day 2 opens at the next level.
        service.execute(commands.ClockGoToLevel(level=stop + 1))
    return service

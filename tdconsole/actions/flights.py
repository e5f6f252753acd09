"""Flights and Day 2: a tournament joins an event as a flight, its survivors bag their chips
(T-FLIGHT-2), and the event's Day 2 starts from every flight's bags (T-DAY2-1)."""

from __future__ import annotations

from pydantic import Field

from tdconsole.actions.base import Request, action
from tdconsole.domain import commands
from tdconsole.domain.limits import MAX_ID
from tdconsole.domain.players.carry import DrawKind
from tdconsole.service import Service
from tdconsole.views.base import View
from tdconsole.views.festival import EventView, event_view
from tdconsole.views.tournament import BagView, StackOriginView, day2_view, flight_view


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


@action("event flight", web=False, commands=(commands.SetFlight,))
def join_event(service: Service, request: JoinRequest) -> EventView:
    """Make this tournament a flight of an event (`new NAME --event EVENT` does it at once)."""
    from tdconsole.club.festivals import Festivals, join, standing

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


@action("event day2", web=False, commands=(commands.StartDay2,))
def event_day2(service: Service, request: Day2Request) -> tuple[Service, Day2Result]:
    """Start an event's Day 2 from its flights (the service: one of them, whose store and TD it uses)."""
    from tdconsole.club.festivals import Festivals, start_day2

    festival = Festivals(service.store).get(request.name)
    day2 = start_day2(service.store, festival, draw=request.draw, seed=request.seed, use=request.use,
                      actor=service.actor, role=service.role, now=service.now)
    started = day2_view(day2.state)
    assert started is not None  # StartDay2 was just applied
    return day2, Day2Result(id=day2.tournament_id, name=day2.state.info.name, players=len(started.stacks),
                            entries=started.entries, draw=started.draw, seed=started.seed,
                            stacks=started.stacks)

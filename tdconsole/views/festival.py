"""What `event show` and the web show of a festival event: its flights, entries, one prize pool and
the survivors' stacks as Day 2 will start with them (T-FLIGHT-3 applied)."""

from __future__ import annotations

from collections.abc import Mapping

from tdconsole.club.festivals import EventStanding
from tdconsole.domain.players.flights import unbagged
from tdconsole.views.base import View


class FlightRow(View):
    id: int
    name: str
    entries: int
    players_left: int
    bagged: int
    unbagged: list[str]
    stop_level: int | None


class SurvivorRow(View):
    name: str
    chips: int
    flight: str
    flight_id: int
    bag: int


class EventView(View):
    """`event show --json` (a contract: keys are added, never renamed)."""

    id: int
    name: str
    entries: int
    prize_pool: int
    flights: list[FlightRow]
    survivors: list[SurvivorRow]
    day2: int | None
    settings: dict[str, object]


def event_view(found: EventStanding, names: Mapping[int, str]) -> EventView:
    festival = found.festival
    flights = [FlightRow(id=tid, name=names.get(tid, state.info.name), entries=state.entries,
                         players_left=state.players_left, bagged=len(state.bags), unbagged=unbagged(state),
                         stop_level=state.flight.stop_level if state.flight is not None else None)
               for tid, state in found.flights]
    survivors = sorted(found.survivors, key=lambda stack: (-stack.chips, stack.name))
    return EventView(
        id=festival.id, name=festival.name, entries=found.counts.entries,
        prize_pool=0 if found.pool is None else found.pool.prize_pool, flights=flights,
        survivors=[SurvivorRow(name=s.name, chips=s.chips, flight=s.flight, flight_id=s.flight_id, bag=s.bag)
                   for s in survivors],
        day2=festival.day2, settings=festival.settings.model_dump(mode="json"))

"""Festival events: flights (each a tournament of its own) into one Day 2 with one prize pool.

Stored like a league: a row per event with its settings, and which tournaments are its flights and
its Day 2 (`festival_events`, `festival_flights`, migration 0006). Everything else is in the
tournaments' own logs: a flight's log says it is a flight and where it stops (`FlightSet`) and holds
its survivors' bags (`ChipsBagged`); Day 2's log holds the flights' entries, every carried stack with
its origin and the draw's seed (`Day2Started`), so Day 2 folds alone and never re-reads a flight.

* T-FLIGHT-1: a flight stops at the end of the event's stop level; survivors bag then.
* T-FLIGHT-2: Day 2 starts only when every survivor of every flight has bagged.
* T-FLIGHT-3: a player who survives two flights carries the best or the first stack (`carry`);
  with `reentry` off a player enters one flight only.
* T-DAY2-1: Day 2 draws at random or seeded by chips (`draw`); the seed is recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation
from tdconsole.domain.limits import LevelNumber, Money
from tdconsole.domain.model import Frozen
from tdconsole.domain.money import handlers as money_handlers
from tdconsole.domain.money.prize_pool import PrizePool
from tdconsole.domain.players.carry import CarriedStack, Carry, DrawKind, carried
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import MAX_LABEL, check_text, name_key, visible
from tdconsole.domain.tournament import fold
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import festival_event_table, festival_flight_table, tournament_table


class EventSettings(Frozen):
    """An event's settings, copied into each flight and its Day 2 when they are made."""

    buy_in: Money = 0  # every flight's: one prize pool
    fee: Money = 0
    stop_level: LevelNumber | None = None  # T-FLIGHT-1: flights stop at the end of this level
    carry: Carry = "best"  # T-FLIGHT-3
    draw: DrawKind = "random"  # T-DAY2-1
    reentry: bool = True  # T-FLIGHT-3: a player may enter more than one flight


@dataclass(frozen=True, slots=True)
class Festival:
    id: int
    name: str
    settings: EventSettings
    flights: list[int] = field(default_factory=list)
    day2: int | None = None


def _event_name(raw: str) -> str:
    return check_text("an event's name", raw, MAX_LABEL, empty=False)


class Festivals:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    def new(self, name: str, settings: EventSettings) -> Festival:
        valid = _event_name(name)
        try:
            with self.store.connection(write=True) as connection:
                connection.execute(insert(festival_event_table).values(
                    name=valid, key=name_key(valid)[:MAX_LABEL], settings=settings.model_dump(mode="json"),
                    created_at=datetime.now(UTC)))
        except IntegrityError:
            raise InvalidInput("there is already an event named {valid!r}", valid=valid) from None
        return self.get(valid)

    def all(self) -> list[Festival]:
        with self.store.connection(write=False) as connection:
            rows = connection.execute(select(festival_event_table).order_by(festival_event_table.c.id)).all()
            links = connection.execute(select(festival_flight_table).order_by(
                festival_flight_table.c.tournament_id)).all()
        flights: dict[int, list[int]] = {}
        for link in links:
            flights.setdefault(link.event_id, []).append(link.tournament_id)
        return [Festival(row.id, visible(row.name), EventSettings.model_validate(row.settings),
                         flights.get(row.id, []), row.day2_id) for row in rows]

    def get(self, name: str) -> Festival:
        """The event named, ignoring case."""
        festivals = self.all()
        key = name_key(name)[:MAX_LABEL]
        for festival in festivals:
            if name_key(festival.name)[:MAX_LABEL] == key:
                return festival
        if not festivals:
            raise NotFound("there is no event yet; start one with: tdconsole event new NAME")
        known = ", ".join(festival.name for festival in festivals)
        raise NotFound("no event named {strip!r} (events: {known})", strip=name.strip(), known=known)

    def of_tournament(self, tournament_id: int) -> Festival | None:
        """The event this tournament is a flight or the Day 2 of."""
        return next((festival for festival in self.all()
                     if tournament_id in festival.flights or festival.day2 == tournament_id), None)

    def add_flight(self, festival: Festival, tournament_id: int) -> None:
        with self.store.connection(write=True) as connection:
            connection.execute(insert(festival_flight_table).values(event_id=festival.id,
                                                                    tournament_id=tournament_id))

    def set_day2(self, festival: Festival, tournament_id: int) -> None:
        with self.store.connection(write=True) as connection:
            connection.execute(update(festival_event_table).where(festival_event_table.c.id == festival.id)
                               .values(day2_id=tournament_id))

    def names(self, ids: Sequence[int]) -> dict[int, str]:
        with self.store.connection(write=False) as connection:
            rows = connection.execute(select(tournament_table.c.id, tournament_table.c.name).where(
                tournament_table.c.id.in_(list(ids)))).all()
        return {row.id: visible(row.name) for row in rows}


# ---------------------------------------------------------------- flights


def open_for_flights(festival: Festival) -> None:
    if festival.day2 is not None:
        raise RuleViolation("T-DAY2-1", "{event} is already on Day 2 (tournament {day2}): no more flights",
                            event=festival.name, day2=festival.day2)


def same_price(name: str, buy_in: int, fee: int, festival: Festival) -> None:
    settings = festival.settings
    if (buy_in, fee) != (settings.buy_in, settings.fee):
        raise RuleViolation("T-DAY2-1", "{name} costs {buy_in} + {fee}, {event} {event_buy_in} + "
                            "{event_fee}: a flight's entries make the event's one prize pool", name=name,
                            buy_in=buy_in, fee=fee, event=festival.name,
                            event_buy_in=settings.buy_in, event_fee=settings.fee)


def flight_states(store: EventStore, festival: Festival) -> list[tuple[int, TournamentState]]:
    """Each flight's state, in the order they were made."""
    return [(tournament_id, fold(store.load(tournament_id))) for tournament_id in festival.flights]


def bagged_stacks(tournament_id: int, state: TournamentState) -> list[CarriedStack]:
    """A flight's survivors' bags, by bag number (T-FLIGHT-2)."""
    bags = sorted(state.bags.values(), key=lambda bag: bag.bag)
    return [CarriedStack(name=state.players[bag.player_id].name, chips=bag.chips, flight=state.info.name,
                         flight_id=tournament_id, bag=bag.bag, member=state.players[bag.player_id].member)
            for bag in bags if state.players[bag.player_id].status != "busted"]


@dataclass(frozen=True, slots=True)
class FlightCounts:
    buy_ins: int
    re_entries: int
    add_ons: int
    rebuys: int = 0

    @property
    def entries(self) -> int:
        return self.buy_ins + self.re_entries


def counts(states: Sequence[TournamentState]) -> FlightCounts:
    """Every flight's buy-ins, re-entries and add-ons: the one prize pool's (T-DAY2-1)."""
    players = [player for state in states for player in state.players.values()]
    buy_ins = sum(player.entry == 1 for player in players)
    return FlightCounts(buy_ins, len(players) - buy_ins, sum(player.add_ons for player in players),
                        sum(player.rebuys for player in players))


@dataclass(frozen=True, slots=True)
class EventStanding:
    festival: Festival
    flights: list[tuple[int, TournamentState]]
    survivors: list[CarriedStack]  # the stacks Day 2 starts with (T-FLIGHT-3 applied)
    counts: FlightCounts
    pool: PrizePool | None  # None before the first flight


def standing(store: EventStore, festival: Festival) -> EventStanding:
    flights = flight_states(store, festival)
    stacks = carried([bagged_stacks(tid, state) for tid, state in flights], festival.settings.carry)
    made = counts([state for _tid, state in flights])
    pool = None
    if flights:
        first = flights[0][1]
        day2 = _day2_trial(first, made)
        pool = money_handlers.pool(day2)
    return EventStanding(festival, flights, stacks, made, pool)


def _day2_trial(first: TournamentState, made: FlightCounts) -> TournamentState:
    """A state with the event's entries and the first flight's prices: the one pool it pays."""
    from tdconsole.domain.events import Day2Started

    started = Day2Started(event="", buy_ins=made.buy_ins, re_entries=made.re_entries, add_ons=made.add_ons,
                          rebuys=made.rebuys)
    return TournamentState(info=first.info, clock=first.clock, money=first.money, day2=started)


def check_entry(store: EventStore, tournament_id: int, state: TournamentState, names: Sequence[str],
                members: Sequence[int | None]) -> None:
    """T-FLIGHT-3: with re-entry across flights off, a player who entered another flight of the
    event (by member number, else by name) does not enter this one; and no flight takes an entry
    once Day 2 has started (T-DAY2-1: its prize pool is recorded)."""
    festival = Festivals(store).of_tournament(tournament_id)
    if festival is not None:
        require_before_day2(festival)
    if festival is None or festival.settings.reentry:
        return
    others = [(tid, fold(store.load(tid))) for tid in festival.flights if tid != tournament_id]
    for name, member in zip(names, members, strict=True):
        for _tid, other in others:
            entered = any((member is not None and player.member == member)
                          or name_key(player.name) == name_key(name) for player in other.players.values())
            if entered:
                raise RuleViolation("T-FLIGHT-3", "{name} entered {flight}; re-entry across flights is off "
                                    "for {event}", name=name.strip(), flight=other.info.name,
                                    event=festival.name)


def require_before_day2(festival: Festival) -> None:
    """T-DAY2-1: once Day 2 has started, its stacks and prize pool are recorded: a flight takes no
    more entries and no more bags."""
    if festival.day2 is not None:
        raise RuleViolation("T-DAY2-1", "{event} is already on Day 2 (tournament {day2}): its flights are "
                            "closed", event=festival.name, day2=festival.day2)

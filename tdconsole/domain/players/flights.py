"""Flights and Day 2: a flight stops at a stated level and its survivors bag; Day 2 starts with them.

* T-FLIGHT-1: a flight stops at the end of its stated level; its survivors bag from then on.
* T-FLIGHT-2: each survivor bags a count above nothing (a busted player bags nothing); each bag has
  a number in its flight, which a recount keeps. Day 2 starts when every survivor has bagged
  (checked where the flights are gathered, tdconsole/club/festivals.py).
* T-DAY2-1: Day 2 is a tournament of its own that starts with the survivors' counts as stacks,
  drawn at random or seeded by chips (`carry.seeded_tables`); it takes no new entries, and its
  places and prize pool are the whole event's: the buy-ins, re-entries and add-ons of every flight.
"""

from __future__ import annotations

from datetime import datetime

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.commands import Bag, SetFlight, StartDay2
from tdconsole.domain.errors import InvalidInput, RuleViolation, TdError
from tdconsole.domain.events import (
    Bagged,
    ChipsBagged,
    Day2Started,
    Event,
    FlightSet,
    PlayerRegistered,
    TablesDrawn,
)
from tdconsole.domain.money import handlers as money
from tdconsole.domain.players.carry import StackOrigin, seeded_tables
from tdconsole.domain.players.registration import refuse_look_alike, validate_name
from tdconsole.domain.seating import tables
from tdconsole.domain.seating.handlers import drawn_table
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key


def decide_set_flight(state: TournamentState, command: SetFlight, now: datetime) -> list[Event]:
    if state.day2 is not None:
        raise RuleViolation("T-DAY2-1", "Day 2 of {event} is not a flight", event=state.day2.event)
    if command.stop_level is not None:
        state.info.structure.period_of_level(command.stop_level)  # a level the structure has
    return [FlightSet(event=command.event, stop_level=command.stop_level)]


def apply_flight_set(state: TournamentState, event: FlightSet, now: datetime) -> None:
    state.flight = event


def require_stopped(state: TournamentState, now: datetime) -> None:
    """T-FLIGHT-1: survivors bag once the flight has played to the end of its stop level."""
    flight = state.flight
    if flight is None:
        raise RuleViolation("T-FLIGHT-1", "{name} is not a flight of an event: only a flight's survivors "
                            "bag", name=state.info.name)
    if flight.stop_level is None:
        return
    structure = state.info.structure
    last = structure.period_of_level(flight.stop_level)
    reading = clock_ops.read(structure, state.clock, now) if state.clock.started else None
    over = reading is not None and (reading.period > last
                                    or (reading.period == last and reading.finished_structure))
    if not over:
        level = None if reading is None else reading.level_number
        raise RuleViolation(
            "T-FLIGHT-1", "the flight stops at the end of level {stop}; bag then (now: level {level})",
            stop=flight.stop_level, level=level if level is not None else "-",
        )


def decide_bag(state: TournamentState, command: Bag, now: datetime) -> list[Event]:
    require_stopped(state, now)
    numbers = {bag.player_id: bag.bag for bag in state.bags.values()}
    issued = max(numbers.values(), default=0)
    bags: list[Bagged] = []
    for name, chips in command.counts.items():
        player = state.find(name)
        if player.status == "busted":
            raise RuleViolation("T-FLIGHT-2", "busted (place {place}): only a survivor bags",
                                place=player.place, field="counts", player=player.name)
        if chips <= 0:
            raise RuleViolation("T-FLIGHT-2", "a bag holds chips: {chips} is not a stack (bust the player "
                                "instead)", chips=chips, field="counts", player=player.name)
        number = numbers.get(player.id)
        if number is None:
            issued += 1
            number = numbers[player.id] = issued
        bags.append(Bagged(player_id=player.id, chips=chips, bag=number))
    return [ChipsBagged(bags=bags)]


def apply_bagged(state: TournamentState, event: ChipsBagged, now: datetime) -> None:
    for bag in event.bags:
        state.bags[bag.player_id] = bag
        state.chips[bag.player_id] = bag.chips


def unbagged(state: TournamentState) -> list[str]:
    """T-FLIGHT-2: the survivors who have not bagged yet, by name."""
    return [player.name for player in state.players.values()
            if player.status != "busted" and player.id not in state.bags]


def decide_start_day2(state: TournamentState, command: StartDay2, now: datetime) -> list[Event]:
    if state.players or state.room or state.day2 is not None:
        raise RuleViolation("T-DAY2-1", "Day 2 starts on a new tournament; {name} already has players",
                            name=state.info.name)
    if state.flight is not None:
        raise RuleViolation("T-DAY2-1", "{name} is a flight of {event}, not its Day 2", name=state.info.name,
                            event=state.flight.event)
    events: list[Event] = []
    origins: list[StackOrigin] = []
    names: list[str] = []
    seen: set[str] = set()
    for number, stack in enumerate(command.stacks, 1):
        name = validate_name(stack.name)
        if name_key(name) in seen:
            raise InvalidInput("{name} carries two stacks to Day 2 (T-FLIGHT-3: one per player)", name=name)
        refuse_look_alike(name, names)
        seen.add(name_key(name))
        names.append(name)
        player_id = f"p{state.ids_issued + number}"
        events.append(PlayerRegistered(player_id=player_id, name=name, member=stack.member))
        origins.append(StackOrigin(player_id=player_id, chips=stack.chips, flight=stack.flight,
                                   flight_id=stack.flight_id, bag=stack.bag))
    entries = command.buy_ins + command.re_entries
    if entries < len(command.stacks):
        raise TdError("{count} stacks from {entries} entries: the flights' entries are missing",
                      count=len(command.stacks), entries=entries)
    started = Day2Started(event=command.event, buy_ins=command.buy_ins, re_entries=command.re_entries,
                          add_ons=command.add_ons, rebuys=command.rebuys, draw=command.draw,
                          seed=command.seed, origins=origins)
    trial = TournamentState(info=state.info, clock=state.clock, money=state.money, day2=started)
    paid = len(money.payout_structure(trial).payouts)
    if paid > len(names):
        raise RuleViolation("T-DAY2-1", "{paid} places are paid but {count} players survived the flights: "
                            "the flights stop before the money", paid=paid, count=len(names))
    events.append(started)
    seats = state.info.seats_per_table
    if command.draw == "seeded":
        count = tables.tables_needed(len(names), seats)
        chips = [(name, stack.chips) for name, stack in zip(names, command.stacks, strict=True)]
        room = tables.draw_given(seeded_tables(chips, count, command.rng), seats_per_table=seats,
                                 rng=command.rng, rules=state.house_rules)
    else:
        room = tables.draw(names, seats_per_table=seats, rng=command.rng, rules=state.house_rules)
    events.append(TablesDrawn(tables=[drawn_table(room[number]) for number in sorted(room)]))
    return events


def apply_day2_started(state: TournamentState, event: Day2Started, now: datetime) -> None:
    state.day2 = event
    for origin in event.origins:
        state.chips[origin.player_id] = origin.chips


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
from typing import TYPE_CHECKING

from tdconsole.domain.clock import timing as clock_ops
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

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import Bag, SetFlight, StartDay2


def decide_set_flight(state: TournamentState, command: SetFlight, now: datetime) -> list[Event]:
    """T-FLIGHT-1: this tournament is a flight of `event`, stopping at the end of a level it has.

    >>> from tdconsole.domain.commands import SetFlight
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> decide_set_flight(t.state, SetFlight(event="Main", stop_level=2), T0)
    [FlightSet(type='flight_set', event='Main', stop_level=2)]
    >>> decide_set_flight(t.state, SetFlight(event="Main", stop_level=5), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: there is no level 5; the structure has 3 levels
    """
    if state.day2 is not None:
        raise RuleViolation("T-DAY2-1", "Day 2 of {event} is not a flight", event=state.day2.event)
    if command.stop_level is not None:
        state.info.structure.period_of_level(command.stop_level)  # a level the structure has
    return [FlightSet(event=command.event, stop_level=command.stop_level)]


def apply_flight_set(state: TournamentState, event: FlightSet, now: datetime) -> None:
    state.flight = event


def require_stopped(state: TournamentState, now: datetime) -> None:
    """T-FLIGHT-1: survivors bag once the flight has played to the end of its stop level.

    >>> from tdconsole.domain.commands import ClockStart, SetFlight
    >>> from tdconsole.domain.examples import at, tournament
    >>> t = tournament("Ann", "Bo")
    >>> require_stopped(t.state, at(0))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-FLIGHT-1: Friday is not a flight of an event: only a flight's
    survivors bag
    >>> _ = t.do(SetFlight(event="Main", stop_level=1))
    >>> _ = t.do(ClockStart())
    >>> require_stopped(t.state, at(60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-FLIGHT-1: the flight stops at the end of level 1; bag then
    (now: level 1)
    >>> require_stopped(t.state, at(21 * 60))
    """
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
    """T-FLIGHT-2: each survivor bags chips in a numbered bag; a busted player bags nothing.

    >>> from tdconsole.domain.commands import Bag, Bust, SetFlight
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(SetFlight(event="Main"))
    >>> [bagged] = decide_bag(t.state, Bag(counts={"Ann": 14_000, "Bo": 9_000}), T0)
    >>> [(bag.player_id, bag.chips, bag.bag) for bag in bagged.bags]
    [('p1', 14000, 1), ('p2', 9000, 2)]
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> decide_bag(t.state, Bag(counts={"Cy": 500}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-FLIGHT-2: Cy: busted (place 3): only a survivor bags
    """
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
        state.count_chips(bag.player_id, bag.chips, now, None)  # the bag supersedes a count


def unbagged(state: TournamentState) -> list[str]:
    """T-FLIGHT-2: the survivors who have not bagged yet, by name.

    >>> from tdconsole.domain.commands import Bag, SetFlight
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(SetFlight(event="Main"))
    >>> _ = t.do(Bag(counts={"Bo": 9_000}))
    >>> unbagged(t.state)
    ['Ann', 'Cy']
    """
    return [player.name for player in state.players.values()
            if player.status != "busted" and player.id not in state.bags]


def decide_start_day2(state: TournamentState, command: StartDay2, now: datetime) -> list[Event]:
    """T-DAY2-1: a new tournament starts with the flights' survivors and their bags, drawn at random or
    seeded by chips.

    >>> from random import Random
    >>> from tdconsole.domain.commands import StartDay2
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.players.carry import CarriedStack
    >>> stacks = [CarriedStack(name=name, chips=chips, flight="1A", flight_id=1, bag=bag)
    ...           for bag, (name, chips) in enumerate([("Ann", 30_000), ("Bo", 12_000), ("Cy", 8_000)], 1)]
    >>> day2 = StartDay2(event="Main", stacks=stacks, buy_ins=20).with_rng(Random(1))
    >>> [event.type for event in decide_start_day2(tournament().state, day2, T0)]
    ['player_registered', 'player_registered', 'player_registered', 'day2_started', 'tables_drawn']
    >>> decide_start_day2(tournament("Di").state, day2, T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-DAY2-1: Day 2 starts on a new tournament; Friday already has
    players
    >>> decide_start_day2(tournament().state, day2.model_copy(update={"buy_ins": 2}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: 3 stacks from 2 entries: the flights' entries are missing
    """
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
        state.count_chips(origin.player_id, origin.chips, now, None)  # the bag carried over


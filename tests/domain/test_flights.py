"""Flights into Day 2: T-FLIGHT-1 (a flight stops at its level), T-FLIGHT-2 (survivors bag),
T-FLIGHT-3 (one stack per player: best or first), T-DAY2-1 (the draw, no new entries, one pool)."""

from __future__ import annotations

import random

import pytest

from tdconsole.domain.commands import Bag, Bust, ClockGoToLevel, ClockStart, Register, SetFlight, StartDay2
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.money import handlers as money
from tdconsole.domain.players.carry import CarriedStack, carried, seeded_tables
from tests.domain.helpers import Tournament


def _flight(stop_level: int | None = 2) -> Tournament:
    flight = Tournament()
    flight.do(SetFlight(event="Main Event", stop_level=stop_level))
    flight.do(Register(names=["Anna", "Bo", "Carl"]))
    flight.do(ClockStart(), 0)
    return flight


def test_t_flight_1_survivors_bag_only_once_the_stop_level_has_ended() -> None:
    flight = _flight(stop_level=2)
    before = list(flight.log)
    with pytest.raises(RuleViolation, match="T-FLIGHT-1: the flight stops at the end of level 2"):
        flight.do(Bag(counts={"Anna": 12_000}), 2399)  # still level 2
    assert flight.log == before
    flight.do(Bag(counts={"Anna": 12_000}), 2400)  # the break after level 2
    assert flight.state.bags["p1"].chips == 12_000


def test_t_flight_1_only_a_flight_bags() -> None:
    night = Tournament()
    night.do(Register(names=["Anna", "Bo"]))
    with pytest.raises(RuleViolation, match="T-FLIGHT-1: Friday is not a flight"):
        night.do(Bag(counts={"Anna": 1}))


def test_t_flight_2_bags_are_numbered_a_recount_keeps_its_number_and_the_busted_bag_nothing() -> None:
    flight = _flight()
    flight.do(ClockGoToLevel(level=3), 10)
    flight.do(Bust(names=["Carl"]), 11)
    flight.do(Bag(counts={"Bo": 9_000, "Anna": 20_000}), 12)
    flight.do(Bag(counts={"Anna": 21_000}), 13)
    assert {bag.player_id: (bag.bag, bag.chips) for bag in flight.state.bags.values()} == {
        "p2": (1, 9_000), "p1": (2, 21_000)}
    with pytest.raises(RuleViolation, match="T-FLIGHT-2: Carl: busted"):
        flight.do(Bag(counts={"Carl": 100}), 14)
    with pytest.raises(RuleViolation, match="T-FLIGHT-2: Anna: a bag holds chips"):
        flight.do(Bag(counts={"Anna": 0}), 14)


def _stack(name: str, chips: int, flight: int, member: int | None = None) -> CarriedStack:
    return CarriedStack(name=name, chips=chips, flight=f"1{'ABC'[flight - 1]}", flight_id=flight, bag=1,
                        member=member)


def test_t_flight_3_a_player_surviving_two_flights_carries_the_best_or_the_first_stack() -> None:
    a = [_stack("Anna", 10_000, 1), _stack("Bo", 5_000, 1, member=7)]
    b = [_stack("anna", 30_000, 2), _stack("Bo Renamed", 50_000, 2, member=7), _stack("Carl", 8_000, 2)]
    best = {s.name: (s.chips, s.flight_id) for s in carried([a, b], "best")}
    first = {s.name: (s.chips, s.flight_id) for s in carried([a, b], "first")}
    assert best == {"anna": (30_000, 2), "Bo Renamed": (50_000, 2), "Carl": (8_000, 2)}
    assert first == {"Anna": (10_000, 1), "Bo": (5_000, 1), "Carl": (8_000, 2)}


def test_t_day2_1_seeded_gives_each_table_one_of_the_biggest_stacks_in_a_snake() -> None:
    stacks = [(f"P{n}", 1_000 * n) for n in range(1, 21)]  # P20 biggest
    dealt = seeded_tables(stacks, 3, random.Random(1))
    assert [table[0] for table in dealt] == ["P20", "P19", "P18"]
    assert [table[1] for table in dealt] == ["P15", "P16", "P17"]
    assert sorted(len(table) for table in dealt) == [6, 7, 7]


def _day2(draw: str = "seeded", survivors: int = 20, buy_ins: int = 100) -> Tournament:
    day2 = Tournament()
    stacks = [_stack(f"P{n}", 1_000 * n, 1 + n % 2) for n in range(1, survivors + 1)]
    day2.do(StartDay2(event="Main Event", stacks=stacks, buy_ins=buy_ins, draw=draw, seed=5)
            .with_rng(random.Random(5)))
    return day2


def test_t_day2_1_starts_with_the_bags_as_stacks_and_the_whole_events_prize_pool() -> None:
    day2 = _day2()
    state = day2.state
    assert state.players_left == 20
    assert state.chips["p20"] == 20_000
    assert money.chips_in_play(state) == sum(1_000 * n for n in range(1, 21))
    assert money.pool(state).prize_pool == 100 * 300  # every flight's buy-ins at the event's price
    assert money.paid_entries(state) == 100
    tables = {player.table for player in state.players.values() if player.name in {"P20", "P19", "P18"}}
    assert len(tables) == 3  # 20 players on 3 tables: the three biggest apart


def test_t_day2_1_takes_no_new_entries() -> None:
    day2 = _day2()
    with pytest.raises(RuleViolation, match="T-DAY2-1: Day 2 of Main Event takes no new entries"):
        day2.do(Register(names=["Late Larry"]))


def test_t_day2_1_refused_when_more_places_are_paid_than_survived() -> None:
    with pytest.raises(RuleViolation, match=r"T-DAY2-1: \d+ places are paid but 3 players survived"):
        _day2(survivors=3, buy_ins=600)

"""A festival on SQLite and on a real PostgreSQL: three flights of 200 entries each stop at the end of
level 2 (T-FLIGHT-1), bag (T-FLIGHT-2), merge into a seeded Day 2 with the best stack of a player who
survived two flights (T-FLIGHT-3), and pay out by one prize pool (T-DAY2-1), checked by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tdconsole.actions.flights import new_flight, start_day2
from tdconsole.club.festivals import EventSettings, Festivals, standing
from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.money.payouts import PayoutRange, PayoutTables
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.festival import event_view
from tdconsole.views.tournament import state_view
from tests.conftest import FakeClock

# A hand-checkable table: 50/30/20 for any field of 3 to 1,000 entries, rounded to 10 kr.
TABLE = PayoutTables(name="Festival", unit=10, ranges=[
    PayoutRange(min_entries=3, max_entries=1000, percents=[Decimal(50), Decimal(30), Decimal(20)])])
SURVIVE = 20  # per flight


def _play_flight(store: EventStore, festival_name: str, letter: str, clock: FakeClock) -> Service:
    festival = Festivals(store).get(festival_name)
    flight = new_flight(store, festival, name=f"Main Event 1{letter}", structure=load_structure("club-turbo"),
                        now=clock)
    if letter == "A":
        flight.execute(commands.SetMoney(settings=MoneySettings(table=TABLE)))
    # Anna plays every flight (re-entry across flights is on); the rest are new each flight.
    names = ["Anna"] + [f"{letter}{n:03}" for n in range(1, 200)]
    flight.execute(commands.Register(names=names, seed=1))
    flight.execute(commands.Draw(seed=2))
    flight.execute(commands.ClockStart())
    with pytest.raises(RuleViolation, match="T-FLIGHT-1"):
        flight.execute(commands.Bag(counts={"Anna": 1000}))
    flight.execute(commands.ClockGoToLevel(level=3))  # level 2 is over: the flight stops
    for name in names[SURVIVE:]:
        flight.execute(commands.Bust(names=[name]))
    # Bags: Anna 1A 10,000, 1B 90,000 (her best), 1C 5,000; the others 1,000 x their number.
    anna = {"A": 10_000, "B": 90_000, "C": 5_000}[letter]
    flight.execute(commands.Bag(counts={"Anna": anna, **{name: 1_000 * int(name[1:]) for name in
                                                        names[1:SURVIVE]}}))
    return flight


def test_a_festival_bags_merges_into_a_seeded_day2_and_pays_one_prize_pool(store: EventStore) -> None:
    flights = "ABC"
    clock = FakeClock()
    Festivals(store).new("Main Event", EventSettings(buy_in=1_000, fee=100, stop_level=2, carry="best",
                                                     draw="seeded"))
    played = [_play_flight(store, "main event", letter, clock) for letter in flights]
    festival = Festivals(store).get("Main Event")
    shown = event_view(standing(store, festival), Festivals(store).names(festival.flights))
    entries = 200 * len(flights)
    # By hand: every entry pays the 1,000 prize part (the 100 fee is the house's); no rake.
    pool = entries * 1_000
    assert (shown.entries, shown.prize_pool) == (entries, pool)
    assert [flight.entries for flight in shown.flights] == [200] * len(flights)
    # Anna survived every flight: one stack, her best (1B's 90,000); everyone else one each.
    survivors = len(flights) * (SURVIVE - 1) + 1
    assert len(shown.survivors) == survivors
    assert shown.survivors[0].model_dump() == {"name": "Anna", "chips": 90_000, "flight": "Main Event 1B",
                                               "flight_id": played[1].tournament_id, "bag": 1}

    day2 = start_day2(store, festival, seed=7, now=clock)
    state = day2.state
    view = state_view(state, day2.tournament_id, clock())
    assert view.day2 is not None and view.day2.seed == 7 and view.day2.entries == entries
    # T-DAY2-1: Day 2's entries are the whole event's (not the 58 stacks carried), as `event show`.
    assert view.entries == entries and view.players_left == survivors
    assert view.clock.level == 3  # the flights stopped at the end of level 2: Day 2 opens at 3
    origin = {row.name: row for row in view.day2.stacks}
    assert (origin["Anna"].flight, origin["Anna"].chips) == ("Main Event 1B", 90_000)
    assert origin["B019"].flight == "Main Event 1B" and origin["B019"].chips == 19_000
    # The counts are the stacks; the chips in play are the bags'.
    assert state.players_left == survivors
    assert view.chips_in_play == 90_000 + len(flights) * sum(1_000 * n for n in range(1, SURVIVE))
    # Seeded by chips: the biggest stacks each at a table of their own (one per table).
    tables = len(state.room)
    biggest = sorted(view.players, key=lambda row: -(row.chips or 0))[:tables]
    assert len({row.table for row in biggest}) == tables
    # One prize pool, paid by the event's entries: 50/30/20 of it.
    assert view.prize_pool == pool
    assert [(p.place, p.amount) for p in view.payouts] == [(1, pool // 2), (2, pool * 3 // 10),
                                                            (3, pool // 5)]
    # Day 2 played out: the places are the event's top places, the money all of the pool.
    order = sorted(state.players.values(), key=lambda player: state.chips[player.id])
    for player in order[:-1]:
        day2.execute(commands.Bust(names=[player.name]))
    final = state_view(day2.state, day2.tournament_id, clock())
    assert final.tournament.status == "finished"
    prizes = {row.name: row.prize for row in final.players if row.prize}
    assert prizes == {"Anna": pool // 2, order[-2].name: pool * 3 // 10, order[-3].name: pool // 5}
    assert sum(prizes.values()) == pool
    assert Festivals(store).get("Main Event").day2 == day2.tournament_id
    with pytest.raises(RuleViolation, match="T-DAY2-1: Main Event already has its Day 2"):
        start_day2(store, Festivals(store).get("Main Event"), now=clock)


def test_day2_waits_for_every_bag_and_a_refusal_writes_nothing(store: EventStore) -> None:
    clock = FakeClock()
    festival = Festivals(store).new("Side Event", EventSettings(buy_in=100))
    flight = new_flight(store, festival, name="Side 1A", structure=load_structure("club-turbo"), now=clock)
    flight.execute(commands.Register(names=["Anna", "Bo", "Carl"]))
    flight.execute(commands.Bag(counts={"Anna": 5_000}))
    before = store.tournaments()
    with pytest.raises(RuleViolation, match=r"T-FLIGHT-2: Side 1A: 2 survivors have not bagged \(Bo, Carl\)"):
        start_day2(store, Festivals(store).get("Side Event"), now=clock)
    assert store.tournaments() == before


def test_t_flight_3_reentry_across_flights_off_refuses_a_second_flight(store: EventStore) -> None:
    from tdconsole.actions.registration import RegisterRequest, register

    clock = FakeClock()
    festival = Festivals(store).new("Deepstack", EventSettings(reentry=False))
    first = new_flight(store, festival, name="Deepstack 1A", structure=load_structure("club-turbo"),
                       now=clock)
    register(first, RegisterRequest(names=["Anna", "Bo"]))
    second = new_flight(store, Festivals(store).get("Deepstack"), name="Deepstack 1B",
                        structure=load_structure("club-turbo"), now=clock)
    with pytest.raises(RuleViolation, match="T-FLIGHT-3: anna entered Deepstack 1A"):
        register(second, RegisterRequest(names=["Carl", "anna"]))
    assert second.state.entries == 0


def test_t_day2_1_once_day2_has_started_its_flights_take_no_entry_and_no_bag(store: EventStore) -> None:
    from tdconsole.actions.flights import BagRequest, bag
    from tdconsole.actions.registration import RegisterRequest, register

    clock = FakeClock()
    festival = Festivals(store).new("Turbo", EventSettings(buy_in=100))
    flight = new_flight(store, festival, name="Turbo 1A", structure=load_structure("club-turbo"), now=clock)
    register(flight, RegisterRequest(names=["Anna", "Bo"]))
    bag(flight, BagRequest(counts={"Anna": 30_000, "Bo": 10_000}))
    start_day2(store, Festivals(store).get("Turbo"), now=clock)
    with pytest.raises(RuleViolation, match=r"T-DAY2-1: Turbo is already on Day 2 \(tournament \d+\): its"):
        register(flight, RegisterRequest(names=["Carl"]))
    with pytest.raises(RuleViolation, match="T-DAY2-1: Turbo is already on Day 2"):
        bag(flight, BagRequest(counts={"Anna": 31_000}))
    assert flight.state.entries == 2 and flight.state.bags["p1"].chips == 30_000

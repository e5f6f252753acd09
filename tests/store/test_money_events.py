"""The money events through the store on SQLite and PostgreSQL: a cold load (JSON back into
pydantic: Decimal rake, int-keyed locked places, a payout table copy) equals the live state."""

from __future__ import annotations

from decimal import Decimal

from tdconsole.config.payout_tables import load_payout_tables
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import (
    ApproveDeal,
    Bust,
    ClockSetRemaining,
    ClockStart,
    ConsentDeal,
    CountChips,
    HandForHandStart,
    HandForHandTableDone,
    ProposeDeal,
    Reenter,
    Register,
    SetMoney,
)
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.tournament import state_view
from tests.conftest import FakeClock


def test_money_events_cold_load_equals_the_live_state(store: EventStore) -> None:
    clock = FakeClock()
    live = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                          buy_in=300, fee=50, now=clock)
    live.execute(Register(names=["Anna", "Bo", "Carl", "Dora", "Eik", "Finn"]))
    live.execute(SetMoney(settings=MoneySettings(table=load_payout_tables("club"), bounty=25,
                                                 rake_percent=Decimal("2.5"), locked={2: 500})))
    live.execute(Bust(names=["Finn", "Eik"], stacks={"Finn": 900, "Eik": 900}, by=["Anna"]))
    live.execute(Reenter(name="Finn"))
    live.execute(HandForHandStart(tables=[1, 2]))
    live.execute(Bust(names=["Finn"], stacks={"Finn": 700}, table=2, by=["Bo", "Carl"]))
    live.execute(HandForHandTableDone(table=1))
    live.execute(HandForHandTableDone(table=2))
    live.execute(CountChips(counts={"Anna": 9000, "Bo": 5000, "Carl": 3000, "Dora": 1000}))
    live.execute(ProposeDeal(method="icm", leave_for_winner=50))
    live.execute(ConsentDeal(names=["Anna", "Bo", "Carl", "Dora"]))
    live.execute(ApproveDeal())
    cold = Service(store, live.tournament_id, now=clock)
    assert cold.state.money == live.state.money and cold.state.money.locked == {2: 500}
    assert state_view(cold.state, 1, clock()) == state_view(live.state, 1, clock())
    view = state_view(cold.state, 1, clock())
    assert view["deal"]["approved"] is True
    assert sum(p["prize"] or 0 for p in view["players"]) + 50 == view["prize_pool"]


def test_e5_clock_loses_two_minutes_per_hand_whatever_the_wall_clock_does(store: EventStore) -> None:
    """E5 through the service and `state --json`'s clock: hand-for-hand pauses the clock and each
    hand takes two minutes off it (RP-8B-D), so the minutes a hand really takes change nothing."""
    clock = FakeClock()
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                             buy_in=300, fee=50, now=clock)
    service.execute(Register(names=[f"P{i:02}" for i in range(1, 13)]))
    service.execute(ClockStart())
    clock.advance(60)
    service.execute(ClockSetRemaining(seconds=9 * 60))
    service.execute(HandForHandStart(tables=[1], hand_in_progress=False))
    seen = []
    for _hand in range(6):
        clock.advance(150)  # a slow hand: longer than the two minutes it costs
        service.execute(HandForHandTableDone(table=1))
        shown = state_view(service.state, service.tournament_id, clock())["clock"]
        seen.append((shown["period"], shown["remaining"]))
    assert seen[:5] == [(1, "7:00"), (1, "5:00"), (1, "3:00"), (1, "1:00"), (1, "0:00")]
    assert seen[5] == (2, "13:00")  # hand 6 at the next level (15 minutes in club-turbo)
    assert state_view(service.state, service.tournament_id, clock())["clock"]["running"] is False

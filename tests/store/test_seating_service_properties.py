"""Seating through the SERVICE over random evenings: registrations, late entries, busts, hands,
balancing and breaks, undo. After every command the live state is the fold of its log (and what a
terminal starting now would load), no seat holds two players, every player still in sits exactly
once where his record says, and a refused command writes nothing."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.domain.house_rules import SeatingRules
from tdconsole.domain.seating.handlers import balance_plan
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import fold
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.conftest import FakeClock
from tests.samples import examples

RULES = SeatingRules()

OPERATION = st.one_of(
    st.tuples(st.just("register"), st.integers(1, 3)),
    st.tuples(st.just("bust"), st.integers(0, 10_000)),
    st.tuples(st.just("bust"), st.integers(0, 10_000)),
    st.tuples(st.just("bust"), st.integers(0, 10_000)),
    st.tuples(st.just("hands"), st.just(0)),
    st.tuples(st.just("tidy"), st.integers(0, 2**16)),
    st.tuples(st.just("undo"), st.just(0)),
    st.tuples(st.just("move"), st.integers(0, 10_000)),
    st.tuples(st.just("button"), st.integers(0, 10_000)),
)


def _check(service: Service) -> None:
    state: TournamentState = service.state
    assert fold(service.log) == state
    seats = Counter(name for t in state.room.values() for name in t.occupants.values())
    assert all(count == 1 for count in seats.values())  # nobody sits twice
    for player in state.players.values():
        if player.status == "busted":
            assert player.name not in seats and player.table is None
        elif state.room:
            assert player.status == "seated" and seats[player.name] == 1
            assert state.room[player.table].occupants[player.seat] == player.name  # type: ignore[index]
    assert sum(seats.values()) == sum(p.status == "seated" for p in state.players.values())


def _run(service: Service, command: commands.Command) -> None:
    before = len(service.log)
    try:
        service.execute(command)
    except TdError:
        assert len(service.store.load(service.tournament_id)) == before  # refused: nothing written


@pytest.mark.long
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(10, 60),
    seed=st.integers(0, 2**16),
    operations=st.lists(OPERATION, min_size=5, max_size=30),
)
def test_seating_through_the_service_stays_consistent(
    players: int, seed: int, operations: list[tuple[str, int]]
) -> None:
    with tempfile.TemporaryDirectory() as directory:
        store = EventStore.open(f"sqlite:///{Path(directory) / 'p.sqlite'}")
        service = Service.create(store, name="Property", structure=load_structure("club-turbo"),
                                 now=FakeClock())
        service.execute(commands.Register(names=[f"P{i}" for i in range(players)]))
        service.execute(commands.Draw(seed=seed))
        _check(service)
        added = players
        for step, (operation, value) in enumerate(operations):
            live = sorted(p.name for p in service.state.players.values() if p.status == "seated")
            if operation == "register":  # late entries (TDA 8A)
                names = [f"L{added + i}" for i in range(value)]
                added += value
                _run(service, commands.Register(names=names, seed=seed + step))
            elif operation == "bust" and len(live) > 2:
                _run(service, commands.Bust(names=[live[value % len(live)]]))
            elif operation == "hands":
                _run(service, commands.HandDone())
            elif operation == "tidy":  # what the TD does: break what can go, then balance
                plan = balance_plan(service.state)
                if plan.break_ is not None:
                    command: commands.Command = commands.BreakTable(
                        table=plan.break_, seed=value)
                else:
                    command = commands.Balance()
                _run(service, command)
            elif operation == "undo":
                _run(service, commands.Undo(actor="td"))
            elif operation == "move" and live:  # by hand, to any free seat (T-MOVE-1 may refuse)
                room = service.state.room
                free = [(n, s) for n, t in sorted(room.items()) if t.status == "open"
                        for s in t.free_seats]
                if free:
                    table, seat = free[value % len(free)]
                    _run(service, commands.MovePlayer(name=live[value % len(live)], table=table,
                                                      seat=seat))
            elif operation == "button" and live:  # the TD corrects a button (34A)
                player = service.state.find(live[value % len(live)])
                _run(service, commands.SetButton(table=player.table, seat=player.seat))
            _check(service)
        assert fold(store.load(service.tournament_id)) == service.state  # a cold load agrees
        store.close()

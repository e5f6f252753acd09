"""Terminals that change the current tournament at the same instant end in a trail one sequence of
the same commands could have made, on SQLite and on PostgreSQL alike: every "previous" the audit
log names is the one the change before it made current, and the last one is current now.

Each race is started by two threads at a barrier, each with an engine of its own (two terminals),
50 times over."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import delete, update

from tdconsole.config.structures import load_structure
from tdconsole.service import Service, use_tournament
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import audit_table, current_tournament_table
from tests.conftest import FakeClock

ROUNDS = 50
TERMINALS = 2
STRUCTURE = load_structure("club-turbo")


def _new(store: EventStore, name: str, *, use: bool = False) -> int:
    return Service.create(store, name=name, structure=STRUCTURE, use=use,
                          now=FakeClock()).tournament_id


@pytest.fixture
def terminals(db_url: str) -> Iterator[list[EventStore]]:
    opened = [EventStore.open(db_url) for _ in range(TERMINALS)]
    yield opened
    for store in opened:
        store.close()


def _race(terminals: list[EventStore], step: Callable[[EventStore, int, int], None],
          after_round: Callable[[], None] | None = None) -> None:
    """`step(store, terminal, round)` on every terminal at once, ROUNDS times over; `after_round`
    runs alone between two rounds."""
    start = threading.Barrier(len(terminals))
    end = threading.Barrier(len(terminals), action=after_round)
    failures: list[BaseException] = []

    def terminal(index: int) -> None:
        store = terminals[index]
        try:
            for number in range(ROUNDS):
                start.wait(timeout=30)
                step(store, index, number)
                end.wait(timeout=30)
        except BaseException as error:  # reported by the test thread below
            failures.append(error)
            start.abort()
            end.abort()

    threads = [threading.Thread(target=terminal, args=(index,)) for index in range(len(terminals))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures


def _trail(store: EventStore) -> list[tuple[int | None, int]]:
    """The current tournament's changes, oldest first, as (previous, new)."""
    changes = []
    for entry in store.audit(limit=10_000):
        found = re.fullmatch(r"current tournament (none|\d+) -> (\d+) \(.*\)", entry.detail)
        assert found, entry.detail
        was, new = found.groups()
        changes.append((None if was == "none" else int(was), int(new)))
    return changes


def _assert_one_sequence(store: EventStore) -> list[tuple[int | None, int]]:
    trail = _trail(store)
    current = None
    for previous, new in trail:
        assert previous == current, trail
        current = new
    assert store.current_or_none() == current
    return trail


def test_two_uses_at_the_same_instant_leave_a_trail_one_sequence_could_make(
        terminals: list[EventStore]) -> None:
    first = terminals[0]
    targets = [_new(first, name) for name in ("Friday", "Saturday", "Sunday")]

    def use(store: EventStore, index: int, number: int) -> None:
        use_tournament(store, targets[(index + number) % len(targets)], actor=f"td{index}")

    _race(terminals, use)
    trail = _assert_one_sequence(first)
    assert len(trail) == 1 + TERMINALS * ROUNDS


def test_two_new_use_at_the_same_instant_leave_a_trail_one_sequence_could_make(
        terminals: list[EventStore]) -> None:
    created: list[int] = []

    def new_use(store: EventStore, index: int, number: int) -> None:
        created.append(_new(store, f"Night {number}.{index}", use=True))

    _race(terminals, new_use)
    trail = _assert_one_sequence(terminals[0])
    assert sorted(new for _was, new in trail) == sorted(created)
    assert len(created) == TERMINALS * ROUNDS


def test_two_first_tournaments_at_the_same_instant_make_one_of_them_current(
        terminals: list[EventStore]) -> None:
    created: list[int] = []

    def new(store: EventStore, index: int, number: int) -> None:
        created.append(_new(store, f"First {number}.{index}"))

    def check_and_start_again() -> None:  # as a database where no tournament is current yet
        [(previous, new)] = _assert_one_sequence(terminals[0])
        assert previous is None and new in created[-TERMINALS:]
        with terminals[0].engine.begin() as connection:
            connection.execute(update(current_tournament_table).values(tournament_id=None))
            connection.execute(delete(audit_table))

    _race(terminals, new, check_and_start_again)
    assert len(created) == TERMINALS * ROUNDS

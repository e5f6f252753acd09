"""The screen never waits on the database: a store as slow as a network across the room (here one
that answers only when the test opens its gate, however long that takes) and the keys still answer.

No test waits for time to pass: the store blocks on an event the test sets, and the test waits
for what it expects to happen (`tests/tui/wait.py`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest
from textual.widgets import DataTable

from tdconsole.club.members import Members
from tdconsole.domain.commands import Register
from tdconsole.domain.events import Envelope
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import TdApp, create_app
from tdconsole.tui.screens.clock import ClockScreen
from tdconsole.tui.screens.players import PlayersScreen
from tests.tui.wait import until

# A press returns as soon as the screen has taken the key, whatever it started (conftest.py).
KEYS_WAIT = False
# A gate left shut this long means the app is waiting for something that never comes.
GATE_SECONDS = 30.0


class GatedStore(EventStore):
    """The event log behind a gate: every load and append waits until the test opens it (as a
    call to PostgreSQL across a slow network takes seconds), and counts the calls waiting."""

    def __init__(self, store: EventStore) -> None:
        super().__init__(store.engine)
        self.gate = threading.Event()
        self.waiting = 0
        self.most_waiting = 0
        self._count = threading.Lock()

    def load(self, tournament_id: int, after: int = 0) -> list[Envelope]:
        self._pass()
        return super().load(tournament_id, after)

    def append(self, tournament_id: int, envelopes: Sequence[Envelope], *,
               wait: float | None = None) -> None:
        self._pass()
        super().append(tournament_id, envelopes, wait=wait)

    def _pass(self) -> None:
        with self._count:
            self.waiting += 1
            self.most_waiting = max(self.most_waiting, self.waiting)
        try:
            if not self.gate.wait(GATE_SECONDS):
                raise TimeoutError("the test never opened the store's gate")
        finally:
            with self._count:
                self.waiting -= 1


def _gated(service: Service) -> GatedStore:
    store = GatedStore(service.store)
    service.store = store
    return store


def _names(app: TdApp) -> list[str]:
    table = app.screen.query_one(DataTable)
    return [str(table.get_row_at(i)[0]) for i in range(table.row_count)]


async def test_a_command_waiting_on_the_database_shows_it_and_the_keys_still_answer(
        service: Service) -> None:
    store = _gated(service)
    app = create_app(service, poll_seconds=3600)
    async with app.run_test() as pilot:
        await pilot.press("space")  # start the clock: the service now waits at the gate
        await until(pilot, lambda: store.waiting == 1, "the command reaching the database")
        assert "working…" in app.sub_title
        # The screen answers while the command waits: another screen, a row down in its list.
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "F2 answering")
        table = app.screen.query_one(DataTable)
        await pilot.press("down")
        assert table.cursor_row == 1
        # A second command queues behind the first, in order, and the header counts it.
        await pilot.press("n", *"Dorthe", "enter")
        await until(pilot, lambda: "1 waiting" in app.sub_title, "the second command queued")
        assert not service.state.clock.running and "Dorthe" not in _names(app)
        store.gate.set()
        await until(pilot, lambda: "Dorthe" in _names(app), "the registration shown once stored")
        await until(pilot, lambda: "working" not in app.sub_title, "the header done working")
        assert service.state.clock.running
        assert store.most_waiting == 1  # one call on the service at a time


async def test_follow_waits_on_the_database_in_a_worker_and_never_overlaps_itself(
        service: Service) -> None:
    other = Service(service.store, service.tournament_id, actor="floor-laptop", now=service.now)
    store = _gated(service)
    app = create_app(service, poll_seconds=0.01)
    ticks = 0
    follow_soon = app._follow_soon

    def counting() -> None:
        nonlocal ticks
        ticks += 1
        follow_soon()

    app._follow_soon = counting  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        other.execute(Register(names=["Elsebeth"]))
        await until(pilot, lambda: ticks >= 10, "ten polls")
        # Ten polls, one read at the gate: a poll that finds one on its way skips its turn.
        assert store.waiting == 1 and store.most_waiting == 1
        assert "working" not in app.sub_title  # following is not the TD's command
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "F2 answering")
        assert "Elsebeth" not in _names(app)
        store.gate.set()
        await until(pilot, lambda: "Elsebeth" in _names(app), "the other terminal's player shown")


async def test_members_are_read_on_arrival_not_per_keystroke(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    members = Members(service.store)
    members.add("Dorthe Dam")
    members.add("Dan Banned")
    members.set_banned("Dan Banned", True)
    reads = 0
    read_all = Members.all

    def counting(self: Members, *, merged: bool = False) -> list[object]:
        nonlocal reads
        reads += 1
        return read_all(self, merged=merged)  # type: ignore[return-value]

    monkeypatch.setattr(Members, "all", counting)
    app = create_app(service, poll_seconds=3600)
    async with app.run_test() as pilot:
        await pilot.press("f2")
        screen = app.screen
        assert isinstance(screen, PlayersScreen)
        await until(pilot, lambda: screen.suggester.names == ["Dorthe Dam"], "the members read")
        await pilot.press("n", *"do")
        assert await screen.suggester.get_suggestion("do") == "Dorthe Dam"
        await pilot.press(*"rthe dam", "enter")
        await until(pilot, lambda: "Dorthe Dam" in _names(app), "the member registered")
        # In now: no longer offered, and no new read of the members to know it.
        assert await screen.suggester.get_suggestion("do") is None
        await pilot.press("escape", "slash", *"dor")
        assert reads == 1


async def test_the_tv_reads_the_league_when_the_tournament_changes_status_not_per_redraw(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    from tdconsole.club import leagues as league_module
    from tdconsole.tui.display import DisplayApp

    reads = 0
    between = league_module.Leagues.between

    def counting(self: league_module.Leagues, tournament_id: int) -> object:
        nonlocal reads
        reads += 1
        return between(self, tournament_id)

    monkeypatch.setattr(league_module.Leagues, "between", counting)
    display = Service(service.store, service.tournament_id, role="display", now=service.now)
    app = DisplayApp(display, poll_seconds=0.01)
    async with app.run_test() as pilot:
        await until(pilot, lambda: reads == 1, "the league read once")
        service.execute(Register(names=["Dorthe"]))
        await until(pilot, lambda: display.state.entries == 5, "the registration followed")
        screen = app.screen
        assert isinstance(screen, ClockScreen)
        screen.refresh_view()
        assert reads == 1

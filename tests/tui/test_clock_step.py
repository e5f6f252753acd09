"""A step of the machine's clock on the TD's console: the question says what it would do to the
level, the level holds until the TD answers, and a question answered on another TD terminal goes
away. The machine is an injected monotonic/wall pair (tests/store/test_one_clock.py)."""

from __future__ import annotations

from pathlib import Path

from tdconsole.actions import clock as clock_actions
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import ClockStart
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.time_base import read_reference
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.clock_step import ClockStepScreen
from tdconsole.views.tournament import clock_view
from tests.store.test_one_clock import Machine, terminal


def _stepped(tmp_path: Path) -> tuple[EventStore, Machine, Service]:
    store = EventStore.open(f"sqlite:///{tmp_path / 'step.sqlite'}")
    machine = Machine()
    td = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                        now=terminal(store, machine))
    td.execute(ClockStart())
    return store, machine, td


async def test_the_td_is_asked_and_keeping_leaves_the_level_where_it_was(tmp_path: Path) -> None:
    store, machine, td = _stepped(tmp_path)
    app = create_app(td, sound=False)
    async with app.run_test(size=(80, 24)) as pilot:
        machine.run(60)
        machine.step(3600)
        machine.run(30)
        await app.follow()
        await pilot.pause()
        assert isinstance(app.screen, ClockStepScreen)
        assert app.screen.question == ("The machine's clock jumped +1 h: that would end level 1 and "
                                       "run to the break after level 4 (8:30 left). Follow the "
                                       "machine's clock?")
        assert clock_view(td.state, td.now()).remaining == "13:30"  # held while the TD reads
        await pilot.press("n")
        assert not isinstance(app.screen, ClockStepScreen)
        assert read_reference(store).correction == -3600
        view = clock_view(td.state, td.now())
        assert (view.level, view.on_break, view.remaining) == (1, False, "13:30")


async def test_a_question_answered_on_another_td_terminal_goes_away(tmp_path: Path) -> None:
    store, machine, td = _stepped(tmp_path)
    laptop = Service(store, td.tournament_id, actor="laptop", now=terminal(store, machine))
    app = create_app(td, sound=False)
    async with app.run_test(size=(80, 24)) as pilot:
        machine.run(60)
        machine.step(3600)
        machine.run(30)
        await app.follow()
        await pilot.pause()
        assert isinstance(app.screen, ClockStepScreen)
        laptop.refresh()
        clock_actions.time_base(laptop, clock_actions.TimeRequest(follow=True))
        machine.run(30)
        await app.follow()
        await pilot.pause()
        assert not isinstance(app.screen, ClockStepScreen)
        view = clock_view(td.state, td.now())
        assert view.on_break and view.remaining == "8:00"

"""Snapshots of every screen of the TD's console and the floor terminal at 80x24 and 160x48, with
a fixed clock so none changes by itself. A screen that breaks at a size (names running down a
narrow tile, keys lost off the footer) shows here. Update deliberately: `--snapshot-update`."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tdconsole.domain.commands import ClockStart, Draw, Register
from tdconsole.i18n import set_language
from tdconsole.service import Service
from tdconsole.tui.app import create_app, create_floor_app
from tests.conftest import FakeClock

SIZES = [(80, 24), (160, 48)]
# (the key that opens it, its name): every mode of the TD's app, and the structure editor (F4).
TD_SCREENS = [("f1", "clock"), ("f2", "players"), ("f3", "log"), ("f4", "structure"),
              ("f5", "rulings"), ("f6", "payouts"), ("f7", "hand-for-hand"), ("f8", "calculator"),
              ("f9", "deal"), ("f10", "tables"), ("f12", "cash")]
FLOOR_SCREENS = [("f1", "rulings"), ("f2", "tables")]


def opened(*keys: str):  # type: ignore[no-untyped-def]
    """Press the screen's key (and any that open a form on it), then let its first redraw and
    animations (the tabs' underline) settle, and stop the cursor blinking, so the snapshot never
    catches a screen half drawn."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press(*keys)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    return run_before


@pytest.fixture
def evening(service: Service, fake_clock: FakeClock) -> Service:
    """Twenty players drawn to three tables, the clock running four minutes into level 1."""
    service.execute(Register(names=[f"Player {i}" for i in range(1, 17)]))
    service.execute(Draw(seed=7))
    service.execute(ClockStart())
    fake_clock.advance(4 * 60 + 21)
    return service


def test_clock_screen(snap_compare, service: Service, fake_clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service.execute(ClockStart())
    fake_clock.advance(4 * 60 + 21)
    assert snap_compare(create_app(service, poll_seconds=60), terminal_size=(100, 30))


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize(("key", "name"), TD_SCREENS, ids=[name for _key, name in TD_SCREENS])
def test_td_screen(snap_compare, evening: Service, key: str, name: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = create_app(evening, poll_seconds=3600, sound=False)
    assert snap_compare(app, run_before=opened(key), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize(("key", "name"), FLOOR_SCREENS, ids=[name for _key, name in FLOOR_SCREENS])
def test_floor_screen(snap_compare, evening: Service, key: str, name: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    floor = Service(evening.store, evening.tournament_id, actor="mette", role="floor",
                         now=evening.now)
    app = create_floor_app(floor, poll_seconds=3600)
    assert snap_compare(app, run_before=opened(key), terminal_size=size)


# Every screen of the TD's console and the floor terminal in Danish, at the size where the longer
# Danish words have room to show whether anything is cut off (the English ones are above).
@pytest.mark.parametrize(("key", "name"), TD_SCREENS, ids=[name for _key, name in TD_SCREENS])
def test_td_screen_in_danish(snap_compare, evening: Service, danish: None, key: str, name: str) -> None:  # type: ignore[no-untyped-def]
    app = create_app(evening, poll_seconds=3600, sound=False)
    assert snap_compare(app, run_before=opened(key), terminal_size=(160, 48))


@pytest.mark.parametrize(("key", "name"), FLOOR_SCREENS, ids=[name for _key, name in FLOOR_SCREENS])
def test_floor_screen_in_danish(snap_compare, evening: Service, danish: None, key: str, name: str) -> None:  # type: ignore[no-untyped-def]
    floor = Service(evening.store, evening.tournament_id, actor="mette", role="floor", now=evening.now)
    app = create_floor_app(floor, poll_seconds=3600)
    assert snap_compare(app, run_before=opened(key), terminal_size=(160, 48))


# The TD's three busiest screens in both languages: Danish words (the footer's keys translated where
# they are shown) and amounts in kroner as the chosen language writes them.
@pytest.mark.parametrize("language", ["en", "da"])
@pytest.mark.parametrize("key", ["f1", "f2", "f10"])  # clock, players, tables
def test_screens_in_each_language(snap_compare, service: Service, fake_clock: FakeClock,  # type: ignore[no-untyped-def]
                                  language: str, key: str) -> None:
    service.execute(Draw(seed=7))
    service.execute(ClockStart())
    fake_clock.advance(4 * 60 + 21)
    set_language(language)
    try:
        assert snap_compare(create_app(service, poll_seconds=60), press=[key], terminal_size=(100, 30))
    finally:
        set_language("en")


# The money settings form (F6, m) fits the smallest terminal, in the longer Danish words too.
@pytest.mark.parametrize("language", ["en", "da"])
def test_money_settings_form(snap_compare, evening: Service, language: str) -> None:  # type: ignore[no-untyped-def]
    set_language(language)
    try:
        app = create_app(evening, poll_seconds=3600, sound=False)
        assert snap_compare(app, run_before=opened("f6", "m"), terminal_size=(80, 24))
    finally:
        set_language("en")

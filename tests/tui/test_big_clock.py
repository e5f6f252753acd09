"""The clock read across the room: digits as large as the terminal allows on F1 and the display,
and a break, hand-for-hand and the final table each named on screen. The clock is the injected
FakeClock: nothing here reads the wall clock or waits for time to pass."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Static

from tdconsole.domain.clock.structure import Break
from tdconsole.domain.commands import (
    Bust,
    ClockStart,
    ClockStep,
    Draw,
    FinalTable,
    HandForHandStart,
    Register,
)
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.display import DisplayApp
from tdconsole.tui.widgets.big_time import BigTime, pixel_width, render_lines, scale_for
from tdconsole.tui.widgets.clock_panel import ClockPanel
from tests.conftest import FakeClock
from tests.tui.wait import until


def _display(service: Service, fake_clock: FakeClock) -> DisplayApp:
    # It follows the TD's commands by polling the database, as it does in the room.
    return DisplayApp(Service(service.store, service.tournament_id, role="display", now=fake_clock))


def _apps(service: Service, fake_clock: FakeClock) -> dict[str, App[None]]:
    return {"F1": create_app(service, poll_seconds=60), "display": _display(service, fake_clock)}


def _shown(app: App[None], selector: str) -> str:
    widget = app.screen.query_one(selector, Static)
    return str(widget.render()) if widget.display else ""


def _on_screen(app: App[None], selector: str) -> bool:
    """Whether the widget is drawn entirely inside the terminal (not pushed off by the digits)."""
    region = app.screen.query_one(selector).region
    return region.height > 0 and region.bottom <= app.size.height


def test_the_digits_are_scaled_whole_and_keep_their_size_past_ten_minutes() -> None:
    assert pixel_width("12:30") == 25
    assert scale_for("10:00", width=160, height=40) == scale_for("9:59", width=160, height=40)
    lines = render_lines("8:88", 3, 4)
    assert len(lines) == 14 and {len(line) for line in lines} == {3 * pixel_width("8:88")}
    assert scale_for("12:30", width=20, height=3) == (0, 0)  # too small: plain text


@pytest.mark.parametrize("where", ["F1", "display"])
async def test_at_160x48_the_time_left_is_a_third_of_the_screen_high(
        service: Service, fake_clock: FakeClock, where: str) -> None:
    service.execute(ClockStart())
    fake_clock.advance(61)
    app = _apps(service, fake_clock)[where]
    async with app.run_test(size=(160, 48)) as pilot:
        digits = app.screen.query_one(BigTime)
        await until(pilot, lambda: digits.value == "13:59", "the clock showing 13:59")
        assert digits.rows >= 16 and digits.rows >= 48 // 3
        assert digits.scale[0] >= 5  # five columns a pixel: 125 of the 160 columns wide
        for line in ("#level", "#blinds", "#next", "#figures", "#notes"):
            assert _on_screen(app, line), line


@pytest.mark.parametrize("where", ["F1", "display"])
async def test_at_80x24_the_digits_shrink_and_every_line_still_shows(
        service: Service, fake_clock: FakeClock, where: str) -> None:
    service.execute(ClockStart())
    app = _apps(service, fake_clock)[where]
    async with app.run_test(size=(80, 24)) as pilot:
        digits = app.screen.query_one(BigTime)
        await until(pilot, lambda: digits.rows > 1, "the digits drawn")
        assert digits.rows >= 7
        for line in ("#level", "#status", "#blinds", "#next", "#figures"):
            assert _on_screen(app, line), line
        assert "Average 20,000 (100 BB)" in _shown(app, "#figures")
        assert "Players 4 / 4" in _shown(app, "#figures")


async def test_the_payout_ladder_is_under_the_figures(service: Service, fake_clock: FakeClock) -> None:
    service.execute(Register(names=[f"Player {n}" for n in range(20)]))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(160, 48)):
        ladder = _shown(app, "#ladder")
        assert ladder.startswith("Paid") and "1st" in ladder and "2nd" in ladder and "DKK" in ladder


def _to_the_first_break(service: Service) -> None:
    periods = service.state.info.structure.periods
    first_break = next(index for index, period in enumerate(periods) if isinstance(period, Break))
    for _ in range(first_break):
        service.execute(ClockStep(by=1))


async def test_a_break_is_named_and_coloured(service: Service, fake_clock: FakeClock) -> None:
    service.execute(ClockStart())
    app = _display(service, fake_clock)
    async with app.run_test(size=(160, 48)) as pilot:
        panel, digits = app.screen.query_one(ClockPanel), app.screen.query_one(BigTime)
        assert not panel.has_class("-break") and _shown(app, "#banner") == ""
        playing = digits.styles.color
        _to_the_first_break(service)
        await until(pilot, lambda: panel.has_class("-break"), "the break on the display")
        assert "BREAK" in _shown(app, "#banner") and _shown(app, "#level") == "Break 1"
        assert digits.styles.color != playing


def _seated(service: Service, players: int) -> None:
    service.execute(Register(names=[f"Player {n}" for n in range(players - 4)]))
    service.execute(Draw(seed=7))


async def test_hand_for_hand_is_named(service: Service, fake_clock: FakeClock) -> None:
    _seated(service, 20)
    service.execute(ClockStart())
    service.execute(HandForHandStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)):
        assert app.screen.query_one(ClockPanel).has_class("-h4h")
        assert "HAND FOR HAND: the hand in progress, 0 of 3 tables done" in _shown(app, "#banner")
        assert _on_screen(app, "#banner")


async def test_the_final_table_is_named(service: Service, fake_clock: FakeClock) -> None:
    _seated(service, 12)
    service.execute(Bust(names=["Player 0", "Player 1", "Player 2"]))
    app = _display(service, fake_clock)
    async with app.run_test(size=(160, 48)) as pilot:
        panel = app.screen.query_one(ClockPanel)
        assert not panel.has_class("-final")
        service.execute(FinalTable(seed=3))
        await until(pilot, lambda: panel.has_class("-final"), "the final table on the display")
        assert "FINAL TABLE" in _shown(app, "#banner")


def test_snapshot_display_on_a_break_at_160x48(snap_compare, service: Service, fake_clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service.execute(Register(names=[f"Player {n}" for n in range(20)]))
    service.execute(ClockStart())
    _to_the_first_break(service)
    fake_clock.advance(2 * 60 + 5)
    app = DisplayApp(Service(service.store, service.tournament_id, role="display", now=fake_clock),
                     poll_seconds=60)
    assert snap_compare(app, terminal_size=(160, 48))


def test_snapshot_clock_in_hand_for_hand_at_80x24(snap_compare, service: Service,  # type: ignore[no-untyped-def]
                                                  fake_clock: FakeClock) -> None:
    _seated(service, 20)
    service.execute(ClockStart())
    fake_clock.advance(9 * 60 + 30)
    service.execute(HandForHandStart())
    assert snap_compare(create_app(service, poll_seconds=60), terminal_size=(80, 24))

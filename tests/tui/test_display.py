"""`tdconsole display` with Pilot: read-only, follows another process within a
second, warns one minute before the end of a level and at the change (bell + flash, sound off)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from textual.message import Message
from textual.widgets import Static

from tdconsole.domain.commands import ClockPause, ClockSetRemaining, ClockStart, SetMoney
from tdconsole.domain.errors import TdError
from tdconsole.service import Service
from tdconsole.tui.display import DisplayApp
from tdconsole.tui.widgets.big_time import BigTime
from tdconsole.tui.widgets.clock_panel import ClockPanel
from tests.conftest import FakeClock
from tests.tui.wait import until


def _display(service: Service, fake_clock: FakeClock | None = None, **options: object) -> DisplayApp:
    reader = Service(service.store, service.tournament_id, role="display", now=fake_clock or service.now)
    return DisplayApp(reader, **options)  # type: ignore[arg-type]


def _warnings(seen: list[Message]) -> list[str]:
    """The warnings the clock panel posted, in order (a message seen twice counts once)."""
    return [m.kind for m in {id(m): m for m in seen}.values() if isinstance(m, ClockPanel.Warned)]


def _text(app: DisplayApp, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


def test_the_display_role_is_refused_every_command(service: Service) -> None:
    reader = Service(service.store, service.tournament_id, role="display", now=service.now)
    before = len(reader.log)
    for command in (ClockStart(), ClockPause(), ClockSetRemaining(seconds=10)):
        with pytest.raises(TdError, match="a display is read-only"):
            reader.execute(command)
    assert len(service.store.load(service.tournament_id)) == before


async def test_keys_on_the_display_change_nothing(service: Service) -> None:
    app = _display(service)
    before = service.store.load(service.tournament_id)
    async with app.run_test() as pilot:
        await pilot.press("s", "space", "plus", "minus", "ctrl+z", "ctrl+p", "f4", "enter", "u", "b")
        await pilot.pause()
    assert service.store.load(service.tournament_id) == before


async def test_the_display_follows_another_process_within_a_second(service: Service) -> None:
    app = _display(service)
    url = service.store.engine.url.render_as_string(hide_password=False)
    # The second is the poll interval's promise; a loaded test machine cannot time it itself.
    assert app.poll_seconds < 1.0
    async with app.run_test() as pilot:
        assert _text(app, "#status").startswith("not started")
        subprocess.run([sys.executable, "-m", "tdconsole", "--db", url, "--tournament",
                        str(service.tournament_id), "clock", "start"], check=True, capture_output=True)
        await until(pilot, lambda: "ends at" in _text(app, "#status"),
                    "the display following the other process")


async def test_one_minute_warning_rings_and_flashes_and_the_change_too(
        service: Service, fake_clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    service.execute(ClockStart())
    service.execute(ClockSetRemaining(seconds=62))
    app = _display(service, fake_clock)
    bells: list[int] = []
    monkeypatch.setattr(app, "bell", lambda: bells.append(1))
    seen: list[Message] = []
    async with app.run_test(message_hook=seen.append) as pilot:
        panel = app.query_one(ClockPanel)
        fake_clock.advance(3)
        await until(pilot, lambda: _warnings(seen) == ["one-minute"], "the one-minute warning")
        assert bells == [1] and panel.has_class("-flash")
        await pilot.press("m")  # sound off: the flash stays, the bell does not ring
        fake_clock.advance(60)
        await until(pilot, lambda: _warnings(seen) == ["one-minute", "change"], "the change warning")
        assert bells == [1]
        assert str(app.query_one(BigTime).value) == "14:59"  # level 2 of club-turbo
    assert _warnings(seen) == ["one-minute", "change"]


def test_display_snapshot(snap_compare, service: Service, fake_clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    service.execute(ClockStart())
    fake_clock.advance(4 * 60 + 21)
    assert snap_compare(_display(service, fake_clock, poll_seconds=60), terminal_size=(100, 24))


async def test_average_in_big_blinds_follows_the_level_without_any_new_event(
        service: Service, fake_clock: FakeClock) -> None:
    service.execute(ClockStart())
    app = _display(service, fake_clock)
    async with app.run_test() as pilot:
        assert "Average 20,000 (100 BB)" in _text(app, "#figures")
        fake_clock.advance(15 * 60 + 1)  # club-turbo level 2: 100/300
        await until(pilot, lambda: "Average 20,000 (67 BB)" in _text(app, "#figures"),
                    "the average in big blinds of level 2")


async def test_between_tournaments_the_display_shows_the_league_standings(service: Service) -> None:
    from tdconsole.club.leagues import Leagues
    from tdconsole.club.members import Members
    from tdconsole.config.leagues import load_formula
    from tdconsole.domain.commands import Bust, Register
    from tdconsole.domain.league.standings import LeagueRules
    from tdconsole.tui.widgets.league_board import LeagueBoard

    members = Members(service.store)
    members.add("Dorthe Kragh", number=12)
    service.execute(Register(names=["Dorthe Kragh"], members={"Dorthe Kragh": 12}))
    leagues = Leagues(service.store)
    key, formula = load_formula("field")
    leagues.add(leagues.new("Winter", key, formula, LeagueRules()), [service.tournament_id])
    app = _display(service)
    async with app.run_test() as pilot:
        board = app.query_one(LeagueBoard)
        # Not started: the clock, and under it the league (no tournament finished yet), read off
        # the event loop.
        await until(pilot, lambda: board.display, "the league's standings read")
        assert app.query_one(ClockPanel).display
        for name in ("Anna", "Bo", "Carl", "[bold red]x[/]"):
            service.execute(Bust(names=[name]))
        await until(pilot, lambda: not app.query_one(ClockPanel).display,
                    "the standings in place of the clock")
        # Finished: the standings instead of the clock, the winner on top with 5 points of 5 entries.
        table = board.content
        assert table.title == "Winter: after 1 of 1"
        assert [str(cell) for cell in table.columns[1]._cells][:1] == ["Dorthe Kragh"]
        assert [str(cell) for cell in table.columns[2]._cells][:1] == ["5.0"]  # in English


async def test_a_database_outage_is_said_in_a_banner_until_the_database_answers_again(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not only the ten-second toast: the banner stays while every poll fails, and goes with the
    first read that succeeds."""
    from tdconsole.store.db import StoreError
    from tdconsole.store.event_store import EventStore
    from tdconsole.tui.display import OutageBanner

    store = EventStore.open(service.store.engine.url.render_as_string(hide_password=False))
    reader = Service(store, service.tournament_id, role="display", now=service.now)
    load, down, failed = store.load, [False], [0]

    def load_or_fail(*args: object, **options: object) -> object:
        if down[0]:
            failed[0] += 1
            raise StoreError("the database server at {host}:{port} does not answer ({reason})",
                             host="db", port=5432, reason="timeout")
        return load(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "load", load_or_fail)
    app = DisplayApp(reader, poll_seconds=0.05)
    try:
        async with app.run_test() as pilot:
            await until(pilot, lambda: app.ready.is_set(), "the display up")
            assert not app.screen.query(OutageBanner)
            down[0] = True
            await until(pilot, lambda: bool(app.screen.query(OutageBanner)), "the banner")
            seen = failed[0]
            await until(pilot, lambda: failed[0] >= seen + 5, "more polls of a database still down")
            banner = app.screen.query_one(OutageBanner)
            assert banner.display and banner.region.height >= 1
            assert str(banner.render()).startswith(
                "NO DATABASE: the database server at db:5432 does not answer")
            down[0] = False
            service.execute(ClockStart())
            await until(pilot, lambda: not app.screen.query(OutageBanner), "the banner gone")
            await until(pilot, lambda: "ends at" in _text(app, "#status"), "the clock the TD started")
    finally:
        store.close()


async def test_the_display_announces_no_add_on_the_tournament_does_not_sell(service: Service) -> None:
    """club-turbo marks the break after level 8 for an add-on; a night that prices none sells none
    (T-ADDON-1), and the TV said "Add-on at the break after level 8" all the same."""
    app = _display(service)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: _text(app, "#status").startswith("not started"), "the clock")
        await pilot.pause()
        assert "Add-on" not in _text(app, "#notes") and "ADD-ON" not in _text(app, "#notes")
        service.execute(SetMoney(settings=service.state.money.model_copy(update={"add_on": 200})))
        await until(pilot, lambda: "Add-on at the break after level 8" in _text(app, "#notes"),
                    "the add-on on sale, announced")
        # Sold in a window of levels instead: the marked break no longer says so, the window does.
        service.execute(SetMoney(settings=service.state.money.model_copy(update={"add_on_until_level": 4})))
        await until(pilot, lambda: "ADD-ON NOW, to the end of level 4" in _text(app, "#notes"), "the window")
        assert "Add-on at the break" not in _text(app, "#notes")
        service.execute(SetMoney(settings=service.state.money.model_copy(update={"add_on_from_level": 3})))
        await until(pilot, lambda: "Add-on in levels 3 to 4" in _text(app, "#notes"), "a window to come")

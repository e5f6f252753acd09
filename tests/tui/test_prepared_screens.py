"""A large tournament's terminal is ready before it is asked: the screens that grow with the
tournament (players, tables, log) are built out of sight once it is up, their F-key shows them as
they are built, and a screen or dialog shown for the first time does not parse the stylesheet
again. The players list, kept in order as players bust, is the list a fresh screen makes."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import delete, select
from textual.css.stylesheet import Stylesheet
from textual.widgets import Input

from tdconsole import service as service_module
from tdconsole.domain.commands import Bust, Draw, Reenter, Register
from tdconsole.domain.event_log import EventLog
from tdconsole.service import Service
from tdconsole.store.models import snapshot_table
from tdconsole.tui import service_app
from tdconsole.tui.app import create_app, create_floor_app
from tdconsole.tui.screens.clock import ClockScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.players import PlayersScreen
from tdconsole.tui.widgets.key_footer import KeyFooter, KeyRows
from tdconsole.tui.widgets.synced_table import SyncedTable

NAMES = [f"Player {i:02}" for i in range(30)]


@pytest.fixture
def drawn(service: Service) -> Service:
    service.execute(Register(names=NAMES))
    service.execute(Draw(seed=3))
    return service


async def test_a_large_tournament_builds_its_growing_screens_out_of_sight(
        drawn: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_app, "LARGE_TOURNAMENT", len(NAMES))
    app = create_app(drawn, poll_seconds=3600, sound=False)
    async with app.run_test(size=(200, 48)) as pilot:  # wide enough for every key
        await app.ready.wait()
        await pilot.pause()
        # Built, not shown: the clock stays on screen with the focus where it was.
        assert isinstance(app.screen, ClockScreen) and app.current_mode == "clock"
        built = {mode: app._screen_stacks[mode][0] for mode in ("players", "tables", "log")}
        players = built["players"]
        assert isinstance(players, PlayersScreen)
        assert players.query_one(SyncedTable).row_count == len(NAMES) + 4  # and the fixture's four
        # A bust while it is out of sight is on it when it is shown; its footer was laid out for
        # it (no F2 on the players screen), not for the clock shown as it was built.
        drawn.execute(Bust(names=["Player 07"]))
        app.redraw()
        footer = players.query_one(KeyFooter)
        keys = footer.query_one(KeyRows)
        await pilot.press("f2")
        assert app.screen is players
        out = drawn.state.find("Player 07")
        assert players.query_one(SyncedTable)._order[-1] == out.id  # out: last in the list
        shown = [entry.description for row in footer.query_one(KeyRows).rows for entry in row]
        assert "Players" not in shown and "Clock" in shown
        assert footer.query_one(KeyRows) is keys  # not laid out again as it is shown


async def test_a_log_a_first_open_left_loose_is_compressed_once_the_terminal_is_up(drawn: Service) -> None:
    # As `fold_read` leaves a log whose texts it did not compress while the TD waited (issue 33).
    drawn.state.log = EventLog(drawn.log, kept=2, block=4, loose=True)
    assert drawn.log._parts[0] and all(isinstance(block.texts[0], str) for block in drawn.log._parts[0])
    app = create_app(drawn, poll_seconds=3600, sound=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.ready.wait()
        await pilot.pause()
        assert all(isinstance(block.texts[0], bytes) for block in drawn.log._parts[0])


async def test_a_long_first_fold_is_written_down_once_the_terminal_is_up(
        drawn: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    # Not while the TD waits for the first screen: at festival size a tenth of that wait (issue 33).
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 10)
    store = drawn.store
    seqs = select(snapshot_table.c.seq)
    with store.engine.begin() as connection:
        connection.execute(delete(snapshot_table))
    opened = Service(store, drawn.tournament_id, now=drawn.now)
    with store.engine.connect() as connection:
        assert connection.execute(seqs).all() == []
    app = create_app(opened, poll_seconds=3600, sound=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.ready.wait()
        await pilot.pause()
        with store.engine.connect() as connection:
            assert connection.execute(seqs).scalars().all() == [opened.state.last_seq]


async def test_a_small_tournament_builds_a_screen_when_it_is_asked(drawn: Service) -> None:
    app = create_app(drawn, poll_seconds=3600, sound=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.ready.wait()
        await pilot.pause()
        assert "players" not in app._screen_stacks
        await pilot.press("f2")
        assert isinstance(app.screen, PlayersScreen)


async def test_a_screen_or_dialog_shown_first_does_not_parse_the_stylesheet_again(
        drawn: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(drawn, poll_seconds=3600, sound=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        parses: list[object] = []
        reparse = Stylesheet.reparse
        monkeypatch.setattr(Stylesheet, "reparse", lambda sheet: parses.append(sheet) or reparse(sheet))
        await pilot.press("f2")
        await pilot.press("q")  # the quit question: a dialog
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.press("f10", "f3")
        assert parses == []
        # A new theme still styles every screen anew as it is shown.
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        await pilot.press("f2")
        assert parses


async def test_the_players_list_kept_in_order_as_players_bust_is_the_list_made_afresh(
        drawn: Service) -> None:
    app = create_app(drawn, poll_seconds=3600, sound=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f2")
        screen = app.screen
        assert isinstance(screen, PlayersScreen)
        table = screen.query_one(SyncedTable)
        rng = random.Random(5)
        for _round in range(8):
            seated = sorted(p.name for p in drawn.state.players.values() if p.status == "seated")
            drawn.execute(Bust(names=rng.sample(seated, 2)))
            if _round == 4:  # a re-entry: a new entry under a name already in the list
                out = next(p.name for p in drawn.state.players.values() if p.status == "busted")
                drawn.execute(Reenter(name=out))
            app.redraw()
            await pilot.pause()
            fresh = PlayersScreen()
            assert table._order == [player_id for _order, (player_id, _cells)
                                    in fresh._listed(drawn.state)]
            assert [table.get_row(key) for key in table._order] == [
                list(cells) for _order, (_key, cells) in fresh._listed(drawn.state)]
        # A search shows the matches in the same order.
        await pilot.press("slash", *"player 1")
        assert screen.query_one("#search", Input).value == "player 1"
        assert table._order == [player_id for order, (player_id, _cells) in fresh._listed(drawn.state)
                                if "player 1" in order[2]]


async def test_the_floor_terminal_builds_its_tables_out_of_sight(
        drawn: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_app, "LARGE_TOURNAMENT", len(NAMES))
    floor = Service(drawn.store, actor="maria", role="floor")
    app = create_floor_app(floor, poll_seconds=3600)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.ready.wait()
        await pilot.pause()
        tables = app._screen_stacks["tables"][0]
        assert app.current_mode == "rulings" and not tables.is_current
        await pilot.press("f2")
        assert app.screen is tables

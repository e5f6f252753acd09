"""The tables screen through the real app with Pilot, on a temporary database."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from tdconsole.actions import registration
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.messages import Acting
from tdconsole.tui.screens import tables as tables_screen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.screens.tables import TablesScreen
from tdconsole.tui.widgets.synced_table import SyncedTable
from tests.cli.test_papers import pdf_text
from tests.tui.wait import from_palette, settled, until


def _uneven(service: Service) -> None:
    """Table 1 with eight players in seats 1-8, table 2 with three in 1, 4 and 7; the buttons on
    seat 1. Too many to break a table; two moves balance them (8/3 -> 6/5)."""
    names = [f"Player {i}" for i in range(1, 8)]
    service.execute(commands.Register(names=names))
    for seat, name in enumerate(["Anna", "Bo", "Carl", *names[:5]], start=1):
        service.execute(commands.Seat(name=name, table=1, seat=seat))
    for seat, name in ((1, "[bold red]x[/]"), (4, names[5]), (7, names[6])):
        service.execute(commands.Seat(name=name, table=2, seat=seat))
    service.execute(commands.SetButton(table=1, seat=1))
    service.execute(commands.SetButton(table=2, seat=1))


def _sizes(service: Service) -> list[int]:
    return [len(t.occupants) for _, t in sorted(service.state.room.items())]


def _tile(app, number: int) -> Static:  # type: ignore[no-untyped-def]
    return app.screen.query_one(f".table-{number}", Static)


async def test_f10_shows_each_table_as_a_tile_with_names_and_markers(service: Service) -> None:
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10")
        assert isinstance(app.screen, TablesScreen)
        text = str(_tile(app, 1).render())
        assert " 1 Anna  D" in text and " 2 Bo  SB" in text and " 3 Carl  BB" in text
        assert "[bold red]x[/]" in str(_tile(app, 2).render())  # a name is never markup
        # The short table is highlighted (8 against 3: past the club's tolerance of 1).
        assert _tile(app, 2).has_class("short") and not _tile(app, 1).has_class("short")
        moves = app.screen.query_one("#moves", DataTable)
        assert moves.row_count == 2
        assert "T-BAL-1" in str(moves.get_row_at(0)[3])


async def test_the_tiles_follow_a_table_opening_and_its_undo(service: Service) -> None:
    service.execute(commands.Seat(name="Anna", table=1, seat=1))
    service.execute(commands.Seat(name="Bo", table=1, seat=2))
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10")
        assert len(app.screen.query(".tile")) == 1
        service.execute(commands.Seat(name="Carl", table=2, seat=3))
        app.redraw()
        await pilot.pause()
        assert "Carl" in str(_tile(app, 2).render())
        service.execute(commands.Undo(actor="td"))
        app.redraw()
        await pilot.pause()
        assert len(app.screen.query(".tile")) == 1


async def test_apply_all_moves_after_a_confirmation(service: Service) -> None:
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10", "a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Move Player 1: table 1 seat 4 -> table 2")
        await pilot.press("n")
        assert _sizes(service) == [8, 3]
        await pilot.press("a", "y")
        await pilot.pause()
        assert _sizes(service) == [6, 5]
        assert app.screen.query_one("#moves", DataTable).row_count == 0


async def test_apply_one_move(service: Service) -> None:
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10", "o", "y")
        await pilot.pause()
        assert _sizes(service) == [7, 4]
        assert app.screen.query_one("#moves", DataTable).row_count == 1


async def test_apply_one_refuses_a_plan_that_changed_since_it_was_shown(service: Service) -> None:
    _uneven(service)
    other = Service(service.store, service.tournament_id, actor="floor-laptop", now=service.now)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10", "o")
        await pilot.pause()
        other.execute(commands.Bust(names=["Player 1"]))  # the player about to move busts
        await pilot.press("y")
        await pilot.pause()
        assert any("plan changed" in str(n.message) for n in app._notifications)
        assert _sizes(service) == [7, 3]


async def test_move_by_hand_and_set_a_button(service: Service) -> None:
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10", "m")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen)
        await pilot.press(*"Player 3 2 9", "enter")
        await pilot.pause()
        assert service.state.find("Player 3").table == 2 and service.state.find("Player 3").seat == 9
        await pilot.press("t", *"1 2", "enter")
        await pilot.pause()
        hand = service.state.room[1].hand
        assert hand is not None and (hand.button, hand.small_blind) == (2, 3)
        await pilot.press("t", *"1 9", "enter")  # an empty seat: refused, nothing changes
        await pilot.pause()
        assert any("seat 9 is empty" in str(n.message) for n in app._notifications)


async def test_draw_and_break_from_the_screen(service: Service) -> None:
    service.execute(commands.Register(names=[f"Player {i}" for i in range(1, 21)]))
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10", "d", "y")
        await pilot.pause()
        assert _sizes(service) == [8, 8, 8]
        service.execute(commands.Bust(names=list(service.state.room[1].occupants.values())[:6]))
        app.redraw()
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Break table 3" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert service.state.room[3].status == "broken" and _sizes(service) == [9, 9, 0]


async def test_export_writes_the_seating_list_and_slips(service: Service, tmp_path: Path) -> None:
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10", "e")
        await pilot.pause()
        app.screen.query_one("#answer", Input).value = str(tmp_path / "out")
        await pilot.press("enter")
        await pilot.pause()
        # The PDFs are printed in a worker thread (the console never waits for the printer).
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Told from the printing thread (Textual's `notify` is thread-safe).
        assert any(str(note.message).startswith("Wrote seating.pdf, slips.pdf in")
                   for note in app._notifications)
    files = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert files == ["seating.html", "seating.pdf", "seating.txt", "slips.html", "slips.pdf", "slips.txt"]
    assert "[bold red]x[/]" in (tmp_path / "out" / "seating.txt").read_text(encoding="utf-8")
    wall = pdf_text(tmp_path / "out" / "seating.pdf")
    assert "[bold red]x[/]" in wall and all(name in wall for name in service.state.room[1].occupants.values())


async def test_every_tables_action_is_in_the_command_palette(service: Service) -> None:
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await from_palette(pilot, "Apply all balancing moves")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
        await pilot.press("y")
        await pilot.pause()
        assert _sizes(service) == [6, 5]


def test_the_floor_palette_offers_none_of_the_tds_seating_actions() -> None:
    from tdconsole.tui.app import SCREEN_ACTIONS, FloorApp, TdApp, offers

    seating = [(mode, action) for _, _, mode, action in SCREEN_ACTIONS if mode == "tables"]
    assert seating and all(offers(TdApp.MODES, mode, action) for mode, action in seating)
    assert not any(offers(FloorApp.MODES, mode, action) for mode, action in seating)


async def test_t_seat_2_a_table_opened_by_late_registration_shows_its_button_and_blinds(
        service: Service) -> None:
    late = [f"Late {i}" for i in range(1, 19)]  # with the four: two full tables of 9, and more
    service.execute(commands.Register(names=late[:14]))
    service.execute(commands.Draw(seed=5))
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10")
        for name in late[14:17]:  # late entries, seated at once (8A): the third table opens
            app.execute(Acting(registration.register, registration.RegisterRequest(names=[name])))
        await settled(app)  # the three commands, each redrawing the screen after it
        await pilot.pause()
        opened = service.state.room[3]
        seats = sorted(opened.occupants)
        assert seats[0] == 1 and len(seats) == 3
        text = str(_tile(app, 3).render())
        assert f" {seats[0]} {opened.occupants[seats[0]]}  D" in text  # seat 1 on the button
        assert "  SB" in text and "  BB" in text


async def test_k_shows_the_break_s_moves_before_and_makes_exactly_that_draw(service: Service) -> None:
    service.execute(commands.Register(names=[f"Player {i}" for i in range(1, 21)]))
    service.execute(commands.Draw(seed=3))
    service.execute(commands.Bust(names=list(service.state.room[1].occupants.values())[:6]))
    leaving = {name: seat for seat, name in service.state.room[3].occupants.items()}
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10", "k")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question
        assert all(f"{name}: table 3 seat" in question for name in leaving)
        await pilot.press("y")
        await until(pilot, lambda: any("Table 3 is broken:" in str(n.message) for n in app._notifications),
                    "the moves made")
    lines = [f"{name}: table 3 seat {seat} -> table {service.state.find(name).table} seat "
             f"{service.state.find(name).seat}" for name, seat in leaving.items()]
    told = next(str(n.message) for n in app._notifications if "Table 3 is broken:" in str(n.message))
    # The draw made is the one shown before the yes, and told after it.
    assert all(line in question and line in told for line in lines), (question, told, lines)


async def test_the_list_of_a_big_room_has_a_row_for_every_seat_and_a_bust_keeps_its_length(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_TILES tables the room is one list, a row per seat as on a paper seating chart: a
    bust empties its row ("-") instead of taking it away, so the list keeps its length and the
    screen is not laid out again after each bust (a festival's 10,000 rows)."""
    monkeypatch.setattr(tables_screen, "MAX_TILES", 1)
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10")
        await settled(app)
        await pilot.pause()
        listing = app.screen.query_one("#list", SyncedTable)
        assert listing.display and not app.screen.query_one("#room").display
        seats = sum(t.seats for t in service.state.room.values())
        assert listing.row_count == seats
        assert listing.get_row("1-2")[2:] == ["Bo", "SB"] and listing.get_row("2-2")[2] == "-"
        service.execute(commands.Bust(names=["Bo"]))
        app.redraw()
        await settled(app)
        await pilot.pause()
        assert listing.row_count == seats and listing.get_row("1-2")[2] == "-"
        assert listing.get_row("1-3")[2:] == ["Carl", "BB"]


async def test_a_tile_has_a_line_for_every_seat_and_a_bust_empties_it_in_place(service: Service) -> None:
    """As on a paper seating chart: the empty seats show ("-"), so the TD sees where a newcomer or a
    moved player can sit, and a bust leaves the tile its height (the room is not laid out again)."""
    _uneven(service)
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10")
        seats = service.state.room[2].seats
        lines = str(_tile(app, 2).render()).splitlines()
        assert len(lines) == 1 + seats and lines[2:4] == [" 2 -", " 3 -"]
        height = _tile(app, 1).size.height
        service.execute(commands.Bust(names=["Carl"]))  # table 1 seat 3
        app.redraw()
        await pilot.pause()
        lines = str(_tile(app, 1).render()).splitlines()
        assert len(lines) == 1 + service.state.room[1].seats and lines[3].startswith(" 3 -")
        assert _tile(app, 1).size.height == height


async def test_t_seat_3_at_nine_players_f10_offers_the_final_table_not_a_break(service: Service) -> None:
    """Nine players fit one table: the rules want the final table drawn anew (T-SEAT-3), so F10
    says that alone and why, not also "break table 2" (which would keep table 1's seats)."""
    _uneven(service)
    service.execute(commands.Bust(names=["Player 1"]))
    service.execute(commands.Bust(names=["Player 2"]))  # 6 + 3: nine players, one table
    app = create_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f10")
        await settled(app)
        advice = str(app.screen.query_one("#advice", Static).content)
        assert "press f to draw the final table (T-SEAT-3)" in advice
        assert "press k" not in advice and "Break table" not in advice


async def test_at_80x24_every_balancing_move_can_be_scrolled_to(service: Service) -> None:
    """Six moves are more than the panel under the room holds at 80x24: the list scrolls inside
    the panel rather than running past its bottom, out of sight."""
    names = [f"P{i}" for i in range(1, 25)]
    service.execute(commands.Register(names=names))
    everyone = ["Anna", "Bo", "Carl", "[bold red]x[/]", *names]
    for table, players in ((1, everyone[:9]), (2, everyone[9:18]), (3, everyone[18:27]), (4, everyone[27:])):
        for seat, name in enumerate(players, start=1):
            service.execute(commands.Seat(name=name, table=table, seat=seat))
    app = create_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f10")
        await settled(app)
        moves = app.screen.query_one("#moves", DataTable)
        assert moves.row_count == 6
        assert moves.region.bottom <= app.screen.query_one("#panel").region.bottom
        assert moves.max_scroll_y > 0  # the rest is a scroll away

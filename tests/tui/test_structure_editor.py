"""The structure editor screen: Pilot on a tiny app, no database."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App
from textual.coordinate import Coordinate
from textual.pilot import Pilot
from textual.widgets import Button, Input

from tdconsole.config.structures import load_structure
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.tui.screens.structure_editor import StructureEditorScreen
from tdconsole.tui.service_app import STYLESHEET
from tests.tui.wait import until

SMALL = Structure(
    name="Small",
    starting_stack=10_000,
    chips=[{"value": 25, "color": "green"}, {"value": 100, "color": "black"}],  # type: ignore[list-item]
    periods=[Level(small_blind=25, big_blind=50, minutes=20),
             Level(small_blind=50, big_blind=100, ante=100, minutes=20),
             Break(minutes=10, color_up=[25]),
             Level(small_blind=100, big_blind=200, ante=200, minutes=20)],
)


class EditorApp(App[None]):
    CSS_PATH = STYLESHEET  # the screen's styles, as every terminal loads them
    def __init__(self, structure: Structure = SMALL) -> None:
        super().__init__()
        self.editor = StructureEditorScreen(structure)
        self.saved: list[Structure] = []

    def on_mount(self) -> None:
        self.push_screen(self.editor)

    def on_structure_editor_screen_saved(self, message: StructureEditorScreen.Saved) -> None:
        self.saved.append(message.structure)


def column(screen: StructureEditorScreen, row: int, key: str) -> int:
    """The table's column of the field `key` in row `row` (the row's name is column 0)."""
    return 1 + screen.rows()[row].columns.index(key)


async def goto(pilot: Pilot[None], screen: StructureEditorScreen, row: int, key: str) -> None:
    """Put the cursor on a cell with the arrow keys, as the TD does (Enter first leaves a cell
    being edited)."""
    if screen.editing is not None:
        await pilot.press("enter")
    screen.table.focus()
    at = screen.table.cursor_coordinate
    down, right = row - at.row, column(screen, row, key) - at.column
    await pilot.press(*(["down"] * down + ["up"] * -down + ["right"] * right + ["left"] * -right))
    assert screen.table.cursor_coordinate == Coordinate(row, column(screen, row, key))


async def retype(pilot: Pilot[None], screen: StructureEditorScreen, row: int, key: str,
                 text: str) -> None:
    """Edit a cell as the TD does: to it, Enter, clear it, type; the field stays open."""
    await goto(pilot, screen, row, key)
    await pilot.press("enter", "ctrl+u", *text)
    await pilot.pause()
    assert screen.editing is not None and screen.cell.value == text


async def let_go(pilot: Pilot[None], screen: StructureEditorScreen, button: str) -> None:
    """Wait until the button no longer shows the last press: a press then is not taken (Textual's
    Button), and an import or a proposal shows quicker than that now the rows are one table."""
    pressed = screen.query_one(button, Button)
    await until(pilot, lambda: not pressed.has_class("-active"), f"{button} let go")


def marked(screen: StructureEditorScreen, row: int, key: str) -> bool:
    """Whether the field (or "*": the row) is found at fault, and its cell is drawn so."""
    cell = screen.table.get_cell_at(Coordinate(row, 0 if key == "*" else column(screen, row, key)))
    drawn = isinstance(cell, Text) and bool(cell.style or cell.spans)
    assert screen.marked(row, key) == drawn, (row, key, cell)
    return drawn


async def test_editor_shows_every_period_as_a_row() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)):
        screen = app.editor
        assert [row.kind for row in screen.rows()] == ["level", "level", "break", "level"]
        assert screen.table.row_count == 4
        assert [str(screen.table.get_cell_at(Coordinate(row, 0))) for row in range(4)] == [
            "L1", "L2", "break", "L3"]
        assert screen.error is None and screen.structure == SMALL


async def test_t_level_1_big_blind_below_small_is_flagged_as_you_type() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, screen, 1, "small_blind", "500")
        assert screen.error is not None and "periods.1" in screen.error
        assert marked(screen, 1, "*")
        assert screen.structure == SMALL  # the last valid structure is kept
        await retype(pilot, screen, 1, "small_blind", "50")
        assert screen.error is None and not marked(screen, 1, "*")


async def test_zero_minutes_marks_the_minutes_field() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, screen, 0, "minutes", "0")
        assert marked(screen, 0, "minutes") and screen.cell.has_class("-invalid")
        assert not marked(screen, 0, "small_blind")
        assert "periods.0" in (screen.error or "")


async def test_t_color_1_colour_up_of_a_chip_not_in_the_set_is_flagged() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, screen, 2, "color_up", "5000")
        assert marked(screen, 2, "color_up") and screen.cell.has_class("-invalid")
        assert "not in the chip set" in (screen.error or "")


async def test_blinds_edited_valid_update_the_structure() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, screen, 3, "big_blind", "300")
        assert screen.error is None
        assert screen.structure.levels[2].big_blind == 300


async def test_add_level_after_the_cursor_copies_the_level_above_and_remove_deletes_it() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await goto(pilot, screen, 1, "ante")
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert [row.kind for row in screen.rows()] == ["level", "level", "level", "break", "level"]
        assert screen.table.row_count == 5 and screen.table.cursor_row == 2
        assert screen.structure.levels[2] == SMALL.levels[1] and screen.error is None
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.structure == SMALL


async def test_add_break_and_click_buttons() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await goto(pilot, screen, 0, "minutes")
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(screen.structure.periods[1], Break)
        await pilot.click("#add-level")
        await pilot.pause()
        assert len(screen.rows()) == 6 and screen.table.row_count == 6 and screen.error is None


async def test_save_posts_the_structure_only_when_valid() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, screen, 0, "minutes", "0")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.saved == []
        await retype(pilot, screen, 0, "minutes", "25")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [s.levels[0].minutes for s in app.saved] == [25]


async def test_export_then_import_round_trips_through_toml(tmp_path: Path) -> None:
    target = tmp_path / "edited.toml"
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, screen, 3, "minutes", "30")
        screen.query_one("#path", Input).value = str(target)
        await pilot.click("#export")
        await pilot.pause()
        assert load_structure(str(target)) == screen.structure
        screen.query_one("#path", Input).value = "club-turbo"
        await pilot.click("#import")
        await pilot.pause()
        assert screen.structure == load_structure("club-turbo")
        assert len(screen.rows()) == screen.table.row_count == len(screen.structure.periods)
        screen.query_one("#path", Input).value = str(target)
        await let_go(pilot, screen, "#import")
        await pilot.click("#import")
        await pilot.pause()
        assert screen.structure.levels[-1].minutes == 30


async def test_import_of_a_bad_file_names_it_and_changes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\n[[periods]]\nsmall_blind = 100\nbig_blind = 50\nminutes = 20\n')
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        screen.query_one("#path", Input).value = str(bad)
        await pilot.click("#import")
        await pilot.pause()
        assert screen.structure == SMALL and len(screen.rows()) == screen.table.row_count == 4
        assert str(bad) in str(screen.query_one("#status").render())



async def test_generator_in_the_editor_replaces_the_rows_with_a_valid_proposal() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        for key, value in (("stack", "20000"), ("players", "40"), ("minutes", "240"),
                           ("level", "15")):
            screen.query_one(f"#gen-{key}", Input).value = value
        await pilot.click("#generate")
        await pilot.pause()
        assert screen.error is None and screen.structure.name == "Small"
        assert screen.structure.levels[0].small_blind == 100
        assert len(screen.rows()) == screen.table.row_count == len(screen.structure.periods)
        screen.query_one("#gen-level", Input).value = "0"
        await let_go(pilot, screen, "#generate")
        await pilot.click("#generate")
        await pilot.pause()
        assert "level length" in str(screen.query_one("#status").render())
        assert screen.structure.levels[0].small_blind == 100  # unchanged


async def test_rp_18_f4_shows_and_edits_a_levels_game() -> None:
    horse = SMALL.model_copy(update={"periods": [
        Level(small_blind=50, big_blind=100, minutes=20, game="stud", ante=25, bring_in=50),
        *SMALL.periods[1:]]})
    app = EditorApp(horse)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        game = column(screen, 0, "game")
        assert [screen.table.get_cell_at(Coordinate(row, game)) for row in (0, 1)] == ["stud", ""]
        # Edited blinds keep the stud level's own bring-in, which the row does not show.
        await retype(pilot, screen, 0, "minutes", "30")
        assert screen.error is None and screen.structure.levels[0].bring_in == 50
        # A name the club writes is stored as its key; a new game takes its own defaults.
        await retype(pilot, screen, 1, "game", "limit holdem")
        assert screen.error is None
        assert screen.structure.levels[1].game == "lhe" and screen.structure.levels[1].bets == (100, 200)
        await retype(pilot, screen, 0, "game", "razz")
        assert screen.error is None and screen.structure.levels[0].bring_in is None
        assert screen.structure.levels[0].stud_bring_in == 25
        # A game the console does not know marks the field and keeps the last valid structure.
        await retype(pilot, screen, 3, "game", "badugi")
        assert marked(screen, 3, "game") and "is no game" in (screen.error or "")
        assert screen.structure.levels[2].game is None
        await retype(pilot, screen, 3, "game", "")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [level.game for level in app.saved[-1].levels] == ["razz", "lhe", None]


async def test_the_editor_is_one_table_and_one_field_however_long_the_structure() -> None:
    # Issue 33: a widget for every field cost a festival terminal some 12 MB that stayed after
    # Esc (the club turbo: 86 inputs); every row is now a line of one table.
    long = load_structure("club-turbo")
    counts = []
    for structure in (SMALL, long):
        app = EditorApp(structure)
        async with app.run_test(size=(120, 40)):
            screen = app.editor
            assert screen.table.row_count == len(structure.periods)
            counts.append(sum(1 for _widget in screen.walk_children()))
            assert len(screen.query(Input)) == 8  # name, stack, the cell, file, the generator's 4
    assert counts[0] == counts[1]


async def test_a_key_the_cell_takes_starts_editing_it_and_esc_puts_it_back() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await goto(pilot, screen, 0, "big_blind")
        await pilot.press("7", "5")
        assert screen.editing is not None and screen.cell.value == "75"
        assert screen.structure.levels[0].big_blind == 75  # validated as typed
        await pilot.press("escape")  # the cell as it was; the editor stays
        assert screen.editing is None and screen.focused is screen.table
        assert screen.structure == SMALL and not screen.unsaved
        assert screen.table.get_cell_at(Coordinate(0, column(screen, 0, "big_blind"))) == "50"
        assert app.screen is screen
        await pilot.press("x")  # a key no number takes is not typed
        assert screen.editing is None
        await pilot.press("escape")  # and nothing unsaved: closed without a question
        await pilot.pause()
        assert app.screen is not screen


async def test_enter_tab_and_the_arrows_keep_the_cell_and_move_on() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await goto(pilot, screen, 0, "minutes")
        await pilot.press("enter", "5")  # Enter edits what the cell holds
        assert screen.cell.value == "205"
        await pilot.press("enter")  # kept; a row down, as in a spreadsheet
        assert screen.editing is None and screen.structure.levels[0].minutes == 205
        assert screen.table.cursor_coordinate == Coordinate(1, column(screen, 1, "minutes"))
        await pilot.press("3", "0", "tab")  # kept; the next cell to the right
        assert screen.structure.levels[1].minutes == 30
        assert screen.table.cursor_coordinate == Coordinate(1, column(screen, 1, "game"))
        await pilot.press("r", "a", "z", "z", "tab")  # on to the next row's first field
        assert screen.structure.levels[1].game == "razz"
        assert screen.table.cursor_coordinate == Coordinate(2, column(screen, 2, "color_up"))
        await pilot.press("1", "0", "0", "up")  # kept; a row up
        assert screen.structure.periods[2].color_up == [100]  # type: ignore[union-attr]
        assert screen.table.cursor_coordinate == Coordinate(1, column(screen, 1, "small_blind"))
        await pilot.press("shift+tab")  # not editing: Shift+Tab is the focus's, as anywhere
        assert screen.editing is None


async def test_the_field_lies_over_the_cell_it_edits_and_shows_its_whole_placeholder() -> None:
    app = EditorApp(load_structure("club-turbo"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.editor
        table = screen.table
        last = table.row_count - 1
        await goto(pilot, screen, last, "ante")  # scrolled down to it
        await pilot.press("enter", "ctrl+u")
        await pilot.pause()
        assert table.scroll_y > 0
        widths = [each.get_render_width(table) for each in table.ordered_columns]
        column_ante = column(screen, last, "ante")
        assert screen.cell.region.x == table.region.x + sum(widths[:column_ante])
        assert screen.cell.region.y == table.region.y + 1 + last - int(table.scroll_y)
        assert screen.cell.content_size.width >= len(screen.cell.placeholder) == len("ante")


async def test_enter_or_space_on_a_breaks_add_on_switches_it() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await goto(pilot, screen, 2, "add_on")
        await pilot.press("enter")
        assert screen.structure.periods[2].add_on is True  # type: ignore[union-attr]
        assert screen.table.get_cell_at(Coordinate(2, column(screen, 2, "add_on"))) == "add-on"
        await pilot.press("space")
        assert screen.structure.periods[2].add_on is False  # type: ignore[union-attr]
        assert screen.editing is None


async def test_keys_typed_faster_than_drawn_edit_the_cell_they_reach_in_order() -> None:
    # In tmux, Down Down Right 5 0 0 sent at once put 500 in the small blind: the arrow, a
    # binding, ran only once it had passed up to the app, after the digit had started editing.
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await goto(pilot, screen, 0, "small_blind")
        keys = [("down", None), ("right", None), *((digit, digit) for digit in "150"), ("enter", "\r"),
                ("down", None), ("right", None), *((digit, digit) for digit in "100"), ("tab", "\t"),
                ("2", "2"), ("5", "5"), ("escape", "\x1b")]
        for key, character in keys:
            app.post_message(events.Key(key, character))  # all queued before any is taken
        await until(pilot, lambda: screen.table.cursor_coordinate == Coordinate(3, 4)
                    and screen.editing is None and screen.structure.levels[2].ante == 100,
                    "every key taken")
        assert (screen.structure.levels[1].small_blind, screen.structure.levels[1].big_blind) == (50, 150)
        assert screen.structure.levels[2].minutes == 20  # typed, then put back by Esc
        assert screen.structure.levels[2].big_blind == 200 and app.screen is screen


async def test_the_fields_own_keys_typed_in_a_burst_edit_in_order_and_its_text_stays_in_view() -> None:
    # In tmux, razz then four Backspaces and badugi sent at once made 'razbad': Backspace, the
    # field's binding, ran after the letters behind it. The game column is narrow: the field
    # grows with the text, which stays in view.
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await goto(pilot, screen, 0, "game")
        keys = [*"razz", *["backspace"] * 4, *"limit holdem"]
        for key in keys:
            character = None if key == "backspace" else key
            app.post_message(events.Key("space" if key == " " else key, character))
        await until(pilot, lambda: screen.cell.value == "limit holdem", "every key taken")
        await pilot.pause()
        assert screen.cell.content_size.width > len("limit holdem") and screen.cell.scroll_x == 0
        await pilot.press("enter")
        assert screen.structure.levels[0].game == "lhe"

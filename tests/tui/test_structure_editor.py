"""The structure editor screen: Pilot on a tiny app, no database."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Input

from tdconsole.config.structures import load_structure
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.tui.screens.structure_editor import StructureEditorScreen
from tdconsole.tui.service_app import STYLESHEET

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


def field(screen: StructureEditorScreen, row: int, key: str) -> Input:
    return next(i for i in screen.rows()[row].query(Input) if i.name == key)


async def retype(pilot: object, widget: Input, text: str) -> None:
    widget.focus()
    widget.value = ""
    await pilot.press(*text)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_editor_shows_every_period_as_a_row() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)):
        screen = app.editor
        assert [row.kind for row in screen.rows()] == ["level", "level", "break", "level"]
        assert screen.error is None and screen.structure == SMALL


async def test_t_level_1_big_blind_below_small_is_flagged_as_you_type() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, field(screen, 1, "small_blind"), "500")
        assert screen.error is not None and "periods.1" in screen.error
        assert screen.rows()[1].has_class("-invalid")
        assert screen.structure == SMALL  # the last valid structure is kept
        await retype(pilot, field(screen, 1, "small_blind"), "50")
        assert screen.error is None and not screen.rows()[1].has_class("-invalid")


async def test_zero_minutes_marks_the_minutes_field() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, field(screen, 0, "minutes"), "0")
        assert field(screen, 0, "minutes").has_class("-invalid")
        assert "periods.0" in (screen.error or "")


async def test_t_color_1_colour_up_of_a_chip_not_in_the_set_is_flagged() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, field(screen, 2, "color_up"), "5000")
        assert field(screen, 2, "color_up").has_class("-invalid")
        assert "not in the chip set" in (screen.error or "")


async def test_blinds_edited_valid_update_the_structure() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, field(screen, 3, "big_blind"), "300")
        assert screen.error is None
        assert screen.structure.levels[2].big_blind == 300


async def test_add_level_after_the_cursor_copies_the_level_above_and_remove_deletes_it() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        field(screen, 1, "ante").focus()
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert [row.kind for row in screen.rows()] == ["level", "level", "level", "break", "level"]
        assert screen.structure.levels[2] == SMALL.levels[1] and screen.error is None
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.structure == SMALL


async def test_add_break_and_click_buttons() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        field(screen, 0, "minutes").focus()
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(screen.structure.periods[1], Break)
        await pilot.click("#add-level")
        await pilot.pause()
        assert len(screen.rows()) == 6 and screen.error is None


async def test_save_posts_the_structure_only_when_valid() -> None:
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, field(screen, 0, "minutes"), "0")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.saved == []
        await retype(pilot, field(screen, 0, "minutes"), "25")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [s.levels[0].minutes for s in app.saved] == [25]


async def test_export_then_import_round_trips_through_toml(tmp_path: Path) -> None:
    target = tmp_path / "edited.toml"
    app = EditorApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.editor
        await retype(pilot, field(screen, 3, "minutes"), "30")
        screen.query_one("#path", Input).value = str(target)
        await pilot.click("#export")
        await pilot.pause()
        assert load_structure(str(target)) == screen.structure
        screen.query_one("#path", Input).value = "club-turbo"
        await pilot.click("#import")
        await pilot.pause()
        assert screen.structure == load_structure("club-turbo")
        assert len(screen.rows()) == len(screen.structure.periods)
        screen.query_one("#path", Input).value = str(target)
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
        assert screen.structure == SMALL and len(screen.rows()) == 4
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
        assert len(screen.rows()) == len(screen.structure.periods)
        screen.query_one("#gen-level", Input).value = "0"
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
        assert field(screen, 0, "game").value == "stud" and field(screen, 1, "game").value == ""
        # Edited blinds keep the stud level's own bring-in, which the row does not show.
        await retype(pilot, field(screen, 0, "minutes"), "30")
        assert screen.error is None and screen.structure.levels[0].bring_in == 50
        # A name the club writes is stored as its key; a new game takes its own defaults.
        await retype(pilot, field(screen, 1, "game"), "limit holdem")
        assert screen.error is None
        assert screen.structure.levels[1].game == "lhe" and screen.structure.levels[1].bets == (100, 200)
        await retype(pilot, field(screen, 0, "game"), "razz")
        assert screen.error is None and screen.structure.levels[0].bring_in is None
        assert screen.structure.levels[0].stud_bring_in == 25
        # A game the console does not know marks the field and keeps the last valid structure.
        await retype(pilot, field(screen, 3, "game"), "badugi")
        assert field(screen, 3, "game").has_class("-invalid") and "is no game" in (screen.error or "")
        assert screen.structure.levels[2].game is None
        await retype(pilot, field(screen, 3, "game"), "")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [level.game for level in app.saved[-1].levels] == ["razz", "lhe", None]

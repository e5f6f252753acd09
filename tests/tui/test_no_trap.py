"""No crash, no trap: every screen of the TD and floor apps answers the F-keys, Esc, Ctrl+P and
Ctrl+Q, and lands on the screen the key names (screens are modes, never stacked by accident)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from textual.command import CommandPalette
from textual.widgets import Input

from tdconsole.service import Service
from tdconsole.tui.app import FloorApp, TdApp, create_app
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.structure_editor import StructureEditorScreen

TD_KEYS = {"f1": "clock", "f2": "players", "f3": "log", "f5": "rulings", "f6": "payouts",
           "f7": "hand-for-hand", "f8": "calculator", "f9": "deal", "f10": "tables"}
FLOOR_KEYS = {"f1": "rulings", "f2": "tables"}


def _every_pair(keys: list[str]) -> list[str]:
    """A walk through `keys` in which every ordered pair (from, to) follows once: a de Bruijn
    sequence of order 2, half the presses of visiting each pair on its own."""
    n, walk, a = len(keys), [], [0] * 3

    def db(t: int, p: int) -> None:
        if t > 2:
            if 2 % p == 0:
                walk.extend(a[1:p + 1])
        else:
            a[t] = a[t - p]
            db(t + 1, p)
            for j in range(a[t - p] + 1, n):
                a[t] = j
                db(t + 1, t)

    db(1, 1)
    return [keys[i] for i in [*walk, walk[0]]]


# The TD's walk through every pair of screens is cut in parts, each a test of its own (one test
# walking all 81 pairs would take longer than a test in `make test` may).
PARTS = 4


def _part(keys: list[str], part: int | None) -> list[str]:
    """Part `part` of the walk through every pair (all of it for None); each part goes on one key
    past its cut, so the pair across the cut is walked too."""
    walk = _every_pair(keys)
    if part is None:
        return walk
    size = -(-(len(walk) - 1) // PARTS)
    return walk[part * size:(part + 1) * size + 1]


async def _walk(app: TdApp, keys: dict[str, str], part: int | None = None) -> None:
    """Each F-key of the walk lands on its screen, with nothing stacked on it."""
    async with app.run_test() as pilot:
        for key in _part(list(keys), part):
            await pilot.press(key)
            assert app.current_mode == keys[key]
            assert len(app.screen_stack) == 1, f"{key} left a screen stacked on {keys[key]}"


async def _esc_palette_and_quit(app: TdApp, keys: dict[str, str]) -> None:
    """On each screen Esc leaves it or stays, Ctrl+P opens the palette and Esc closes it; Ctrl+Q quits."""
    first = next(iter(keys.values()))
    async with app.run_test() as pilot:
        for key, mode in keys.items():
            await pilot.press(key, "escape")
            assert app.current_mode in (mode, first) and len(app.screen_stack) == 1
            await pilot.press(key, "ctrl+p")
            assert isinstance(app.screen, CommandPalette)
            await pilot.press("escape")
            assert app.current_mode == mode
        await pilot.press("ctrl+q")
    assert app.return_code == 0


def test_the_parts_of_the_walk_cover_every_pair() -> None:
    keys = list(TD_KEYS)
    walked = {pair for part in range(PARTS) for pair in pairwise(_part(keys, part))}
    assert walked == {(a, b) for a in keys for b in keys}


@pytest.mark.parametrize("part", range(PARTS))
async def test_every_td_screen_answers_every_f_key(service: Service, part: int) -> None:
    await _walk(create_app(service), TD_KEYS, part)


async def test_every_td_screen_answers_esc_palette_and_quit(service: Service) -> None:
    await _esc_palette_and_quit(create_app(service), TD_KEYS)


async def test_every_floor_screen_answers_every_f_key_esc_palette_and_quit(service: Service) -> None:
    floor = Service(service.store, service.tournament_id, role="floor", actor="Mia")
    await _walk(FloorApp(floor), FLOOR_KEYS)
    await _esc_palette_and_quit(FloorApp(Service(service.store, service.tournament_id, role="floor",
                                                 actor="Mia")), FLOOR_KEYS)


async def test_esc_on_the_floor_calculator_does_not_crash(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f8", "escape")
        await pilot.pause()
        assert app.is_running
        assert app.current_mode == "clock"


async def test_the_structure_editor_does_not_stay_on_top_of_the_next_screen(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f4")
        assert isinstance(app.screen, StructureEditorScreen)
        await pilot.press("f2")
        await pilot.pause()
        assert app.current_mode == "players"
        assert not isinstance(app.screen, StructureEditorScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert not any(isinstance(s, StructureEditorScreen) for s in app.screen_stack)


@pytest.mark.parametrize(("answer", "still_editing"), [("n", True), ("y", False)])
async def test_esc_on_the_structure_editor_asks_before_dropping_unsaved_edits(
        service: Service, answer: str, still_editing: bool) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f4")
        app.screen.query_one("#name", Input).value = "Edited"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press(answer)
        await pilot.pause()
        assert isinstance(app.screen, StructureEditorScreen) is still_editing
        assert service.state.info.structure.name != "Edited"


async def test_an_f_key_from_a_dialog_closes_it_and_lands_on_the_screen_it_names(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2")
        app.push_screen(ConfirmScreen("Bust Carl?"))
        await pilot.pause()
        await pilot.press("f3")
        assert app.current_mode == "log" and len(app.screen_stack) == 1
        await pilot.press("f2")
        assert app.current_mode == "players" and len(app.screen_stack) == 1
        assert service.state.find("Carl").status == "registered"

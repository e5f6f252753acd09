"""A festival terminal keeps what it shows and no more: a large tournament's first showing of a
screen moves what lives then out of the collector's sight (`ServiceScreen`, gc.freeze), and what
was still alive then but left since (an editor popped by the F-key that leaves it: 28,000 objects,
4.5 MB of a festival terminal after every F-key) is freed by the next first showing."""

from __future__ import annotations

import gc
import weakref

import pytest

from tdconsole.domain.commands import Draw, Register
from tdconsole.service import Service
from tdconsole.tui import service_app
from tdconsole.tui.app import create_app
from tdconsole.tui.screens import base as screens_base
from tdconsole.tui.screens.rulings import RulingsScreen
from tdconsole.tui.screens.structure_editor import StructureEditorScreen
from tests.tui.wait import until

NAMES = [f"Player {i:02}" for i in range(30)]


@pytest.fixture
def drawn(service: Service, monkeypatch: pytest.MonkeyPatch) -> Service:
    monkeypatch.setattr(service_app, "LARGE_TOURNAMENT", len(NAMES))
    monkeypatch.setattr(screens_base, "LARGE_TOURNAMENT", len(NAMES))
    service.execute(Register(names=NAMES))
    service.execute(Draw(seed=3))
    return service


async def test_an_editor_left_by_an_f_key_is_freed_by_the_next_first_showing(drawn: Service) -> None:
    app = create_app(drawn, poll_seconds=3600, sound=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await app.ready.wait()
        await pilot.press("f4")
        await until(pilot, lambda: isinstance(app.screen, StructureEditorScreen), "the editor")
        editor = weakref.ref(app.screen)
        # The rulings screen's first showing freezes what lives: the editor it closes among it.
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, RulingsScreen), "the rulings screen")
        await pilot.press("f6")  # the payouts' first showing gives what was frozen back first
        await pilot.pause()
        await pilot.pause()
        gc.collect()
        assert editor() is None
        assert gc.get_freeze_count()  # and what lives stays out of the full passes


class _Cycle:
    """Garbage only the cyclic collector frees, as a left screen's widgets are."""

    def __init__(self) -> None:
        self.me = self


async def test_what_a_first_showing_froze_while_alive_is_freed_at_the_next(drawn: Service) -> None:
    app = create_app(drawn, poll_seconds=3600, sound=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await app.ready.wait()
        held = [_Cycle()]  # alive, as a screen being left is while the next one resumes
        left = weakref.ref(held[0])
        await pilot.press("f5")  # the rulings screen's first showing freezes what lives
        await until(pilot, lambda: isinstance(app.screen, RulingsScreen), "the rulings screen")
        await pilot.pause()
        held.clear()  # left: garbage now, but frozen
        gc.collect()
        assert left() is not None  # a plain collection does not see it
        await pilot.press("f6")  # the next first showing gives it back to the collector
        await pilot.pause()
        await pilot.pause()
        assert left() is None


async def test_the_screens_shown_before_the_app_is_ready_are_settled_in_one_pass(
        drawn: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first screen is not kept waiting for a full pass of the collector (a tenth of a second at
    festival size): the clock and the screens built ahead are settled once, when the app is ready;
    a screen first shown after that is settled on its own."""
    passes: list[tuple[bool, set[str]]] = []
    app = create_app(drawn, poll_seconds=3600, sound=False)
    monkeypatch.setattr(service_app, "settle", lambda: passes.append((app.ready.is_set(),
                                                                      set(app._screen_stacks))))
    monkeypatch.setattr(screens_base, "settle", lambda: passes.append((app.ready.is_set(),
                                                                      set(app._screen_stacks))))
    async with app.run_test(size=(160, 48)) as pilot:
        await app.ready.wait()
        [(ready, built)] = passes
        assert not ready and {"clock", *app.PREPARED_MODES} <= built
        await pilot.press("f6")
        await until(pilot, lambda: len(passes) == 2, "the payouts' first showing settled")
        assert passes[1][0]

"""Danish all through, on screen: every TD screen of an evening in Danish holds none of the
English words that a Danish TD met (tests/cli/test_danish_everywhere.py has the list)."""

from __future__ import annotations

import html
import re

import pytest

from tdconsole.domain.commands import ClockStart, Draw, Register
from tdconsole.service import Service
from tdconsole.tui.app import create_app, create_floor_app
from tests.cli.test_danish_everywhere import english_words
from tests.conftest import FakeClock

SCREENS = ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10"]


def screen_text(svg: str) -> str:
    """The characters of a screenshot, row by row (the SVG keeps each run of text apart)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for match in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(match.group(2)), []).append(
            (float(match.group(1)), html.unescape(match.group(3))))
    return "\n".join("".join(text for _, text in sorted(row)).replace("\xa0", " ")
                     for _, row in sorted(rows.items()))


@pytest.mark.parametrize("size", [(160, 48), (80, 24)], ids=["160x48", "80x24"])
@pytest.mark.parametrize("key", SCREENS)
async def test_each_screen_in_danish_holds_no_english_word(service: Service, fake_clock: FakeClock,
                                                           danish: None, key: str,
                                                           size: tuple[int, int]) -> None:
    service.execute(Register(names=[f"Spiller {i}" for i in range(1, 17)]))
    service.execute(Draw(seed=7))
    service.execute(ClockStart())
    fake_clock.advance(4 * 60)
    app = create_app(service, poll_seconds=3600, sound=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press(key)
        await pilot.pause()
        text = screen_text(app.export_screenshot())
    assert english_words(text) == set(), text


@pytest.mark.parametrize("key", ["f1", "f2"])
async def test_the_floor_terminal_in_danish_holds_no_english_word(service: Service, danish: None,
                                                                  key: str) -> None:
    service.execute(Register(names=[f"Spiller {i}" for i in range(1, 17)]))
    service.execute(Draw(seed=7))
    floor = Service(service.store, service.tournament_id, actor="Mette", role="floor", now=service.now)
    app = create_floor_app(floor, poll_seconds=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        text = screen_text(app.export_screenshot())
    assert english_words(text) == set(), text


async def test_j_and_y_both_answer_yes_in_danish(service: Service, danish: None) -> None:
    from tdconsole.tui.screens.confirm import ConfirmScreen
    from tests.tui.wait import until

    app = create_app(service, poll_seconds=3600, sound=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("f12", "down", "u")  # Bo's entry: unpaid?
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Ja (j, y)" in screen_text(app.export_screenshot())
        await pilot.press("j")
        await until(pilot, lambda: service.state.payments.get("p2/entry", "") is None, "Bo unpaid by j")
        await pilot.press("down", "u")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")
        await until(pilot, lambda: service.state.payments.get("p3/entry", "") is None, "Carl unpaid by y")

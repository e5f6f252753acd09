"""`tdconsole display`, the real binary in a real terminal: shows the clock, follows the TD's CLI."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.terminal import Terminal
from tests.e2e.conftest import tdconsole

pytestmark = [pytest.mark.e2e]


def test_display_shows_the_clock_and_follows_the_td(tmp_path: Path,
                                                    terminals: Callable[..., Terminal]) -> None:
    db = tmp_path / "club.sqlite"
    tdconsole(db, "new", "Friday Night", "--late-reg-level", "4")
    tdconsole(db, "register", "Anna", "Bo")
    display = terminals(["--db", str(db), "display", "--no-sound"], (110, 30))
    screen = display.wait_for("not started")
    assert "Friday Night" in screen and "Players 2 / 2" in screen
    assert "Late registration open to the end of level 4" in screen
    tdconsole(db, "clock", "start")
    display.wait_for("Level ends at", seconds=3)
    tdconsole(db, "clock", "level", "3")
    display.wait_for("Blinds 200 / 400", seconds=3)
    display.press("C-q")

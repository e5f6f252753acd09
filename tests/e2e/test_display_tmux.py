"""`tdconsole display`, the real binary in a real terminal: shows the clock, follows the TD's CLI."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.test_tmux import BINARY, tdconsole, tmux, wait_for

pytestmark = [pytest.mark.e2e]
__all__ = ["tmux"]  # the fixture, shared with the TUI's end-to-end test


def test_display_shows_the_clock_and_follows_the_td(tmp_path: Path, tmux: Callable[..., str]) -> None:
    db = tmp_path / "club.sqlite"
    tdconsole(db, "new", "Friday Night", "--late-reg-level", "4")
    tdconsole(db, "register", "Anna", "Bo")
    session = tmux.session  # type: ignore[attr-defined]
    tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "30",
         f"TERM=xterm-256color {BINARY} --db {db} display --no-sound")

    def capture() -> str:
        return tmux("capture-pane", "-p", "-t", session)

    screen = wait_for(capture, "not started")
    assert "Friday Night" in screen and "Players 2 / 2" in screen
    assert "Late registration open to the end of level 4" in screen
    tdconsole(db, "clock", "start")
    wait_for(capture, "Level ends at", seconds=3)
    tdconsole(db, "clock", "level", "3")
    wait_for(capture, "Blinds 200 / 400", seconds=3)
    tmux("send-keys", "-t", session, "C-q")

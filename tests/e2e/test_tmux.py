"""The real `tdconsole` binary in a real terminal (tmux): open the TUI, register a player by keys."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]

BINARY = Path(sys.executable).parent / "tdconsole"


def tdconsole(db: Path, *args: str) -> str:
    return subprocess.run([str(BINARY), "--db", str(db), *args], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Callable[..., str]]:
    session = f"td-{uuid.uuid4().hex[:8]}"
    socket = str(tmp_path / "tmux.sock")

    def run(*args: str) -> str:
        return subprocess.run(["tmux", "-S", socket, *args], capture_output=True, text=True,
                              check=True).stdout

    run.session = session  # type: ignore[attr-defined]
    yield run
    subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True, check=False)


def wait_for(capture: Callable[[], str], text: str, seconds: float = 20) -> str:
    """Poll the screen until `text` is on it (what a person waits for before the next key)."""
    deadline = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < deadline:
        screen = capture()
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared on screen:\n{screen}")


def wait_for_focus(tmux: Callable[..., str], text: str, seconds: float = 20) -> None:
    """Poll until the terminal's cursor is on the line showing `text`: the input there has the
    focus. Keys typed before that would reach whatever had it, so a test waits for this, not
    for a time (Textual moves the focus after the key that asks for it, behind keys already sent)."""
    session = tmux.session  # type: ignore[attr-defined]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        lines = tmux("capture-pane", "-p", "-t", session).splitlines()
        row = int(tmux("display-message", "-p", "-t", session, "#{cursor_y}"))
        if row < len(lines) and text in lines[row]:
            return
        time.sleep(0.2)
    raise AssertionError(f"the cursor never reached the line with {text!r}")


def test_register_a_player_in_the_real_tui(tmp_path: Path, tmux: Callable[..., str]) -> None:
    db = tmp_path / "club.sqlite"
    tdconsole(db, "new", "Friday Night")
    session = tmux.session  # type: ignore[attr-defined]
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "36",
         f"TERM=xterm-256color {BINARY} --db {db}")

    def capture() -> str:
        return tmux("capture-pane", "-p", "-t", session)

    wait_for(capture, "Level 1")
    # A person reads the screen before each key; so does this test, by polling it.
    tmux("send-keys", "-t", session, "F2")
    wait_for(capture, "Search, Enter picks the first")
    tmux("send-keys", "-t", session, "n")
    wait_for_focus(tmux, "Register a name")
    tmux("send-keys", "-t", session, "-l", "Ingrid Østergaard")
    wait_for(capture, "Ingrid Østergaard")
    tmux("send-keys", "-t", session, "Enter")
    wait_for(capture, "registered")
    screen = wait_for(capture, "Ingrid Østergaard")
    assert "registered" in screen
    state = json.loads(tdconsole(db, "state", "--json"))
    assert [p["name"] for p in state["players"]] == ["Ingrid Østergaard"]
    tmux("send-keys", "-t", session, "C-q")


def test_a_ruling_logged_on_the_floor_terminal_is_in_the_tds_list(tmp_path: Path,
                                                                   tmux: Callable[..., str]) -> None:
    db = tmp_path / "club.sqlite"
    tdconsole(db, "new", "Friday Night")
    session = tmux.session  # type: ignore[attr-defined]
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40",
         f"TERM=xterm-256color {BINARY} --db {db} floor --staff Mette")

    def capture() -> str:
        return tmux("capture-pane", "-p", "-t", session)

    wait_for_focus(tmux, "Find a scenario")
    tmux("send-keys", "-t", session, "-l", "wrong-button")
    wait_for(capture, "wrong-button")
    # Each answer moves the focus before the screen that shows the next question is drawn, so
    # a key sent once the question is on screen reaches it.
    tmux("send-keys", "-t", session, "Enter")
    wait_for(capture, "substantial")
    tmux("send-keys", "-t", session, "Enter")  # Yes: substantial action has taken place
    wait_for(capture, "Accept and log")
    tmux("send-keys", "-t", session, "Enter")
    wait_for(capture, "Ruling 1 logged")
    rulings = json.loads(tdconsole(db, "rulings", "list", "--json"))
    assert [(r["staff"], r["scenario"], r["answers"]) for r in rulings] == [
        ("Mette", "wrong-button", {"substantial_action": "yes"})]
    tmux("send-keys", "-t", session, "C-q")

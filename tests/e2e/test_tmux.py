"""The real `tdconsole` binary in a real terminal (tmux): open the TUI, register a player by keys."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.terminal import Terminal
from tests.e2e.conftest import tdconsole

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]


def test_register_a_player_in_the_real_tui(tmp_path: Path, terminals: Callable[..., Terminal]) -> None:
    db = tmp_path / "club.sqlite"
    tdconsole(db, "new", "Friday Night")
    td = terminals(["--db", str(db)], (120, 36))
    td.wait_for("Level 1")
    # A person reads the screen before each key; so does this test, by polling it.
    td.press("F2")
    td.wait_for("Search, Enter picks the first")
    td.press("n")
    td.wait_for_focus("Register a name")
    td.type("Ingrid Østergaard")
    td.wait_for("Ingrid Østergaard")
    td.press("Enter")
    td.wait_for("registered")
    screen = td.wait_for("Ingrid Østergaard")
    assert "registered" in screen
    state = json.loads(tdconsole(db, "state", "--json"))
    assert [p["name"] for p in state["players"]] == ["Ingrid Østergaard"]
    td.press("C-q")


def test_a_ruling_logged_on_the_floor_terminal_is_in_the_tds_list(
        tmp_path: Path, terminals: Callable[..., Terminal]) -> None:
    db = tmp_path / "club.sqlite"
    tdconsole(db, "new", "Friday Night")
    floor = terminals(["--db", str(db), "floor", "--staff", "Mette"], (120, 40))
    floor.wait_for_focus("Find a scenario")
    floor.type("wrong-button")
    floor.wait_for("wrong-button")
    # Each answer moves the focus before the screen that shows the next question is drawn, so
    # a key sent once the question is on screen reaches it.
    floor.press("Enter")
    floor.wait_for("substantial")
    floor.press("Enter")  # Yes: substantial action has taken place
    floor.wait_for("Accept and log")
    floor.press("Enter")
    floor.wait_for("Ruling 1 logged")
    rulings = json.loads(tdconsole(db, "rulings", "list", "--json"))
    assert [(r["staff"], r["scenario"], r["answers"]) for r in rulings] == [
        ("Mette", "wrong-button", {"substantial_action": "yes"})]
    floor.press("C-q")

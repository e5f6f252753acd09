"""The bust dialog typed in a real terminal (tmux), as the TD types it on a PKO night (issue 34,
item 8): after "no rebuy" the knocker's name goes into the knocker's field, not over the player out,
and Tab typed in the same burst as the name moves on before the next key arrives."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks.terminal import Terminal
from tests.e2e.conftest import tdconsole

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")]


def _field(screen: str, label: str) -> str:
    """What the input under the border titled `label` holds (its first line), stripped."""
    lines = screen.splitlines()
    row = next(index for index, line in enumerate(lines) if f"▔ {label} ▔" in line)
    return lines[row + 1].split("▊", 1)[1].split("▎", 1)[0].strip()


def test_t_pko_1_the_knocker_and_a_tab_typed_in_one_burst(
        tmp_path: Path, terminals: Callable[..., Terminal]) -> None:
    db = tmp_path / "club.sqlite"
    tdconsole(db, "new", "Friday Night", "--buy-in", "300", "--fee", "50")
    tdconsole(db, "money", "set", "--bounty", "100", "--pko", "--rebuy-until-level", "2",
              "--rebuy-price", "300")
    tdconsole(db, "register", "Anna", "Bo", "Carl", "Dora")
    td = terminals(["--db", str(db), "--lang", "en"], (120, 36))
    td.wait_for("Level 1")
    td.press("F2")
    td.wait_for("Search, Enter picks the first")
    td.press("/")
    td.wait_for_focus("Search")
    td.type("carl")
    td.press("Enter")
    td.wait_for("registered")
    td.press("b")
    td.wait_for("Rebuy?")
    td.press("b")  # no rebuy: the dialog asks who knocked Carl out (T-PKO-1)
    td.wait_for("Knocked out by")
    td.press("a", "n", "n", "a", "Tab", "9")  # one burst: the name, Tab, the next key
    screen = td.wait_for(lambda text: _field(text, "Table") == "9")
    assert (_field(screen, "Players out"), _field(screen, "Knocked out by")) == ("Carl", "anna")
    td.press("Escape")
    td.wait_for(lambda text: "Knocked out by" not in text)
    state = json.loads(tdconsole(db, "state", "--json"))
    assert all(player["status"] != "busted" for player in state["players"])  # nothing was busted
    td.press("C-q")

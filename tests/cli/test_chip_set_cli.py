"""The chip set through the CLI (T-CHIPS-4): `chip-set set`, the warning at the registration that
empties the box (none at the one before), `chip-set show --json`, undo, and a bad box in one line."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import assert_one_line_error, run
from tests.cli.test_money_tournament_cli import Capsys
from tests.cli.test_satellite_cli import tdj


def test_t_chips_4_the_registration_that_empties_the_box_warns(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "box.sqlite")
    tdj(capsys, db, "new", "Friday", "--use")
    stack = tdj(capsys, db, "chip-set", "set", "25=1000", "100=1000", "500=1000", "1000=1000", "5000=6")
    per_stack = {row["value"]: row["per_stack"] for row in stack["chips"]}
    assert stack["covers"] == 6 // per_stack[5000]  # the 5,000s are the box's limit
    covers = stack["covers"]
    for number in range(1, covers):
        assert "chip_set" not in tdj(capsys, db, "register", f"P{number}")  # the one before: no warning
    last = tdj(capsys, db, "register", f"P{covers}")
    assert last["chip_set"].startswith(f"T-CHIPS-4: the chip set is used up at {covers} entries")
    assert tdj(capsys, db, "register", "Extra")["entries"] == covers + 1  # warned, never refused
    shown = tdj(capsys, db, "chip-set", "show")
    assert shown["used_up"] and shown["more_entries"] == 0 and shown["rules"] == ["T-CHIPS-4", "T-COLOR-1"]
    tdj(capsys, db, "undo")
    tdj(capsys, db, "undo")
    assert tdj(capsys, db, "chip-set", "show")["used_up"] is False
    assert_one_line_error(run(capsys, "--db", db, "chip-set", "set", "25=lots"), "chip_set.quantities")

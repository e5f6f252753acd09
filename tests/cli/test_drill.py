"""`tdconsole drill`: the laptop dying rehearsed on scratch copies, each step checked as it is
played; the club's database is never written."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.scratch import find_bindir
from tests.conftest import FakeClock


def _run(database: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    with pytest.raises(SystemExit) as done:
        main(["--db", str(database), "drill", "--json"])
    return int(done.value.code or 0), json.loads(capsys.readouterr().out)


def _club(tmp_path: Path) -> Path:
    database = tmp_path / "club.sqlite"
    store = EventStore.open(f"sqlite:///{database}")
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"), now=FakeClock())
    service.execute(Register(names=["Anna", "Bo"]))
    store.close()
    return database


def test_the_drill_plays_every_step_on_scratch_copies(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    database = _club(tmp_path)
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    code, drill = _run(database, capsys)
    assert code == 0 and drill["ok"]
    steps = drill["steps"]
    assert isinstance(steps, list) and [step["ok"] for step in steps] == [True] * 5
    assert "MIRROR BEHIND" in steps[2]["you_see"] and "gone" in steps[2]["you_see"]
    assert steps[3]["you_do"] == "tdconsole db mirror status"
    assert "verify --all" in steps[4]["you_do"] and "every log verified" in steps[4]["result"]
    assert hashlib.sha256(database.read_bytes()).hexdigest() == before  # never written
    assert not Path(str(drill["scratch"])).exists()


def test_a_drill_on_a_database_whose_log_was_changed_fails_at_its_first_step(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = _club(tmp_path)
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE events SET actor = 'mallory' WHERE seq = 2")
    code, drill = _run(database, capsys)
    steps = drill["steps"]
    assert code == 1 and not drill["ok"]
    assert isinstance(steps, list) and len(steps) == 1 and "does not match" in steps[0]["result"]


@pytest.mark.postgres
def test_the_standby_drill_fails_over_on_two_scratch_servers(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    if find_bindir() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL binaries not found; .ci/run installs them")
        pytest.skip("PostgreSQL binaries not found (install postgresql to run these tests)")
    database = _club(tmp_path)
    with pytest.raises(SystemExit) as done:
        main(["--db", str(database), "drill", "--standby", "--json"])
    drill = json.loads(capsys.readouterr().out)
    assert done.value.code == 0 and drill["ok"], drill["steps"]
    steps = drill["steps"]
    assert "In sync" in steps[0]["result"] and "copied onto A: 3 events" in steps[1]["result"]
    assert "takes writes" in steps[2]["you_see"] and steps[3]["you_do"] == "tdconsole db promote"
    assert "The database is now at" in steps[4]["you_see"] and "the log verifies" in steps[4]["result"]
    assert not Path(drill["scratch"]).exists()

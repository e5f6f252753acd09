"""A command that opens a long log without a snapshot (the first after an upgrade) answers first,
then writes the state it folded down, so the next command is spared that fold (issue 33)."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from tdconsole import service as service_module
from tdconsole.service import Service
from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]


def test_a_command_writes_the_long_fold_down_after_its_answer(
        tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 4)
    db = str(tmp_path / "club.sqlite")
    for argv in (["new", "Friday"], ["register", "Anna", "Bo", "Carl", "Dorte", "Eva"],
                 ["draw", "--seed", "3"]):
        assert run(capsys, "--db", db, *argv).code == 0
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM snapshots")
    order: list[tuple[str, bool]] = []
    write_down = Service.write_down

    def watched(service: Service) -> None:
        answered = '"name":"Friday"' in sys.stdout.getvalue()  # type: ignore[union-attr]  # capsys's
        order.append(("written down" if service._unwritten else "nothing to write", answered))
        write_down(service)

    monkeypatch.setattr(Service, "write_down", watched)
    answered = run(capsys, "--db", db, "state", "--json")
    assert answered.code == 0 and answered.json["tournament"]["name"] == "Friday"
    assert order == [("written down", True)]
    with sqlite3.connect(db) as connection:
        seqs = [row[0] for row in connection.execute("SELECT seq FROM snapshots")]
        last = connection.execute("SELECT max(seq) FROM events").fetchone()[0]
    assert seqs == [last]

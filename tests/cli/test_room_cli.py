"""Issue 39 on the command line: the chip roll-up (T-CHIPS-3) and the players' own pages printed as
QR codes on the seat slips and the receipts (T-PAGE-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.export import page_qr
from tests.cli.helpers import run


def _evening(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    for argv in (("new", "Friday", "--use"), ("register", "Anna", "Bo", "Carl"), ("draw", "--seed", "3")):
        assert run(capsys, "--db", str(db), *argv).code == 0


def test_t_page_1_seat_slips_and_receipts_carry_each_players_page(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    _evening(capsys, db)
    slips = tmp_path / "slips.html"
    assert run(capsys, "--db", str(db), "seating", "--slips", "--format", "html", "--pages", "--url",
               "http://club.local:8000", "--out", str(slips)).code == 0
    service = Service(EventStore.open(f"sqlite:///{db}"), 1)
    pages = dict(service.state.pages)
    assert sorted(pages) == ["anna", "bo", "carl"]
    text = slips.read_text(encoding="utf-8")
    for token in pages.values():
        assert page_qr(f"http://club.local:8000/t/1/p/{token}") in text
    receipts = tmp_path / "receipts.html"
    assert run(capsys, "--db", str(db), "slips", "--receipts", "--pages", "--url", "http://club.local:8000",
               "--out", str(receipts)).code == 0
    assert page_qr(f"http://club.local:8000/t/1/p/{pages['anna']}") in receipts.read_text(encoding="utf-8")
    assert dict(Service(EventStore.open(f"sqlite:///{db}"), 1).state.pages) == pages  # drawn once


def test_t_chips_3_the_roll_up_by_table_and_seat(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    _evening(capsys, db)
    assert run(capsys, "--db", str(db), "--actor", "Frank", "chips", "Anna=30000", "Bo=15000").code == 0
    out = tmp_path / "chips.csv"
    assert run(capsys, "--db", str(db), "chips", "report", "--format", "csv", "--out", str(out)).code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "table,seat,name,chips,counted_at,by"
    rows = {line.split(",")[2]: line.split(",") for line in lines[1:]}
    assert rows["Anna"][3] == "30000" and rows["Anna"][5] == "Frank" and rows["Anna"][4]
    assert rows["Carl"][3:] == ["", "", ""]  # never counted
    service = Service(EventStore.open(f"sqlite:///{db}"), 1)
    assert [row[:2] for row in sorted(rows.values())] == sorted(
        [str(p.table), str(p.seat)] for p in service.state.players.values())
    refused = run(capsys, "--db", str(db), "chips", "report", "--format", "pdf")
    assert refused.code != 0 and refused.err.count("\n") == 1

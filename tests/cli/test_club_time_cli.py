"""Times in the club's time zone (the house setting `money.time_zone`) wherever a person reads
them, whatever zone the machine is set to: `log`, `undo`, `rulings list`, the rulings export, the
clock's wall times. JSON keeps each recorded moment as its instant (ISO 8601 with its offset)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.service import Service
from tests.cli.helpers import run
from tests.conftest import FakeClock

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A tournament on a machine set to UTC; every command at 19:00 UTC (20:00 in Copenhagen),
    the clock started, Bo busted and a ruling logged."""
    clock = FakeClock()
    monkeypatch.setitem(Service.__init__.__kwdefaults__, "now", clock)
    monkeypatch.setitem(Service.create.__func__.__kwdefaults__, "now", clock)  # type: ignore[attr-defined]
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    path = str(tmp_path / "club.sqlite")
    for args in (["new", "Friday"], ["register", "Anna", "Bo", "Carl"], ["clock", "start"],
                 ["bust", "Bo", "--by", "Anna"],
                 ["rulings", "log", "--scenario", "phone", "-a", "in_hand=yes", "-a", "deliberate=no",
                  "--player", "Carl", "--by", "Mette"]):
        assert run(capsys, "--db", path, *args).code == 0, args
    yield path
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_log_and_the_rulings_say_the_club_s_time_not_the_machine_s(db: str, capsys: Capsys,
                                                                       lang: str) -> None:
    log = run(capsys, "--db", db, "--lang", lang, "log").out
    assert "20:00:00" in log and "19:00:00" not in log
    rulings = run(capsys, "--db", db, "--lang", lang, "rulings", "list").out
    assert "#1  20:00  Mette" in rulings
    undone = run(capsys, "--db", db, "--lang", lang, "undo").out
    assert "20:00:00" in undone and "19:00" not in undone


@pytest.mark.parametrize("lang", ["en", "da"])
def test_the_json_keeps_instants_and_the_wall_times_are_on_the_club_s_clock(db: str, capsys: Capsys,
                                                                           lang: str) -> None:
    clock = run(capsys, "--db", db, "--lang", lang, "state", "--json").json["clock"]
    # Level 1 of 15 minutes started at 19:00 UTC: it ends at 20:15 in Copenhagen.
    assert clock["level_ends_at"] == "2026-11-27T20:15:00+01:00"
    row = run(capsys, "--db", db, "--lang", lang, "log", "--json").json[-1]
    assert row["time"] == "2026-11-27T19:00:00+00:00"


@pytest.mark.parametrize(("lang", "shown"), [("en", "27/11/2026, 20:00"), ("da", "27.11.2026 20.00")])
def test_the_rulings_export_writes_the_club_s_time(db: str, capsys: Capsys, lang: str, shown: str) -> None:
    page = run(capsys, "--db", db, "--lang", lang, "rulings", "export", "--format", "html").out
    assert f"<td>{shown}</td>" in page and "T19:00" not in page
    sheet = run(capsys, "--db", db, "--lang", lang, "rulings", "export", "--format", "csv").out
    assert "2026-11-27T20:00:00+01:00" in sheet


def test_the_time_zone_is_the_house_setting(db: str, capsys: Capsys) -> None:
    assert run(capsys, "--db", db, "house-rules", "set", "money.time_zone", "America/New_York").code == 0
    assert "14:00:00" in run(capsys, "--db", db, "log").out
    clock = run(capsys, "--db", db, "state", "--json").json["clock"]
    assert clock["level_ends_at"] == "2026-11-27T14:15:00-05:00"

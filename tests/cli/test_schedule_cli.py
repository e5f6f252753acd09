"""The club's calendar (issue 40 item 6): tournaments planned from templates, weekly, kept in the
club's database, exported as iCalendar and read back by the `icalendar` library's own parser."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from itertools import pairwise
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import icalendar
import pytest

from tdconsole.club.schedule import Schedule
from tdconsole.domain.schedule import planned_starts
from tdconsole.store.event_store import EventStore
from tests.cli.helpers import assert_one_line_error, run
from tests.conftest import FakeClock

Capsys = pytest.CaptureFixture[str]
COPENHAGEN = ZoneInfo("Europe/Copenhagen")


def td(capsys: Capsys, db: str, *args: str) -> Any:
    result = run(capsys, "--db", db, *args, "--json")
    assert result.code == 0, result.err
    return result.json


def test_a_weekly_series_exports_as_ics_that_a_calendar_library_reads(tmp_path: Path, capsys: Capsys) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite'}"
    # Three Fridays at 19:00 across the start of summer time (28 March 2027): the local hour holds.
    planned = td(capsys, db, "schedule", "add", "friday-deepstack", "--weekly", "--from", "2027-03-19",
                 "--until", "2027-04-02", "--time", "19:00")
    assert [(p["starts_at"], p["local"]) for p in planned] == [
        ("2027-03-19T18:00:00+00:00", "2027-03-19T19:00:00+01:00"),
        ("2027-03-26T18:00:00+00:00", "2027-03-26T19:00:00+01:00"),
        ("2027-04-02T17:00:00+00:00", "2027-04-02T19:00:00+02:00"),
    ]
    td(capsys, db, "schedule", "add", "pko", "--from", "2027-03-24", "--time", "18:30", "--name", "PKO <Wed>")
    listed = td(capsys, db, "schedule", "list", "--all")
    assert [(p["id"], p["name"], p["template"]) for p in listed] == [
        (1, "Friday deepstack", "friday-deepstack"), (4, "PKO <Wed>", "pko"),
        (2, "Friday deepstack", "friday-deepstack"), (3, "Friday deepstack", "friday-deepstack")]

    out = tmp_path / "club.ics"
    result = run(capsys, "--db", db, "schedule", "--all", "--format", "ics", "--out", str(out))
    assert result.code == 0, result.err
    calendar = icalendar.Calendar.from_ical(out.read_bytes())
    events = calendar.walk("VEVENT")
    starts = [event.decoded("dtstart") for event in events]
    assert [str(event["summary"]) for event in events] == [
        "Friday deepstack", "PKO <Wed>", "Friday deepstack", "Friday deepstack"]
    # Each start is in the club's time zone (DTSTART;TZID=Europe/Copenhagen, its VTIMEZONE in the file).
    assert all(start.tzinfo is not None and start.tzinfo.key == "Europe/Copenhagen" for start in starts)
    assert [start.replace(tzinfo=None) for start in starts] == [
        datetime(2027, 3, 19, 19, 0), datetime(2027, 3, 24, 18, 30), datetime(2027, 3, 26, 19, 0),
        datetime(2027, 4, 2, 19, 0)]
    fridays = [start for start, event in zip(starts, events, strict=True) if event["summary"] != "PKO <Wed>"]
    assert [(b.date() - a.date()).days for a, b in pairwise(fridays)] == [7, 7]
    assert [start.astimezone(UTC).hour for start in fridays] == [18, 18, 17]
    assert [tz["tzid"] for tz in calendar.walk("VTIMEZONE")] == ["Europe/Copenhagen"]
    assert len({str(event["uid"]) for event in events}) == 4

    # A cancelled night leaves the calendar; the rest of its series stays.
    assert [p["id"] for p in td(capsys, db, "schedule", "remove", "2")] == [2]
    assert [p["id"] for p in td(capsys, db, "schedule", "--all")] == [1, 4, 3]
    assert "19.03.2027 19.00: Friday deepstack" in run(capsys, "--db", db, "--lang", "da", "schedule",
                                                          "list", "--all").out


@pytest.mark.parametrize(("args", "fragment"), [
    (("add", "nope", "--from", "2027-01-01"), "no template 'nope'"),
    (("add", "pko", "--from", "2027-02-30"), "--from '2027-02-30': a date is YYYY-MM-DD"),
    (("add", "pko", "--from", "2027-01-01", "--time", "7pm"), "--time '7pm': a time is HH:MM"),
    (("add", "pko", "--from", "2027-01-01", "--until", "2027-02-01"),
     "--until: only a weekly series has a last date"),
    (("add", "pko", "--from", "2027-01-01", "--weekly"), "--weekly: a weekly series needs its last date"),
    (("add", "pko", "--from", "2027-02-01", "--weekly", "--until", "2027-01-01"),
     "--until: 2027-01-01 is before the first night"),
    (("add", "pko", "--from", "2027-01-01", "--weekly", "--until", "2030-01-01"), "at most 105"),
    (("remove", "7"), "there is no planned tournament 7"),
    (("--out", "x.ics"), "--out writes a file: give --format ics"),
])
def test_bad_input_is_one_line_and_plans_nothing(tmp_path: Path, capsys: Capsys, args: tuple[str, ...],
                                                 fragment: str) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite'}"
    assert_one_line_error(run(capsys, "--db", db, "schedule", *args), fragment)
    assert td(capsys, db, "schedule", "list", "--all") == []


def test_the_coming_nights_are_those_not_yet_started(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2027, 3, 26, 18, 0, tzinfo=UTC))  # the second Friday's start
    store = EventStore.open(f"sqlite:///{tmp_path / 'club.sqlite'}")
    schedule = Schedule(store, now=clock)
    schedule.add("pko", "PKO", planned_starts(date(2027, 3, 19), time(19, 0), "Europe/Copenhagen",
                                              weekly=True, until=date(2027, 4, 2)), "Europe/Copenhagen")
    assert [night.starts_at.astimezone(COPENHAGEN).day for night in schedule.upcoming()] == [26, 2]
    clock.advance(1)
    assert [night.starts_at.astimezone(COPENHAGEN).day for night in schedule.upcoming()] == [2]
    assert len(schedule.all()) == 3

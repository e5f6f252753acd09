"""The club's calendar shown: `schedule list` rows and the iCalendar file (`schedule --format ics`).

The .ics is written by the `icalendar` library (RFC 5545's folding, escaping and time-zone blocks
are its job, not ours). Each night starts at its local time in the time zone it was planned in
(DTSTART with TZID and the VTIMEZONE it needs), so a phone in another zone still shows the club's
19:00 at the right moment. A night's DTSTAMP is when it was planned, not when the file was written:
the same calendar exports to the same file.
"""

from __future__ import annotations

from collections.abc import Sequence
from zoneinfo import ZoneInfo

from tdconsole.club.schedule import Planned
from tdconsole.i18n import _
from tdconsole.views.base import View
from tdconsole.views.formatting import Formats

SCHEDULE_FORMATS = ("text", "json", "ics")


class PlannedView(View):
    """A tournament on the club's calendar: `starts_at` in UTC, `local` in its club's time zone."""

    id: int
    template: str
    name: str
    starts_at: str
    local: str
    time_zone: str


def planned_view(night: Planned) -> PlannedView:
    local = night.starts_at.astimezone(ZoneInfo(night.time_zone))
    return PlannedView(id=night.id, template=night.template, name=night.name,
                       starts_at=night.starts_at.isoformat(), local=local.isoformat(),
                       time_zone=night.time_zone)


def planned_line(night: Planned, formats: Formats) -> str:
    return _("{id}. {when}: {name} (template {template})").format(
        id=night.id, when=formats._replace(time_zone=night.time_zone).when(night.starts_at),
        name=night.name, template=night.template)


def schedule_ics(nights: Sequence[Planned]) -> str:
    """The nights as one iCalendar file."""
    import icalendar  # only where a calendar is written

    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//tdconsole//schedule//EN")
    calendar.add("version", "2.0")
    for night in nights:
        event = icalendar.Event()
        event.add("uid", f"schedule-{night.id}-{int(night.created_at.timestamp())}@tdconsole")
        event.add("summary", night.name)
        event.add("dtstart", night.starts_at.astimezone(ZoneInfo(night.time_zone)))
        event.add("dtstamp", night.created_at)
        event.add("description", f'tdconsole new "{night.name}" --template {night.template}')
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return bytes(calendar.to_ical()).decode("utf-8")

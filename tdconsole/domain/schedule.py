"""The club's calendar worked out: the moments of a planned tournament and of its weekly repeats.

A weekly series keeps its local hour: 19:00 on a Friday in Copenhagen is 18:00 UTC in winter and
17:00 UTC in summer, so each night is placed in the club's time zone first and only then turned
into UTC (what the store keeps). A local time that does not exist (the hour skipped when summer
time starts) is read as the wall clock after the change (zoneinfo's fold=0), one that happens twice
as its first occurrence.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from tdconsole.domain.errors import InvalidInput

# Two years of weekly nights: a calendar planned further ahead is a typo in --until.
MAX_NIGHTS = 105


def planned_starts(first: date, at: time, zone: str, *, weekly: bool = False,
                   until: date | None = None) -> list[datetime]:
    """The start of each night in UTC: `first` alone, or every week from `first` to `until`.

    >>> [moment.isoformat() for moment in planned_starts(
    ...     date(2027, 3, 19), time(19, 0), "Europe/Copenhagen", weekly=True, until=date(2027, 4, 2))]
    ['2027-03-19T18:00:00+00:00', '2027-03-26T18:00:00+00:00', '2027-04-02T17:00:00+00:00']
    """
    if until is not None and not weekly:
        raise InvalidInput("only a weekly series has a last date: one night has none", field="until")
    if weekly and until is None:
        raise InvalidInput("a weekly series needs its last date (until)", field="weekly")
    last = until if until is not None else first
    if last < first:
        raise InvalidInput("{last} is before the first night, {first}", last=last.isoformat(),
                           first=first.isoformat(), field="until")
    nights = (last - first).days // 7 + 1
    if nights > MAX_NIGHTS:
        raise InvalidInput("{nights} weekly nights: at most {most} (two years) at a time",
                           nights=nights, most=MAX_NIGHTS)
    local = ZoneInfo(zone)
    return [datetime.combine(first + timedelta(weeks=week), at, tzinfo=local).astimezone(UTC)
            for week in range(nights)]

"""The club's calendar: tournaments planned from templates, kept in the club's database.

Kept in the database, not in a file beside the templates: every terminal and the web server read
the same calendar, and a backup of the database holds it. A planned night names its template by
key and copies the template's name as it was (the calendar says what was announced even if the
template is later renamed or deleted); `new NAME --template KEY` starts it on the night.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, insert, select

from tdconsole.domain.errors import NotFound
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import schedule_table


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Planned:
    id: int
    template: str
    name: str
    starts_at: datetime  # UTC
    time_zone: str  # the club's when it was planned: the local hour it keeps
    created_at: datetime


def _utc(moment: datetime) -> datetime:
    # SQLite gives back naive datetimes; every moment the store keeps is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Schedule:
    def __init__(self, store: EventStore, now: Callable[[], datetime] = _now) -> None:
        self.store = store
        self.now = now

    def add(self, template: str, name: str, starts: Sequence[datetime], time_zone: str) -> list[Planned]:
        """Plan the template for each of `starts`; the nights planned, oldest first."""
        created = self.now()
        with self.store.connection(write=True) as connection:
            ids = {connection.execute(insert(schedule_table).values(
                template=template, name=name, starts_at=start, time_zone=time_zone, created_at=created)
                .returning(schedule_table.c.id)).scalar_one() for start in starts}
        return [night for night in self.all() if night.id in ids]

    def all(self) -> list[Planned]:
        with self.store.connection(write=False) as connection:
            rows = connection.execute(select(schedule_table).order_by(
                schedule_table.c.starts_at, schedule_table.c.id)).all()
        return [Planned(row.id, row.template, row.name, _utc(row.starts_at), row.time_zone,
                        _utc(row.created_at)) for row in rows]

    def upcoming(self) -> list[Planned]:
        """The nights not yet started."""
        now = self.now()
        return [night for night in self.all() if night.starts_at >= now]

    def remove(self, ids: Sequence[int]) -> list[Planned]:
        """Cancel planned nights; the ones cancelled."""
        wanted = set(ids)
        found = [night for night in self.all() if night.id in wanted]
        missing = sorted(wanted - {night.id for night in found})
        if missing:
            raise NotFound(
                "there is no planned tournament {missing} (see every planned night: schedule list)",
                missing=missing[0])
        with self.store.connection(write=True) as connection:
            connection.execute(delete(schedule_table).where(schedule_table.c.id.in_(wanted)))
        return found

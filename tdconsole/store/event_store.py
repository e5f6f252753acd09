"""The event log: append-only, keyed by (tournament, seq). The source of truth for every tournament."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, func, insert, select
from sqlalchemy.exc import DatabaseError, IntegrityError

from tdconsole.domain.errors import NotFound, TdError
from tdconsole.domain.events import EVENT_ADAPTER, Envelope, TournamentCreated
from tdconsole.store.db import StoreError, database_fault, is_disk_full, make_engine, upgrade
from tdconsole.store.models import EventRow, TournamentRow


class Conflict(TdError):
    """Another process appended first: the sequence number this writer wanted is taken."""


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    id: int
    name: str
    created_at: datetime


def _utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; every time we store is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class EventStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str, *, migrate: bool = True) -> EventStore:
        engine = make_engine(url)
        if migrate:
            upgrade(engine)
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------ tournaments

    def create_tournament(self, created: Envelope) -> int:
        """A new tournament and its first event, in one transaction."""
        if not isinstance(created.event, TournamentCreated) or created.seq != 1:
            raise TdError("a tournament's log begins with its creation at seq 1")
        with self._connection(write=True) as connection:
            tournament_id = connection.execute(
                insert(TournamentRow)
                .values(name=created.event.name, created_at=created.time)
                .returning(TournamentRow.id)
            ).scalar_one()
            connection.execute(insert(EventRow), [self._row(tournament_id, created)])
        return int(tournament_id)

    def tournaments(self) -> list[TournamentSummary]:
        with self._connection(write=False) as connection:
            rows = connection.execute(
                select(TournamentRow.id, TournamentRow.name, TournamentRow.created_at).order_by(
                    TournamentRow.id
                )
            ).all()
        return [TournamentSummary(row.id, row.name, _utc(row.created_at)) for row in rows]

    def latest_tournament(self) -> int:
        with self._connection(write=False) as connection:
            latest = connection.execute(select(func.max(TournamentRow.id))).scalar()
        if latest is None:
            raise NotFound("there is no tournament yet; create one with: tdconsole new NAME")
        return int(latest)

    def require_tournament(self, tournament_id: int) -> None:
        with self._connection(write=False) as connection:
            found = connection.execute(
                select(TournamentRow.id).where(TournamentRow.id == tournament_id)
            ).scalar()
        if found is None:
            raise NotFound(f"there is no tournament {tournament_id}")

    # ------------------------------------------------------------ events

    def load(self, tournament_id: int, after: int = 0) -> list[Envelope]:
        """The tournament's events with seq > `after`, in order."""
        query = (
            select(EventRow.seq, EventRow.time, EventRow.actor, EventRow.command_id, EventRow.payload)
            .where(EventRow.tournament_id == tournament_id, EventRow.seq > after)
            .order_by(EventRow.seq)
        )
        with self._connection(write=False) as connection:
            rows = connection.execute(query).all()
        return [
            Envelope.model_construct(
                seq=row.seq,
                time=_utc(row.time),
                actor=row.actor,
                command_id=row.command_id,
                event=EVENT_ADAPTER.validate_python(row.payload),
            )
            for row in rows
        ]

    def append(self, tournament_id: int, envelopes: Sequence[Envelope]) -> None:
        """Append in one transaction, or raise `Conflict` if another writer took one of the seqs."""
        rows = [self._row(tournament_id, envelope) for envelope in envelopes]
        try:
            with self._connection(write=True) as connection:
                connection.execute(insert(EventRow), rows)
        except IntegrityError:
            raise Conflict("another terminal appended to this tournament first") from None

    @staticmethod
    def _row(tournament_id: int, envelope: Envelope) -> dict[str, object]:
        return {
            "tournament_id": tournament_id,
            "seq": envelope.seq,
            "time": envelope.time,
            "actor": envelope.actor,
            "command_id": envelope.command_id,
            "type": envelope.event.type,
            "payload": envelope.event.model_dump(mode="json"),
        }

    # ------------------------------------------------------------ connections

    @contextmanager
    def _connection(self, *, write: bool) -> Iterator[Connection]:
        """A connection (a transaction when writing); database faults become one-line errors."""
        try:
            with self.engine.begin() if write else self.engine.connect() as connection:
                yield connection
        except IntegrityError:
            raise
        except DatabaseError as error:
            if is_disk_full(error):
                raise database_fault("the database", error, "") from None
            reason = str(error.orig if error.orig is not None else error).splitlines()[0]
            raise StoreError(f"the database cannot be used: {reason}") from None

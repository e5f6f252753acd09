"""The reference clock every terminal takes the tournament's time from, and the TD's correction.

On PostgreSQL the reference is the server's clock (`clock_timestamp()`); on SQLite it is the clock
of the machine that holds the file: each terminal writes one byte to a small file beside the
database and reads back the time the file system stamped on it (on a local disk the kernel's clock,
on a network share the file server's), a clock that no wrong clock of this process can move.
The service turns readings into the time every event is stamped with (tdconsole/time_source.py).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from sqlalchemy import insert, select, text, update

from tdconsole.store.db import sqlite_path
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import audit_table, time_base_table


# A NamedTuple, not a frozen dataclass: every command imports this module, and a dataclass compiles
# its generated methods when its class is made (about four times the cost; the fast-CLI contract).
class ReferenceReading(NamedTuple):
    reference: datetime  # the reference clock when the database answered (UTC)
    correction: float  # seconds added to it: the TD's choice after a step (0 until then)
    pending: float  # a jump of the reference waiting for a TD's choice (0: none); subtracted meanwhile
    decided_at: datetime | None  # when a TD last chose; a terminal holding a step then follows
    local: bool  # the reference is this process's own clock (no file to stamp, an in-memory database)


def probe_path(database: Path) -> Path:
    """The file beside a SQLite database whose modification time is the machine's clock."""
    return database.with_name(database.name + "-time")


def _file_clock(path: Path) -> datetime | None:
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            os.pwrite(descriptor, b"\n", 0)
            stamped = os.fstat(descriptor).st_mtime_ns
        finally:
            os.close(descriptor)
    except OSError:  # a read-only directory or file: this machine's own clock, as before
        return None
    return datetime.fromtimestamp(stamped / 1e9, UTC)


def read_reference(store: EventStore) -> ReferenceReading:
    """One reading of the reference clock and the correction, in one round trip where it can be."""
    row = time_base_table.c
    with store.connection(write=False) as connection:
        if connection.dialect.name == "postgresql":
            found = connection.execute(
                select(text("clock_timestamp()"), row.correction, row.pending, row.changed_at)
                .where(row.id == 1)
            ).one()
            return ReferenceReading(found[0].astimezone(UTC), float(found[1]), float(found[2]), found[3],
                                    local=False)
        correction, pending, decided_at = connection.execute(
            select(row.correction, row.pending, row.changed_at).where(row.id == 1)).one()
    path = sqlite_path(store.engine)
    stamped = None if path is None else _file_clock(probe_path(path))
    decided = None if decided_at is None else decided_at.replace(tzinfo=decided_at.tzinfo or UTC)
    return ReferenceReading(stamped or datetime.now(UTC), float(correction), float(pending), decided,
                            local=stamped is None)


def record_step(store: EventStore, *, was: float, pending: float) -> bool:
    """Record the pending jump (0: none any more) if it is still `was`, as every terminal reads it;
    False when another terminal recorded first (a compare-and-set: two terminals that see the same
    jump record it once)."""
    row = time_base_table.c
    with store.connection(write=True) as connection:
        return connection.execute(update(time_base_table).where(row.id == 1, row.pending == was)
                                  .values(pending=pending)).rowcount == 1


def set_correction(store: EventStore, correction: float, *, actor: str, time: datetime,
                   detail: str) -> None:
    """The TD's choice after a step of the reference clock, for every terminal, in the audit log."""
    with store.connection(write=True) as connection:
        connection.execute(update(time_base_table).where(time_base_table.c.id == 1)
                           .values(correction=correction, pending=0, changed_at=time, changed_by=actor))
        connection.execute(insert(audit_table).values(time=time, actor=actor, action="time",
                                                      tournament_id=None, detail=detail[:200]))

"""Backups of a SQLite database: SQLite's online backup API (never a file copy, which can catch the
file between a write and its WAL), the automatic ones at every break and every 15 minutes of play,
and restoring one that verifies.

A backup is a consistent snapshot: `sqlite3.Connection.backup` copies every page in one step under
one read transaction, so writers carry on (WAL) and the copy holds exactly the commits made before
it began. It is written beside its target as `NAME.part` and renamed into place, so a backup that
is there is whole.

The automatic ones are taken by the TD's console (the TUI that runs the clock), in a worker thread:
`BackupSchedule` below decides when from what the console hands it (the seconds that passed, the
clock's reading), and reads no clock itself. They go to `backups/` in the data directory
(`TDCONSOLE_DATA_DIR`, else the user's), the newest `TDCONSOLE_BACKUPS_KEPT` (default 12) kept.

On PostgreSQL the server's own tools do this job (docs/SECURITY.md, "Backups"): `pg_dump -Fc` and
`pg_restore --clean`, then `tdconsole verify --all`.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import DatabaseError

from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.store.db import database_fault, declared_head, migrations_dir, user_data_dir
from tdconsole.store.ledger import ChainCheck, verify_tournament
from tdconsole.store.models import tournament_table

KEPT_SETTING = "TDCONSOLE_BACKUPS_KEPT"
DEFAULT_KEPT = 12
PLAY_SECONDS = 15 * 60  # a backup every 15 minutes of play
PREFIX = "tdconsole-"


def kept() -> int:
    """How many automatic backups are kept: `$TDCONSOLE_BACKUPS_KEPT`, else 12."""
    value = os.environ.get(KEPT_SETTING, "")
    if not value:
        return DEFAULT_KEPT
    if not value.isdigit() or int(value) < 1:
        raise InvalidInput("{setting}={value!r}: give how many backups to keep, a whole number from 1",
                           setting=KEPT_SETTING, value=value)
    return int(value)


def backup_dir() -> Path:
    directory = user_data_dir() / "backups"
    directory.mkdir(mode=0o700, exist_ok=True)  # each backup is the whole database: the TD's alone
    return directory


def online_backup(source: Path, target: Path) -> None:
    """Copy the database at `source` into `target` with SQLite's online backup, as one snapshot."""
    part = target.with_name(target.name + ".part")
    try:
        part.unlink(missing_ok=True)
        reader = sqlite3.connect(source, timeout=15)
        try:
            writer = sqlite3.connect(part)
            try:
                reader.backup(writer)  # every page in one step: one read transaction, one snapshot
            finally:
                writer.close()
        finally:
            reader.close()
        os.replace(part, target)
    except (sqlite3.Error, OSError) as error:
        part.unlink(missing_ok=True)
        raise database_fault(str(target), error, "the backup could not be written") from None


def take(source: Path, reason: str, now: datetime, keep: int) -> Path:
    """An automatic backup of `source` into the backup directory, named by its time (UTC) and why
    it was taken; the oldest beyond the newest `keep` are deleted."""
    directory = backup_dir()
    # To the microsecond: two in one second (a restore's own backup, then another) never share a
    # name, and the names still sort as they were made.
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    target = directory / f"{PREFIX}{stamp}-{reason}.sqlite"
    online_backup(source, target)
    backups = sorted(directory.glob(f"{PREFIX}*.sqlite"))  # by time: the names sort as they were made
    for old in backups[:-keep]:
        old.unlink(missing_ok=True)
    return target


@dataclass(frozen=True, slots=True)
class BackupSchedule:
    """When the TD's console takes an automatic backup: as each break begins, and after every
    `every` seconds the clock has run in play. Pure: the console hands it the seconds that passed
    since it last asked and the clock's reading; it answers with its next self and why a backup is
    due now ("break" or "play"), or None."""

    every: float = PLAY_SECONDS
    played: float = 0.0  # seconds of play since the last backup
    break_taken: int | None = None  # the period of the break last backed up

    def tick(self, seconds: float, *, running: bool, on_break: bool,
             period: int) -> tuple[BackupSchedule, str | None]:
        if on_break:
            if period != self.break_taken:
                return replace(self, played=0.0, break_taken=period), "break"
            return self, None
        played = self.played + (seconds if running else 0.0)
        if played >= self.every:
            return replace(self, played=0.0), "play"
        return replace(self, played=played), None


@dataclass(frozen=True, slots=True)
class CheckedBackup:
    """A database file that verified: its tournaments' chains, each as (name, check)."""

    path: Path
    revision: str
    tournaments: list[tuple[str, ChainCheck]]


def check_backup(path: Path, *, intact: bool = True) -> CheckedBackup:
    """Open a backup read-only and verify every tournament's chain; refuse, in one line, a file
    that is not a tdconsole database, one from a newer tdconsole, one without the hash chain, or
    (unless `intact` is False: the caller reports them) one whose chain breaks, naming the first
    event that does not match."""
    if not path.is_file():
        raise InvalidInput("{path}: no such file", path=path)
    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        with engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
            if "events" not in tables or "alembic_version" not in tables:
                raise TdError("{path}: not a tdconsole database", path=path)
            revision = str(connection.execute(text("SELECT version_num FROM alembic_version")).scalar())
            columns = {column["name"] for column in inspect(connection).get_columns("events")}
            if "hash" not in columns:
                raise TdError("{path}: made before the log was hash-chained (schema {revision}); it "
                              "cannot be verified, so it is not restored", path=path, revision=revision)
            if revision > (declared_head(migrations_dir() / "versions") or revision):
                raise TdError("{path}: written by a newer tdconsole (schema {revision})", path=path,
                              revision=revision)
            named = connection.execute(
                tournament_table.select().order_by(tournament_table.c.id)).all()
            checks = [(row.name, verify_tournament(connection, row.id)) for row in named]
    except DatabaseError as error:
        raise database_fault(str(path), error, "not a tdconsole database") from None
    finally:
        engine.dispose()
    for name, check in checks:
        if intact and not check.ok:
            raise TdError("{path}: tournament {id} ({name}): event {seq} does not match the log's "
                          "hash chain; not restored", path=path, id=check.tournament_id,
                          name=name, seq=check.bad_seq)
    return CheckedBackup(path, revision, checks)


# What a restore leaves behind of the backup (each table absent from a backup older than it):
# the state snapshots, which only a fold proves, and the web remote's sessions. A session in a
# backup was valid when the backup was taken, not now: restored, a phone logged out since, or a
# member removed since (whose removal deleted her sessions) would be logged in again with the
# cookie she still holds. Every phone logs in again, against the staff list the backup holds.
LEFT_BEHIND = ("snapshots", "web_sessions")


@dataclass(frozen=True, slots=True)
class Restored:
    """What a restore did besides the log: the web sessions it ended (those the database it
    replaced held; the backup's own are never restored)."""

    sessions_ended: int


def restore(source: Path, target: Path) -> Restored:
    """Replace the database at `target` with the backup at `source`, page by page with SQLite's
    backup API (the target's other connections see the old database or the new one, never a mix).

    The backup's log is restored, with its staff and its lock-outs, but not its state snapshots nor
    its web sessions (`LEFT_BEHIND`): the hash chain proves the events (`check_backup`), but nothing
    short of folding the log proves a snapshot (`tdconsole verify`), and a terminal opens from the
    newest one it finds. They are dropped in a copy held in memory before any page reaches
    `target`; the first terminal to open a tournament folds its log and writes a snapshot of its
    own, and every phone logs in again."""
    try:
        ended, replaced = _sessions(target)
        reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        held = sqlite3.connect(":memory:")
        try:
            reader.backup(held)
            tables = {row[0] for row in held.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            for table in LEFT_BEHIND:
                if table in tables:
                    held.execute(f"DELETE FROM {table}")  # the names above, never input
            # A generation past both (store/mirror.py): a mirror of the database replaced finds
            # itself behind, and takes the restored one whole.
            theirs = int(held.execute("PRAGMA user_version").fetchone()[0])
            held.execute(f"PRAGMA user_version = {max(theirs, replaced) + 1}")
            held.commit()
            writer = sqlite3.connect(target, timeout=15)
            try:
                held.backup(writer)
            finally:
                writer.close()
        finally:
            held.close()
            reader.close()
    except sqlite3.Error as error:
        raise database_fault(str(target), error, "could not be restored") from None
    return Restored(ended)


def _sessions(path: Path) -> tuple[int, int]:
    """How many web sessions the database at `path` holds (0 when it has none), and its generation
    (store/mirror.py). An expired session may be among them until the next log-in clears it:
    counted as ended too, which it is."""
    if not path.is_file():
        return 0, 0
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=15)
    try:
        generation = int(reader.execute("PRAGMA user_version").fetchone()[0])
        found = reader.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                               "AND name = 'web_sessions'").fetchone()
        if not found:
            return 0, generation
        return int(reader.execute("SELECT count(*) FROM web_sessions").fetchone()[0]), generation
    finally:
        reader.close()

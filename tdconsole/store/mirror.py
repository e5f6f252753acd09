"""A second copy of a SQLite database on every commit (`--mirror PATH`, `$TDCONSOLE_MIRROR`): a file
on another disk or a USB stick that any laptop opens as the tournament's database.

How a command reaches both files. Every write transaction on a SQLite database adds one to its
*generation*, SQLite's `PRAGMA user_version` in the file's header, inside the transaction itself
(`EventStore.connection`, also for a terminal started without a mirror, so its writes are never
missed). A terminal with a mirror records the statements of its write transaction and, once the
database has committed them as generation G, plays the same statements with the same parameters
into the mirror in one transaction of its own that also sets the mirror's generation to G, and
only then returns: the command is acknowledged once it is in both files, or the TD is told that it
is not (`status`). They apply only to a mirror at G-1, the database as it was before them: the
statements tdconsole writes are deterministic given the rows they find (no clock, no random in
SQL), so the mirror stays the database page for page, as far as a reader can tell.

Why the database first and the mirror second: a writer killed between the two leaves the mirror
one unacknowledged command short, never one ahead with a command the TD never saw done. The next
write (from any terminal) or poll finds the mirror's generation not the one before its own and
copies the whole database into the mirror with SQLite's online backup API, in one transaction on
the mirror (a crash in the middle leaves the mirror as it was): a mirror that was gone (a USB
stick pulled, a directory removed) or fell behind catches up the same way. The online backup alone
on every commit would have been simpler, but it writes every page of a festival's database at
every command: a USB stick would take seconds each time.

Two terminals on one database: each plays its own transaction into the mirror after its commit,
so one that comes second to the mirror finds it a generation or more behind its own and copies the
whole database, which holds the other's too; the other then finds the mirror already at or past
its generation, which holds its command.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from tdconsole.store.db import StoreError, _reason

# Where a machine names its mirror when `--mirror` does not (a club laptop's profile, a service).
MIRROR_SETTING = "TDCONSOLE_MIRROR"

# A statement of a write transaction as the driver ran it: the SQL, its parameters, and whether it
# ran once per row of parameters (executemany).
Statement = tuple[str, Any, bool]

# How long the mirror's writes wait for another terminal's (the mirror's own lock).
MIRROR_WAIT_SECONDS = 15.0

# Why a mirror is not in step, besides the system's own words for an error that writing it met.
GONE = "gone"  # no such file (its directory removed, a stick pulled): `views` words each
BEHIND = "behind"
AHEAD = "ahead"  # a database restored from a backup under it, or another database's mirror

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def is_write(statement: str) -> bool:
    """Whether a statement changes rows (and so must reach the mirror): reads, PRAGMAs and the
    transaction's own statements do not."""
    return statement.lstrip()[:7].upper().startswith(WRITES)


def generation(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


class MirrorStatus(NamedTuple):
    """What `db mirror status` and every screen say: where the mirror is, whether it holds every
    committed command (`in_step`), and if not, why and how far behind."""

    database: str
    mirror: str
    in_step: bool
    database_generation: int
    mirror_generation: int | None  # None: the mirror cannot be read
    reason: str  # "" when in step

    @property
    def behind(self) -> int | None:
        if self.mirror_generation is None:
            return None
        return max(self.database_generation - self.mirror_generation, 0)


class Mirror:
    """The mirror of one SQLite database file, as this process writes it."""

    def __init__(self, database: Path, path: Path) -> None:
        self.database = database
        self.path = path
        self._fault = ""  # why the mirror is not in step as this process last saw it; "" in step
        self._lagging: int | None = None  # the database's generation a poll last found ahead
        self._lock = threading.Lock()  # a terminal's command and its poll may run in two threads
        self.catch_ups = 0

    @classmethod
    def open(cls, database: Path, path_text: str) -> Mirror:
        """The mirror at `path_text` of `database`, checked and brought up to date (or said to be
        behind). A file that is there and is not a tdconsole database is refused: the mirror is
        written over, and somebody's other file must not be."""
        path = Path(path_text).expanduser().absolute()
        if path.resolve() == database.resolve():
            raise StoreError("--mirror {path}: is the database itself; give a file on another disk",
                             path=path)
        if path.is_dir():
            raise StoreError("--mirror {path}: is a directory, not a database file", path=path)
        if path.is_file() and path.stat().st_size and not _is_tdconsole(path):
            raise StoreError("--mirror {path}: is not a tdconsole database, and the mirror is written "
                             "over; give a new file or a mirror of this database", path=path)
        mirror = cls(database, path)
        mirror.check(catch_up=True)
        return mirror

    # ------------------------------------------------------------ after each commit

    def copy(self, statements: Sequence[Statement], committed: int) -> None:
        """The database committed `statements` as generation `committed`: the same into the mirror,
        or the whole database if the mirror is not at the generation before. Never raises: a
        mirror that cannot be written is said (`status`), and the database has the command."""
        with self._lock:
            try:
                if not self._fault and self._replay(statements, committed):
                    return
                self._catch_up()
            except (sqlite3.Error, OSError) as error:
                self._fault = GONE if not self.path.parent.is_dir() else _reason(error)

    def _replay(self, statements: Sequence[Statement], committed: int) -> bool:
        """The statements into the mirror if it is at `committed - 1` (True), or True if it already
        holds `committed` (another terminal copied the database since); False: it must catch up."""
        connection = self._connect()
        try:
            connection.execute("BEGIN IMMEDIATE")
            have = generation(connection)
            if have >= committed:
                connection.rollback()
                return True
            if have != committed - 1:
                connection.rollback()
                return False
            for statement, parameters, many in statements:
                if many:
                    connection.executemany(statement, parameters)
                else:
                    connection.execute(statement, parameters).fetchall()  # RETURNING rows, stepped
            connection.execute(f"PRAGMA user_version = {int(committed)}")
            connection.commit()
            return True
        except sqlite3.Error:
            if connection.in_transaction:
                connection.rollback()
            raise
        finally:
            connection.close()

    def _connect(self) -> sqlite3.Connection:
        # A fresh connection for each write: a file replaced under a kept one (the directory
        # removed and made again, a stick put back) would take the writes into the old one.
        connection = sqlite3.connect(self.path, timeout=MIRROR_WAIT_SECONDS, isolation_level=None)
        connection.execute("PRAGMA synchronous=FULL")  # acknowledged means on the mirror's disk
        return connection

    def _catch_up(self) -> None:
        """The whole database into the mirror with SQLite's online backup: one snapshot of the
        database, in one transaction on the mirror (a crash in the middle leaves it as it was)."""
        reader = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=MIRROR_WAIT_SECONDS)
        try:
            writer = self._connect()
            try:
                reader.backup(writer)
                # One file and no side files while mirrored: a stick pulled holds the whole mirror.
                # The copy is whole either way: while another terminal has the mirror open (its
                # own copy on the way) the switch waits for a later catch-up, WAL meanwhile.
                with contextlib.suppress(sqlite3.OperationalError):
                    writer.execute("PRAGMA journal_mode=DELETE")
            finally:
                writer.close()
        finally:
            reader.close()
        self._fault = ""
        self._lagging = None
        self.catch_ups += 1

    # ------------------------------------------------------------ looking

    def check(self, *, catch_up: bool = True) -> MirrorStatus:
        """Look at both files now (a poll, `db mirror status`): a mirror this process saw fail, or
        one behind the database at two looks in a row at the same generation (not a writer between
        its commit and its copy), catches up when it can; the status after."""
        with self._lock:
            status = self._look()
            if not catch_up or status.in_step:
                self._lagging = None
                return status
            ahead = status.database_generation
            if self._fault or status.mirror_generation is None or self._lagging == ahead or \
                    (status.mirror_generation or 0) > ahead:
                try:
                    self._catch_up()
                except (sqlite3.Error, OSError) as error:
                    self._fault = GONE if not self.path.parent.is_dir() else _reason(error)
                return self._look()
            self._lagging = ahead
            return status

    def status(self) -> MirrorStatus:
        """As this process last saw the mirror (no disk read): what a command's answer says."""
        return MirrorStatus(str(self.database), str(self.path), not self._fault, -1, None, self._fault)

    def _look(self) -> MirrorStatus:
        database = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=MIRROR_WAIT_SECONDS)
        try:
            ours = generation(database)
        finally:
            database.close()
        theirs: int | None = None
        reason = self._fault
        if not self.path.is_file():
            reason = GONE
        else:
            try:
                mirror = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=MIRROR_WAIT_SECONDS)
                try:
                    theirs = generation(mirror)
                finally:
                    mirror.close()
            except sqlite3.Error as error:
                reason = _reason(error)
        in_step = theirs == ours and not self._fault
        if not in_step and not reason and theirs is not None:
            reason = BEHIND if theirs < ours else AHEAD
        return MirrorStatus(str(self.database), str(self.path), in_step, ours, theirs,
                            "" if in_step else reason)


def _is_tdconsole(path: Path) -> bool:
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            connection.close()
    except sqlite3.Error:
        return False
    return "alembic_version" in tables and "events" in tables

"""The event log: append-only, keyed by (tournament, seq). The source of truth for every tournament."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, NamedTuple

from sqlalchemy import (
    Connection,
    Engine,
    Select,
    Text,
    and_,
    cast,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import DatabaseError, DBAPIError, IntegrityError

from tdconsole.domain.errors import NotFound, TdError
from tdconsole.domain.event_log import Packed
from tdconsole.domain.events import Envelope, TournamentCreated, Undone, parse_stored_event
from tdconsole.domain.text import visible
from tdconsole.store.db import (
    STOPPED_SECONDS,
    StoreError,
    database_fault,
    held,
    is_disk_full,
    is_held,
    is_stopped,
    lock_wait,
    make_engine,
    sqlite_path,
    unreachable,
    upgrade,
)
from tdconsole.store.ledger import ChainCheck, chain_rows, stored_hash, verify_tournament
from tdconsole.store.mirror import Mirror, Statement, is_write
from tdconsole.store.models import (
    audit_table,
    current_tournament_table,
    event_table,
    snapshot_table,
    tournament_table,
)
from tdconsole.store.notify import CommitListener, OnCommit, notify_commit

# The key of a connection's `info` that holds the statements of its write transaction while a
# mirror is kept (`_record`).
RECORDING = "tdconsole_mirror"


class _Written:
    """What a write transaction ran, and the generation it committed as (None: it changed nothing)."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []
        self.done: tuple[list[Statement], int] | None = None


def _record(connection: Connection, _cursor: Any, statement: str, parameters: Any, _context: Any,
            executemany: bool) -> None:
    recording = connection.info.get(RECORDING)
    if recording is not None and is_write(statement):
        recording.append((statement, parameters, executemany))


class Conflict(TdError):
    """Another process appended first: the sequence number this writer wanted is taken."""


# A NamedTuple, not a frozen dataclass: every command imports this module, and a dataclass compiles
# its generated methods when its class is made (about four times the cost; the fast-CLI contract).
class TournamentSummary(NamedTuple):
    id: int
    name: str
    created_at: datetime


class AuditEntry(NamedTuple):
    time: datetime
    actor: str
    action: str
    tournament_id: int | None
    detail: str


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _raw_rows(connection: Connection, query: Select[Any]) -> Iterator[Sequence[Any]]:
    """The rows of `query` as the driver gives them (tuples, each column as the database sends
    it), a thousand at a time: run as SQLAlchemy runs a statement (its events, its errors), read
    from the driver's cursor. A festival's first open reads 40,000 rows; a row object for each,
    its values converted by their types, was a ninth of that open (issue 33). Run through
    `execute`, the statement is compiled once per shape (SQLAlchemy's cache): every command reads
    the events after its terminal's last, and compiling the query each time was a millisecond."""
    result = connection.execute(query)
    try:
        while rows := result.cursor.fetchmany(1024):
            yield rows
    except connection.dialect.loaded_dbapi.Error as error:  # as SQLAlchemy would have raised it
        raise DBAPIError.instance(str(query), None, error, connection.dialect.loaded_dbapi.Error,
                                  dialect=connection.dialect) from error
    finally:
        result.close()


def _same(value: datetime) -> datetime:
    return value


# A row packed as a tuple is: the NamedTuple's own `__new__` is a Python function, 40,000 calls.
_tuple = tuple.__new__


def _utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; every time we store is UTC. `combine` gives the same
    # aware time as `replace(tzinfo=UTC)` in a fifth of its time (30,000 a festival's first open).
    return moment if moment.tzinfo else datetime.combine(moment, moment.time(), UTC)


class EventStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # A second copy of a SQLite file (store/mirror.py): each write transaction's statements,
        # recorded as the driver runs them, are played into it once the file has committed them.
        self.mirror: Mirror | None = None
        self._sqlite = engine.dialect.name == "sqlite"
        # The PostgreSQL server this store's newest connection reached, "host:port": with several
        # (a multi-host URL, docs/OPERATIONS.md) whichever took writes; a change is a failover.
        self.server: str | None = None
        if engine.dialect.name == "postgresql":
            event.listen(engine, "connect", self._connected)
        # Reads on PostgreSQL run in autocommit: under READ COMMITTED each statement sees the
        # database as of its own start anyway, so a transaction around a read only added a BEGIN
        # and a ROLLBACK, two round trips, to each (a command's refresh among them). SQLite's
        # driver begins no transaction for a read.
        self._reader = engine.execution_options(isolation_level="AUTOCOMMIT") \
            if engine.dialect.name == "postgresql" else engine
        # Each tournament's last committed event this store has seen (seq, hash): the next append
        # chains onto it without reading it back (store/ledger.py).
        self._heads: dict[int, tuple[int, str]] = {}

    @classmethod
    def open(cls, url: str, *, migrate: bool = True, mirror: str | None = None) -> EventStore:
        engine = make_engine(url)
        store = cls(engine)  # before the first connection: `server` hears of it
        if migrate:
            upgrade(engine)
        if mirror is None:
            return store
        database = sqlite_path(engine)
        if database is None:
            raise StoreError("--mirror keeps a second copy of a SQLite file; a PostgreSQL server "
                             "keeps its copy on a standby server (docs/OPERATIONS.md)")
        store.mirror = Mirror.open(database, mirror)
        event.listen(engine, "before_cursor_execute", _record)
        return store

    def close(self) -> None:
        self.engine.dispose()

    def _connected(self, dbapi_connection: Any, _record: Any) -> None:
        info = dbapi_connection.info  # psycopg's ConnectionInfo
        self.server = f"{info.host}:{info.port}"

    # ------------------------------------------------------------ tournaments

    def create_tournament(self, created: Envelope, *, use: bool = False) -> int:
        """A new tournament and its first event, in one transaction. It becomes the current
        tournament only with `use`, or when there is none yet (the database's first tournament)."""
        if not isinstance(created.event, TournamentCreated) or created.seq != 1:
            raise TdError("a tournament's log begins with its creation at seq 1")
        with self.connection(write=True) as connection:
            tournament_id = int(connection.execute(
                insert(tournament_table)
                .values(name=created.event.name, created_at=created.time)
                .returning(tournament_table.c.id)
            ).scalar_one())
            row = self._row(tournament_id, created)
            chain_rows(connection, tournament_id, [row])
            connection.execute(insert(event_table), [row])
            notify_commit(connection, tournament_id, 1)
            self._change_current(
                connection, tournament_id, created.actor, created.time,
                lambda previous: "created with --use" if use else
                "the first tournament" if previous is None else None)
        self._heads[tournament_id] = (1, str(row["hash"]))
        return tournament_id

    def current_or_none(self) -> int | None:
        with self.connection(write=False) as connection:
            return self._current(connection)

    def current_tournament(self) -> int:
        """The tournament a command without `--tournament` acts on (only `use` changes it)."""
        with self.connection(write=False) as connection:
            current = self._current(connection)
            if current is None and connection.execute(select(func.count(tournament_table.c.id))).scalar():
                raise NotFound("there is no current tournament; choose one with: tdconsole use ID "
                               "(tdconsole tournaments lists them)")
        if current is None:
            raise NotFound("there is no tournament yet; create one with: tdconsole new NAME")
        return current

    def use_tournament(self, tournament_id: int, *, actor: str, time: datetime) -> int | None:
        """Make `tournament_id` the current tournament, logged in the audit log; returns the one
        it replaces."""
        with self.connection(write=True) as connection:
            exists = connection.execute(
                select(tournament_table.c.id).where(tournament_table.c.id == tournament_id)).scalar()
            if exists is None:
                raise NotFound("there is no tournament {tournament_id}", tournament_id=tournament_id)
            return self._change_current(connection, tournament_id, actor, time,
                                        lambda previous: "tdconsole use")

    def audit(self, limit: int = 20) -> list[AuditEntry]:
        """The last `limit` changes made to the database itself (oldest first)."""
        audit = audit_table.c
        query = (select(audit.time, audit.actor, audit.action, audit.tournament_id, audit.detail)
                 .order_by(audit.id.desc()).limit(limit))
        with self.connection(write=False) as connection:
            rows = connection.execute(query).all()
        return [AuditEntry(_utc(row.time), visible(row.actor), row.action, row.tournament_id,
                           visible(row.detail))
                for row in reversed(rows)]

    @staticmethod
    def _current(connection: Connection) -> int | None:
        current = connection.execute(
            select(current_tournament_table.c.tournament_id)
            .where(current_tournament_table.c.id == 1)).scalar()
        return None if current is None else int(current)

    @classmethod
    def _change_current(cls, connection: Connection, tournament_id: int, actor: str, time: datetime,
                        how: Callable[[int | None], str | None]) -> int | None:
        """Make `tournament_id` current if `how(previous)` says why (None: leave it), logged in the
        audit log with that reason; returns the previous one.

        A compare-and-set on the previous value: the UPDATE changes the row only while it still
        holds the tournament this transaction read, else the read and the decision are made again.
        So two terminals that change it at the same instant end in a trail one sequence of their
        commands could have made, each naming the true previous one, on PostgreSQL (whose READ
        COMMITTED lets both read the same row before either writes) as on SQLite."""
        row = current_tournament_table.c
        while True:
            previous = cls._current(connection)
            reason = how(previous)
            if reason is None:
                return previous
            # The row exists from the migration on: an UPDATE, so two terminals cannot both insert it.
            changed = connection.execute(
                update(current_tournament_table)
                .where(row.id == 1, row.tournament_id.is_not_distinct_from(previous))
                .values(tournament_id=tournament_id, changed_at=time, changed_by=actor)).rowcount
            if changed == 1:
                break
        was = "none" if previous is None else str(previous)
        connection.execute(insert(audit_table).values(
            time=time, actor=actor, action="use", tournament_id=tournament_id,
            detail=f"current tournament {was} -> {tournament_id} ({reason})"))
        return previous

    def tournaments(self) -> list[TournamentSummary]:
        with self.connection(write=False) as connection:
            rows = connection.execute(
                select(tournament_table.c.id, tournament_table.c.name, tournament_table.c.created_at)
                .order_by(
                    tournament_table.c.id
                )
            ).all()
        return [TournamentSummary(row.id, visible(row.name), _utc(row.created_at)) for row in rows]

    def require_tournament(self, tournament_id: int) -> None:
        with self.connection(write=False) as connection:
            found = connection.execute(
                select(tournament_table.c.id).where(tournament_table.c.id == tournament_id)
            ).scalar()
        if found is None:
            raise NotFound("there is no tournament {tournament_id}", tournament_id=tournament_id)

    def tournaments_with(self, types: Iterable[str]) -> list[int]:
        """The ids of the tournaments whose log holds an event of one of `types` (undone or not),
        oldest first: what spans tournaments (won seats, T-SAT-4) folds only those."""
        events = event_table.c
        query = select(events.tournament_id).where(events.type.in_(list(types))).distinct()
        with self.connection(write=False) as connection:
            return sorted(row[0] for row in connection.execute(query).all())

    # ------------------------------------------------------------ events

    def load(self, tournament_id: int, after: int = 0, until: int | None = None) -> list[Envelope]:
        """The tournament's events with seq > `after` (and <= `until`), in order.

        Text is read through `visible`: what an older log holds that today's input refuses
        (control and bidi characters, lone surrogates) reaches every terminal, export and page
        written out (`\\x1b`), never as it is, whichever of them shows it.

        The payload is read as the text it was stored as (PostgreSQL's driver would make a dict of
        a JSON column, as SQLAlchemy does on SQLite) and validated from it (`parse_stored_event`)."""
        return [packed.unpack() for packed in self.load_packed(tournament_id, after, until)]

    def load_packed(self, tournament_id: int, after: int = 0, until: int | None = None) -> Iterator[Packed]:
        """`load`'s envelopes packed as a terminal keeps most of its log (domain/event_log.py):
        each event its stored JSON text, read back only when asked for (`Packed.unpack`). Read
        row by row as they are taken (the log packs them in blocks as they come), so a festival's
        30,000 rows are never all held at once, nor leave the heap scattered with what is kept."""
        events = event_table.c
        # The last row's hash is the head the next append chains onto. A short read (the events
        # after a snapshot, a refresh) takes each row's with it, no query more; a whole log's
        # read takes only its last one, apart: a festival's 40,000 read with the rows were
        # strings of 64 characters made and dropped at every first open (issue 33).
        whole = not after
        query = (
            select(events.seq, events.time, events.actor, events.command_id, events.type,
                   cast(events.payload, Text).label("payload"), *(() if whole else (events.hash,)))
            .where(events.tournament_id == tournament_id, events.seq > after)
            .order_by(events.seq)
        )
        if until is not None:
            query = query.where(events.seq <= until)
        # One string for a command's ids, an actor's name (shown as `visible` makes it) and a
        # type, not one an event; rows taken a thousand at a time, read by position.
        command_id, names, tags = "", dict[str, str](), dict[str, str]()
        # A command's events share its time: the one read before is taken again (made aware once).
        read_time, time, last = None, _EPOCH, None
        with self.connection(write=False) as connection:
            # The time as the column's type reads it (SQLite's text), only when it changes.
            column = event_table.c.time.type.dialect_impl(connection.dialect)
            read: Callable[[Any], Any] = column.result_processor(connection.dialect, None) or _same
            for rows in _raw_rows(connection, query):
                # (A column more costs a whole log's read more than the head's query.)
                for seq, moment, actor, command, tag, payload in rows if whole else (row[:6] for row in rows):
                    command_id = command_id if command == command_id else command
                    if moment != read_time:
                        read_time, time = moment, _utc(read(moment))
                    if (name := names.get(actor)) is None:
                        name = names[actor] = sys.intern(visible(actor))
                    if (kind := tags.get(tag)) is None:
                        kind = tags[tag] = sys.intern(tag)
                    yield _tuple(Packed, (seq, time, name, command_id, kind, payload))
                last = rows[-1]
            if last is not None and until is None:
                head = stored_hash(connection, tournament_id, last[0]) if whole else last[6]
                if head:
                    self._heads[tournament_id] = (last[0], head)

    def commands_undone(self, tournament_id: int) -> set[str]:
        """The commands the tournament's Undone events take back (`undone_commands` of its log),
        read without its other rows: a whole log folded as it is read (`fold_read`) skips them
        from its first event, instead of being read back from its blocks to be folded."""
        events = event_table.c
        tag = Undone.model_fields["type"].default
        query = select(events.type, cast(events.payload, Text)).where(
            events.tournament_id == tournament_id, events.type == tag)
        with self.connection(write=False) as connection:
            rows = connection.execute(query).all()
        return {event.command_id for kind, text in rows
                if isinstance(event := parse_stored_event(kind, text), Undone)}

    def append(self, tournament_id: int, envelopes: Sequence[Envelope], *,
               wait: float | None = None) -> None:
        """Append in one transaction, or raise `Conflict` if another writer took one of the seqs,
        or `Held` if another terminal holds the tournament (its next event written, not committed)
        for longer than LOCK_WAIT_SECONDS (or `wait`)."""
        rows = [self._row(tournament_id, envelope) for envelope in envelopes]
        try:
            with self.connection(write=True, tournament=tournament_id, wait=wait) as connection:
                # In the transaction that inserts them; a head remembered only once committed.
                chain_rows(connection, tournament_id, rows, self._heads.get(tournament_id))
                connection.execute(insert(event_table), rows)
                if rows:  # delivered on commit only: the other terminals follow at once
                    notify_commit(connection, tournament_id, int(str(rows[-1]["seq"])))
        except IntegrityError:
            raise Conflict("another terminal appended to this tournament first") from None
        if rows:
            self._heads[tournament_id] = (int(str(rows[-1]["seq"])), str(rows[-1]["hash"]))

    # ------------------------------------------------------------ snapshots (store/snapshots.py)

    def save_snapshot(self, tournament_id: int, seq: int, version: str, state: bytes, *,
                      keep: int = 3) -> None:
        """Keep `state` as the tournament's state after event `seq`, written by the fold of
        `version`, unless another terminal already did (one of another version is replaced: a
        terminal running it would not read it anyway); then only the `keep` newest remain."""
        snapshots = snapshot_table.c
        try:
            with self.connection(write=True, tournament=tournament_id) as connection:
                digest = stored_hash(connection, tournament_id, seq)
                if digest is None:
                    return
                connection.execute(delete(snapshot_table).where(
                    snapshots.tournament_id == tournament_id, snapshots.seq == seq,
                    snapshots.version != version))
                connection.execute(insert(snapshot_table).values(
                    tournament_id=tournament_id, seq=seq, hash=digest, version=version, state=state))
        except IntegrityError:
            pass  # another terminal wrote the same one first
        with self.connection(write=True, tournament=tournament_id) as connection:
            newest = select(snapshots.seq).where(snapshots.tournament_id == tournament_id) \
                .order_by(snapshots.seq.desc()).limit(keep).subquery()
            oldest = connection.execute(select(func.min(newest.c.seq))).scalar()
            connection.execute(delete(snapshot_table).where(
                snapshots.tournament_id == tournament_id, snapshots.seq < oldest))

    def snapshot(self, tournament_id: int, *,
                 before: int | None = None) -> tuple[int, str, bytes] | None:
        """The newest snapshot (taken before event `before`) whose event is still in the log as it
        was when it was taken (the same seq and chain hash): (seq, version, state)."""
        snapshots, events = snapshot_table.c, event_table.c
        query = (
            select(snapshots.seq, snapshots.version, snapshots.state)
            .join(event_table, and_(events.tournament_id == snapshots.tournament_id,
                                    events.seq == snapshots.seq, events.hash == snapshots.hash))
            .where(snapshots.tournament_id == tournament_id)
            .order_by(snapshots.seq.desc()).limit(1)
        )
        if before is not None:
            query = query.where(snapshots.seq < before)
        with self.connection(write=False) as connection:
            row = connection.execute(query).first()
        return None if row is None else (int(row.seq), str(row.version), bytes(row.state))

    def listen(self, on_commit: OnCommit) -> CommitListener | None:
        """A started listener that calls `on_commit(tournament_id, last_seq)` in its own thread for
        each append committed by anyone (store/notify.py), or None where the database cannot tell
        (SQLite: whoever follows polls)."""
        if self.engine.dialect.name != "postgresql":
            return None
        return CommitListener(self.engine, on_commit).start()

    def verify(self, tournament_id: int) -> ChainCheck:
        """Recompute the tournament's hash chain (store/ledger.py): the first event that does not
        match, if any, and the head."""
        with self.connection(write=False) as connection:
            return verify_tournament(connection, tournament_id)

    def command_at(self, tournament_id: int, seq: int) -> str | None:
        """The id of the command whose event is `seq` in the tournament's log, if there is one."""
        events = event_table.c
        with self.connection(write=False) as connection:
            found = connection.execute(select(events.command_id).where(
                events.tournament_id == tournament_id, events.seq == seq)).scalar()
        return None if found is None else str(found)

    def stored_hash(self, tournament_id: int, seq: int) -> str | None:
        with self.connection(write=False) as connection:
            return stored_hash(connection, tournament_id, seq)

    @staticmethod
    def _row(tournament_id: int, envelope: Envelope) -> dict[str, object]:
        return {
            "tournament_id": tournament_id,
            "seq": envelope.seq,
            # In UTC: SQLite keeps a time's digits and drops its offset, and the hash covers them.
            "time": _utc(envelope.time).astimezone(UTC),
            "actor": envelope.actor,
            "command_id": envelope.command_id,
            "type": envelope.event.type,
            "payload": envelope.event.model_dump(mode="json"),
        }

    # ------------------------------------------------------------ connections

    @contextmanager
    def connection(self, *, write: bool, tournament: int | None = None,
                   wait: float | None = None) -> Iterator[Connection]:
        """A connection (a transaction when writing); database faults become one-line errors.
        Public: the tables beside the log (the club's members, leagues and festivals, the staff,
        the time base) run their statements through it, so they share its faults and its locks.
        A write waits for another terminal's lock at most LOCK_WAIT_SECONDS (or `wait`), then is
        refused naming `tournament` (the one it writes to, if any): `Held`."""
        committed: tuple[list[Statement], int] | None = None
        try:
            if not write:
                with self._reader.connect() as connection:
                    yield connection
                return
            with self.engine.begin() as connection, self._generation(connection) as written:
                if wait is None:
                    yield connection
                else:
                    with lock_wait(connection, wait):
                        yield connection
            committed = written.done
        except IntegrityError:
            raise
        except DatabaseError as error:
            if write and is_held(error):
                raise held(tournament) from None
            if is_stopped(error):
                raise StoreError("this terminal was stopped in the middle of a write for more than "
                                 "{seconds} seconds, and the database server ended that write; "
                                 "nothing was changed: try again", seconds=int(STOPPED_SECONDS)) from None
            if gone := unreachable(self.engine.url, error):
                raise gone from None
            if is_disk_full(error):
                raise database_fault("the database", error, "") from None
            reason = str(error.orig if error.orig is not None else error).splitlines()[0]
            raise StoreError("the database cannot be used: {reason}", reason=reason) from None
        if committed is not None and self.mirror is not None:
            self.mirror.copy(*committed)

    @contextmanager
    def _generation(self, connection: Connection) -> Iterator[_Written]:
        """A SQLite write transaction that changed rows adds one to the file's generation before
        it commits (store/mirror.py), and with a mirror keeps the statements it ran."""
        written = _Written()
        if not self._sqlite:
            yield written
            return
        raw = connection.connection.dbapi_connection
        assert raw is not None
        changes = raw.total_changes
        if self.mirror is not None:
            connection.info[RECORDING] = written.statements
        try:
            yield written
            if raw.total_changes != changes:
                new = int(connection.exec_driver_sql("PRAGMA user_version").scalar_one()) + 1
                connection.exec_driver_sql(f"PRAGMA user_version = {new}")
                written.done = (written.statements, new)
        finally:
            connection.info.pop(RECORDING, None)

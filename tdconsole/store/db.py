"""Opening a database: the URL or path, SQLite's durability settings, and upgrading the schema on start."""

from __future__ import annotations

import ast
import errno
import os
import random
import socket
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, literal, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DatabaseError

from tdconsole.domain.errors import TdError
from tdconsole.store.models import metadata

# Alembic (with Mako and Pygments) takes longer to import than a command takes to run, and a
# database already at the newest revision needs none of it: it loads only to check or migrate.
if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory


class StoreError(TdError):
    """The database cannot be opened or used (missing directory, not a tdconsole file, newer schema)."""


def default_database() -> str:
    """`$TDCONSOLE_DB`, else `tdconsole.sqlite` in the user's data directory."""
    if env := os.environ.get("TDCONSOLE_DB"):
        return env
    import platformdirs  # only when no database is named: scripts name theirs

    directory = platformdirs.user_data_path("tdconsole", appauthor=False)
    directory.mkdir(parents=True, exist_ok=True)
    return str(directory / "tdconsole.sqlite")


def user_data_dir() -> Path:
    """Where this machine keeps the club's signing key and the automatic backups:
    `$TDCONSOLE_DATA_DIR`, else the user's data directory (platformdirs), made on first use."""
    if env := os.environ.get("TDCONSOLE_DATA_DIR"):
        directory = Path(env).expanduser()
    else:
        import platformdirs

        directory = platformdirs.user_data_path("tdconsole", appauthor=False)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise database_fault(str(directory), error, "the data directory cannot be made") from None
    return directory


def database_url(url_or_path: str) -> str:
    """A SQLAlchemy URL from a URL or a file path. Only a file on disk (or a PostgreSQL server)
    holds a tournament: what would take writes and keep them nowhere, or somewhere SQLite later
    throws away, is refused in one line (an empty `--db`, an in-memory URL, SQLite's own `-wal`,
    `-shm` and `-journal` side files, a URL's `?mode=ro` and other options that change how the file
    is opened), as is a path in a missing directory or a `~user` who does not exist."""
    if not url_or_path.strip():
        raise StoreError("--db is empty: give a database file or URL")
    if "://" not in url_or_path:
        return f"sqlite:///{_database_file(url_or_path)}"
    try:
        url = make_url(url_or_path)
    except ArgumentError:
        raise StoreError("{url_or_path!r} is not a database URL", url_or_path=url_or_path) from None
    check_supported(url)
    if url.get_backend_name() == "postgresql":
        # SQLAlchemy 2.0 would load psycopg2 for a bare postgresql://; libpq's comma list of
        # servers (`host=a:5432,b:5433`) reaches the driver as one host named so: each its own.
        url = url.set(drivername="postgresql+psycopg", query={**url.query, **_one_host_each(url)})
        return url.render_as_string(hide_password=False)
    if url.get_backend_name() != "sqlite":
        return url_or_path
    shown = url.render_as_string(hide_password=True)
    if not url.database or url.database == ":memory:" or url.database.startswith("file:"):
        raise StoreError("{url}: an in-memory database keeps nothing after the command; give a file "
                         "(sqlite:///PATH or a path)", url=shown)
    if url.query:
        raise StoreError("{url}: tdconsole opens its SQLite file itself and takes no options in the "
                         "URL ({options}); give sqlite:///PATH", url=shown, options=", ".join(url.query))
    return f"sqlite:///{_database_file(url.database)}"


def _one_host_each(url: URL) -> dict[str, str | tuple[str, ...]]:
    """`host=a:5432,b:5433` as SQLAlchemy's form for several servers, `host=a:5432&host=b:5433`."""
    hosts = url.query.get("host")
    if isinstance(hosts, str) and "," in hosts and ":" in hosts and "port" not in url.query:
        return {"host": tuple(part.strip() for part in hosts.split(",") if part.strip())}
    return {}


def servers(url: URL) -> list[tuple[str, int]]:
    """The servers a PostgreSQL URL names, in the order libpq tries them: (host, port) each.
    `postgresql+psycopg://u@a:5432/db`, `...@/db?host=a:5432&host=b:5433` (SQLAlchemy's form of
    a multi-host URL), `...@/db?host=a,b&port=5432,5433` (libpq's)."""
    query_host = url.query.get("host")
    if url.host or not query_host:
        return [(url.host or "localhost", url.port or 5432)]
    hosts = [query_host] if isinstance(query_host, str) else list(query_host)
    if len(hosts) == 1:
        hosts = hosts[0].split(",")
    ports = str(url.query.get("port") or "").split(",")
    found = []
    for index, entry in enumerate(part.strip() for part in hosts):
        host, colon, port = entry.rpartition(":")
        if not (colon and host and port.isdigit()):  # no `:PORT` of its own: libpq's port list
            host, port = entry, ports[min(index, len(ports) - 1)]
        found.append((host or "localhost", int(port) if port.isdigit() else 5432))
    return found


def server_names(url: URL) -> str:
    """The servers of a URL as a TD reads them: `a:5432, b:5433`."""
    return ", ".join(f"{host}:{port}" for host, port in servers(url))


# SQLite's side files beside a database FILE: FILE-wal, FILE-shm and FILE-journal. Written into as a
# database, one is truncated or deleted by SQLite when FILE is next opened: every write lost.
SIDE_FILES = ("-wal", "-shm", "-journal")


def _database_file(path_text: str) -> Path:
    """The absolute path of a database file named by a path, checked: in a directory that exists,
    not a directory itself, not one of SQLite's side files."""
    try:
        path = Path(path_text).expanduser().resolve()
    except RuntimeError:  # `~nobody/x.sqlite`: Python cannot find that user's home
        user = path_text.split("/", 1)[0]
        raise StoreError("{user}: no such user (in the database path {path})", user=user,
                         path=path_text) from None
    if path.name.endswith(SIDE_FILES):
        main = path.name.rsplit("-", 1)[0]
        raise StoreError("{path}: is SQLite's side file of {main}, not a database; give {main} itself",
                         path=path, main=main)
    if not path.parent.is_dir():
        raise StoreError("{parent}: no such directory for the database", parent=path.parent)
    if path.is_dir():
        raise StoreError("{path}: is a directory, not a database file", path=path)
    return path


# The databases tdconsole is built and tested on: SQLite through Python's own sqlite3, and PostgreSQL
# through psycopg 3. Any other URL is refused before a
# driver is loaded: one line naming what is supported, never a missing module.
SUPPORTED = {"sqlite": "pysqlite", "postgresql": "psycopg"}


def check_supported(url: URL) -> None:
    """A one-line refusal naming what tdconsole can open, unless it can open `url`."""
    backend, _plus, driver = url.drivername.partition("+")
    shown = url.render_as_string(hide_password=True)
    if backend not in SUPPORTED or driver not in ("", SUPPORTED[backend]):
        raise StoreError(
            "{url}: tdconsole cannot use this database; give a SQLite file path, a sqlite:///PATH URL "
            "or a postgresql+psycopg://USER@HOST/NAME URL", url=shown)
    if backend == "postgresql":
        try:
            import psycopg  # noqa: F401  (the driver; loaded here only to say early that it is missing)
        except ImportError:
            raise StoreError(
                "{url}: PostgreSQL needs the psycopg driver; install it with: "
                "pip install 'tdconsole[postgres]'", url=shown) from None


class Held(TdError):
    """Another terminal holds the lock a write needs for longer than a write takes: it is stopped
    inside its transaction (a laptop suspended, Ctrl+Z, a debugger), and waiting on would wait for
    as long as it stays stopped."""


# How long a write waits for a lock another terminal holds before it is refused with `Held`. A
# write holds its lock for milliseconds; one held for seconds is a terminal stopped inside its
# transaction, and every writer behind it would wait for as long as it stays stopped (on PostgreSQL
# behind the tournament's next event, on SQLite behind the whole file's write lock).
LOCK_WAIT_SECONDS = 5.0
# The TD's clock keys (pause, resume) wait less: the room's clock must not run on for seconds
# behind a stopped terminal, and a refusal the TD sees at once is what she can act on.
CLOCK_WAIT_SECONDS = 1.0
# PostgreSQL ends the transaction of a terminal stopped inside it for this long (the server's
# idle_in_transaction_session_timeout), with its locks: the others write again, and the stopped
# terminal's write, never committed, is refused when it wakes. SQLite has no such thing: a stopped
# writer holds the file until it wakes (or is ended), and the others are refused meanwhile.
STOPPED_SECONDS = 10.0


def _milliseconds(seconds: float) -> int:
    return int(seconds * 1000)


def held(tournament_id: int | None) -> Held:
    if tournament_id is None:
        return Held("another terminal holds the database; try again")
    return Held("another terminal holds tournament {tournament}; try again", tournament=tournament_id)


def is_held(error: BaseException) -> bool:
    """Whether a write gave up waiting for another terminal's lock: SQLite's busy timeout, or
    PostgreSQL's lock_timeout (lock_not_available, 55P03)."""
    cause = getattr(error, "orig", None) or error
    return is_busy(error) or getattr(cause, "sqlstate", None) == "55P03"


def is_stopped(error: BaseException) -> bool:
    """Whether PostgreSQL ended this connection's transaction because this terminal was stopped
    inside it for STOPPED_SECONDS (idle_in_transaction_session_timeout, 25P03)."""
    cause = getattr(error, "orig", None) or error
    return getattr(cause, "sqlstate", None) == "25P03" or \
        "idle-in-transaction timeout" in str(cause)


@contextmanager
def lock_wait(connection: Connection, seconds: float) -> Iterator[None]:
    """This write transaction waits at most `seconds` for another terminal's lock (instead of
    LOCK_WAIT_SECONDS). PostgreSQL: for this transaction only (SET LOCAL); SQLite: the busy timeout
    of this connection, set back when the transaction is done."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SET LOCAL lock_timeout = {_milliseconds(seconds)}")
        yield
        return
    connection.exec_driver_sql(f"PRAGMA busy_timeout={_milliseconds(seconds)}")
    try:
        yield
    finally:
        connection.exec_driver_sql(f"PRAGMA busy_timeout={_milliseconds(LOCK_WAIT_SECONDS)}")


def _postgresql_options(_dialect: Any, _record: Any, _args: Any, params: dict[str, Any]) -> None:
    """Every connection's waits (LOCK_WAIT_SECONDS, STOPPED_SECONDS) as startup options, beside
    any the URL gives: no round trip of their own, and a pooled connection keeps them."""
    ours = (f"-c lock_timeout={_milliseconds(LOCK_WAIT_SECONDS)} "
            f"-c idle_in_transaction_session_timeout={_milliseconds(STOPPED_SECONDS)}")
    params["options"] = f"{params.get('options') or ''} {ours}".strip()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets the clock display read while the TD writes; FULL survives a power cut; the busy
    # timeout makes a second writer wait for the lock instead of failing, as long as a write
    # takes and then some (LOCK_WAIT_SECONDS), not as long as a stopped one holds it. WAL is
    # written into the file's header: another program's database (other tables, no schema
    # version), which the schema check then refuses, is left byte for byte as it was.
    cursor.execute(f"PRAGMA busy_timeout={_milliseconds(LOCK_WAIT_SECONDS)}")
    tables = {row[0] for row in cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "alembic_version" in tables or tables <= set(metadata.tables) | {"sqlite_sequence"}:
        cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        # The pool keeps a connection open: closing SQLite's last connection checkpoints the WAL.
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_pre_ping=True)
    event.listen(engine, "do_connect", _postgresql_options)
    return engine


def migrations_dir() -> Path:
    checkout = Path(__file__).resolve().parent.parent.parent / "migrations"
    if (checkout / "env.py").is_file():
        return checkout
    # An installed wheel carries migrations/ as tdconsole/migrations (pyproject's package-dir).
    return Path(str(resources.files("tdconsole"))) / "migrations"


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    return config


def sqlite_path(engine: Engine) -> Path | None:
    database = engine.url.database
    if engine.url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return Path(database)


def backup_sqlite(path: Path, revision: str | None) -> Path:
    """Copy the database aside before a migration, with SQLite's online backup (WAL included)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.{revision or 'empty'}.{stamp}.bak")
    try:
        source = sqlite3.connect(path)
        try:
            destination = sqlite3.connect(target)
            with destination:
                source.backup(destination)
            destination.close()
        finally:
            source.close()
    except (sqlite3.Error, OSError) as error:
        raise database_fault(str(path), error, "could not be copied aside before the upgrade") from None
    return target


# Held for the length of a schema transaction on PostgreSQL, so concurrent first opens take turns.
SCHEMA_LOCK_KEY = 0x7464636F  # "tdco"


@contextmanager
def schema_transaction(engine: Engine) -> Iterator[Connection]:
    """One transaction for reading the schema's version and migrating it, that no other tdconsole
    migrates the same database during: the contract of a database's birth is all or nothing.

    SQLite: pysqlite commits each CREATE TABLE on its own unless a transaction is already open, so
    the transaction is opened explicitly, with the write lock taken up front (BEGIN IMMEDIATE; the
    others wait for it under the busy timeout). PostgreSQL: DDL is transactional already; a
    transaction-scoped advisory lock makes concurrent first opens wait instead of colliding."""
    with engine.begin() as connection:
        if engine.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        elif engine.dialect.name == "postgresql":
            # A migration may take longer than a write (chaining a long log), between statements
            # too: the openers behind it wait for it, and the server does not end it.
            connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
            connection.exec_driver_sql("SET LOCAL idle_in_transaction_session_timeout = 0")
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK_KEY})
        yield connection


def _schema_state(connection: Connection) -> tuple[str | None, set[str]]:
    from alembic.runtime.migration import MigrationContext

    current = MigrationContext.configure(connection).get_current_revision()
    return current, set(inspect(connection).get_table_names())


# How long a first open keeps trying while another process holds SQLite's lock in a way the busy
# timeout does not wait for (switching a new file to WAL): as long as the busy timeout itself.
BUSY_SECONDS = 15.0


class _Busy(Exception):
    """Another process holds the lock right now: try the open again."""


def declared_head(versions: Path) -> str | None:
    """The one revision no migration in `versions` revises, read without importing Alembic;
    None when that is not plain (a merge, a branch, a file that does not parse): Alembic decides."""
    revisions: set[str] = set()
    revised: set[str] = set()
    try:
        for path in versions.glob("*.py"):
            # Only what comes before the first function: the identifiers are there, and parsing
            # every migration's body on every start grew with each migration.
            top = path.read_text(encoding="utf-8").split("\ndef ", 1)[0]
            values = _assignments(top)
            revision = ast.literal_eval(values["revision"])
            down = ast.literal_eval(values["down_revision"]) if "down_revision" in values else None
            if not isinstance(revision, str) or not isinstance(down, str | None):
                return None
            revisions.add(revision)
            revised.update([down] if down else [])
    except (OSError, SyntaxError, ValueError, KeyError):
        return None
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None



def _assignments(top: str) -> dict[str, str]:
    """The text assigned to each name at the top level of a migration's head (`revision = "0007"`,
    `down_revision: str | None = "0006"`), line by line: parsing the whole head (its docstring and
    imports) on every start cost more than the rest of the schema check. A value that does not
    stand on its one line is not a literal, and `declared_head` leaves the decision to Alembic."""
    values = {}
    for line in top.splitlines():
        target, equals, value = line.partition("=")
        name = target.partition(":")[0].strip()
        if equals and not line[:1].isspace() and name.isidentifier():
            values[name] = value.strip()
    return values

def _at_head(engine: Engine) -> str | None:
    """The head revision when the database is already there (the usual start), else None."""
    head = declared_head(migrations_dir() / "versions")
    if head is None:
        return None
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except DatabaseError:  # no such table, not a database: the full check below says which
        return None
    return head if [row[0] for row in rows] == [head] else None


def upgrade(engine: Engine) -> str | None:
    """Bring the schema to the newest revision; returns the revision. Copies a SQLite file aside first."""
    if (head := _at_head(engine)) is not None:
        return head
    from alembic.script import ScriptDirectory

    config = alembic_config()
    script = ScriptDirectory.from_config(config)
    head = script.get_current_head()
    where = str(sqlite_path(engine) or engine.url.render_as_string(hide_password=True))
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            _upgrade(engine, config, script, head, where)
            return head
        except _Busy as busy:
            if time.monotonic() > deadline:
                raise database_fault(where, busy.__cause__ or busy, "is locked by another program") from None
            time.sleep(random.uniform(0.01, 0.1))  # random: racing openers fall out of step


def _upgrade(engine: Engine, config: Config, script: ScriptDirectory, head: str | None,
             where: str) -> None:
    from alembic import command

    try:
        with engine.connect() as connection:  # the everyday case, without taking any lock
            if _schema_state(connection)[0] == head:
                return
    except DatabaseError as error:
        if is_busy(error):
            raise _Busy from error
        # A file that is not a database is told apart from a server that cannot be reached.
        raise unreachable(engine.url, error) or database_fault(
            where, error, "not a tdconsole database" if sqlite_path(engine) else "cannot be opened",
        ) from None
    try:
        with schema_transaction(engine) as connection:
            current, tables = _schema_state(connection)  # again: another process may have won
            if current == head:
                return
            known = {revision.revision for revision in script.walk_revisions()}
            if current is not None and current not in known:
                raise StoreError(
                    "{where}: written by a newer tdconsole (schema {current}); upgrade tdconsole to open it",
                    where=where, current=current,
                )
            if current is None:
                _clear_interrupted_birth(connection, tables, where)
            elif (path := sqlite_path(engine)) is not None:
                backup_sqlite(path, current)
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            if engine.dialect.name == "sqlite":  # a new schema is a new generation (store/mirror.py)
                done = int(connection.exec_driver_sql("PRAGMA user_version").scalar_one())
                connection.exec_driver_sql(f"PRAGMA user_version = {done + 1}")
    except DatabaseError as error:
        if is_busy(error):
            raise _Busy from error
        raise unreachable(engine.url, error) or database_fault(
            where, error, "the schema upgrade failed") from None


def _clear_interrupted_birth(connection: Connection, tables: set[str], where: str) -> None:
    """An unversioned database that holds only tdconsole's own tables, all of them empty, is a first
    open that was interrupted (an older tdconsole committed each table on its own): those tables are
    dropped and the birth runs again. Another program's tables, or any row, are never touched."""
    foreign = tables - set(metadata.tables) - {"alembic_version"}
    if foreign:
        raise StoreError(
            "{where}: not a tdconsole database (it has other tables: {names})", where=where,
            names=', '.join(sorted(foreign)),
        )
    present = [table for table in metadata.sorted_tables if table.name in tables]
    for table in present:
        if connection.execute(select(literal(1)).select_from(table).limit(1)).first():
            raise StoreError(
                "{where}: not a tdconsole database (its {name} table has rows but no schema version); "
                "restore it from a backup", where=where, name=table.name,
            )
    metadata.drop_all(connection, tables=present)


def is_busy(error: BaseException) -> bool:
    """Whether SQLite refused because another connection holds a lock (SQLITE_BUSY or _LOCKED)."""
    cause = getattr(error, "orig", None) or error
    name = getattr(cause, "sqlite_errorname", None) or ""
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in str(cause)


def is_disk_full(error: BaseException) -> bool:
    """Whether a database or file error means the disk (or the database's quota) is full."""
    cause = getattr(error, "orig", None) or error
    if isinstance(cause, OSError) and cause.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    if getattr(cause, "sqlite_errorname", None) == "SQLITE_FULL":
        return True
    return getattr(cause, "sqlstate", None) == "53100"  # PostgreSQL's disk_full


# How a server that is starting, recovering or shutting down refuses a connection (57P03); psycopg
# gives no SQLSTATE for a refusal while connecting, so its words tell (English, the server's default).
STARTING_OR_STOPPING = "the database system is "
# How a multi-host URL's `target_session_attrs=read-write` refuses a server that takes no writes (a
# standby not promoted yet): psycopg's words, the last server's, stand first.
READ_ONLY = "session is read-only"


def unreachable(url: URL, error: BaseException) -> StoreError | None:
    """The one line for a database server that does not answer (down, restarting, its host gone),
    or None for any other error. A server that answered and refused (a wrong user, no such
    database) is not this: psycopg gives both without an SQLSTATE, so whether anything listens at
    the server's address decides. A connection lost in the middle of a command is this too:
    its transaction was not committed."""
    if url.get_backend_name() != "postgresql":
        return None
    import psycopg  # what a PostgreSQL URL is opened with (check_supported)

    cause = getattr(error, "orig", None) or error
    state = getattr(cause, "sqlstate", None) or ""
    named = servers(url)
    lost = getattr(error, "connection_invalidated", False) or state.startswith(("08", "57P0"))
    silent = isinstance(cause, psycopg.OperationalError) and not state and (
        STARTING_OR_STOPPING in str(cause) or READ_ONLY in str(cause)
        or not any(_answers(host, port) for host, port in named))
    if not (lost or silent):
        return None
    first = (str(cause).splitlines() or [""])[0]
    reason = first.rsplit("failed: ", 1)[-1].removeprefix("FATAL:").strip() or type(cause).__name__
    if len(named) > 1:
        return Unreachable(
            "no database server of {servers} takes writes ({reason}); if the primary is gone, "
            "promote the standby (tdconsole db promote, docs/OPERATIONS.md)", servers=server_names(url),
            reason=reason, lost=lost)
    host, port = named[0]
    return Unreachable("the database server at {host}:{port} does not answer ({reason}); nothing was "
                       "changed", host=host, port=port, reason=reason, lost=lost)


class Unreachable(StoreError):
    """The database server does not answer, or (`lost`) stopped answering in the middle of a
    command: its transaction may have been committed as the connection went (a primary that died
    with the commit on its way to the client), which only reading the log again can tell."""

    def __init__(self, message: str, /, *, lost: bool = False, **params: object) -> None:
        super().__init__(message, **params)  # type: ignore[arg-type]  # values only: no field, no player
        self.lost = lost


def _answers(host: str, port: int) -> bool:
    """Whether anything accepts a connection at the server's address (a socket directory for a
    host that is a path, as libpq reads it)."""
    if host.startswith("/"):
        return Path(host, f".s.PGSQL.{port}").exists()
    try:
        socket.create_connection((host, port), timeout=2).close()
    except OSError:
        return False
    return True


def database_fault(where: str, error: BaseException, what: str) -> StoreError:
    """One line for a failed database operation; a full disk is named as such, with what to do."""
    reason = _reason(error)
    if is_disk_full(error):
        return StoreError(
            "{where}: disk full ({reason}); nothing was written: free space on that disk (or move the "
            "database elsewhere with --db) and try again", where=where, reason=reason,
        )
    return StoreError("{where}: {what} ({reason})", where=where, what=what, reason=reason)


def _reason(error: BaseException) -> str:
    cause = getattr(error, "orig", None) or error
    if isinstance(cause, OSError) and cause.strerror:
        return cause.strerror
    lines = str(cause).splitlines()
    return lines[0] if lines else type(cause).__name__

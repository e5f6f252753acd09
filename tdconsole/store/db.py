"""Opening a database: the URL or path, SQLite's durability settings, and upgrading the schema on start."""

from __future__ import annotations

import ast
import os
import sqlite3
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, OperationalError

from tdconsole.domain.errors import TdError

# Alembic (with Mako and Pygments) takes longer to import than a command takes to run, and a
# database already at the newest revision needs none of it: it loads only to check or migrate.
if TYPE_CHECKING:
    from alembic.config import Config


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


def database_url(url_or_path: str) -> str:
    """A SQLAlchemy URL from a URL or a file path; a path in a missing directory is an error."""
    if "://" in url_or_path:
        try:
            make_url(url_or_path)
        except ArgumentError:
            raise StoreError(f"{url_or_path!r} is not a database URL") from None
        return url_or_path
    path = Path(url_or_path).expanduser().resolve()
    if not path.parent.is_dir():
        raise StoreError(f"{path.parent}: no such directory for the database")
    if path.is_dir():
        raise StoreError(f"{path}: is a directory, not a database file")
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets the clock display read while the TD writes; FULL survives a power cut; the busy
    # timeout makes a second writer wait for the lock instead of failing.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        # The pool keeps a connection open: closing SQLite's last connection checkpoints the WAL.
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


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
    source = sqlite3.connect(path)
    try:
        destination = sqlite3.connect(target)
        with destination:
            source.backup(destination)
        destination.close()
    finally:
        source.close()
    return target


def declared_head(versions: Path) -> str | None:
    """The one revision no migration in `versions` revises, read without importing Alembic;
    None when that is not plain (a merge, a branch, a file that does not parse): Alembic decides."""
    revisions: set[str] = set()
    revised: set[str] = set()
    try:
        for path in versions.glob("*.py"):
            values = {target.id: node.value for node in ast.parse(path.read_bytes()).body
                      if isinstance(node, ast.Assign) for target in node.targets
                      if isinstance(target, ast.Name)}
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
    from alembic import command
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    config = alembic_config()
    script = ScriptDirectory.from_config(config)
    head = script.get_current_head()
    where = sqlite_path(engine) or engine.url.render_as_string(hide_password=True)
    try:
        with engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
            tables = set(inspect(connection).get_table_names())
    except DatabaseError as error:
        raise StoreError(f"{where}: not a tdconsole database ({_reason(error)})") from None
    if current == head:
        return head
    known = {revision.revision for revision in script.walk_revisions()}
    if current is not None and current not in known:
        raise StoreError(
            f"{where}: written by a newer tdconsole (schema {current}); upgrade tdconsole to open it"
        )
    if current is None and tables - {"alembic_version"}:
        raise StoreError(f"{where}: not a tdconsole database (it has other tables)")
    path = sqlite_path(engine)
    if path is not None and current is not None:
        backup_sqlite(path, current)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except OperationalError as error:
        raise StoreError(f"{where}: the schema upgrade failed ({_reason(error)})") from None
    return head


def _reason(error: DatabaseError) -> str:
    return str(error.orig).splitlines()[0] if error.orig else str(error).splitlines()[0]

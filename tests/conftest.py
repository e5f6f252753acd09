"""Shared fixtures: a database URL per backend (SQLite file, and a fresh database on a real PostgreSQL),
and copies of databases built once a run (`copy_of`)."""

from __future__ import annotations

import itertools
import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tdconsole.i18n import set_language
from tdconsole.store.event_store import EventStore
from tdconsole.store.scratch import find_bindir
from tests import samples
from tests.pgserver import PgServer

_database_numbers = itertools.count(1)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true",
                     help="the full samples of the property and differential tests (make test-long)")


def pytest_configure(config: pytest.Config) -> None:
    # Before any test module is imported: their decorators read the sample size (tests/samples.py).
    samples.LONG = bool(config.getoption("--long"))
    _pilot_looks_for_idle_more_often()


# Markers of tests that take seconds each (pyproject's [tool.pytest.ini_options] markers).
_SLOW_MARKERS = ("slow", "e2e")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules with a slow test run first, each module's tests still together (its module
    fixtures set up once a worker): `make test`'s two workers take the long tests while there is
    other work to balance them, instead of one worker finishing a long browser test at the end
    while the other waits (the web tests are collected last)."""
    slow = {item.path for item in items if any(item.get_closest_marker(name) for name in _SLOW_MARKERS)}
    items.sort(key=lambda item: item.path not in slow)


def _pilot_looks_for_idle_more_often() -> None:
    """Under Pilot each key press waits (twice) until the app looks idle: Textual sleeps 1/50 s at a
    time and stops once a sleep saw less than 1/20 of it in CPU. Every press so waited at least
    40 ms with nothing to do, half the wall time of the TUI tests. The same test of idleness in
    slices of 5 ms ends as soon as the app is quiet. What a test waits for it still names itself
    (tests/tui/wait.py: `until`, `settled`); this only makes the press's own guess cheaper."""
    import textual._wait

    textual._wait.SLEEP_GRANULARITY = 0.005
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


_fresh_numbers = itertools.count()


@pytest.fixture(scope="session")
def _fresh_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this worker's per-test directories go (`_fresh`)."""
    return tmp_path_factory.mktemp("fresh")


def _fresh(root: Path, name: str) -> Path:
    """A new empty directory under `root`. `tmp_path_factory.mktemp` numbers its directories by
    reading every name already in the base directory: five of them a test made each one cost more
    than the last, 24 of the 82 s a profile of test_every_command.py spent. A counter of our own
    numbers them without looking."""
    directory = root / f"{name}-{next(_fresh_numbers)}"
    directory.mkdir()
    return directory


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, _fresh_root: Path) -> Path:
    """pytest's `tmp_path` (an empty directory of this test's own, named after it, kept after a run
    that failed: pyproject's tmp_path_retention_policy), numbered by `_fresh` instead of by a
    search of the base directory."""
    return _fresh(_fresh_root, re.sub(r"\W", "_", request.node.name)[:30])


@pytest.fixture(autouse=True)
def _user_structures(_fresh_root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The TD's saved presets go to a temporary directory, never the real user data dir."""
    directory = _fresh(_fresh_root, "user-structures")
    monkeypatch.setenv("TDCONSOLE_USER_STRUCTURES", str(directory))
    # Saved tournament templates likewise (config/templates.py).
    monkeypatch.setenv("TDCONSOLE_USER_TEMPLATES", str(_fresh(_fresh_root, "user-templates")))
    return directory


# Read by tdconsole itself; a test that wants one sets it with `monkeypatch`.
_SETTINGS_FROM_THE_SHELL = ("TDCONSOLE_HOUSE_RULES", "TDCONSOLE_CONFIGS", "TDCONSOLE_DEBUG")


@pytest.fixture(autouse=True)
def _own_environment(_fresh_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts from the same environment, whoever runs pytest and in which worker: the
    default database is a fresh file of its own (never the user's, never another test's), no house
    rules or configs come from the shell, and whatever a test or the code under test writes into
    `os.environ` (`serve` sets TDCONSOLE_DB for its browsers) is undone before the next test."""
    monkeypatch.setenv("TDCONSOLE_DB", str(_fresh(_fresh_root, "default-db") / "tdconsole.sqlite"))
    # The club's signing key and the automatic backups: never the user's.
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(_fresh(_fresh_root, "data-dir")))
    for name in _SETTINGS_FROM_THE_SHELL:
        monkeypatch.delenv(name, raising=False)
    # English whatever the machine's locale; a test of Danish asks for it (`--lang da`, `danish`).
    monkeypatch.setenv("TDCONSOLE_LANG", "en")
    set_language("en")


@pytest.fixture
def danish() -> Iterator[None]:
    """This test's words in Danish (and back to English after it)."""
    set_language("da")
    try:
        yield
    finally:
        set_language("en")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a throw-away PostgreSQL server (or $TDCONSOLE_TEST_PG), for the whole run."""
    if url := os.environ.get("TDCONSOLE_TEST_PG"):
        yield url
        return
    bindir = find_bindir()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL binaries not found; .ci/run installs them")
        pytest.skip("PostgreSQL binaries not found (install postgresql to run these tests)")
    server = PgServer(bindir).start()
    try:
        yield server.url
    finally:
        server.stop()


def _plain(server_url: str) -> str:
    return server_url.replace("postgresql+psycopg://", "postgresql://")


def _fresh_pg_database(server_url: str) -> str:
    import psycopg

    name = f"tdtest_{os.getpid()}_{next(_database_numbers)}"
    with psycopg.connect(_plain(server_url), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'td.sqlite'}"
    return _fresh_pg_database(request.getfixturevalue("pg_server"))


Build = Callable[[str], None]


@pytest.fixture(scope="session")
def _built() -> dict[tuple[str, Build], str]:
    """Each database `copy_of` has built this run: (backend, builder) -> its URL."""
    return {}


@pytest.fixture
def copy_of(request: pytest.FixtureRequest, _built: dict[tuple[str, Build], str],
            tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Build], str]:
    """`copy_of(db_url, build)` makes the fresh empty database at `db_url` a copy of what `build`
    made of another empty one, built once a run per backend: Alembic's migrations and a test's
    set-up run once instead of once a test (SQLite's backup; on PostgreSQL a database made with the
    built one as its TEMPLATE). Never for a test of what opening an empty database does."""

    def copy(url: str, build: Build) -> str:
        backend = url.split(":", 1)[0].split("+", 1)[0]
        if (backend, build) not in _built:
            if backend == "sqlite":
                built = f"sqlite:///{tmp_path_factory.mktemp('built') / 'built.sqlite'}"
            else:
                built = _fresh_pg_database(request.getfixturevalue("pg_server"))
            build(built)
            _built[backend, build] = built
        source = _built[backend, build]
        if backend == "sqlite":
            with closing(sqlite3.connect(source.removeprefix("sqlite:///"))) as original, \
                    closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as target:
                original.backup(target)
            return url
        import psycopg

        name, template = url.rsplit("/", 1)[1], source.rsplit("/", 1)[1]
        with psycopg.connect(_plain(request.getfixturevalue("pg_server")), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE "{name}"')
            connection.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return url

    return copy


def migrated(url: str) -> None:
    """An empty database at the newest schema."""
    EventStore.open(url).close()


@pytest.fixture
def store(db_url: str, copy_of: Callable[[str, Build], str]) -> Iterator[EventStore]:
    """A store on `db_url`, already at the newest schema (a copy: `copy_of`)."""
    opened = EventStore.open(copy_of(db_url, migrated))
    yield opened
    opened.close()


class FakeClock:
    """An injected `now` that only moves when a test moves it."""

    def __init__(self, start: datetime | None = None) -> None:
        self.moment = start or datetime(2026, 11, 27, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()

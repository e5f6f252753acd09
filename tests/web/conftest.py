"""A seated, running tournament with a TD and a floor member, the app on it, and log-in helpers."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tdconsole.web.app import create_app

PLAYERS = ["Anna Holm", "Bent Lund", "Carl Møller", "Dorte Skov", "Erik Dahl", "Frida Bech",
           "Gorm Krogh", "Hanne Friis", "Ib Lind", "Jytte Brandt", "Karl Juhl", "Lise Storm"]
TD, TD_PIN = "Tove", "1234"
FLOOR, FLOOR_PIN = "Frank", "5678"


class Ticks:
    """The web's monotonic clock (sessions, lock-out), moved by the test instead of waiting."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def make_tournament(db: Path, *, drawn: bool = True) -> None:
    """12 players drawn at 2 tables, the clock running, a TD and a floor member with PINs (not
    `drawn`: registered only, the clock not started)."""
    store = EventStore.open(f"sqlite:///{db}")
    service = Service.create(store, name="Friday <i>Night</i>", buy_in=100, fee=10,
                             structure=load_structure(DEFAULT_STRUCTURE), seats_per_table=6)
    service.execute(commands.Register(names=PLAYERS))
    if drawn:
        service.execute(commands.Draw(seed=7))
        service.execute(commands.ClockStart())
    staff = StaffStore(store)
    staff.add(TD, "td", TD_PIN)
    staff.add(FLOOR, "floor", FLOOR_PIN)
    store.close()


def events(db: Path) -> list[tuple[int, str, str]]:
    with sqlite3.connect(db) as connection:
        return list(connection.execute("SELECT seq, actor, type FROM events ORDER BY seq"))


@dataclass
class Web:
    client: TestClient
    db: Path
    ticks: Ticks

    def login(self, staff: str = TD, pin: str = TD_PIN) -> str:
        """Log in; the CSRF token (the cookie stays in the client)."""
        response = self.client.post("/api/login", json={"staff": staff, "pin": pin})
        assert response.status_code == 200, response.text
        return str(response.json()["csrf"])

    def command(self, verb: str, body: object, csrf: str | None) -> object:
        headers = {"X-CSRF-Token": csrf} if csrf is not None else {}
        return self.client.post(f"/api/commands/{verb}", json=body, headers=headers)


# The template's clock started when it was made, by the tournament's (real) time: one older than
# this is made again, so every test finds the tournament in its first level (15 minutes) however
# long the run before it took (a loaded CI machine took 17 minutes to reach test_pages).
TEMPLATE_SECONDS = 300.0


@pytest.fixture(scope="session")
def tournament_template(tmp_path_factory: pytest.TempPathFactory) -> Callable[[], Path]:
    """Made once in a while (argon2 is slow on purpose); each test gets its own copy."""
    made: list[tuple[float, Path]] = []

    def fresh() -> Path:
        if not made or time.monotonic() - made[-1][0] > TEMPLATE_SECONDS:
            db = tmp_path_factory.mktemp("web-template") / "club.sqlite"
            make_tournament(db)
            made.append((time.monotonic(), db))
        return made[-1][1]

    return fresh


@pytest.fixture
def club_db(tournament_template: Callable[[], Path], tmp_path: Path) -> Path:
    db = tmp_path / "club.sqlite"
    with sqlite3.connect(tournament_template()) as source, sqlite3.connect(db) as target:
        source.backup(target)
    return db


@pytest.fixture
def web(club_db: Path) -> Iterator[Web]:
    ticks = Ticks()
    store = EventStore.open(f"sqlite:///{club_db}")
    app = create_app(store, clock=ticks, poll=0.05)
    with TestClient(app) as client:
        yield Web(client, club_db, ticks)
    store.close()


# ---------------------------------------------------------------- the real server (uvicorn) in a process


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    base: str
    db: Path
    process: subprocess.Popen[str]
    first_line: str


# A free port is free only until somebody binds it: under pytest -n 4 another worker's server may
# take it between the probe and the start, and then the server says so and this tries another.
START_ATTEMPTS = 3


def start_server(db: Path, *extra: str, scheme: str = "http") -> Served:
    for _attempt in range(START_ATTEMPTS):
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "tdconsole", "--db", str(db), "serve", "--port", str(port), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "400"})
        assert process.stdout is not None
        first_line = process.stdout.readline()
        base = f"{scheme}://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/board", timeout=1, verify=False)
                return Served(base, db, process, first_line)
            except httpx.TransportError:
                if process.poll() is not None:
                    break
                assert time.monotonic() < deadline, "tdconsole serve did not start"
                time.sleep(0.1)  # polling the other process, with the deadline above
        error = process.stderr.read()  # type: ignore[union-attr]
        assert "in use" in error, error
    raise AssertionError(f"tdconsole serve found no free port in {START_ATTEMPTS} tries")


@contextmanager
def serving(db: Path, *extra: str, scheme: str = "http") -> Iterator[Served]:
    """`tdconsole serve` on `db` while the block runs, stopped after it."""
    server = start_server(db, *extra, scheme=scheme)
    try:
        yield server
    finally:
        server.process.terminate()
        server.process.wait(10)


@pytest.fixture
def served(club_db: Path) -> Iterator[Served]:
    with serving(club_db) as server:
        yield server


# ---------------------------------------------------------------- a real browser (the OS's Chromium)

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium driven by Playwright; Playwright never downloads a browser here."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium not found; scripts/test-deps.sh installs it")
        pytest.skip("Chromium not found (scripts/test-deps.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def as_cli(answer: dict[str, Any]) -> dict[str, Any]:
    """A command's answer to the phone as the CLI's `--json` has it: the same document, less the
    log's sentences of what it did (`said`, web/actions.py), which only the phone is given."""
    return {key: value for key, value in answer.items() if key != "said"}


def wait_for(page: Page, expression: str, timeout: float = 5000) -> None:
    """Until `expression` is true in the page. Evaluated through the browser's debugging protocol, not
    by Playwright's `wait_for_function`, whose polling evaluates strings in the page: the pages' CSP
    (script-src 'self', no eval) forbids that, as it should."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(50)  # the page's own work (a stream message, a fetch), bounded above


def open_page(browser: Browser, viewport: dict[str, int]) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Anything the CSP blocks (an inline script, a style attribute) is an error of the page's.
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text else None)
    page.errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where a browser test's screenshots go: $TDCONSOLE_SCREENSHOTS to keep them, else a
    temporary directory."""
    kept = os.environ.get("TDCONSOLE_SCREENSHOTS")
    if kept:
        Path(kept).mkdir(parents=True, exist_ok=True)
        return Path(kept)
    return tmp_path_factory.mktemp("screens")

"""`tdconsole serve` as a real process on 127.0.0.1: the page and every asset it
references come from this machine; the clock reaches the browser; keys a browser sends change
nothing; a port in use is one line."""

from __future__ import annotations

import asyncio
import re
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import aiohttp
import httpx
import pytest

from tests.cli.helpers import assert_one_line_error, run

HOST = "127.0.0.1"
# url(...) in CSS; a quoted //host or http(s)://host inside a script (a load from elsewhere).
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
SCRIPT_REMOTE = re.compile(r"[\"'`](?:https?:)?//[\w.-]+")


class _References(HTMLParser):
    """Every URL the page makes a browser fetch: src/href/data-* URLs and url(...) in styles."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.scripts: list[str] = []
        self._in = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in = tag
        for name, value in attrs:
            if value and (name in ("src", "href", "poster", "data") or name.endswith("-url")):
                self.urls.append(value)
            if value and name == "style":
                self.urls += CSS_URL.findall(value)

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.urls += CSS_URL.findall(data)
        elif self._in == "script":
            self.scripts.append(data)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def _events(db: Path) -> list[str]:
    with sqlite3.connect(db) as connection:
        return [row[0] for row in connection.execute("SELECT payload FROM events ORDER BY seq")]


@pytest.fixture
def served(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[str, Path]]:
    db = tmp_path / "club.sqlite"
    assert run(capsys, "--db", str(db), "new", "Friday <i>Night</i>").code == 0
    assert run(capsys, "--db", str(db), "clock", "start").code == 0
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "tdconsole", "--db", str(db), "serve", "--host", HOST,
                               "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://{HOST}:{port}/"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(base, timeout=1)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.stderr.read().decode()  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "tdconsole serve did not start"
                time.sleep(0.2)
        yield base, db
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.slow
def test_serve_page_and_every_asset_come_from_this_machine(served: tuple[str, Path]) -> None:
    base, _db = served
    page = httpx.get(base, timeout=5)
    assert page.status_code == 200
    assert "Friday &lt;i&gt;Night&lt;/i&gt;" in page.text and "<i>" not in page.text  # names are text
    parser = _References()
    parser.feed(page.text)
    assert parser.urls, "the page references nothing: the parser missed its assets"
    assert not any(SCRIPT_REMOTE.search(script) for script in parser.scripts)
    fetched = 0
    pending = [urljoin(base, url) for url in parser.urls]
    seen: set[str] = set()
    while pending:
        url = pending.pop()
        if url in seen or url.startswith(("data:", "#")):
            continue
        seen.add(url)
        parts = urlsplit(url)
        assert parts.hostname == HOST, f"the page loads {url} from outside the machine"
        if parts.scheme in ("ws", "wss") or parts.path == "/" or url.endswith("/ws"):
            continue
        asset = httpx.get(url, timeout=5)
        assert asset.status_code == 200, url
        fetched += 1
        if parts.path.endswith(".css"):
            pending += [urljoin(url, found) for found in CSS_URL.findall(asset.text)]
        if parts.path.endswith(".js"):
            assert not SCRIPT_REMOTE.search(asset.text), f"{url} loads something from elsewhere"
    # The stylesheet, the script, both fonts and the background image.
    assert fetched >= 5


@pytest.mark.slow
def test_serve_shows_the_clock_and_nothing_a_browser_sends_changes_the_tournament(
        served: tuple[str, Path]) -> None:
    base, db = served
    before = _events(db)

    async def browse() -> bytes:
        screen = b""
        ws_url = base.replace("http", "ws") + "ws?width=100&height=30"
        async with aiohttp.ClientSession() as session, session.ws_connect(ws_url) as websocket:
            await websocket.send_json(["resize", {"width": 100, "height": 30}])
            deadline = time.monotonic() + 20
            while b"Night" not in screen or b"Level" not in screen:
                assert time.monotonic() < deadline, "the clock never reached the browser"
                message = await asyncio.wait_for(websocket.receive(), 20)
                if message.type == aiohttp.WSMsgType.BINARY:
                    screen += message.data
            # The TD's keys (pause, next level, undo, palette) typed into a browser.
            for key in (" ", "s", "+", "-", "\x1a", "\x10", "\r", "u", "b"):
                await websocket.send_json(["stdin", key])
            await asyncio.sleep(1.5)
        return screen

    asyncio.run(browse())
    assert _events(db) == before


def test_serve_on_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "club.sqlite")
    run(capsys, "--db", db, "new", "Friday")
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert_one_line_error(run(capsys, "--db", db, "serve", "--host", HOST, "--port", port),
                              f"--port {port}", "in use")
    assert_one_line_error(run(capsys, "--db", db, "serve", "--port", "70000"), "--port", "65535")

"""`tdconsole serve` as a real process: the start line, every asset from this machine, the change
stream reaching a client after a CLI write, TLS, and one-line errors before it starts."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
import pytest

from tdconsole.web.feed import POLL_SECONDS
from tests.cli.helpers import assert_one_line_error, run
from tests.web.conftest import TD, TD_PIN, Served, serving

HOST = "127.0.0.1"
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
# A quoted //host or http(s)://host in a script or a stylesheet: a load from elsewhere.
REMOTE = re.compile(r"[\"'`(](?:https?:)?//[\w.-]+")


class _References(HTMLParser):
    """Every URL the page makes a browser fetch: src/href and url(...) in styles, and inline scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.scripts: list[str] = []
        self._in = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in = tag
        for name, value in attrs:
            if value and name in ("src", "href", "poster", "data", "action"):
                self.urls.append(value)
            if value and name == "style":
                self.urls += CSS_URL.findall(value)

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.urls += CSS_URL.findall(data)
        elif self._in == "script":
            self.scripts.append(data)


def test_serve_says_it_listens_on_this_machine_only(served: Served) -> None:
    assert f"on http://{HOST}:" in served.first_line
    assert "listening on 127.0.0.1: this machine only" in served.first_line


@pytest.mark.slow
def test_every_page_and_asset_comes_from_this_machine(served: Served) -> None:
    fetched = 0
    for path in ("/", "/seat", "/remote"):
        page = httpx.get(served.base + path, timeout=5)
        assert page.status_code == 200
        parser = _References()
        parser.feed(page.text)
        assert not any(REMOTE.search(script) for script in parser.scripts)
        for url in parser.urls:
            if url.startswith(("data:", "#")):
                continue
            absolute = urljoin(served.base + path, url)
            assert urlsplit(absolute).hostname == HOST, f"{path} loads {url} from outside the machine"
            asset = httpx.get(absolute, timeout=5)
            assert asset.status_code == 200, url
            fetched += 1
            if absolute.endswith((".css", ".js")):
                assert not REMOTE.search(asset.text), f"{url} loads something from elsewhere"
                for found in CSS_URL.findall(asset.text):
                    assert found.startswith("data:") or urlsplit(urljoin(absolute, found)).hostname == HOST
    assert fetched >= 5  # the stylesheet and the pages' scripts


@pytest.mark.slow
def test_the_change_stream_brings_a_cli_bust_within_a_second(served: Served,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    with httpx.stream("GET", served.base + "/api/events", timeout=10) as stream:
        lines = stream.iter_lines()

        def next_board() -> dict[str, object]:
            for line in lines:
                if line.startswith("data: "):
                    return json.loads(line[6:])  # type: ignore[no-any-return]
            raise AssertionError("the stream ended")

        first = next_board()
        assert first["players_left"] == 12 and "html" in first
        assert run(capsys, "--db", str(served.db), "bust", "Anna Holm").code == 0
        # The second is the feed's poll interval's promise: a machine busy with other tests cannot
        # time it from outside, so this waits (with a deadline) for the change to arrive at all.
        assert POLL_SECONDS < 1.0
        deadline = time.monotonic() + 20
        while (board := next_board())["players_left"] == 12:
            assert time.monotonic() < deadline, "the bust never reached the stream"
        assert board["players_left"] == 11 and board["seq"] > first["seq"]  # type: ignore[operator]


def test_serve_on_a_port_in_use_is_one_line(club_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert_one_line_error(run(capsys, "--db", str(club_db), "serve", "--host", HOST, "--port", port),
                              f"--port {port}", "in use")
    assert_one_line_error(run(capsys, "--db", str(club_db), "serve", "--port", "70000"), "--port", "65535")


def test_a_certificate_without_its_key_or_unreadable_is_one_line(club_db: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    pem = tmp_path / "cert.pem"
    pem.write_text("not a certificate")
    assert_one_line_error(run(capsys, "--db", str(club_db), "serve", "--cert", str(pem)),
                          "--cert and --key go together")
    assert_one_line_error(run(capsys, "--db", str(club_db), "serve", "--cert", str(pem), "--key", str(pem)),
                          "cannot be used")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_tls_with_cert_and_key_and_a_secure_cookie(club_db: Path, tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    with serving(club_db, "--cert", str(cert), "--key", str(key), scheme="https") as server:
        assert "on https://127.0.0.1:" in server.first_line
        login = httpx.post(server.base + "/api/login", json={"staff": TD, "pin": TD_PIN}, verify=False)
        assert login.status_code == 200
        assert "secure" in login.headers["set-cookie"].lower()


def test_the_tv_qr_code_points_where_phones_reach_the_server() -> None:
    from tdconsole.domain.errors import InvalidInput
    from tdconsole.web.server import seat_url

    # Only this machine can connect: a code would send phones nowhere.
    assert seat_url("127.0.0.1", 8000, False, None) is None
    assert seat_url("192.168.1.20", 8000, False, None) == "http://192.168.1.20:8000/seat"
    assert seat_url("fe80::1", 8443, True, None) == "https://[fe80::1]:8443/seat"
    # The TD's own name for it (a reverse proxy, poker.local) wins, wherever serve listens.
    assert seat_url("127.0.0.1", 8000, False, "https://poker.local/") == "https://poker.local/seat"
    with pytest.raises(InvalidInput, match=r"--public-url 'poker\.local'"):
        seat_url("127.0.0.1", 8000, False, "poker.local")


def test_the_tv_shows_the_qr_code_for_find_my_seat(club_db: Path) -> None:
    from starlette.testclient import TestClient

    from tdconsole.store.event_store import EventStore
    from tdconsole.web.app import create_app

    store = EventStore.open(f"sqlite:///{club_db}")
    try:
        for url, shown in (("http://poker.local:8000/seat", True), (None, False)):
            with TestClient(create_app(store, seat_url=url)) as client:
                page = client.get("/").text
                assert ('<figure class="qr"><svg viewBox=' in page) is shown
                assert ("FIND YOUR SEAT" in page) is shown
                # Part of the board the stream sends: a TV that follows it keeps the code.
                web = client.app.state.web  # type: ignore[attr-defined]
                assert ("<svg" in web.board_html(web.feed.board())) is shown
    finally:
        store.close()

"""The JSON answers are gzipped for a browser that asks (`Accept-Encoding: gzip`) and sent as they
are to one that does not; the change stream packs itself, once, and nothing packs it again."""

from __future__ import annotations

import gzip
import json
import zlib
from typing import Any

import httpx
import pytest

from tdconsole.web.app import GZIP_MIN_BYTES
from tests.web.conftest import PLAYERS, Served, Web

PLAIN = {"Accept-Encoding": "identity"}
GZIP = {"Accept-Encoding": "gzip, deflate"}


def fetched(web: Web, path: str, headers: dict[str, str]) -> tuple[httpx.Headers, bytes]:
    """The answer's headers and its bytes as they came over the wire, not decoded."""
    with web.client.stream("GET", path, headers=headers) as response:
        assert response.status_code == 200
        return response.headers, b"".join(response.iter_raw())


def steady(board: dict[str, Any]) -> dict[str, Any]:
    """The board without what moves between two requests (the running clock, the server's time)."""
    return {key: value for key, value in board.items() if key not in ("clock", "server_time")}


def test_the_board_is_gzipped_for_a_browser_that_takes_gzip(web: Web) -> None:
    headers, raw = fetched(web, "/api/board", GZIP)
    plain_headers, plain = fetched(web, "/api/board", PLAIN)
    assert headers["content-encoding"] == "gzip" and headers["content-type"] == "application/json"
    assert int(headers["content-length"]) == len(raw) < len(plain)
    assert steady(json.loads(gzip.decompress(raw))) == steady(json.loads(plain))
    # Without gzip: as it always was, the same JSON, and said to vary, so no cache mixes the two.
    assert "content-encoding" not in plain_headers
    assert headers["vary"] == plain_headers["vary"] == "Accept-Encoding"


@pytest.mark.parametrize("accept", ["gzip;q=0", "br", "", "identity, gzip;q=0.0"])
def test_a_browser_that_refuses_gzip_gets_it_plain(web: Web, accept: str) -> None:
    headers, raw = fetched(web, "/api/board", {"Accept-Encoding": accept})
    assert "content-encoding" not in headers
    assert json.loads(raw)["players_left"] == len(PLAYERS)


def test_the_staff_state_is_gzipped_and_the_same_document(web: Web) -> None:
    web.login()
    headers, raw = fetched(web, "/api/state", GZIP)
    _plain_headers, plain = fetched(web, "/api/state", PLAIN)
    assert headers["content-encoding"] == "gzip" and len(raw) < len(plain)
    packed = json.loads(gzip.decompress(raw))
    assert [row["name"] for row in packed["players"]] == [row["name"] for row in json.loads(plain)["players"]]
    assert packed.keys() == json.loads(plain).keys()


def test_a_command_answer_is_gzipped_when_it_is_long(web: Web) -> None:
    csrf = web.login()
    names = [f"Late {i:03}" for i in range(40)]
    answer = web.client.post("/api/commands/register", json={"names": names},
                             headers={"X-CSRF-Token": csrf, **GZIP})
    assert answer.status_code == 200 and answer.headers["content-encoding"] == "gzip"
    assert [row["name"] for row in answer.json()["registered"]] == names  # httpx inflates it


def test_a_short_answer_goes_as_it_is(web: Web) -> None:
    headers, raw = fetched(web, "/api/seat?q=Anna", GZIP)
    assert len(raw) < GZIP_MIN_BYTES and "content-encoding" not in headers
    assert headers["vary"] == "Accept-Encoding"
    assert json.loads(raw)["players"][0]["name"] == "Anna Holm"


def test_the_change_stream_is_one_gzip_stream_packed_once(served: Served) -> None:
    """The stream packs each message once for every browser (feed.py); a second packing (a
    middleware's) would make it unreadable. Read off the wire, at the real server."""
    with httpx.stream("GET", served.base + "/api/events", headers=GZIP, timeout=10) as stream:
        assert stream.headers["content-encoding"] == "gzip"
        assert stream.headers["content-type"].startswith("text/event-stream")
        inflate, text = zlib.decompressobj(16 + zlib.MAX_WBITS), ""
        for chunk in stream.iter_raw():
            text += inflate.decompress(chunk).decode()
            _before, board_line, rest = text.partition("event: board")
            if board_line and "\n\n" in rest:  # the first board, whole
                break
    assert text.startswith("retry: 1000\n\n")
    board = json.loads(text.split("data: ", 1)[1].split("\n", 1)[0])
    assert board["players_left"] == len(PLAYERS)
    with httpx.stream("GET", served.base + "/api/events", headers=PLAIN, timeout=10) as stream:
        assert "content-encoding" not in stream.headers
        assert next(stream.iter_raw()).startswith(b"retry: 1000\n\n")

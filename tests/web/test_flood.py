"""Nothing a phone sends can stall the room: "find my seat" bounded and searched outside the feed's
lock, request bodies refused at the stated limit before parsing, connections and change streams
capped with a clean refusal and one log line, and the TV keeping up while all of that hits it."""

from __future__ import annotations

import contextlib
import json
import logging
import selectors
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain.limits import (
    MAX_CONNECTIONS,
    MAX_STREAMS,
    MAX_WEB_BODY_BYTES,
    SEAT_QUERY_CHARS,
    SEAT_QUERY_WORDS,
)
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web import server
from tdconsole.web.app import create_app
from tdconsole.web.edge import STAFF_SHARE
from tdconsole.web.server import HEADER_SECONDS, PER_ADDRESS, SPARE_FILES, HeadersInTime, protocol_for
from tests.web.conftest import TD, TD_PIN, Served, Web, events, free_port


def test_a_search_beyond_the_stated_length_is_one_line_of_error(web: Web) -> None:
    for query in ("x" * (SEAT_QUERY_CHARS + 1), " ".join(["an"] * (SEAT_QUERY_WORDS + 1)),
                  " ".join(["a"] * 32_000)):
        refused = web.client.get("/api/seat", params={"q": query})
        assert refused.status_code == 400 and set(refused.json()) == {"error"}
        assert "too long" in refused.json()["error"] and "\n" not in refused.json()["error"]
        page = web.client.get("/seat", params={"q": query, "partial": "1"})
        assert page.status_code == 400 and "too long" in page.text and "seat-card" not in page.text
    at_the_limit = web.client.get("/api/seat", params={"q": " ".join(["nn"] * SEAT_QUERY_WORDS)})
    assert at_the_limit.status_code == 200


def test_a_30000_name_registration_is_refused_at_the_edge(web: Web) -> None:
    csrf = web.login()
    before = events(web.db)
    body = json.dumps({"names": [f"Player {n}" for n in range(30_000)]}).encode()
    assert len(body) > MAX_WEB_BODY_BYTES
    headers = {"X-CSRF-Token": csrf, "Content-Type": "application/json"}
    refused = web.client.post("/api/commands/register", content=body, headers=headers)
    assert refused.status_code == 413 and "64 KiB" in refused.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield from (body[start:start + 8192] for start in range(0, len(body), 8192))

    chunked = web.client.post("/api/commands/register", content=chunks(), headers=headers)
    assert chunked.status_code == 413
    assert events(web.db) == before


@contextmanager
def live_server(db: Path, protocol: type[HeadersInTime] | None = None, **limits: int) -> Iterator[str]:
    """The app under uvicorn in this process (a thread), with `limits` set low enough to reach, and
    `serve`'s own `protocol` (uvicorn's plain one if None)."""
    store = EventStore.open(f"sqlite:///{db}")
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(store, **limits), host="127.0.0.1", port=port,
                                           log_level="warning", timeout_graceful_shutdown=1,
                                           http=protocol or "h11"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)  # uvicorn's own start-up, bounded above
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(10)
        store.close()


def _first_board(stream: httpx.Response) -> Iterator[str]:
    """The stream's lines after its first board (kept: an abandoned iterator closes the connection)."""
    lines = stream.iter_lines()
    for line in lines:
        if line.startswith("data: "):
            return lines
    raise AssertionError("the stream ended")


def test_streams_and_connections_beyond_the_cap_are_refused_with_one_log_line(
        club_db: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="tdconsole.web")
    with live_server(club_db, max_connections=3, max_streams=2) as base, httpx.Client(timeout=10) as client:
        with client.stream("GET", base + "/api/events") as one, \
                client.stream("GET", base + "/api/events") as two:
            kept = _first_board(one), _first_board(two)
            for _attempt in range(5):
                refused = client.get(base + "/api/events")
                assert refused.status_code == 503 and set(refused.json()) == {"error"}
            assert client.get(base + "/api/board").status_code == 200  # the third connection
            with httpx.Client(timeout=10) as other, other.stream("GET", base + "/api/board") as third:
                third.read()
            assert client.get(base + "/api/board").status_code == 200
            assert all(kept)
        lines = [r.getMessage() for r in caplog.records if r.name == "tdconsole.web"]
        assert len(lines) == 1 and "refused 1 change streams" in lines[0], lines
        assert not any(r.exc_info for r in caplog.records)


def test_connections_beyond_the_cap_get_503_at_once(club_db: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="tdconsole.web")
    with live_server(club_db, max_connections=2, max_streams=5) as base, httpx.Client(timeout=10) as client:
        with client.stream("GET", base + "/api/events") as one, \
                client.stream("GET", base + "/api/events") as two:
            kept = _first_board(one), _first_board(two)
            statuses = [client.get(base + "/api/board").status_code for _attempt in range(4)]
            assert statuses == [503] * 4 and all(kept)
        lines = [r.getMessage() for r in caplog.records if r.name == "tdconsole.web"]
        assert len(lines) == 1 and "refused 1 requests" in lines[0], lines
        deadline = time.monotonic() + 10  # room again once the server has seen the streams close
        while client.get(base + "/api/board").status_code == 503:
            assert time.monotonic() < deadline, "the closed streams never freed their places"
            time.sleep(0.05)  # the server's own noticing of the disconnects, bounded above


@pytest.mark.slow
def test_the_tv_gets_every_change_within_a_second_while_phones_flood_the_server(served: Served) -> None:
    base = served.base
    td = httpx.Client(base_url=base, timeout=10)
    csrf = td.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
    arrived: dict[int, float] = {}  # seq -> when the TV had it
    changed = threading.Condition()

    def tv() -> None:
        try:
            with httpx.stream("GET", base + "/api/events", timeout=30) as stream:
                for line in stream.iter_lines():
                    if line.startswith("id: "):
                        with changed:
                            arrived[int(line[4:])] = time.monotonic()
                            changed.notify_all()
                    if stop.is_set():
                        return
        except httpx.TransportError:
            assert stop.is_set()  # the server stopped after the test

    stop = threading.Event()
    widest = " ".join("aeinrs"[:SEAT_QUERY_WORDS])  # every word in every name: the most work
    hostile = {
        "huge search": (400, lambda c: c.get("/api/seat", params={"q": " ".join(["a"] * 7_000)})),
        "widest search": (200, lambda c: c.get("/seat", params={"q": widest})),
        "30,000 names": (413, lambda c: c.post("/api/commands/register", headers={"X-CSRF-Token": csrf},
                                               json={"names": [f"P{n}" for n in range(30_000)]})),
    }
    sent: dict[str, int] = dict.fromkeys(hostile, 0)

    def flood(name: str) -> None:
        with httpx.Client(base_url=base, timeout=30, cookies=td.cookies) as phone:
            while not stop.is_set():
                status, send = hostile[name]
                assert send(phone).status_code == status
                sent[name] += 1

    threads = [threading.Thread(target=tv, daemon=True)]
    threads += [threading.Thread(target=flood, args=(name,), daemon=True)
                for name in hostile for _copy in (1, 2)]
    for thread in threads:
        thread.start()
    try:
        late = []
        for change in range(20):
            verb = "clock/pause" if change % 2 == 0 else "clock/resume"
            answer = td.post(f"/api/commands/{verb}", json={}, headers={"X-CSRF-Token": csrf})
            assert answer.status_code == 200, answer.text
            done, seq = time.monotonic(), max(seq for seq, *_rest in events(served.db))
            with changed:  # the server's own delivery: the TV has it, or a second has passed
                changed.wait_for(lambda s=seq: any(at >= s for at in arrived), timeout=1.0)
                seen = min((at for s, at in arrived.items() if s >= seq), default=None)
            if seen is None or seen - done > 1.0:
                late.append((change, seq))
    finally:
        stop.set()
        td.close()
    assert late == [], f"changes that did not reach the TV within a second: {late}"
    assert all(count > 0 for count in sent.values()), sent


def test_a_refusal_logged_per_connection_by_asyncio_or_uvicorn_is_one_line_without_a_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    from tdconsole.web.server import _OncePerMinute

    logger = logging.getLogger("tests.web.accept")
    once = _OncePerMinute("out of system resource")
    logger.addFilter(once)
    try:
        with caplog.at_level(logging.ERROR, logger="tests.web.accept"):
            for _connection in range(50):
                try:
                    raise OSError(24, "Too many open files")
                except OSError:
                    logger.exception("socket.accept() out of system resource")
            logger.error("something else")
    finally:
        logger.removeFilter(once)
    assert [r.getMessage().split(" (")[0] for r in caplog.records] == [
        "socket.accept() out of system resource", "something else"]
    assert caplog.records[0].exc_info is None and "Traceback" not in caplog.text


def _closed_within(sock: socket.socket, seconds: float, drip: bytes | None) -> bool:
    """Whether the server closes `sock` within `seconds`, while `drip` (a header line) is sent every
    two seconds: the bound is the test's guard against waiting forever, not a measurement."""
    deadline = time.monotonic() + seconds
    sock.settimeout(2)
    while time.monotonic() < deadline:
        try:
            if sock.recv(1024) == b"":
                return True
        except TimeoutError:
            pass
        except ConnectionResetError:
            return True
        if drip is not None:
            try:
                sock.sendall(drip)
            except (BrokenPipeError, ConnectionResetError):
                return True
    return False


def test_a_half_sent_request_is_closed_when_its_headers_do_not_complete(served: Served) -> None:
    """Issue 35: connections that send a header line every 15 s were never timed out, and 2,100 of
    them made the TD's clock/pause answer 503. Nor was a connection that sends nothing."""
    port = int(served.base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as slow, \
            socket.create_connection(("127.0.0.1", port)) as silent:
        slow.sendall(b"GET /api/board HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert _closed_within(slow, HEADER_SECONDS + 20, b"X-Slow: 1\r\n")
        assert _closed_within(silent, 20, None)
    # A whole request on a kept-alive connection is answered as before.
    with httpx.Client(base_url=served.base) as client:
        assert client.get("/api/board").status_code == 200
        assert client.get("/api/board").status_code == 200


@pytest.mark.parametrize(("framing", "drip"), [
    (b"Content-Length: 200\r\n", b" "), (b"Transfer-Encoding: chunked\r\n", b"1\r\n \r\n")],
    ids=["content-length", "chunked"])
def test_a_request_whose_body_trickles_in_is_closed_when_it_is_not_in_within_its_time(
        club_db: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        framing: bytes, drip: bytes) -> None:
    """Issue 35: a request whose headers came at once and whose body then came a byte every few
    seconds held its connection, and its place among the requests answered at once, for as long
    as its sender liked. The whole request must be in within REQUEST_SECONDS (here 3) of its start;
    the log says nothing of it (not a traceback per connection)."""
    monkeypatch.setattr(server, "REQUEST_SECONDS", 3)
    caplog.set_level(logging.WARNING)
    with live_server(club_db, protocol_for(None)) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as slow:
            slow.sendall(b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\n" + framing + b"\r\n")
            assert _closed_within(slow, server.REQUEST_SECONDS + 20, drip)
        # A body that comes in time, in pieces, is answered as before.
        with httpx.Client(base_url=base, timeout=10) as td:
            login = json.dumps({"staff": TD, "pin": TD_PIN}).encode()
            answer = td.post("/api/login", content=iter([login[:5], login[5:]]),
                             headers={"Content-Type": "application/json"})
            assert answer.status_code == 200, answer.text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


def _status(client: httpx.Client, url: str) -> int:
    with client.stream("GET", url) as answer:  # a granted stream never ends: only its status is read
        return answer.status_code


def test_the_stream_cap_is_exact_under_a_burst_and_one_count_for_every_room(club_db: Path) -> None:
    """Issue 35: 1,600 streams at once got 1,519 accepted under a cap of 1,500 (each was counted only
    once its answer began), and the cap was per tournament: 1,500 viewers on one and 540 on another
    filled the server's 2,000 connections and the TD got 503."""
    store = EventStore.open(f"sqlite:///{club_db}")
    Service.create(store, name="Saturday", structure=load_structure(DEFAULT_STRUCTURE))
    store.close()  # the app serves Saturday (the newest); Friday is room /t/1/
    with live_server(club_db, max_streams=3) as base:
        barrier = threading.Barrier(12)

        def follow(n: int) -> int:
            url = base + ("/api/events" if n % 2 else "/t/1/api/events")
            with httpx.Client(timeout=20) as client, client.stream("GET", url) as answer:
                barrier.wait(20)  # every stream asked for and held open until all have answered
                return answer.status_code

        with ThreadPoolExecutor(12) as pool:
            statuses = list(pool.map(follow, range(12)))
        assert sorted(statuses) == [200] * 3 + [503] * 9, statuses

    with live_server(club_db, max_streams=3) as base, httpx.Client(timeout=10) as client, \
            client.stream("GET", base + "/t/1/api/events") as one, \
            client.stream("GET", base + "/t/1/api/events") as two, \
            client.stream("GET", base + "/api/events") as three:
        kept = [_first_board(stream) for stream in (one, two, three)]
        assert _status(client, base + "/api/events") == 503
        assert _status(client, base + "/t/1/api/events") == 503
        assert all(kept)


def test_one_address_holds_at_most_its_share_of_connections_and_another_gets_in(club_db: Path) -> None:
    """Issue 35: half-open sockets and streams from one address took every connection of the server
    and the TD's pause, from another address, got 503. Here an address may hold 3 (serve: 100)."""
    with live_server(club_db, protocol_for(3)) as base:
        port = int(base.rsplit(":", 1)[1])
        held = [socket.create_connection(("127.0.0.1", port)) for _n in range(3)]
        for sock in held:
            sock.sendall(b"GET /api/board HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
        with socket.create_connection(("127.0.0.1", port)) as fourth:
            fourth.settimeout(10)
            assert fourth.recv(1024).startswith(b"HTTP/1.1 503 ")
        # Another address (the TD's machine) still gets in; so does this one once it lets go.
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        with other:
            assert other.get(f"{base}/api/board").status_code == 200
        held.pop().close()
        deadline = time.monotonic() + 10
        while httpx.get(f"{base}/api/board").status_code != 200:
            assert time.monotonic() < deadline, "a closed connection never gave its place back"
            time.sleep(0.05)  # the server's own noticing of the close, bounded above
        for sock in held:
            sock.close()


def test_logged_in_staff_have_places_no_viewer_can_take(club_db: Path) -> None:
    """Issue 35: viewers' streams filled the server and the TD's clock/resume got 503. One place in
    twenty (here 1 of 20) is kept for logged-in staff: with every other place taken by anonymous
    streams, an anonymous request gets 503 and the TD's pause is answered."""
    with live_server(club_db, max_connections=20, max_streams=20) as base, \
            httpx.Client(base_url=base, timeout=10) as td, \
            httpx.Client(base_url=base, timeout=10, limits=httpx.Limits(max_connections=30)) as crowd:
        csrf = td.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
        with contextlib.ExitStack() as held:
            # As many anonymous streams as the server grants (a refused one is closed at once).
            streams = [held.enter_context(crowd.stream("GET", "/api/events")) for _n in range(20)]
            granted = [stream for stream in streams if stream.status_code == 200]
            kept = [_first_board(stream) for stream in granted]
            assert len(granted) == 19
            assert _status(crowd, base + "/api/board") == 503
            paused = td.post("/api/commands/clock/pause", json={}, headers={"X-CSRF-Token": csrf})
            assert paused.status_code == 200, paused.text
            assert td.get("/api/board").status_code == 200
            assert all(kept)


def test_the_td_is_answered_while_one_address_sends_thousands_of_half_sent_requests(
        served: Served) -> None:
    """Issue 35's attack on the real `serve` (loopback only): 2,100 half-sent requests from one
    address, more than the server's 2,000 connections, made the TD's clock/pause answer 503. Now
    they take that address's 100 places and no more; the TD on another address logs in and pauses."""
    port = int(served.base.rsplit(":", 1)[1])
    with contextlib.ExitStack() as held:
        for _n in range(2100):
            sock = held.enter_context(socket.create_connection(("127.0.0.1", port)))
            with contextlib.suppress(OSError):  # a refused one may be closed already
                sock.sendall(b"GET /api/board HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        transport = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=served.base, timeout=10, transport=transport) as td:
            login = td.post("/api/login", json={"staff": TD, "pin": TD_PIN})
            assert login.status_code == 200, login.text
            paused = td.post("/api/commands/clock/pause", json={},
                             headers={"X-CSRF-Token": login.json()["csrf"]})
            assert paused.status_code == 200, paused.text
        assert httpx.get(served.base + "/api/board", timeout=10).status_code == 503


# Issue 35's "Done when": the crowd from one address, the TD from another.
HALF_OPEN, STREAMS = 1_000, 1_500


@contextmanager
def open_files(wanted: int) -> Iterator[None]:
    """The open-file limit of this process at least `wanted` while inside (the crowd's sockets are
    this process's files; `serve` raises its own), as it was afterwards."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        assert hard == resource.RLIM_INFINITY or hard >= wanted, \
            f"the crowd needs {wanted} open files; the hard limit is {hard} (ulimit -Hn)"
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _answers(socks: list[socket.socket], seconds: float, silent: int = 0) -> dict[socket.socket, bytes]:
    """What each raw socket has said until it showed its first board (`data: `), was refused or
    closed, or `seconds` passed, once at most `silent` of them are still waiting: the bound is the
    test's guard against waiting forever, not a measurement. A socket the server still holds and
    has not answered is left out."""
    said = {sock: b"" for sock in socks}
    waiting = selectors.DefaultSelector()
    for sock in socks:
        sock.setblocking(False)
        waiting.register(sock, selectors.EVENT_READ)
    deadline = time.monotonic() + seconds
    while len(waiting.get_map()) > silent and time.monotonic() < deadline:
        for key, _events in waiting.select(timeout=deadline - time.monotonic()):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                chunk = sock.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionError:
                chunk = b""
            said[sock] += chunk or b"(closed)"
            if not chunk or b"\ndata: " in said[sock] or said[sock].startswith(b"HTTP/1.1 503 "):
                waiting.unregister(sock)
    for key in list(waiting.get_map().values()):
        del said[key.fileobj]  # type: ignore[index]
    waiting.close()
    return said


@pytest.mark.slow
def test_the_tds_pause_answers_within_a_second_while_one_address_holds_half_open_sockets_and_streams(
        served: Served) -> None:
    """Issue 35's "Done when", on the real `serve`: from 127.0.0.1, 1,000 half-open sockets (headers
    never completed) and 1,500 anonymous change streams; the address keeps its 100 places (the
    streams among them get the board, every other socket is refused with 503 or closed), and the
    TD, from 127.0.0.2, logs in and pauses: answered in under a second. Without the cap per address
    the crowd takes every connection of the server and the TD's pause gets 503."""
    port = int(served.base.rsplit(":", 1)[1])
    half_sent = b"GET /api/board HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # and never the blank line
    follow = f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    with open_files(HALF_OPEN + STREAMS + 2 * SPARE_FILES), contextlib.ExitStack() as held:

        def crowd(count: int, request: bytes) -> list[socket.socket]:
            socks = [held.enter_context(socket.create_connection(("127.0.0.1", port), timeout=10))
                     for _n in range(count)]
            for sock in socks:
                with contextlib.suppress(OSError):  # a refused one may be closed already
                    sock.sendall(request)
            return socks

        # Some half-open sockets first, so they hold places too; then the streams, a hundred at a
        # time, each hundred answered before the next (as they would be granted, were there no cap
        # per address: a burst is partly refused by uvicorn's own backstop); then the rest.
        half_open = crowd(HALF_OPEN // 25, half_sent)
        said: dict[socket.socket, bytes] = {}
        for _hundred in range(STREAMS // 100):
            said |= _answers(crowd(100, follow), 20)
        half_open += crowd(HALF_OPEN - len(half_open), half_sent)

        granted = [sock for sock, text in said.items() if text.startswith(b"HTTP/1.1 200 ")]
        assert all(b"\ndata: " in said[sock] for sock in granted), "a granted stream got no board"
        assert 0 < len(granted) <= PER_ADDRESS and len(said) == STREAMS, (len(granted), len(said))
        assert all(text.startswith(b"HTTP/1.1 503 ") or text == b"(closed)"  # refused
                   for sock, text in said.items() if sock not in granted)

        transport = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=served.base, timeout=10, transport=transport) as td:
            login = td.post("/api/login", json={"staff": TD, "pin": TD_PIN})
            assert login.status_code == 200, login.text
            asked = time.monotonic()
            paused = td.post("/api/commands/clock/pause", json={},
                             headers={"X-CSRF-Token": login.json()["csrf"]})
            answered_in = time.monotonic() - asked
            assert paused.status_code == 200, paused.text
            assert answered_in < 1.0, f"the TD's pause took {answered_in:.2f} s"
        # The address's other places: half-open sockets the server holds (until HEADER_SECONDS).
        places = PER_ADDRESS - len(granted)
        refused = _answers(half_open, 20, silent=places)
        assert len(refused) >= HALF_OPEN - places and all(
            text.startswith(b"HTTP/1.1 503 ") or text == b"(closed)" for text in refused.values())


def _from(address: str, port: int, request: bytes, count: int,
          held: contextlib.ExitStack) -> list[socket.socket]:
    """`count` connections from `address` (a loopback address of its own), each sending `request`."""
    socks = []
    for _n in range(count):
        sock = held.enter_context(socket.socket())
        sock.bind((address, 0))
        sock.connect(("127.0.0.1", port))
        with contextlib.suppress(OSError):  # a refused one may be closed already
            sock.sendall(request)
        socks.append(sock)
    return socks


@pytest.mark.slow
def test_a_logged_in_td_is_answered_whatever_a_crowd_of_many_addresses_holds(served: Served) -> None:
    """Issue 35 promises staff a place that no number of viewers or half-open sockets can take. From
    25 addresses, each within its 100: 1,500 streams (every one the server grants), 500 requests
    whose bodies never come (every place an anonymous request may have), and 300 half-open
    sockets (past uvicorn's own limit of 2,050 connections, where it answered every request 503,
    the TD's too, before the app saw a session). Another viewer gets 503; the TD, logged in before,
    pauses and is answered within a second."""
    port = int(served.base.rsplit(":", 1)[1])
    stream = f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    no_body = (b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               b"Content-Length: 100\r\n\r\n")  # and never the body (closed after REQUEST_SECONDS)
    half_sent = b"GET /api/board HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    staff_places = MAX_CONNECTIONS // STAFF_SHARE
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    with open_files(MAX_CONNECTIONS + 3 * PER_ADDRESS + 2 * SPARE_FILES), contextlib.ExitStack() as held, \
            httpx.Client(base_url=served.base, timeout=10, transport=transport) as td:
        login = td.post("/api/login", json={"staff": TD, "pin": TD_PIN})
        assert login.status_code == 200, login.text
        said: dict[socket.socket, bytes] = {}
        for n in range(MAX_STREAMS // PER_ADDRESS):  # each address's streams answered before the next's
            said |= _answers(_from(f"127.0.0.{10 + n}", port, stream, PER_ADDRESS, held), 20)
        assert all(text.startswith(b"HTTP/1.1 200 ") and b"\ndata: " in text for text in said.values())
        waiting = [sock for n in range(5) for sock in _from(f"127.0.0.{30 + n}", port, no_body, 100, held)]
        refused = _answers(waiting, 20, silent=len(waiting) - staff_places)  # the staff's places
        for n in range(3):
            _from(f"127.0.0.{40 + n}", port, half_sent, PER_ADDRESS, held)

        viewer = httpx.Client(base_url=served.base, timeout=10,
                              transport=httpx.HTTPTransport(local_address="127.0.0.50"))
        with viewer:
            assert viewer.get("/api/board").status_code == 503
        asked = time.monotonic()
        paused = td.post("/api/commands/clock/pause", json={}, headers={"X-CSRF-Token": login.json()["csrf"]})
        answered_in = time.monotonic() - asked
        assert paused.status_code == 200, paused.text
        assert answered_in < 1.0, f"the TD's pause took {answered_in:.2f} s"
        assert len(refused) == staff_places and all(text.startswith(b"HTTP/1.1 503 ")
                                                    for text in refused.values())

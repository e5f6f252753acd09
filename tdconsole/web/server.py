"""Running the web app: uvicorn on one address and port, TLS with `--cert/--key`, one line on start.

It listens on 127.0.0.1 (this machine only) unless `--host` says otherwise, and the start line says
which: opening the tournament to the club's network is the TD's decision, never a default.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import gc
import ipaddress
import logging
import socket
import ssl
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.limits import MAX_CONNECTIONS, MAX_STREAMS
from tdconsole.i18n import _
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tdconsole.web.app import create_app
from tdconsole.web.edge import Refusals


def check_port(host: str, port: int) -> None:
    """A port already in use (or an address not on this machine) is one clear line, before anything."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise InvalidInput("--host {host!r}: {strerror}", host=host, strerror=error.strerror) from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        # As the server itself binds, so a port left in TIME_WAIT by a stopped server is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise InvalidInput(
                    "--port {port}: already in use on {host}; choose another port", port=port, host=host,
                ) from None
            raise InvalidInput(
                "cannot listen on {host}:{port}: {strerror}", host=host, port=port, strerror=error.strerror,
            ) from None


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _network_address(family: socket.AddressFamily, probe: str) -> str | None:
    """The address of this machine's default route (a UDP "connect" sends nothing), or None."""
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as udp:
        udp.connect((probe, 9))
        return str(udp.getsockname()[0])
    return None


def _own_addresses() -> set[str]:
    """This machine's names and addresses as a phone on the club's network may reach it: the host
    name, what it resolves to, and the address of the default route (a UDP "connect" sends nothing)."""
    found = {"localhost", "127.0.0.1", "::1", socket.gethostname(), f"{socket.gethostname()}.local"}
    with contextlib.suppress(OSError):
        found |= {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)}
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        if (address := _network_address(family, probe)) is not None:
            found.add(address)
    return found


def seat_url(host: str, port: int, tls: bool, public_url: str | None) -> str | None:
    """Where a phone in the room opens "find my seat" (the TV's QR code): under `public_url` when
    the TD gave one (a name, a reverse proxy), else at the address `serve` listens on, or this
    machine's network address when that is every address; None when only this machine can connect."""
    if public_url is not None:
        if not public_url.startswith(("http://", "https://")) or not urlsplit(public_url).hostname:
            raise InvalidInput("--public-url {url!r}: give the address as phones open it, like "
                               "http://192.168.1.20:8000", url=public_url)
        return public_url.rstrip("/") + "/seat"
    if _loopback(host):
        return None
    if host in ("0.0.0.0", "::", ""):
        found = _network_address(socket.AF_INET, "192.0.2.1")
        if found is None or ipaddress.ip_address(found).is_loopback:
            return None
        host = found
    shown = f"[{host}]" if ":" in host else host
    return f"{'https' if tls else 'http'}://{shown}:{port}/seat"


def allowed_hosts(host: str) -> set[str]:
    """What the Host header may name: the address `serve` listens on (and this machine's names and
    addresses when that is every address, 0.0.0.0 or ::), IPv6 addresses in brackets."""
    if host in ("0.0.0.0", "::", ""):
        names = _own_addresses()
    elif _loopback(host):
        names = {"localhost", "127.0.0.1", "::1", host}
    else:
        names = {host}
    return {f"[{name.split('%')[0]}]" if ":" in name else name.lower() for name in names}


def host_of(url: str) -> str:
    """The host of `url` as the Host header names it (lower case, IPv6 in brackets)."""
    name = urlsplit(url).hostname or ""
    return f"[{name}]" if ":" in name else name.lower()


# File handles kept free beyond the connection cap: the database, the log, uvicorn's own.
SPARE_FILES = 100


def file_limit() -> int:
    """The open-file limit, raised to the system's hard limit where the soft one is lower (macOS
    starts processes at 256): every connection is a file handle."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return MAX_CONNECTIONS + 2 * SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MAX_CONNECTIONS + 2 * SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    return wanted if soft == resource.RLIM_INFINITY else soft


class _OncePerMinute(logging.Filter):
    """A message logged once per refused connection (asyncio's traceback when it cannot accept one
    for lack of file handles, uvicorn's "Exceeded concurrency limit" from its backstop): one line a
    minute instead, without the traceback (the app's cap normally keeps both from happening)."""

    def __init__(self, fragment: str) -> None:
        super().__init__()
        self.fragment = fragment
        self._logged = -60.0

    def filter(self, record: logging.LogRecord) -> bool:
        if self.fragment not in str(record.msg):
            return True
        now = time.monotonic()
        if now - self._logged < 60:
            return False
        self._logged, record.exc_info, record.exc_text = now, None, None
        record.msg = f"{record.msg} (connections are refused for now; said once a minute at most)"
        return True


# How long a request's headers may take to arrive, from the connection's start or the first byte of
# a request on a kept-alive one. uvicorn times out only the idle wait after an answer, and restarts
# even that on every byte: 2,100 connections sending a header line every 15 s held the server's
# connections and the TD's pause got 503. A phone sends its few hundred bytes of headers at once.
HEADER_SECONDS = 10
# How long a whole request, its body included, may take to arrive from its first byte. Once its
# headers are in, uvicorn waits for the body for ever: a body sent a byte every few seconds held a
# connection, and a place among the requests answered at once, for as long as its sender liked. The
# largest body (MAX_WEB_BODY_BYTES, 64 KiB) takes a phone on poor Wi-Fi a few seconds.
REQUEST_SECONDS = 30


# Connections one address may hold at once (a phone's browser opens six at most, a TV two or
# three): 2,100 from one address held every connection of the server and the TD got 503. Not
# counted behind --trust-proxy, where every connection comes from the proxy's address.
PER_ADDRESS = 100
REFUSED_AT_ONCE = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\n"
                   b"Connection: close\r\n\r\n")
# Connections kept free below uvicorn's backstop (`limit_concurrency`): at that many connections it
# answers every request 503, the TD's too, before the app sees a session. Half-open sockets from
# many addresses (100 each) reached it and locked the TD out; now, as a connection comes in beyond
# this margin, the connection that has waited longest for its request's headers is closed instead
# (a browser sends its headers as it connects; only a stalled or idle socket waits).
ROOM_KEPT = 10


class _Connections:
    """One server's connections as HeadersInTime counts them (`protocol_for` makes one a server)."""

    def __init__(self) -> None:
        self.peers: Counter[str] = Counter()
        self.waiting: dict[HeadersInTime, None] = {}  # awaiting their request's headers, oldest first
        self.closing = 0  # closed here, still in uvicorn's count until their loss is seen
        self.made_room = Refusals("half-open connections (closed, the longest waiting first, to make "
                                  "room)", 0)  # its limit: the server's, known at the first connection


class HeadersInTime(H11Protocol):
    """uvicorn's HTTP/1.1 protocol (h11), closing a connection whose request headers are not
    complete within HEADER_SECONDS, or whose body is not complete within REQUEST_SECONDS of the
    request's start: a half-sent request (slowloris, on its headers or its body) cannot hold a
    connection. With `per_address` (a server's own subclass, `protocol_for`), an address beyond
    that many connections at once is answered 503 as it connects; under uvicorn's
    `limit_concurrency`, the connections waiting longest for their headers are closed as others
    come, so that requests (the TD's among them) always reach the app."""

    per_address: int | None = None
    room = _Connections()
    refusals = Refusals("connections from one address", PER_ADDRESS)
    _header_timer: asyncio.TimerHandle | None = None
    _body_timer: asyncio.TimerHandle | None = None
    _started = 0.0  # the loop's time at the request's first byte (or the connection's start)
    _peer: str | None = None
    _closed_here = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peers = self.room.peers
        peer = self.client[0] if self.client else None
        if self.per_address is not None and peer is not None:
            if peers[peer] >= self.per_address:
                self.refusals.note()
                transport.write(REFUSED_AT_ONCE)
                self._close()
                return
            peers[peer] += 1
            self._peer = peer
        self._arm()
        self._make_room()

    def _make_room(self) -> None:
        """Below uvicorn's backstop, whoever connects: the longest-waiting half-open sockets go."""
        if self.limit_concurrency is None:
            return
        room = self.room
        room.made_room.limit = self.limit_concurrency - ROOM_KEPT
        while len(self.connections) - room.closing > room.made_room.limit:
            oldest = next(iter(room.waiting), None)
            if oldest is None or oldest is self:
                return
            room.made_room.note()
            oldest._close()

    def _close(self) -> None:
        self._disarm()
        if not self._closed_here:
            self._closed_here = True
            self.room.closing += 1
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._header_timer is None and self._body_timer is None:
            self._started = self.loop.time()  # a request on a kept-alive connection begins
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.IDLE:  # a request begun (or none yet): its headers not in
            if self._header_timer is None:
                self._arm()
        elif state is h11.SEND_BODY:  # the headers are in, the body is coming: the rest of its time
            self._disarm()
            self._body_timer = self.loop.call_at(self._started + REQUEST_SECONDS, self._too_slow)
        else:  # the whole request is in (the answer is timed as uvicorn times it)
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        peers = self.room.peers
        if self._peer is not None:
            peers[self._peer] -= 1
            if not peers[self._peer]:
                del peers[self._peer]
            self._peer = None
        if self._closed_here:
            self._closed_here = False
            self.room.closing -= 1
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._started = self.loop.time()
        self._header_timer = self.loop.call_later(HEADER_SECONDS, self._too_slow)
        self.room.waiting[self] = None

    def _disarm(self) -> None:
        for timer in (self._header_timer, self._body_timer):
            if timer is not None:
                timer.cancel()
        self._header_timer = self._body_timer = None
        self.room.waiting.pop(self, None)

    def _too_slow(self) -> None:
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            self._close()
        else:
            self._disarm()


def protocol_for(per_address: int | None) -> type[HeadersInTime]:
    """The protocol of one server: its own count of connections per address, capped at
    `per_address` (None: not capped)."""

    class Capped(HeadersInTime):
        pass

    Capped.per_address, Capped.room = per_address, _Connections()
    return Capped


def start_line(name: str, host: str, port: int, tls: bool) -> str:
    scheme = "https" if tls else "http"
    shown = f"[{host}]" if ":" in host else host
    where = (_("this machine only; --host 0.0.0.0 opens it to the club's network") if _loopback(host)
             else _("open to the network"))
    return _("Serving {name!r} on {url} (listening on {host}: {where}). TV: /  players: /seat  "
             "staff: /remote. Ctrl+C stops it.").format(name=name, url=f"{scheme}://{shown}:{port}/",
                                                        host=host, where=where)


def serve(store: EventStore, tournament_id: int, *, host: str, port: int, cert: Path | None,
          key: Path | None, say: Callable[[str], None], trust_proxy: str | None = None,
          public_url: str | None = None) -> None:
    """Serve until Ctrl+C. X-Forwarded-For/-Proto are believed only from `trust_proxy` (a reverse
    proxy's address): from anyone else they would let a guesser pose as many addresses."""
    if (cert is None) != (key is None):
        raise InvalidInput("--cert and --key go together (the certificate and its private key)")
    if cert is not None and key is not None:
        try:
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(cert, key)
        except (OSError, ssl.SSLError) as error:
            reason = getattr(error, "strerror", None) or getattr(error, "reason", None) or str(error)
            raise InvalidInput(
                "--cert {cert} / --key {key}: cannot be used ({reason})", cert=cert, key=key, reason=reason,
            ) from None
    check_port(host, port)
    if trust_proxy is not None:
        try:
            ipaddress.ip_address(trust_proxy)
        except ValueError:
            raise InvalidInput("--trust-proxy {addr!r}: give the proxy's IP address", addr=trust_proxy) \
                from None
    phones = seat_url(host, port, cert is not None, public_url)
    hosts = allowed_hosts(host)
    if public_url is not None:  # the name phones use reaches this server: its Host header is ours
        hosts.add(host_of(public_url))
    files = file_limit()
    connections = max(10, min(MAX_CONNECTIONS, files - 2 * SPARE_FILES))
    app = create_app(store, tournament_id, secure=cert is not None, hosts=hosts, seat_url=phones,
                     max_connections=connections, max_streams=max(5, min(MAX_STREAMS, connections - 20)))
    logging.getLogger("asyncio").addFilter(_OncePerMinute("out of system resource"))
    logging.getLogger("uvicorn.error").addFilter(_OncePerMinute("Exceeded concurrency limit"))
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", lifespan="on",
        # The app refuses cleanly beyond its cap; uvicorn's own 503 is the backstop for idle
        # connections, still short of the file limit.
        limit_concurrency=connections + SPARE_FILES // 2,
        proxy_headers=trust_proxy is not None, forwarded_allow_ips=[trust_proxy] if trust_proxy else [],
        ssl_certfile=str(cert) if cert else None, ssl_keyfile=str(key) if key else None,
        # Open change streams would hold a stop (Ctrl+C) forever; they reconnect by themselves.
        timeout_graceful_shutdown=1,
        http=protocol_for(None if trust_proxy else PER_ADDRESS),
    )
    # The evening's log, loaded by now, stays until the server stops: the collector need not walk
    # it again at every full collection (at festival size a pause of a tenth of a second, in the
    # middle of building a change's board).
    web = app.state.web
    web.display.tighten_log()  # the server keeps it: compressed where a first open left it loose
    web.display.write_down()  # and the state a long first fold made, for every terminal
    gc.freeze()
    say(start_line(web.display.state.info.name, host, port, cert is not None))
    if not StaffStore(store).members():
        say(_("No staff can log in to /remote yet: tdconsole staff add NAME --role td"))
    uvicorn.Server(config).run()

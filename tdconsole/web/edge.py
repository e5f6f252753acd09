"""What every request meets before the app: the Host and Origin checks and the security headers.

- **Host**: only the names and addresses `serve` listens on (a page on another site that points its
  own name at this machine, DNS rebinding, gets 400 and never reaches a page or the API).
- **Origin**: a state-changing request (log-in included) that a browser sends from another page,
  or from a sandboxed frame (`Origin: null`), is refused with 403. A request without an Origin is
  not a browser's cross-site request (browsers send one with every POST), so scripts on the TD's
  machine keep working.
- **Capacity**: at most `max_connections` requests are answered at once (a TV's open change stream
  is one); the next is refused at once with 503 and Retry-After, and the log gets one line a minute
  however many were refused, so a flood of connections never takes the server's file handles nor
  fills its log with a traceback per connection.
- **Headers** on every answer: a Content-Security-Policy that allows only this server's own files
  (no inline script, no other site, no framing), X-Frame-Options, nosniff and no Referer.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Collection
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tdconsole.i18n import _

log = logging.getLogger("tdconsole.web")

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def host_name(header: str) -> str:
    """The Host header without its port, lower-case ("[::1]:8000" -> "[::1]")."""
    header = header.strip().lower()
    if header.startswith("["):
        return header.split("]", 1)[0] + "]"
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def _headers(scope: Scope) -> dict[str, str]:
    return {key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]}


async def refuse(send: Send, status: int, message: str,
                 headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    """A one-line JSON refusal, with the security headers."""
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS, *headers]})
    await send({"type": "http.response.body", "body": body})


class Refusals:
    """Refusals for lack of room, logged as one line a minute (never one per connection)."""

    EVERY = 60.0

    def __init__(self, what: str, limit: int) -> None:
        self.what, self.limit = what, limit
        self._since, self._logged = 0, -self.EVERY

    def note(self) -> None:
        self._since += 1
        now = time.monotonic()
        if now - self._logged >= self.EVERY:
            log.warning("refused %d %s: at the limit of %d (the next such line in a minute at most)",
                        self._since, self.what, self.limit)
            self._since, self._logged = 0, now


# The share of the requests answered at once kept for logged-in staff (100 of 2,000): no number
# of viewers, streams or guessers can take it, so the TD's clock keys and the remote answer.
STAFF_SHARE = 20


def session_token(scope: Scope, cookie: str) -> str | None:
    """The value of the cookie named `cookie` in the request's Cookie header, if any."""
    for key, value in scope["headers"]:
        if key == b"cookie":
            for part in value.decode("latin-1").split(";"):
                name, _equals, found = part.strip().partition("=")
                if name == cookie:
                    return str(found)
    return None


class Edge:
    """The ASGI middleware; `hosts` None checks no Host (the in-process tests' own client).
    `staff` says whether a session token is a logged-in member's (auth.KnownStaff.knows): theirs
    may use the last `max_connections // STAFF_SHARE` places, which everyone else is refused."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] | None, max_connections: int,
                 staff: Callable[[str], bool] | None = None, cookie: str = "") -> None:
        self.app = app
        self.hosts = None if hosts is None else {host_name(h) for h in hosts}
        self.max_connections = max_connections
        self.reserved = max_connections // STAFF_SHARE if staff is not None else 0
        self.staff, self.cookie = staff, cookie
        self.busy = 0  # requests being answered (one event loop: no lock needed)
        self.refusals = Refusals("requests", max_connections)

    def _is_staff(self, scope: Scope) -> bool:
        token = session_token(scope, self.cookie)
        return bool(token) and self.staff is not None and self.staff(token or "")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.busy >= self.max_connections - self.reserved and (
                self.busy >= self.max_connections or not self._is_staff(scope)):
            self.refusals.note()
            await refuse(send, 503, _("the server is at its limit of connections; try again shortly"),
                         ((b"retry-after", b"2"),))
            return
        self.busy += 1
        try:
            await self._checked(scope, receive, send)
        finally:
            self.busy -= 1

    async def _checked(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        host = headers.get("host", "")
        if self.hosts is not None and host_name(host) not in self.hosts:
            await refuse(send, 400, _("this server does not answer to that host name (the Host header)"))
            return
        if scope["method"] not in SAFE_METHODS and not self._same_origin(scope, headers, host):
            await refuse(send, 403, _("cross-site request refused (the Origin is not this server)"))
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {key.lower() for key, _value in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in SECURITY_HEADERS if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, with_headers)

    @staticmethod
    def _same_origin(scope: Scope, headers: dict[str, Any], host: str) -> bool:
        if headers.get("sec-fetch-site") == "cross-site":
            return False
        origin = headers.get("origin")
        if origin is None:
            return True
        return bool(origin == f"{scope.get('scheme', 'http')}://{host.strip().lower()}")

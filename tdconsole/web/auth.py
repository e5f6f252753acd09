"""Staff sessions for the web remote: PIN log-in, the session cookie, the CSRF token, the lock-out.

- The session is a random token in an HttpOnly, SameSite=Strict cookie: page scripts cannot read it
  and no other site's page can send it.
- Every state-changing request also carries the session's CSRF token in `X-CSRF-Token`, a header a
  page on another site cannot set (synchroniser token, on top of SameSite).
- Five wrong PINs from one address within five minutes lock that address out for five minutes, even
  for the right PIN: a 4-digit PIN then takes weeks to guess from one phone.
The clock is injected (monotonic seconds), so the tests move time instead of waiting for it.
"""

from __future__ import annotations

import secrets
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]

COOKIE = "tdconsole_session"
CSRF_HEADER = "X-CSRF-Token"
# A tournament night, and then some: a phone logged in before the start stays in until the end.
SESSION_SECONDS = 16 * 3600
WRONG_PINS = 5
WINDOW_SECONDS = 5 * 60
LOCKOUT_SECONDS = 5 * 60


@dataclass(frozen=True, slots=True)
class WebSession:
    token: str
    staff: str
    csrf: str
    expires: float

    def csrf_matches(self, given: str | None) -> bool:
        return given is not None and secrets.compare_digest(given.encode(), self.csrf.encode())


class Sessions:
    """The logged-in phones, in memory: a restart of `tdconsole serve` logs everyone out."""

    def __init__(self, clock: Clock, lifetime: float = SESSION_SECONDS) -> None:
        self._clock = clock
        self._lifetime = lifetime
        self._open: dict[str, WebSession] = {}
        self._lock = threading.Lock()

    def open(self, staff: str) -> WebSession:
        session = WebSession(secrets.token_urlsafe(32), staff, secrets.token_urlsafe(32),
                             self._clock() + self._lifetime)
        with self._lock:
            self._open[session.token] = session
        return session

    def get(self, token: str | None) -> WebSession | None:
        if not token:
            return None
        with self._lock:
            session = self._open.get(token)
            if session is not None and session.expires <= self._clock():
                del self._open[token]
                return None
        return session

    def close(self, token: str | None) -> None:
        with self._lock:
            self._open.pop(token or "", None)


class LoginGuard:
    """Wrong PINs per address: five within the window lock the address out (429) for a while."""

    def __init__(self, clock: Clock, *, limit: int = WRONG_PINS, window: float = WINDOW_SECONDS,
                 lockout: float = LOCKOUT_SECONDS) -> None:
        self._clock = clock
        self._limit, self._window, self._lockout = limit, window, lockout
        self._wrong: dict[str, deque[float]] = {}
        self._locked_until: dict[str, float] = {}
        self._lock = threading.Lock()

    def locked_for(self, address: str) -> float:
        """Seconds this address is still locked out (0: it may try)."""
        with self._lock:
            until = self._locked_until.get(address)
            if until is None:
                return 0.0
            left = until - self._clock()
            if left <= 0:
                del self._locked_until[address]
                return 0.0
            return left

    def wrong(self, address: str) -> None:
        now = self._clock()
        with self._lock:
            recent = self._wrong.setdefault(address, deque())
            recent.append(now)
            while recent and recent[0] <= now - self._window:
                recent.popleft()
            if len(recent) >= self._limit:
                self._locked_until[address] = now + self._lockout
                del self._wrong[address]

    def right(self, address: str) -> None:
        with self._lock:
            self._wrong.pop(address, None)

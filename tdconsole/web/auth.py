"""Staff sessions for the web remote: PIN log-in, the session cookie, the CSRF token, the lock-out.

- The session is a random token in an HttpOnly, SameSite=Strict cookie: page scripts cannot read it
  and no other site's page can send it. It is kept in the database (only its digest), so a restart
  of `tdconsole serve` keeps phones logged in; it ends on log-out, on expiry, when the member is
  removed and when their PIN changes (store/staff.py binds it to the record and the PIN).
- Every state-changing request also carries the session's CSRF token in `X-CSRF-Token`, a header a
  page on another site cannot set (synchroniser token, on top of SameSite and the Origin check).
- Guesses are counted per address and per staff name, each counted before its PIN is checked, so
  guesses sent at once count too: five within five minutes lock the address or the name out for five
  minutes, and a name gets at most ten wrong guesses an hour from anywhere. A good log-in takes back
  only its own guess, never another's: a 4-digit PIN then takes weeks, not minutes. The counts and
  lock-outs are kept in the database (store/login_counts.py), so a restart of `serve` keeps them.
The clock is injected (seconds since the epoch: sessions outlive the process), so the tests move
time instead of waiting for it.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass

from tdconsole.domain.text import name_key
from tdconsole.store.event_store import EventStore
from tdconsole.store.login_counts import LoginCounts, Rule
from tdconsole.store.staff import StaffMember, StaffStore

Clock = Callable[[], float]

COOKIE = "tdconsole_session"
CSRF_HEADER = "X-CSRF-Token"
# A tournament night, and then some: a phone logged in before the start stays in until the end.
SESSION_SECONDS = 16 * 3600
WRONG_PINS = 5  # per address and per name, within the window
WINDOW_SECONDS = 5 * 60
LOCKOUT_SECONDS = 5 * 60
GUESSES_PER_HOUR = 10  # wrong PINs for one staff name, from all addresses together
HOUR = 3600.0
MAX_KEY = 120  # a counted key's length in the database (an IPv6 address and its prefix fit)


@dataclass(frozen=True, slots=True)
class WebSession:
    token: str
    staff: str
    csrf: str
    expires: float

    def csrf_matches(self, given: str | None) -> bool:
        return given is not None and secrets.compare_digest(given.encode(), self.csrf.encode())


class KnownStaff:
    """The session tokens this server has seen valid, until their session expires: read by the edge
    (web/edge.py) to let logged-in staff into the capacity kept for them, without a database
    read per request. Only admission: every request is still checked against the database where it
    is answered. Kept as digests; a token seen to have ended is forgotten."""

    MOST = 10_000  # beyond this many, the expired ones go

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._until: dict[bytes, float] = {}
        self._lock = threading.Lock()  # noted from the endpoints' threads, read on the event loop

    @staticmethod
    def _key(token: str) -> bytes:
        return hashlib.sha256(token.encode()).digest()

    def note(self, token: str, expires: float) -> None:
        with self._lock:
            if len(self._until) >= self.MOST:
                now = self._clock()
                self._until = {key: until for key, until in self._until.items() if until > now}
            self._until[self._key(token)] = expires

    def forget(self, token: str) -> None:
        with self._lock:
            self._until.pop(self._key(token), None)

    def knows(self, token: str) -> bool:
        with self._lock:
            until = self._until.get(self._key(token))
        return until is not None and until > self._clock()


class Sessions:
    """The logged-in phones, in the database next to the staff they belong to."""

    def __init__(self, staff: StaffStore, clock: Clock, lifetime: float = SESSION_SECONDS) -> None:
        self._staff = staff
        self._clock = clock
        self._lifetime = lifetime
        self.known = KnownStaff(clock)

    def open(self, member: StaffMember) -> WebSession | None:
        """A new session for `member` (None if they were removed meanwhile)."""
        now = self._clock()
        session = WebSession(secrets.token_urlsafe(32), member.name, secrets.token_urlsafe(32),
                             now + self._lifetime)
        if not self._staff.open_session(member.name, session.token, session.csrf, session.expires, now):
            return None
        self.known.note(session.token, session.expires)
        return session

    def get(self, token: str | None) -> tuple[WebSession, StaffMember] | None:
        """The session and its member as the staff list has them now; None when it has ended."""
        if not token or len(token) > 100:
            return None
        found = self._staff.session(token, self._clock())
        if found is None:
            self.known.forget(token)
            return None
        self.known.note(token, found.expires)
        return WebSession(token, found.member.name, found.csrf, found.expires), found.member

    def close(self, token: str | None) -> None:
        if token:
            self.known.forget(token)
            self._staff.close_session(token)


class LockedOut(Exception):
    """No guess now: `seconds` until the next one may be tried."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


@dataclass(frozen=True, slots=True)
class Guess:
    """One PIN being checked: its keys, the rows that count it, and the time it was counted at."""

    keys: tuple[str, str]
    ids: tuple[int, ...]
    at: float


class LoginGuard:
    """Guesses per address and per staff name (see the module's docstring for the rule), counted
    in the database (store/login_counts.py): a restart of `serve` keeps a lock-out."""

    def __init__(self, clock: Clock, store: EventStore, *, limit: int = WRONG_PINS,
                 window: float = WINDOW_SECONDS, lockout: float = LOCKOUT_SECONDS,
                 hourly: int = GUESSES_PER_HOUR) -> None:
        self._clock = clock
        self._counts = LoginCounts(store, Rule(limit, window, lockout, hourly, HOUR))
        # The database's transaction makes each count whole; this keeps this server's guesses
        # sent at once queued here, in turn, rather than each retrying for SQLite's write lock.
        self._lock = threading.Lock()

    def begin(self, address: str, name: str) -> Guess:
        """Count a guess before its PIN is checked (LockedOut if it may not be tried): the check
        and the count in one transaction, so guesses sent at once are counted one by one."""
        now = self._clock()
        keys = (f"address:{address}"[:MAX_KEY], f"name:{name_key(name)[:100]}")
        with self._lock:
            wait, ids = self._counts.begin(keys, keys[1], now)
        if wait > 0:
            raise LockedOut(wait)
        return Guess(keys, ids, now)

    def wrong(self, guess: Guess) -> None:
        """The PIN was wrong: the guess stays counted; the fifth within the window locks out."""
        with self._lock:
            self._counts.wrong(guess.keys, self._clock())

    def right(self, guess: Guess) -> None:
        """The PIN was right: this guess alone is taken back (others' wrong guesses stay)."""
        with self._lock:
            self._counts.right(guess.ids, self._clock())

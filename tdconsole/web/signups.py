"""The public sign-up's guard (T-SIGNUP-1): `POST /api/signups` needs no account, so it must keep
bots and floods out without a third party's service:

* a challenge the page was given (signed by this server, so it keeps no list of them), at least
  MIN_SECONDS old (a person takes longer to type a name) and at most MAX_SECONDS, used once;
* a proof of work on it: SHA-256 of "challenge:nonce" starting with WORK_BITS zero bits, which the
  page finds in a second or so and a bot must pay for every sign-up;
* a honeypot field a person never sees, which a form-filling bot fills in;
* at most PER_ADDRESS sign-ups per address in WINDOW seconds; and the domain's own bound on the
  sign-ups waiting (players/signups.py).

No cookie is read, so a page elsewhere gains nothing by posting here (no CSRF); the body must be
JSON, which a cross-site form cannot send without the browser asking first."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections import deque
from dataclasses import dataclass, field

from tdconsole.i18n import N_
from tdconsole.web.auth import Clock

MIN_SECONDS = 3.0
MAX_SECONDS = 3600.0
WORK_BITS = 12
PER_ADDRESS = 5
WINDOW = 600.0
ADDRESSES = 10_000  # the addresses remembered at most (the oldest forgotten first)


class Refused(Exception):
    """A sign-up the guard turns away: `status` and an English one-line reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def proof_ok(challenge: str, nonce: str, bits: int = WORK_BITS) -> bool:
    """Whether SHA-256("challenge:nonce") starts with `bits` zero bits.

    >>> proof_ok("c", "x", bits=0)
    True
    >>> any(proof_ok("c", str(n), bits=4) for n in range(200))
    True
    """
    digest = int.from_bytes(hashlib.sha256(f"{challenge}:{nonce}".encode()).digest(), "big")
    return digest >> (256 - bits) == 0 if bits else True


@dataclass
class SignupGuard:
    clock: Clock
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    _used: dict[str, float] = field(default_factory=dict)
    _seen: dict[str, deque[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def challenge(self) -> str:
        """A new challenge for a sign-up page: when it was given, a random part, and their MAC."""
        body = f"{self.clock():.3f}.{secrets.token_hex(8)}"
        return f"{body}.{self._mac(body)}"

    def _mac(self, body: str) -> str:
        return hmac.new(self.secret, body.encode(), hashlib.sha256).hexdigest()[:32]

    def check(self, address: str, challenge: object, nonce: object, honeypot: object) -> None:
        """Refused unless the sign-up passes every check (the module's docstring)."""
        now = self.clock()
        if honeypot:
            raise Refused(400, N_("the sign-up could not be taken"))
        if not isinstance(challenge, str) or not isinstance(nonce, str) or len(challenge) > 100 \
                or len(nonce) > 40:
            raise Refused(400, N_("the sign-up form is out of date: open the page again"))
        body, _dot, mac = challenge.rpartition(".")
        try:
            given = float(body.split(".", 2)[0] + "." + body.split(".", 2)[1])
        except (IndexError, ValueError):
            given = -1.0
        if given < 0 or not hmac.compare_digest(mac, self._mac(body)) or now - given > MAX_SECONDS:
            raise Refused(400, N_("the sign-up form is out of date: open the page again"))
        if now - given < MIN_SECONDS:
            raise Refused(429, N_("too fast: take a moment and send it again"))
        if not proof_ok(challenge, nonce):
            raise Refused(400, N_("the sign-up form is out of date: open the page again"))
        with self._lock:
            self._used = {key: at for key, at in self._used.items() if now - at <= MAX_SECONDS}
            if challenge in self._used:
                raise Refused(400, N_("the sign-up form is out of date: open the page again"))
            seen = self._seen.setdefault(address, deque())
            while seen and now - seen[0] > WINDOW:
                seen.popleft()
            if len(seen) >= PER_ADDRESS:
                raise Refused(429, N_("too many sign-ups from this address: ask at the desk"))
            seen.append(now)
            self._used[challenge] = now
            while len(self._seen) > ADDRESSES:
                del self._seen[next(iter(self._seen))]

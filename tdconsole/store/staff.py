"""The staff who may log in to the web remote: a name, a role, and a PIN kept only as a slow salted hash.

argon2id (argon2-cffi's defaults: the RFC 9106 low-memory profile) makes each guess cost tens of
milliseconds and megabytes, and the web locks an address out after five wrong PINs; a short PIN is
then good enough for a club's phones. The PIN itself is never stored nor logged.

The web remote's sessions live here too (`web_sessions`), so a restart of `tdconsole serve` keeps
phones logged in. A session is bound to the staff record and PIN it was opened with: removing the
member deletes it, and a new PIN (or a member removed and added again) no longer matches it.
"""

from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, cast, get_args

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Row, delete, insert, select
from sqlalchemy.exc import IntegrityError

from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.text import MAX_LABEL, check_text, name_key, visible
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import staff_table, web_session_table

StaffRole = Literal["td", "floor"]
ROLES: tuple[str, ...] = get_args(StaffRole)
PIN = re.compile(r"^[0-9]{4,12}$")
_hasher = PasswordHasher()
# PIN checks running at once in this process. argon2id holds 64 MiB for each check (argon2-cffi's
# default memory cost), and nothing else bounds how many log-ins arrive together: 40 wrong ones at
# once took `serve` from 122 MB to 2,470 MB. Two at a time hold at most 128 MiB; a check takes tens
# of milliseconds, so the others wait briefly (the web waits for its turn off its shared threads).
PIN_CHECKS_AT_ONCE = 2
_pin_checks = threading.BoundedSemaphore(PIN_CHECKS_AT_ONCE)
# Checked when the name is unknown, so a wrong name costs as long as a wrong PIN (no name probing).
_DUMMY_HASH = _hasher.hash("0000")


@dataclass(frozen=True, slots=True)
class StaffMember:
    name: str
    role: StaffRole
    created_at: datetime

    def as_json(self) -> dict[str, str]:
        return {"name": self.name, "role": self.role, "created_at": self.created_at.isoformat()}


def staff_name(raw: str) -> str:
    if not raw.strip():
        raise InvalidInput("staff name: give a name")
    # The staff member's name is the actor of what they do: the same text and length.
    return check_text("staff name", raw, MAX_LABEL)


def check_pin(pin: str) -> str:
    if not PIN.match(pin):
        raise InvalidInput("PIN: 4 to 12 digits")
    return pin


def _role(raw: str) -> StaffRole:
    if raw not in ROLES:
        raise InvalidInput("--role must be td or floor, not {raw!r}", raw=raw)
    return cast(StaffRole, raw)


_COLUMNS = (staff_table.c.name, staff_table.c.role, staff_table.c.created_at, staff_table.c.pin_hash,
            staff_table.c.id)
_StaffRow = Row[Any, Any, Any, Any, Any]  # one value for each of _COLUMNS


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class StaffSession:
    """A logged-in phone as the database has it: who, its CSRF token, and when it ends."""

    member: StaffMember
    csrf: str
    expires: float


def _member(row: _StaffRow | Row[Any, Any, Any, Any, Any, Any, Any, Any]) -> StaffMember:
    """The member of a staff row (alone, or joined to its session's three columns)."""
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    return StaffMember(visible(row.name), _role(row.role), created)


class StaffStore:
    """The staff table, in the same database as the tournaments (and the same connection handling)."""

    def __init__(self, events: EventStore) -> None:
        self.events = events

    def add(self, name: str, role: str, pin: str) -> StaffMember:
        name, chosen, pin = staff_name(name), _role(role), check_pin(pin)
        member = StaffMember(name, chosen, datetime.now(UTC))
        try:
            with self.events.connection(write=True) as connection:
                connection.execute(insert(staff_table).values(
                    name=name, key=name_key(name)[:MAX_LABEL], role=chosen, pin_hash=_hasher.hash(pin),
                    created_at=member.created_at))
        except IntegrityError:
            raise InvalidInput("staff {name!r} already exists (staff remove it first)", name=name) from None
        return member

    def remove(self, name: str) -> None:
        key = name_key(staff_name(name))[:MAX_LABEL]
        with self.events.connection(write=True) as connection:
            gone = connection.execute(delete(staff_table).where(staff_table.c.key == key)).rowcount
        if not gone:
            raise NotFound("no staff member named {strip!r}", strip=name.strip())

    def members(self) -> list[StaffMember]:
        with self.events.connection(write=False) as connection:
            rows = connection.execute(select(*_COLUMNS).order_by(staff_table.c.key)).all()
        return [_member(row) for row in rows]

    def get(self, name: str) -> StaffMember | None:
        """The staff member now (a removed one is gone at once, even from a live web session)."""
        row = self._row(name)
        return None if row is None else _member(row)

    def verify(self, name: str, pin: str) -> StaffMember | None:
        """The staff member if `pin` is theirs; None for a wrong PIN or an unknown name alike."""
        row = self._row(name)
        try:
            with _pin_checks:
                _hasher.verify(row.pin_hash if row is not None else _DUMMY_HASH, pin)
        except (VerificationError, InvalidHashError):
            return None
        return None if row is None else _member(row)

    # ------------------------------------------------------------ web sessions

    def open_session(self, name: str, token: str, csrf: str, expires: float, now: float) -> bool:
        """Keep a session for `name` (False: no such member any more); sessions past `now` go."""
        row = self._row(name)
        if row is None:
            return False
        with self.events.connection(write=True) as connection:
            connection.execute(delete(web_session_table).where(web_session_table.c.expires <= now))
            connection.execute(insert(web_session_table).values(
                token_hash=_digest(token), staff_id=row.id, pin_stamp=_digest(row.pin_hash), csrf=csrf,
                expires=expires))
        return True

    def session(self, token: str, now: float) -> StaffSession | None:
        """The session of `token` if it is still valid at `now`: not expired, its member still on
        the list with the same PIN (the member as the record says now)."""
        query = (select(*_COLUMNS, web_session_table.c.pin_stamp, web_session_table.c.csrf,
                        web_session_table.c.expires)
                 .join(staff_table, staff_table.c.id == web_session_table.c.staff_id)
                 .where(web_session_table.c.token_hash == _digest(token)))
        with self.events.connection(write=False) as connection:
            row = connection.execute(query).one_or_none()
        if row is None or row.expires <= now or row.pin_stamp != _digest(row.pin_hash):
            return None
        return StaffSession(_member(row), row.csrf, row.expires)

    def close_session(self, token: str) -> None:
        with self.events.connection(write=True) as connection:
            connection.execute(delete(web_session_table).where(
                web_session_table.c.token_hash == _digest(token)))

    def _row(self, name: str) -> _StaffRow | None:
        key = name_key(name)[:MAX_LABEL]
        if not key:
            return None
        with self.events.connection(write=False) as connection:
            return connection.execute(select(*_COLUMNS).where(staff_table.c.key == key)).one_or_none()

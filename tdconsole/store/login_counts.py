"""The web remote's wrong-PIN counts and lock-outs, in the database beside the sessions: a restart
of `tdconsole serve` (or a second one on the same database) neither forgets a lock-out nor gives a
guesser fresh tries. The rule (five within five minutes, ten an hour for a name) is the web's
(`tdconsole/web/auth.py`, `LoginGuard`); this module keeps its counts, each change in one
transaction that no other log-in's count runs during.

A guess is a row per key it counts against (`address:IP`, `name:KEY`), written before its PIN is
checked; `in_window` is cleared when the guesses lock their key out, so they no longer count
towards the next five but still towards a name's hour. A lock-out is a row per key with its end.
Times are seconds since the epoch, as the sessions' are (they outlive the process).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, delete, func, insert, select, text, update

from tdconsole.store.event_store import EventStore
from tdconsole.store.models import login_guess_table, login_lockout_table

# Held for the length of a count's transaction on PostgreSQL, so guesses sent at once to two
# servers are counted one by one too. On SQLite the transaction's first statement is a write
# (clearing what has expired), which takes the database's write lock for the same effect.
COUNT_LOCK_KEY = 0x7464636C  # "tdcl"

_guess = login_guess_table.c
_lockout = login_lockout_table.c


@dataclass(frozen=True, slots=True)
class Rule:
    """How many wrong guesses lock a key out, within which window, for how long; and how many a
    name gets within `hour` from everywhere."""

    limit: int
    window: float
    lockout: float
    hourly: int
    hour: float


class LoginCounts:
    def __init__(self, events: EventStore, rule: Rule) -> None:
        self.events = events
        self.rule = rule

    def begin(self, keys: Sequence[str], hourly_key: str, now: float) -> tuple[float, tuple[int, ...]]:
        """Count a guess against each of `keys` unless one of them must wait: (seconds to wait, ())
        when it must, else (0, the ids of the rows counted). `hourly_key` is also held to the
        hourly limit."""
        with self.events.connection(write=True) as connection:
            self._take_turn(connection, now)
            wait = max(self._wait(connection, key, now, hourly=key == hourly_key) for key in keys)
            if wait > 0:
                return wait, ()
            ids = tuple(int(connection.execute(
                insert(login_guess_table).values(key=key, at=now, in_window=True)
                .returning(_guess.id)).scalar_one()) for key in keys)
        return 0.0, ids

    def wrong(self, keys: Sequence[str], now: float) -> None:
        """A guess was wrong (its rows stay counted): a key with `limit` guesses in the window is
        locked out, and those guesses no longer count towards its next `limit`."""
        rule = self.rule
        with self.events.connection(write=True) as connection:
            self._take_turn(connection, now)
            for key in keys:
                recent = connection.execute(select(func.count()).where(
                    _guess.key == key, _guess.in_window, _guess.at > now - rule.window)).scalar_one()
                if recent >= rule.limit:
                    connection.execute(delete(login_lockout_table).where(_lockout.key == key))
                    connection.execute(insert(login_lockout_table).values(key=key, until=now + rule.lockout))
                    connection.execute(update(login_guess_table).where(_guess.key == key)
                                       .values(in_window=False))

    def right(self, ids: Sequence[int], now: float) -> None:
        """A guess was right: its own rows are taken back, nobody else's."""
        with self.events.connection(write=True) as connection:
            self._take_turn(connection, now)
            connection.execute(delete(login_guess_table).where(_guess.id.in_(list(ids))))

    def _take_turn(self, connection: Connection, now: float) -> None:
        """The count's lock (see COUNT_LOCK_KEY), and what can no longer count cleared."""
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": COUNT_LOCK_KEY})
        oldest = now - max(self.rule.window, self.rule.hour)
        connection.execute(delete(login_guess_table).where(_guess.at <= oldest))
        connection.execute(delete(login_lockout_table).where(_lockout.until <= now))

    def _wait(self, connection: Connection, key: str, now: float, *, hourly: bool) -> float:
        """Seconds until `key` may guess again (0: now): its lock-out, `limit` guesses in the
        window still counted (those being checked: the next waits for them), or its hour full."""
        rule = self.rule
        until = connection.execute(select(_lockout.until).where(_lockout.key == key)).scalar() or 0.0
        count, first = connection.execute(select(func.count(), func.min(_guess.at)).where(
            _guess.key == key, _guess.in_window, _guess.at > now - rule.window)).one()
        if count >= rule.limit:
            until = max(until, first + rule.window)
        if hourly:
            count, first = connection.execute(select(func.count(), func.min(_guess.at)).where(
                _guess.key == key, _guess.at > now - rule.hour)).one()
            if count >= rule.hourly:
                until = max(until, first + rule.hour)
        return max(0.0, float(until) - now)

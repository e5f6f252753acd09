"""The web remote's wrong-PIN counts in the database (store/login_counts.py), on both backends: a
new store over the same database (a restarted `serve`) keeps the lock-out; a right guess takes
back its own count only; the lock-out ends when its time is up."""

from __future__ import annotations

from tdconsole.store.event_store import EventStore
from tdconsole.store.login_counts import LoginCounts, Rule

RULE = Rule(limit=5, window=300.0, lockout=300.0, hourly=10, hour=3600.0)
KEYS = ("address:192.0.2.1", "name:tove")


def test_a_lock_out_is_kept_in_the_database(db_url: str) -> None:
    store = EventStore.open(db_url)
    counts = LoginCounts(store, RULE)
    for guess in range(5):
        wait, ids = counts.begin(KEYS, KEYS[1], 1000.0 + guess)
        assert wait == 0 and len(ids) == 2
        counts.wrong(KEYS, 1000.0 + guess)
    store.close()
    restarted = EventStore.open(db_url)
    again = LoginCounts(restarted, RULE)
    assert again.begin(KEYS, KEYS[1], 1010.0) == (294.0, ())  # locked at 1004 for five minutes
    assert again.begin(("address:192.0.2.2", "name:tove"), "name:tove", 1010.0)[0] == 294.0
    wait, ids = again.begin(("address:192.0.2.2", "name:frank"), "name:frank", 1010.0)
    assert wait == 0
    again.right(ids, 1010.0)  # a good log-in takes back its own guess, not Tove's
    assert again.begin(KEYS, KEYS[1], 1303.0)[0] == 1.0
    assert again.begin(KEYS, KEYS[1], 1304.0)[0] == 0
    restarted.close()

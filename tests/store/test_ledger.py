"""The log that proves itself (store/ledger.py), on SQLite and on a real PostgreSQL: every event
hashes its canonical content and the previous event's hash; plain SQL on a stored event is named
by `verify`; the migration that added the chain chains the logs that were there."""

from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import select, text

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store import db, ledger
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import event_table
from tests.conftest import FakeClock
from tests.schema import rewind


def _evening(store: EventStore, players: int = 6) -> Service:
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                             now=FakeClock())
    for i in range(players):
        service.execute(Register(names=[f"Player {i}", f"Åse {i}"]))
    return service


def _hashes(store: EventStore, tournament: int) -> list[tuple[str, str]]:
    with store.engine.connect() as connection:
        return [(row.prev_hash, row.hash) for row in connection.execute(text(
            "SELECT prev_hash, hash FROM events WHERE tournament_id = :t ORDER BY seq"), {"t": tournament})]


def test_each_event_hashes_its_canonical_content_and_the_previous_hash(store: EventStore) -> None:
    service = _evening(store, players=1)
    chain = _hashes(store, service.tournament_id)
    assert chain[0][0] == "0" * 64
    assert [prev for prev, _own in chain[1:]] == [own for _prev, own in chain[:-1]]
    # The definition, written out by hand: sorted keys, no whitespace, UTF-8, time in UTC.
    second = store.load(service.tournament_id)[1]
    content = {"tournament": service.tournament_id, "seq": 2, "time": "2026-11-27T19:00:00.000000Z",
               "actor": "td", "command_id": second.command_id, "type": "player_registered",
               "payload": second.event.model_dump(mode="json"), "prev": chain[0][1]}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert hashlib.sha256(canonical.encode("utf-8")).hexdigest() == chain[1][1]
    check = store.verify(service.tournament_id)
    assert check.ok and check.events == 3 and check.head == chain[-1][1]


def test_a_payload_edited_with_plain_sql_is_named(store: EventStore) -> None:
    service = _evening(store)
    with store.engine.begin() as connection:
        row = connection.execute(text("SELECT payload FROM events WHERE tournament_id = :t AND seq = 5"),
                                 {"t": service.tournament_id}).scalar_one()
        payload = row if isinstance(row, dict) else json.loads(row)
        payload["name"] = "Mallory"
        connection.execute(text("UPDATE events SET payload = :p WHERE tournament_id = :t AND seq = 5"),
                           {"p": json.dumps(payload), "t": service.tournament_id})
    check = store.verify(service.tournament_id)
    assert (check.bad_seq, check.reason, check.events) == (5, ledger.CHANGED, 4)


@pytest.mark.parametrize(("sql", "seq", "reason"), [
    ("UPDATE events SET actor = 'mallory' WHERE seq = 3", 3, ledger.CHANGED),
    ("UPDATE events SET time = time WHERE seq = 3", None, ""),  # written back unchanged: intact
    ("DELETE FROM events WHERE seq = 4", 4, ledger.MISSING),
    ("UPDATE events SET hash = '' WHERE seq = 2", 2, ledger.UNHASHED),
    # The event rewritten with a fresh hash of its own: the next event no longer follows it. Its
    # first digit becomes another (the hash covers a random command id: an 'f' one time in 16).
    ("UPDATE events SET hash = CASE WHEN hash LIKE 'f%' THEN '0' ELSE 'f' END || substr(hash, 2) "
     "WHERE seq = 6", 7, ledger.REWRITTEN),
])
def test_every_kind_of_tampering_is_named_at_the_first_event_it_touches(
        store: EventStore, sql: str, seq: int | None, reason: str) -> None:
    service = _evening(store)
    with store.engine.begin() as connection:
        connection.execute(text(sql.replace("WHERE", "WHERE tournament_id = :t AND")),
                           {"t": service.tournament_id})
    check = store.verify(service.tournament_id)
    if sql.endswith("seq = 6"):  # seq 6 itself no longer gives its (rewritten) hash first
        assert (check.bad_seq, check.reason) == (6, ledger.CHANGED)
        return
    assert (check.bad_seq, check.reason) == (seq, reason)


def test_a_rewritten_event_with_a_consistent_hash_breaks_the_next_link(store: EventStore) -> None:
    service = _evening(store)
    tournament = service.tournament_id
    with store.engine.begin() as connection:
        events = event_table.c
        row = connection.execute(select(event_table).where(
            events.tournament_id == tournament, events.seq == 4)).mappings().one()
        forged = dict(row, payload={**row["payload"], "name": "Mallory"})
        digest = ledger.event_hash(tournament, forged, row["prev_hash"])
        connection.execute(text("UPDATE events SET payload = :p, hash = :h WHERE tournament_id = :t "
                                "AND seq = 4"), {"p": json.dumps(forged["payload"]), "h": digest,
                                                 "t": tournament})
    check = store.verify(tournament)
    assert (check.bad_seq, check.reason) == (5, ledger.REWRITTEN)


def test_a_stale_writer_retries_onto_the_chain(store: EventStore) -> None:
    first = _evening(store, players=1)
    second = Service(store, first.tournament_id, now=first.now)
    first.execute(Register(names=["East"]))
    second.execute(Register(names=["West"]))  # its seq was taken: Conflict, reload, retry
    assert store.verify(first.tournament_id).ok
    assert store.verify(first.tournament_id).events == 5


def test_the_migration_chains_the_logs_that_were_there(db_url: str) -> None:
    engine = db.make_engine(db_url)
    db.upgrade(engine)
    store = EventStore(engine)
    friday, saturday = _evening(store), _evening(store, players=2)
    before = [_hashes(store, t.tournament_id) for t in (friday, saturday)]
    rewind(engine, "0008")  # as an older tdconsole left it
    db.upgrade(engine)
    # The same definition at the upgrade as at an append: the same hashes, and every log verifies.
    assert [_hashes(store, t.tournament_id) for t in (friday, saturday)] == before
    assert all(store.verify(t.tournament_id).ok for t in (friday, saturday))
    friday.execute(Register(names=["Late"]))
    assert store.verify(friday.tournament_id).events == 14
    engine.dispose()

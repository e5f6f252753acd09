"""`verify` proves the state snapshots (club/snapshot_check.py), on SQLite and PostgreSQL: each
stored snapshot is compared with the fold of the log up to it, so one changed in the database is
named although the hash chain holds; one written by another fold is skipped, never called fine."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select, update

from tdconsole import service as service_module
from tdconsole.club.snapshot_check import SnapshotCheck, check_snapshots
from tdconsole.domain.commands import Undo
from tdconsole.service import Service
from tdconsole.store import snapshots
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import snapshot_table
from tests.store.test_snapshots import evening


@pytest.fixture(autouse=True)
def _often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 4)


def stored(store: EventStore, tournament_id: int) -> dict[int, bytes]:
    with store.engine.connect() as connection:
        rows = connection.execute(select(snapshot_table.c.seq, snapshot_table.c.state)
                                  .where(snapshot_table.c.tournament_id == tournament_id))
        return {int(row.seq): bytes(row.state) for row in rows}


def rewrite(store: EventStore, tournament_id: int, seq: int, **values: object) -> None:
    with store.engine.begin() as connection:
        connection.execute(update(snapshot_table).values(**values).where(
            snapshot_table.c.tournament_id == tournament_id, snapshot_table.c.seq == seq))


def results(checks: list[SnapshotCheck]) -> list[tuple[str, str | None]]:
    return [(check.result, check.why) for check in checks]


def test_honest_snapshots_match_the_fold_of_the_log_up_to_them(store: EventStore) -> None:
    desk = evening(store)
    desk.execute(Undo(actor="desk"))  # an undo between snapshots: the fold up to each still holds
    checks = check_snapshots(store, desk.tournament_id)
    assert len(checks) == 3 and [check.seq for check in checks] == sorted(stored(store, desk.tournament_id))
    assert results(checks) == [("matches", None)] * 3 and all(check.ok for check in checks)


def test_a_snapshot_with_one_players_chips_changed_is_named(store: EventStore) -> None:
    desk = evening(store)
    saved = stored(store, desk.tournament_id)
    seq = max(seq for seq, packed in saved.items()
              if json.loads(snapshots.unpack(packed))["state"]["chips"])
    data = json.loads(snapshots.unpack(saved[seq]))
    player = next(iter(data["state"]["chips"]))
    data["state"]["chips"][player] += 100_000
    rewrite(store, desk.tournament_id, seq, state=snapshots.pack(json.dumps(data).encode()))
    # The tampered snapshot is what a terminal opening the tournament now starts from ...
    assert Service(store, desk.tournament_id).state.chips[player] == data["state"]["chips"][player]
    # ... and only verify, folding the log, can tell.
    checks = check_snapshots(store, desk.tournament_id)
    assert [(check.seq, check.result) for check in checks if not check.ok] == [(seq, "differs")]


def test_a_snapshot_that_cannot_be_read_is_named(store: EventStore) -> None:
    desk = evening(store)
    seq = min(stored(store, desk.tournament_id))
    rewrite(store, desk.tournament_id, seq, state=snapshots.pack(b'{"players": 1}'))
    checks = check_snapshots(store, desk.tournament_id)
    assert [(check.seq, check.result) for check in checks if not check.ok] == [(seq, "unreadable")]


def test_snapshots_this_code_cannot_check_are_skipped_not_passed(store: EventStore) -> None:
    desk = evening(store)
    first, second, _newest = sorted(stored(store, desk.tournament_id))
    rewrite(store, desk.tournament_id, first, version="another fold")
    rewrite(store, desk.tournament_id, second, hash="0" * 64)  # its event is not in the log as it was
    checks = check_snapshots(store, desk.tournament_id)
    assert results(checks) == [("skipped", "another_version"), ("skipped", "not_on_log"),
                               ("matches", None)]
    assert all(check.ok for check in checks)
    assert results(check_snapshots(store, desk.tournament_id, log_ok=False)) == \
        [("skipped", "another_version"), ("skipped", "log_broken"), ("skipped", "log_broken")]

"""Several processes on one database: two writers racing, and a writer killed mid-stream."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

ROOT = Path(__file__).resolve().parents[2]


def _worker(url: str, tournament: int, prefix: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.worker", url, str(tournament), prefix, str(count)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


@pytest.mark.slow
def test_two_writers_200_registrations_each_none_lost_no_duplicate_seq(db_url: str) -> None:
    store = EventStore.open(db_url)
    tournament = Service.create(store, name="Race", structure=load_structure("club-turbo")).tournament_id
    writers = [_worker(db_url, tournament, prefix, 200) for prefix in ("east", "west")]
    for writer in writers:
        out, err = writer.communicate(timeout=240)
        assert writer.returncode == 0, err
        assert out.count("ack ") == 200
    events = store.load(tournament)
    assert [e.seq for e in events] == list(range(1, 402))
    names = {e.event.name for e in events[1:]}  # type: ignore[union-attr]
    assert names == {f"{p}-{i}" for p in ("east", "west") for i in range(200)}
    state = Service(store, tournament).state
    assert state.entries == 400 and len({p.id for p in state.players.values()}) == 400
    # Each writer hashed its events onto the chain in its own transaction: the chain holds.
    assert store.verify(tournament).ok and store.verify(tournament).events == 401


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_every_acknowledged_command_survives_sigkill(db_url: str) -> None:
    store = EventStore.open(db_url)
    tournament = Service.create(store, name="Crash", structure=load_structure("club-turbo")).tournament_id
    writer = _worker(db_url, tournament, "crash", 100_000)
    acknowledged: list[str] = []
    assert writer.stdout is not None
    deadline = time.monotonic() + 60
    while len(acknowledged) < 60 and time.monotonic() < deadline:
        line = writer.stdout.readline()
        if line.startswith("ack "):
            acknowledged.append(line.split()[1])
    os.kill(writer.pid, signal.SIGKILL)  # mid-stream: the next command may be half-way through
    writer.wait(timeout=10)
    assert len(acknowledged) >= 60
    reopened = Service(EventStore.open(db_url), tournament)
    stored = {p.name for p in reopened.state.players.values()}
    assert set(acknowledged) <= stored
    assert [e.seq for e in reopened.log] == list(range(1, len(reopened.log) + 1))
    assert reopened.store.verify(tournament).ok  # a killed writer leaves no half-chained event

"""A festival on a replicated PostgreSQL (docs/OPERATIONS.md): a primary and a synchronous hot
standby, three terminals writing and a display following on the multi-host URL. The primary's
machine dies (SIGKILL to every process of the server), the TD promotes the standby with
`tdconsole db promote`, and the terminals carry on: no command they were told was done is lost,
none is done twice, the log verifies, and each is back within 5 s of the promotion."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.domain.events import PlayerRegistered
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.scratch import ScratchPair, find_bindir

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
BACK_WITHIN_SECONDS = 5.0
BEFORE, AFTER = 5, 5  # each writer's commands before the crash, and after it is back


@pytest.fixture
def pair() -> Iterator[ScratchPair]:
    bindir = find_bindir()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL binaries not found; .ci/run installs them")
        pytest.skip("PostgreSQL binaries not found (install postgresql to run these tests)")
    started = ScratchPair(bindir).start()  # docs/OPERATIONS.md's two servers, on loopback
    try:
        yield started
    finally:
        started.stop()


def _tdconsole(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "tdconsole", "--db", url, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done


class Terminal:
    """A process of tests/store/failover_worker.py, its lines read as they come."""

    def __init__(self, url: str, *how: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "tests.store.failover_worker", url, *how],
                                        cwd=ROOT, stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        assert self.next() == "ready"

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put("")

    def next(self) -> str:
        line = self.lines.get(timeout=60)  # a bound on a hang, not a wait for time to pass
        assert line, f"the terminal stopped (exit {self.process.poll()})"
        self.seen.append(line)
        return line

    def until(self, kind: str, after: float = 0.0) -> float:
        """Read to the next `kind` line (ack, seen) stamped after `after`; its stamp."""
        while True:
            words = self.next().split()
            if words[0] == kind and float(words[-1]) > after:
                return float(words[-1])

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()
        while (line := self.lines.get(timeout=60)):
            self.seen.append(line)

    def acknowledged(self) -> list[str]:
        return [line.split()[1] for line in self.seen if line.startswith("ack ")]


def test_the_standby_takes_over_and_no_acknowledged_command_is_lost_or_done_twice(pair: ScratchPair) -> None:
    pair.create_database("festival")
    url = pair.url("festival")
    store = EventStore.open(url)
    Service.create(store, name="Festival", structure=load_structure("club-turbo"))
    store.close()
    writers = [Terminal(url, "write", prefix) for prefix in "abc"]
    display = Terminal(url, "follow")
    terminals = [*writers, display]
    try:
        for writer in writers:
            for _ in range(BEFORE):
                writer.until("ack")
        crashed = time.monotonic()
        pair.crash_primary()
        promote = _tdconsole(url, "db", "promote", "--yes", "--json")
        promoted = time.monotonic()
        assert json.loads(promote.stdout)["promoted"] == f"127.0.0.1:{pair.standby_port}"
        back = [writer.until("ack", after=promoted) - promoted for writer in writers]
        back.append(display.until("seen", after=promoted) - promoted)
        for writer in writers:
            for _ in range(AFTER):
                writer.until("ack")
    finally:
        for terminal in terminals:
            terminal.stop()
    acknowledged = [name for writer in writers for name in writer.acknowledged()]
    twice = [line for writer in writers for line in writer.seen if line.startswith("twice ")]
    store = EventStore.open(url)
    try:
        tournament = store.current_tournament()
        assert store.verify(tournament).ok
        logged = [envelope.event.name for envelope in store.load(tournament)
                  if isinstance(envelope.event, PlayerRegistered)]
    finally:
        store.close()
    # The TD's IT person asks where the database is; a command says it runs on the standby now.
    status = _tdconsole(url, "db", "status", "--json")
    assert json.loads(status.stdout)["primary"] == f"127.0.0.1:{pair.standby_port}"
    assert {"server": f"127.0.0.1:{pair.primary_port}", "role": "down"}.items() <= \
        json.loads(status.stdout)["servers"][0].items()
    state = _tdconsole(url, "state")
    assert state.stderr.count("\n") == 1
    assert f"The database is now at 127.0.0.1:{pair.standby_port}" in state.stderr
    lost = sorted(set(acknowledged) - set(logged))
    duplicated = len(logged) - len(set(logged)) + len(twice)
    sys.stderr.write(f"failover: {len(acknowledged)} acknowledged, {len(lost)} lost, {duplicated} "
                     f"duplicated; promoted {promoted - crashed:.2f} s after the crash; back after "
                     f"the promotion in {', '.join(f'{seconds:.2f}' for seconds in back)} s "
                     f"(writers a, b, c, the display)\n")
    assert not lost, f"acknowledged, then lost in the failover: {lost}"
    assert duplicated == 0, twice
    assert max(back) < BACK_WITHIN_SECONDS

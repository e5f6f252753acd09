"""The SQLite mirror (store/mirror.py): a second copy on every commit, that holds every command a
terminal acknowledged, or the TD is told at once that it does not and where it is."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.domain.errors import TdError
from tdconsole.domain.events import PlayerRegistered
from tdconsole.service import Service
from tdconsole.store.backups import online_backup, restore
from tdconsole.store.event_store import EventStore
from tdconsole.store.mirror import GONE
from tests.conftest import FakeClock

ROOT = Path(__file__).resolve().parents[2]
BURST = 5000  # a worker's most commands: it is killed long before


def _create(database: Path, mirror: Path | None) -> EventStore:
    store = EventStore.open(f"sqlite:///{database}", mirror=None if mirror is None else str(mirror))
    Service.create(store, name="Friday", structure=load_structure("club-turbo"), now=FakeClock())
    return store


def _registered(database: Path) -> list[str]:
    """The names registered in the database at `database`, in the order of the log; the database
    opened as a laptop would open the mirror (the schema checked, the hash chain verified)."""
    store = EventStore.open(f"sqlite:///{database}")
    try:
        tournament = store.current_tournament()
        assert store.verify(tournament).ok
        return [envelope.event.name for envelope in store.load(tournament)
                if isinstance(envelope.event, PlayerRegistered)]
    finally:
        store.close()


class Worker:
    """A terminal registering players (tests/store/mirror_worker.py), its lines read as they come."""

    def __init__(self, database: Path, mirror: Path, prefix: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.store.mirror_worker", str(database), str(mirror), prefix,
             str(BURST)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.acks: list[tuple[str, bool]] = []
        threading.Thread(target=self._read, daemon=True).start()
        assert self.next() == "ready"

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put("")  # the end

    def next(self) -> str:
        line = self.lines.get(timeout=120)  # a bound on a hang, not a wait for time to pass
        if line.startswith("ack "):
            _ack, name, in_step = line.split()
            self.acks.append((name, in_step == "1"))
        return line

    def ack(self) -> tuple[str, bool]:
        line = self.next()
        assert line.startswith("ack "), f"the worker stopped: {line!r}"
        return self.acks[-1]

    def kill(self) -> None:
        """SIGKILL in the middle of its burst, then every line it wrote before it died."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        while self.next():
            pass


@pytest.fixture
def workers() -> Iterator[list[Worker]]:
    started: list[Worker] = []
    yield started
    for worker in started:
        if worker.process.poll() is None:
            worker.process.kill()
            worker.process.wait()


def test_the_mirror_holds_every_acknowledged_command_through_a_pulled_disk_and_a_kill(
        tmp_path: Path, workers: list[Worker]) -> None:
    database, stick = tmp_path / "td.sqlite", tmp_path / "stick"
    stick.mkdir()
    mirror = stick / "mirror.sqlite"
    _create(database, mirror).close()
    # Two terminals on the one database, each with the mirror: their copies race to the mirror.
    one, two = Worker(database, mirror, "a"), Worker(database, mirror, "b")
    workers += [one, two]
    for _ in range(15):
        assert one.ack()[1], "a command acknowledged while the mirror is there is in it"
    # The stick is pulled in the middle of the burst: gone from its path at once (a writer may be
    # making its journal there as it goes, which a directory removed file by file would race).
    stick.rename(tmp_path / "pulled")
    shutil.rmtree(tmp_path / "pulled")
    told = 0
    while told < 5:
        told += not one.ack()[1]  # the TD is told each command is only in the database
    stick.mkdir()  # put back, empty: the next command copies the whole database into it
    while not one.ack()[1]:
        pass
    for _ in range(15):
        assert one.ack()[1]
    one.kill()
    two.kill()
    acknowledged = [name for worker in (one, two) for name, _in_step in worker.acks]
    in_mirror = _registered(mirror)
    missing = sorted(set(acknowledged) - set(in_mirror))
    assert not missing, f"acknowledged, not in the mirror: {missing}"
    assert len(in_mirror) == len(set(in_mirror)), "a command twice in the mirror"
    # The mirror is the database as it was at some commit: its log is the database's, cut short
    # at most by the commands the kill caught between the database and the mirror.
    in_database = _registered(database)
    assert in_database[:len(in_mirror)] == in_mirror
    assert len(in_database) - len(in_mirror) <= 2
    told_at_once = sum(not in_step for worker in (one, two) for _name, in_step in worker.acks)
    sys.stderr.write(f"mirror burst: {len(acknowledged)} acknowledged, {len(missing)} lost, "
                     f"{len(in_mirror) - len(set(in_mirror))} duplicated, {told_at_once} told "
                     f"the mirror was behind\n")


def test_a_terminal_without_the_mirror_is_caught_up_by_one_with_it(tmp_path: Path) -> None:
    database, mirror = tmp_path / "td.sqlite", tmp_path / "mirror.sqlite"
    mirrored = _create(database, mirror)
    assert mirrored.mirror is not None and mirrored.mirror.check().in_step
    plain = EventStore.open(f"sqlite:///{database}")  # a terminal started without --mirror
    Service(plain, now=FakeClock()).execute(Register(names=["Anna"]))
    assert mirrored.mirror.check().reason == "behind"  # a commit may be on its way: looked again
    assert mirrored.mirror.check().in_step
    assert _registered(mirror) == ["Anna"]


def test_a_mirror_gone_is_said_with_its_place_until_it_is_back(tmp_path: Path) -> None:
    database, stick = tmp_path / "td.sqlite", tmp_path / "stick"
    stick.mkdir()
    store = _create(database, stick / "m.sqlite")
    assert store.mirror is not None
    service = Service(store, now=FakeClock())
    shutil.rmtree(stick)
    service.execute(Register(names=["Anna"]))
    status = store.mirror.status()
    assert not status.in_step and status.reason == GONE
    assert not store.mirror.check().in_step  # still gone: still said
    stick.mkdir()
    assert store.mirror.check().in_step  # back: caught up without a command
    assert _registered(stick / "m.sqlite") == ["Anna"]


def test_a_restore_under_the_mirror_is_copied_whole(tmp_path: Path) -> None:
    database, mirror = tmp_path / "td.sqlite", tmp_path / "mirror.sqlite"
    store = _create(database, mirror)
    online_backup(database, tmp_path / "early.sqlite")
    Service(store, now=FakeClock()).execute(Register(names=["Anna", "Bo"]))
    store.close()
    restore(tmp_path / "early.sqlite", database)  # the log before Anna and Bo
    again = EventStore.open(f"sqlite:///{database}", mirror=str(mirror))
    Service(again, now=FakeClock()).execute(Register(names=["Cy"]))
    assert _registered(mirror) == ["Cy"]


def test_another_file_is_never_taken_for_the_mirror(tmp_path: Path) -> None:
    other = tmp_path / "accounts.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE money (x)").connection.commit()
    with pytest.raises(TdError, match="not a tdconsole database"):
        _create(tmp_path / "td.sqlite", other)
    assert {row[0] for row in sqlite3.connect(other).execute("SELECT name FROM sqlite_master")} == {"money"}


def test_the_cli_says_in_one_line_that_a_command_is_not_in_the_mirror(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    database, stick = tmp_path / "td.sqlite", tmp_path / "stick"
    stick.mkdir()
    monkeypatch.setenv("TDCONSOLE_MIRROR", str(stick / "m.sqlite"))  # the machine's setting
    _create(database, None).close()

    def run(*args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as done:
            main(["--db", str(database), *args])
        out, err = capsys.readouterr()
        return int(done.value.code or 0), out, err

    code, _out, err = run("register", "Anna")
    assert code == 0 and err == ""
    shutil.rmtree(stick)
    code, out, err = run("register", "Bo")
    assert code == 0 and "Registered Bo" in out
    assert err.count("\n") == 1 and f"MIRROR BEHIND: {stick / 'm.sqlite'}" in err and "gone" in err
    code, out, _err = run("db", "mirror", "status", "--json")
    assert code == 1 and json.loads(out)["in_step"] is False
    os.mkdir(stick)
    code, out, err = run("db", "mirror", "status")
    assert code == 0 and "holds every command" in out and err == ""
    assert _registered(stick / "m.sqlite") == ["Anna", "Bo"]
    # The laptop dies; on this machine (its setting still names the stick) the stick is opened as
    # the database: it is the database now, not a mirror of itself.
    with pytest.raises(SystemExit) as done:
        main(["--db", str(stick / "m.sqlite"), "verify", "--all"])
    out, err = capsys.readouterr()
    assert done.value.code == 0 and "intact" in out and err == ""

"""Backups of a SQLite database (store/backups.py): SQLite's online backup under a burst of writes
from another process, restoring only what verifies, the automatic ones' schedule and rotation."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tdconsole import service as service_module
from tdconsole.config.structures import load_structure
from tdconsole.domain.errors import TdError
from tdconsole.domain.tournament import fold
from tdconsole.service import Service
from tdconsole.store import backups
from tdconsole.store.backups import BackupSchedule, check_backup, online_backup, restore
from tdconsole.store.event_store import EventStore
from tests.store.test_snapshots import evening

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_backup_taken_during_a_burst_of_writes_restores_to_a_cold_fold_at_that_point(
        tmp_path: Path) -> None:
    source = tmp_path / "live.sqlite"
    store = EventStore.open(f"sqlite:///{source}")
    tournament = Service.create(store, name="Burst", structure=load_structure("club-turbo")).tournament_id
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.store.worker", f"sqlite:///{source}", str(tournament), "burst", "400"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    acknowledged = 0
    while acknowledged < 50:  # the burst is under way
        line = writer.stdout.readline()
        assert line, writer.stderr.read() if writer.stderr else "the writer stopped"
        acknowledged += line.startswith("ack ")
    backup = tmp_path / "during.sqlite"
    online_backup(source, backup)
    _out, err = writer.communicate(timeout=240)
    assert writer.returncode == 0, err

    checked = check_backup(backup)
    (name, check), = checked.tournaments
    assert name == "Burst" and check.ok
    taken = check.events
    # During the burst: after what had been acknowledged, before the writer's last commit.
    assert 1 + acknowledged <= taken < 1 + 400
    target = tmp_path / "restored.sqlite"
    EventStore.open(f"sqlite:///{target}").close()  # a database in use elsewhere, replaced whole
    restore(backup, target)
    restored = Service(EventStore.open(f"sqlite:///{target}"), tournament)
    original = store.load(tournament)
    assert restored.log == original[:taken]
    assert restored.state == fold(original[:taken])  # equal to a cold fold at that point
    assert restored.store.verify(tournament).head == store.stored_hash(tournament, taken)


def test_a_backup_that_does_not_verify_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "live.sqlite"
    store = EventStore.open(f"sqlite:///{source}")
    Service.create(store, name="Friday", structure=load_structure("club-turbo"))
    backup = tmp_path / "backup.sqlite"
    online_backup(source, backup)
    assert check_backup(backup).tournaments[0][1].events == 1
    with sqlite3.connect(backup) as connection:
        connection.execute("UPDATE events SET actor = 'mallory' WHERE seq = 1")
    with pytest.raises(TdError, match="event 1 does not match the log's hash chain; not restored"):
        check_backup(backup)
    assert check_backup(backup, intact=False).tournaments[0][1].bad_seq == 1
    (tmp_path / "junk.sqlite").write_text("not a database")
    with pytest.raises(TdError, match="not a tdconsole database"):
        check_backup(tmp_path / "junk.sqlite")


def test_the_automatic_ones_keep_the_newest(tmp_path: Path) -> None:
    source = tmp_path / "live.sqlite"
    Service.create(EventStore.open(f"sqlite:///{source}"), name="Friday",
                   structure=load_structure("club-turbo"))
    start = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)
    made = [backups.take(source, "play", start + timedelta(minutes=15 * i), keep=3) for i in range(5)]
    assert sorted(backups.backup_dir().iterdir()) == made[-3:]
    assert made[-1].name == "tdconsole-20261204T200000.000000Z-play.sqlite"


def test_the_setting_of_how_many_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    assert backups.kept() == 12
    monkeypatch.setenv("TDCONSOLE_BACKUPS_KEPT", "4")
    assert backups.kept() == 4
    monkeypatch.setenv("TDCONSOLE_BACKUPS_KEPT", "none")
    with pytest.raises(TdError, match="TDCONSOLE_BACKUPS_KEPT='none'"):
        backups.kept()


def test_the_schedule_every_15_minutes_of_play_and_at_each_break() -> None:
    schedule = BackupSchedule()
    due = []
    # 10 minutes of play, 20 minutes paused, 5 more of play: due at 15 minutes of play.
    for seconds, running in [(600, True), (1200, False), (299, True), (1, True)]:
        schedule, reason = schedule.tick(seconds, running=running, on_break=False, period=1)
        due.append(reason)
    assert due == [None, None, None, "play"]
    schedule, reason = schedule.tick(600, running=True, on_break=False, period=4)
    assert reason is None and schedule.played == 600
    # A break: one backup as it begins, none while it lasts; play counts again from zero after it.
    schedule, reason = schedule.tick(10, running=True, on_break=True, period=5)
    assert reason == "break" and schedule.played == 0
    schedule, reason = schedule.tick(590, running=True, on_break=True, period=5)
    assert reason is None
    schedule, reason = schedule.tick(899, running=True, on_break=False, period=6)
    assert reason is None
    schedule, reason = schedule.tick(899, running=True, on_break=True, period=9)
    assert reason == "break"


def test_a_restore_brings_back_the_log_and_not_its_state_snapshots(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chain proves a backup's events, not its snapshots: one changed in the backup file (here
    the newest given an older one's state, which reads back fine) would be what every terminal
    opens from. A restore drops them, so the restored tournament is the fold of its log."""
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 4)
    source = tmp_path / "live.sqlite"
    store = EventStore.open(f"sqlite:///{source}")
    desk = evening(store)
    backup = tmp_path / "backup.sqlite"
    online_backup(source, backup)
    with sqlite3.connect(backup) as connection:
        shots = connection.execute("SELECT seq, state FROM snapshots ORDER BY seq").fetchall()
        assert len(shots) >= 2
        connection.execute("UPDATE snapshots SET state = ? WHERE seq = ?", (shots[0][1], shots[-1][0]))
    check_backup(backup)  # the log still verifies
    target = tmp_path / "restored.sqlite"
    restore(backup, target)
    with sqlite3.connect(target) as connection:
        assert connection.execute("SELECT count(*) FROM snapshots").fetchone() == (0,)
    restored = Service(EventStore.open(f"sqlite:///{target}"), desk.tournament_id)
    assert restored.state == fold(store.load(desk.tournament_id)) == desk.state

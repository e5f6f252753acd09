"""The TD's console takes the automatic backups (tui/backups.py): as a break begins and after every
15 minutes of play, in a worker, on the tournament's clock (a fake one here: no test waits for time
to pass); the floor terminal takes none."""

from __future__ import annotations

import pytest

from tdconsole.domain.commands import ClockStart
from tdconsole.domain.errors import TdError
from tdconsole.service import Service
from tdconsole.store import backups
from tdconsole.store.backups import check_backup
from tdconsole.tui import backups as backups_taker
from tdconsole.tui.app import create_app, create_floor_app
from tests.conftest import FakeClock
from tests.tui.wait import until


async def test_the_td_console_backs_up_every_15_minutes_of_play_and_at_the_break(
        service: Service, fake_clock: FakeClock) -> None:
    service.execute(ClockStart())
    app = create_app(service, sound=False)
    async with app.run_test(size=(80, 24)) as pilot:
        taker = app.backups
        assert taker is not None
        fake_clock.advance(14 * 60)
        taker.tick()
        fake_clock.advance(60)  # 15 minutes of play
        taker.tick()
        await until(pilot, lambda: len(taker.taken) == 1, "a backup after 15 minutes of play")
        fake_clock.advance(46 * 60)  # level 4 is over: the break after it (club-turbo) has begun
        taker.tick()
        await until(pilot, lambda: len(taker.taken) == 2, "a backup as the break begins")
        taker.tick()
        await pilot.pause()
        assert len(taker.taken) == 2  # one per break
    first, second = taker.taken
    assert first.name.endswith("-play.sqlite") and second.name.endswith("-break.sqlite")
    assert sorted(backups.backup_dir().iterdir()) == [first, second]
    assert check_backup(second).tournaments[0][1].events == len(service.log)


async def test_the_floor_terminal_takes_none(service: Service) -> None:
    floor = Service(service.store, service.tournament_id, actor="tom", role="floor", now=service.now)
    app = create_floor_app(floor)
    async with app.run_test(size=(80, 24)):
        assert app.backups is None


async def test_a_backup_that_fails_is_told_once_from_its_thread(
        service: Service, fake_clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The failure is told from the worker thread that took the backup (Textual's `notify` is
    thread-safe), once however often it fails, and the console goes on."""
    def broken(*_args: object) -> object:
        raise TdError("the backup folder is full")

    monkeypatch.setattr(backups_taker, "take", broken)
    service.execute(ClockStart())
    app = create_app(service, sound=False)
    async with app.run_test(size=(80, 24)) as pilot:
        taker = app.backups
        assert taker is not None
        for _ in range(2):
            fake_clock.advance(15 * 60)
            taker.tick()
            await app.workers.wait_for_complete()
            await pilot.pause()
        told = [str(note.message) for note in app._notifications]
        assert told.count("The automatic backup failed: the backup folder is full") == 1
        assert app.is_running

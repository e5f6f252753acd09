"""The TD's console takes the automatic backups (tui/backups.py): as a break begins and after every
15 minutes of play, in a worker, on the tournament's clock (a fake one here: no test waits for time
to pass); the floor terminal takes none."""

from __future__ import annotations

from tdconsole.domain.commands import ClockStart
from tdconsole.service import Service
from tdconsole.store import backups
from tdconsole.store.backups import check_backup
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

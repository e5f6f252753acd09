"""A follow whose read was on its way when the app stopped (a terminal closing, a test's app torn
down) ends quietly: no screen is left to tell of the time or to redraw."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app


async def test_a_follow_that_ends_after_the_app_has_stopped_draws_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'td.sqlite'}")
    td = Service.create(store, name="Friday", structure=load_structure("club-turbo"))
    app = create_app(Service(store, td.tournament_id), sound=False)
    async with app.run_test():
        pass
    td.execute(Register(names=["Anna"]))  # another terminal's change: a follow would redraw for it
    drawn: list[str] = []
    for name in ("redraw", "_tell_time", "_database_fault", "_mirror_fault"):
        monkeypatch.setattr(app, name, lambda *_, name=name: drawn.append(name))
    await app.follow()  # a read that was on its way when the app stopped
    assert app.service.state.last_seq == td.state.last_seq  # the read itself was done
    assert drawn == []

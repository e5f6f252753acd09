"""T-CHIPS-3 on the TD's console: counts sent from a floor phone that do not add up to the chips in
play are shown to the TD (a warning), though recorded; counts that add up say nothing."""

from __future__ import annotations

from pathlib import Path

from tdconsole.actions import players
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Draw, Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.tui.app import create_app
from tests.conftest import FakeClock
from tests.tui.wait import until


def _told(app: object) -> list[str]:
    return [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]


async def test_t_chips_3_counts_off_the_chips_in_play_are_shown_to_the_td(tmp_path: Path,
                                                                         fake_clock: FakeClock) -> None:
    store = EventStore.open(f"sqlite:///{tmp_path / 'c.sqlite'}")
    td = Service.create(store, name="Friday", structure=load_structure("club-turbo"), starting_stack=10_000,
                        now=fake_clock)
    td.execute(Register(names=["Anna", "Bo"]))
    td.execute(Draw(seed=1))
    floor = Service(store, td.tournament_id, actor="Frank", role="floor", now=fake_clock)
    app = create_app(td, poll_seconds=0.05)
    async with app.run_test() as pilot:
        players.chips(floor, players.ChipsRequest(counts={"Anna": 12_000, "Bo": 8_000}))  # adds up
        await until(pilot, lambda: td.state.last_seq == floor.state.last_seq, "followed")
        await pilot.pause()
        assert not any("T-CHIPS-3" in line for line in _told(app))
        players.chips(floor, players.ChipsRequest(counts={"Anna": 15_000}))  # 23,000 of 20,000
        await until(pilot, lambda: any("T-CHIPS-3" in line for line in _told(app)), "the warning")
        assert floor.state.chips[floor.state.find("Anna").id] == 15_000  # recorded all the same

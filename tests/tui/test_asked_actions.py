"""A palette entry that asks one thing (ASKED_ACTIONS in tui/app.py) runs its action on the answer,
and a bad answer is the action's one-line refusal that changes nothing."""

from __future__ import annotations

from textual.widgets import Input

from tdconsole.domain.commands import ClockGoToLevel, ClockStart
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.prompt import PromptScreen
from tests.tui.wait import from_palette, until


async def test_the_time_left_set_from_the_palette(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        for answer in ("soon", "7:30"):
            await from_palette(pilot, "Set the time left")
            await until(pilot, lambda: isinstance(app.screen, PromptScreen)
                        and bool(app.screen.query(Input)), "the question")
            await pilot.press(*answer, "enter")
            if answer == "soon":
                await until(pilot, lambda: any("soon" in str(n.message) for n in app._notifications),
                            "the refusal")
                assert service.state.clock.remaining != 450
        await until(pilot, lambda: service.state.clock.remaining == 450, "the clock set to 7:30")


async def test_t_mystery_1_the_envelopes_set_from_the_palette(service: Service) -> None:
    """The palette asks for the envelopes only; they open from the level the clock shows now."""
    service.execute(ClockStart())
    service.execute(ClockGoToLevel(level=2))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 30)) as pilot:
        for answer in ("lots", "1000 500 200"):
            await from_palette(pilot, "Set the mystery bounties")
            await until(pilot, lambda: isinstance(app.screen, PromptScreen)
                        and bool(app.screen.query(Input)), "the question")
            await pilot.press(*answer, "enter")
            if answer == "lots":
                await until(pilot, lambda: any("T-MYSTERY-1" in str(n.message) for n in app._notifications),
                            "the refusal")
                assert service.state.mystery is None
        await until(pilot, lambda: service.state.mystery is not None, "the envelopes set")
        # No bounty money came in (no bounty set): the envelopes' 1,700 is warned of, not refused.
        await until(pilot, lambda: any("T-MYSTERY-1: the envelopes hold" in str(n.message)
                                       for n in app._notifications), "the warning")
    pool = service.state.mystery
    assert pool is not None and sorted(pool.envelopes) == [200, 500, 1000] and pool.from_level == 2

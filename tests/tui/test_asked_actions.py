"""A palette entry that asks one thing (ASKED_ACTIONS in tui/app.py) runs its action on the answer,
and a bad answer is the action's one-line refusal that changes nothing."""

from __future__ import annotations

from textual.widgets import Input

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

"""The TUI's new-tournament flow offers the templates (saved and shipped) and makes the tournament
from the one chosen beside this one; this terminal's setup is saved as a template from the palette."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from tdconsole.actions.templates import templates
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.new_tournament import NewTournamentScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tests.tui.wait import from_palette, until


async def test_a_new_tournament_from_the_turbo_rebuy_template(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await from_palette(pilot, "New tournament from a template")
        await until(pilot, lambda: isinstance(app.screen, NewTournamentScreen), "the dialog")
        options = app.screen.query_one(OptionList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert shown[0] == "The club's defaults (no template)"
        assert any(line.startswith("turbo-rebuy: Turbo rebuy (shipped)") for line in shown)
        await pilot.press(*"Tirsdag", "enter")
        index = next(i for i, line in enumerate(shown) if line.startswith("turbo-rebuy"))
        await pilot.press(*["down"] * index, "enter")
        await until(pilot, lambda: len(service.store.tournaments()) == 2, "the new tournament")
        made = Service(service.store, service.store.tournaments()[-1].id)
        assert (made.state.info.name, made.state.money.rebuy.offered) == ("Tirsdag", True)
        assert service.state.info.name == "Friday"  # this terminal stays on its own tournament
        await until(pilot, lambda: any("tdconsole -t" in str(n.message) for n in app._notifications),
                    "the way to open it")


async def test_this_setup_saved_as_a_template_from_the_palette(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await from_palette(pilot, "Save this setup as a template")
        await until(pilot, lambda: isinstance(app.screen, PromptScreen)
                    and bool(app.screen.query(Input)), "the name")
        app.screen.query_one(Input).value = "Fredag turbo"
        await pilot.press("enter")
        await until(pilot, lambda: any(row.key == "fredag-turbo" for row in templates()), "saved")

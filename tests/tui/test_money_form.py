"""Every money setting from the TUI: the money settings form on the payouts screen (`m`) saves
through the same `SetMoney` command as `tdconsole money set`; a refusal changes nothing and keeps
what was typed; Escape asks before dropping typing. And a custom deal typed on the deal screen."""

from __future__ import annotations

from decimal import Decimal

from textual.widgets import Input

from tdconsole.actions import players as player_actions
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.messages import Acting
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.deal import DealScreen
from tdconsole.tui.screens.money_settings import MoneySettingsScreen
from tdconsole.tui.screens.payouts import PayoutsScreen


def _messages(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(n.message) for n in app._notifications]


async def test_the_form_saves_a_setting_as_one_command(service: Service) -> None:
    app = create_app(service)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f6", "m")
        await pilot.pause()
        assert isinstance(app.screen, MoneySettingsScreen)
        guarantee = app.screen.query_one("#guarantee", Input)
        assert app.screen.focused is guarantee and guarantee.value == "0"  # prefilled, focus first
        assert app.screen.query_one("#paid_percent", Input).value == "15"
        logged = len(service.log)
        await pilot.press(*"2000", "tab", *"100")  # a field's text is selected: typing replaces it
        app.screen.query_one("#rake_percent", Input).value = "2.5"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PayoutsScreen)
        money = service.state.money
        assert (money.guarantee, money.bounty, money.rake_percent) == (2000, 100, Decimal("2.5"))
        assert money.curve.paid_share == Decimal("0.15")  # the others stay as they were
        assert [type(e.event).__name__ for e in service.log[logged:]] == ["MoneySet"]
        await pilot.press("m", "enter")  # nothing changed: nothing logged
        await pilot.pause()
        assert isinstance(app.screen, PayoutsScreen) and len(service.log) == logged + 1


async def test_a_refused_value_changes_nothing_and_stays_typed(service: Service) -> None:
    before = service.state.money
    app = create_app(service)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f6", "m")
        await pilot.pause()
        field = app.screen.query_one("#min_cash_multiple", Input)
        field.value = "100"  # 100 x the buy-in: the 4 entries' pool cannot pay it
        field.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MoneySettingsScreen) and field.value == "100"
        assert service.state.money == before
        assert any("cannot pay" in message for message in _messages(app))
        field.value = "lots"  # not a number: the form says which field, in one line
        await pilot.press("enter")
        await pilot.pause()
        assert any(m == "Generator: min cash × buy-in: lots is not a number" for m in _messages(app))
        assert service.state.money == before


async def test_numbers_are_typed_as_the_language_writes_them(service: Service, danish: None) -> None:
    app = create_app(service)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f6", "m")
        await pilot.pause()
        assert app.screen.query_one("#min_cash_multiple", Input).value == "1,5"
        app.screen.query_one("#rake_percent", Input).value = "2,5"
        app.screen.query_one("#guarantee", Input).value = "10.000"
        await pilot.press("enter")
        await pilot.pause()
        money = service.state.money
        assert (money.rake_percent, money.guarantee) == (Decimal("2.5"), 10_000)
        assert money.curve.min_cash_multiple == Decimal("1.5")


async def test_escape_asks_before_dropping_what_was_typed(service: Service) -> None:
    app = create_app(service)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f6", "m")
        await pilot.pause()
        await pilot.press("escape")  # nothing typed: closes at once
        await pilot.pause()
        assert isinstance(app.screen, PayoutsScreen)
        await pilot.press("m", *"5")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # No: back to the form, the typing kept
        await pilot.pause()
        assert app.screen.query_one("#guarantee", Input).value == "5"  # typed over the selected 0
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, PayoutsScreen)
        assert service.state.money.guarantee == 0


async def test_a_custom_deal_typed_per_player(service: Service) -> None:
    service.execute(commands.SetMoney(settings=service.state.money.model_validate(
        {"curve": {"paid_share": "0.75", "min_cash_multiple": "0", "unit": 1}})))
    app = create_app(service)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f9", "u", *"Anna=500, Bo=400, Carl=300", "enter")
        await pilot.pause()
        assert service.state.deal is None  # everyone left needs an amount
        assert any("missing: [bold red]x[/]" in message for message in _messages(app))
        assert isinstance(app.screen, DealScreen)
        assert app.screen.query_one("#custom", Input).value == "Anna=500, Bo=400, Carl=300"
        await pilot.press(*", [bold red]x[/]=0", "enter")
        await pilot.pause()
        deal = service.state.deal
        assert deal is not None and deal.method == "custom"
        assert sorted(deal.amounts.values()) == [0, 300, 400, 500]


async def test_add_on_chips_typed_in_the_form_reach_the_clock_s_chips_and_average(
        service: Service) -> None:
    from textual.widgets import Static

    service.execute(commands.SetMoney(settings=service.state.money.model_copy(
        update={"add_on": 200, "add_on_until_level": 2})))  # sold now (T-ADDON-1)
    app = create_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6", "m")
        await pilot.pause()
        field = app.screen.query_one("#add_on_chips", Input)
        assert field.value == "" and app.screen.query_one("#re_entry_chips", Input).value == ""
        # The longer form still fits an 80x24 terminal, its border included.
        assert app.screen.query_one("#dialog").region.bottom <= 24
        field.value = "10000"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PayoutsScreen) and service.state.money.add_on_chips == 10_000
        # as the players screen's `a` does
        app.execute(Acting(player_actions.add_on, player_actions.AddOnRequest(names=["Anna", "Bo"])))
        await pilot.press("f1")
        await pilot.pause()
        figures = str(app.screen.query_one("#figures", Static).render())
        # 4 x 20,000 (club-turbo) + 2 add-ons of 10,000 over 4 players.
        assert "Chips 100,000" in figures and "Average 25,000" in figures

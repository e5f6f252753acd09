"""A player who busts in the rebuy period is asked "Rebuy?" (T-REBUY-1..4): a rebuy keeps him in
his seat through the rebuy action, the double where sold, "b" busts him as before, Escape does
nothing; after the period `b` busts at once as without rebuys."""

from __future__ import annotations

from textual.widgets import Button

from tdconsole.actions import money as money_actions
from tdconsole.domain.commands import Bust, ClockGoToLevel, ClockStart
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.players import PlayersScreen
from tdconsole.tui.screens.rebuy import RebuyScreen
from tests.tui.wait import until


def rebuys(service: Service, **more: object) -> None:
    money_actions.money_set(service, money_actions.MoneySetRequest(
        rebuy_until_level=2, rebuy_price=300, rebuy_limit=3, rebuy_double=True, **more))


async def test_a_bust_in_the_rebuy_period_asks_rebuy_and_each_answer_does_its_thing(
        service: Service) -> None:
    rebuys(service)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "the rebuy question")
        question = str(app.screen.question())
        assert "Anna busts in the rebuy period (rebuys until the end of level 2; 3 left)." in question
        assert "Rebuy?" in question
        assert {button.id for button in app.screen.query(Button)} == {"rebuy", "double", "bust", "cancel"}
        await pilot.press("escape")  # neither: nothing happens
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "back on the list")
        assert (service.state.find("Anna").status, service.state.find("Anna").rebuys) == ("registered", 0)

        await pilot.press("slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "asked again")
        await pilot.press("r")
        await until(pilot, lambda: service.state.find("Anna").rebuys == 1, "Anna rebought")
        assert service.state.find("Anna").status != "busted"

        await pilot.press("slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "asked a third time")
        await pilot.press("d")
        await until(pilot, lambda: service.state.find("Anna").rebuys == 3, "a double rebuy")

        # At her limit (3) she is not asked: b busts with the usual question.
        await pilot.press("slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the bust question")
        await pilot.press("escape")

        await pilot.press("slash", *"carl", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "Carl asked")
        await pilot.press("b")  # no rebuy: placed as today
        await until(pilot, lambda: service.state.find("Carl").status == "busted", "Carl busted")
        assert (service.state.find("Carl").place, service.state.find("Carl").rebuys) == (4, 0)


async def test_after_the_period_a_bust_is_not_asked_and_R_says_why_not(service: Service) -> None:
    rebuys(service)
    service.execute(ClockStart())
    service.execute(ClockGoToLevel(level=3))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "slash", *"carl", "enter", "R")
        await until(pilot, lambda: bool(app._notifications), "the refusal")
        assert not isinstance(app.screen, RebuyScreen)
        assert any("T-REBUY-1" in str(note.message) for note in app._notifications)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the plain bust question")


async def test_R_on_a_player_busted_in_the_period_rebuys_him_after_the_bust(service: Service) -> None:
    """T-REBUY-1: the busted player's rebuy runs through the rebuy action, as `rebuy NAME` does: his
    bust set aside, no undo (which a later command from another terminal could block)."""
    rebuys(service)
    service.execute(Bust(names=["Carl"]))
    service.execute(Bust(names=["Bo"]))  # a later command
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2", "slash", *"carl", "enter", "R")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "the rebuy question")
        assert "Carl has busted in place 4: a rebuy sets the bust aside" in str(app.screen.question())
        assert "bust" not in {button.id for button in app.screen.query(Button)}
        await pilot.press("r")
        await until(pilot, lambda: service.state.find("Carl").status != "busted", "Carl in again")
        assert (service.state.find("Carl").rebuys, service.state.find("Bo").place) == (1, 4)


async def test_R_at_or_below_the_starting_stack_asks_his_chips(service: Service) -> None:
    rebuys(service, rebuy_who="starting-stack")
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "slash", *"carl", "enter", "R")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "the rebuy question")
        assert "bust" not in {button.id for button in app.screen.query(Button)}
        await pilot.press(*"5000", "enter")
        await until(pilot, lambda: service.state.find("Carl").rebuys == 1, "Carl rebought")


async def test_the_rebuy_settings_form_sets_them_through_money_set(service: Service) -> None:
    from textual.widgets import Checkbox, Input

    from tdconsole.tui.screens.rebuy_settings import RebuySettingsScreen

    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6", "r")
        await until(pilot, lambda: isinstance(app.screen, RebuySettingsScreen)
                    and bool(app.screen.query(Input)), "the rebuy form")
        form = app.screen
        form.query_one("#until_level", Input).value = "3"
        form.query_one("#price", Input).value = "200"
        form.query_one("#limit", Input).value = "2"
        form.query_one("#double", Checkbox).value = True
        form.query_one("#price", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: service.state.money.rebuy.offered, "rebuys on sale")
        rebuy = service.state.money.rebuy
        assert (rebuy.until_level, rebuy.price, rebuy.limit, rebuy.double) == (3, 200, 2, True)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RebuySettingsScreen)
                    and bool(app.screen.query(Input)), "the form again")
        app.screen.query_one("#until_level", Input).value = "99"
        app.screen.query_one("#price", Input).focus()
        await pilot.press("enter")  # a level the structure lacks: refused, the form stays
        await until(pilot, lambda: any("level 99" in str(n.message) for n in app._notifications),
                    "the refusal")
        assert isinstance(app.screen, RebuySettingsScreen) and service.state.money.rebuy.until_level == 3


async def test_busts_in_one_hand_ask_each_player_who_could_rebuy_in_turn(service: Service) -> None:
    from textual.widgets import Input

    from tdconsole.tui.screens.bust_hand import BustHandScreen

    rebuys(service)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2", "B")
        await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "the bust dialog")
        app.screen.query_one("#busts", Input).value = "Anna, Bo"
        app.screen.query_one("#busts", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the bust question")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "Anna asked")
        assert "Anna busts in the rebuy period" in app.screen.question()
        await pilot.press("r")  # Anna rebuys; Bo is asked next
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen)
                    and "Bo busts" in app.screen.question(), "Bo asked")
        await pilot.press("b")  # Bo does not: he busts as typed
        await until(pilot, lambda: service.state.find("Bo").status == "busted", "Bo busted")
        assert (service.state.find("Anna").rebuys, service.state.find("Anna").status) == (1, "registered")
        assert service.state.find("Bo").place == 4

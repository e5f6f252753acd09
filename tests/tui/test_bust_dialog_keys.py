"""The bust dialog of a progressive knockout, typed as a TD types it (issue 34, item 8): the knocker
typed after "no rebuy" goes into the knocker's field, never over the player out; Tab typed in the
same burst as a name moves on before the next key; the players list shows a rebuy's bounty part on
the head at once (T-PKO-6)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tdconsole.actions import money as money_actions
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.bust_hand import BustHandScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.players import PlayersScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.screens.rebuy import RebuyScreen
from tdconsole.tui.widgets.synced_table import SyncedTable
from tests.tui.wait import until


async def burst(pilot: Pilot[object], *keys: str) -> None:
    """`keys` queued at once, before the app has answered the first: as a terminal delivers keys
    typed quickly ("tab" is a key's name, any other a text of printable keys)."""
    for key in keys:
        for name, character in [("tab", "\t")] if key == "tab" else [(c, c) for c in key]:
            pilot.app.post_message(events.Key(name, character))
    await pilot.pause()


def pko_with_rebuys(service: Service) -> None:
    money_actions.money_set(service, money_actions.MoneySetRequest(
        bounty=100, pko=True, rebuy_until_level=2, rebuy_price=300, rebuy_bounty=60))


async def test_t_pko_1_the_knocker_typed_after_no_rebuy_is_the_knocker(service: Service) -> None:
    pko_with_rebuys(service)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2", "slash", *"carl", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "Rebuy?")
        await pilot.press("b")  # no rebuy: the dialog asks who knocked Carl out
        await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "the bust dialog")
        dialog = app.screen
        await pilot.press(*"anna")
        assert dialog.query_one("#busts", Input).value == "Carl"
        assert dialog.query_one("#by", Input).value == "anna"
        await pilot.press("enter", "y")
        await until(pilot, lambda: service.state.find("carl").status == "busted", "Carl busted")
        assert service.state.find("anna").knockouts == 1


async def test_tab_typed_right_behind_a_name_moves_on_before_the_next_key(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2", "B")
        await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "the bust dialog")
        dialog = app.screen
        await burst(pilot, "Carl", "tab", "Anna")  # one burst, as a terminal delivers keys typed quickly
        await until(pilot, lambda: dialog.query_one("#by", Input).value == "Anna", "Anna as knocker")
        assert dialog.query_one("#busts", Input).value == "Carl"
        await burst(pilot, "tab", "tab")
        await until(pilot, lambda: app.focused is not None and app.focused.id == "bust", "on the button")


async def test_t_pko_6_f2_shows_a_rebuys_bounty_part_at_once(service: Service) -> None:
    pko_with_rebuys(service)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2", "slash", *"carl", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "Rebuy?")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, PromptScreen), "who knocked him out?")
        await pilot.press("enter")  # not known: nobody is paid, his head keeps its 100 (T-PKO-6)
        await until(pilot, lambda: service.state.find("carl").rebuys == 1, "Carl rebought")
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the list")
        table = app.screen.query_one(SyncedTable)

        def carls_bounty() -> str:
            row = table.get_row(service.state.find("carl").id)
            cell = row[-1]
            return cell.plain if isinstance(cell, Text) else str(cell)

        await until(pilot, lambda: carls_bounty() == "DKK\xa0160", "Carl's head: 100 + 60")


async def test_t_pko_1_the_knocker_question_says_the_player_not_him(service: Service, danish: None) -> None:
    """A woman busts as often as a man: the question names the player, in either language."""
    money_actions.money_set(service, money_actions.MoneySetRequest(bounty=100, pko=True))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2", "slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "the bust dialog")
        preview = app.screen.query_one("#preview", Static).content
        text = preview.plain if isinstance(preview, Text) else str(preview)
        assert text == ("Slået ud af: T-PKO-1: Annas bounty går til den, der slog spilleren ud: "
                        "angiv hvem, eller diskvalificér")


async def _bust_carl_by_anna_and_rebuy(app, pilot, asked=()) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("f2", "B")
    await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "the bust dialog")
    app.screen.query_one("#busts", Input).value = "Carl"
    app.screen.query_one("#by", Input).value = "Anna"
    app.screen.query_one("#busts", Input).focus()
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "Bust them?")
    await pilot.press("y")
    await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "Rebuy?")
    question = app.screen.question()
    for line in asked:
        assert line in question
    await pilot.press("r")


def _kinds(service: Service) -> list[str]:
    return [envelope.event.type for envelope in service.state.log]


async def test_t_pko_6_a_knocker_typed_keeps_the_bounty_of_a_player_who_rebuys(service: Service) -> None:
    """In a PKO the knockout stands when the player rebuys instead of busting (T-PKO-6): Anna
    takes what `bust Carl --by Anna` and a rebuy after it give her, in the rebuy's one command
    (no bust in the log), and the question says so before the TD answers."""
    pko_with_rebuys(service)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        before = len(_kinds(service))
        await _bust_carl_by_anna_and_rebuy(app, pilot, asked=(
            "T-PKO-6: the knockout stands, as a bust and a rebuy after it; Carl's bounty starts again at",
            "Anna takes DKK\xa050 in cash and DKK\xa050 onto the bounty on the head"))
        await until(pilot, lambda: service.state.find("carl").rebuys == 1, "Carl rebought")
        anna, carl = service.state.find("anna"), service.state.find("carl")
        assert (anna.knockouts, anna.bounties, service.state.bounty_on_head(anna)) == (1, 50, 150)
        assert carl.status != "busted" and service.state.bounty_on_head(carl) == 60  # the rebuy's part
        assert _kinds(service)[before:] == ["rebought"]  # one command: no bust, no set-aside


async def test_t_pko_6_b_then_rebuy_asks_the_knocker_and_pays_him(service: Service) -> None:
    """`b` in the rebuy period of a PKO: "Rebuy?" yes, then who knocked him out; Anna typed takes
    Carl's bounty as a bust would (T-PKO-6) and is told so; Escape there buys nothing."""
    pko_with_rebuys(service)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2", "slash", *"carl", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "Rebuy?")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, PromptScreen), "who knocked him out?")
        await pilot.press("escape")  # changes nothing
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen), "the list")
        assert service.state.find("carl").rebuys == 0
        before = len(_kinds(service))
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, RebuyScreen), "Rebuy?")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, PromptScreen), "who knocked him out?")
        await pilot.press(*"anna", "enter")
        await until(pilot, lambda: service.state.find("carl").rebuys == 1, "Carl rebought")
        anna, carl = service.state.find("anna"), service.state.find("carl")
        assert (anna.knockouts, anna.bounties, service.state.bounty_on_head(anna)) == (1, 50, 150)
        assert service.state.bounty_on_head(carl) == 60
        assert _kinds(service)[before:] == ["rebought"]  # one command: no bust, no set-aside
        await until(pilot, lambda: any("Anna takes DKK\xa050 in cash" in str(note.message)
                                       for note in app._notifications), "told")


async def test_t_rebuy_1_a_knocker_typed_for_a_rebuy_instead_is_told(service: Service) -> None:
    money_actions.money_set(service, money_actions.MoneySetRequest(
        bounty=100, rebuy_until_level=2, rebuy_price=300))  # a fixed bounty (T-BOUNTY-1)
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await _bust_carl_by_anna_and_rebuy(app, pilot)
        await until(pilot, lambda: service.state.find("carl").rebuys == 1, "Carl rebought")
        told = "T-PKO-6: Anna takes no bounty: with a fixed bounty a rebuy instead of the bust leaves it"
        await until(pilot, lambda: any(told in str(note.message) for note in app._notifications), "told")
        assert (service.state.find("anna").knockouts, service.state.find("anna").bounties) == (0, 0)

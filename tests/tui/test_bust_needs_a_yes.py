"""Nothing is busted without a yes, and a name typed on the players screen is a search: the bust
dialog starts empty or with a live player, asks before it busts, and keys typed in a burst right
after F2 or `/` (as a terminal delivers them) never reach the list or the clock."""

from __future__ import annotations

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from tdconsole.domain.commands import Bust, ClockStart, Draw, HandForHandStart, HandForHandTableDone
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.screens.bust_hand import BustHandScreen
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.players import PlayersScreen
from tests.tui.wait import until

KEY_NAMES = {" ": "space", "/": "slash", "\r": "enter"}


async def burst(pilot: Pilot[object], text: str) -> None:
    """Every key of `text` queued at once, before the app has answered the first: how a TD who
    types a beat too early reaches the app."""
    for character in text:
        pilot.app.post_message(events.Key(KEY_NAMES.get(character, character), character))
    await pilot.pause()


def _search(app) -> Input:  # type: ignore[no-untyped-def]
    return app.screen.query_one("#search", Input)


async def test_bust_in_one_hand_asks_before_it_busts(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"anna", "enter", "B")
        await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "the bust dialog")
        busts = app.screen.query_one("#busts", Input)
        assert busts.value == "Anna"  # the highlighted player, still in
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert app.screen.question.splitlines() == ["Bust them?", "Anna: place 4"]
        await pilot.press("enter")  # Enter answers No: back to the names as typed
        await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "back in the dialog")
        assert service.state.find("anna").status == "registered"
        await pilot.press("enter", "y")
        await until(pilot, lambda: service.state.find("anna").status == "busted", "Anna busted")


async def test_the_bust_dialog_never_starts_with_a_busted_player(service: Service) -> None:
    service.execute(Bust(names=["Anna"]))
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"anna", "enter", "B")
        await until(pilot, lambda: isinstance(app.screen, BustHandScreen), "the bust dialog")
        assert app.screen.query_one("#busts", Input).value == ""
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BustHandScreen)  # nothing to ask about


async def test_a_name_typed_a_beat_too_early_is_a_search(service: Service) -> None:
    service.execute(ClockStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.current_mode == "clock", "the clock")
        await pilot.press("f2")
        await burst(pilot, "/Bo Carl")  # B would bust, the space would pause the clock
        await until(pilot, lambda: _search(app).value == "Bo Carl", "the name in the search")
        assert isinstance(app.screen, PlayersScreen)
        assert service.state.clock.running and service.state.entries == 4
        assert all(p.status == "registered" for p in service.state.players.values())


async def test_the_first_keys_after_f2_wait_for_the_screen(service: Service) -> None:
    service.execute(ClockStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.current_mode == "clock", "the clock")
        app.post_message(events.Key("f2", None))
        await burst(pilot, "/carl B")
        await until(pilot, lambda: _search(app).value == "carl B", "the name in the search")
        assert service.state.clock.running
        assert not isinstance(app.screen, BustHandScreen)


async def test_a_letter_on_the_list_starts_the_search(service: Service) -> None:
    service.execute(ClockStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2")
        await burst(pilot, "Carl Bo")  # no "/": C is no key of the list, so it is the search's
        await until(pilot, lambda: _search(app).value == "Carl Bo", "the name in the search")
        assert service.state.clock.running
        assert not isinstance(app.screen, BustHandScreen)


async def test_slash_starts_an_empty_search_and_a_bust_clears_the_filter(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"carl")
        await pilot.press("f1", "f2", "slash")
        assert _search(app).value == "" and app.focused is _search(app)
        await pilot.press(*"carl", "enter", "b", "y")
        await until(pilot, lambda: service.state.find("carl").status == "busted", "Carl busted")
        await until(pilot, lambda: _search(app).value == "", "the filter cleared")
        table = app.screen.query_one("#players")
        assert table.row_count == 4  # everyone shown again


async def test_rp_8a_the_bust_dialog_says_the_first_hands_busts_tie(service: Service) -> None:
    service.execute(Draw(seed=1))
    service.execute(HandForHandStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        question = app.screen.question
        assert question.startswith("Bust Anna?\nAnna: table 1, placed when every table is done")
        assert "These busts tie (RP-8A)" in question and "when hand-for-hand began" in question
        await pilot.press("n", "slash", *"anna", "enter", "B", "enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the dialog's question")
        assert "These busts tie (RP-8A)" in app.screen.question


async def test_after_the_first_hand_the_dialog_says_how_busts_are_ranked(service: Service) -> None:
    service.execute(Draw(seed=1))
    service.execute(HandForHandStart())
    tables = service.state.hand_for_hand.started.tables  # type: ignore[union-attr]
    for table in tables:
        service.execute(HandForHandTableDone(table=table))
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"anna", "enter", "b")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "ranked together by the chips they started it with (T-ELIM-1)" in app.screen.question
        assert "RP-8A" not in app.screen.question


async def test_the_key_after_enter_in_the_search_is_for_the_list(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("f2")
        await burst(pilot, "/carl")
        await until(pilot, lambda: _search(app).value == "carl", "the name in the search")
        app.post_message(events.Key("enter", None))
        app.post_message(events.Key("b", "b"))  # at once after Enter, as the docs' `/ NAME ⏎ b y`
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the bust question")
        assert app.screen.question == "Bust Carl in place 4?"


async def test_f2_a_name_enter_and_b_typed_at_once_ask_to_bust_that_player(service: Service) -> None:
    service.execute(ClockStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.current_mode == "clock", "the clock")
        app.post_message(events.Key("f2", None))
        await burst(pilot, "/carl\rb")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the bust question")
        assert app.screen.question == "Bust Carl in place 4?"
        assert service.state.clock.running

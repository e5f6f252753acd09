"""The rest of the evening from the TD's console: the palette lists every action before anything is
typed, the final-table draw, hand-for-hand by keys and its end by itself (T-H4H-1), re-entries,
add-ons and the deal (asked first, No by default), the payouts screen with the deal, the rulings
search by what the rulings say, and the floor calculator at the current level with no error
before typing. Each action calls the same service command as the CLI."""

from __future__ import annotations

from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets import DataTable, Input, OptionList, Static, TabbedContent

from tdconsole.domain.commands import Bust, ClockStart, ClockStep, Draw, SetMoney
from tdconsole.domain.events import TablesDrawn
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.tui.app import SCREEN_ACTIONS, TD_ACTIONS, create_app
from tdconsole.tui.screens.confirm import ConfirmScreen
from tests.tui.wait import until

# 4 entries, 3 paid; an add-on has a price and is sold through level 2 (T-ADDON-1).
MONEY = {"curve": {"paid_share": "0.75", "min_cash_multiple": "0", "unit": 1}, "add_on": 300,
         "add_on_until_level": 2}


def _text(app, selector: str) -> str:  # type: ignore[no-untyped-def]
    content = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


def _told(app, fragment: str) -> bool:  # type: ignore[no-untyped-def]
    return any(fragment in str(note.message) for note in app._notifications)


def _select(app, name: str) -> None:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index(app.service.state.find(name).id))


async def test_the_palette_lists_every_action_before_anything_is_typed(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        expected = {name for name, *_ in TD_ACTIONS} | {name for name, *_ in SCREEN_ACTIONS}

        def listed() -> set[str]:
            if not isinstance(app.screen, CommandPalette):
                return set()
            hits = app.screen.query_one(CommandList)
            return {getattr(getattr(hits.get_option_at_index(i), "hit", None), "text", None) or ""
                    for i in range(hits.option_count)}

        await until(pilot, lambda: expected <= listed(), "every action listed before typing")
        assert {"Draw the final table", "Approve the deal", "Re-enter the selected player",
                "Show payouts", "Go to level 2"} <= listed()


async def test_final_table_draw_asks_first_and_no_is_the_default(service: Service) -> None:
    service.execute(Draw(seed=1))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f10", "f")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "final table" in str(app.screen.question)
        await pilot.press("enter")  # No
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the answer")
        drawn = [e.event for e in service.log if isinstance(e.event, TablesDrawn)]
        assert not any(event.final for event in drawn)
        await pilot.press("f", "y")
        await until(pilot, lambda: any(isinstance(e.event, TablesDrawn) and e.event.final
                                       for e in service.log), "the final table drawn")
        assert not isinstance(app.focused, Input)  # single keys act on the tables again


async def test_hand_for_hand_by_keys_ends_by_itself_at_the_money_and_says_so(service: Service) -> None:
    service.execute(SetMoney(settings=MoneySettings.model_validate(MONEY)))
    service.execute(Draw(seed=1))
    service.execute(ClockStart())
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f7", "s", "enter")  # at the seated players' tables
        await until(pilot, lambda: service.state.hand_for_hand is not None, "hand-for-hand running")
        assert not service.state.clock.running
        # The next thing typed is a table that finished the hand.
        await until(pilot, lambda: app.screen.query_one("#done", Input).has_focus, "the done field")
        service.execute(Bust(names=["Carl"], table=1))  # reported by the floor, say
        await pilot.press("d")  # the screen's key pressed out of habit types nothing in the field
        assert app.screen.query_one("#done", Input).value == ""
        await pilot.press("1", "enter")
        await until(pilot, lambda: service.state.hand_for_hand is None, "hand-for-hand ended")
        assert service.state.players_left == 3 and service.state.clock.running
        await until(pilot, lambda: _told(app, "Hand-for-hand is over: 3 players left, 3 places paid"),
                    "the TD told")
        assert "Hand-for-hand is off" in _text(app, "#status")


async def test_re_entry_and_add_on_of_the_selected_player_ask_first(service: Service) -> None:
    service.execute(SetMoney(settings=MoneySettings.model_validate(MONEY)))
    service.execute(Bust(names=["Carl"]))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        _select(app, "Carl")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Re-enter Carl (entry 2)?" in str(app.screen.question)
        await pilot.press("enter")  # No
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the answer")
        assert service.state.entries == 4
        await pilot.press("r", "y")
        await until(pilot, lambda: service.state.entries == 5, "the re-entry")
        _select(app, "Anna")
        await pilot.press("a", "y")
        await until(pilot, lambda: service.state.find("Anna").add_ons == 1, "the add-on")
        assert app.screen.query_one(DataTable).has_focus  # the next key acts on the list


async def test_deal_by_keys_approval_asks_first_and_the_payouts_screen_shows_it(service: Service) -> None:
    service.execute(SetMoney(settings=MoneySettings.model_validate(MONEY)))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("f9", "n", *"Anna=4000, Bo=3000, Carl=2000, [bold red]x[/]=1000", "enter")
        await until(pilot, lambda: len(service.state.chips) == 4, "the chip counts")
        await until(pilot, lambda: app.screen.query_one(DataTable).has_focus, "back on the table")
        await pilot.press("i")
        await until(pilot, lambda: service.state.deal is not None, "the proposal")
        await pilot.press("o", *"anna, bo, carl, [bold red]x[/]", "enter")
        await until(pilot, lambda: len(service.state.deal.consented) == 4, "every consent")  # type: ignore[union-attr]
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "It replaces their payouts (T-DEAL-1)" in str(app.screen.question)
        await pilot.press("enter")  # No
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the answer")
        assert not service.state.deal.approved  # type: ignore[union-attr]
        await pilot.press("a", "y")
        await until(pilot, lambda: service.state.deal.approved, "the approval")  # type: ignore[union-attr]
        await pilot.press("f6")
        await until(pilot, lambda: "Deal by ICM (approved" in _text(app, "#summary"), "the deal shown")
        table = app.screen.query_one(DataTable)
        notes = [str(table.get_row_at(i)[2]) for i in range(table.row_count)]
        # T-DEAL-1: every player in the deal with the deal's amount, not the ladder's places.
        assert notes == [f"{name}, by the deal" for name in ("Anna", "Bo", "Carl", "[bold red]x[/]")]


async def test_rulings_search_finds_misdeal_in_the_ruling_text(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        app.screen.query_one("#search", Input).focus()
        await pilot.press(*"misdeal")
        options = app.screen.query_one("#scenarios", OptionList)
        # misdeal-causes names it in its id and title, so it comes first; the others' rulings say it.
        await until(pilot, lambda: options.option_count > 0 and options.get_option_at_index(0).id
                    == "misdeal-causes", "the misdeal scenarios")
        ids = {options.get_option_at_index(i).id for i in range(options.option_count)}
        assert {"exposed-card", "wrong-number-of-cards", "deal-order"} <= ids


async def test_f8_starts_without_an_error_at_the_current_level(service: Service) -> None:
    service.execute(ClockStart())
    service.execute(ClockStep(by=1))  # level 2 of the club turbo: 100/300, ante 300
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        blinds = app.screen.query_one("#betting-blinds", Input)
        await until(pilot, lambda: blinds.value == "100/300", "the level's blinds")
        assert app.screen.query_one("#betting-ante", Input).value == "300"
        assert app.screen.query_one("#chips-big_blind", Input).value == "300"
        await pilot.pause()
        tabs = app.screen.query_one(TabbedContent)
        for name in ("betting", "chips", "pots"):  # each tab's example answered as it is shown
            tabs.active = f"tab-{name}"
            answer = app.screen.query_one(f"#{name}-answer", Static)
            await until(pilot, lambda answer=answer: str(answer.render()) != "", f"the {name} answer")
            assert not answer.has_class("-error"), name
            assert "as soon as the fields make a question" in str(answer.render())
        tabs.active = "tab-betting"
        app.screen.query_one("#betting-stacks", Input).value = "1:5000 2:5000 3:5000 4:5000"
        app.screen.query_one("#betting-actions", Input).value = "4 raise 400"
        answer = app.screen.query_one("#betting-answer", Static)
        await until(pilot, lambda: answer.has_class("-error"), "the error once typed")
        assert "B-MIN-2" in str(answer.render())
        # The level moves on; typed blinds stay, the untyped chips calculator follows the clock.
        service.execute(ClockStep(by=1))
        await pilot.press("f1", "f8")
        chips_bb = app.screen.query_one("#chips-big_blind", Input)
        await until(pilot, lambda: chips_bb.value == "400", "the next level's big blind")

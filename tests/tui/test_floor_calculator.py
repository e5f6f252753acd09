"""The floor calculator screen on a tiny app: answers arrive as typed `Answered` messages."""

from __future__ import annotations

from textual.app import App
from textual.message import Message
from textual.widgets import Input, Static

from tdconsole.domain.calculators.betting import BettingAnswer
from tdconsole.domain.calculators.chips_pushed import ChipsAnswer
from tdconsole.domain.calculators.pots import PotsAnswer
from tdconsole.domain.house_rules import CLUB, TDA
from tdconsole.tui.screens.floor_calculator import FloorCalculatorScreen


class CalculatorApp(App[None]):
    house_rules = CLUB  # the TD's app gives the tournament's rules in force

    def __init__(self, screen: FloorCalculatorScreen) -> None:
        super().__init__()
        self.calculator = screen

    def on_mount(self) -> None:
        self.push_screen(self.calculator)


def answers(messages: list[Message], calculator: str) -> list[FloorCalculatorScreen.Answered]:
    return [m for m in messages
            if isinstance(m, FloorCalculatorScreen.Answered) and m.calculator == calculator]


async def fill(app: CalculatorApp, values: dict[str, str]) -> None:
    for widget_id, value in values.items():
        app.screen.query_one(f"#{widget_id}", Input).value = value


async def test_betting_r1_shows_the_minimum_raise_to_5600() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        await fill(app, {"betting-stacks": "2:100000 3:100000 4:100000 5:100000",
                         "betting-street": "flop", "betting-pot": "600",
                         "betting-actions": "2 bet 600, 3 raise 1600, 4 raise 3600"})
        await pilot.pause()
        last = answers(messages, "betting")[-1]
        assert isinstance(last.answer, BettingAnswer)
        assert (last.answer.to_act, last.answer.min_raise_to) == (5, 5600)
        shown = str(app.screen.query_one("#betting-answer", Static).render())
        assert "Seat 5 to act." in shown and "B-MIN-3" in shown


async def test_betting_illegal_action_shows_one_line_naming_the_rule() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        await fill(app, {"betting-stacks": "1:5000 2:5000 3:5000 4:5000",
                         "betting-actions": "4 raise 300"})
        await pilot.pause()
        last = answers(messages, "betting")[-1]
        assert last.answer is None and last.error is not None
        assert last.error.startswith("B-MIN-2: ") and "\n" not in last.error


async def test_chips_s13_follows_the_house_rules_given_to_the_screen() -> None:
    for rules, expected in ((None, "all-in"), (TDA, "bet")):
        messages: list[Message] = []
        screen = FloorCalculatorScreen() if rules is None else FloorCalculatorScreen(rules)
        app = CalculatorApp(screen)
        async with app.run_test(message_hook=messages.append) as pilot:
            await fill(app, {"chips-facing": "0", "chips-chips": "500 500",
                             "chips-stack": "1150", "chips-big_blind": "200"})
            await pilot.pause()
            last = answers(messages, "chips")[-1]
            assert isinstance(last.answer, ChipsAnswer) and last.answer.action == expected


async def test_pots_p6_every_pot_and_the_award_per_seat() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        await pilot.press("right", "right")  # the Pots tab
        await fill(app, {"pots-seats": "1 2 3", "pots-contributions": "1:1000 2:1000 3:100",
                         "pots-chip": "100", "pots-board": "Ks Qs 7s 3d 2h",
                         "pots-hands": "1:As Js, 2:9d 9c, 3:Ah Kh"})
        await pilot.pause()
        last = answers(messages, "pots")[-1]
        assert isinstance(last.answer, PotsAnswer)
        assert last.answer.awards == {1: 2100}
        shown = str(app.screen.query_one("#pots-answer", Static).render())
        assert "main pot: 300" in shown and "side pot 1: 1800" in shown

"""The floor calculator screen on a tiny app: answers arrive as typed `Answered` messages."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input, Static, TabbedContent

from tdconsole.domain.calculators.betting import BettingAnswer
from tdconsole.domain.calculators.chips_pushed import ChipsAnswer
from tdconsole.domain.calculators.pots import PotsAnswer
from tdconsole.domain.house_rules import CLUB, TDA
from tdconsole.tui.screens.floor_calculator import FloorCalculatorScreen
from tdconsole.tui.service_app import STYLESHEET
from tests.tui.wait import until


class CalculatorApp(App[None]):
    CSS_PATH = STYLESHEET  # the screen's styles, as every terminal loads them
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


async def answered(pilot: Pilot[None], messages: list[Message], calculator: str,
                   expected: Callable[[FloorCalculatorScreen.Answered], bool]
                   ) -> FloorCalculatorScreen.Answered:
    """The calculator's last answer once it is the `expected` one. Answers to the fields as they
    were on mount may arrive after the typing, so the test waits for the answer, not a time."""
    def arrived() -> bool:
        given = answers(messages, calculator)
        return bool(given) and expected(given[-1])

    try:
        await until(pilot, arrived, f"the {calculator} answer")
    except AssertionError as late:
        raise AssertionError(f"{late}; the last was {answers(messages, calculator)[-1:]}") from None
    return answers(messages, calculator)[-1]


async def test_betting_r1_shows_the_minimum_raise_to_5600() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        await fill(app, {"betting-stacks": "2:100000 3:100000 4:100000 5:100000",
                         "betting-street": "flop", "betting-pot": "600",
                         "betting-actions": "2 bet 600, 3 raise 1600, 4 raise 3600"})
        last = await answered(pilot, messages, "betting", lambda a: isinstance(a.answer, BettingAnswer))
        assert isinstance(last.answer, BettingAnswer)
        assert (last.answer.to_act, last.answer.min_raise_to) == (5, 5600)
        shown = str(app.screen.query_one("#betting-answer", Static).render())
        assert "Seat 5 to act: call" in shown and "B-MIN-3" in shown


async def test_48_the_limit_cap_holds_heads_up_until_the_event_is_down_to_two() -> None:
    # B-LIMIT-1 / TDA 48: a bet and three raises heads-up in a pot of an event of three players
    # left: no raise; with the event down to two the cap is gone.
    hand = {"betting-game": "limit", "betting-stacks": "1:20000 2:20000", "betting-street": "flop",
            "betting-pot": "1000", "betting-actions": "2 bet 200, 1 raise 400, 2 raise 600, 1 raise 800"}
    for left, raise_to in ((3, None), (2, 1000)):
        messages: list[Message] = []
        app = CalculatorApp(FloorCalculatorScreen(players_left=left))
        async with app.run_test(message_hook=messages.append) as pilot:
            await fill(app, hand)
            last = await answered(pilot, messages, "betting",
                                  lambda a: isinstance(a.answer, BettingAnswer) and a.answer.to_act == 2)
            assert isinstance(last.answer, BettingAnswer)
            assert last.answer.min_raise_to == raise_to, left


async def test_betting_illegal_action_shows_one_line_naming_the_rule() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        await fill(app, {"betting-stacks": "1:5000 2:5000 3:5000 4:5000",
                         "betting-actions": "4 raise 300"})
        last = await answered(pilot, messages, "betting", lambda a: a.error is not None
                              and a.error.startswith("B-MIN-2"))
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
            last = await answered(pilot, messages, "chips", lambda a: a.answer is not None)
            assert isinstance(last.answer, ChipsAnswer) and last.answer.action == expected


async def test_pots_p6_every_pot_and_the_award_per_seat() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        await pilot.press("right", "right")  # the Pots tab
        await fill(app, {"pots-seats": "1 2 3", "pots-contributions": "1:1000 2:1000 3:100",
                         "pots-chip": "100", "pots-board": "Ks Qs 7s 3d 2h",
                         "pots-hands": "1:As Js, 2:9d 9c, 3:Ah Kh"})
        last = await answered(pilot, messages, "pots", lambda a: a.answer is not None)
        assert isinstance(last.answer, PotsAnswer)
        assert last.answer.awards == {1: 2100}
        shown = str(app.screen.query_one("#pots-answer", Static).render())
        assert "main pot: 300" in shown and "side pot 1: 1800" in shown


async def test_t_ante_2_the_calculator_posts_the_table_size_ante_and_s_show_2_b_misread_1() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        # Six handed at a level with a 2,000 ante: the club's table posts the small blind (A6).
        await fill(app, {"betting-blinds": "1000/2000", "betting-ante": "2000",
                         "betting-stacks": " ".join(f"{s}:50000" for s in range(1, 7))})
        await pilot.pause()
        last = answers(messages, "betting")[-1]
        assert isinstance(last.answer, BettingAnswer) and last.answer.ante_posted == 1000
        assert "posted 1000 ante" in str(app.screen.query_one("#betting-answer", Static).render())
        # An all-in called on the flop: every hand is tabled (S-SHOW-2).
        await fill(app, {"betting-stacks": "1:50000 2:500 3:50000", "betting-street": "flop",
                         "betting-actions": "2 allin 500, 3 call, 1 fold"})
        await pilot.pause()
        shown = str(app.screen.query_one("#betting-answer", Static).render())
        assert "tabled face up" in shown and "S-SHOW-2" in shown
        # A misread call (B-MISREAD-1): 300 put in against a raise to 1,200.
        await fill(app, {"betting-blinds": "100/200", "betting-stacks": "1:50000 2:50000 3:50000 4:50000",
                         "betting-actions": "2 bet 300, 3 raise 1200, 4 call 300"})
        await pilot.pause()
        shown = str(app.screen.query_one("#betting-answer", Static).render())
        assert "misread" in shown and "may take it back" in shown


async def test_b_string_1_the_chips_field_takes_motions_split_by_a_bar() -> None:
    messages: list[Message] = []
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test(message_hook=messages.append) as pilot:
        await fill(app, {"chips-facing": "1000", "chips-last_increment": "1000",
                         "chips-chips": "1000 | 500", "chips-stack": "5000", "chips-big_blind": "200"})
        await pilot.pause()
        last = answers(messages, "chips")[-1]
        assert isinstance(last.answer, ChipsAnswer)
        assert (last.answer.action, last.answer.returned) == ("call", 500)
        assert "B-STRING-1" in last.answer.rules


async def test_the_pots_example_is_answered_when_its_tab_is_first_shown() -> None:
    # The pots' example evaluates hands: pokerkit's tables (12 MB) are built for a tab opened.
    app = CalculatorApp(FloorCalculatorScreen())
    async with app.run_test() as pilot:
        def answer(name: str) -> str:
            return str(app.screen.query_one(f"#{name}-answer", Static).render())

        await until(pilot, lambda: answer("betting") != "", "the betting tab's answer")
        assert answer("pots") == ""
        app.screen.query_one(TabbedContent).active = "tab-pots"
        await until(pilot, lambda: answer("pots") != "", "the pots tab's answer")

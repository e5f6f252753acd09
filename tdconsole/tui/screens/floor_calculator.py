"""The floor calculator: betting options, chips pushed and pots, answered as the floor types.

Self-contained: no service and no database, it calls the pure calculators
(`tdconsole.domain.calculators`) directly.
Every answer is posted as a typed `FloorCalculatorScreen.Answered` message and shown with the rule
IDs it applied; bad input shows one line naming the field, never a traceback. A calculator shows
no error before the floor has typed in it, and its blinds and ante are the level being played
until the floor types others (they follow the clock each time the screen is shown).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, runtime_checkable

from pydantic import BaseModel, ValidationError
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Label, Static, TabbedContent, TabPane

from tdconsole.domain.calculators.betting import BettingAnswer, BettingInput, betting_round
from tdconsole.domain.calculators.chips_pushed import ChipsAnswer, ChipsInput, read_chips
from tdconsole.domain.calculators.pots import PotsAnswer, PotsInput, resolve_pots
from tdconsole.domain.clock.structure import Level
from tdconsole.domain.errors import TdError, describe_validation_error
from tdconsole.domain.house_rules import HouseRules
from tdconsole.i18n import N_, _, error_text
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.tui.service_app import ServiceApp
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.views.calculators import action_word, betting_lines, pot_label
from tdconsole.views.games import level_game
from tdconsole.views.tournament import level_now

# (field id, label, placeholder, initial value) per calculator. Labels and the placeholders in
# words are marked for the catalogue and translated where they are shown (what the floor types,
# "no-limit", "call", "fold", stays as it is: the calculators read it).
Fields = list[tuple[str, str, str, str]]
BETTING_FIELDS: Fields = [
    ("game", N_("Game"), "no-limit | pot-limit | limit", "no-limit"),
    ("blinds", N_("Blinds"), "100/200", "100/200"),
    ("ante", N_("Level's BB ante"), N_("0 (full table; posted by table size)"), "0"),
    ("button", N_("Button seat"), "1", "1"),
    ("stacks", N_("Stacks"), "1:5000 2:5000 3:5000", ""),
    ("street", N_("Street"), "preflop | flop | turn | river", "preflop"),
    ("pot", N_("Pot from earlier streets"), "0", "0"),
    ("actions", N_("Actions so far"), "4 raise 600, 5 call, 6 fold", ""),
]
CHIPS_FIELDS: Fields = [
    ("facing", N_("Bet to call (total)"), "1000", ""),
    ("already_in", N_("Already in front of him"), "0", "0"),
    ("last_increment", N_("Last full raise increment"), "1000", ""),
    ("chips", N_("Chips pushed"), N_("1000 100 100 (| between motions: 1000 | 500)"), ""),
    ("stack", N_("Stack before acting"), "5000", ""),
    ("declared", N_("Said"), N_("nothing | call | raise | an amount"), ""),
    ("big_blind", N_("Big blind"), "200", ""),
]
POTS_FIELDS: Fields = [
    ("button", N_("Button seat"), "1", "1"),
    ("seats", N_("Seats at the table"), "1 2 3 4 5 6 7 8 9", "1 2 3 4 5 6 7 8 9"),
    ("contributions", N_("Put in"), "1:1000 2:1000 3:100", ""),
    ("folded", N_("Folded"), "4 5", ""),
    ("chip", N_("Smallest chip"), "25", "25"),
    ("game", N_("Game"), "holdem | omaha | omaha-hilo", "holdem"),
    ("board", N_("Board"), "Ks Qs 7s 3d 2h", ""),
    ("hands", N_("Hands"), "1:As Js, 2:9d 9c", ""),
]


def _numbers(text: str) -> list[int | str]:
    return [int(word) if word.isdigit() else word for word in text.replace(",", " ").split()]


def _by_seat(text: str, separator: str = " ") -> dict[str, Any]:
    """`1:5000 2:5000` (or `1:As Js, 2:9d 9c` with separator ",") as {seat: value}."""
    pairs: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(separator))):
        seat, _colon, value = item.partition(":")
        value = value.strip()
        pairs[seat.strip()] = int(value) if value.isdigit() else value
    return pairs


def _actions(text: str) -> list[list[Any]]:
    """`4 raise 600, 5 call` as [[4, "raise", 600], [5, "call", None]]."""
    actions = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        words = _numbers(item)
        actions.append([*words, None] if len(words) == 2 else words)
    return actions


def betting_data(values: dict[str, str]) -> dict[str, Any]:
    blinds = values["blinds"].replace("/", " ")
    return {
        "game": values["game"].strip(), "blinds": _numbers(blinds), "ante": _number(values["ante"]),
        "button": _number(values["button"]), "stacks": _by_seat(values["stacks"]),
        "street": values["street"].strip(), "pot": _number(values["pot"]),
        "actions": _actions(values["actions"]),
    }


def chips_data(values: dict[str, str]) -> dict[str, Any]:
    declared = values["declared"].strip().lower()
    # "1000 | 500": the chips of each motion (B-STRING-1); one motion is the plain list.
    motions = [_numbers(part) for part in values["chips"].split("|")]
    return {
        "facing": _number(values["facing"]), "already_in": _number(values["already_in"]),
        "last_increment": _number(values["last_increment"] or "0"),
        **({"motions": motions} if len(motions) > 1 else {"chips": motions[0]}),
        "stack": _number(values["stack"]),
        "declared": None if declared in ("", "nothing") else _number(declared),
        "big_blind": _number(values["big_blind"]),
    }


def pots_data(values: dict[str, str]) -> dict[str, Any]:
    return {
        "button": _number(values["button"]), "seats": _numbers(values["seats"]),
        "contributions": _by_seat(values["contributions"]), "folded": _numbers(values["folded"]),
        "chip": _number(values["chip"]), "game": values["game"].strip(),
        "board": values["board"], "hands": _by_seat(values["hands"], ","),
    }


def _number(text: str) -> int | str:
    text = text.strip()
    return int(text) if text.isdigit() else text


def _rules(rules: list[str]) -> str:
    return _("Rules: {rules}").format(rules=", ".join(rules))




def describe_betting(answer: BettingAnswer) -> str:
    return "\n".join([*betting_lines(answer), _rules(answer.rules)])


def describe_chips(answer: ChipsAnswer) -> str:
    action = action_word(answer.action).upper()  # upper case, as the floor announces it
    lines = [_("{action}: total {to} on this street.").format(action=action, to=answer.to)]
    if answer.returned:
        lines.append(_("Give back {amount}.").format(amount=answer.returned))
    if answer.owed:
        lines.append(_("He puts in {amount} more.").format(amount=answer.owed))
    return "\n".join([*lines, _rules(answer.rules)])


def _shares(awards: dict[Any, int]) -> str:
    return ", ".join(_("seat {seat}: {amount}").format(seat=seat, amount=amount)
                     for seat, amount in awards.items())


def describe_pots(answer: PotsAnswer) -> str:
    lines = []
    for pot in answer.pots:
        seats = " ".join(map(str, pot.eligible))
        lines.append(_("{pot}: {amount} (seats {seats}) -> {shares}").format(
            pot=pot_label(pot), amount=pot.amount, seats=seats, shares=_shares(pot.awards)))
    return "\n".join([*lines, _("In all: {totals}").format(totals=_shares(answer.awards)),
                      _rules(answer.rules)])


@runtime_checkable
class RulesApp(Protocol):
    """An app that knows the house rules in force (the TD's app: the tournament's)."""

    @property
    def house_rules(self) -> HouseRules: ...


class FloorCalculatorScreen(TranslatedKeys, Screen[None]):
    """Three calculators in tabs; each answers as soon as its fields make a valid question."""

    # Esc goes back: off the stack when pushed (a test's small app), else to the app's first mode.
    # As a mode it is the only screen of its stack, and popping that is a ScreenStackError.
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def action_back(self) -> None:
        app = self.app
        if len(app.screen_stack) > 1:
            app.pop_screen()
        elif app.MODES:
            app.switch_mode(next(iter(app.MODES)))

    class Answered(Message):
        """A calculator answered (`answer`) or found the input wanting (`error`, one line)."""

        def __init__(self, calculator: str, answer: BaseModel | None, error: str | None) -> None:
            super().__init__()
            self.calculator = calculator
            self.answer = answer
            self.error = error

    def __init__(self, house_rules: HouseRules | None = None, level: Level | None = None,
                 players_left: int | None = None) -> None:
        super().__init__()
        self._given_rules = house_rules
        self._given_level = level
        self._given_left = players_left
        # The values the screen filled each field with (its example, the level's blinds): a change
        # to any other value is the floor's, and from then on that calculator's errors show. (A
        # set: the change messages of earlier fillings may still be on their way.)
        self._filled: dict[str, set[str]] = {}
        self._typed: set[str] = set()
        # The calculators whose examples are answered when their tab is first shown: the pots'
        # example evaluates hands, and pokerkit's hand tables take 12 MB of the terminal and a
        # moment to build, for a tab the floor may never open.
        self._unanswered: set[str] = set()

        def betting(values: dict[str, str]) -> str:
            data = betting_data(values)
            left = self.players_left()
            if left is not None and left >= 2:  # TDA 48: the limit cap goes once the event is heads-up
                data["players_left_in_event"] = left
            hand = BettingInput.model_validate(data)
            return self._answer("betting", describe_betting, betting_round(hand, self.house_rules))

        def chips(values: dict[str, str]) -> str:
            push = ChipsInput.model_validate(chips_data(values))
            behind = self.house_rules.betting.bet_leaving_one_big_blind_is_all_in
            return self._answer("chips", describe_chips, read_chips(push, behind))

        def pots(values: dict[str, str]) -> str:
            pots_input = PotsInput.model_validate(pots_data(values))
            return self._answer("pots", describe_pots, resolve_pots(pots_input))

        self._calculators: dict[str, tuple[Fields, Callable[[dict[str, str]], str]]] = {
            "betting": (BETTING_FIELDS, betting),
            "chips": (CHIPS_FIELDS, chips),
            "pots": (POTS_FIELDS, pots),
        }

    @property
    def house_rules(self) -> HouseRules:
        """The tournament's rules in force, unless a test gives the screen its own."""
        if self._given_rules is not None:
            return self._given_rules
        app = self.app
        assert isinstance(app, RulesApp), f"{type(app).__name__} has no house rules"
        return app.house_rules

    def current_level(self) -> Level | None:
        """The level being played (the next one during a break), as the tournament's clock reads
        now; None on an app without a tournament (the fields keep their examples)."""
        if self._given_level is not None:
            return self._given_level
        app = self.app
        if not isinstance(app, ServiceApp):
            return None
        return level_now(app.service.state, app.service.now())

    def players_left(self) -> int | None:
        """How many are still in the tournament (None on an app without one: the limit cap then
        holds, B-LIMIT-1)."""
        if self._given_left is not None:
            return self._given_left
        app = self.app
        return app.service.state.players_left if isinstance(app, ServiceApp) else None

    def on_screen_resume(self) -> None:
        level = self.current_level()
        if level is None:
            return
        app = self.app
        game = level_game(level, app.service.state.info.game if isinstance(app, ServiceApp) else "")
        fields = [("betting-blinds", f"{level.small_blind}/{level.big_blind}"),
                  ("betting-ante", str(level.ante)), ("chips-big_blind", str(level.big_blind))]
        if game is not None:  # a mixed night (RP-18): the level's betting and cards by default
            fields.append(("betting-game", game.betting))
            if game.cards in ("holdem", "omaha", "omaha-hilo"):
                fields.append(("pots-game", game.cards))
        for field, value in fields:
            widget = self.query_one(f"#{field}", Input)
            if field.split("-", 1)[0] not in self._typed and widget.value != value:
                self._filled.setdefault(field, set()).add(value)
                widget.value = value

    def _answer(self, name: str, describe: Callable[[Any], str], answer: BaseModel) -> str:
        self.post_message(self.Answered(name, answer, None))
        return describe(answer)

    def compose(self) -> ComposeResult:
        titles = {"betting": _("Betting"), "chips": _("Chips pushed"), "pots": _("Pots")}
        with TabbedContent():
            for name, (fields, _solve) in self._calculators.items():
                with TabPane(titles[name], id=f"tab-{name}"), VerticalScroll():
                    with Grid():
                        for field, label, placeholder, value in fields:
                            yield Label(_(label))
                            self._filled[f"{name}-{field}"] = {value}
                            yield Input(value=value, placeholder=_(placeholder),
                                        id=f"{name}-{field}")
                    yield Static("", markup=False, id=f"{name}-answer", classes="answer")
        yield KeyFooter()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id:
            name = event.input.id.split("-", 1)[0]
            if event.value not in self._filled.get(event.input.id, set()):
                self._typed.add(name)
            self.calculate(name)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        name = (event.pane.id or "").removeprefix("tab-")
        if name in self._unanswered:
            self._unanswered.discard(name)
            self.calculate(name)

    def calculate(self, name: str) -> None:
        active = self.query_one(TabbedContent).active.removeprefix("tab-")
        if name not in self._typed and active and name != active:
            self._unanswered.add(name)  # an example, on a tab not shown
            return
        fields, solve = self._calculators[name]
        values = {field: self.query_one(f"#{name}-{field}", Input).value
                  for field, *_rest in fields}
        error: str | None = None
        try:
            text = solve(values)
        except ValidationError as problem:
            error = describe_validation_error(name, problem)
        except TdError as problem:
            error = error_text(problem)
        if error is not None and name not in self._typed:
            # Nothing typed yet: the examples in the fields are no question, so no error either.
            error, text = None, _("The answer shows here as soon as the fields make a question.")
        elif error is not None:
            text = error
            self.post_message(self.Answered(name, None, error))
        shown = self.query_one(f"#{name}-answer", Static)
        shown.set_class(error is not None, "-error")
        shown.update(text)

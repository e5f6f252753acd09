"""The guided ruling: pick a scenario, answer one question at a time, see the
suggested ruling with its rules, then accept it or override it with a reason. The log fills in
what it knows (the player's earlier offences, the players seated at the table), exactly as the
service will when the ruling is logged (`views.rulings.ruling_walk`).

A ruling can always be logged (C-RULING-1): the override needs no answers, only the decision
and the reason, and "Other situation" takes the floor's description, the rules it cites, the
decision and any penalty; the offence it names escalates and counts like any other."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tdconsole.actions import rulings as ruling_actions
from tdconsole.domain.errors import TdError
from tdconsole.domain.floor.penalties import OffenceKind, parse_penalty
from tdconsole.domain.floor.rulings import (
    OTHER,
    Catalogue,
    OpenQuestion,
    Scenario,
    Suggestion,
    Walk,
)
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _, error_text
from tdconsole.tui.messages import Acting, ActionRequested
from tdconsole.tui.service_app import service_of
from tdconsole.views.rulings import RulingView, answer_text, ruling_walk, suggestion_lines

# Enter moves through the other situation's fields in this order; Enter on the penalty logs.
OTHER_FIELDS = {"description": "rules", "rules": "offence", "offence": "decision", "decision": "penalty"}


def describe_suggestion(suggestion: Suggestion) -> Text:
    return Text("\n".join(suggestion_lines(suggestion)))


def _number_hint(question: OpenQuestion) -> str:
    """What a number question takes, in the chosen language ("et helt tal, mindst 0"); the CLI's
    `KEY=<number >= 0 whole>` is the same rule in the answer's own syntax."""
    kind = _("a whole number") if question.integer else _("a number")
    low = None if question.min is None else f"{question.min:g}"
    high = None if question.max is None else f"{question.max:g}"
    if low is not None and high is not None:
        return _("{kind} from {min} to {max}").format(kind=kind, min=low, max=high)
    if low is not None:
        return _("{kind}, at least {min}").format(kind=kind, min=low)
    if high is not None:
        return _("{kind}, at most {max}").format(kind=kind, max=high)
    return kind


class Choices(OptionList):
    """A question's answers, numbered: a digit picks one (one key per answer, not ↓ ↓ Enter)."""

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and 0 < int(event.character) <= self.option_count:
            event.stop()
            self.highlighted = int(event.character) - 1
            self.action_select()


class RulingWizard(Vertical):
    DEFAULT_CSS = """
    RulingWizard { height: auto; padding: 0 1; }
    RulingWizard #where { grid-size: 6; grid-columns: 8 10 6 10 9 1fr; height: 3; }
    RulingWizard #where Label { padding: 1 0 0 0; }
    RulingWizard #scenarios { height: 14; }
    RulingWizard #choices { height: auto; max-height: 10; }
    RulingWizard #question { text-style: bold; padding: 1 0 0 0; }
    RulingWizard #answered { color: $text-muted; }
    RulingWizard #suggestion { border: round $accent; padding: 0 1; height: auto; }
    RulingWizard #problem { color: $error; }
    RulingWizard #actions, RulingWizard #override, RulingWizard #other { height: auto; }
    """
    BINDINGS = [
        Binding("ctrl+b", "back", "Back one answer"),
        Binding("ctrl+n", "restart", "New ruling"),
    ]

    def __init__(self, catalogue: Catalogue, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.catalogue = catalogue
        self.scenario: Scenario | None = None
        self.answers: dict[str, str] = {}
        self.own_game = False  # the floor answers the game himself, not the level (RP-18)
        self.walked: Walk | None = None
        self.question: OpenQuestion | None = None
        self.clock_call: int | None = None
        self.corrects: int | None = None
        # "Other situation": no scenario; the floor describes it and cites the rules itself.
        self.other = False
        self.overriding = False
        # What is asked now ("pick", "q:<key>", "suggest"): the focus moves only when it changes,
        # so a redraw (another terminal wrote) or typing a name never pulls it away.
        self._stage = ""

    def compose(self) -> ComposeResult:
        with Grid(id="where"):
            yield Label(_("Table"))
            # TRANSLATORS: the one-letter placeholder of the table field
            yield Input(id="table", type="integer", placeholder=_("T"))
            yield Label(_("Seat"))
            # TRANSLATORS: the one-letter placeholder of the seat field
            yield Input(id="seat", type="integer", placeholder=_("S"))
            yield Label(_("Players"))
            yield Input(id="players", placeholder=_("names, the offender first, comma between"))
        yield Input(id="search", placeholder=_("Find a scenario: type words, Enter picks the first"))
        yield OptionList(id="scenarios")
        yield Static(id="title")
        yield Static(id="answered")
        yield Static(id="problem")
        yield Static(id="question")
        yield Choices(id="choices")
        yield Input(id="number", placeholder=_("a number, Enter"))
        yield Static(id="suggestion")
        with Vertical(id="other"):
            yield Input(id="description", placeholder=_("What happened, in your words"))
            yield Input(id="rules", placeholder=_("Rules cited, e.g. H-DEAD-G 37 (none: C-RULING-1)"))
            yield Input(id="offence", placeholder=_("The offence it records, if any: {kinds}").format(
                kinds=", ".join(kind.value for kind in OffenceKind)))
        with Horizontal(id="actions"):
            yield Button(_("Accept and log (Enter)"), id="accept", variant="success")
            yield Button(_("Override…"), id="override-open", variant="warning")
        with Vertical(id="override"):
            yield Input(id="decision", placeholder=_("The final decision"))
            # TRANSLATORS: none, warning, rounds:N ... are what the floor types: keep them as they are
            yield Input(id="penalty", placeholder=_("Penalty: empty keeps the suggested one; none, warning, "
                                                    "rounds:N, missed-hands:N, minutes:N, disqualification"))
        yield Input(id="reason", placeholder=_("Why: an override or a correction needs a reason; Enter logs"))

    def on_mount(self) -> None:
        self.list_scenarios("")
        self.show()

    # ------------------------------------------------------------ state

    @property
    def state(self) -> TournamentState:
        return service_of(self).state

    @property
    def staff(self) -> str:
        return service_of(self).actor

    def list_scenarios(self, needle: str) -> None:
        words = needle.casefold().split()
        options = self.query_one("#scenarios", OptionList)
        options.clear_options()
        # Beyond the catalogue: last in the full list, first when the words ask for it.
        other = Option(Text(_("Other situation: describe it, cite the rules")), id=OTHER)
        # The words that find it, in English and in the language shown.
        finds_other = " ".join(["other situation beyond the catalogue describe",
                                _("other situation beyond the catalogue describe")]).casefold()
        if words and all(word in finds_other for word in words):
            options.add_option(other)
        for scenario in self.catalogue.search(needle):
            options.add_option(Option(Text(scenario.title), id=scenario.id))
        if not words:
            options.add_option(other)
        if options.option_count:
            options.highlighted = 0

    def start(self, scenario_id: str, answers: dict[str, str] | None = None,
              clock_call: int | None = None) -> None:
        """Begin a ruling (also how the clock-call panel proposes the ruling at zero)."""
        self.other = scenario_id == OTHER
        self.scenario = None if self.other else self.catalogue.get(scenario_id)
        self.answers = dict(answers or {})
        self.own_game = False  # the level's game answers the question of the game (RP-18)
        self.clock_call = clock_call
        self.corrects = None
        self.overriding = False
        self._stage = ""  # a new ruling: ask afresh even if the first question looks the same
        self.show()

    def set_where(self, table: int | None, seat: int | None, players: list[str]) -> None:
        """Where the ruling is and who it is about, in place of what the fields held."""
        for name, value in (("table", table), ("seat", seat)):
            self.query_one(f"#{name}", Input).value = "" if value is None else str(value)
        self.query_one("#players", Input).value = ", ".join(players)

    def correct(self, old: RulingView) -> None:
        """Begin the correction of a logged ruling: its scenario, answers, table, seat and players,
        to change and log as a new ruling pointing at it (earlier offences are counted again)."""
        self.set_where(old.table, old.seat, old.players)
        self.start(old.scenario, {k: v for k, v in old.answers.items() if k != "earlier"})
        if self.other:  # an other situation: its own words, rules, offence and decision
            penalty_rules = old.penalty.rules if old.penalty else []
            cited = " ".join(r for r in old.suggestion.rules if r not in penalty_rules)
            for name, text in (("description", old.description or ""), ("decision", old.decision),
                               ("offence", old.offence or ""), ("rules", cited)):
                self.query_one(f"#{name}", Input).value = text
        self.corrects = old.id
        self.show()

    def _answers(self, named: bool) -> dict[str, str]:
        # Once the player is named the log counts the earlier offences (O-OOT-5, H-DEAD-X).
        return {k: v for k, v in self.answers.items() if not (named and k == "earlier")}

    def _inputs(self) -> tuple[int | None, int | None, list[str]]:
        def number(name: str) -> int | None:
            raw = self.query_one(f"#{name}", Input).value.strip()
            return int(raw) if raw.lstrip("-").isdigit() else None

        names = [n.strip() for n in self.query_one("#players", Input).value.split(",") if n.strip()]
        return number("table"), number("seat"), names

    def _walk(self) -> str | None:
        """Walk the tree with the answers and what the log knows; the problem, if any."""
        assert self.scenario is not None
        table, _seat, names = self._inputs()
        try:
            offender = names[0] if names else None
            self.walked = ruling_walk(self.state, self.scenario, self._answers(offender is not None),
                                      offender=offender, table=table,
                                      now=None if self.own_game else service_of(self).now())
        except TdError as problem:
            self.walked = None
            return error_text(problem)
        return None

    def show(self, problem: str | None = None) -> None:
        """Show the one thing to do next: pick a scenario, answer a question, or accept; and
        `problem` (an answer just refused) or what stops the walk."""
        picking = self.scenario is None and not self.other
        problem = (None if picking or self.other else self._walk()) or problem
        self.query_one("#problem", Static).update(Text(problem or ""))
        if not picking and not self.other and self.walked is None and self._stage:
            return  # a name being typed, say: keep the question in front until it walks again
        walked = self.walked if not picking and not self.other else None
        self.question = walked.open[0] if walked is not None and walked.suggestion is None else None
        suggestion = walked.suggestion if walked is not None else None
        self.query_one("#search").display = picking
        self.query_one("#scenarios").display = picking
        title = (_("Other situation: describe it, cite the rules, give the decision") if self.other
                 else "" if picking else self.scenario.title)  # type: ignore[union-attr]
        if self.corrects:
            title = _("Correcting ruling {ruling}: {title}").format(ruling=self.corrects, title=title)
        self.query_one("#title", Static).update(Text("") if picking else Text(
            _("{title}   (Ctrl+B back, Ctrl+N new)").format(title=title)))
        done = walked.answers if walked is not None else self.answers
        self.query_one("#answered", Static).update(
            Text("   ".join(answer_text(self.scenario, key, value) for key, value in done.items())))
        stage = ("pick" if picking else "other" if self.other else f"q:{self.question.key}"
                 if self.question else "suggest" if suggestion else "stuck")
        moved, self._stage = stage != self._stage, stage
        if moved:
            self._show_question(self.question)
        shown = self.query_one("#suggestion", Static)
        shown.display = suggestion is not None
        shown.update(describe_suggestion(suggestion) if suggestion else "")
        # An override needs no answers (C-RULING-1): it is offered as soon as a scenario is picked.
        self.query_one("#other").display = self.other
        self.query_one("#actions").display = not picking and not self.other
        self.query_one("#accept").display = suggestion is not None
        self.query_one("#override").display = self.other or (self.overriding and not picking)
        self.query_one("#reason").display = not picking and (
            self.overriding or self.corrects is not None)
        if moved and picking:
            self.query_one("#search").focus()  # type to find the scenario, Enter picks
        elif moved and self.other:
            self.query_one("#description").focus()
        elif moved and suggestion is not None:
            self.query_one("#accept").focus()

    def _show_question(self, question: OpenQuestion | None) -> None:
        text = self.query_one("#question", Static)
        choices = self.query_one("#choices", OptionList)
        number = self.query_one("#number", Input)
        text.display = question is not None
        choices.display = question is not None and question.type != "number"
        number.display = question is not None and question.type == "number"
        if question is None:
            return
        text.update(Text(question.ask))
        if question.type == "number":
            number.value = ""
            number.placeholder = _("{allowed}, Enter").format(allowed=_number_hint(question))
            number.focus()
            return
        choices.clear_options()
        for key, (value, label) in enumerate(zip(question.choices, question.labels, strict=True), 1):
            choices.add_option(Option(Text(f"{key} {label}" if key < 10 else label), id=value))
        choices.highlighted = 0
        choices.focus()

    # ------------------------------------------------------------ events

    def answer(self, value: str) -> None:
        """Answer the question shown (the Pilot tests call this too)."""
        if self.question is None:
            return
        self.answers[self.question.key] = value
        problem = self._walk()
        if problem is not None:  # a value the question does not take: ask again, saying why
            del self.answers[self.question.key]
        self.show(problem)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "scenarios" and event.option.id:
            self.start(event.option.id)
        elif event.option_list.id == "choices" and event.option.id:
            self.answer(event.option.id)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self.list_scenarios(event.value)
        elif event.input.id in ("table", "players") and self.scenario is not None:
            self.show()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "search":
            options = self.query_one("#scenarios", OptionList)
            if options.option_count:
                first = options.get_option_at_index(options.highlighted or 0)
                if first.id:
                    self.start(first.id)
        elif event.input.id == "number" and event.value.strip():
            self.answer(event.value.strip())
        elif event.input.id == "reason":
            self.log_ruling(override=self.overriding)
        elif self.other and event.input.id in OTHER_FIELDS:
            self.query_one(f"#{OTHER_FIELDS[event.input.id]}").focus()
        elif self.other and event.input.id == "penalty":
            if self.corrects is not None:
                self.query_one("#reason").focus()  # a correction needs its reason first
            else:
                self.log_ruling(override=False)
        elif event.input.id in ("decision", "penalty"):
            self.query_one("#reason" if event.input.id == "penalty" else "#penalty").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "accept":
            self.log_ruling(override=False)
        elif event.button.id == "override-open":
            self.overriding = True
            self.show()
            decision = self.query_one("#decision", Input)
            if not decision.value and self.walked and self.walked.suggestion:
                decision.value = self.walked.suggestion.ruling
            decision.focus()

    def action_back(self) -> None:
        if self.answers:
            self.answers.popitem()
        elif self.walked is not None and "game" in self.walked.answers and not self.own_game:
            self.own_game = True  # the level answered the game (RP-18): back asks the floor instead
        elif self.clock_call is None:
            self.scenario, self.other = None, False
        self.show()

    def action_restart(self) -> None:
        self.scenario, self.answers, self.clock_call, self.corrects = None, {}, None, None
        self.other = self.overriding = False
        # The table stays (the floor is still there); who and which seat are asked afresh, so the
        # next ruling is never put on the last one's player by mistake.
        for name in ("decision", "penalty", "reason", "search", "players", "seat", "description",
                     "rules", "offence"):
            self.query_one(f"#{name}", Input).value = ""
        self.list_scenarios("")
        self.show()

    def _value(self, name: str) -> str:
        return self.query_one(f"#{name}", Input).value.strip()

    def acting(self, *, override: bool) -> Acting:
        """The `rulings log` action (`rulings correct` for a correction) with what was walked and
        typed, as the CLI's and the remote's requests carry it."""
        table, seat, names = self._inputs()
        fields: dict[str, Any] = {"by": self.staff, "answer": self._answers(bool(names)), "table": table,
                                  "seat": seat, "player": names}
        if override or self.corrects is not None:
            fields["reason"] = self._value("reason")
        if override or self.other:
            fields["decision"] = self._value("decision")
            given, _kind, _amount = parse_penalty(self._value("penalty"), "penalty")  # refused here
            if given:
                fields["penalty"] = self._value("penalty")
        if self.other:
            offence = self._value("offence").lower()
            kinds = [kind.value for kind in OffenceKind]
            if offence and offence not in kinds:
                raise TdError(
                    "offence {offence!r}: one of {names}", offence=offence, names=', '.join(kinds),
                )
            fields |= {"description": self._value("description"),
                       "rule": self._value("rules").replace(",", " ").split(), "offence": offence or None}
            scenario = OTHER
        else:
            assert self.scenario is not None
            scenario = self.scenario.id
        if self.corrects is not None:
            return Acting(ruling_actions.correct,
                          ruling_actions.CorrectRequest(ruling=self.corrects, scenario=scenario, **fields))
        return Acting(ruling_actions.log,
                      ruling_actions.LogRequest(scenario=scenario, clock_call=self.clock_call, **fields))

    def log_ruling(self, *, override: bool) -> None:
        def done(ok: bool) -> None:
            if ok:
                self.notify(_("Ruling {ruling} logged").format(ruling=len(self.state.rulings)))
                self.action_restart()

        try:
            acting = self.acting(override=override)
        except TdError as problem:  # a penalty or an offence mistyped: one line, nothing logged
            self.notify(error_text(problem), severity="error", markup=False)
            return
        self.post_message(ActionRequested(acting.action, acting.request, on_done=done))

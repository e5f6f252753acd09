"""The floor-ruling helper: scenarios as decision trees, and the walk from answers to a ruling.

A scenario (`configs/rulings/*.toml`) is a tree of nodes: typed questions (yes/no, a choice,
a number), nodes answered by a house setting (where the club and the TDA differ, TDA.md), and
rulings (what happens, the remedy step by step, the rule IDs, a penalty suggestion). A ruling that
records an offence asks two more questions (deliberate? earlier offences?) and lets `penalties`
escalate; a penalty in rounds asks the table's size (71A). The tree is checked when it is loaded:
no unknown or unreachable node, no cycle, no branch that no answer reaches, settings that exist.
"""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

import difflib
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import Annotated, Any, Literal, NamedTuple, get_args, get_origin

from pydantic import BaseModel, Field, model_validator
from pydantic.fields import FieldInfo
from pydantic_core import PydanticCustomError

from tdconsole.domain.clock.games import Game
from tdconsole.domain.errors import InvalidInput, NotFound, RuleIds
from tdconsole.domain.floor.penalties import (
    COUNTED,
    OFFENCE_RULES,
    OffenceKind,
    Penalty,
    PenaltyKind,
    escalate,
    penalty,
)
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.model import Frozen, empty_dict, empty_list

# The reserved scenario id of a ruling beyond the catalogue: an "other situation" the floor
# describes in its own words, citing the rules itself (`beyond_catalogue`).
OTHER = "other"

NodeId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]  # also the KEY of `--answer KEY=VALUE`
Value = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]
ClubRule = Annotated[str, Field(pattern=r"^[A-Z]+(-[A-Z0-9]+)+$")]  # RULES.md, e.g. D-MIS-A
TdaRule = Annotated[str, Field(pattern=r"^(RP-)?\d{1,2}[A-Z]?$")]  # TDA.md, e.g. 35A
Text = Annotated[str, Field(min_length=1)]

YES_NO = {"yes": "yes", "y": "yes", "true": "yes", "no": "no", "n": "no", "false": "no"}
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")



class YesNo(Frozen):
    type: Literal["yes-no"]
    ask: Text
    yes: NodeId
    no: NodeId


class Option(Frozen):
    value: Value
    label: Text
    next: NodeId


class Choice(Frozen):
    type: Literal["choice"]
    ask: Text
    options: list[Option] = Field(min_length=2)


class Branch(Frozen):
    op: Literal["<", "<=", "==", ">=", ">"]
    value: float
    next: NodeId


class Number(Frozen):
    type: Literal["number"]
    ask: Text
    min: float | None = None
    max: float | None = None
    integer: bool = False
    # Tried in order; the first that holds decides, else `otherwise`.
    branches: list[Branch] = Field(default_factory=empty_list)
    otherwise: NodeId


class Setting(Frozen):
    """Answered by the house rules, never asked: `setting` is "section.field" of `HouseRules`."""

    type: Literal["setting"]
    setting: str
    cases: dict[str, NodeId]


class PenaltySpec(Frozen):
    """Either the offence the ruling records (escalated by `penalties.escalate`), or a penalty the
    TD gives directly: its kind and an amount, fixed or the answer to a number question."""

    offence: OffenceKind | None = None
    kind: PenaltyKind | None = None
    amount: int | None = Field(default=None, gt=0)
    amount_from: NodeId | None = None
    reason: str | None = None

    @model_validator(mode="after")
    def _one_form(self) -> "PenaltySpec":
        if (self.offence is None) == (self.kind is None):
            raise ValueError("give either offence or kind")
        if self.kind is not None:
            amounts = (self.amount is not None) + (self.amount_from is not None)
            if self.kind in COUNTED and amounts != 1:
                raise ValueError(f"a {self.kind} penalty takes one of amount or amount_from")
            if self.kind not in COUNTED and amounts:
                raise ValueError(f"a {self.kind} takes no amount")
            if not self.reason:
                raise ValueError("a penalty the TD gives needs a reason")
        elif self.amount is not None or self.amount_from is not None or self.reason is not None:
            raise ValueError("an offence is escalated by the house rules: no amount or reason here")
        return self


class Ruling(Frozen):
    type: Literal["ruling"]
    ruling: Text
    remedy: list[Text] = Field(min_length=1)
    rules: list[ClubRule] = Field(default_factory=empty_list)
    tda: list[TdaRule] = Field(default_factory=empty_list)
    # The TDA rules this ruling departs from (a club rule decided it): named as the difference,
    # never cited as its source. `tda` cites only TDA rules that give the same outcome.
    differs: list[TdaRule] = Field(default_factory=empty_list)
    penalty: PenaltySpec | None = None

    @model_validator(mode="after")
    def _cites_a_rule(self) -> "Ruling":
        if not self.rules and not self.tda:
            raise ValueError("a ruling cites at least one rule (rules or tda)")
        if both := set(self.tda) & set(self.differs):
            raise ValueError(f"TDA {', '.join(sorted(both))} is both cited and named as differing")
        return self

    @property
    def cited(self) -> RuleIds:
        """The club IDs, then the TDA numbers as "TDA 35A": how users see them."""
        return [*self.rules, *(f"TDA {number}" for number in self.tda)]


Node = Annotated[YesNo | Choice | Number | Setting | Ruling, Field(discriminator="type")]
Question = YesNo | Choice | Number


def _edges(node: Node) -> list[tuple[str, str, str]]:
    """(key in the node, label of the answer, next node) for every way out of `node`."""
    if isinstance(node, YesNo):
        return [("yes", "yes", node.yes), ("no", "no", node.no)]
    if isinstance(node, Choice):
        return [(f"options.{i}.next", o.value, o.next) for i, o in enumerate(node.options)]
    if isinstance(node, Number):
        edges = [(f"branches.{i}.next", f"{b.op} {b.value:g}", b.next)
                 for i, b in enumerate(node.branches)]
        return [*edges, ("otherwise", "otherwise", node.otherwise)]
    if isinstance(node, Setting):
        return [(f"cases.{case}", case, target) for case, target in node.cases.items()]
    return []


def _holds(op: str, left: float, right: float) -> bool:
    return {"<": left < right, "<=": left <= right, "==": left == right,
            ">=": left >= right, ">": left > right}[op]


def _route(node: Number, value: float) -> str:
    return next((b.next for b in node.branches if _holds(b.op, value, b.value)), node.otherwise)


def _in_range(node: Number, value: float) -> bool:
    return ((node.min is None or value >= node.min) and (node.max is None or value <= node.max)
            and (not node.integer or value == int(value)))


def _samples(node: Number) -> dict[str, float]:
    """One number in range that takes each way out of `node` (tree walks and path enumeration)."""
    candidates = [c for b in node.branches for c in (b.value - 1, b.value - 0.5, b.value,
                                                        b.value + 0.5, b.value + 1)]
    candidates += [c for c in (node.min, node.max, 0.0) if c is not None]
    candidates += [math.ceil(node.min)] if node.min is not None else []
    found: dict[str, float] = {}
    for value in sorted(set(candidates)):
        if _in_range(node, value):
            found.setdefault(_label(node, value), value)
    return found


def _label(node: Number, value: float) -> str:
    for branch in node.branches:
        if _holds(branch.op, value, branch.value):
            return f"{branch.op} {branch.value:g}"
    return "otherwise"


def _setting_field(path: str) -> FieldInfo | None:
    """The `HouseRules` field that "section.field" names, if there is one."""
    section_name, _, field_name = path.partition(".")
    section = HouseRules.model_fields.get(section_name)
    model = section.annotation if section else None
    if isinstance(model, type) and issubclass(model, BaseModel):
        return model.model_fields.get(field_name)
    return None


def setting_values(path: str) -> tuple[str, ...] | None:
    """Every value a `HouseRules` setting ("section.field") can take, if it is a choice or a flag;
    None if there is no such choice (a number, or no such setting).

    The values a house setting can take: where the club and the TDA differ.

    >>> setting_values("clock_call.expiry_without_bet")
    ('dead', 'check')
    >>> setting_values("seating.moved_player_may_pay_blinds_twice")
    ('true', 'false')
    >>> setting_values("clock_call.seconds") is None, setting_values("no.such") is None
    (True, True)
    """
    target = _setting_field(path)
    if target is None:
        return None
    if target.annotation is bool:
        return ("true", "false")
    if get_origin(target.annotation) is Literal:
        return tuple(str(arg) for arg in get_args(target.annotation))
    return None


def setting_value(house: HouseRules, path: str) -> Any:
    """The value of a house setting by its "section.field" name.

    >>> setting_value(HouseRules(), "clock_call.seconds")
    60
    """
    section_name, _, field_name = path.partition(".")
    return getattr(getattr(house, section_name), field_name)


def _as_case(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def with_settings(house: HouseRules, settings: Mapping[str, str]) -> HouseRules:
    """`house` with some settings ("section.field" -> value as in the TOML) replaced.

    >>> house = with_settings(HouseRules(), {"clock_call.seconds": "25", "clock_call.countdown": "added"})
    >>> house.clock_call.seconds, house.clock_call.countdown
    (25, 'added')
    """
    data = house.model_dump()
    for path, value in settings.items():
        section, _, name = path.partition(".")
        data[section][name] = {"true": True, "false": False}.get(value, value)
    return HouseRules.model_validate(data)


def render(text: str, house: HouseRules) -> str:
    """`text` with each `{section.field}` replaced by that house setting (60 s vs 25 s).

    >>> render("The player has {clock_call.seconds} seconds to act.", HouseRules())
    'The player has 60 seconds to act.'
    >>> render("{clock_call.seconds} seconds", with_settings(HouseRules(), {"clock_call.seconds": "25"}))
    '25 seconds'
    """
    return _PLACEHOLDER.sub(lambda m: _as_case(setting_value(house, m.group(1))), text)


def _bad_placeholder(text: str) -> str | None:
    for match in _PLACEHOLDER.finditer(text):
        if _setting_field(match.group(1)) is None:
            return f"{{{match.group(1)}}} is not a house setting"
    if "{" in _PLACEHOLDER.sub("", text) or "}" in _PLACEHOLDER.sub("", text):
        return "unmatched brace"
    return None


# ---------------------------------------------------------------- scenarios


# A NamedTuple, not a frozen dataclass: see domain/limits.py `Range`.
class TreePath(NamedTuple):
    """One way through a tree: sample answers, the settings it assumes, and the ruling it ends in."""

    answers: dict[str, str]
    settings: dict[str, str]
    ruling: str


def ordered(cited: RuleIds) -> RuleIds:
    """Rule IDs once each: the club's first, then the TDA's, each in the order cited.

    >>> ordered(["TDA 29", "H-DEAD-D", "C-CLOCK-1", "TDA 29", "H-DEAD-D"])
    ['H-DEAD-D', 'C-CLOCK-1', 'TDA 29']
    """
    unique = list(dict.fromkeys(cited))
    return [r for r in unique if not r.startswith("TDA ")] + [r for r in unique if r.startswith("TDA ")]


def _tree_error(key: str, message: str) -> PydanticCustomError:
    return PydanticCustomError("tree", "{key}: {message}", {"key": key, "message": message})


class Scenario(Frozen):
    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    title: Text
    start: NodeId
    nodes: dict[NodeId, Node] = Field(min_length=1)
    # A translation (`translated`): the English texts, so a search finds it in either language,
    # and the walk's own words (the penalty questions, Yes and No) in the scenario's language.
    also: tuple[str, ...] = Field(default=(), exclude=True)
    words: dict[str, str] = Field(default_factory=empty_dict, exclude=True)

    @model_validator(mode="after")
    def _a_sound_tree(self) -> "Scenario":
        if self.id == OTHER:
            raise _tree_error("id", f"{OTHER!r} is reserved for rulings beyond the catalogue")
        if self.start not in self.nodes:
            raise _tree_error("start", f"unknown node {self.start!r}")
        for node_id, node in self.nodes.items():
            where = f"nodes.{node_id}"
            if node_id in implicit_questions():
                raise _tree_error(where, f"{node_id!r} is reserved for the penalty questions")
            for key, _, target in _edges(node):
                if target not in self.nodes:
                    raise _tree_error(f"{where}.{key}", f"unknown node {target!r}")
            self._check_node(where, node)
        self._check_acyclic()
        reached = {self.start}
        stack = [self.start]
        while stack:
            for _, _, target in _edges(self.nodes[stack.pop()]):
                if target not in reached:
                    reached.add(target)
                    stack.append(target)
        for node_id in self.nodes:
            if node_id not in reached:
                raise _tree_error(f"nodes.{node_id}", "unreachable from start")
        for path in self.paths():
            spec = self.nodes[path.ruling].penalty  # type: ignore[union-attr]
            if spec and spec.amount_from and spec.amount_from not in path.answers:
                raise _tree_error(f"nodes.{path.ruling}.penalty.amount_from",
                                  f"{spec.amount_from!r} is not asked on every way here")
        return self

    def _check_node(self, where: str, node: Node) -> None:
        if isinstance(node, Choice):
            chosen = [o.value for o in node.options]
            if len(set(chosen)) != len(chosen):
                raise _tree_error(f"{where}.options", "duplicate values")
        elif isinstance(node, Number):
            if node.min is not None and node.max is not None and node.min > node.max:
                raise _tree_error(where, "min is above max")
            labels = _samples(node)
            for key, label, _ in _edges(node):
                if label not in labels:
                    raise _tree_error(f"{where}.{key}", "no number in range reaches this branch")
        elif isinstance(node, Setting):
            values = setting_values(node.setting)
            if values is None:
                raise _tree_error(f"{where}.setting",
                                  f"{node.setting!r} is not a house setting with choices")
            if set(node.cases) != set(values):
                raise _tree_error(f"{where}.cases", f"must be exactly {', '.join(values)}")
        elif isinstance(node, Ruling):
            for key, text in [("ruling", node.ruling),
                              *((f"remedy.{i}", step) for i, step in enumerate(node.remedy))]:
                if problem := _bad_placeholder(text):
                    raise _tree_error(f"{where}.{key}", problem)
            spec = node.penalty
            if spec and spec.amount_from:
                source = self.nodes.get(spec.amount_from)
                if not (isinstance(source, Number) and source.integer and (source.min or 0) >= 1):
                    raise _tree_error(f"{where}.penalty.amount_from",
                                      "must name a whole-number question of at least 1")

    def _check_acyclic(self) -> None:
        state: dict[str, int] = {}  # 1 = on the current path, 2 = done

        def visit(node_id: str, trail: list[str]) -> None:
            state[node_id] = 1
            for key, _, target in _edges(self.nodes[node_id]):
                if state.get(target) == 1:
                    loop = " -> ".join([*trail[trail.index(target):], node_id, target])
                    raise _tree_error(f"nodes.{node_id}.{key}", f"cycle {loop}")
                if target not in state:
                    visit(target, [*trail, node_id])
            state[node_id] = 2

        for node_id in self.nodes:
            if node_id not in state:
                visit(node_id, [])

    def paths(self) -> Iterator[TreePath]:
        """Every way from the start to a ruling, each with sample answers that take it."""

        def walk(node_id: str, answers: dict[str, str], settings: dict[str, str]) -> Iterator[TreePath]:
            node = self.nodes[node_id]
            if isinstance(node, Ruling):
                yield TreePath(answers, settings, node_id)
                return
            samples = _samples(node) if isinstance(node, Number) else {}
            for _, label, target in _edges(node):
                if isinstance(node, Setting):
                    yield from walk(target, answers, {**settings, node.setting: label})
                else:
                    answer = f"{samples[label]:g}" if isinstance(node, Number) else label
                    yield from walk(target, {**answers, node_id: answer}, settings)

        return walk(self.start, {}, {})

    @property
    def rulings(self) -> list[Ruling]:
        return [node for node in self.nodes.values() if isinstance(node, Ruling)]

    @property
    def heading(self) -> str:
        """What names the scenario: its id, title and rules (a search ranks these matches first)."""
        return f"{self.id} {self.title} {' '.join(self.rules)}"

    @property
    def texts(self) -> list[str]:
        """Everything a floor person may search it by: the heading, every question and answer,
        every ruling and remedy ("misdeal" finds the scenarios that rule one); a translation's
        English too."""
        parts = [self.heading]
        for node in self.nodes.values():
            if isinstance(node, YesNo | Number):
                parts.append(node.ask)
            elif isinstance(node, Choice):
                parts += [node.ask, *(option.label for option in node.options)]
            elif isinstance(node, Ruling):
                parts += [node.ruling, *node.remedy]
        return [*parts, *self.also]

    def translated(self, gettext: Callable[[str], str]) -> "Scenario":
        """This scenario with every text a person reads (title, questions, answers, rulings,
        remedies, penalty reasons, and the walk's own words) passed through `gettext`: the edge
        hands in its catalogue (the domain reads none). The tree is checked again, so a
        translation that breaks a `{section.field}` is refused like a bad file.

        >>> scenario = Scenario(id="s", title="A card shows", start="r", nodes={"r": {
        ...     "type": "ruling", "ruling": "Misdeal.", "remedy": ["Redeal."], "tda": ["35A"]}})
        >>> shouted = scenario.translated(str.upper)
        >>> found = Catalogue(scenarios={"s": shouted}).search("redeal")  # the English still finds it
        >>> shouted.title, shouted.nodes["r"].remedy, [s.id for s in found]
        ('A CARD SHOWS', ['REDEAL.'], ['s'])
        """
        data = self.model_dump(mode="json")
        data["title"] = gettext(data["title"])
        for node in data["nodes"].values():
            for key in ("ask", "ruling"):
                if key in node:
                    node[key] = gettext(node[key])
            if "remedy" in node:
                node["remedy"] = [gettext(step) for step in node["remedy"]]
            for option in node.get("options", []):
                option["label"] = gettext(option["label"])
            if (spec := node.get("penalty")) and spec.get("reason"):
                spec["reason"] = gettext(spec["reason"])
        words = {text: gettext(text) for text in own_words()}
        return Scenario.model_validate({**data, "also": tuple(self.texts), "words": words})

    @property
    def rules(self) -> RuleIds:
        """Every rule a ruling of this scenario may cite, penalties included, in order."""
        cited: list[str] = []
        for ruling in self.rulings:
            cited += ruling.cited
            if ruling.penalty and ruling.penalty.offence:
                cited += OFFENCE_RULES[ruling.penalty.offence]
        return ordered(cited)


class Catalogue(Frozen):
    scenarios: dict[str, Scenario]

    def search(self, needle: str) -> list[Scenario]:
        """The scenarios in which every word of `needle` is found (any case, part of a word too):
        those whose id, title or rules hold them all first, then those where they are found most
        often; every scenario for no words.

        >>> catalogue = Catalogue(scenarios={"s": Scenario(id="s", title="A card shows", start="r",
        ...     nodes={"r": {"type": "ruling", "ruling": "Misdeal: redeal.", "remedy": ["Redeal."],
        ...                  "tda": ["35A"]}})})
        >>> [scenario.id for scenario in catalogue.search("MISDEAL")], catalogue.search("flop")
        (['s'], [])
        """
        words = needle.casefold().split()

        def has(text: str) -> bool:
            return all(word in text.casefold() for word in words)

        found = [s for s in self.scenarios.values() if has(" ".join(s.texts))]
        # The heading first, then the scenarios with the most texts that hold every word.
        return sorted(found, key=lambda s: (not has(s.heading), -sum(map(has, s.texts))))

    def translated(self, gettext: Callable[[str], str]) -> "Catalogue":
        """Every scenario translated (`Scenario.translated`)."""
        return Catalogue(scenarios={key: scenario.translated(gettext)
                                    for key, scenario in self.scenarios.items()})

    def get(self, scenario_id: str) -> Scenario:
        try:
            return self.scenarios[scenario_id]
        except KeyError:
            close = difflib.get_close_matches(scenario_id, self.scenarios, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise NotFound(
                "unknown scenario {scenario_id!r} (see `tdconsole rulings scenarios`){hint}",
                scenario_id=scenario_id, hint=hint,
            ) from None


# ---------------------------------------------------------------- walking a tree


class OpenQuestion(Frozen):
    """A question still to answer, as the CLI error and the wizard show it."""

    key: str
    ask: str
    type: Literal["yes-no", "choice", "number"]
    choices: list[str] = Field(default_factory=empty_list)
    labels: list[str] = Field(default_factory=empty_list)  # what each choice means, for the wizard
    min: float | None = None
    max: float | None = None
    integer: bool = False

    def allowed(self) -> str:
        """`yes|no`, `first|second`, `<number >= 1 whole>`."""
        if self.type != "number":
            return "|".join(self.choices)
        bounds = [f">= {self.min:g}" if self.min is not None else "",
                  f"<= {self.max:g}" if self.max is not None else "",
                  "whole" if self.integer else ""]
        return f"<number{''.join(' ' + b for b in bounds if b)}>"

    def describe(self) -> str:
        return f"{self.key}={self.allowed()} ({self.ask})"


def _open(key: str, node: Question, words: Mapping[str, str]) -> OpenQuestion:
    """The question as the walk shows it; `words` translates the walk's own (`own_words`)."""
    ask = words.get(node.ask, node.ask) if key in implicit_questions() else node.ask
    if isinstance(node, YesNo):
        return OpenQuestion(key=key, ask=ask, type="yes-no", choices=["yes", "no"],
                            labels=[words.get("Yes", "Yes"), words.get("No", "No")])
    if isinstance(node, Choice):
        return OpenQuestion(key=key, ask=ask, type="choice",
                            choices=[o.value for o in node.options],
                            labels=[o.label for o in node.options])
    return OpenQuestion(key=key, ask=ask, type="number", min=node.min, max=node.max,
                        integer=node.integer)


@cache
def implicit_questions() -> dict[str, Question]:
    """The questions every ruling that records an offence asks, and a penalty in rounds (71A).
    Made on first use: made at import, they would build their validators in every command's
    process (model.Frozen)."""
    return {
        "deliberate": YesNo(type="yes-no", ask="Was it deliberate?", yes="penalty", no="penalty"),
        "earlier": Number(type="number", ask="How many times has this player committed this offence "
                          "before in this tournament?", min=0, integer=True, otherwise="penalty"),
        "players": Number(type="number", ask="How many players are at the table now, the player "
                          "included (71A: one round = one hand per player)?", min=2, max=12,
                          integer=True, otherwise="penalty"),
    }


def own_words() -> list[str]:
    """The words the walk adds to every scenario's own: the penalty questions, Yes and No (what
    `Scenario.translated` translates beside the scenario's texts).

    >>> own_words()[-2:]
    ['Yes', 'No']
    """
    return [*(question.ask for question in implicit_questions().values()), "Yes", "No"]


class Suggestion(Frozen):
    """What `rulings suggest` prints and the rulings log stores verbatim. Its JSON keys are a
    contract: add keys, never rename."""

    ruling: str
    remedy: list[str]
    rules: RuleIds
    penalty: Penalty | None
    # The TDA rules that would rule otherwise ("TDA 35A"): the club's rule decided (Ruling.differs).
    differs: RuleIds = Field(default_factory=empty_list)


class Walk(Frozen):
    """How far the answers go: the answers used, in the order asked (normalised), and either the
    questions still open (the next one first) or the suggestion. Once a ruling is reached,
    `ruling` is its node id and `offence` the offence it records against the player (the log
    counts them: the `earlier` answer for the player's next one of that kind)."""

    answers: dict[str, str]
    open: list[OpenQuestion]
    suggestion: Suggestion | None
    ruling: str | None = None
    offence: OffenceKind | None = None


def _parse(scenario: Scenario, key: str, node: Question, raw: str) -> tuple[str, float | None]:
    """The answer normalised ("Y" -> "yes", "3.0" -> "3"), and its number for a number question."""
    text = raw.strip().lower()
    if isinstance(node, YesNo) and text in YES_NO:
        return YES_NO[text], None
    if isinstance(node, Choice) and text in {o.value for o in node.options}:
        return text, None
    if isinstance(node, Number):
        try:
            number = float(text)
        except ValueError:
            number = math.nan
        if math.isfinite(number) and _in_range(node, number):
            return f"{number:g}", number
    allowed = _open(key, node, scenario.words).allowed()
    raise InvalidInput(
        "scenario {id!r}: answer {key}={raw!r} must be {allowed}", id=scenario.id, key=key, raw=raw,
        allowed=allowed,
    )


def walk(scenario: Scenario, answers: Mapping[str, str], house: HouseRules) -> Walk:
    """Follow `answers` ({key: value} as typed) from the start. Raises InvalidInput for an unknown
    key or a value a question does not accept, naming the questions still open.

    The answers lead through the tree; a setting node is answered by the house rules, never asked.
    Short of a ruling, the walk names the questions still open.

    >>> from tdconsole.domain.examples import clock_call
    >>> walk(clock_call(), {"expired": "y"}, HouseRules()).open[0].describe()
    'facing_bet=yes|no (Was the player facing a bet?)'
    >>> club = walk(clock_call(), {"expired": "yes", "facing_bet": "no"}, HouseRules())
    >>> club.ruling, club.suggestion.rules, club.suggestion.differs
    ('dead_no_bet', ['C-CLOCK-1', 'H-DEAD-D'], ['TDA 29'])
    >>> tda = with_settings(HouseRules(), {"clock_call.expiry_without_bet": "check"})
    >>> walk(clock_call(), {"expired": "yes", "facing_bet": "no"}, tda).ruling
    'check'
    >>> walk(clock_call(), {"expired": "maybe"}, HouseRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: scenario 'clock-call': answer expired='maybe' must be yes|no;
    questions still open: expired=yes|no (Has the time run out with no action from the player?);
    facing_bet=yes|no (Was the player facing a bet?)
    """
    questions = [k for k, n in scenario.nodes.items() if not isinstance(n, Ruling | Setting)]
    for key in answers:
        if key not in questions and key not in implicit_questions():
            asked = ", ".join(questions)
            raise InvalidInput(
                "scenario {id!r} has no question {key!r}; its questions: {value}", id=scenario.id, key=key,
                value=asked or 'none',
            )
    used: dict[str, str] = {}

    def pending() -> Walk:
        still = _still_open(scenario, node_id, used, house)
        if not isinstance(node, Ruling):
            return Walk(answers=used, open=still, suggestion=None)
        offence = node.penalty.offence if node.penalty else None
        return Walk(answers=used, open=still, suggestion=None, ruling=node_id, offence=offence)

    def take(key: str, node: Question) -> tuple[str, float | None] | None:
        if key not in answers:
            return None
        try:
            parsed = _parse(scenario, key, node, answers[key])
        except InvalidInput as error:
            still = "; ".join(q.describe() for q in _still_open(scenario, node_id, used, house))
            raise InvalidInput("{error}; questions still open: {still}", error=error, still=still) from None
        used[key] = parsed[0]
        return parsed

    node_id = scenario.start
    while not isinstance(node := scenario.nodes[node_id], Ruling):
        if isinstance(node, Setting):
            node_id = node.cases[_as_case(setting_value(house, node.setting))]
            continue
        got = take(node_id, node)
        if got is None:
            return pending()
        value, number = got
        if isinstance(node, YesNo):
            node_id = node.yes if value == "yes" else node.no
        elif isinstance(node, Choice):
            node_id = next(o.next for o in node.options if o.value == value)
        else:
            assert number is not None
            node_id = _route(node, number)

    given: Penalty | None = None
    spec = node.penalty
    if spec is not None and spec.offence is not None:
        implicit = implicit_questions()
        deliberate, earlier = take("deliberate", implicit["deliberate"]), take("earlier", implicit["earlier"])
        if deliberate is None or earlier is None:
            return pending()
        given = escalate(spec.offence, deliberate=deliberate[0] == "yes",
                         earlier=int(earlier[1] or 0), rules=house.penalties)
    elif spec is not None and spec.kind is not None:
        amount = spec.amount or (int(float(used[spec.amount_from])) if spec.amount_from else 0)
        given = penalty(spec.kind, amount, node.cited, render(spec.reason or "", house))
    if given is not None and given.needs_players:
        players = take("players", implicit_questions()["players"])
        if players is None:
            return pending()
        given = given.given_at_table(int(players[1] or 0))
    rules = ordered([*node.cited, *(given.rules if given else [])])
    suggestion = Suggestion(ruling=render(node.ruling, house),
                            remedy=[render(step, house) for step in node.remedy],
                            rules=rules, penalty=given,
                            differs=[f"TDA {number}" for number in node.differs])
    return Walk(answers=used, open=[], suggestion=suggestion, ruling=node_id,
                offence=spec.offence if spec else None)


def _still_open(scenario: Scenario, from_id: str, used: Mapping[str, str],
                house: HouseRules) -> list[OpenQuestion]:
    """The questions from `from_id` on that are not yet answered: those of the tree that may
    follow (breadth first, settings followed as the house rules say), then the penalty ones."""
    found: list[OpenQuestion] = []
    offence = rounds = False
    queue, seen = [from_id], {from_id}
    while queue:
        node_id = queue.pop(0)
        node = scenario.nodes[node_id]
        if isinstance(node, Ruling):
            spec = node.penalty
            offence |= bool(spec and spec.offence)
            rounds |= bool(spec and (spec.offence in (OffenceKind.OUT_OF_TURN, OffenceKind.EXPOSED_CARDS)
                                     or spec.kind == PenaltyKind.ROUNDS))
            continue
        if isinstance(node, Setting):
            targets = [node.cases[_as_case(setting_value(house, node.setting))]]
        else:
            if node_id not in used:
                found.append(_open(node_id, node, scenario.words))
            targets = [target for _, _, target in _edges(node)]
        for target in targets:
            if target not in seen:
                seen.add(target)
                queue.append(target)
    implicit = [*(["deliberate", "earlier"] if offence else []), *(["players"] if rounds else [])]
    return found + [_open(key, implicit_questions()[key], scenario.words) for key in implicit
                    if key not in used]


_CLUB_ID = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")
_TDA_ID = re.compile(r"^(RP-)?\d{1,2}[A-Z]?$")


def cited_rules(raw: Iterable[str]) -> RuleIds:
    """Rule IDs as the floor types them ("h-dead-g", "37", "TDA 37", "rp-11"), in the form users see
    them (H-DEAD-G, TDA 37, TDA RP-11), once each; anything else is one line naming it.

    >>> cited_rules(["h-dead-g", "37", "TDA 35a", "rp-11", "37"])
    ['H-DEAD-G', 'TDA 37', 'TDA 35A', 'TDA RP-11']
    >>> cited_rules(["rule seven"])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: 'rule seven' is not a rule ID (RULES.md, e.g. H-DEAD-G, or a TDA
    number, e.g. 37 or RP-11)
    """
    cited: RuleIds = []
    for text in raw:
        rule = text.strip().upper()
        number = rule.removeprefix("TDA").strip()
        if _TDA_ID.match(number):
            rule = f"TDA {number}"
        elif not _CLUB_ID.match(rule):
            raise InvalidInput(
                "{strip!r} is not a rule ID (RULES.md, e.g. H-DEAD-G, or a TDA number, e.g. 37 or "
                "RP-11)", strip=text.strip(), field="rule",
            )
        cited.append(rule)
    return ordered(cited)


def beyond_catalogue(ruling: str, cited: RuleIds, given: Penalty | None) -> Suggestion:
    """The record of a ruling no scenario reaches: an "other situation" (`ruling` is the floor's
    description) or an override made without answering the questions. The rules are those the
    floor cites, C-RULING-1 when none (the TD's ruling, made when the situation arises, stands);
    `given` is the penalty the house rules escalate to for the offence it records.

    >>> beyond_catalogue("A player's phone rang during the hand.", [], None).rules
    ['C-RULING-1']
    >>> beyond_catalogue("Chips hidden.", ["TDA 66"], None).rules
    ['TDA 66']
    """
    rules = ordered([*(cited or ["C-RULING-1"]), *(given.rules if given else [])])
    return Suggestion(ruling=ruling, remedy=[], rules=rules, penalty=given)


def suggest(scenario: Scenario, answers: Mapping[str, str], house: HouseRules) -> Suggestion:
    """The ruling the answers lead to; InvalidInput listing the questions still open if they
    do not reach one.

    >>> from tdconsole.domain.examples import clock_call
    >>> suggest(clock_call(), {"expired": "no"}, HouseRules()).ruling
    'The player has 60 seconds to act.'
    >>> suggest(clock_call(), {}, HouseRules())
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: scenario 'clock-call': questions still open: expired=yes|no (Has
    the time run out with no action from the player?); facing_bet=yes|no (Was the player facing a bet?)
    """
    result = walk(scenario, answers, house)
    if result.suggestion is None:
        still = "; ".join(q.describe() for q in result.open)
        raise InvalidInput("scenario {id!r}: questions still open: {still}", id=scenario.id, still=still)
    return result.suggestion


def game_answers(scenario: Scenario, game: Game | None) -> dict[str, str]:
    """What the level's game answers by itself (RP-18: each level names its game): a scenario's
    choice `game` whose options name a betting structure (no-limit, pot-limit, limit) or a game's
    cards (holdem, omaha, omaha-hilo, stud, stud-hilo, razz). An answer the floor gives wins.

    >>> from tdconsole.domain.clock.games import game_of
    >>> short = Scenario.model_validate({"id": "s", "title": "Short all-in", "start": "game", "nodes": {
    ...     "game": {"type": "choice", "ask": "Which betting?", "options": [
    ...         {"value": "no-limit", "label": "No-limit", "next": "r"},
    ...         {"value": "limit", "label": "Limit", "next": "r"}]},
    ...     "r": {"type": "ruling", "ruling": "It depends.", "remedy": ["Look."], "tda": ["47A"]}}})
    >>> game_answers(short, game_of("razz")), game_answers(short, game_of("nlhe"))
    ({'game': 'limit'}, {'game': 'no-limit'})
    >>> game_answers(short, game_of("plo")), game_answers(short, None)  # no option for pot-limit
    ({}, {})
    """
    node = scenario.nodes.get("game")
    if game is None or not isinstance(node, Choice):
        return {}
    for option in node.options:
        if option.value in (game.betting, game.cards):
            return {"game": option.value}
    return {}

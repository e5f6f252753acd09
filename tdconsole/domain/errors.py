"""Errors the domain raises. Every one is shown to the user as a single line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

# The rule IDs a refusal or a result cites, in the order they applied: the club's (RULES.md,
# "T-MOVE-2") and the Poker TDA's (TDA.md, "29", "43A", "RP-11"). Every answer, event and view that
# names the rules behind it uses this one type, so users always see them the same way.
RuleIds = list[str]


class Words(str):
    """The program's own words put into a refusal (a command's verb, "bust players"): English
    here, translated by the edge with the template around them (`tdconsole.i18n.error_text`), so
    a Danish refusal reads Danish throughout and never "floor kan ikke bust players". A player's
    name, a number or what the user typed is never Words: it is shown as it is.

    >>> error = Forbidden("floor staff cannot {verb} (TD only)", verb=Words("bust players"))
    >>> str(error), type(error.params["verb"]).__name__
    ('floor staff cannot bust players (TD only)', 'Words')
    """

    __slots__ = ()


class TdError(Exception):
    """Base class of every error a user may see: the message is one line, without a traceback.

    The domain reads no catalogue, so it writes English; to let the edge show the message in the
    terminal's language, a refusal is raised as a template and its values, never an f-string:
    `NotFound("no player named {name}", name=name)`. `str()` is the English line; the edge looks
    the template up and fills it in (`tdconsole.i18n.error_text`). The message extractor
    (babel.cfg) collects these templates from every raise of a TdError kind.

    >>> error = NotFound("no player named {name}", name="Bo")
    >>> str(error), error.template, error.params
    ('no player named Bo', 'no player named {name}', {'name': 'Bo'})
    >>> str(InvalidInput("a plain {brace}"))  # without values a template is written as it is
    'a plain {brace}'

    A refusal of one request field names it as `field`: the field's name in the command and the
    action's request ("stack", "by", "table"; the CLI parameter's name), never how an interface
    spells it. Each interface words it its own way: the CLI as the option (`--stack`), the TUI as
    the form's label, the web as the answer's "field" key. `player` is the name the refusal is
    about; the line starts with it.

    >>> error = InvalidInput("a starting stack must be above 0, not {stack}", stack=-5, field="stack",
    ...                      player="Anna")
    >>> str(error), error.field, error.player, error.params
    ('Anna: a starting stack must be above 0, not -5', 'stack', 'Anna', {'stack': -5})
    """

    def __init__(self, message: str = "", /, *, field: str | None = None, player: str | None = None,
                 **params: object) -> None:
        self.template = message
        self.params = params
        self.field = field
        self.player = player
        super().__init__(_about(player, message.format(**params) if params else message))


def _about(player: str | None, text: str) -> str:
    """A refusal's line: the player it is about first, as every interface shows it."""
    return f"{player}: {text}" if player else text


class InvalidInput(TdError):
    """The input is malformed or out of range (a name too long, a negative stack, a bad card)."""


class NotFound(TdError):
    """An unknown player, table, structure, scenario or tournament."""


class RuleViolation(TdError):
    """The command breaks a rule; the message starts with the rule IDs, as users see them.

    >>> str(RuleViolation("T-MOVE-2", "a new player is not dealt in between the small blind and the button"))
    'T-MOVE-2: a new player is not dealt in between the small blind and the button'
    >>> error = RuleViolation(["T-H4H-1", "RP-8A"], "hand {hand} is not finished", hand=1)
    >>> error.rules, error.detail, str(error)
    (['T-H4H-1', 'RP-8A'], 'hand 1 is not finished', 'T-H4H-1, RP-8A: hand 1 is not finished')
    """

    def __init__(self, rules: str | Sequence[str], message: str, /, *, field: str | None = None,
                 player: str | None = None, **params: object) -> None:
        self.rules: RuleIds = [rules] if isinstance(rules, str) else list(rules)
        self.template = message
        self.params = params
        self.field = field
        self.player = player
        self.detail = _about(player, message.format(**params) if params else message)
        Exception.__init__(self, f"{', '.join(self.rules)}: {self.detail}")


class Forbidden(TdError):
    """The role may not do this (floor staff and a TD-only command, a display and any command).

    Its own class so an interface can answer "not allowed" (the web's 403) rather than "wrong input".
    """


def describe_validation_error(source: str | None, error: ValidationError) -> str:
    """One line: `source: key.path: what is wrong` for the first problem (and how many more), in
    English (`validation_refusal` is the same line as a refusal an edge translates).

    >>> from pydantic import BaseModel, ValidationError
    >>> class Seats(BaseModel):
    ...     seats: int
    >>> try:
    ...     Seats.model_validate({"seats": "nine"})
    ... except ValidationError as error:
    ...     print(describe_validation_error("table.toml", error))
    table.toml: seats: Input should be a valid integer
    """
    return str(validation_refusal(source, error))


def validation_refusal(source: str | None, error: ValidationError) -> InvalidInput:
    """The first problem of `error` as a one-line refusal, `source: key.path: what is wrong` (and
    how many more): pydantic's words for a number out of its range, a number that is not one, a
    missing or unknown key, as templates of the catalogue, so a Danish user reads them in Danish
    (`--amount Anna=-1`); any other problem in pydantic's English.

    The first problem as a refusal the edge translates, and how many more there are.

    >>> from pydantic import BaseModel, Field, ValidationError
    >>> class Level(BaseModel):
    ...     small_blind: int = Field(ge=1)
    ...     big_blind: int = Field(ge=1)
    >>> try:
    ...     Level.model_validate({"small_blind": 0, "big_blind": -1})
    ... except ValidationError as error:
    ...     refusal = validation_refusal("level 3", error)
    >>> str(refusal)
    'level 3: small_blind: Input should be greater than or equal to 1 (and 1 more)'
    >>> refusal.params["problem"].template
    '{where}: Input should be greater than or equal to {limit}'
    """
    problems = error.errors()
    first = problems[0]
    key = ".".join(str(part) for part in first["loc"]) or "(top level)"
    where = f"{source}: {key}" if source else key
    ctx = first.get("ctx") or {}
    found = _pydantic_problem(first["type"], where, ctx)
    if found is None:
        found = InvalidInput("{where}: {problem}", where=where, problem=first["msg"])
    if len(problems) > 1:
        return InvalidInput("{problem} (and {more} more)", problem=found, more=len(problems) - 1)
    return found


def _pydantic_problem(kind: str, where: str, ctx: Mapping[str, Any]) -> InvalidInput | None:
    # pydantic's own English, word for word, so an English line is as before.
    match kind:
        case "greater_than_equal":
            return InvalidInput("{where}: Input should be greater than or equal to {limit}", where=where,
                                limit=str(ctx.get("ge")))
        case "greater_than":
            return InvalidInput("{where}: Input should be greater than {limit}", where=where,
                                limit=str(ctx.get("gt")))
        case "less_than_equal":
            return InvalidInput("{where}: Input should be less than or equal to {limit}", where=where,
                                limit=str(ctx.get("le")))
        case "less_than":
            return InvalidInput("{where}: Input should be less than {limit}", where=where,
                                limit=str(ctx.get("lt")))
        case "int_parsing" | "int_type" | "int_from_float":
            return InvalidInput("{where}: Input should be a valid integer", where=where)
        case "float_parsing" | "float_type":
            return InvalidInput("{where}: Input should be a valid number", where=where)
        case "bool_parsing" | "bool_type":
            return InvalidInput("{where}: Input should be a valid boolean", where=where)
        case "missing":
            return InvalidInput("{where}: Field required", where=where)
        case "extra_forbidden":
            return InvalidInput("{where}: Extra inputs are not permitted", where=where)
    return None

"""What every action shares: its request, its registration, and how a JSON body becomes a request.

An action is one thing a TD or the floor does (`bust`, `clock pause`, `rulings log`): a function
`(service, request) -> result`. The request is a pydantic model whose fields are the CLI command's
parameter names, so the CLI fills it from argv, the TUI from its forms and the web validates its JSON
body straight into it; the result is a view (the document `--json` prints). Every rule check lives
below the action (in the service and the domain) or in it (member links, bans): never in an interface.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from tdconsole.domain.commands import Command
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.service import Service


class Request(BaseModel):
    """An action's input: its fields are the CLI command's parameter names (the web's body keys)."""

    # A number where text is asked stays text ("seat" 7 for a name-or-number), as on a command line.
    # defer_build: a request's validator is built when first used, not at import, so a command pays
    # only for its own (the CLI starts anew for every call, bench_cli).
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _as_on_the_command_line(cls, data: Any) -> Any:
        """A body may give what the command line takes: one value where a list is taken is a list of
        one (a phone busts `"names": "Anna"`), and `NAME=VALUE` words where an object is taken are its
        pairs (`"stack": ["Anna=12000"]`, as `--stack Anna=12000`)."""
        if not isinstance(data, dict):
            return data
        shaped = dict(data)
        for key, value in data.items():
            field = cls.model_fields.get(key)
            if field is None:
                continue
            scalar = isinstance(value, str | int) and not isinstance(value, bool)
            if _takes(list, field.annotation) and scalar:
                shaped[key] = [value]
            elif _takes(dict, field.annotation) and isinstance(value, list) \
                    and all(isinstance(item, str) and "=" in item for item in value):
                shaped[key] = dict(item.rpartition("=")[::2] for item in value)
        return shaped


class NoArguments(Request):
    """The request of an action that takes nothing but the tournament."""


def _takes(kind: type, annotation: Any) -> bool:
    """Whether a field's type is `kind[...]` (or an optional one)."""
    return get_origin(annotation) is kind or any(get_origin(arg) is kind for arg in get_args(annotation))


Q = TypeVar("Q", bound=Request)
R = TypeVar("R")


@dataclass(frozen=True)
class Action(Generic[Q, R]):
    """One registered action: its CLI command path, request, function, and whether the web runs it."""

    verb: str  # the CLI's command path: "bust", "clock pause", "rulings clock-stop"
    request: type[Q]
    run: Callable[[Service, Q], R]
    web: bool  # a phone may run it (POST /api/commands/VERB); said for every action, never assumed
    tui: bool  # the TD's console runs it (a key or the palette; its row in docs/KEYS.md)
    commands: tuple[type[Command], ...]  # the domain commands it may execute

    def __call__(self, service: Service, request: Q) -> R:
        return self.run(service, request)


_ACTIONS: dict[str, Action[Any, Any]] = {}


def action(verb: str, *, web: bool, tui: bool = True, commands: tuple[type[Command], ...] = ()
           ) -> Callable[[Callable[[Service, Q], R]], Action[Q, R]]:
    """Register `run` as the action `verb`; its request type is its second parameter's annotation.
    `tui=False` says the TD's console has no key or palette entry that runs it (it shows the same
    view on a screen, or the task is the CLI's); tests/test_a_new_command.py checks either way."""

    def register(run: Callable[[Service, Q], R]) -> Action[Q, R]:
        hints = run.__annotations__
        request = hints["request"]
        if isinstance(request, str):  # `from __future__ import annotations`
            request = getattr(importlib.import_module(run.__module__), request)
        assert verb not in _ACTIONS, f"two actions are named {verb!r}"
        found: Action[Q, R] = Action(verb=verb, request=request, run=run, web=web, tui=tui,
                                     commands=commands)
        _ACTIONS[verb] = found
        return found

    return register


def registry() -> Mapping[str, Action[Any, Any]]:
    """Every action, by its CLI command path: every module of this package imported, so a new one
    needs no list (only here, for the web and the tests: a CLI command imports just its own
    module, the fast-CLI contract)."""
    package = importlib.import_module(__package__ or "tdconsole.actions")
    for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        importlib.import_module(module.name)
    return _ACTIONS


def web_action(verb: str) -> Action[Any, Any]:
    """The action a phone may run at `POST /api/commands/VERB` (`clock/pause` as the URL gives it)."""
    path = " ".join(part for part in verb.strip("/").split("/") if part)
    actions = registry()
    found = actions.get(path)
    if found is None or not found.web:
        names = ", ".join(sorted(name for name, item in actions.items() if item.web))
        raise NotFound("no command {verb!r} here (commands: {names})", verb=verb, names=names)
    return found


def parse(found: Action[Q, Any], body: Mapping[str, Any]) -> Q:
    """`body` validated into the action's request; a bad one is a one-line refusal naming its field."""
    try:
        return found.request.model_validate(dict(body))
    except ValidationError as error:
        # An unknown key first: it explains the missing one (a misspelt name).
        first = min(error.errors(), key=lambda e: e["type"] != "extra_forbidden")
        field = str(first["loc"][0]) if first["loc"] else None
        where = ".".join(str(part) for part in first["loc"])
        if first["type"] == "extra_forbidden":
            taken = ", ".join(found.request.model_fields) or "no parameters"
            raise InvalidInput("{path}: unknown parameter {key!r} (it takes {taken})", path=found.verb,
                               key=field, taken=taken) from None
        if first["type"] == "missing":
            raise InvalidInput("{path}: {key} is missing", path=found.verb, key=where, field=field) from None
        raise InvalidInput("{path}: {key}: {value!r}: {problem}", path=found.verb, key=where,
                           value=first.get("input"), problem=_problem(first), field=field) from None


def _problem(first: Any) -> InvalidInput | str:
    """What is wrong with one value, as a refusal the edge translates ("not a whole number",
    "must be at least 1"); a complaint not listed here stays pydantic's English."""
    kind, ctx = first["type"], first.get("ctx") or {}
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return InvalidInput("not a whole number")
    if kind in ("float_parsing", "float_type"):
        return InvalidInput("not a number")
    if kind in ("bool_parsing", "bool_type"):
        return InvalidInput("not true or false")
    if kind == "string_type":
        return InvalidInput("not text")
    if kind in ("list_type", "set_type", "tuple_type"):
        return InvalidInput("not a list")
    if kind in ("dict_type", "model_type"):
        return InvalidInput("not an object of names and values")
    if kind == "greater_than_equal" and "ge" in ctx:
        return InvalidInput("must be at least {ge}", ge=ctx["ge"])
    if kind == "greater_than" and "gt" in ctx:
        return InvalidInput("must be more than {gt}", gt=ctx["gt"])
    if kind == "less_than_equal" and "le" in ctx:
        return InvalidInput("must be at most {le}", le=ctx["le"])
    if kind == "less_than" and "lt" in ctx:
        return InvalidInput("must be less than {lt}", lt=ctx["lt"])
    if kind == "string_too_long" and "max_length" in ctx:
        return InvalidInput("at most {max_length} characters", max_length=ctx["max_length"])
    if kind == "too_short" and "min_length" in ctx:
        return InvalidInput("at least {min_length} wanted", min_length=ctx["min_length"])
    if kind == "too_long" and "max_length" in ctx:
        return InvalidInput("at most {max_length} allowed", max_length=ctx["max_length"])
    if kind == "literal_error" and "expected" in ctx:
        return InvalidInput("must be {expected}", expected=ctx["expected"])
    return str(first["msg"])

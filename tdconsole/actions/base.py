"""What every action shares: its request, its registration, and how a JSON body becomes a request.

An action is one thing a TD or the floor does (`bust`, `clock pause`, `rulings log`): a function
`(service, request) -> result`. The request is a pydantic model whose fields are the CLI command's
parameter names, so the CLI fills it from argv, the TUI from its forms and the web validates its JSON
body straight into it; the result is a view (the document `--json` prints). Every rule check lives
below the action (in the service and the domain) or in it (member links, bans): never in an interface.
"""

from __future__ import annotations

import importlib
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
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    @model_validator(mode="before")
    @classmethod
    def _one_for_many(cls, data: Any) -> Any:
        """One value where a list is taken is a list of one (a phone busts `"names": "Anna"`), as a
        repeated option given once is on the command line."""
        if not isinstance(data, dict):
            return data
        lists = {name for name, field in cls.model_fields.items() if _takes_a_list(field.annotation)}
        return {key: [value] if key in lists and isinstance(value, str | int) and not isinstance(value, bool)
                else value for key, value in data.items()}


class NoArguments(Request):
    """The request of an action that takes nothing but the tournament."""


def _takes_a_list(annotation: Any) -> bool:
    return get_origin(annotation) is list or any(get_origin(arg) is list for arg in get_args(annotation))


Q = TypeVar("Q", bound=Request)
R = TypeVar("R")


@dataclass(frozen=True)
class Action(Generic[Q, R]):
    """One registered action: its CLI command path, request, function, and whether the web runs it."""

    verb: str  # the CLI's command path: "bust", "clock pause", "rulings clock-stop"
    request: type[Q]
    run: Callable[[Service, Q], R]
    web: bool  # a phone may run it (POST /api/commands/VERB); said for every action, never assumed
    commands: tuple[type[Command], ...]  # the domain commands it may execute

    def __call__(self, service: Service, request: Q) -> R:
        return self.run(service, request)


_ACTIONS: dict[str, Action[Any, Any]] = {}

# Every module that registers actions: imported all together only by `registry()` (the web, the
# tests); a CLI command imports just its own module (the fast-CLI contract).
MODULES = ("clock", "players", "money", "seating", "hand_for_hand", "rulings")


def action(verb: str, *, web: bool, commands: tuple[type[Command], ...] = ()
           ) -> Callable[[Callable[[Service, Q], R]], Action[Q, R]]:
    """Register `run` as the action `verb`; its request type is its second parameter's annotation."""

    def register(run: Callable[[Service, Q], R]) -> Action[Q, R]:
        hints = run.__annotations__
        request = hints["request"]
        if isinstance(request, str):  # `from __future__ import annotations`
            request = getattr(importlib.import_module(run.__module__), request)
        assert verb not in _ACTIONS, f"two actions are named {verb!r}"
        found: Action[Q, R] = Action(verb=verb, request=request, run=run, web=web, commands=commands)
        _ACTIONS[verb] = found
        return found

    return register


def registry() -> Mapping[str, Action[Any, Any]]:
    """Every action, by its CLI command path."""
    for module in MODULES:
        importlib.import_module(f"tdconsole.actions.{module}")
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
            raise InvalidInput("{path}: {key} is missing", path=found.verb, key=where) from None
        raise InvalidInput("{path}: {key}: {value!r}: {problem}", path=found.verb, key=where,
                           value=first.get("input"), problem=first["msg"]) from None


def naming(data: Any, tournament: Mapping[str, Any]) -> Any:
    """A command's JSON document with the tournament it acted on ({"id", "name"}) in a `tournament`
    key (in each row of a list), so a script never mistakes which one it was. Keys are only added:
    a view with its own `tournament` keeps it (the JSON contract)."""
    if isinstance(data, dict):
        return data if "tournament" in data else {**data, "tournament": dict(tournament)}
    if isinstance(data, list) and all(isinstance(row, dict) for row in data):
        return [naming(row, tournament) for row in data]
    return data

"""`POST /api/commands/VERB`: the CLI's own command, run in-process with a JSON body for its arguments.

One function per action serves both interfaces: the web does not build commands of its own. The body's
keys are the CLI command's parameter names (`bust`: `{"names": [...], "stack": {"NAME": chips},
"by": [...]}`); they are turned into the command line the CLI would be given and parsed by the
CLI's own parser, so every check, default and message is the CLI's, and the answer is the document
`--json` prints (captured from `emit`). Only the verbs in `WEB_VERBS` run: nothing that writes
files on the server, opens screens, or manages staff.
"""

from __future__ import annotations

import threading
from typing import Any

import typer
import typer.main
from typer.core import TyperArgument, TyperGroup, TyperOption

from tdconsole.cli.kit import Session, capture
from tdconsole.domain.errors import InvalidInput, NotFound

# The CLI's command paths a phone may run. Reads the remote needs (plans, clock calls, scenarios)
# are here too: they run as the logged-in staff member, and their role decides as on the CLI.
WEB_VERBS = frozenset({
    "clock start", "clock pause", "clock resume", "clock next", "clock prev", "clock level", "clock set",
    "register", "unregister", "undo", "bust", "reenter", "add-on", "payouts",
    "seat", "move", "hand-done", "button", "balance", "break-table", "final-table",
    "h4h start", "h4h stop", "h4h done", "h4h status",
    "rulings scenarios", "rulings suggest", "rulings log", "rulings correct", "rulings list",
    "rulings penalties", "rulings serve", "rulings clock-call", "rulings clock-calls", "rulings clock-stop",
})
# Never taken from a body: the answer is always the JSON document, and files stay where they are.
_HIDDEN = frozenset({"as_json", "out"})
# Set from the session, never from the body: a ruling is logged in the name of who is logged in.
_OWN_NAME = {"rulings log": "by", "rulings correct": "by"}

# Typer's command wrappers keep the last call's arguments in a shared dict, so two threads must not
# run commands at once; the CLI's commands take milliseconds, and writes are serialised anyway.
_lock = threading.Lock()


def verb_path(verb: str) -> str:
    """`clock/pause` as the URL gives it -> the CLI's `clock pause`."""
    path = " ".join(part for part in verb.strip("/").split("/") if part)
    if path not in WEB_VERBS:
        raise NotFound(
            "no command {verb!r} here (commands: {names})", verb=verb, names=', '.join(sorted(WEB_VERBS)),
        )
    return path


def run_action(session: Session, verb: str, body: dict[str, Any]) -> Any:
    """Run `tdconsole VERB ... --json` as the session's staff member; its JSON document."""
    path = verb_path(verb)
    if not isinstance(body, dict):
        raise InvalidInput("{path}: the body must be a JSON object of the command's parameters", path=path)
    if path in _OWN_NAME:
        body = {**body, _OWN_NAME[path]: session.actor}
    from tdconsole.cli import app  # the root app with every command registered

    root = typer.main.get_command(app)
    *groups, name = path.split()
    with _lock:
        context = typer.Context(root, info_name="tdconsole", obj=session)
        group = root
        for word in groups:
            group = _sub(group, context, word, path)
            context = typer.Context(group, info_name=word, parent=context)
        command = _sub(group, context, name, path)
        argv = command_line(command, path, body)
        with capture() as results, command.make_context(name, argv, parent=context) as ctx:
            command.invoke(ctx)
    return results[-1] if results else {}


def _sub(group: Any, context: typer.Context, word: str, path: str) -> Any:
    """The command `word` of `group` (Typer's groups and commands, with its own click inside)."""
    assert isinstance(group, TyperGroup), f"WEB_VERBS: {path} is not a command path"
    found = group.get_command(context, word)
    assert found is not None, f"WEB_VERBS names a missing command: {path}"
    return found


def command_line(command: Any, path: str, body: dict[str, Any]) -> list[str]:
    """The arguments the CLI would be given for `body`: options first, then `--` and the positionals
    (so a name that starts with '-' stays a name)."""
    params = {p.name: p for p in command.params if p.name and p.name not in _HIDDEN}
    for key in body:
        if key not in params:
            taken = ", ".join(params) or "no parameters"
            raise InvalidInput(
                "{path}: unknown parameter {key!r} (it takes {taken})", path=path, key=key, taken=taken,
            )
    options: list[str] = ["--json"] if "as_json" in {p.name for p in command.params} else []
    positionals: list[str] = []
    for name, param in params.items():
        value = body.get(name)
        if value is None:
            continue
        if isinstance(param, TyperOption) and param.is_flag:
            if not isinstance(value, bool):
                raise InvalidInput("{path}: {name} must be true or false", path=path, name=name)
            if value:
                options.append(_longest(param.opts))
            elif param.secondary_opts:
                options.append(_longest(param.secondary_opts))
            continue
        values = _texts(param, path, name, value)
        if isinstance(param, TyperArgument):
            positionals += values
        else:
            flag = _longest(param.opts)
            options += [f"{flag}={text}" for text in values]
    return [*options, "--", *positionals] if positionals else options


def _longest(opts: list[str]) -> str:
    return max(opts, key=len)


def _texts(param: Any, path: str, name: str, value: Any) -> list[str]:
    """The JSON value as the command line's words: a list for a repeated option or a variadic
    argument, an object as NAME=VALUE pairs (`--stack Anna=12000`, `--answer count=1`)."""
    many = bool(getattr(param, "multiple", False)) or param.nargs == -1
    if isinstance(value, dict):
        if not many:
            raise InvalidInput("{path}: {name} takes one value, not an object", path=path, name=name)
        return [f"{key}={_scalar(path, name, item)}" for key, item in value.items()]
    if isinstance(value, list):
        if not many:
            raise InvalidInput("{path}: {name} takes one value, not a list", path=path, name=name)
        return [_scalar(path, name, item) for item in value]
    return [_scalar(path, name, value)]


def _scalar(path: str, name: str, value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise InvalidInput(
            "{path}: {name}: {value!r} is not a name, text or number", path=path, name=name, value=value,
        )
    return str(value)

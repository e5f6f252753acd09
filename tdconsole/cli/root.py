"""The root `tdconsole` command: the global options, where each command lives, and `main`.

Named `root`, not `app`: `tdconsole.cli.app` is the Typer app itself (what `from tdconsole.cli import
app` gives), and a submodule of the same name would be shadowed by it.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Annotated, Any

import typer
import typer.main
from pydantic import ValidationError
from typer import _click

from tdconsole import collector
from tdconsole.cli.environment import checked_environment, tolerant_output, typed_arguments
from tdconsole.cli.helptext import SpeakingCommand, SpeakingGroup, speaking
from tdconsole.cli.listing import command_help
from tdconsole.cli.refusals import error_line, refusal_text, starting
from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput, TdError, validation_refusal
from tdconsole.domain.text import visible
from tdconsole.i18n import LANGUAGES, _, choose_language, set_language

# Every top-level command and the module under tdconsole.cli whose `app` defines it, in the order
# `tdconsole --help` lists them. Only the module of the command being run is imported and turned
# into click commands: a scripted `tdconsole register` does not load the floor calculators, the
# exports or the screens, nor build the other 70 commands' options (tests/cli/test_fast_cli.py).
COMMANDS: dict[str, str] = {
    **dict.fromkeys(["new", "tournaments", "state", "register", "unregister", "undo", "log", "demo",
                     "alternates"], "tournament"),
    "clock": "clock",
    "announcements": "announcements",
    "use": "current",
    "db": "tournament",
    "drill": "drill",
    "house-rules": "house_rules",
    "chip-set": "chip_set",
    "league": "league",
    "schedule": "schedule",
    "import": "imports",
    "members": "members",
    "tickets": "members",
    "rules": "rules",
    "rulings": "rulings",
    "structure": "structure",
    "template": "templates",
    "tv": "tv",
    **dict.fromkeys(["draw", "seat", "move", "hand-done", "button", "balance", "break-table",
                     "final-table", "seating", "tables", "shootout"], "seating"),
    **dict.fromkeys(["bust", "reenter", "rebuy", "add-on", "chips", "payouts", "results", "money", "h4h",
                     "deal"], "money"),
    **dict.fromkeys(["cash", "pay", "slips"], "cash"),
    **dict.fromkeys(["display", "serve"], "display"),
    "floor": "floor",
    "staff": "staff",
    **dict.fromkeys(["verify", "keys"], "ledger"),
    **dict.fromkeys(["event", "bag"], "festival"),
    **dict.fromkeys(["player-page", "signups", "shot-clock"], "room"),
}


# What Typer builds, a command or a group: a command of its own copy of click (`typer._click`).
Command = _click.Command


def module_app(module: str) -> typer.Typer:
    """The Typer app of one concern's module (importing the module), its commands built to write
    their help in the chosen language."""
    with collector.loading(f"tdconsole.cli.{module}"):  # a scripted command's heaviest imports: the store
        app = importlib.import_module(f"tdconsole.cli.{module}").app
    assert isinstance(app, typer.Typer)
    return speaking(app)


@cache
def module_commands(module: str) -> Mapping[str, Command]:
    """All the click commands of one concern's module, built once per process."""
    return typer.main.get_group(module_app(module)).commands


@cache
def module_command(module: str, name: str) -> Command:
    """The one click command `name` of a concern's module, built alone as `module_commands` would
    build it: a scripted `register` turns only itself into click options, not the module's other
    commands (the fast-CLI contract; tests/cli/test_fast_cli.py checks both ways agree)."""
    app = module_app(module)
    short, markup = app.pretty_exceptions_short, app.rich_markup_mode
    for info in app.registered_commands:
        named = info.name or (info.callback and typer.main.get_command_name(info.callback.__name__))
        if named == name:
            return typer.main.get_command_from_info(info, pretty_exceptions_short=short,
                                                    rich_markup_mode=markup)
    for group in app.registered_groups:
        if group.name == name:  # every module names its groups (add_typer(..., name=...))
            return typer.main.get_group_from_info(group, suggest_commands=app.suggest_commands,
                                                  pretty_exceptions_short=short, rich_markup_mode=markup)
    raise KeyError(name)


class _Commands(Mapping[str, Command]):
    """The root group's commands: every name known at once, each built on first use."""

    def __getitem__(self, name: str) -> Command:
        return module_command(COMMANDS[name], name)

    def __iter__(self) -> Iterator[str]:
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


class _Listed(_Commands):
    """The commands as `tdconsole --help` lists them: a name and its help, read from the modules'
    source (`cli/listing.py`), none of them imported or built."""

    def __init__(self) -> None:
        self._made: dict[str, Command] = {}  # one each: the help is translated on it, then written

    def __getitem__(self, name: str) -> Command:
        if name not in self._made:
            self._made[name] = SpeakingCommand(name=name, help=command_help(COMMANDS[name], name))
        return self._made[name]


class _LazyGroup(SpeakingGroup):
    def __init__(self, **attrs: object) -> None:
        super().__init__(**attrs)  # type: ignore[arg-type]
        self.commands = _Commands()  # type: ignore[assignment]

    def format_help(self, ctx: Any, formatter: Any) -> None:  # Typer's own click's types
        built, self.commands = self.commands, _Listed()  # type: ignore[assignment]
        try:
            super().format_help(ctx, formatter)
        finally:
            self.commands = built


app = typer.Typer(
    cls=_LazyGroup,
    help="tdconsole: run a live poker tournament.",
    add_completion=False,
    pretty_exceptions_enable=False,
    invoke_without_command=True,
)


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[str | None, typer.Option("--db", help="Database file or URL "
                  "(postgresql+psycopg://...). Default: $TDCONSOLE_DB or the user data dir.")] = None,
    mirror: Annotated[str | None, typer.Option("--mirror", metavar="PATH", help="Keep a second copy "
                      "of the SQLite database in PATH, on another disk or a USB stick: each command "
                      "is done once it is in both. Default: $TDCONSOLE_MIRROR.")] = None,
    tournament: Annotated[int | None, typer.Option(
        "--tournament", "-t", min=limits.ID.lo, max=limits.ID.hi,
        help="Tournament id (default: the current one; see tdconsole use).")] = None,
    actor: Annotated[str | None, typer.Option("--actor", help="Who is acting (for the log).")] = None,
    role: Annotated[str, typer.Option("--role", help="td or floor.")] = "td",
    sound: Annotated[bool, typer.Option("--sound/--no-sound",
                     help="The bell one minute before a level ends and at the change.")] = True,
    lang: Annotated[str | None, typer.Option("--lang", help="da or en (default: $TDCONSOLE_LANG, "
                    "else the system locale, else en).")] = None,
) -> None:
    # `main` chose the language before any command's module loaded; this checks the flag's value
    # and serves callers that build the click command themselves.
    if lang is not None and lang not in LANGUAGES:
        raise InvalidInput("--lang must be {choices}, not {value!r}", choices=" or ".join(LANGUAGES),
                           value=lang)
    set_language(choose_language(lang))
    if role not in ("td", "floor"):
        raise InvalidInput("--role must be td or floor, not {value!r}", value=role)
    # Here, not at the top: `--help` and a usage error never open a tournament, so they never
    # load the store and the actions the session brings in (the fast-CLI contract).
    with collector.loading("tdconsole.cli.kit"):  # the store and the domain, on a terminal's start too
        from tdconsole.cli.kit import Session, default_actor, open_tui

    ctx.obj = Session(db=db, mirror=mirror, tournament=tournament, actor=actor or default_actor(), role=role,  # type: ignore[arg-type]
                      sound=sound)
    ctx.call_on_close(ctx.obj.close)
    if ctx.invoked_subcommand is None:
        open_tui(ctx.obj)


@cache
def command() -> Command:
    """The root click command, built once per process (the tests call `main` many times)."""
    return typer.main.get_command(app)


def fail(message: str, code: int = 1) -> None:
    """One line on stderr (`error_line`) and a non-zero exit: what every error looks like to a user."""
    sys.stderr.write(error_line(message))
    raise SystemExit(code)


def flag_language(argv: list[str]) -> str | None:
    """The `--lang` among the global options (before the command's name), read before click parses
    anything: the language must be set before a command's module builds its texts."""
    for index, arg in enumerate(argv):
        if arg in COMMANDS:
            return None
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
    return None


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the app and turns every error into one line on stderr."""
    tolerant_output()
    argv = typed_arguments(sys.argv[1:] if argv is None else argv)
    flag = flag_language(argv)
    set_language(choose_language(flag if flag in LANGUAGES else None))
    for warning in checked_environment(flag if flag in LANGUAGES else None):
        sys.stderr.write(_("warning: {message}").format(message=visible(warning)) + "\n")
    starting()
    try:
        command().main(args=argv, prog_name="tdconsole", standalone_mode=False)
        raise SystemExit(0)  # like a standalone click app: main always ends by exiting
    except typer.Exit as done:
        raise SystemExit(done.exit_code) from None
    except typer.Abort:
        fail(_("aborted"))
    except _click.ClickException as error:  # a usage error: one line, with where to find help
        message = error.format_message()
        if not message:  # a group called without a command: its help is the answer
            error.show()
            raise SystemExit(2) from None
        context = getattr(error, "ctx", None)
        where = context.command_path if context is not None else "tdconsole"
        fail(_("{message} (see {command} --help)").format(message=message, command=where),
             getattr(error, "exit_code", 2))
    except TdError as error:
        fail(refusal_text(error))
    except ValidationError as error:
        fail(refusal_text(validation_refusal("input", error)))
    except KeyboardInterrupt:
        fail(_("interrupted"), 130)
    except OSError as error:  # a path the system refuses (too long, no permission): the user's to fix
        if error.filename is None or os.environ.get("TDCONSOLE_DEBUG"):
            raise
        fail(f"{error.filename}: {error.strerror}")
    except Exception as error:  # a traceback in front of a user is a bug; show it only on request
        if os.environ.get("TDCONSOLE_DEBUG"):
            raise
        fail(_("internal error ({kind}): {error}; set TDCONSOLE_DEBUG=1 for details").format(
            kind=type(error).__name__, error=error))


if __name__ == "__main__":
    main()

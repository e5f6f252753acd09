"""`--help` in the chosen language: every command's texts are translated when its help is shown.

The texts stay English in the source (the commands' docstrings, the `help=` of their options,
arguments and groups: scripts/catalogue.py extracts them) and are only looked up when a person asks
for help, so a scripted `tdconsole register` pays nothing for them (benchmarks/bench_cli.py). The
translation is undone after the help is written: the click commands are built once per process and
one process may switch language (the tests do).

Typer writes the panels' titles and click the "Usage:" prefix with their own gettext domain, which
ships no Danish: those few words are marked here and put in place for the same moment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from string import Formatter
from typing import Any

import typer
from typer import _click
from typer.core import TyperCommand, TyperGroup

from tdconsole.cli.refusals import Refusing
from tdconsole.i18n import N_, _

# Typer's rich help reads these module constants of typer.rich_utils when it writes the help (its
# documented way to restyle it); click's help option carries its own English text.
_TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
}
_HELP_OPTION = N_("Show this message and exit.")
_USAGE = N_("Usage:")


# The values a help template names ("a key ({formula_keys})"), computed when help is shown: a help
# text listing what the code knows is a catalogue template filled here, never an f-string (which
# the catalogue cannot extract). Registered by the command's module with `fill`.
_FILLS: dict[str, Callable[[], str]] = {}


def fill(name: str, value: Callable[[], str]) -> None:
    """`{name}` in a help text is `value()` when the help is shown."""
    _FILLS[name] = value


def _filled(text: str) -> str:
    """`text` with its registered `{names}` filled; a text with other braces is left as it is."""
    try:
        names = {field for _literal, field, _spec, _conversion in Formatter().parse(text)
                 if field is not None}
    except ValueError:  # a lone brace: not a template
        return text
    if not names or not names <= _FILLS.keys():
        return text
    return text.format(**{name: _FILLS[name]() for name in names})


@contextmanager
def _swapped(target: Any, name: str, value: Any) -> Iterator[None]:
    before = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, before)


def _translate(target: Any, name: str, stack: ExitStack) -> None:
    text = getattr(target, name, None)
    if isinstance(text, str) and text:
        stack.enter_context(_swapped(target, name, _filled(_(text))))


@contextmanager
def translated(command: _click.Command, ctx: _click.Context) -> Iterator[None]:
    """For the time its help is written: `command`'s help, its parameters' help, its
    subcommands' one-line help (a group lists them) and Typer's own words in the language."""
    from typer import rich_utils  # loaded by the help being written anyway

    with ExitStack() as stack:
        for name, english in _TYPER_WORDS.items():
            stack.enter_context(_swapped(rich_utils, name, _(english)))
        _translate(command, "help", stack)
        for param in command.get_params(ctx):
            _translate(param, "help", stack)
        if isinstance(command, TyperGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None:
                    _translate(sub, "help", stack)
                    _translate(sub, "short_help", stack)
        yield


class _Speaks(_click.Command):
    """Writes its help in the chosen language (mixed in before Typer's command and group classes;
    Typer builds them on its own copy of click, `typer._click`, whose types these are)."""

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        with translated(self, ctx):
            super().format_help(ctx, formatter)

    def format_usage(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(_USAGE) + " ")


class SpeakingCommand(_Speaks, Refusing, TyperCommand):
    pass


class SpeakingGroup(_Speaks, Refusing, TyperGroup):
    pass


def speaking(app: typer.Typer) -> typer.Typer:
    """`app` with every command and group it registers (and theirs) built as a class that writes
    its help in the chosen language; a class a command names itself is kept."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):  # `app.command()` fills in TyperCommand itself
            info.cls = SpeakingCommand
    for group in app.registered_groups:
        instance = group.typer_instance
        named = isinstance(group.cls, type) or (instance is not None and isinstance(instance.info.cls, type))
        if not named:
            group.cls = SpeakingGroup
        if instance is not None:
            speaking(instance)
    return app

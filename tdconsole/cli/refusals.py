"""A refusal as the command line words it: the field it is about spelt as the running command's option.

The domain and the actions name the request field a refusal is about (`TdError.field`: "stack",
"by"), never a flag: the TUI words it as its form's label and the web as a JSON key. Here the CLI
spells it as the option of the command being run, so `tdconsole bust Anna --stack Anna=-5` answers
"--stack Anna: a starting stack must be above 0, not -5". Only the running command knows its
options, so every command records its context when it runs (`Refusing`, mixed into the classes
every command is built as) and `main` words the refusal with the innermost one.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from tdconsole.domain.text import visible
from tdconsole.i18n import _, error_text

# The context of the innermost command being run: each command, group and subcommand sets it as it
# starts, so after a refusal it is the one whose option names the field. Typer runs commands on its
# own private copy of click, whose contexts are not `typer.Context`: hence `Any`.
_running: ContextVar[Any] = ContextVar("tdconsole_running_command", default=None)


class Refusing:
    """Records its context as the running command's (mixed into Typer's command and group classes)."""

    def invoke(self, ctx: Any) -> Any:
        _running.set(ctx)
        return super().invoke(ctx)  # type: ignore[misc]


def starting() -> None:
    """A new command line: no command is running yet."""
    _running.set(None)


def option_of(ctx: Any, field: str | None) -> str | None:
    """How the running command spells the request `field`: its long option (`--stack`), or None when
    it has no option of that name (a positional argument is not named: the line says what it is)."""
    if ctx is None or not field:
        return None
    by_convention = "--" + field.replace("_", "-")  # a command's field spelt as its own option
    for param in ctx.command.params:
        if param.param_type_name == "option" and (param.name == field or by_convention in param.opts):
            flags = [flag for flag in param.opts if flag.startswith("--")]
            return by_convention if by_convention in flags else (flags or param.opts)[0]
    return None


def refusal_text(error: BaseException) -> str:
    """`error` as the command line's one line: its field spelt as the running command's option."""
    return error_text(error, option_of(_running.get(), getattr(error, "field", None)))


def error_line(message: str) -> str:
    """What an error looks like on stderr: one line. The message may quote what was typed (a path,
    a name, a key): `visible` writes out any line break or control character in it, so it stays one
    line and sends the terminal nothing."""
    return _("error: {message}").format(message=visible(message)) + "\n"

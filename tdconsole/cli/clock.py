"""`tdconsole clock ...`: start, pause, resume, next/previous, any level, set the time left, late
registration. Each prints the clock (`clock_view`) afterwards, `--json` for scripts."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.domain import commands
from tdconsole.domain.clock.timing import parse_duration
from tdconsole.domain.errors import InvalidInput
from tdconsole.i18n import _
from tdconsole.views.tournament import ClockView, clock_view

clock_app = typer.Typer(help="The tournament clock.", no_args_is_help=True)
app = typer.Typer()  # top-level: clock
app.add_typer(clock_app, name="clock")


def clock_line(clock: ClockView) -> str:
    state = _("running") if clock.running else (_("paused") if clock.started else _("not started"))
    what = _("Break") if clock.on_break else _("Level {level}").format(level=clock.level)
    return _("{what}: {small}/{big} ante {ante}, {remaining} left ({state})").format(
        what=what, small=clock.small_blind, big=clock.big_blind, ante=clock.ante,
        remaining=clock.remaining, state=state)


def _clock_command(ctx: typer.Context, command: commands.Command, as_json: bool) -> None:
    service = session_of(ctx).execute(command)
    data = clock_view(service.state, service.now())
    emit(data, as_json, lambda: console.print(clock_line(data)))


@clock_app.command("start")
def clock_start(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Start the clock."""
    _clock_command(ctx, commands.ClockStart(), as_json)


@clock_app.command("pause")
def clock_pause(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Pause the clock."""
    _clock_command(ctx, commands.ClockPause(), as_json)


@clock_app.command("resume")
def clock_resume(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Resume a paused clock."""
    _clock_command(ctx, commands.ClockResume(), as_json)


@clock_app.command("next")
def clock_next(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Go to the next level or break."""
    _clock_command(ctx, commands.ClockStep(by=1), as_json)


@clock_app.command("prev")
def clock_prev(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Go back to the previous level or break."""
    _clock_command(ctx, commands.ClockStep(by=-1), as_json)


@clock_app.command("level")
def clock_level(
    ctx: typer.Context,
    level: Annotated[int, typer.Argument(metavar="N", help="The level to go to (1 = the first).")],
    as_json: JsonFlag = False,
) -> None:
    """Go to the start of level N (T-LEVEL-1)."""
    if level < 1:
        raise InvalidInput("level: {level} is not a level number (1 or more)", level=level)
    _clock_command(ctx, commands.ClockGoToLevel(level=level), as_json)


# A negative time ("-1:00") reaches the parser, which names it, instead of passing for an option.
@clock_app.command("set", context_settings={"ignore_unknown_options": True})
def clock_set(
    ctx: typer.Context,
    time_left: Annotated[str, typer.Argument(metavar="MM:SS", help="Time left in this level.")],
    as_json: JsonFlag = False,
) -> None:
    """Set the time left in the current level."""
    _clock_command(ctx, commands.ClockSetRemaining(seconds=parse_duration(time_left)), as_json)


@clock_app.command("late-reg")
def clock_late_reg(
    ctx: typer.Context,
    level: Annotated[str, typer.Argument(metavar="N|none",
                                         help="Last level of late registration, or none.")],
    as_json: JsonFlag = False,
) -> None:
    """Late registration runs to the end of level N (T-REG-1); `none` lifts the limit."""
    text = level.strip().casefold()
    if text not in ("none", "off") and not (text.isdigit() and int(text) >= 1):
        raise InvalidInput("late registration level: {level!r} is not a level number or none", level=level)
    chosen = None if text in ("none", "off") else int(text)
    _clock_command(ctx, commands.SetLateRegistration(level=chosen), as_json)

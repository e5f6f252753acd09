"""`tdconsole clock ...`: start, pause, resume, next/previous, any level, set the time left, late
registration. Each prints the clock (`clock_view`) afterwards, `--json` for scripts."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.actions import clock
from tdconsole.actions.base import NoArguments
from tdconsole.cli.kit import JsonFlag, clock_line, console, emit, session_of
from tdconsole.i18n import _
from tdconsole.views.time_base import TimeBaseView, signed_duration
from tdconsole.views.tournament import ClockView

clock_app = typer.Typer(help="The tournament clock: alone, the clock now.", invoke_without_command=True)
app = typer.Typer()  # top-level: clock
app.add_typer(clock_app, name="clock")


@clock_app.callback()
def clock_now(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The tournament clock: alone, the clock now."""
    if ctx.invoked_subcommand is None:  # `tdconsole clock` shows the clock, as `state` does
        _show(clock.show(session_of(ctx).service(), NoArguments()), as_json)


@clock_app.command("start")
def clock_start(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Start the clock."""
    _show(clock.start(session_of(ctx).service(), NoArguments()), as_json)


@clock_app.command("pause")
def clock_pause(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Pause the clock."""
    _show(clock.pause(session_of(ctx).service(), NoArguments()), as_json)


@clock_app.command("resume")
def clock_resume(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Resume a paused clock."""
    _show(clock.resume(session_of(ctx).service(), NoArguments()), as_json)


@clock_app.command("next")
def clock_next(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Go to the next level or break."""
    _show(clock.next_level(session_of(ctx).service(), NoArguments()), as_json)


@clock_app.command("prev")
def clock_prev(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Go back to the previous level or break."""
    _show(clock.previous_level(session_of(ctx).service(), NoArguments()), as_json)


@clock_app.command("level")
def clock_level(
    ctx: typer.Context,
    level: Annotated[int, typer.Argument(metavar="N", help="The level to go to (1 = the first).")],
    as_json: JsonFlag = False,
) -> None:
    """Go to the start of level N (T-LEVEL-1)."""
    _show(clock.go_to_level(session_of(ctx).service(), clock.LevelRequest(level=level)), as_json)


# A negative time ("-1:00") reaches the parser, which names it, instead of passing for an option.
@clock_app.command("set", context_settings={"ignore_unknown_options": True})
def clock_set(
    ctx: typer.Context,
    time_left: Annotated[str, typer.Argument(metavar="MM:SS", help="Time left in this level.")],
    as_json: JsonFlag = False,
) -> None:
    """Set the time left in the current level."""
    _show(clock.set_time_left(session_of(ctx).service(), clock.SetRequest(time_left=time_left)), as_json)


@clock_app.command("late-reg")
def clock_late_reg(
    ctx: typer.Context,
    level: Annotated[str, typer.Argument(metavar="N|none",
                                         help="Last level of late registration, or none.")],
    as_json: JsonFlag = False,
) -> None:
    """Late registration runs to the end of level N (T-REG-1); `none` lifts the limit."""
    _show(clock.late_registration(session_of(ctx).service(), clock.LateRegRequest(level=level)), as_json)


@clock_app.command("time")
def clock_time(
    ctx: typer.Context,
    keep: Annotated[bool, typer.Option("--keep", help="Keep the tournament clock through a step of "
                                                      "the machine's clock.")] = False,
    follow: Annotated[bool, typer.Option("--follow",
                                         help="Follow the machine's clock after a step.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """The tournament's time as this terminal reads it, and how far this machine's clock is off."""
    view = clock.time_base(session_of(ctx).service(), clock.TimeRequest(keep=keep, follow=follow))
    emit(view, as_json, lambda: console.print(time_line(view)))


def time_line(view: TimeBaseView) -> str:
    source = {"server": _("the database server"), "file": _("the machine that holds the database"),
              "local": _("this machine")}[view.reference]
    line = _("Tournament time {time} (from {source}); this machine's clock is {offset} off").format(
        time=view.time, source=source, offset=signed_duration(view.offset_seconds))
    return line if view.step is None else f"{line}\n{view.step}"


def _show(data: ClockView, as_json: bool) -> None:
    emit(data, as_json, lambda: console.print(clock_line(data)))

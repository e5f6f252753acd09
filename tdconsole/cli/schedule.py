"""`tdconsole schedule`: the club's calendar of tournaments planned from templates, as a list or
an iCalendar file for the club's web site and the players' phones."""

from __future__ import annotations

from datetime import date, time
from pathlib import Path
from typing import Annotated, Literal

import typer

from tdconsole.cli.kit import JsonFlag, console, emit, session_of, write_document
from tdconsole.club.schedule import Planned, Schedule
from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput
from tdconsole.i18n import _
from tdconsole.views.calendar import planned_line, planned_view, schedule_ics
from tdconsole.views.formatting import Formats

schedule_app = typer.Typer(help="The club's calendar: tournaments planned from templates (alone: the "
                                "coming ones).", invoke_without_command=True)
app = typer.Typer()  # top-level: schedule
app.add_typer(schedule_app, name="schedule")

Everything = Annotated[bool, typer.Option("--all", help="Past nights too.")]


def _date(option: str, text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput("{option} {text!r}: a date is YYYY-MM-DD", option=option, text=text) from None


def _time(text: str) -> time:
    try:
        hours, minutes = text.strip().split(":")
        return time(int(hours), int(minutes))
    except ValueError:
        raise InvalidInput("--time {text!r}: a time is HH:MM (19:00)", text=text) from None


def _show(ctx: typer.Context, nights: list[Planned], as_json: bool) -> None:
    formats = Formats.of(session_of(ctx).house_rules())

    def render() -> None:
        for night in nights:
            console.print(planned_line(night, formats))
        if not nights:
            console.print(_("Nothing planned; plan with: tdconsole schedule add TEMPLATE --from DATE"))

    emit([planned_view(night) for night in nights], as_json, render)


def _nights(ctx: typer.Context, everything: bool) -> list[Planned]:
    schedule = Schedule(session_of(ctx).store())
    return schedule.all() if everything else schedule.upcoming()


@schedule_app.callback()
def schedule_now(
    ctx: typer.Context,
    format: Annotated[Literal["text", "json", "ics"], typer.Option(
        "--format", help="text, json, or ics (iCalendar, for a calendar program).")] = "text",
    out: Annotated[Path | None, typer.Option(help="Write to FILE instead of the terminal.")] = None,
    everything: Everything = False,
    as_json: JsonFlag = False,
) -> None:
    """The club's calendar: tournaments planned from templates (alone: the coming ones)."""
    if ctx.invoked_subcommand is not None:
        return
    nights = _nights(ctx, everything)
    if format == "ics":
        write_document(schedule_ics(nights), out, say=not as_json)
        if as_json:
            emit([planned_view(night) for night in nights], True)
        return
    if out is not None:
        raise InvalidInput("--out writes a file: give --format ics")
    _show(ctx, nights, as_json or format == "json")


@schedule_app.command("add")
def add(
    ctx: typer.Context,
    template: Annotated[str, typer.Argument(help="The template (tdconsole template list).")],
    first: Annotated[str, typer.Option("--from", help="The (first) night, YYYY-MM-DD.")],
    at: Annotated[str, typer.Option("--time", help="The start, HH:MM in the club's time zone.")] = "19:00",
    weekly: Annotated[bool, typer.Option("--weekly", help="Every week until --until.")] = False,
    until: Annotated[str | None, typer.Option("--until", help="The last night of a weekly series.")] = None,
    name: Annotated[str | None, typer.Option("--name", help="The name on the calendar (default: the "
                                                          "template's).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Plan a tournament from a template, once or every week."""
    from tdconsole.config.structures import preset_key
    from tdconsole.config.templates import load_template
    from tdconsole.domain.schedule import planned_starts
    from tdconsole.domain.text import MAX_LABEL, check_text

    found = load_template(template)
    title = check_text("a tournament's name", name if name is not None else found.name, MAX_LABEL,
                       empty=False)
    zone = session_of(ctx).house_rules().money.time_zone
    starts = planned_starts(_date("--from", first), _time(at), zone, weekly=weekly,
                            until=None if until is None else _date("--until", until))
    _show(ctx, Schedule(session_of(ctx).store()).add(preset_key(template), title, starts, zone), as_json)


@schedule_app.command("list")
def list_planned(ctx: typer.Context, everything: Everything = False, as_json: JsonFlag = False) -> None:
    """The coming tournaments on the calendar (--all: past ones too)."""
    _show(ctx, _nights(ctx, everything), as_json)


@schedule_app.command("remove")
def remove(
    ctx: typer.Context,
    ids: Annotated[list[int], typer.Argument(min=limits.ID.lo, max=limits.ID.hi,
                                             help="The planned nights' numbers (schedule list).")],
    as_json: JsonFlag = False,
) -> None:
    """Cancel planned tournaments."""
    _show(ctx, Schedule(session_of(ctx).store()).remove(ids), as_json)

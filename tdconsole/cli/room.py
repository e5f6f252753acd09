"""The room on its phones (issue 39) on the command line: a player's own page (T-PAGE-1)."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.actions import room
from tdconsole.actions.base import NoArguments
from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.i18n import _

app = typer.Typer()  # top-level commands: player-page, signups, shot-clock


@app.command("player-page")
def player_page(
    ctx: typer.Context,
    name: str,
    revoke: Annotated[bool, typer.Option("--revoke", help="Take the player's page away.")] = False,
    url: Annotated[str | None, typer.Option(
        "--url", metavar="URL", help="Where phones open the server (serve --public-url; default: "
                                      "$TDCONSOLE_PUBLIC_URL, else http://localhost:8000).")] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="The page's language, en or da (default: "
                                                             "the phone's).")] = None,
    seed: Annotated[int | None, typer.Option(hidden=True)] = None,
    as_json: JsonFlag = False,
) -> None:
    """A page of the player's own (T-PAGE-1): {"url", "token"}; a new one replaces the last."""
    service = session_of(ctx).service()
    data = room.player_page(service, room.PlayerPageRequest(name=name, revoke=revoke, url=url, lang=lang,
                                                            seed=seed))
    emit(data, as_json, lambda: console.print(
        _("{name}'s page is revoked").format(name=data.name) if data.revoked
        else _("{name}'s page: {url}").format(name=data.name, url=data.url), soft_wrap=True))


# ---------------------------------------------------------------- sign-ups (T-SIGNUP-1)

signups_app = typer.Typer(help="Sign-ups from the players' phones, waiting for the TD (T-SIGNUP-1).",
                          invoke_without_command=True)
app.add_typer(signups_app, name="signups")


def _signups_render(data: room.SignupsView) -> None:
    if data.min_players is not None:
        console.print(_("{entries} of {needed} needed").format(entries=data.entries, needed=data.min_players))
    if not data.pending:
        console.print(_("No sign-ups are waiting."))
    for row in data.pending:
        extra = ", ".join(part for part in (
            _("member {number}").format(number=row.member) if row.member else "", row.phone) if part)
        console.print(f"{row.number}. {row.name}" + (f" ({extra})" if extra else ""))


@signups_app.callback()
def signups(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The sign-ups waiting for the TD, and how many players the event still needs."""
    if ctx.invoked_subcommand is not None:
        return
    data = room.signups(session_of(ctx).service(), NoArguments())
    emit(data, as_json, lambda: _signups_render(data))


@signups_app.command("add")
def signups_add(ctx: typer.Context, name: str,
                member: Annotated[int | None, typer.Option(help="The club member he says he is.")] = None,
                phone: Annotated[str, typer.Option(help="His phone number.")] = "",
                as_json: JsonFlag = False) -> None:
    """Take a sign-up for a player (as the /signup page does): it waits for the TD."""
    data = room.sign_up(session_of(ctx).service(), room.SignUpRequest(name=name, member=member, phone=phone))
    emit(data, as_json, lambda: _signups_render(data))


@signups_app.command("approve")
def signups_approve(ctx: typer.Context, names: list[str], as_json: JsonFlag = False) -> None:
    """Approve sign-ups: each is registered as `register` registers (a banned member refused)."""
    data = room.approve(session_of(ctx).service(), room.SignupNamesRequest(names=names))

    def render() -> None:
        for row in data.registered:
            console.print(_("{name} is registered").format(name=row.name) if row.table is None else
                          _("{name}: table {table} seat {seat}").format(name=row.name, table=row.table,
                                                                        seat=row.seat))
        _signups_render(data.signups)

    emit(data, as_json, render)


@signups_app.command("reject")
def signups_reject(ctx: typer.Context, names: list[str], as_json: JsonFlag = False) -> None:
    """Turn sign-ups away."""
    data = room.reject(session_of(ctx).service(), room.SignupNamesRequest(names=names))
    emit(data, as_json, lambda: _signups_render(data))


# ---------------------------------------------------------------- the shot clock (T-SHOT-1)


@app.command("shot-clock")
def shot_clock(
    ctx: typer.Context,
    table: int,
    seconds: Annotated[int | None, typer.Option(
        help="Seconds (default: clock_call.shot_clock_seconds).")] = None,
    seat: Annotated[int | None, typer.Option(help="The seat to act (named in the ruling at zero).")] = None,
    stop: Annotated[bool, typer.Option("--stop", help="Stop it: the player acted.")] = False,
    extend: Annotated[bool, typer.Option(
        "--extend", help="The player uses a time bank (TDA 29/30).")] = False,
    expire: Annotated[bool, typer.Option(
        "--expire", help="Log that it ran out (serve does at zero).")] = False,
    as_json: JsonFlag = False,
) -> None:
    """A table's shot clock (T-SHOT-1): start it, --stop, --extend by a time bank, --expire."""
    data = room.shot_clock(session_of(ctx).service(), room.ShotClockRequest(
        table=table, seconds=seconds, seat=seat, stop=stop, extend=extend, expire=expire))

    def render() -> None:
        if not data.shot_clocks:
            console.print(_("No shot clock is running."))
        for row in data.shot_clocks:
            console.print(_("Table {table}: {left} s of {seconds}").format(
                table=row.table, left=int(-(-row.remaining // 1)), seconds=row.seconds)
                + (f" · {row.player}" if row.player else ""))

    emit(data, as_json, render)

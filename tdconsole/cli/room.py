"""The room on its phones (issue 39) on the command line: a player's own page (T-PAGE-1)."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.actions import room
from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.i18n import _

app = typer.Typer()  # top-level commands: player-page


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

"""`tdconsole display` and `tdconsole serve`: the read-only clock for the TV and for browsers."""

from __future__ import annotations

import os
import shlex
import sys
from typing import Annotated

import typer

from tdconsole.cli.kit import session_of
from tdconsole.service import Service

display_app = typer.Typer()


@display_app.command("display")
def display(
    ctx: typer.Context,
    sound: Annotated[bool, typer.Option("--sound/--no-sound",
                     help="The bell one minute before a level ends and at the change.")] = True,
) -> None:
    """The clock full screen for the TV: read-only, follows the TD's changes within a second."""
    from tdconsole.tui.display import DisplayApp

    session = session_of(ctx)
    service = Service(session.store(), session.tournament, actor=session.actor, role="display")
    DisplayApp(service, sound=sound and session.sound).run()


@display_app.command("serve")
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: the whole "
                                                      "club network).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
) -> None:
    """The same display in browsers on the club's network; read-only, needs no internet."""
    from tdconsole.web import DisplayServer, check_port

    session = session_of(ctx)
    # Open the tournament here, so an unknown one is an error now and not in every browser.
    service = Service(session.store(), session.tournament, role="display")
    check_port(host, port)
    # Each browser's display process finds the database in its environment, not its command line,
    # so a PostgreSQL password never shows in the process list.
    os.environ["TDCONSOLE_DB"] = session.url
    command = shlex.join([sys.executable, "-m", "tdconsole", "--tournament", str(service.tournament_id),
                          "display", "--no-sound"])
    DisplayServer(command, host=host, port=port, title=service.state.info.name).run()

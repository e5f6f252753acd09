"""`tdconsole display` and `tdconsole serve`: the read-only clock for the TV, and the web app."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tdconsole import collector
from tdconsole.cli.kit import console, run_app, session_of
from tdconsole.service import Service

app = typer.Typer()  # top-level: display, serve


@app.command("display")
def display(
    ctx: typer.Context,
    sound: Annotated[bool, typer.Option("--sound/--no-sound",
                     help="The bell one minute before a level ends and at the change, and the spoken "
                          "announcements (m mutes both).")] = True,
) -> None:
    """The clock full screen for the TV: read-only, follows the TD's changes within a second."""
    with collector.loading("tdconsole.tui.display"):
        from tdconsole.tui.display import DisplayApp

    session = session_of(ctx)
    service = Service(session.store(), session.tournament, actor=session.actor, role="display")
    run_app(DisplayApp(service, sound=sound and session.sound))


@app.command("serve")
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: the whole "
                                                      "club network).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    cert: Annotated[Path | None, typer.Option("--cert", help="TLS certificate (PEM), with --key.")] = None,
    key: Annotated[Path | None, typer.Option("--key", help="The certificate's private key (PEM).")] = None,
    trust_proxy: Annotated[str | None, typer.Option(
        "--trust-proxy", metavar="ADDR",
        help="Believe X-Forwarded-For/-Proto only from this reverse proxy's address.")] = None,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", metavar="URL",
        help="The address phones open this server at, for the TV's QR code to /seat (default: this "
             "machine's network address when --host opens it to the network).")] = None,
) -> None:
    """The room in browsers: the TV page (/), find my seat (/seat), the staff remote (/remote)."""
    from tdconsole.web.server import serve as run_server

    session = session_of(ctx)
    # Open the tournament here, so an unknown one is an error now and not in every browser.
    service = Service(session.store(), session.tournament, role="display")
    run_server(session.store(), service.tournament_id, host=host, port=port, cert=cert, key=key,
               trust_proxy=trust_proxy, public_url=public_url,
               say=lambda line: console.print(line, soft_wrap=True))

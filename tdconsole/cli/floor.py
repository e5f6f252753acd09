"""`tdconsole floor --staff NAME`: the floor terminal, a TUI in the floor role on the same database."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole import collector
from tdconsole.cli.kit import run_app, session_of
from tdconsole.domain.text import MAX_LABEL, check_text

app = typer.Typer()


@app.command()
def floor(
    ctx: typer.Context,
    staff: Annotated[str, typer.Option("--staff", help="Your name: every ruling you log carries it.")],
) -> None:
    """Open the floor terminal: rulings, clock calls, the rulings log (floor staff, no TD actions)."""
    name = check_text("--staff", staff, MAX_LABEL, empty=False)
    session = session_of(ctx)
    # The service refuses TD-only commands for this role, whatever the screens offer.
    session.role, session.actor = "floor", name
    with collector.loading("tdconsole.tui.app"):
        from tdconsole.tui.app import create_floor_app

    run_app(create_floor_app(session.service()))

"""`tdconsole rulings ...`: the floor-ruling helper and the rulings log."""

from __future__ import annotations

import typer

rulings_app = typer.Typer(help="Floor rulings: scenarios, suggestions and the rulings log.",
                          no_args_is_help=True)

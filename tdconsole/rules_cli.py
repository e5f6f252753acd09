"""`tdconsole rules ...`: the floor calculators. They need no tournament and touch no database."""

from __future__ import annotations

import typer

rules_app = typer.Typer(help="Floor calculators: betting, chips pushed, pots, showdown, posts, ICM.",
                        no_args_is_help=True)

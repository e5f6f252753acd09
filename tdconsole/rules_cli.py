"""`tdconsole rules ...`: the floor calculators. They need no tournament and touch no database."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.clikit import JsonFlag, console, emit
from tdconsole.config import load_house_rules
from tdconsole.domain.antes import post_blinds
from tdconsole.domain.errors import InvalidInput

rules_app = typer.Typer(help="Floor calculators: betting, chips pushed, pots, showdown, posts, ICM.",
                        no_args_is_help=True)


# --- Posts and the chip race (issue 5: T-ANTE-*, RP-11, T-COLOR-1, TDA 24) ---------------------

SHORT_ORDERS = ("ante-first", "blind-first")


@rules_app.command("post")
def post(
    sb: Annotated[int, typer.Option("--sb", help="The level's small blind.")],
    bb: Annotated[int, typer.Option("--bb", help="The level's big blind.")],
    stack: Annotated[int, typer.Option("--stack", help="The big blind's stack before posting.")],
    handed: Annotated[int, typer.Option("--handed", help="Players dealt in at the table (2-10).")],
    ante: Annotated[int, typer.Option("--ante", help="The level's big blind ante (full table).")] = 0,
    order: Annotated[
        str | None,
        typer.Option("--order", help="Short big blind: ante-first (T-ANTE-3) or blind-first "
                                     "(RP-11); default from the house rules."),
    ] = None,
    dead_sb: Annotated[
        bool, typer.Option("--dead-sb", help="Nobody posts the small blind (TDA 32).")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """What the big blind posts (live blind, dead ante) and what the others must call."""
    rules = load_house_rules().ante
    if order is not None:
        if order not in SHORT_ORDERS:
            raise InvalidInput(f"--order must be ante-first or blind-first, got {order!r}")
        rules = rules.model_copy(update={"short_big_blind": order})
    posting = post_blinds(sb, bb, ante, stack, handed, rules, dead_small_blind=dead_sb)

    def render() -> None:
        all_in = ", all-in" if posting.all_in else ""
        console.print(f"Big blind {posting.big_blind} live, ante {posting.ante} dead{all_in}")
        console.print(f"Small blind {posting.small_blind}; pot {posting.pot}; "
                      f"to call {posting.to_call}")
        console.print("Rules: " + ", ".join(posting.rules))

    emit(posting, as_json, render)

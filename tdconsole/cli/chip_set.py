"""`tdconsole chip-set`: the club's box of chips against the chips sold (T-CHIPS-4, T-COLOR-1)."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.actions import chip_set
from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.views.chip_set import ChipSetView, plan_lines

chip_set_app = typer.Typer(
    help="The club's box of chips: what it holds, the entries it covers, the colour-ups (T-CHIPS-4).",
    no_args_is_help=True,
)
app = typer.Typer()  # top-level: chip-set
app.add_typer(chip_set_app, name="chip-set")


def _show(data: ChipSetView, as_json: bool) -> None:
    emit(data, as_json, lambda: console.print("\n".join(plan_lines(data)), markup=False))


@chip_set_app.command("show")
def show(
    ctx: typer.Context,
    entries: Annotated[int | None, typer.Option(
        "--entries", help="Plan for this many starting stacks instead of the chips sold.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The box against the chips sold, the starting stack's breakdown, the entries it covers and the
    colour-up at each break (T-CHIPS-4, T-COLOR-1)."""
    _show(chip_set.chip_set_show(session_of(ctx).service(), chip_set.ChipSetShowRequest(entries=entries)),
          as_json)


@chip_set_app.command("set")
def set_quantities(
    ctx: typer.Context,
    quantities: Annotated[list[str], typer.Argument(metavar="VALUE=COUNT...",
                                                    help="How many chips of each value the box holds.")],
    as_json: JsonFlag = False,
) -> None:
    """What the club's box holds, e.g. 25=300 100=400 500=300 (the house setting chip_set.quantities,
    T-CHIPS-4); `tdconsole undo` takes it back."""
    _show(chip_set.chip_set_set(session_of(ctx).service(),
                                chip_set.ChipSetSetRequest(quantities=" ".join(quantities))), as_json)

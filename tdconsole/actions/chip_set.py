"""The club's box of chips (T-CHIPS-4): what it holds, set as a house setting (the club's property,
the same every night: `configs/house_rules.toml` `[chip_set]`, changed through the log and undone like
any setting), and shown against the chips sold with the colour-up at each break (T-COLOR-1)."""

from __future__ import annotations

from tdconsole.actions.base import Request, action
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.views.chip_set import ChipSetView, chip_set_view


class ChipSetShowRequest(Request):
    entries: int | None = None  # a plan: as if this many starting stacks and nothing else were sold


class ChipSetSetRequest(Request):
    quantities: str  # VALUE=COUNT ..., spaces or commas between: "25=300 100=400"


@action("chip-set show", web=False, tui=False)
def chip_set_show(service: Service, request: ChipSetShowRequest) -> ChipSetView:
    """The box against the chips sold, the starting stack's breakdown, the entries it covers and the
    colour-up at each break (T-CHIPS-4, T-COLOR-1)."""
    if request.entries is not None:
        from tdconsole.domain import limits

        limits.ENTRIES.check("the entries", request.entries, field="entries")
    return chip_set_view(service.state, request.entries)


@action("chip-set set", web=False, commands=(commands.SetHouseRule,))
def chip_set_set(service: Service, request: ChipSetSetRequest) -> ChipSetView:
    """What the box holds, VALUE=COUNT per chip, from now on (the house setting chip_set.quantities,
    T-CHIPS-4); undo takes it back."""
    parts = request.quantities.replace(",", " ").split()
    service.execute(commands.SetHouseRule(key="chip_set.quantities", value=",".join(parts)))
    return chip_set_view(service.state)

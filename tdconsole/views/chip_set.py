"""The club's box of chips against the chips sold (T-CHIPS-4): `chip-set show`, and the warning a
sale gives when the box is used up (register, reenter, rebuy, add-on; the TD's console whichever
terminal sold it). Keys are a contract (add keys, never rename)."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from collections.abc import Iterable

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import AddOnBought, Envelope, PlayerReentered, PlayerRegistered, Rebought
from tdconsole.domain.money.chip_set import ChipSetReport, ColorUpPlan, chip_set_report
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _
from tdconsole.views.base import View

_SALES = (PlayerRegistered, PlayerReentered, AddOnBought, Rebought)


class ChipRow(View):
    value: int
    color: str
    in_box: int
    per_stack: int  # in the starting stack's breakdown
    sold: int
    left: int  # negative: short


class ChipSetView(View):
    """`chip-set show --json`: `known` false (and the rest empty) when the house has no box."""

    known: bool
    chips: list[ChipRow]
    starting_stack: int
    covers: int  # starting stacks the full box makes
    entries: int
    more_entries: int  # starting stacks the chips left still make
    used_up: bool
    color_ups: list[ColorUpPlan]
    warning: str | None
    rules: list[str]


def chip_set_view(state: TournamentState, entries: int | None = None) -> ChipSetView:
    """The box against the chips sold, or against `entries` starting stacks (a plan)."""
    report = chip_set_report(state, entries)
    stack = state.info.starting_stack
    if report is None:
        return ChipSetView(known=False, chips=[], starting_stack=stack, covers=0, entries=state.entries,
                           more_entries=0, used_up=False, color_ups=[], warning=None,
                           rules=["T-CHIPS-4"])
    colors = {chip.value: chip.color for chip in state.info.structure.chips}
    return ChipSetView(
        known=True, starting_stack=stack, covers=report.covers_fresh, entries=report.entries,
        more_entries=report.more_entries, used_up=report.used_up, color_ups=report.color_ups,
        chips=[ChipRow(value=value, color=colors.get(value, ""), in_box=count,
                       per_stack=report.stack.get(value, 0), sold=report.sold[value],
                       left=report.left[value]) for value, count in report.quantities.items()],
        warning=used_up_line(report), rules=report.rules)


def used_up_line(report: ChipSetReport | None) -> str | None:
    """The desk's warning once no starting stack is left in the box; a warning, never a refusal:
    the TD may have more chips in another box (T-CHIPS-4)."""
    if report is None or not report.used_up:
        return None
    line = _("T-CHIPS-4: the chip set is used up at {entries} entries: the next stack needs chips from "
             "another box").format(entries=report.entries)
    if short := report.short:
        line += " " + _("(short now: {chips})").format(
            chips=", ".join(f"{count} × {value}" for value, count in short.items()))
    return line


def sale_warning(state: TournamentState) -> str | None:
    """After a sale (an entry, a re-entry, a rebuy, an add-on): the warning if the box is used up.
    A box that cannot make a stack at all says so here: the sale is made, the warning is the box's."""
    try:
        return used_up_line(chip_set_report(state))
    except InvalidInput as error:
        return str(error)


def chip_set_news(envelopes: Iterable[Envelope], state: TournamentState) -> str | None:
    """What the TD's console tells after a sale, whichever terminal made it (T-CHIPS-4)."""
    if any(isinstance(envelope.event, _SALES) for envelope in envelopes):
        return sale_warning(state)
    return None


def plan_lines(view: ChipSetView) -> list[str]:
    """`chip-set show` in words: the box, the starting stack's breakdown, the entries it covers and
    the colour-up at each break (T-CHIPS-4, T-COLOR-1)."""
    if not view.known:
        return [_("T-CHIPS-4: the house has no chip set: chip-set set 25=300 100=400 ...")]
    lines = [_("{value:>7} {color:<10} in the box {in_box:>5}, a stack {per_stack:>3}, sold {sold:>5}, "
               "left {left:>5}").format(**row.model_dump()) for row in view.chips]
    lines.append(_("A starting stack of {stack} (equal colours, then greedy); the box makes {covers} "
                   "stacks; {entries} entries sold, {more} more stacks left (T-CHIPS-4)").format(
        stack=view.starting_stack, covers=view.covers, entries=view.entries, more=view.more_entries))
    for plan in view.color_ups:
        removed = ", ".join(f"{count} × {value}" for value, count in plan.removed.items())
        line = _("Break before level {level}: race off {removed} ({value}); up to {needed} × {new_chip} "
                 "replace them, {in_box} in the box (T-COLOR-1)").format(
            level=plan.level, removed=removed, value=plan.value, needed=plan.needed,
            new_chip=plan.new_chip, in_box=plan.in_box)
        if plan.short:
            line += " " + _("short by {short}").format(short=plan.short)
        lines.append(line)
    if view.warning:
        lines.append(view.warning)
    return lines

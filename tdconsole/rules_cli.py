"""`tdconsole rules ...`: the floor calculators. They need no tournament and touch no database."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from tdconsole.clikit import JsonFlag, console, emit
from tdconsole.config import validate
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.icm import icm
from tdconsole.domain.payouts import PayoutCurve, generate_payouts, table_payouts
from tdconsole.payout_tables import load_payout_tables

rules_app = typer.Typer(
    help="Floor calculators: betting, chips pushed, pots, showdown, posts, ICM.",
    no_args_is_help=True,
)


# --- money: ICM and payouts (issue 6) -------------------------------------------------------------
# Stateless calculators over tdconsole.domain.icm and .payouts; the tournament's own payouts and
# deals go through the service.


def _whole_numbers(text: str, option: str) -> list[int]:
    """`1500,1200,975` -> [1500, 1200, 975]; anything else is a one-line error naming the option."""
    numbers = []
    for part in text.split(","):
        try:
            numbers.append(int(part.strip().replace("_", "")))
        except ValueError:
            raise InvalidInput(f"{option}: {part.strip()!r} is not a whole number") from None
    return numbers


def _locks(locks: list[str]) -> dict[int, int]:
    """`--lock 1=3000` (repeatable) -> {1: 3000}."""
    locked: dict[int, int] = {}
    for lock in locks:
        place, _, amount = lock.partition("=")
        numbers = _whole_numbers(f"{place},{amount}", "--lock") if amount else None
        if numbers is None:
            raise InvalidInput(f"--lock: {lock!r} is not PLACE=AMOUNT")
        if numbers[0] in locked:
            raise InvalidInput(f"--lock: place {numbers[0]} is locked twice")
        locked[numbers[0]] = numbers[1]
    return locked


@rules_app.command("icm")
def icm_command(
    payouts: Annotated[str, typer.Option(help="Payouts by place, best first: 100,76")],
    stacks: Annotated[str, typer.Option(help="Chip counts, one per player: 1500,1200,975")],
    as_json: JsonFlag = False,
) -> None:
    """ICM equity (Malmuth-Harville) of each stack, to two decimals."""
    chips = _whole_numbers(stacks, "--stacks")
    equity = [round(value, 2) for value in icm(_whole_numbers(payouts, "--payouts"), chips)]

    def render() -> None:
        table = Table("player", "stack", "equity", title="ICM (Malmuth-Harville)")
        for player, (stack, value) in enumerate(zip(chips, equity, strict=True), 1):
            table.add_row(str(player), f"{stack:,}", f"{value:,.2f}")
        console.print(table)

    emit({"equity": equity}, as_json, render)


@rules_app.command("payouts")
def payouts_command(
    entries: Annotated[int, typer.Option(help="Entries: buy-ins plus re-entries.")],
    pool: Annotated[int, typer.Option(help="The prize pool in kroner.")],
    buy_in: Annotated[
        int | None, typer.Option(help="Generator: prize part of one buy-in, for the min cash.")
    ] = None,
    table: Annotated[
        str | None, typer.Option(help="A table in configs/payouts/ instead of the generator.")
    ] = None,
    paid: Annotated[
        float | None, typer.Option(help="Generator: percent of entries paid [15].")
    ] = None,
    min_cash: Annotated[
        float | None, typer.Option(help="Generator: minimum cash, x the buy-in [1.5].")
    ] = None,
    unit: Annotated[
        int | None, typer.Option(help="Generator: round to this many kroner [10].")
    ] = None,
    lock: Annotated[
        list[str] | None, typer.Option(help="Fix a place's amount: PLACE=AMOUNT (repeatable).")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """A payout structure for ENTRIES and POOL: exact to the krone, never increasing with place."""
    locked = _locks(lock or [])
    if table is not None:
        if any(option is not None for option in (buy_in, paid, min_cash, unit)):
            raise InvalidInput(
                "--buy-in, --paid, --min-cash and --unit shape the generator, not a --table"
            )
        structure = table_payouts(pool, entries, load_payout_tables(table), locked)
        method = f"table {table}"
    else:
        settings = {
            "paid_share": None if paid is None else str(paid / 100),
            "min_cash_multiple": None if min_cash is None else str(min_cash),
            "unit": unit,
        }
        curve = validate(
            PayoutCurve, {k: v for k, v in settings.items() if v is not None}, "options"
        )
        structure = generate_payouts(pool, entries, buy_in or 0, curve, locked)
        method = (
            f"generator: {curve.paid_share * 100:g} % paid, "
            f"min cash {curve.min_cash_multiple:g} x buy-in"
        )

    def render() -> None:
        view = Table(
            "place",
            "amount",
            "% of pool",
            title=f"Prize pool {pool:,} kr, {len(structure.payouts)} paid ({method})",
        )
        for payout in structure.payouts:
            share = 100 * payout.amount / pool if pool else 0
            view.add_row(str(payout.place), f"{payout.amount:,}", f"{share:.2f}")
        console.print(view)

    emit(structure, as_json, render)

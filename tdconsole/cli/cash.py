"""The cash desk on the command line: how entries paid, the drawer and its count, prizes handed over
on numbered slips, and the printable slips, receipts and end-of-night report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from tdconsole.actions import cash as cash_actions
from tdconsole.cli.kit import (
    JsonFlag,
    PagesUrlOption,
    SignOption,
    console,
    emit,
    session_of,
    write_document,
    write_signed,
)
from tdconsole.domain.text import name_numbers
from tdconsole.i18n import _
from tdconsole.views.cash import CashView
from tdconsole.views.export import cash_report_document, slips_document
from tdconsole.views.formatting import Formats, fee_destination, payment_method
from tdconsole.views.papers import in_format

app = typer.Typer()  # top-level commands: pay, slips
cash_app = typer.Typer(
    help="The cash desk: who has paid, who is owed, the drawer by payment method (--json).",
    invoke_without_command=True,
)
app.add_typer(cash_app, name="cash")

MethodOption = Annotated[str | None, typer.Option(
    "--method", help="cash, mobilepay, card, ticket or free (default: the house's default method).")]
OutOption = Annotated[Path | None, typer.Option(help="Write to FILE instead of the terminal.")]


def render_cash(view: CashView, formats: Formats) -> None:
    from rich.table import Table
    from rich.text import Text

    # Each method's in and out beside what it should hold, so an account that paid out more than
    # it took in (its count below 0) is checked side by side against its own list.
    drawer = Table(_("method"), _("in"), _("out"), _("expected"), _("counted"), _("difference"))
    for method, amount in view.expected.items():
        drawer.add_row(payment_method(method), formats.money(view.came_in.get(method, 0)),
                       formats.money(view.went_out.get(method, 0)), formats.money(amount),
                       formats.money(view.counted[method]) if method in view.counted else "",
                       formats.money(view.difference[method]) if method in view.difference else "")
    console.print(drawer)
    fees = ", ".join(f"{fee_destination(where)} {formats.money(amount)}"
                     for where, amount in view.fees.items())
    console.print(_("Fees: {fees}; rake {rake}; overlay paid by the house {overlay}").format(
        fees=fees, rake=formats.money(view.rake), overlay=formats.money(view.overlay)))
    money = formats.money
    console.print(_("Collected {collected} (dues paid, not those unpaid); paid out {paid}; still owed to "
                    "players {owed}").format(collected=money(view.collected), paid=money(view.paid_out),
                                             owed=money(view.owed)))
    if view.unpaid:
        console.print(Text(_("Not paid yet ({amount}): {names}").format(
            amount=formats.money(view.unpaid_amount), names=", ".join(view.unpaid))))
    if view.held_for:
        console.print(Text(_("Held for alternates waiting for a seat ({amount}): {names}").format(
            amount=formats.money(view.held), names=", ".join(view.held_for))))


@cash_app.callback()
def cash(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The cash desk: who has paid, who is owed, the drawer by payment method (--json)."""
    if ctx.invoked_subcommand is not None:
        return
    service = session_of(ctx).service()
    view = cash_actions.cash(service, cash_actions.CashRequest())
    emit(view, as_json, lambda: render_cash(view, Formats.of(service.state.house_rules)))


@cash_app.command("count")
def count(ctx: typer.Context, counts: Annotated[list[str], typer.Argument(
        metavar="METHOD=KR...", help="What each payment method holds net: cash=12500; below 0 when it "
        "paid out more than it took in (mobilepay=-1200).")],
          as_json: JsonFlag = False) -> None:
    """Record the count of the drawer; the desk shows the difference from what is expected."""
    service = session_of(ctx).service()
    view = cash_actions.count(service, cash_actions.CountRequest(counts=name_numbers(counts, "counts")))
    emit(view, as_json, lambda: render_cash(view, Formats.of(service.state.house_rules)))


@cash_app.command("pay-out")
def pay_out(ctx: typer.Context, name: str, method: MethodOption = None, as_json: JsonFlag = False) -> None:
    """Hand a player what is owed now (the prize, bounty cash) on the next numbered payout slip."""
    service = session_of(ctx).service()
    data = cash_actions.pay_out(service, cash_actions.PayOutRequest(name=name, method=method))
    money = Formats.of(service.state.house_rules).money
    emit(data, as_json, lambda: console.print(_("Slip {slip}: {name} is paid {amount} by {method}").format(
        slip=data.slip, name=data.name, amount=money(data.amount), method=payment_method(data.method))))


@cash_app.command("report")
def report(
    ctx: typer.Context,
    format: Annotated[Literal["html", "csv", "pdf"], typer.Option(
        "--format",
        help="html (a printable page), csv (for a spreadsheet) or pdf (the page printed).")] = "html",
    out: OutOption = None,
    sign: SignOption = False,
) -> None:
    """The end-of-night report: the drawer, fees by destination, overlay, prizes, unpaid entries."""
    service = session_of(ctx).service()
    write_signed(service, in_format(format, lambda fmt: cash_report_document(service.state, fmt)), out,
                 sign=sign)


@app.command()
def pay(ctx: typer.Context, name: str, method: MethodOption = None,
        unpaid: Annotated[bool, typer.Option(
            "--unpaid", help="The player's latest entry or add-on is not paid yet.")] = False,
        as_json: JsonFlag = False) -> None:
    """Record how a player paid: the unpaid entry and add-ons (or the latest one) by --method."""
    service = session_of(ctx).service()
    data = cash_actions.pay(service, cash_actions.PayRequest(name=name, method=method, unpaid=unpaid))
    money = Formats.of(service.state.house_rules).money
    emit(data, as_json, lambda: console.print("; ".join(
        _("{name} {amount}: {method}").format(name=data.name, amount=money(row.amount),
                                             method=payment_method(row.method)) for row in data.dues)))


@app.command()
def slips(
    ctx: typer.Context,
    out: OutOption = None,
    width: Annotated[Literal["a4", "80mm"], typer.Option(
        "--width", help="a4 (a page each) or 80mm (a receipt printer's roll).")] = "a4",
    receipts: Annotated[bool, typer.Option(
        "--receipts", help="A receipt per entry and add-on paid, instead of the payout slips.")] = False,
    pages: Annotated[bool, typer.Option(
        "--pages", help="Receipts: each player's own page as a QR code (T-PAGE-1; drawn for who has "
                        "none).")] = False,
    url: PagesUrlOption = None,
    format: Annotated[Literal["html", "pdf"], typer.Option(
        "--format", help="html (a printable page) or pdf (the page printed).")] = "html",
) -> None:
    """Printable payout slips (a page each, signature lines for player and cashier), or receipts."""
    service = session_of(ctx).service()
    links = None
    if pages and receipts:
        from tdconsole.actions.room import page_links
        from tdconsole.views.cash import receipt_rows

        links = page_links(service, [row.name for row in receipt_rows(service.state)], url)
    write_document(in_format(format, lambda _html: slips_document(service.state, width, receipts, links)),
                   out)

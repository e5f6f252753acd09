"""`tdconsole staff add / list / remove`: who may log in to the web remote (`tdconsole serve`), and as
what. The PIN is read from the terminal without echo (or one line on standard input with
`--pin-stdin`, for scripts) and stored only as its argon2 hash."""

from __future__ import annotations

import getpass
import sys
from typing import Annotated

import typer
from rich.table import Table

from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.domain.errors import InvalidInput
from tdconsole.i18n import _
from tdconsole.store.staff import StaffStore, check_pin

staff_app = typer.Typer(help="Staff who may log in to the web remote with a PIN.", no_args_is_help=True)
app = typer.Typer()  # top-level: staff (add, list, remove: the web remote's PINs)
app.add_typer(staff_app, name="staff")


def _staff(ctx: typer.Context) -> StaffStore:
    return StaffStore(session_of(ctx).store())


def _read_pin(from_stdin: bool) -> str:
    if from_stdin:
        return check_pin(sys.stdin.readline().strip())
    if not sys.stdin.isatty():
        raise InvalidInput("no terminal to read the PIN from: use --pin-stdin")
    pin = check_pin(getpass.getpass(_("PIN (4-12 digits): ")).strip())
    if getpass.getpass(_("The same PIN again: ")).strip() != pin:
        raise InvalidInput("the two PINs differ; nothing was saved")
    return pin


@staff_app.command("add")
def add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The staff member's name (as it shows in the log).")],
    role: Annotated[str, typer.Option("--role", help="td (every action) or floor (rulings, clock "
                                                     "calls).")],
    pin_stdin: Annotated[bool, typer.Option("--pin-stdin", help="Read the PIN from the first line of "
                                                                "standard input.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Add a staff member with a PIN for the web remote."""
    if role not in ("td", "floor"):  # before asking for a PIN that would be thrown away
        raise InvalidInput("--role must be td or floor, not {role!r}", role=role)
    member = _staff(ctx).add(name, role, _read_pin(pin_stdin))
    emit(member.as_json(), as_json, lambda: console.print(
        _("Added {name} ({role})").format(name=member.name, role=member.role)))


@staff_app.command("list")
def list_command(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The staff members and their roles (never their PINs)."""
    rows = [member.as_json() for member in _staff(ctx).members()]

    def render() -> None:
        from tdconsole.views.formatting import Formats

        when = Formats.of(session_of(ctx).house_rules()).when  # the club's clock
        table = Table(_("name"), _("role"), _("added"))
        for row in rows:
            table.add_row(row["name"], row["role"], when(row["created_at"]))
        console.print(table)

    emit(rows, as_json, render)


@staff_app.command("remove")
def remove(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """Remove a staff member: their web sessions end at their next request."""
    _staff(ctx).remove(name)
    emit({"removed": name.strip()}, as_json, lambda: console.print(
        _("Removed {name}").format(name=name.strip())))

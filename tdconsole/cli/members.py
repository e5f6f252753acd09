"""`tdconsole members`: the club's members, their CSV import and export, merges, bans, history."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from tdconsole.cli.kit import JsonFlag, console, emit, session_of, write_document
from tdconsole.club.history import history
from tdconsole.club.members import Member, Members
from tdconsole.config.files import read_text
from tdconsole.domain.limits import MAX_IMPORT_BYTES
from tdconsole.i18n import _, ngettext
from tdconsole.views.club import (
    TICKET_STATUS,
    history_formats,
    history_view,
    member_view,
    record_counts,
    tickets_view,
)
from tdconsole.views.export import members_csv

members_app = typer.Typer(
    help="The club's members: add, list, import/export CSV, merge, edit, ban, and their history.",
    no_args_is_help=True,
)
app = typer.Typer()  # top-level: members
app.add_typer(members_app, name="members")


@app.command("tickets")
def tickets(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Seats won in satellites (T-SAT-4): who holds one, its value, where it was won and spent."""
    from tdconsole.club.tickets import tickets as won
    from tdconsole.views.formatting import Formats

    data = tickets_view(won(session_of(ctx).store()))

    def render() -> None:
        table = Table(_("ticket"), _("name"), _("value"), _("won in"), _("status"))
        money = Formats.of(session_of(ctx).house_rules()).money
        for row in data.tickets:
            status = _(TICKET_STATUS[row.status])
            if row.spent_in is not None:
                status += " " + _("(tournament {id}, {name})").format(id=row.spent_in, name=row.spent_by)
            table.add_row(row.id, Text(row.name), money(row.value), Text(row.satellite_name), status)
        console.print(table if data.tickets else _("No seats won yet"))

    emit(data, as_json, render)

MemberRef = Annotated[str, typer.Argument(help="The member's number, or their exact name.")]


def _members(ctx: typer.Context) -> Members:
    return Members(session_of(ctx).store())


def _line(member: Member) -> str:
    banned = ("  " + (_("BANNED: {reason}").format(reason=member.ban_reason) if member.ban_reason
                      else _("BANNED"))) if member.banned else ""
    contact = ", ".join(part for part in (member.email, member.phone) if part)
    return f"{member.number:>5}  {member.name}" + (f"  ({contact})" if contact else "") + banned


@members_app.command("add")
def add(
    ctx: typer.Context,
    name: str,
    number: Annotated[int | None, typer.Option(
        "--number", help="The club's number (default: the next).")] = None,
    email: Annotated[str, typer.Option("--email")] = "",
    phone: Annotated[str, typer.Option("--phone")] = "",
    note: Annotated[str, typer.Option("--note")] = "",
    as_json: JsonFlag = False,
) -> None:
    """Add a member."""
    member = _members(ctx).add(name, number=number, email=email, phone=phone, note=note)
    emit(member_view(member), as_json, lambda: console.print(
        _("Member {number}: {name}").format(number=member.number, name=member.name)))


@members_app.command("list")
def list_members(
    ctx: typer.Context,
    search: Annotated[str, typer.Option("--search", help="Only names, emails, phones or numbers "
                                                          "containing TEXT.")] = "",
    as_json: JsonFlag = False,
) -> None:
    """The members (merged ones are listed under the member they became)."""
    found = _members(ctx).search(search)
    rows = [member_view(member) for member in found]

    def render() -> None:
        table = Table(_("number"), _("name"), _("email"), _("phone"), _("banned"), _("note"))
        for member in found:
            table.add_row(str(member.number), member.name, member.email, member.phone,
                          _("yes") if member.banned else "", member.note)
        console.print(table)

    emit(rows, as_json, render)


@members_app.command("show")
def show(ctx: typer.Context, member: MemberRef, as_json: JsonFlag = False) -> None:
    """A member's history: every tournament, entry, place, prize, knockouts and bounties; totals."""
    session = session_of(ctx)
    found = history(session.store(), member)
    data = history_view(found)
    formats = history_formats(found, session.house_rules())

    def render() -> None:
        console.print(_line(found.member))
        table = Table(_("tournament"), _("date"), _("place"), _("prize"), _("knockouts"), _("bounties"),
                      _("net"))
        for (night, result), row in zip(found.results(), data.tournaments, strict=True):
            place = "" if row.place is None else str(row.place)
            if row.last_place not in (None, row.place):
                place += f"-{row.last_place}"
            table.add_row(f"{night.id} {night.name}", formats.when(night.created_at, time=False),
                          _("{place} of {field}").format(place=place, field=row.field),
                          "" if row.prize is None else formats.money(row.prize), str(row.knockouts),
                          formats.money(row.bounties), formats.money(result.net))
        console.print(table)
        totals = data.totals
        line = _("{counts}; won {winnings}, paid {cost}, net {net}").format(
            counts=record_counts(totals.events, totals.cashes, totals.wins),
            winnings=formats.money(totals.winnings),
                                     cost=formats.money(totals.cost), net=formats.money(totals.net))
        if totals.roi is not None:
            line = _("{totals}, ROI {roi}%").format(totals=line, roi=formats.number(totals.roi, 1))
        console.print(line)

    emit(data, as_json, render)


@members_app.command("edit")
def edit(
    ctx: typer.Context,
    member: MemberRef,
    name: Annotated[str | None, typer.Option("--name")] = None,
    email: Annotated[str | None, typer.Option("--email")] = None,
    phone: Annotated[str | None, typer.Option("--phone")] = None,
    note: Annotated[str | None, typer.Option("--note")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Change a member's name or details (the number stays: the tournaments' logs name it)."""
    changed = _members(ctx).edit(member, name=name, email=email, phone=phone, note=note)
    emit(member_view(changed), as_json, lambda: console.print(_line(changed)))


@members_app.command("ban")
def ban(
    ctx: typer.Context,
    member: MemberRef,
    reason: Annotated[str, typer.Option("--reason", help="Why (shown when register refuses).")] = "",
    as_json: JsonFlag = False,
) -> None:
    """Ban a member: register refuses them until unbanned."""
    changed = _members(ctx).set_banned(member, True, reason)
    emit(member_view(changed), as_json, lambda: console.print(
        _("Banned {name} ({number})").format(name=changed.name, number=changed.number)))


@members_app.command("unban")
def unban(ctx: typer.Context, member: MemberRef, as_json: JsonFlag = False) -> None:
    """Lift a member's ban."""
    changed = _members(ctx).set_banned(member, False)
    emit(member_view(changed), as_json, lambda: console.print(
        _("Unbanned {name} ({number})").format(name=changed.name, number=changed.number)))


@members_app.command("merge")
def merge(
    ctx: typer.Context,
    keep: Annotated[str, typer.Argument(help="The member who stays (number or exact name).")],
    other: Annotated[str, typer.Argument(help="The duplicate: becomes KEEP, history and all.")],
    as_json: JsonFlag = False,
) -> None:
    """Merge a duplicate into a member: its tournaments count as KEEP's from now on."""
    kept, gone = _members(ctx).merge(keep, other)
    data: dict[str, Any] = {"member": member_view(kept), "merged": member_view(gone)}
    emit(data, as_json, lambda: console.print(
        _("Merged {name} ({number}) into {kept} ({kept_number})").format(
            name=gone.name, number=gone.number, kept=kept.name, kept_number=kept.number)))


@members_app.command("import")
def import_members(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="CSV with a header row: number,name,email,phone,note,"
                                              "banned,ban_reason (name is required).")],
    as_json: JsonFlag = False,
) -> None:
    """Import members from a CSV file: every row, or none (a bad row is named by its line)."""
    text = read_text(file, MAX_IMPORT_BYTES, " (save the spreadsheet as CSV UTF-8)")
    added = _members(ctx).import_csv(text, str(file))
    data = {"imported": len(added), "members": [member_view(member) for member in added]}
    emit(data, as_json, lambda: console.print(
        ngettext("Imported {n} member from {file}", "Imported {n} members from {file}",
                 len(added)).format(n=len(added), file=file)))


@members_app.command("export")
def export(
    ctx: typer.Context,
    out: Annotated[Path | None, typer.Option(help="Write to FILE instead of the terminal.")] = None,
) -> None:
    """Every member as CSV (the columns `members import` reads)."""
    write_document(members_csv(_members(ctx).all()), out)

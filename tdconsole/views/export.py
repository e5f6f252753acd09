"""Every document tdconsole writes for people and spreadsheets: the seating list and seat slips,
the results, the rulings record, the league standings and the members list - as text, CSV, JSON
or a printable HTML page.

One writer each way: HTML pages come from the Jinja2 templates in `views/templates/` with
autoescape on (names are user text: "<b>Bo</b>" prints as typed, never as markup), CSV from the
`csv` module. The rows come from the concern's views; this module only lays them out.
"""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal
from zoneinfo import ZoneInfo

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.seating.tables import Room
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import N_, _, install_jinja
from tdconsole.views.money import places_text, results_view
from tdconsole.views.rulings import EXPORT_COLUMNS, export_rows
from tdconsole.views.seating import SeatRow, seats

if TYPE_CHECKING:
    import jinja2

    from tdconsole.club.leagues import Season
    from tdconsole.club.members import Member
    from tdconsole.domain.clock.structure import Structure
    from tdconsole.domain.house_rules import HouseRules
    from tdconsole.views.cash import SlipRow
    from tdconsole.views.formatting import Formats
    from tdconsole.views.tournament import BagView

SeatingFormat = Literal["text", "html"]
SEATING_FORMATS: tuple[SeatingFormat, ...] = ("text", "html")
RESULTS_FORMATS = ("csv", "json", "html")
RULINGS_FORMATS = ("csv", "html")


@functools.cache
def _environment() -> jinja2.Environment:
    # Imported on first use: a command that writes no page does not pay for Jinja2 at start-up.
    import jinja2

    return install_jinja(jinja2.Environment(
        loader=jinja2.PackageLoader("tdconsole.views", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,  # a misspelt name in a template fails, never prints ""
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    ))


def html_page(template: str, **context: object) -> str:
    """The page `template` (a file in views/templates/) filled in, every value escaped."""
    return _environment().get_template(template).render(**context)


def csv_document(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A header row and the rows, one line each ("\\n"), quoted where a cell needs it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue()


def headings(columns: Iterable[str]) -> list[str]:
    """Columns marked with N_ as a person reads them: the chosen language's words (in English the
    keys themselves). Not for a file read back by a program (`members_csv`)."""
    return [_(column) for column in columns]


def check_format(fmt: str, formats: Sequence[str]) -> None:
    """A format this document is not written in is one line naming the ones it is (about the
    request field `format`: the CLI's `--format`)."""
    if fmt not in formats:
        raise InvalidInput("the format must be {names}, not {fmt!r}", names=' or '.join(formats), fmt=fmt,
                           field="format")


# ---------------------------------------------------------------- seating list and seat slips


def page_qr(url: str) -> str:
    """A player's page (T-PAGE-1) as a QR code to print: inline SVG, black on white."""
    import segno  # only for a printout with pages on it

    return str(segno.make(url, error="m").svg_inline(border=2, dark="#000", light="#fff", scale=3))


def seating_document(room: Room, title: str, fmt: SeatingFormat, slips: bool = False,
                     pages: dict[str, str] | None = None) -> str:
    """The seating list for the wall, or a seat slip per player (T-SEAT-1), in `fmt`; `pages`: each
    player's own page (T-PAGE-1), printed on his slip as a QR code."""
    check_format(fmt, SEATING_FORMATS)
    if fmt == "html":
        return html_page("slips.html.j2" if slips else "seating.html.j2", title=title, seats=seats(room),
                         qr={name: page_qr(url) for name, url in (pages or {}).items()})
    if slips:
        cut = "-" * 32
        return "".join(f"{title}\n{row.player}\n"
                       + _("Table {table}  Seat {seat}").format(table=row.table, seat=row.seat)
                       + f"\n{cut}\n" for row in seats(room))
    return f"{title}\n\n{seating_list(seats(room))}"


def bag_slips_html(bags: Sequence[BagView], rules: HouseRules) -> str:
    """A printable slip per bag (T-FLIGHT-2): flight, name, bag number, chips and signature lines."""
    from tdconsole.views.formatting import Formats

    number = Formats.of(rules).number
    title = _("Bag slips")
    return html_page("bag_slips.html.j2", title=title, bags=bags, number=lambda chips: number(chips, 0))


def seating_list(rows: Sequence[SeatRow]) -> str:
    """The seating list for the wall as text: every player by name with table and seat, under
    headings in the chosen language."""
    player, table, seat = _("Player"), _("Table"), _("Seat")
    width = max([len(player), *(len(row.player) for row in rows)])
    lines = [f"{player:<{width}}  {table}  {seat}"]
    lines += [f"{row.player:<{width}}  {row.table:>{len(table)}}  {row.seat:>{len(seat)}}" for row in rows]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- chip counts

CHIPS_FORMATS = ("csv",)
CHIPS_COLUMNS = (N_("table"), N_("seat"), N_("name"), N_("chips"), N_("counted_at"), N_("by"))


def chips_report_rows(state: TournamentState) -> list[dict[str, object]]:
    """The end-of-day roll-up of the chip counts (T-CHIPS-3): every player still in by table and
    seat, his last count, when and by whom (a bag's by nobody); a player never counted has none.
    The times are the club's (`money.time_zone`)."""
    from zoneinfo import ZoneInfo

    zone = ZoneInfo(state.house_rules.money.time_zone)
    still_in = sorted((p for p in state.players.values() if p.status != "busted"),
                      key=lambda p: (p.table is None, p.table or 0, p.seat or 0, p.name))
    rows: list[dict[str, object]] = []
    for player in still_in:
        count = state.counted.get(player.id)
        rows.append({"table": player.table, "seat": player.seat, "name": player.name,
                     "chips": state.chips.get(player.id),
                     "counted_at": None if count is None else count.at.astimezone(zone).isoformat(
                         timespec="seconds"),
                     "by": None if count is None else count.by})
    return rows


def chips_report_document(state: TournamentState, fmt: str) -> str:
    """`chips_report_rows` as csv (an empty cell for none)."""
    check_format(fmt, CHIPS_FORMATS)
    return csv_document(headings(CHIPS_COLUMNS), (
        ["" if row[key] is None else row[key] for key in CHIPS_COLUMNS] for row in chips_report_rows(state)))


# ---------------------------------------------------------------- results

# A CSV's header row is its columns in the chosen language (`headings`): English keeps the keys.
RESULT_COLUMNS = (N_("place"), N_("name"), N_("prize"), N_("knockouts"), N_("bounties"), N_("entries"),
                  N_("rebuys"), N_("add_ons"))
RESULT_HEADINGS = (N_("Place"), N_("Name"), N_("Prize"), N_("Knockouts"), N_("Bounties"), N_("Entries"),
                   N_("Rebuys"), N_("Add-ons"))


def results_document(state: TournamentState, fmt: str) -> str:
    """The results: csv (for a spreadsheet), json, or html (a printable sheet)."""
    check_format(fmt, RESULTS_FORMATS)
    view = results_view(state)
    if fmt == "json":
        return json.dumps(view.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return csv_document(headings(RESULT_COLUMNS), (
            [places_text(row.place, row.last_place), row.name, "" if row.prize is None else row.prize,
             row.knockouts, row.bounties, row.entries, row.rebuys, row.add_ons] for row in view.results))
    from tdconsole.views.formatting import Formats

    money = Formats.of(state.house_rules).money
    cells = [[places_text(row.place, row.last_place), row.name,
              "" if row.prize is None else money(row.prize), str(row.knockouts), money(row.bounties),
              str(row.entries), str(row.rebuys), str(row.add_ons)] for row in view.results]
    return html_page("results.html.j2", title=view.tournament, prize_pool=money(view.prize_pool),
                     columns=[_(heading) for heading in RESULT_HEADINGS], rows=cells, card=False, more=0)


# A card shows this many places: a chat shows the winners, the sheet has every place.
CARD_ROWS = 20


def results_card_html(state: TournamentState) -> str:
    """The results for a phone (`results --format png`, views/papers.py): the results template as
    a card, place, name and prize of each place paid (the first ten places while none is), the
    first `CARD_ROWS`, and how many more were paid."""
    from tdconsole.views.formatting import Formats

    money = Formats.of(state.house_rules).money
    view = results_view(state)
    paid = [row for row in view.results if row.prize] or view.results[:10]
    cells = [[places_text(row.place, row.last_place), row.name, "" if row.prize is None else money(row.prize)]
             for row in paid[:CARD_ROWS]]
    return html_page("results.html.j2", title=view.tournament, prize_pool=money(view.prize_pool),
                     columns=[_(heading) for heading in RESULT_HEADINGS[:3]], rows=cells, card=True,
                     more=max(0, len(paid) - CARD_ROWS))


# ---------------------------------------------------------------- the rulings record


def rulings_document(state: TournamentState, fmt: str) -> str:
    """The rulings log as the club keeps it: csv, or html (a page that prints as the record)."""
    check_format(fmt, RULINGS_FORMATS)
    from tdconsole.views.formatting import Formats

    formats = Formats.of(state.house_rules)
    if fmt == "csv":
        # A spreadsheet reads ISO 8601: the club's time with its offset.
        zone = ZoneInfo(formats.time_zone)
        return csv_document(headings(EXPORT_COLUMNS), export_rows(
            state, lambda moment: moment.astimezone(zone).isoformat(timespec="seconds")))
    return html_page("rulings.html.j2", title=_("Rulings: {name}").format(name=state.info.name),
                     columns=headings(EXPORT_COLUMNS), rows=export_rows(state, formats.when))


# ---------------------------------------------------------------- the structure sheet


def structure_sheet_html(structure: Structure) -> str:
    """A printable structure sheet (`structure export --format html|pdf`): the starting stack and
    the chips, then each level's blinds (or its game's figures, as `structure show` words them) and
    minutes, and each break with its colour-up and add-on."""
    from tdconsole.domain.clock.structure import Level
    from tdconsole.views.games import level_words

    rows: list[dict[str, object]] = []
    for index, period in enumerate(structure.periods):
        if isinstance(period, Level):
            rows.append({"level": structure.level_number(index), "what": level_words(period),
                         "minutes": period.minutes, "pause": False})
            continue
        extras = ([_("colour up {chips}").format(chips=", ".join(map(str, period.color_up)))]
                  if period.color_up else []) + ([_("add-on")] if period.add_on else [])
        rows.append({"level": "", "what": _("Break") + (f" ({'; '.join(extras)})" if extras else ""),
                     "minutes": period.minutes, "pause": True})
    chips = ", ".join(f"{chip.value} {chip.color}" for chip in structure.chips)
    return html_page("structure_sheet.html.j2", title=structure.name,
                     stack=_("Starting stack {stack}").format(stack=structure.starting_stack),
                     chips=_("Chips: {chips}").format(chips=chips) if chips else "",
                     columns=[_("Level"), _("Blinds"), _("Minutes")], rows=rows)


# ---------------------------------------------------------------- the club: standings and members
# (the club's modules load only with these pages: a seating command does not pay for them)


def standings_csv(season: Season) -> str:
    """The league standings with plain numbers, for a spreadsheet."""
    from tdconsole.views.club import STANDING_COLUMNS, standings_view

    return csv_document(headings(STANDING_COLUMNS), (
        ["" if value is None else value for value in (row.place, row.name, row.points, row.events,
                                                      row.cashes, row.winnings)]
        for row in standings_view(season)))


def standings_html(season: Season, formats: Formats) -> str:
    """A printable page of the standings, amounts as the club writes them."""
    from tdconsole.views.club import rules_text, standings_view

    decimals = season.league.formula.decimals
    rows = [{"place": row.place, "name": row.name, "points": formats.number(row.points, decimals),
             "events": row.events, "cashes": row.cashes, "winnings": formats.money(row.winnings)}
            for row in standings_view(season)]
    return html_page("league_standings.html.j2", lang=formats.locale.split("_")[0], title=season.league.name,
                     formula=season.league.formula.name, rules=rules_text(season.league.rules).capitalize(),
                     played=len(season.played), tournaments=len(season.league.tournaments), rows=rows)


def members_csv(members: Iterable[Member]) -> str:
    """Every member, in the columns `members import` reads back."""
    from tdconsole.club.members import CSV_COLUMNS

    return csv_document(CSV_COLUMNS, (
        [m.number, m.name, m.email, m.phone, m.note, "yes" if m.banned else "", m.ban_reason]
        for m in members))


# ---------------------------------------------------------------- the cash desk

CASH_FORMATS = ("html", "csv")
SLIP_WIDTHS = ("a4", "80mm")
CASH_COLUMNS = (N_("section"), N_("item"), N_("amount"))


def cash_report_document(state: TournamentState, fmt: str) -> str:
    """The end-of-night report: the drawer by method (expected, counted, difference), the fees by
    destination, rake, overlay, prizes paid and owed, the unpaid entries and every due with how it
    was paid; html (printable) or csv (one line per figure, for a spreadsheet)."""
    from tdconsole.views.cash import cash_view
    from tdconsole.views.formatting import Formats, due_text, fee_destination, payment_method

    check_format(fmt, CASH_FORMATS)
    view = cash_view(state)
    if fmt == "csv":
        lines: list[list[object]] = []
        for method, amount in view.expected.items():
            lines.append([_("in"), payment_method(method), view.came_in.get(method, 0)])
            lines.append([_("out"), payment_method(method), view.went_out.get(method, 0)])
            lines.append([_("expected"), payment_method(method), amount])
        lines += [[_("counted"), payment_method(m), amount] for m, amount in view.counted.items()]
        lines += [[_("difference"), payment_method(m), amount] for m, amount in view.difference.items()]
        lines += [[_("fees"), fee_destination(where), amount] for where, amount in view.fees.items()]
        lines += [[_("totals"), _(label), amount] for label, amount in (
            (N_("collected"), view.collected), (N_("rake"), view.rake), (N_("overlay"), view.overlay),
            (N_("paid out"), view.paid_out), (N_("owed"), view.owed), (N_("unpaid"), view.unpaid_amount),
            (N_("held for alternates"), view.held))]
        lines += [[_("prize"), row.name, row.amount] for row in view.prizes]
        lines += [[_("due"), f"{row.name} ({due_text(row.due)}, {payment_method(row.method)})", row.amount]
                  for row in view.dues]
        return csv_document(headings(CASH_COLUMNS), lines)
    formats = Formats.of(state.house_rules)
    money = formats.money
    drawer = [[payment_method(method), money(view.came_in.get(method, 0)),
               money(view.went_out.get(method, 0)), money(amount),
               money(view.counted[method]) if method in view.counted else "",
               money(view.difference[method]) if method in view.difference else ""]
              for method, amount in view.expected.items()]
    totals = [[_(label), money(amount)] for label, amount in (
        (N_("Collected (dues paid, not those unpaid)"), view.collected), (N_("Rake"), view.rake),
        (N_("Overlay paid by the house"), view.overlay),
        (N_("Prizes and bounties paid out"), view.paid_out), (N_("Still owed to players"), view.owed),
        (N_("Not paid by players yet"), view.unpaid_amount),
        (N_("Held for alternates waiting for a seat"), view.held))]
    totals += [[_("Fee: {destination}").format(destination=fee_destination(where)), money(amount)]
               for where, amount in view.fees.items()]
    prizes = [["" if row.place is None else places_text(row.place, None), row.name, money(row.prize),
               money(row.bounty), money(row.paid), money(row.owed), ", ".join(map(str, row.slips))]
              for row in view.prizes]
    dues = [[row.name, due_text(row.due), money(row.amount), payment_method(row.method)]
            for row in view.dues]
    return html_page(
        "cash_report.html.j2", title=_("{name}: the cash desk").format(name=state.info.name),
        date=formats.when(state.log[0].time, time=False) if state.log else "",
        drawer=drawer, drawer_columns=[_("Method"), _("In"), _("Out"), _("Expected"), _("Counted"),
                                       _("Difference")],
        totals=totals, unpaid=view.unpaid, prizes=prizes,
        prize_columns=[_("Place"), _("Name"), _("Prize"), _("Bounty"), _("Paid"), _("Owed"), _("Slips")],
        dues=dues, due_columns=[_("Name"), _("For"), _("Amount"), _("Paid by")])


def _void_text(row: SlipRow, receipt: bool) -> str:
    """What a void slip or receipt says across it ("" on one that stands)."""
    if not row.void:
        return ""
    if not receipt:
        return _("VOID: this pay-out was undone")
    if row.replaced_by is not None:
        return _("VOID: replaced by receipt No. {number}").format(number=row.replaced_by)
    return _("VOID: this payment was taken back")


def slips_document(state: TournamentState, width: str = "a4", receipts: bool = False,
                   pages: dict[str, str] | None = None) -> str:
    """A payout slip per prize handed over (or, `receipts`, a receipt per due paid), one a page,
    for an A4 printer or an 80 mm receipt printer."""
    from tdconsole.views.cash import receipt_rows, slip_rows
    from tdconsole.views.formatting import Formats, due_text, payment_method

    if width not in SLIP_WIDTHS:
        raise InvalidInput("the width must be {names}, not {width!r}", names=" or ".join(SLIP_WIDTHS),
                           width=width, field="width")
    formats = Formats.of(state.house_rules)
    rows = receipt_rows(state) if receipts else slip_rows(state)
    slips = [{"number": row.number, "name": row.name,
              "place": "" if row.place is None else places_text(row.place, None),
              "what": due_text(row.what) if receipts else "",
              "prize": formats.money(row.prize), "bounty": formats.money(row.bounty) if row.bounty else "",
              "amount": formats.money(row.amount), "method": payment_method(row.method),
              "when": formats.when(row.time), "cashier": row.cashier, "void": _void_text(row, receipts)}
             for row in rows]
    return html_page("payout_slips.html.j2", tournament=state.info.name, receipts=receipts,
                     width=width, slips=slips, qr={name: page_qr(url) for name, url in (pages or {}).items()},
                     title=_("{name}: receipts").format(name=state.info.name) if receipts
                     else _("{name}: payout slips").format(name=state.info.name))

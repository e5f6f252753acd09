"""What the club's commands show: members, a member's history, league standings (the `--json`
contract: keys are added, never renamed). The standings as CSV and a printable page are written
by `views.export`.

JSON and CSV carry plain numbers; text and the page write amounts through `Formats` (Babel).
"""

from __future__ import annotations

from tdconsole.club.history import History
from tdconsole.club.leagues import League, Season
from tdconsole.club.members import Member
from tdconsole.club.tickets import Ticket
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.league.results import EntryResult, MemberResult, totals
from tdconsole.domain.league.standings import LeagueRules, Standing, TieBreak
from tdconsole.i18n import N_, _, ngettext
from tdconsole.views.base import View
from tdconsole.views.formatting import Formats

STANDING_COLUMNS = (N_("place"), N_("name"), N_("points"), N_("events"), N_("cashes"), N_("winnings"))
_TIE_BREAK_WORDS = {"best-finish": N_("best finish"), "events": N_("most events"),
                    "wins": N_("most wins"), "cashes": N_("most cashes"),
                    "winnings": N_("most winnings")}


class MemberView(View):
    """A club member (`members add/list/edit/... --json`)."""

    number: int
    name: str
    email: str
    phone: str
    note: str
    banned: bool
    ban_reason: str
    # The member this one was merged into (a duplicate), else null.
    merged_into: int | None
    created_at: str | None


def record_counts(events: int, cashes: int, wins: int) -> str:
    """"3 events, 1 cash, 1 win": a member's record in words, each count in its own number."""
    return ", ".join([ngettext("{n} event", "{n} events", events).format(n=events),
                      ngettext("{n} cash", "{n} cashes", cashes).format(n=cashes),
                      ngettext("{n} win", "{n} wins", wins).format(n=wins)])


def member_view(member: Member) -> MemberView:
    return MemberView(
        number=member.number, name=member.name, email=member.email, phone=member.phone, note=member.note,
        banned=member.banned, ban_reason=member.ban_reason, merged_into=member.merged_into,
        created_at=member.created_at.isoformat() if member.created_at else None,
    )


class EntryView(View):
    """One entry of a member in a tournament (a re-entry is another)."""

    entry: int
    place: int | None
    last_place: int | None
    prize: int | None
    knockouts: int
    bounties: int
    add_ons: int


class NightView(View):
    """One tournament a member entered: the best of his entries, and each of them."""

    tournament: int
    name: str
    date: str
    status: str
    field: int
    entered_as: str
    place: int | None
    last_place: int | None
    prize: int | None
    knockouts: int
    bounties: int
    cost: int
    winnings: int
    net: int
    entries: list[EntryView]


class TotalsView(View):
    """Over the finished tournaments: winnings = prizes + bounties, ROI in percent."""

    events: int
    cashes: int
    wins: int
    prizes: int
    knockouts: int
    bounties: int
    winnings: int
    cost: int
    net: int
    roi: float | None
    best_finish: int | None


class HistoryView(View):
    """`members show --json`: every tournament the member entered, and the totals."""

    member: MemberView
    # The member's own number and those merged into it.
    numbers: list[int]
    tournaments: list[NightView]
    totals: TotalsView


def _entry_view(entry: EntryResult) -> EntryView:
    return EntryView(entry=entry.entry, place=entry.place, last_place=entry.last_place, prize=entry.prize,
                     knockouts=entry.knockouts, bounties=entry.bounties, add_ons=entry.add_ons)


def history_view(history: History) -> HistoryView:
    """`members show --json`: every tournament the member entered, and the totals over the
    finished ones (events, cashes, winnings = prizes + bounties, net, ROI in percent)."""
    played = history.results()
    record = totals(result for _night, result in played)
    return HistoryView(
        member=member_view(history.member),
        numbers=history.numbers,
        tournaments=[_night_view(night.id, night.name, night.created_at.isoformat(), night.state.status,
                                 result) for night, result in played],
        totals=TotalsView(events=record.events, cashes=record.cashes, wins=record.wins, prizes=record.prizes,
                          knockouts=record.knockouts, bounties=record.bounties, winnings=record.winnings,
                          cost=record.cost, net=record.net, roi=record.roi, best_finish=record.best_finish),
    )


def _night_view(tournament: int, name: str, date: str, status: str, result: MemberResult) -> NightView:
    return NightView(tournament=tournament, name=name, date=date, status=status, field=result.field,
                     entered_as=result.name, place=result.place, last_place=result.last_place,
                     prize=result.prize, knockouts=result.knockouts, bounties=result.bounties,
                     cost=result.cost, winnings=result.winnings, net=result.net,
                     entries=[_entry_view(entry) for entry in result.entries])


def history_formats(history: History, fallback: HouseRules) -> Formats:
    """The money of the member's latest tournament (its log's house rules), else `fallback`."""
    played = history.results()
    return Formats.of(played[-1][0].state.house_rules if played else fallback)


# ---------------------------------------------------------------- leagues


def rules_text(rules: LeagueRules) -> str:
    """The league's rules in words, in the chosen language (the standings page and `league`)."""
    parts = [ngettext("best {n} result counts", "best {n} results count", rules.best).format(
        n=rules.best) if rules.best else _("every result counts")]
    if rules.min_events:
        parts.append(ngettext("ranked from {n} event", "ranked from {n} events",
                              rules.min_events).format(n=rules.min_events))
    ties = _(", then ").join(_(_TIE_BREAK_WORDS[key]) for key in rules.tie_break)
    parts.append(_("ties: {order}").format(order=ties) if ties else _("ties share the place"))
    return "; ".join(parts)


class LeagueView(View):
    """A league (`league new/set/list/add/remove --json`): its formula, rules and tournaments."""

    id: int
    name: str
    formula: str
    formula_name: str
    best: int | None
    min_events: int
    tie_break: list[TieBreak]
    tournaments: list[int]
    # The rules in words, as the standings page prints them.
    rules: str
    # A formula in TD3's language, its text (a club that came from TD3 reads its own formula).
    td3_formula: str | None = None


def league_view(league: League) -> LeagueView:
    return LeagueView(id=league.id, name=league.name, formula=league.formula_key,
                      formula_name=league.formula.name, best=league.rules.best,
                      min_events=league.rules.min_events, tie_break=list(league.rules.tie_break),
                      tournaments=league.tournaments, rules=rules_text(league.rules),
                      td3_formula=league.formula.td3)


class StandingRow(View):
    """One member in the standings; below the minimum of events `place` is null and `qualified`
    false."""

    place: int | None
    name: str
    points: float
    events: int
    cashes: int
    winnings: int
    member: int
    wins: int
    best_finish: int | None
    # How many of his results count (a league may count only the best N).
    counted: int
    qualified: bool


def standing_row(standing: Standing) -> StandingRow:
    return StandingRow(place=standing.place, name=standing.name, points=standing.points,
                       events=standing.events, cashes=standing.cashes, winnings=standing.winnings,
                       member=standing.member, wins=standing.wins, best_finish=standing.best_finish,
                       counted=sum(scored.counted for scored in standing.results),
                       qualified=standing.place is not None)


def standings_view(season: Season) -> list[StandingRow]:
    """`league standings --json`: one row per member, best first; below the minimum of events:
    `place` null and `qualified` false, after the ranked ones."""
    return [standing_row(standing) for standing in season.standings]


def season_formats(season: Season, fallback: HouseRules) -> Formats:
    """The money of the league's latest finished tournament (its log's house rules), else `fallback`."""
    return Formats.of(season.played[-1].state.house_rules if season.played else fallback)


class TicketView(View):
    """A seat won in a satellite (`tickets --json`, T-SAT-2..4): who won it, its value, where,
    and whether it is held, spent (`spent_in` the tournament it paid, `spent_by` the entry) or was
    paid in cash because its winner already held one (T-SAT-3)."""

    id: str
    name: str
    member: int | None
    value: int
    satellite: int
    satellite_name: str
    won_at: str
    status: str
    spent_in: int | None
    spent_by: str | None


class TicketsView(View):
    tickets: list[TicketView]


def tickets_view(tickets: list[Ticket]) -> TicketsView:
    return TicketsView(tickets=[TicketView(
        id=ticket.id, name=ticket.name, member=ticket.member, value=ticket.value,
        satellite=ticket.satellite, satellite_name=ticket.satellite_name,
        won_at=ticket.won_at.isoformat(), status=ticket.status, spent_in=ticket.spent_in,
        spent_by=ticket.spent_by) for ticket in tickets])


TICKET_STATUS = {"held": N_("held"), "spent": N_("spent"), "cash": N_("paid in cash (T-SAT-3)")}

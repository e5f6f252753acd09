"""`tdconsole league`: a season's tournaments, its points formula and its standings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.table import Table

from tdconsole.cli.helptext import fill
from tdconsole.cli.kit import JsonFlag, console, emit, session_of, write_document
from tdconsole.club.leagues import League, Leagues, season
from tdconsole.config.leagues import DEFAULT_FORMULA, formula_keys, load_formula
from tdconsole.config.toml import validate
from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.league.standings import TIE_BREAKS, LeagueRules
from tdconsole.i18n import _
from tdconsole.views.base import jsonable
from tdconsole.views.club import league_view, rules_text, season_formats, standings_view
from tdconsole.views.export import standings_csv, standings_html
from tdconsole.views.papers import PDF, in_format

league_app = typer.Typer(help="Leagues: points over a season of tournaments, and the standings.",
                         no_args_is_help=True)
app = typer.Typer()  # top-level: league
app.add_typer(league_app, name="league")

LeagueOption = Annotated[str | None, typer.Option("--league", "-l",
                                                  help="The league (default: the newest).")]
Best = Annotated[int | None, typer.Option("--best", help="Count only each member's best N results.")]
MinEvents = Annotated[int | None, typer.Option("--min-events", help="Rank only members with N events.")]
TieBreak = Annotated[str | None, typer.Option(
    "--tie-break", help="Equal points are ranked by these, in order: {tie_breaks} "
                        "(default best-finish,events).")]
# The help's lists, filled in when it is shown (the texts are catalogue templates).
fill("tie_breaks", lambda: ",".join(TIE_BREAKS))
fill("formula_keys", lambda: ", ".join(formula_keys()))


def _rules(base: LeagueRules, best: int | None, min_events: int | None, tie_break: str | None) -> LeagueRules:
    data = base.model_dump()
    if best is not None:
        data["best"] = best or None  # --best 0: every result counts again
    if min_events is not None:
        data["min_events"] = min_events
    if tie_break is not None:
        data["tie_break"] = [part.strip() for part in tie_break.split(",") if part.strip()]
        unknown = [part for part in data["tie_break"] if part not in TIE_BREAKS]
        if unknown:
            raise InvalidInput(
                "--tie-break {unknown!r}: the tie-breaks are {names}", unknown=unknown[0],
                names=', '.join(TIE_BREAKS),
            )
    return validate(LeagueRules, data, "league")


def _render(league: League) -> None:
    console.print(_("{name}: {formula} ({key}); {rules}; tournaments: {tournaments}").format(
        name=league.name, formula=league.formula.name, key=league.formula_key,
        rules=rules_text(league.rules),
        tournaments=", ".join(map(str, league.tournaments)) or _("none yet")))


@league_app.command("new")
def new(
    ctx: typer.Context,
    name: str,
    formula: Annotated[str, typer.Option(
        "--formula", help="Points formula: a key ({formula_keys}), a TOML file, or in TD3's language: "
                          "a .tdt save's own, a .td3 file, or td3:TEXT."
    )] = DEFAULT_FORMULA,
    best: Best = None,
    min_events: MinEvents = None,
    tie_break: TieBreak = None,
    as_json: JsonFlag = False,
) -> None:
    """Start a league."""
    key, points = load_formula(formula)
    league = Leagues(session_of(ctx).store()).new(name, key, points,
                                                  _rules(LeagueRules(), best, min_events, tie_break))
    emit(league_view(league), as_json, lambda: _render(league))


@league_app.command("set")
def set_league(
    ctx: typer.Context,
    league: LeagueOption = None,
    formula: Annotated[str | None, typer.Option("--formula", help="A new points formula.")] = None,
    best: Best = None,
    min_events: MinEvents = None,
    tie_break: TieBreak = None,
    as_json: JsonFlag = False,
) -> None:
    """Change a league's formula or rules (the standings are worked out again from the logs)."""
    leagues = Leagues(session_of(ctx).store())
    found = leagues.get(league)
    key, points = load_formula(formula) if formula is not None else (None, None)
    changed = leagues.change(found, formula_key=key, formula=points,
                             rules=_rules(found.rules, best, min_events, tie_break))
    emit(league_view(changed), as_json, lambda: _render(changed))


@league_app.command("list")
def list_leagues(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Every league."""
    leagues = Leagues(session_of(ctx).store()).all()

    def render() -> None:
        for league in leagues:
            _render(league)

    emit([league_view(league) for league in leagues], as_json, render)


# The ids a league counts, within the database's id range (domain/limits.py) for add and remove.
TournamentIds = Annotated[list[int], typer.Argument(
    min=limits.ID.lo, max=limits.ID.hi, help="Tournament ids (tdconsole tournaments).")]


@league_app.command("add")
def add(
    ctx: typer.Context,
    tournaments: TournamentIds,
    league: LeagueOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Count tournaments in a league."""
    leagues = Leagues(session_of(ctx).store())
    changed = leagues.add(leagues.get(league), tournaments)
    emit(league_view(changed), as_json, lambda: _render(changed))


@league_app.command("remove")
def remove(
    ctx: typer.Context,
    tournaments: TournamentIds,
    league: LeagueOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Stop counting tournaments in a league."""
    leagues = Leagues(session_of(ctx).store())
    changed = leagues.remove(leagues.get(league), tournaments)
    emit(league_view(changed), as_json, lambda: _render(changed))


@league_app.command("standings")
def standings(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(help="The league (default: the newest).")] = None,
    format: Annotated[Literal["text", "json", "csv", "html", "pdf"], typer.Option(
        "--format", help="text, json, csv, html (a printable page) or pdf (that page printed).")] = "text",
    out: Annotated[Path | None, typer.Option(help="Write to FILE instead of the terminal.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The standings: place, name, points, events, cashes, winnings."""
    session = session_of(ctx)
    store = session.store()
    table = season(store, Leagues(store).get(name))
    formats = season_formats(table, session.house_rules())
    rows = standings_view(table)
    if format in ("csv", "html", PDF) and (out is not None or not as_json):
        document = (standings_csv(table) if format == "csv"
                    else in_format(format, lambda _html: standings_html(table, formats)))
        write_document(document, out, say=not as_json)
        if as_json:
            # Like every command's --json: the standings on stdout; the file asked for is written as well.
            emit(rows, True)
        return
    fmt = "json" if as_json else format
    if fmt == "json" and out is not None:
        write_document(json.dumps(jsonable(rows), ensure_ascii=False, indent=2) + "\n", out)
        return

    def render() -> None:
        decimals = table.league.formula.decimals
        console.print(_("{name} after {played} of {tournaments} tournaments ({formula}; {rules})").format(
            name=table.league.name, played=len(table.played), tournaments=len(table.league.tournaments),
            formula=table.league.formula.name, rules=rules_text(table.league.rules)))
        grid = Table(_("place"), _("name"), _("points"), _("events"), _("cashes"), _("winnings"))
        for row in rows:
            grid.add_row("" if row.place is None else str(row.place), row.name,
                         formats.number(row.points, decimals), str(row.events), str(row.cashes),
                         formats.money(row.winnings))
        console.print(grid)

    emit(rows, fmt == "json", render)


@league_app.command("season")
def season_page(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(help="The league (default: the newest).")] = None,
    format: Annotated[Literal["html", "json", "pdf"], typer.Option(
        "--format",
        help="html (a printable page with its charts), json, or pdf (that page printed).")] = "html",
    out: Annotated[Path | None, typer.Option(help="Write to FILE instead of the terminal.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The season: each tournament's attendance and cashes, the points tournament by tournament as
    a chart, each member's cashes and profit, and the standings."""
    from tdconsole.views.season import season_html, season_view

    session = session_of(ctx)
    store = session.store()
    table = season(store, Leagues(store).get(name))
    formats = season_formats(table, session.house_rules())
    view = season_view(table, formats)

    def document() -> str | bytes:
        if format == "json":
            return json.dumps(jsonable(view), ensure_ascii=False, indent=2) + "\n"
        return in_format(format, lambda _html: season_html(table, formats))

    if as_json:
        # Like every command's --json: the season on stdout; a file asked for is written as well.
        if out is not None:
            write_document(document(), out, say=False)
        emit(view, True)
        return
    write_document(document(), out)

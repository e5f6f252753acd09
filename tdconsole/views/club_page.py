"""The league standings as a printable page: a Jinja2 template (views/templates/) with autoescape on,
member and league names being free text. Only the CLI writes it; the screens never load Jinja2."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from tdconsole.club.leagues import Season
from tdconsole.views.club import rules_text, standings_view
from tdconsole.views.formatting import Formats

if TYPE_CHECKING:
    import jinja2


@functools.cache
def _environment() -> jinja2.Environment:
    # Imported on first use: a command that writes no page does not pay for Jinja2.
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("tdconsole.views", "templates"), autoescape=True,
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def standings_html(season: Season, formats: Formats) -> str:
    """A printable page of the standings, amounts as the club writes them."""
    decimals = season.league.formula.decimals
    rows = [{**row, "points": formats.number(row["points"], decimals),
             "winnings": formats.money(row["winnings"])} for row in standings_view(season)]
    return _environment().get_template("league_standings.html.j2").render(
        lang=formats.locale.split("_")[0], title=season.league.name, formula=season.league.formula.name,
        rules=rules_text(season.league.rules).capitalize(), played=len(season.played),
        tournaments=len(season.league.tournaments), rows=rows)

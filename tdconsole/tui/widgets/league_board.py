"""The league's standings on the TV between tournaments: the display shows them under a tournament
that has not started, and instead of the clock once it is finished, if it counts in a league."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tdconsole.club.leagues import Season
from tdconsole.i18n import _
from tdconsole.views.club import standings_view
from tdconsole.views.formatting import Formats

# Rows a TV shows legibly; the printable page (`league standings --format html`) has them all.
ROWS = 20


class LeagueBoard(Static):
    DEFAULT_CSS = """
    LeagueBoard { width: 100%; height: auto; content-align: center top; padding: 1 2; }
    """

    def show_season(self, season: Season, formats: Formats) -> None:
        league = season.league
        title = _("{league}: after {played} of {tournaments}").format(
            league=league.name, played=len(season.played), tournaments=len(league.tournaments))
        table = Table(title=title, caption=league.formula.name, expand=False)
        table.add_column("", justify="right")
        table.add_column(_("Name"), justify="left")
        for heading in (_("Points"), _("Events"), _("Winnings")):
            table.add_column(heading, justify="right")
        for row in standings_view(season)[:ROWS]:
            table.add_row("" if row.place is None else str(row.place), Text(row.name),
                          formats.number(row.points, league.formula.decimals), str(row.events),
                          formats.money(row.winnings))
        self.update(table)

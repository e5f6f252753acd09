"""The clock: big digits, level, blinds and ante by table size, what comes next, the figures."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Header, Static

from tdconsole.club.leagues import Leagues, season
from tdconsole.domain.errors import TdError
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.widgets.clock_panel import ClockPanel
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.league_board import LeagueBoard
from tdconsole.views.club import season_formats
from tdconsole.views.money import final_results_text


class ClockScreen(ServiceScreen):
    """On the TD's console with the header, the keys and how to start the clock; on the read-only
    display (`read_only`) the clock alone, full screen, and the league's standings between
    tournaments."""

    def __init__(self, *, read_only: bool = False) -> None:
        super().__init__()
        self.read_only = read_only
        self._league_shown: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        if not self.read_only:
            yield Header()
        yield ClockPanel(hint="" if self.read_only else " — press s to start")
        yield Static(id="final-results")
        if self.read_only:
            yield LeagueBoard()
        else:
            yield KeyFooter()

    def refresh_view(self) -> None:
        self.query_one(ClockPanel).tick(force=True)
        # The winner and the final results once one player is left (undoing the last bust hides them).
        results = final_results_text(self.service.state)
        shown = self.query_one("#final-results", Static)
        shown.update(Text(results or ""))
        shown.display = results is not None
        if self.read_only:
            self.show_league()

    def show_league(self) -> None:
        """The league's standings between tournaments; worked out again only when the league's
        tournaments or this one's status change (a registration does not move them)."""
        state = self.service.state
        between = state.status in ("planned", "finished")
        try:
            leagues = Leagues(self.service.store)
            league = leagues.between(self.service.tournament_id) if between else None
            shown = None if league is None else (league.id, tuple(league.tournaments), state.status)
            if shown != self._league_shown and league is not None:
                table = season(self.service.store, league)
                self.query_one(LeagueBoard).show_season(table, season_formats(table, state.house_rules))
        except TdError as error:
            self.notify(str(error), severity="error")
            return
        self._league_shown = shown
        self.query_one(LeagueBoard).display = league is not None
        self.query_one(ClockPanel).display = state.status != "finished" or league is None

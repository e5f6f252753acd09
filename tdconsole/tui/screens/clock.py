"""The clock: digits as large as the screen allows, level, blinds and ante by table size, what
comes next, the figures, the payouts."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Header, Static

from tdconsole.club.leagues import League, Leagues, Season, season
from tdconsole.domain.errors import TdError
from tdconsole.i18n import _, error_text
from tdconsole.service import Service
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.service_app import service_app
from tdconsole.tui.widgets.clock_panel import ClockPanel
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.league_board import LeagueBoard
from tdconsole.views.club import season_formats
from tdconsole.views.money import final_results_text

# How often the TV between tournaments reads the league's standings again.
LEAGUE_SECONDS = 60.0


class ClockScreen(ServiceScreen):
    """On the TD's console with the header, the keys and how to start the clock; on the read-only
    display (`read_only`) the clock alone, full screen, and the league's standings between
    tournaments."""

    def __init__(self, *, read_only: bool = False) -> None:
        super().__init__()
        self.read_only = read_only
        self._league_status: str | None = None
        self._league_shown: tuple[object, ...] | None = None

    def on_mount(self) -> None:
        if self.read_only:
            self.query_one(LeagueBoard).display = False  # until the league is read
            # Another night of the league may finish while this one waits to start.
            self.set_interval(LEAGUE_SECONDS, self.read_league)

    def compose(self) -> ComposeResult:
        if not self.read_only:
            yield Header()
        yield ClockPanel(hint="" if self.read_only else _("not started — press s to start"))
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
        if self.read_only and self.service.state.status != self._league_status:
            # The standings move with the tournaments of the league, not with a registration.
            self._league_status = self.service.state.status
            self.read_league()

    def read_league(self) -> None:
        self.run_worker(self.show_league(), group="league")

    async def show_league(self) -> None:
        """The league's standings between tournaments, read off the event loop; worked out again
        only when the league's tournaments or this one's status changed."""
        state = self.service.state
        status = state.status
        shown = self._league_shown

        def read(service: Service) -> tuple[League | None, Season | None]:
            between = status in ("planned", "finished")
            league = Leagues(service.store).between(service.tournament_id) if between else None
            now = None if league is None else (league.id, tuple(league.tournaments), status)
            return league, season(service.store, league) if league is not None and now != shown else None

        try:
            league, table = await service_app(self).call(read, shown=False)
        except TdError as error:
            self.notify(error_text(error), severity="error", markup=False)
            return
        boards = self.query(LeagueBoard)
        if not boards:  # the screen was taken down (the app quitting) while the league was read
            return
        board = boards.first()
        if table is not None:
            board.show_season(table, season_formats(table, state.house_rules))
        self._league_shown = None if league is None else (league.id, tuple(league.tournaments), status)
        board.display = league is not None
        self.query_one(ClockPanel).display = status != "finished" or league is None

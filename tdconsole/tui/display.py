"""`tdconsole display`: the clock full screen for the TV, read-only, following the database.

It opens the service with the "display" role, which the service refuses for every command, and
binds no key that could issue one; it only looks for what the TD's process wrote (every
`POLL_SECONDS`, so a change shows within a second). `tdconsole serve` runs this same app per browser.
Between tournaments (this one not started yet, or finished) it shows the standings of the league
the tournament counts in, if any.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding

from tdconsole.club.leagues import Leagues, season
from tdconsole.domain.errors import TdError
from tdconsole.service import Service
from tdconsole.tui.widgets.clock_panel import ClockPanel, toggle_sound
from tdconsole.tui.widgets.league_board import LeagueBoard
from tdconsole.views.club import season_formats

POLL_SECONDS = 0.5


class DisplayApp(App[None]):
    TITLE = "tdconsole display"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { align: center middle; }
    """
    BINDINGS = [Binding("m", "toggle_sound", "Sound on/off")]

    def __init__(self, service: Service, *, sound: bool = True, poll_seconds: float = POLL_SECONDS) -> None:
        super().__init__()
        if service.role != "display":
            raise TdError("the display opens the tournament read-only (role display)")
        self.service = service
        self.sound = sound
        self.poll_seconds = poll_seconds
        self._league_shown: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        yield ClockPanel()
        yield LeagueBoard()

    def on_mount(self) -> None:
        self.set_interval(self.poll_seconds, self.follow)
        self.show_league()

    def follow(self) -> None:
        try:
            changed = self.service.refresh()
        except TdError as error:  # the database went away: say so, keep showing the last clock
            self.notify(str(error), severity="error")
            return
        if changed:
            self.query_one(ClockPanel).tick(force=True)
            self.show_league()

    def show_league(self) -> None:
        """The league's standings between tournaments; worked out again only when the league's
        tournaments or this one's status change (a registration does not move them)."""
        state = self.service.state
        between = state.status in ("planned", "finished")
        try:
            leagues = Leagues(self.service.store)
            league = leagues.of_tournament(self.service.tournament_id) if between else None
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

    def action_toggle_sound(self) -> None:
        toggle_sound(self)


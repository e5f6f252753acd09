"""The base of every screen that shows the tournament."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import DataTable

from tdconsole.service import Service
from tdconsole.tui.keys import TranslatedKeys
from tdconsole.tui.messages import TournamentChanged
from tdconsole.tui.service_app import LARGE_TOURNAMENT, service_app, service_of, settle


class ServiceScreen(TranslatedKeys, Screen[None]):
    """A screen drawn from the tournament's state: `refresh_view` redraws all of it, when the screen
    is shown (the first time too: Textual mounts a screen before it resumes it) and whenever the
    tournament changes, here or in another terminal (`ServiceApp.redraw`)."""

    @property
    def service(self) -> Service:
        return service_of(self)

    def refresh_view(self) -> None:
        """Redraw what the screen shows from `self.service.state`; keep the selection and what is typed."""
        raise NotImplementedError

    _settled = False

    def on_screen_resume(self) -> None:
        self.refresh_view()
        if not self._settled and len(self.service.state.players) >= LARGE_TOURNAMENT:
            # As the app does with the tournament as loaded (`ServiceApp.on_mount`): at festival
            # size a full pass walked the screen's 10,000 rows every few busts, a tenth of a
            # second each. (Small tournaments, tests among them, make nothing worth it.)
            self._settled = True
            # Once the switch is over, and with what an earlier freeze took in given back to the
            # collector first: a screen being left (the structure editor popped by this F-key)
            # was still alive as this one resumed, and frozen then it was never freed (megabytes
            # of a festival terminal for every editor or dialog open at a first showing).
            # A screen shown or built before the app is ready (the first, those built ahead) is
            # settled with them then, in one pass (`ServiceApp._get_ready`): a pass takes a tenth
            # of a second at festival size, which the first screen waited for.
            if service_app(self).ready.is_set():
                self.call_after_refresh(settle)

    def on_screen_suspend(self) -> None:
        # What the screen's widgets drew is drawn anew when it is shown again (it redraws all of
        # it then): kept for every screen the TD has opened, the lines of ten screens' tables and
        # fields took megabytes of a festival terminal.
        for widget in self.query("*"):
            widget._styles_cache.clear()
            if isinstance(widget, DataTable):
                widget._clear_caches()

    def on_tournament_changed(self, _message: TournamentChanged) -> None:
        self.refresh_view()

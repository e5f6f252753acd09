"""The clock: big digits, level, blinds and ante, what comes next, players left, average stack."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Digits, Footer, Header, Static

from tdconsole.domain.clock import format_duration
from tdconsole.views import average_stack, clock_view


class ClockScreen(Screen[None]):
    DEFAULT_CSS = """
    ClockScreen { align: center middle; }
    ClockScreen #clock-box { width: auto; height: auto; align: center middle; }
    ClockScreen #level { text-style: bold; content-align: center middle; width: 100%; }
    ClockScreen Digits#time { width: auto; }
    ClockScreen .figure { content-align: center middle; width: 100%; }
    ClockScreen #status.paused { color: $warning; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="clock-box"):
            yield Static(id="title", classes="figure")
            yield Static(id="level")
            with Center():
                yield Digits("0:00", id="time")
            yield Static(id="status", classes="figure")
            yield Static(id="blinds", classes="figure")
            yield Static(id="next", classes="figure")
            yield Static(id="players", classes="figure")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()
        self.set_interval(0.25, self.refresh_view)

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        service = self.app.service  # type: ignore[attr-defined]
        state = service.state
        clock = clock_view(state, service.now())
        self.query_one("#title", Static).update(Text(state.info.name))
        what = "BREAK" if clock["on_break"] else f"Level {clock['level']}"
        self.query_one("#level", Static).update(what)
        self.query_one("#time", Digits).update(clock["remaining"])
        status = self.query_one("#status", Static)
        status.update("running" if clock["running"] else ("paused" if clock["started"] else
                                                          "not started — press s to start"))
        status.set_class(not clock["running"], "paused")
        blinds = f"Blinds {clock['small_blind']:,} / {clock['big_blind']:,}"
        if clock["ante"]:
            blinds += f"   Ante {clock['ante']:,}"
        self.query_one("#blinds", Static).update(blinds)
        upcoming = clock["next_level"]
        lines = []
        if upcoming:
            lines.append(f"Next: {upcoming['small_blind']:,} / {upcoming['big_blind']:,}"
                         + (f" ante {upcoming['ante']:,}" if upcoming["ante"] else ""))
        if clock["seconds_to_break"] is not None and not clock["on_break"]:
            lines.append(f"Break in {format_duration(clock['seconds_to_break'])}")
        self.query_one("#next", Static).update("   ".join(lines))
        average = average_stack(state)
        figures = f"Players {state.players_left} / {state.entries}"
        if average is not None:
            figures += f"   Average stack {average:,}"
            if clock["big_blind"]:
                figures += f" ({average / clock['big_blind']:.0f} BB)"
        self.query_one("#players", Static).update(figures)

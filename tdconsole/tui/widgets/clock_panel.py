"""The clock the room watches, shared by the TD's clock screen and the read-only display.

It reads the service's state (the `ServiceApp`'s `service`) and redraws only when what it shows
changes: the second shown, the period, run/pause, or the event log. A warning one minute before a
level or break ends and at the change rings the terminal bell, unless the app's `sound` is off, and
flashes the panel; whether one is due is `clock.warning_between`, a pure function of two readings.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.message import Message
from textual.widgets import Digits, Static

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.timing import ClockReading, Warning, format_duration, warning_between
from tdconsole.domain.state import TournamentState
from tdconsole.tui.service_app import TICK_SECONDS, service_app, service_of
from tdconsole.views.tournament import ClockView, StateView, clock_view, state_view

FLASH_SECONDS = 1.5


def _wall(iso: str | None) -> str:
    return "" if iso is None else iso[11:16]


def _chips(amount: int) -> str:
    return f"{amount:,}"


class ClockPanel(Vertical):
    DEFAULT_CSS = """
    ClockPanel { width: 100%; height: auto; align: center middle; }
    ClockPanel > Static { width: 100%; content-align: center middle; }
    ClockPanel #title { color: $text-muted; }
    ClockPanel #level { text-style: bold; }
    ClockPanel Digits#time { width: auto; }
    ClockPanel #status.paused { color: $warning; }
    ClockPanel #notes { color: $accent; }
    ClockPanel.-flash { background: $warning 40%; }
    ClockPanel.-flash Digits#time { color: $error; }
    """

    class Warned(Message):
        """A warning went off: "one-minute" or "change" (the bell rang if the sound is on)."""

        def __init__(self, kind: Warning) -> None:
            self.kind = kind
            super().__init__()

    def __init__(self, *, hint: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        # What to say while the clock has not been started (the TD's screen names the key).
        self.hint = hint
        self._reading: ClockReading | None = None
        self._shown: tuple[Any, ...] | None = None
        self._figures: tuple[int, StateView] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="level")
        with Center():
            yield Digits("0:00", id="time")
        yield Static(id="status")
        yield Static(id="blinds")
        yield Static(id="antes")
        yield Static(id="next")
        yield Static(id="figures")
        yield Static(id="notes")

    def on_mount(self) -> None:
        self.tick()
        self.set_interval(TICK_SECONDS, self.tick)

    def tick(self, force: bool = False) -> None:
        """Look at the clock; warn if a warning fell due since the last look; redraw if needed
        (only when the second shown changes, unless `force`)."""
        service = service_of(self)
        state, now = service.state, service.now()
        reading = clock_ops.read(state.info.structure, state.clock, now)
        if self._reading is not None and (warning := warning_between(self._reading, reading)):
            self.warn(warning)
        self._reading = reading
        shown = (state.last_seq, reading.period, reading.running, math.ceil(reading.remaining))
        # Drawn only while its screen is shown (the warnings above sound from any screen): at
        # festival size the figures take most of a second to build after every bust.
        if (force or shown != self._shown) and self.screen.is_current:
            self._shown = shown
            self.redraw(state, service.tournament_id, now)

    def warn(self, kind: Warning) -> None:
        if service_app(self).sound:
            self.app.bell()
        self.add_class("-flash")
        self.set_timer(FLASH_SECONDS, lambda: self.remove_class("-flash"))
        self.post_message(self.Warned(kind))

    def _state_view(self, state: TournamentState, tournament_id: int, now: datetime) -> StateView:
        # The figures change only with the log: build them once per new event, not every second.
        if self._figures is None or self._figures[0] != state.last_seq:
            self._figures = (state.last_seq, state_view(state, tournament_id, now))
        return self._figures[1]

    def redraw(self, state: TournamentState, tournament_id: int, now: datetime) -> None:
        clock = clock_view(state, now)
        view = self._state_view(state, tournament_id, now)
        self.query_one("#title", Static).update(Text(state.info.name))
        what = "BREAK" if clock.on_break else f"Level {clock.level}"
        self.query_one("#level", Static).update(what)
        self.query_one("#time", Digits).update(clock.remaining)
        status = self.query_one("#status", Static)
        if clock.running:
            ends = _wall(clock.level_ends_at)
            status.update(f"{'Break' if clock.on_break else 'Level'} ends at {ends}")
        else:
            status.update("paused" if clock.started else f"not started{self.hint}")
        status.set_class(not clock.running, "paused")
        label = "After the break" if clock.on_break else "Blinds"
        blinds = f"{label} {_chips(clock.small_blind)} / {_chips(clock.big_blind)}"
        if clock.ante:
            blinds += f"   BB ante {_chips(clock.ante)}"
        self.query_one("#blinds", Static).update(blinds)
        self.query_one("#antes", Static).update(_antes_line(clock))
        self.query_one("#next", Static).update(_next_line(clock))
        self.query_one("#figures", Static).update(_figures_line(view, clock.big_blind))
        self.query_one("#notes", Static).update(_notes_line(clock))


def _antes_line(clock: ClockView) -> str:
    """T-ANTE-2 (or RP-11 flat): the ante at each table size, so short tables post the right one."""
    rows = clock.antes
    if not clock.ante or len(rows) == 1:
        return ""
    parts = []
    for row in rows:
        sizes = "heads-up" if row.max_handed == 2 else f"{row.min_handed}-{row.max_handed} handed"
        parts.append(f"{sizes} {_chips(row.ante) if row.ante else 'no ante'}")
    return "Ante: " + ", ".join(parts)


def _next_line(clock: ClockView) -> str:
    parts = []
    upcoming = clock.next_level
    if upcoming:
        parts.append(f"Next: {_chips(upcoming.small_blind)} / {_chips(upcoming.big_blind)}"
                     + (f" ante {_chips(upcoming.ante)}" if upcoming.ante else ""))
    coming = clock.next_break
    if coming and not coming.now and clock.seconds_to_break is not None:
        at = _wall(clock.break_at)
        parts.append(f"Break in {format_duration(clock.seconds_to_break)}" + (f" at {at}" if at else ""))
    if coming and coming.color_up:
        when = "this break" if coming.now else "next break"
        parts.append(f"Colour-up {when}: {', '.join(_chips(v) for v in coming.color_up)}")
    return "   ".join(parts)


def _figures_line(view: StateView, big_blind: int) -> str:
    parts = [f"Players {view.players_left} / {view.entries}", f"Chips {_chips(view.chips_in_play)}"]
    if view.average_stack is not None:
        # In big blinds of the level now (the cached view is as old as the last event).
        parts.append(f"Average {_chips(view.average_stack)} ({view.average_stack / big_blind:.0f} BB)")
    parts.append(f"Prize pool {_chips(view.prize_pool)}")
    return "   ".join(parts)


def _notes_line(clock: ClockView) -> str:
    parts = []
    late = clock.late_registration
    if late.level is not None:
        parts.append(f"Late registration open to the end of level {late.level}" if late.open
                     else "Late registration closed")
    add_on = clock.add_on
    if add_on is not None:
        parts.append("ADD-ON NOW" if add_on.now else f"Add-on at the break after level {add_on.after_level}")
    return "   ".join(parts)

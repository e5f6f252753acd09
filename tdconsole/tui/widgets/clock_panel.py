"""The clock the room watches, shared by the TD's clock screen and the read-only display.

The time left fills the space the other lines leave (`BigTime` scales its digits with the
terminal); around it the level, blinds and antes, what comes next, the players, the average stack
in big blinds and the payout ladder. A break, hand-for-hand and the final table each colour the
digits and put a banner over them, so nobody in the room mistakes one for another.

It reads the service's state (the `ServiceApp`'s `service`) and redraws only when what it shows
changes: the second shown, the period, run/pause, or the event log. A warning one minute before a
level or break ends and at the change rings the terminal bell, unless the app's `sound` is off, and
flashes the panel; whether one is due is `views.tournament.clock_tick`, a pure function of two
readings.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _
from tdconsole.tui.service_app import TICK_SECONDS, service_app, service_of
from tdconsole.tui.widgets.big_time import BigTime
from tdconsole.views.forecast import ForecastView
from tdconsole.views.formatting import Formats, ordinal
from tdconsole.views.games import game_parts
from tdconsole.views.seating import at_final_table, shootout_heading, shootout_lines, shootout_view
from tdconsole.views.tournament import (
    ClockReading,
    ClockView,
    FiguresView,
    Warning,
    clock_tick,
    clock_view,
    figures_view,
)

FLASH_SECONDS = 1.5


# Between the parts of one line ("Players 40 / 40   Chips 800,000   ..."); a line that is too wide
# breaks here, between parts, never inside one ("Prize pool / DKK 12,000").
GAP = "   "


def fit(parts: list[Text], width: int, gap: str = GAP) -> Text:
    """`parts` on as few lines as `width` columns allow, each line as many whole parts as fit
    (a part wider than the line gets a line of its own, and wraps there).

    >>> fit([Text("Players 40 / 40"), Text("Prize pool 12.000 kr.")], 40).plain
    'Players 40 / 40   Prize pool 12.000 kr.'
    >>> fit([Text("Players 40 / 40"), Text("Prize pool 12.000 kr.")], 30).plain
    'Players 40 / 40\nPrize pool 12.000 kr.'
    """
    lines: list[Text] = []
    for part in parts:
        if lines and lines[-1].cell_len + len(gap) + part.cell_len <= width:
            lines[-1].append(gap).append_text(part)
        else:
            lines.append(part.copy())
    return Text("\n").join(lines)


def _wall(iso: str | None) -> str:
    return "" if iso is None else iso[11:16]


def _chips(amount: int, formats: Formats) -> str:
    """Chips and blinds as the language writes numbers (900,000 / 900.000); money has a currency."""
    return formats.number(amount, 0)


class ClockPanel(Vertical):
    # The banner's and the digits' colour: the most pressing phase wins (the later rule), and a
    # phase's colour wins over the grey of a paused clock (hand-for-hand may pause it).
    DEFAULT_CSS = """
    ClockPanel { width: 100%; height: 1fr; }
    ClockPanel > Static { width: 100%; height: auto; content-align: center middle; text-align: center; }
    ClockPanel #title { color: $text-muted; }
    ClockPanel #level { text-style: bold; }
    ClockPanel #status.paused { color: $warning; }
    ClockPanel #notes { color: $accent; }
    ClockPanel #forecast { color: $text-muted; }
    ClockPanel #shootout { color: $accent; }
    ClockPanel #ladder { max-height: 3; }
    ClockPanel #banner { display: none; text-style: bold; }
    ClockPanel.-paused BigTime { color: $text-muted; }
    ClockPanel.-final #banner { display: block; background: $warning; color: $background; }
    ClockPanel.-final BigTime { color: $warning; }
    ClockPanel.-break #banner { display: block; background: $success; color: $background; }
    ClockPanel.-break BigTime { color: $success; }
    ClockPanel.-h4h #banner { display: block; background: $error; color: $text; }
    ClockPanel.-h4h BigTime { color: $error; }
    ClockPanel.-flash { background: $warning 40%; }
    ClockPanel.-flash BigTime { color: $error; }
    """

    class Warned(Message):
        """A warning went off: "one-minute" or "change" (the bell rang if the sound is on)."""

        def __init__(self, kind: Warning) -> None:
            self.kind = kind
            super().__init__()

    def __init__(self, *, hint: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        # What to say while the clock has not been started (the TD's screen names the key);
        # "not started" when empty.
        self.hint = hint
        self._reading: ClockReading | None = None
        self._shown: tuple[Any, ...] | None = None
        self._figures: tuple[int, FiguresView] | None = None
        self._ladder_key: tuple[int, Formats, int] | None = None  # what the ladder shown was laid out for
        self._shootout_key: tuple[int, int] | None = None  # the log and width the shootout's lines are for

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="banner")
        yield Static(id="level")
        yield BigTime("0:00", id="time")
        yield Static(id="status")
        yield Static(id="blinds")
        yield Static(id="antes")
        yield Static(id="next")
        yield Static(id="figures")
        yield Static(id="forecast")
        yield Static(id="shootout")
        yield Static(id="ladder")
        yield Static(id="notes")

    def on_mount(self) -> None:
        self.tick()
        self.set_interval(TICK_SECONDS, self.tick)

    def tick(self, force: bool = False) -> None:
        """Look at the clock; warn if a warning fell due since the last look; redraw if needed
        (only when the second shown changes, unless `force`)."""
        service = service_of(self)
        state, now = service.state, service.now()
        reading, warning = clock_tick(state, now, self._reading)
        if warning is not None:
            self.warn(warning)
        self._reading = reading
        shown = (state.last_seq, reading.period, reading.running, math.ceil(reading.remaining))
        # Drawn only while its screen is shown (the warnings above sound from any screen): at
        # festival size the figures take most of a second to build after every bust.
        if (force or shown != self._shown) and self.screen.is_current:
            self._shown = shown
            self.redraw(state, now)

    def warn(self, kind: Warning) -> None:
        if service_app(self).sound:
            self.app.bell()
        self.add_class("-flash")
        self.set_timer(FLASH_SECONDS, lambda: self.remove_class("-flash"))
        self.post_message(self.Warned(kind))

    def _figures_view(self, state: TournamentState, now: datetime) -> FiguresView:
        # The figures change only with the log: build them once per new event, not every second.
        if self._figures is None or self._figures[0] != state.last_seq:
            self._figures = (state.last_seq, figures_view(state, now))
        return self._figures[1]

    def redraw(self, state: TournamentState, now: datetime) -> None:
        clock = clock_view(state, now)
        view = self._figures_view(state, now)
        finished = state.status == "finished"
        final = at_final_table(state) and not finished
        h4h = view.hand_for_hand
        self.set_class(clock.on_break, "-break")
        self.set_class(h4h.active, "-h4h")
        self.set_class(final, "-final")
        self.set_class(clock.started and not clock.running, "-paused")
        self.query_one("#banner", Static).update(_banner_line(clock, view, final, finished))
        self.query_one("#title", Static).update(Text(state.info.name))
        formats = Formats.of(state.house_rules)
        level = (_("Break {number}").format(number=clock.next_break.break_)
                 if clock.on_break and clock.next_break else _("Level {level}").format(level=clock.level))
        self.query_one("#level", Static).update(level)
        self.query_one("#time", BigTime).update(clock.remaining)
        status = self.query_one("#status", Static)
        if clock.running:
            ends = _wall(clock.level_ends_at)
            status.update((_("Break ends at {time}") if clock.on_break else _("Level ends at {time}"))
                          .format(time=ends))
        else:
            status.update(_("paused") if clock.started else self.hint or _("not started"))
        status.set_class(not clock.running, "paused")
        blinds = [(_("After the break {small} / {big}") if clock.on_break else
                   _("Blinds {small} / {big}")).format(small=_chips(clock.small_blind, formats),
                                                       big=_chips(clock.big_blind, formats))]
        if clock.ante:
            blinds.append(_("BB ante {ante}").format(ante=_chips(clock.ante, formats)))
        if clock.game is not None and clock.game.by_level:  # a mixed night (RP-18): the level's game
            blinds = game_parts(clock.game, clock.small_blind, clock.big_blind, clock.ante,
                                lambda amount: _chips(amount, formats))
            if clock.on_break:
                blinds[0] = _("After the break {game}").format(game=blinds[0])
        # Each line fitted to the width: a narrow terminal breaks it between its parts.
        width = self.content_size.width or self.app.size.width
        self.query_one("#blinds", Static).update(fit([Text(part) for part in blinds], width))
        self.query_one("#antes", Static).update(fit(_antes_parts(clock, formats), width, ", "))
        self.query_one("#next", Static).update(fit([Text(p) for p in _next_parts(clock, formats)], width))
        self.query_one("#figures", Static).update(
            fit([Text(part) for part in _figures_parts(view, clock.big_blind, formats)], width))
        forecast = self.query_one("#forecast", Static)
        parts = _forecast_parts(view.forecast)
        forecast.display = bool(parts) and not finished
        forecast.update(fit([Text(part) for part in parts], width))
        # The prize ladder changes only with the log (the money, the players left) and the width:
        # at festival size it takes tens of milliseconds to lay out, which every second's redraw
        # paid.
        ladder_key = (state.last_seq, formats, width)
        if self._ladder_key != ladder_key:
            self._ladder_key = ladder_key
            ladder = self.query_one("#ladder", Static)
            ladder.update(fit(_ladder(view, formats), width, LADDER_GAP))
            ladder.display = bool(view.paid)
        self.query_one("#notes", Static).update(fit([Text(part) for part in _notes_parts(clock)], width))
        self._show_shootout(state, width)

    def _show_shootout(self, state: TournamentState, width: int) -> None:
        """T-SHOOT-1..3: the round and each table's state, in the words of the tables screen and the
        TV (`views.seating`); laid out again only when the log or the width changed."""
        key = (state.last_seq, width)
        if self._shootout_key == key:
            return
        self._shootout_key = key
        view = shootout_view(state)
        shown = self.query_one("#shootout", Static)
        shown.display = view is not None and bool(view.tables)
        if view is not None:
            shown.update(Text("\n").join([Text(shootout_heading(view)),
                                          fit([Text(line) for line in shootout_lines(view)], width)]))

    def on_resize(self, _event: object) -> None:
        self.tick(force=True)


def _banner_line(clock: ClockView, view: FiguresView, final: bool, finished: bool) -> str:
    """What the room must not miss, most pressing first; empty when nothing is special."""
    if finished:  # the winner and the results are below: the clock has nothing left to say
        return _("TOURNAMENT OVER")
    parts = []
    h4h = view.hand_for_hand
    if h4h.active:
        done = sum(table.done for table in h4h.tables or [])
        # RP-8A: hand 0 is the hand in progress when hand-for-hand was announced.
        hand = (_("hand {hand}").format(hand=h4h.hand) if h4h.hand else _("the hand in progress"))
        parts.append(_("HAND FOR HAND: {hand}, {done} of {tables} tables done").format(
            hand=hand, done=done, tables=len(h4h.tables or [])))
    if clock.on_break:
        parts.append(_("BREAK"))
    if final:
        parts.append(_("FINAL TABLE"))
    return "  ·  ".join(parts)


LADDER_GAP = "  ·  "


def _ladder(view: FiguresView, formats: Formats) -> list[Text]:
    """The payouts, places with one amount grouped ("10th-18th 500 kr."); the places already
    decided (below the players left) dimmed. After an approved deal (T-DEAL-1) its players come
    first with the deal's amounts, and the ladder only for the places outside it."""
    shown: list[tuple[str, bool]] = []  # (words, dimmed)
    groups: list[tuple[int, int, int]] = []  # first place, last place, amount
    for row in view.paid:
        if row.by_deal:
            shown.append((_("{name} {amount}").format(name=row.name, amount=formats.money(row.amount)),
                          row.place is not None))
        elif row.place is None:
            continue
        elif row.last_place is not None:  # T-ELIM-2: a tie's places pay each of its players his share
            if not groups or groups[-1] != (row.place, row.last_place, row.amount):
                groups.append((row.place, row.last_place, row.amount))
        elif groups and groups[-1][2] == row.amount and groups[-1][1] == row.place - 1:
            groups[-1] = (groups[-1][0], row.place, row.amount)
        else:
            groups.append((row.place, row.place, row.amount))
    for first, last, amount in groups:
        places = ordinal(first) if first == last else _("{first}-{last}").format(
            first=ordinal(first), last=ordinal(last))
        shown.append((_("{places} {amount}").format(places=places, amount=formats.money(amount)),
                      first > view.players_left))
    parts = []
    for index, (words, dimmed) in enumerate(shown):
        part = Text(_("Paid") + "  ") if index == 0 else Text()
        parts.append(part.append(words, style="dim" if dimmed else ""))
    return parts


def _antes_parts(clock: ClockView, formats: Formats) -> list[Text]:
    """T-ANTE-2 (or RP-11 flat): the ante at each table size, so short tables post the right one."""
    rows = clock.antes
    if not clock.ante or len(rows) <= 1:
        return []
    parts = []
    for row in rows:
        sizes = (_("heads-up") if row.max_handed == 2 else
                 _("{low}-{high} handed").format(low=row.min_handed, high=row.max_handed))
        ante = _chips(row.ante, formats) if row.ante else _("no ante")
        parts.append(_("{sizes} {ante}").format(sizes=sizes, ante=ante))
    return [Text(_("Ante: {antes}").format(antes=parts[0])), *map(Text, parts[1:])]


def _next_parts(clock: ClockView, formats: Formats) -> list[str]:
    parts = []
    upcoming = clock.next_level
    if upcoming:
        parts.append((_("Next: {small} / {big} ante {ante}") if upcoming.ante else _("Next: {small} / {big}"))
                     .format(small=_chips(upcoming.small_blind, formats),
                             big=_chips(upcoming.big_blind, formats), ante=_chips(upcoming.ante, formats)))
        if upcoming.game:  # a mixed night (RP-18): the next game and its limits
            small, big = upcoming.bets or (upcoming.small_blind, upcoming.big_blind)
            parts[-1] = (_("Next: {game} {small} / {big} ante {ante}") if upcoming.ante else
                         _("Next: {game} {small} / {big}")).format(
                game=upcoming.game, small=_chips(small, formats), big=_chips(big, formats),
                ante=_chips(upcoming.ante, formats))
    coming = clock.next_break
    if coming and not coming.now and clock.seconds_to_break is not None:
        # Minutes, not "19:41", which beside the time it starts reads as another time of day.
        minutes = math.ceil(clock.seconds_to_break / 60)
        at = _wall(clock.break_at)
        parts.append((_("Break at {time}, in {minutes} min") if at else _("Break in {minutes} min"))
                     .format(minutes=minutes, time=at))
    if coming and coming.color_up:
        chips = ", ".join(_chips(v, formats) for v in coming.color_up)
        parts.append((_("Colour-up this break: {chips}") if coming.now else
                      _("Colour-up next break: {chips}")).format(chips=chips))
    return parts


def _figures_parts(view: FiguresView, big_blind: int, formats: Formats) -> list[str]:
    parts = [_("Players {left} / {entries}").format(left=view.players_left, entries=view.entries),
             _("Chips {chips}").format(chips=_chips(view.chips_in_play, formats))]
    if view.average_stack is not None:
        # In big blinds of the level now (the cached view is as old as the last event).
        parts.append(_("Average {stack} ({bb:.0f} BB)").format(
            stack=_chips(view.average_stack, formats), bb=view.average_stack / big_blind))
    parts.append(_("Prize pool {amount}").format(amount=formats.money(view.prize_pool)))
    return parts


def _forecast_parts(forecast: ForecastView) -> list[str]:
    """The milestones still to come, at a time of day while the clock runs, else in minutes of
    play; nothing until the night has shown its bust rate (views/forecast.py)."""
    if forecast.reason:
        return []
    named = [(_("bubble"), forecast.bubble_at), (_("final table"), forecast.final_table_at),
             (_("end"), forecast.end_at)]
    parts = []
    for name, milestone in named:
        if milestone is None:
            continue
        when = (_wall(milestone.at) if milestone.at else
                _("{minutes} min of play").format(minutes=milestone.in_minutes))
        parts.append(_("{milestone} ~{when} (level {level})").format(milestone=name, when=when,
                                                                     level=milestone.level))
    if parts:
        parts[0] = _("Forecast: {first}").format(first=parts[0])
    return parts


def rebuys_line(clock: ClockView) -> str | None:
    """T-REBUY-1: until when rebuys are sold (or that they are closed) and the counts so far."""
    rebuys = clock.rebuys
    if not rebuys.offered:
        return None
    counts = _("{rebuys} rebuys, {add_ons} add-ons").format(rebuys=rebuys.rebuys, add_ons=rebuys.add_ons)
    if not rebuys.open:
        return _("Rebuys closed ({counts})").format(counts=counts)
    if rebuys.until_level is None:
        return _("Rebuys until the first break ({counts})").format(counts=counts)
    return _("Rebuys until level {level} ({counts})").format(level=rebuys.until_level, counts=counts)


def _notes_parts(clock: ClockView) -> list[str]:
    parts = []
    late = clock.late_registration
    if late.level is not None:
        parts.append(_("Late registration open to the end of level {level}").format(level=late.level)
                     if late.open else _("Late registration closed"))
    add_on = clock.add_on
    if add_on is not None:
        parts.append(_("ADD-ON NOW") if add_on.now else
                     _("Add-on at the break after level {level}").format(level=add_on.after_level))
    window = clock.add_on_window  # T-ADDON-1: sold in a window of levels instead
    if window is not None and (window.open or clock.level < window.from_level):
        parts.append(_("ADD-ON NOW, to the end of level {level}").format(level=window.until_level)
                     if window.open else
                     _("Add-on in levels {first} to {last}").format(first=window.from_level,
                                                                    last=window.until_level))
    if (rebuys := rebuys_line(clock)) is not None:
        parts.append(rebuys)
    return parts

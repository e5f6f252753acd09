"""What the room hears: the tournament's announceable moments, each one sentence to speak.

A level starts with its blinds and ante, one minute is left, a break starts or ends (with its
colour-up, T-COLOR-1), hand-for-hand starts or ends (T-H4H-1), a table breaks or a player moves
(each move by name: "Anna Holm, table 3, seat 7"), the bubble, the final table, the winner; and
the club's own alerts (house rules `alerts.club`: "10 left: final table soon"), in its words.

They are a pure function of the log and `now`: `Announcer` folds the log event by event (the
domain's own `apply`) and, between two events, reads the clock as it runs on its own
(`clock.timing`), so a level that ends by the clock is announced at the moment it ended, as
`warning_between` would ring it. Only the kinds the house rules in force at that moment switch on
(`speech.kinds`) are announced, so the list, the display and the TV hear the same. `announcements`
gives them all (`tdconsole announcements`); the display terminal keeps one `Announcer` and feeds it
what it follows, so it speaks each moment once.

A club's alert fires once in a tournament, at the edge where its condition first holds (a command
that leaves 10 players from 11, the running clock reaching 5 minutes before a break). Nothing is
written when it fires: the moment is a function of the log like every other, so the log is its
record. A display or TV started again reads the evening so far without saying it (TvAnnouncements)
and fires each alert of it again only in its memory, so the room never hears one twice; writing
a "fired" event instead would make readers (a TV, a display) write to the log and race each other.
An undo does not make an alert fire again either: the alerts fired are kept across the refold.

Words are made when read (`Moment.words()` under `_()`), so one walk speaks either language;
numbers are written as the club writes them in that language (10.000 in Danish, 10,000 in
English), which is also how espeak-ng reads them aloud. A spoken sentence has no "/" (a voice says
"slash"): blinds are "100 and 200".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import chain, pairwise
from typing import Literal

from tdconsole.domain import events as e
from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.errors import TdError
from tdconsole.domain.event_log import EventLog, undone_commands
from tdconsole.domain.house_rules import Alert, AnnouncementKind, HouseRules, SpeechSettings
from tdconsole.domain.money import handlers as money
from tdconsole.domain.seating import balancing, shootout
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.state import TournamentState, new_state
from tdconsole.domain.tournament import apply
from tdconsole.i18n import _, language, ngettext, set_language
from tdconsole.views.base import View
from tdconsole.views.formatting import Formats
from tdconsole.views.log import listed


class Announcement(View):
    """One announcement as every interface gives it (`announcements --json`: keys are a contract)."""

    seq: int  # its number among the tournament's announcements, the first 1
    kind: str  # one of house_rules.ANNOUNCEMENT_KINDS (speech.kinds picks which are spoken)
    text: str
    lang: str
    time: str  # when it was due (ISO 8601)
    log_seq: int  # the log entry it comes from, or the last one before it (a clock moment)


@dataclass(frozen=True, slots=True)
class Moment:
    """An announceable moment; `words` says it in the current language."""

    kind: AnnouncementKind | Literal["alert"]
    time: datetime
    log_seq: int
    words: Callable[[], str]
    level: int | None = None  # a level that starts: its number (a club's `level-starts` alert)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words in `lang` inside the block, the process's language again after it."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def rendered(moments: Iterable[Moment], lang: str, first: int = 1) -> list[Announcement]:
    """The moments as announcements in `lang`, numbered from `first`."""
    with speaking(lang):
        return [Announcement(seq=number, kind=moment.kind, text=moment.words(), lang=lang,
                             time=moment.time.isoformat(), log_seq=moment.log_seq)
                for number, moment in enumerate(moments, start=first)]


def spoken_by(speaker: Literal["display", "tv"], moments: Iterable[Moment],
              settings: SpeechSettings) -> list[Moment]:
    """What `speaker` says of `moments` (the `Announcer`'s: of the kinds switched on): all of them
    if it is the room's speaker (one voice in the room), else nothing."""
    return list(moments) if settings.speaker == speaker else []


def _switched_on(state: TournamentState, moments: list[Moment]) -> list[Moment]:
    """The moments of the kinds the house rules in force announce (`speech.kinds`), and the club's
    own alerts (written by the club to be heard)."""
    kinds = state.house_rules.speech.kinds
    return [moment for moment in moments if moment.kind == "alert" or moment.kind in kinds]


def announcements(log: Sequence[e.Envelope], now: datetime, lang: str) -> list[Announcement]:
    """Every announceable moment of the tournament up to `now`, undone commands left out."""
    announcer = Announcer()
    return rendered(announcer.feed(log, now), lang)


class Announcer:
    """The log folded so far and the time reached; `feed` gives the moments since.

    An undo refolds from the first event (as the domain's `fold` does) and gives only the moments
    after the time reached before it: what the room heard stays heard."""

    def __init__(self) -> None:
        # What has been fed, kept packed as the service keeps its log (an undo walks it again).
        self._log = EventLog()
        self._state: TournamentState | None = None
        self._reached: datetime | None = None
        # The command being applied, and the players left before its first event: the bubble
        # and the winner are what a whole command did (a hand-for-hand hand places several busts).
        self._command: tuple[str, int] = ("", 0)
        self._undone: set[str] = set()
        self._add_ons = 0  # add-ons bought: with the entries, what the prize pool is made of
        # The places paid, and what they were worked out from: a bust changes none of it, and at
        # festival size working them out takes a tenth of a second (T-H4H-1's bubble needs them).
        self._paid: tuple[tuple[object, ...], int | None] = ((), None)
        # The club's alerts fired (kept across an undo's refold: the room heard them) and what the
        # last command left: the final table due, the table to break (their edges fire alerts).
        self._fired: set[tuple[object, ...]] = set()
        self._room: tuple[bool, int | None] = (False, None)

    @property
    def reached(self) -> datetime | None:
        """The time up to which the moments have been given."""
        return self._reached

    def feed(self, envelopes: Iterable[e.Envelope], now: datetime) -> list[Moment]:
        """The moments the envelopes (after those already fed) and the clock up to `now` bring.
        A service's whole log (an `EventLog`) is fed as it is, its packed events shared."""
        new = envelopes if isinstance(envelopes, Sequence) else list(envelopes)
        if not undone_commands(new):
            if not self._log and isinstance(new, EventLog):
                self._log = new.copy()
            else:
                self._log.extend(new)
            return self._walk(new, now)
        reached, log = self._reached, self._log.copy()
        log.extend(new)
        self._log, self._state, self._reached, self._undone = log, None, None, set()
        self._add_ons, self._paid, self._room = 0, ((), None), (False, None)
        return [moment for moment in self._walk(log, now) if reached is None or moment.time > reached]

    def _walk(self, envelopes: Sequence[e.Envelope], now: datetime) -> list[Moment]:
        self._undone |= undone_commands(envelopes)
        undone = self._undone
        moments: list[Moment] = []
        # Each envelope with the one after it, each read once (most of a long log is packed).
        for envelope, following in pairwise(chain(envelopes, [None])):
            assert envelope is not None
            state = self._state
            if state is None:  # the log's first event creates the tournament
                if isinstance(envelope.event, e.TournamentCreated):
                    self._state = new_state(envelope.event)
                    self._state.last_seq = envelope.seq
                    self._reached = envelope.time
                continue
            moments += _switched_on(state, self._clock_runs(state, envelope.time))
            if envelope.command_id in undone or isinstance(envelope.event, e.Undone):
                state.last_seq = envelope.seq
                continue
            if envelope.command_id != self._command[0]:
                self._command = (envelope.command_id, state.players_left)
            clock_before, structure_before = state.clock, state.info.structure
            apply(state, envelope, logged=False)  # the announcer keeps its own log
            if isinstance(envelope.event, e.AddOnBought):
                self._add_ons += 1
            found: list[Moment] = []
            # Only an event that changed the clock (or its structure) is read twice on it.
            if state.clock is not clock_before or state.info.structure is not structure_before:
                before = clock_ops.read(structure_before, clock_before, envelope.time)
                found += _of_clock(envelope, state, before, structure_before)
            found += _of_event(envelope, state)
            if following is None or following.command_id != envelope.command_id:
                found += _of_command(envelope, state, self._command[1], self._places_paid)
                found += self._alerts_of_command(envelope, state, self._command[1])
            found += self._alerts_of_moments(state, found)
            moments += _switched_on(state, found)
        if self._state is not None:
            moments += _switched_on(self._state, self._clock_runs(self._state, now))
        return moments

    def _places_paid(self, state: TournamentState) -> int | None:
        """How many places the prize pool pays now (None: the settings cannot pay these entries)."""
        key = (state.entries, self._add_ons, state.money, state.info.buy_in)
        known, paid = self._paid
        if len(known) == len(key) and all(a is b or a == b for a, b in zip(known, key, strict=True)):
            return paid
        try:
            paid = len(money.payout_structure(state).payouts)
        except TdError:  # settings that cannot pay these entries have no bubble
            paid = None
        self._paid = (key, paid)
        return paid

    def _clock_runs(self, state: TournamentState, until: datetime) -> list[Moment]:
        """The moments of the clock running on its own from the time reached to `until`."""
        start = self._reached
        if start is None or until <= start:
            return []
        self._reached = until
        found = list(_running(state, start, until))
        found += self._alerts_of_moments(state, found)
        found += self._alerts_of_breaks(state, start, until)
        return sorted(found, key=lambda moment: moment.time)

    # ------------------------------------------------------------ the club's alerts

    def _alert(self, key: tuple[object, ...], alert: Alert, at: datetime, seq: int) -> list[Moment]:
        """The alert as a moment, the first time `key` (the alert's number and what fired it) fires."""
        if key in self._fired:
            return []
        self._fired.add(key)
        return [Moment("alert", at, seq, lambda: alert.words(language()))]

    def _alerts_of_moments(self, state: TournamentState, found: list[Moment]) -> list[Moment]:
        """`level-starts` and `bubble`: the club's words for moments the room hears anyway."""
        alerts: list[Moment] = []
        for number, alert in enumerate(state.house_rules.alerts.club):
            for moment in found:
                if (alert.when == "level-starts" and moment.level == alert.n) or (
                        alert.when == "bubble" and moment.kind == "bubble"):
                    alerts += self._alert((number,), alert, moment.time, moment.log_seq)
        return alerts

    def _alerts_of_command(self, envelope: e.Envelope, state: TournamentState,
                           left_before: int) -> list[Moment]:
        """`players-left`, `final-table` and `table-to-break`: where a whole command left the room."""
        club = state.house_rules.alerts.club
        if not club:  # no work for a club without alerts (the room's checks cost at festival size)
            return []
        left, at, seq = state.players_left, envelope.time, envelope.seq
        watches = {alert.when for alert in club}
        was_due, was_breaking = self._room
        due = "final-table" in watches and seating.final_table_due(state)  # T-SEAT-3
        breaking = (balancing.next_break(state.room, state.house_rules)  # T-BREAK-1
                    if "table-to-break" in watches else None)
        self._room = (due, breaking)
        alerts: list[Moment] = []
        for number, alert in enumerate(club):
            # Players out of play, not unregistered: someone has busted (fewer left than entries).
            fewer = (alert.when == "players-left" and alert.n is not None and left < state.entries
                     and left_before > alert.n >= left)
            if fewer or (alert.when == "final-table" and due and not was_due):
                alerts += self._alert((number,), alert, at, seq)
            elif alert.when == "table-to-break" and breaking is not None and breaking != was_breaking:
                alerts += self._alert((number, breaking), alert, at, seq)  # each table once
        return alerts

    def _alerts_of_breaks(self, state: TournamentState, start: datetime, until: datetime) -> list[Moment]:
        """`break-in`: the running clock reaching N minutes before a break, in (start, until]; each
        break once. A clock moved by the TD past that moment skips it, as the one-minute warning does."""
        club = [(number, alert) for number, alert in enumerate(state.house_rules.alerts.club)
                if alert.when == "break-in" and alert.n is not None]
        if not club:
            return []
        structure = state.info.structure
        clock = clock_ops.advance(structure, state.clock, start)
        if not clock.running:
            return []
        alerts: list[Moment] = []
        for number, alert in club:
            lead = timedelta(minutes=alert.n or 0)
            for period, begins in _breaks_ahead(structure, clock, start):
                due = begins - lead
                if due > until:
                    break
                if due > start:
                    alerts += self._alert((number, period), alert, due, state.last_seq)
        return alerts


# ---------------------------------------------------------------- the clock


def _breaks_ahead(structure: Structure, clock: clock_ops.ClockAnchor,
                  start: datetime) -> Iterator[tuple[int, datetime]]:
    """Each break after the period the clock (read at `start`) is in, and when it starts."""
    begins = start + timedelta(seconds=clock.remaining)
    for period in range(clock.period + 1, len(structure.periods)):
        if isinstance(structure.periods[period], Break):
            yield period, begins
        begins += timedelta(seconds=clock_ops.period_seconds(structure, period))


def _running(state: TournamentState, start: datetime, until: datetime) -> Iterator[Moment]:
    """A running clock's warnings in (start, until]: one minute left, and each period that starts
    when the one before runs out (T-LEVEL-1; the last one plays on at 0:00)."""
    structure, rules = state.info.structure, state.house_rules
    clock = clock_ops.advance(structure, state.clock, start)
    if not clock.running:
        return
    at, period, remaining = start, clock.period, clock.remaining
    while True:
        if remaining > clock_ops.WARNING_SECONDS:
            warned = at + timedelta(seconds=remaining - clock_ops.WARNING_SECONDS)
            if warned > until:
                return
            yield _one_minute(structure, period, warned, state.last_seq)
        ends = at + timedelta(seconds=remaining)
        if period + 1 >= len(structure.periods) or ends > until:
            return
        period, at = period + 1, ends
        remaining = clock_ops.period_seconds(structure, period)
        yield _period(structure, period - 1, period, rules, at, state.last_seq)


def _of_clock(envelope: e.Envelope, state: TournamentState, before: clock_ops.ClockReading,
              structure_before: Structure) -> list[Moment]:
    """What the TD's hand on the clock makes heard: its start (the first level), a move to another
    period while it runs (`warning_between`: a paused clock moved rings nothing), a time set under
    a minute."""
    structure = state.info.structure
    after = clock_ops.read(structure, state.clock, envelope.time)
    at, seq, rules = envelope.time, envelope.seq, state.house_rules
    if isinstance(envelope.event, e.ClockStarted):
        return [_period(structure, None, after.period, rules, at, seq)]
    warning = clock_ops.warning_between(before, after)
    if warning == "one-minute":
        return [_one_minute(structure, after.period, at, seq)]
    if warning == "change" and after.period != before.period:
        previous = before.period if before.period < len(structure.periods) else None
        came_from = structure_before if previous is not None else structure
        return [_period(came_from, previous, after.period, rules, at, seq, structure)]
    return []


def _one_minute(structure: Structure, period: int, at: datetime, seq: int) -> Moment:
    here = structure.periods[period]
    if isinstance(here, Break):
        return Moment("one-minute", at, seq, lambda: _("One minute left of the break."))
    level = structure.shown_level(period)
    return Moment("one-minute", at, seq,
                  lambda: _("One minute left of level {level}.").format(level=level))


def _period(came_from: Structure, previous: int | None, period: int, rules: HouseRules,
            at: datetime, seq: int, structure: Structure | None = None) -> Moment:
    """A period starts: a level (after a break: the break is over), or a break."""
    structure = structure or came_from
    here = structure.periods[period]
    if isinstance(here, Break):
        number = sum(isinstance(p, Break) for p in structure.periods[: period + 1])

        def break_words() -> str:
            text = ngettext("Break {number}: {minutes} minute.", "Break {number}: {minutes} minutes.",
                            here.minutes).format(number=number, minutes=here.minutes)
            if here.color_up:  # T-COLOR-1
                text += " " + _("Colour-up: the {chips} chips come off the tables.").format(
                    chips=_chips(here.color_up, rules))
            return text
        return Moment("break", at, seq, break_words)
    level = structure.shown_level(period)
    ended = came_from.periods[previous] if previous is not None else None

    def level_words() -> str:
        text = _level(level, here, rules)
        if not isinstance(ended, Break):
            return text
        text = _("The break is over. {level}").format(level=text)
        if ended.color_up:  # T-COLOR-1
            text += " " + _("The {chips} chips are out of play.").format(chips=_chips(ended.color_up, rules))
        return text
    return Moment("break-end" if isinstance(ended, Break) else "level", at, seq, level_words, level)


def _level(number: int, level: Level, rules: HouseRules) -> str:
    formats = Formats.of(rules)
    small, big = formats.number(level.small_blind, 0), formats.number(level.big_blind, 0)
    if level.ante:
        return _("Level {level}. Blinds {small} and {big}, ante {ante}.").format(
            level=number, small=small, big=big, ante=formats.number(level.ante, 0))
    return _("Level {level}. Blinds {small} and {big}.").format(level=number, small=small, big=big)


def _chips(denominations: list[int], rules: HouseRules) -> str:
    formats = Formats.of(rules)
    return listed(formats.number(chip, 0) for chip in denominations)


# ---------------------------------------------------------------- the room


def _spot(name: str, table: int, seat: int) -> str:
    return _("{name}, table {table}, seat {seat}").format(name=name, table=table, seat=seat)


def _said(lines: Iterable[str]) -> str:
    """Sentences spoken one after another, each ended by a full stop."""
    return " ".join(f"{line}." for line in lines)


def _of_event(envelope: e.Envelope, state: TournamentState) -> list[Moment]:
    event, at, seq = envelope.event, envelope.time, envelope.seq
    moments: list[Moment] = []
    if isinstance(event, e.HandForHandStarted):  # T-H4H-1
        moments.append(Moment("hand-for-hand", at, seq, lambda: _(
            "We are playing hand-for-hand. Finish the hand in progress, then wait for the floor.")))
    elif isinstance(event, e.HandForHandStopped) and state.status != "finished":
        # A hand that ended the tournament ends hand-for-hand with it: the room hears the winner or
        # the seats won (`_of_command`), not that the bubble burst and play goes on.
        moments.append(Moment("hand-for-hand-end", at, seq, lambda: _hand_for_hand_over(event)))
    elif isinstance(event, e.TableBroken):
        seats = [(seat.player, seat.to.table, seat.to.seat) for seat in event.seats]
        moments.append(Moment("table-broken", at, seq, lambda: _("Table {table} is breaking. {seats}").format(
            table=event.table, seats=_said(_spot(*seat) for seat in seats))))
    elif isinstance(event, e.TablesBalanced | e.PlayerMoved):
        if isinstance(event, e.PlayerMoved):
            moves = [(state.players[event.player_id].name, event.table, event.seat)]
        else:
            moves = [(move.player, move.to.table, move.to.seat) for move in event.moves]
        if moves:
            moments.append(Moment("move", at, seq, lambda: ngettext(
                "Player move. {moves}", "Player moves. {moves}", len(moves)).format(
                moves=_said(_spot(*move) for move in moves))))
    elif isinstance(event, e.TablesDrawn) and event.final and event.tables:
        final = event.tables[0]
        seated = sorted(final.occupants.items())
        moments.append(Moment("final-table", at, seq, lambda: _("The final table: {players} players to "
                                                               "table {table}. {seats}").format(
            players=len(seated), table=final.table, seats=_said(
                _("{name}, seat {seat}").format(name=name, seat=seat) for seat, name in seated))))
    return moments


def _hand_for_hand_over(event: e.HandForHandStopped) -> str:
    if event.by_itself and event.players_left is not None:  # T-H4H-1: the bubble has burst
        return _("Hand-for-hand is over. The bubble has burst: {left} players are in the money.").format(
            left=event.players_left)
    return _("Hand-for-hand is over. Deal on.")


def _of_command(envelope: e.Envelope, state: TournamentState, left_before: int,
                places_paid: Callable[[TournamentState], int | None]) -> list[Moment]:
    """The bubble and the winner: where a whole command left the players."""
    left, at, seq = state.players_left, envelope.time, envelope.seq
    if left >= left_before:
        return []
    winner = state.winner
    if winner is not None:
        name = winner.name
        return [Moment("winner", at, seq,
                       lambda: _("{name} wins the tournament. Congratulations!").format(name=name))]
    if state.satellite is not None:  # T-SAT-2: only the command that ended it took players out
        seated = [state.players[player_id].name for player_id in state.satellite.winners]
        return [Moment("winner", at, seq, lambda: ngettext(
            "The satellite is over. {names} wins a seat.", "The satellite is over. {names} each win a seat.",
            len(seated)).format(names=listed(seated)))]
    paid = places_paid(state)
    # T-SHOOT-1: no bubble spans a shootout's tables while they play apart.
    if paid and left_before > paid + 1 == left and not shootout.splits(state):
        return [Moment("bubble", at, seq, lambda: _(
            "We are on the bubble. {left} players left, {paid} places paid.").format(left=left, paid=paid))]
    return []

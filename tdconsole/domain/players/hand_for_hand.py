"""Hand-for-hand through the log (T-H4H-1, RP-8): start, the tables that finished the hand, stop.

* Start: the tables in play and the house rules in force are recorded; a running clock pauses
  (RP-8B: during hand-for-hand time comes off per hand, or not at all).
* The hand in progress at the announcement is hand 0: its busts share the places they reach
  across tables (RP-8A, kind "announcement"). From hand 1 on, busts at any table before every table
  has finished the hand are placed together (kind "hand-for-hand": the club ranks them by starting
  stack, `hand_for_hand_across_tables = "tie"` ties them).
* When the last table finishes a hand its busts are placed, and with `hand_for_hand_clock =
  "deduct"` the clock loses `hand_for_hand_seconds_per_hand` (`hand_for_hand_clock`); a level that
  runs out ends with that hand and the next hand is played at the next level (TDA 23). Hand 0 takes
  nothing off: it was dealt before hand-for-hand began.
* Suggested (`suggested`) when the next bust reaches the money (the first place that pays
  anything, a satellite's cash after its seats included) or a pay jump the TD picked; a
  satellite's seat bubble is one (T-SAT-2).
* It ends by itself (`ends_at_the_money`) with the hand whose busts bring the players left down to
  the places paid: hand-for-hand is for the bubble (T-H4H-1), and once it has burst nothing is
  gained by stopping every table after each hand (a satellite's: with the seat bubble, T-SAT-2).
  The clock it paused runs again, as when the TD stops it, unless that hand ended the tournament.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation, TdError
from tdconsole.domain.events import (
    ClockPaused,
    ClockResumed,
    ClockSet,
    Event,
    HandFinished,
    HandForHandHandEnded,
    HandForHandStarted,
    HandForHandStopped,
    LevelChanged,
)
from tdconsole.domain.events import HandForHandTableDone as TableDone
from tdconsole.domain.house_rules import EliminationRules
from tdconsole.domain.money import handlers as money
from tdconsole.domain.players import busts, eliminations, satellites
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating import shootout
from tdconsole.domain.state import HandForHand, TournamentState

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import HandDone, HandForHandStart, HandForHandStop, HandForHandTableDone


def suggested(state: TournamentState, places_paid: int) -> bool:
    """T-H4H-1 on the money bubble: the next bust reaches the first place that pays anything (the
    last of `places_paid`: a satellite's cash after its seats included), or a pay jump the TD
    picked. A satellite's seat bubble is a pay jump of its own (T-SAT-2): from the cash to a seat.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy", "Di")
    >>> suggested(t.state, places_paid=3), suggested(t.state, places_paid=2)
    (True, False)
    """
    seats = money.seats(state)
    jumps = [*state.money.pay_jumps, *([seats] if seats else [])]
    # T-SHOOT-1: a shootout's tables split the field: no bubble spans them.
    return state.hand_for_hand is None and state.satellite is None and not shootout.splits(state) and \
        eliminations.hand_for_hand_due(
        state.players_left, places_paid, jumps)


def _running(state: TournamentState) -> HandForHand:
    if state.hand_for_hand is None:
        raise TdError("hand-for-hand is not running (h4h start)")
    return state.hand_for_hand


def decide_start(state: TournamentState, command: HandForHandStart, now: datetime) -> list[Event]:
    """T-H4H-1: every table in play plays each hand together; a running clock pauses with it.

    >>> from tdconsole.domain.commands import HandForHandStart
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)  # ten players at two tables
    >>> [started] = decide_start(t.state, HandForHandStart(), T0)
    >>> started.tables, started.hand_in_progress
    ([1, 2], True)
    >>> decide_start(tournament("Ann", "Bo").state, HandForHandStart(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: hand-for-hand needs the tables in play: no player is seated, so
    give them
    >>> _ = t.do(HandForHandStart())
    >>> decide_start(t.state, HandForHandStart(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: hand-for-hand is already running
    """
    if state.hand_for_hand is not None:
        raise TdError("hand-for-hand is already running")
    shootout.refuse_split(state, hand_for_hand=True)  # T-SHOOT-1: each table's busts are its own
    tables = sorted(set(command.tables)) or sorted(
        {player.table for player in state.players.values()
         if player.status != "busted" and player.table is not None})
    if not tables:
        raise InvalidInput("hand-for-hand needs the tables in play: no player is seated, so give them",
                           field="tables")
    if len(command.tables) != len(set(command.tables)) or tables[0] < 1:
        raise InvalidInput("name each table once, numbered from 1", field="tables")
    running = state.clock.running
    started = HandForHandStarted(tables=tables, rules=state.house_rules.eliminations, paused_clock=running,
                                 hand_in_progress=command.hand_in_progress)
    return [started, ClockPaused()] if running else [started]


def apply_started(state: TournamentState, event: HandForHandStarted, now: datetime) -> None:
    state.hand_for_hand = HandForHand(started=event, hand=0 if event.hand_in_progress else 1)


def decide_table_done(state: TournamentState, command: HandForHandTableDone, now: datetime) -> list[Event]:
    """T-H4H-1: one table has finished the hand-for-hand hand.

    A bust during hand-for-hand waits for every table to finish the hand; then the hand's busts are
    placed together (T-H4H-1), here the one in progress at the announcement (RP-8A):

    >>> from tdconsole.domain.commands import Bust, HandForHandStart, HandForHandTableDone
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)  # ten players at two tables
    >>> _ = t.do(HandForHandStart())
    >>> [event.type for event in t.do(Bust(names=["J"]))]
    ['hand_for_hand_bust']
    >>> [event.type for event in decide_table_done(t.state, HandForHandTableDone(table=1), T0)]
    ['hand_for_hand_table_done']
    >>> _ = t.do(HandForHandTableDone(table=1))
    >>> [event.type for event in decide_table_done(t.state, HandForHandTableDone(table=2), T0)]
    ['hand_for_hand_table_done', 'player_busted', 'hand_for_hand_hand_ended']
    >>> decide_table_done(t.state, HandForHandTableDone(table=1), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: table 1 has already finished hand 0
    """
    return finish_tables(state, [command.table], now)


def decide_hand_done(state: TournamentState, command: HandDone, now: datetime) -> list[Event]:
    """The single TD command for "this table's hand is over": the button moves on (seating) and,
    while hand-for-hand runs, the table is marked done with the hand (T-H4H-1).

    >>> from tdconsole.domain.commands import HandDone, HandForHandStart
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)  # ten players at two tables
    >>> [event.type for event in decide_hand_done(t.state, HandDone(table=1), T0)]
    ['hand_finished']
    >>> _ = t.do(HandForHandStart())
    >>> [event.type for event in decide_hand_done(t.state, HandDone(table=1), T0)]
    ['hand_finished', 'hand_for_hand_table_done']
    """
    events = seating.decide_hand_done(state, command, now)
    h4h = state.hand_for_hand
    if h4h is not None:
        ended = [e.table for e in events if isinstance(e, HandFinished)
                 and e.table in h4h.started.tables and e.table not in h4h.tables_done]
        if ended:
            events += finish_tables(state, ended, now)
    return events


def finish_tables(state: TournamentState, numbers: Sequence[int], now: datetime) -> list[Event]:
    """Tables that finished the hand-for-hand hand; once all have, its busts are placed together.

    Seating's `hand-done` calls this too, so one TD command ends a table's hand everywhere.

    >>> from tdconsole.domain.commands import HandForHandStart
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)  # ten players at two tables
    >>> _ = t.do(HandForHandStart())
    >>> [event.type for event in finish_tables(t.state, [1, 2], T0)]
    ['hand_for_hand_table_done', 'hand_for_hand_table_done', 'hand_for_hand_hand_ended']
    >>> finish_tables(t.state, [3], T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: table 3 is not in hand-for-hand (tables 1, 2)
    """
    h4h = _running(state)
    tables = h4h.started.tables
    for number in numbers:
        if number not in tables:
            raise NotFound(
                "table {number} is not in hand-for-hand (tables {names})", number=number,
                names=', '.join(map(str, tables)),
            )
        if number in h4h.tables_done:
            raise TdError("table {number} has already finished hand {hand}", number=number, hand=h4h.hand)
    events: list[Event] = [TableDone(table=number) for number in numbers]
    if h4h.tables_done | set(numbers) != set(tables):
        return events
    # T-H4H-1: every table has finished the hand: its busts are placed together.
    if h4h.pending:
        kind: eliminations.HandKind = "announcement" if h4h.hand == 0 else "hand-for-hand"
        reported = [eliminations.Bust(name=player_id, stack=stack, table=table)
                 for player_id, (table, stack, _by) in h4h.pending.items()]
        placements = eliminations.place_busts(reported, state.players_left, h4h.started.rules, kind)
        knockers = {player_id: by for player_id, (_table, _stack, by) in h4h.pending.items()}
        placed = busts.busted_events(state, placements, knockers, now=now)
        events += [*placed, *satellites.ended(state, placed)]  # T-SAT-2
    if h4h.hand >= 1:
        events += _clock_after_hand(state, h4h.started.rules, now)
    events.append(HandForHandHandEnded(hand=h4h.hand))
    return events + ends_at_the_money(state, state.players_left - len(h4h.pending))


def ends_at_the_money(state: TournamentState, left_after: int) -> list[Event]:
    """T-H4H-1: the hand just placed took the players left from above the places paid to them or
    below: hand-for-hand ends with it, in the same decision. Settings that cannot pay these entries
    end nothing (the TD stops it).

    >>> from tdconsole.domain.commands import HandForHandStart
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJKLM", tables=2)
    >>> _ = t.do(HandForHandStart())
    >>> ends_at_the_money(t.state, left_after=2)
    [HandForHandStopped(type='hand_for_hand_stopped', places_paid=2, players_left=2, rules=['T-H4H-1'])]
    >>> ends_at_the_money(t.state, left_after=3)
    []
    """
    try:
        paid = len(money.payout_structure(state).payouts)
    except TdError:
        return []
    seats = money.seats(state)
    if seats:  # T-SAT-2: a satellite's bubble bursts when the players left equal the seats
        paid = seats
    if not state.players_left > paid >= left_after:
        return []
    return _stop(state, left_after, HandForHandStopped(places_paid=paid, players_left=left_after,
                                                       rules=["T-H4H-1"]))


def _stop(state: TournamentState, left_after: int, stopped: HandForHandStopped) -> list[Event]:
    """The stop, and the clock that hand-for-hand paused running again, unless the tournament is
    over: one player left, or a satellite's players left no more than its seats (T-SAT-2, a tie
    across the last seat included, T-SAT-6). Its clock then stays stopped."""
    h4h = _running(state)
    resume = (h4h.started.paused_clock and state.clock.started and not state.clock.running
              and left_after > (money.seats(state) or 1))
    return [stopped, ClockResumed()] if resume else [stopped]


def _clock_after_hand(state: TournamentState, rules: EliminationRules, now: datetime) -> list[Event]:
    """RP-8B-D: the time a hand takes off the clock, and the next level when it runs out."""
    if rules.hand_for_hand_clock != "deduct" or not state.clock.started:
        return []
    structure = state.info.structure
    reading = clock_ops.read(structure, state.clock, now)
    following = reading.period + 1
    next_levels = ([int(clock_ops.period_seconds(structure, following))]
                   if following < len(structure.periods) else [])
    # Whole seconds as the clock shows them (rounded up): 8:59.9 left reads, and counts, as 9:00.
    left = math.ceil(reading.remaining)
    after = eliminations.hand_for_hand_clock(left, 1, rules, next_levels)[0]
    events: list[Event] = [LevelChanged(period=following)] if after.level else []
    return [*events, ClockSet(remaining_seconds=after.seconds_left)]


def apply_done(state: TournamentState, event: TableDone, now: datetime) -> None:
    _running(state).tables_done.add(event.table)


def apply_hand_ended(state: TournamentState, event: HandForHandHandEnded, now: datetime) -> None:
    h4h = _running(state)
    h4h.hand, h4h.tables_done, h4h.pending = event.hand + 1, set(), {}


def decide_stop(state: TournamentState, command: HandForHandStop, now: datetime) -> list[Event]:
    """T-H4H-1: hand-for-hand stops between hands, once every table has finished the one in play.

    >>> from tdconsole.domain.commands import HandForHandStart, HandForHandStop, HandForHandTableDone
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament(*"ABCDEFGHIJ", tables=2)  # ten players at two tables
    >>> decide_stop(t.state, HandForHandStop(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: hand-for-hand is not running (h4h start)
    >>> _ = t.do(HandForHandStart())
    >>> _ = t.do(HandForHandTableDone(table=1))
    >>> decide_stop(t.state, HandForHandStop(), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-H4H-1: hand 0 is not finished: tables 2 have still to finish it
    >>> _ = t.do(HandForHandTableDone(table=2))
    >>> [event.type for event in decide_stop(t.state, HandForHandStop(), T0)]
    ['hand_for_hand_stopped']
    """
    h4h = _running(state)
    if h4h.pending or h4h.tables_done:
        waiting = [table for table in h4h.started.tables if table not in h4h.tables_done]
        raise RuleViolation(
            "T-H4H-1",
            "hand {hand} is not finished: tables {names} have still to finish it", hand=h4h.hand,
            names=', '.join(map(str, waiting)),
        )
    return _stop(state, state.players_left, HandForHandStopped())


def apply_stopped(state: TournamentState, event: HandForHandStopped, now: datetime) -> None:
    state.hand_for_hand = None

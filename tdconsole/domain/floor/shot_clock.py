"""A table's shot clock (T-SHOT-1): each decision gets the house's seconds
(`clock_call.shot_clock_seconds`); a player may stretch one by a time bank (`clock_call.time_banks`
per tournament, of `time_bank_seconds` each: TDA 29/30's extension, RP-6); stopped when he acts.
At zero it is logged as run out, and the hand is dead as a called clock's (C-CLOCK-1, H-DEAD-D;
TDA 29 only facing a bet, `clock_call.expiry_without_bet`): the floor logs that ruling."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.errors import NotFound, RuleViolation, TdError
from tdconsole.domain.events import Event, ShotClockEnded, ShotClockExtended, ShotClockStarted
from tdconsole.domain.state import RunningShotClock, TournamentState
from tdconsole.domain.text import name_key

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import ShotClock


def expiry_rules(state: TournamentState) -> list[str]:
    """The rules a shot clock run out cites (the clock call's, whose ruling it feeds).

    >>> from tdconsole.domain.examples import tournament
    >>> expiry_rules(tournament("Ann").state)
    ['T-SHOT-1', 'C-CLOCK-1', 'H-DEAD-D', 'TDA 29']
    """
    return ["T-SHOT-1", "C-CLOCK-1", "H-DEAD-D", "TDA 29"]


def decide_shot_clock(state: TournamentState, command: ShotClock, now: datetime) -> list[Event]:
    """Start, stop, extend or expire table `command.table`'s shot clock (T-SHOT-1).

    >>> from tdconsole.domain.commands import ShotClock
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", tables=1)
    >>> t.do(ShotClock(table=1, seat=1))[0].seconds  # Ann to act; the house's 30 s
    30
    >>> t.do(ShotClock(table=1, action="extend"))
    Traceback (most recent call last):
    tdconsole.domain.errors.RuleViolation: T-SHOT-1: Ann has no time bank left (0 per player)
    >>> t.do(ShotClock(table=1, action="expire"), seconds=10)
    Traceback (most recent call last):
    tdconsole.domain.errors.TdError: table 1's shot clock has 20 s left
    >>> t.do(ShotClock(table=1, action="expire"), seconds=30)[0].rules
    ['T-SHOT-1', 'C-CLOCK-1', 'H-DEAD-D', 'TDA 29']
    >>> t.state.shot_clocks[1].expired  # TIME, for the ruling, until the floor stops it
    True
    >>> t.do(ShotClock(table=1, action="stop"))[0].expired
    False
    >>> t.do(ShotClock(table=1, action="stop"))
    Traceback (most recent call last):
    tdconsole.domain.errors.NotFound: no shot clock runs at table 1
    """
    running = state.shot_clocks.get(command.table)
    rules = state.house_rules.clock_call
    if command.action == "start":
        if command.table not in state.room:
            raise NotFound("no table {table} in play", table=command.table, field="table")
        seat = command.seat
        found = state.room[command.table].occupants.get(seat) if seat is not None else None
        player_id = state.by_name.get(name_key(found)) if found else None
        return [ShotClockStarted(table=command.table, seconds=command.seconds or rules.shot_clock_seconds,
                                 seat=seat, player_id=player_id)]
    if running is None:
        raise NotFound("no shot clock runs at table {table}", table=command.table, field="table")
    if command.action == "stop":
        return [ShotClockEnded(table=command.table)]
    if running.expired:
        raise TdError("table {table}'s shot clock ran out already: stop it or start it again",
                      table=command.table)
    if command.action == "extend":
        used = state.time_banks_used.get(running.player_id or "", 0)
        name = state.players[running.player_id].name if running.player_id else "the player"
        if running.player_id is None or used >= rules.time_banks:
            raise RuleViolation("T-SHOT-1", "{name} has no time bank left ({banks} per player)", name=name,
                                banks=rules.time_banks)
        return [ShotClockExtended(table=command.table, seconds=rules.time_bank_seconds,
                                  player_id=running.player_id)]
    left = running.remaining(now)
    if left > 0:
        raise TdError("table {table}'s shot clock has {left} s left", table=command.table,
                      left=int(-(-left // 1)))
    return [ShotClockEnded(table=command.table, expired=True, rules=expiry_rules(state))]


def apply_started(state: TournamentState, event: ShotClockStarted, now: datetime) -> None:
    state.shot_clocks[event.table] = RunningShotClock(now, event.seconds, event.seat, event.player_id)


def apply_extended(state: TournamentState, event: ShotClockExtended, now: datetime) -> None:
    state.shot_clocks[event.table].seconds += event.seconds
    if event.player_id is not None:
        state.time_banks_used[event.player_id] = state.time_banks_used.get(event.player_id, 0) + 1


def apply_ended(state: TournamentState, event: ShotClockEnded, now: datetime) -> None:
    if event.expired:  # TIME stays up for the ruling until the floor stops it or starts the next
        state.shot_clocks[event.table].expired = True
    else:
        state.shot_clocks.pop(event.table, None)

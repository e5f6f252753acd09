"""The tournament as a fold of its events, and `decide`, which turns a command into events.

`decide` never changes the state; `apply` is the only place that does, one event at a time. The two
tables below say, for every command, the one function that decides it, and for every event, the
functions that apply it in the order they run. A test checks that every command and every event is
in them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from tdconsole.domain import commands as c
from tdconsole.domain import events as e
from tdconsole.domain.clock import handlers as clock
from tdconsole.domain.clock import late_registration
from tdconsole.domain.errors import TdError
from tdconsole.domain.floor import log as rulings_log
from tdconsole.domain.money import deals
from tdconsole.domain.money import handlers as money
from tdconsole.domain.players import busts, hand_for_hand, registration
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.state import CommandRecord, TournamentState, new_state

Decider = Callable[[TournamentState, Any, datetime], list[e.Event]]
Applier = Callable[[TournamentState, Any, datetime], None]


def undo_target(state: TournamentState, command: c.Undo) -> CommandRecord:
    """The command `command` would take back, or why there is none. Only the latest command can be
    undone (the state is the fold of what was not undone, so a later command must not rest on it);
    without `any` it must be the undoer's own: one terminal never silently takes back another's."""
    if not command.any and command.actor is None:
        raise TdError("undo needs whose command to take back: an actor, or any")
    if not state.commands:
        raise TdError("there is nothing to undo")
    latest = state.commands[-1]
    if command.command_id is not None and command.command_id != latest.command_id:
        raise TdError(
            "the last command changed since it was shown (now log #{seq} by {actor}); look at it again "
            "before undoing", seq=latest.seq, actor=latest.actor,
        )
    if not command.any and latest.actor != command.actor:
        own = [record for record in state.commands if record.actor == command.actor]
        if not own:
            raise TdError(
                "{actor} has nothing to undo; the last command (log #{seq}) is {latest_actor}'s: undoing "
                "anyone's takes it back after showing it", actor=command.actor, seq=latest.seq,
                latest_actor=latest.actor, field="anyone",
            )
        raise TdError(
            "your last command (log #{seq}) is followed by {actor}'s (log #{latest_seq}); only the latest "
            "command can be undone: undoing anyone's takes that one back after showing it", seq=own[-1].seq,
            actor=latest.actor, latest_seq=latest.seq, field="anyone",
        )
    return latest


def decide_undo(state: TournamentState, command: c.Undo, now: datetime) -> list[e.Event]:
    return [e.Undone(command_id=undo_target(state, command).command_id)]


def decide_set_house_rule(state: TournamentState, command: c.SetHouseRule, now: datetime) -> list[e.Event]:
    rules = state.house_rules.with_value(command.key, command.value)
    return [e.HouseRulesSet(rules=rules, keys=[command.key])]


def apply_house_rules(state: TournamentState, event: e.HouseRulesSet | e.HouseRulesRecorded,
                      now: datetime) -> None:
    state.house_rules = event.rules


DECIDERS: dict[type[c.Command], Decider] = {
    c.Undo: decide_undo,
    c.SetHouseRule: decide_set_house_rule,
    # players
    c.Register: registration.decide_register,
    c.Unregister: registration.decide_unregister,
    c.Bust: busts.decide_bust,
    c.Reenter: busts.decide_reenter,
    c.AddOn: busts.decide_add_on,
    c.HandForHandStart: hand_for_hand.decide_start,
    c.HandForHandTableDone: hand_for_hand.decide_table_done,
    c.HandForHandStop: hand_for_hand.decide_stop,
    # the clock
    c.ClockStart: clock.decide_start,
    c.ClockPause: clock.decide_pause,
    c.ClockResume: clock.decide_resume,
    c.ClockStep: clock.decide_step,
    c.ClockGoToLevel: clock.decide_go_to_level,
    c.ClockSetRemaining: clock.decide_set,
    c.ChangeStructure: clock.decide_change_structure,
    c.SetLateRegistration: late_registration.decide_set,
    # seating
    c.Draw: seating.decide_draw,
    c.SetTableSeats: seating.decide_set_seats,
    c.BlockSeat: seating.decide_block,
    c.Seat: seating.decide_seat,
    c.MovePlayer: seating.decide_move,
    c.HandDone: hand_for_hand.decide_hand_done,
    c.SetButton: seating.decide_set_button,
    c.Balance: seating.decide_balance,
    c.BreakTable: seating.decide_break,
    c.FinalTable: seating.decide_final,
    # money
    c.SetMoney: money.decide_set_money,
    c.CountChips: money.decide_count,
    c.ProposeDeal: deals.decide_propose,
    c.ConsentDeal: deals.decide_consent,
    c.ApproveDeal: deals.decide_approve,
    # the floor
    c.LogRuling: rulings_log.decide_log_ruling,
    c.ServePenalty: rulings_log.decide_serve,
    c.CallClock: rulings_log.decide_call_clock,
    c.StopClockCall: rulings_log.decide_stop_call,
}

# Where an event has several appliers, seating runs first: it frees the seat of a busted or
# unregistered player while the player's record still names it, and moves the button before the
# floor counts a hand served.
APPLIERS: dict[type[Any], tuple[Applier, ...]] = {
    e.TournamentCreated: (),
    e.Undone: (),
    e.HouseRulesSet: (apply_house_rules,),
    e.HouseRulesRecorded: (apply_house_rules,),
    # players
    e.PlayerRegistered: (registration.apply_registered,),
    e.PlayerUnregistered: (seating.apply_unregistered, registration.apply_unregistered),
    e.PlayerBusted: (seating.apply_busted, busts.apply_busted),
    e.HandForHandBust: (busts.apply_reported,),
    e.PlayerReentered: (busts.apply_reentered,),
    e.AddOnBought: (busts.apply_added_on,),
    e.HandForHandStarted: (hand_for_hand.apply_started,),
    e.HandForHandTableDone: (hand_for_hand.apply_done,),
    e.HandForHandHandEnded: (hand_for_hand.apply_hand_ended,),
    e.HandForHandStopped: (hand_for_hand.apply_stopped,),
    # the clock
    e.ClockStarted: (clock.apply_started,),
    e.ClockPaused: (clock.apply_paused,),
    e.ClockResumed: (clock.apply_resumed,),
    e.LevelChanged: (clock.apply_level_changed,),
    e.ClockSet: (clock.apply_clock_set,),
    e.StructureChanged: (clock.apply_structure_changed,),
    e.LateRegistrationChanged: (late_registration.apply_changed,),
    # seating
    e.TableLayoutSet: (seating.apply_layout_set,),
    e.TablesDrawn: (seating.apply_tables_drawn,),
    e.PlayerSeated: (seating.apply_seated,),
    e.PlayerMoved: (seating.apply_moved,),
    e.TablesBalanced: (seating.apply_balanced,),
    e.TableBroken: (seating.apply_broken,),
    e.HandFinished: (seating.apply_hand_finished, rulings_log.apply_hand_finished),
    e.ButtonSet: (seating.apply_button_set,),
    # money
    e.MoneySet: (money.apply_money_set,),
    e.ChipsCounted: (money.apply_counted,),
    e.DealProposed: (deals.apply_proposed,),
    e.DealConsented: (deals.apply_consented,),
    e.DealApproved: (deals.apply_approved,),
    # the floor
    e.RulingLogged: (rulings_log.apply_ruling_logged,),
    e.PenaltyHandsServed: (rulings_log.apply_hands_served,),
    e.PenaltyEnded: (rulings_log.apply_penalty_ended,),
    e.ClockCalled: (rulings_log.apply_clock_called,),
    e.ClockCallStopped: (rulings_log.apply_call_stopped,),
}


def fold(envelopes: Iterable[e.Envelope]) -> TournamentState:
    """The state after `envelopes` (all of a tournament's, in order), undone commands skipped."""
    envelopes = list(envelopes)
    undone = {env.event.command_id for env in envelopes if isinstance(env.event, e.Undone)}
    first = envelopes[0].event
    if not isinstance(first, e.TournamentCreated):
        raise TdError("the event log does not begin with the tournament's creation")
    state = new_state(first)
    for envelope in envelopes:
        if envelope.command_id not in undone:
            apply(state, envelope)
        state.last_seq = envelope.seq
    return state


def apply(state: TournamentState, envelope: e.Envelope) -> None:
    """Change `state` by one event. Undone events are handled by `fold` (a refold)."""
    event = envelope.event
    for applier in APPLIERS[type(event)]:
        applier(state, event, envelope.time)
    undoable = event.undoable and not isinstance(event, e.Undone | e.TournamentCreated)
    if undoable and (not state.commands or state.commands[-1].command_id != envelope.command_id):
        state.commands.append(
            CommandRecord(envelope.command_id, envelope.actor, envelope.time, envelope.seq))
    state.last_seq = envelope.seq


def decide(state: TournamentState, command: c.Command, now: datetime) -> list[e.Event]:
    """The events that carry out `command`, or a `TdError` saying why it cannot be done."""
    decider = DECIDERS.get(type(command))
    if decider is None:
        raise TdError("unknown command {__name__}", __name__=type(command).__name__)
    return decider(state, command, now)

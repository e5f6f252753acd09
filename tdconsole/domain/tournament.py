"""The tournament as a fold of its events, and `decide`, which turns a command into events.

`decide` never changes the state; `apply` is the only place that does, one event at a time. The two
tables below say, for every command, the one function that decides it, and for every event, the
functions that apply it in the order they run. A test checks that every command and every event is
in them, and that every function they name exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from tdconsole.domain import commands as c
from tdconsole.domain import events as e
from tdconsole.domain.errors import TdError
from tdconsole.domain.event_log import EventLog, command_ids, undone_commands
from tdconsole.domain.players import alternates
from tdconsole.domain.state import CommandRecord, TournamentState, new_state

Decider = Callable[[TournamentState, Any, datetime], list[e.Event]]
Applier = Callable[[TournamentState, Any, datetime], None]


class UndoBlocked(TdError):
    """Undo refused because a later command depends on the one to take back: `blocker` is that
    command's first envelope, so an interface can name it in the log's own words; `part` is why,
    the part of the state (a footprint key, `domain/footprints.py`) it reads or changes that the
    command to take back changed (None: it could not be applied without it), and `name` the
    player's name when the part is one player's."""

    def __init__(self, blocker: e.Envelope, own: CommandRecord, part: tuple[Any, ...] | None = None,
                 name: str | None = None) -> None:
        super().__init__(
            "your last command (log #{own}) cannot be undone: {actor}'s command (log #{seq}) depends "
            "on it", own=own.seq, actor=blocker.actor, seq=blocker.seq,
        )
        self.blocker = blocker
        self.own = own
        self.part = part
        self.name = name


def undo_target(state: TournamentState, command: c.Undo) -> CommandRecord:
    """The command `command` would take back, or why there is none.

    With `any`, the latest command, whoever made it (shown to the TD first). Without, the actor's
    own latest command, so one terminal never takes back another's: when commands of other
    terminals came after it, it is undone only if none of them depends on it (`blocking`);
    otherwise the refusal names the first that does."""
    if not command.any and command.actor is None:
        raise TdError("undo needs whose command to take back: an actor, or any")
    records = undoable_commands(state.log)
    latest = next(records, None)
    if latest is None:
        raise TdError("there is nothing to undo")
    if command.any or latest.actor == command.actor:
        target = latest
    else:
        own = next((record for record in records if record.actor == command.actor), None)
        if own is None:
            raise TdError(
                "{actor} has nothing to undo; the last command (log #{seq}) is {latest_actor}'s: undoing "
                "anyone's takes it back after showing it", actor=command.actor, seq=latest.seq,
                latest_actor=latest.actor, field="anyone",
            )
        target = own
    if command.command_id is not None and command.command_id != target.command_id:
        raise TdError(
            "the last command changed since it was shown (now log #{seq} by {actor}); look at it again "
            "before undoing", seq=target.seq, actor=target.actor,
        )
    if state.log[-1].command_id != target.command_id:  # others wrote since (rulings count too)
        found = blocking(state.log, target.command_id)
        if found is not None:
            blocker, part = found
            about = part is not None and part[0] in ("player", "entry")
            player = state.players.get(part[1]) if part is not None and about else None
            raise UndoBlocked(blocker, target, part, None if player is None else player.name)
    return target


def undoable_commands(log: Sequence[e.Envelope]) -> Iterator[CommandRecord]:
    """The commands undo may take back, newest first, undone ones left out: each named by its first
    event that undo takes back (a command's events stand together in the log). Read from the end,
    as far as the caller looks: an Undone comes after the command it takes back."""
    undone: set[str] = set()
    index = len(log) - 1
    # Each envelope read once: most of a long log is read back from its packed form.
    envelope = log[index] if index >= 0 else None
    while envelope is not None:
        command_id, first = envelope.command_id, None
        while envelope is not None and envelope.command_id == command_id:
            event = envelope.event
            if isinstance(event, e.Undone):
                undone.add(event.command_id)
            elif event.undoable and not isinstance(event, e.TournamentCreated):
                first = envelope
            index -= 1
            envelope = log[index] if index >= 0 else None
        if first is not None and command_id not in undone:
            yield CommandRecord(command_id, first.actor, first.time, first.seq)


def blocking(log: Sequence[e.Envelope],
               command_id: str) -> tuple[e.Envelope, tuple[Any, ...] | None] | None:
    """The first later command that depends on command `command_id` and the part of the state by
    which it does (None: it cannot be applied without it), or None when every command
    after it still stands without it. This is what "the commands after it decide the same without
    it" means, since the log keeps events, not the commands that made them:

    1. Fold the log without the command (and without every command already undone) up to where
       it was made, and note what its events changed (`footprints.footprint`).
    2. Replay each later event, in order, on that state without it. A later command depends on it
       when one of its events reads or changes anything the command changed (its footprint meets
       those parts: a bust's place counts the players left, a move or a late seat reads the
       tables), or when an event can no longer be applied at all (it names a player the command
       registered).

    A later command that touches none of what the command changed read the same state when it was
    decided with it as it would without it, so it decides the same events; and what it changed, it
    changes the same. Undoing the command then leaves exactly the state the log would hold had it
    never been made. Footprints claim more than an event touches rather than less, so a doubtful
    case is refused, never folded wrong.
    """
    # Loaded by an undo only: a fold or a decision never needs the footprints.
    from tdconsole.domain import footprints

    undone = undone_commands(log)
    first = _index_of(log, command_id)
    before = [env for env in log[:first] if env.command_id not in undone]
    without = fold(before)
    # Each event of one command concerns players and tables that exist before it: its footprint
    # is read on the state just before the command.
    own = [footprints.footprint(without, env.event) for env in log[first:] if env.command_id == command_id]
    writes = {key for found in own for key in found.writes}
    adds = {key for found in own for key in found.adds}
    for envelope in log[first:]:
        if envelope.command_id in undone or envelope.command_id == command_id:
            continue
        try:
            part = footprints.footprint(without, envelope.event).meeting(writes, adds)
            if part is not None:
                return _first_of(log, envelope.command_id), part
            _apply_event(without, envelope)
        except Exception:  # the later event cannot stand without the command: it depends on it
            return _first_of(log, envelope.command_id), None
    return None


def _first_of(log: Sequence[e.Envelope], command_id: str) -> e.Envelope:
    return log[_index_of(log, command_id)]


def _index_of(log: Sequence[e.Envelope], command_id: str) -> int:
    """Where command `command_id`'s first event stands in `log` (none read back)."""
    return next(index for index, each in enumerate(command_ids(log)) if each == command_id)


def decide_undo(state: TournamentState, command: c.Undo, now: datetime) -> list[e.Event]:
    return [e.Undone(command_id=undo_target(state, command).command_id)]


def decide_set_house_rule(state: TournamentState, command: c.SetHouseRule, now: datetime) -> list[e.Event]:
    rules = state.house_rules.with_value(command.key, command.value)
    return [e.HouseRulesSet(rules=rules, keys=[command.key])]


def apply_house_rules(state: TournamentState, event: e.HouseRulesSet | e.HouseRulesRecorded,
                      now: datetime) -> None:
    state.house_rules = event.rules


# Each handler is named "module:function", the module under tdconsole.domain, and its module is
# imported when the handler is first needed (`decider_for`, `appliers_for`): a scripted command is a new
# process that decides one command and folds a log of a few kinds of events, and should not load
# every concern's rules to do it (the fast-CLI contract, benchmarks/bench_cli.py).
DECIDERS: dict[type[c.Command], str] = {
    c.Undo: "tournament:decide_undo",
    c.SetHouseRule: "tournament:decide_set_house_rule",
    # players
    c.Register: "players.registration:decide_register",
    c.Unregister: "players.registration:decide_unregister",
    c.Bust: "players.busts:decide_bust",
    c.Reenter: "players.busts:decide_reenter",
    c.AddOn: "players.add_ons:decide_add_on",
    c.Rebuy: "players.rebuys:decide_rebuy",
    c.HandForHandStart: "players.hand_for_hand:decide_start",
    c.HandForHandTableDone: "players.hand_for_hand:decide_table_done",
    c.HandForHandStop: "players.hand_for_hand:decide_stop",
    c.SetFlight: "players.flights:decide_set_flight",
    c.Bag: "players.flights:decide_bag",
    c.StartDay2: "players.flights:decide_start_day2",
    # the clock
    c.ClockStart: "clock.handlers:decide_start",
    c.ClockPause: "clock.handlers:decide_pause",
    c.ClockResume: "clock.handlers:decide_resume",
    c.ClockStep: "clock.handlers:decide_step",
    c.ClockGoToLevel: "clock.handlers:decide_go_to_level",
    c.ClockSetRemaining: "clock.handlers:decide_set",
    c.ChangeStructure: "clock.handlers:decide_change_structure",
    c.SetLateRegistration: "clock.late_registration:decide_set",
    # seating
    c.Draw: "seating.handlers:decide_draw",
    c.SetTableSeats: "seating.handlers:decide_set_seats",
    c.BlockSeat: "seating.handlers:decide_block",
    c.Seat: "seating.handlers:decide_seat",
    c.MovePlayer: "seating.handlers:decide_move",
    c.HandDone: "players.hand_for_hand:decide_hand_done",
    c.SetButton: "seating.handlers:decide_set_button",
    c.Balance: "seating.handlers:decide_balance",
    c.BreakTable: "seating.handlers:decide_break",
    c.FinalTable: "seating.handlers:decide_final",
    # money
    c.SetMoney: "money.handlers:decide_set_money",
    c.CountChips: "money.handlers:decide_count",
    c.Pay: "money.cash:decide_pay",
    c.PayOut: "money.cash:decide_pay_out",
    c.CountCash: "money.cash:decide_count_cash",
    c.ProposeDeal: "money.deals:decide_propose",
    c.ConsentDeal: "money.deals:decide_consent",
    c.ApproveDeal: "money.deals:decide_approve",
    # the floor
    c.LogRuling: "floor.log:decide_log_ruling",
    c.ServePenalty: "floor.log:decide_serve",
    c.CallClock: "floor.log:decide_call_clock",
    c.StopClockCall: "floor.log:decide_stop_call",
}

# Where an event has several appliers, seating runs first: it frees the seat of a busted or
# unregistered player while the player's record still names it, and moves the button before the
# floor counts a hand served.
APPLIERS: dict[type[Any], tuple[str, ...]] = {
    e.TournamentCreated: (),
    e.Undone: (),
    e.HouseRulesSet: ("tournament:apply_house_rules",),
    e.HouseRulesRecorded: ("tournament:apply_house_rules",),
    # players
    e.PlayerRegistered: ("players.registration:apply_registered", "players.alternates:apply_called"),
    e.PlayerUnregistered: ("seating.handlers:apply_unregistered", "players.registration:apply_unregistered"),
    e.AlternateListed: ("players.alternates:apply_listed",),
    e.AlternateWithdrawn: ("players.alternates:apply_withdrawn",),
    e.PlayerBusted: ("seating.handlers:apply_busted", "players.busts:apply_busted"),
    e.HandForHandBust: ("players.busts:apply_reported",),
    e.PlayerReentered: ("players.busts:apply_reentered", "players.alternates:apply_called"),
    e.AddOnBought: ("players.add_ons:apply_added_on",),
    e.SatelliteEnded: ("players.satellites:apply_ended",),
    e.TicketSpent: ("players.registration:apply_ticket_spent",),
    e.Rebought: ("players.rebuys:apply_rebought",),
    e.BustSetAside: ("players.rebuys:apply_bust_set_aside",),
    e.HandForHandStarted: ("players.hand_for_hand:apply_started",),
    e.HandForHandTableDone: ("players.hand_for_hand:apply_done",),
    e.HandForHandHandEnded: ("players.hand_for_hand:apply_hand_ended",),
    e.HandForHandStopped: ("players.hand_for_hand:apply_stopped",),
    e.FlightSet: ("players.flights:apply_flight_set",),
    e.ChipsBagged: ("players.flights:apply_bagged",),
    e.Day2Started: ("players.flights:apply_day2_started",),
    # the clock
    e.ClockStarted: ("clock.handlers:apply_started",),
    e.ClockPaused: ("clock.handlers:apply_paused",),
    e.ClockResumed: ("clock.handlers:apply_resumed",),
    e.LevelChanged: ("clock.handlers:apply_level_changed",),
    e.ClockSet: ("clock.handlers:apply_clock_set",),
    e.StructureChanged: ("clock.handlers:apply_structure_changed",),
    e.LateRegistrationChanged: ("clock.late_registration:apply_changed",),
    # seating
    e.TableLayoutSet: ("seating.handlers:apply_layout_set",),
    e.TablesDrawn: ("seating.handlers:apply_tables_drawn",),
    e.PlayerSeated: ("seating.handlers:apply_seated",),
    e.PlayerMoved: ("seating.handlers:apply_moved",),
    e.TablesBalanced: ("seating.handlers:apply_balanced",),
    e.TableBroken: ("seating.handlers:apply_broken",),
    e.HandFinished: ("seating.handlers:apply_hand_finished", "floor.log:apply_hand_finished"),
    e.ButtonSet: ("seating.handlers:apply_button_set",),
    # money
    e.MoneySet: ("money.handlers:apply_money_set",),
    e.ChipsCounted: ("money.handlers:apply_counted",),
    e.PaymentRecorded: ("money.cash:apply_payment",),
    e.PrizePaidOut: ("money.cash:apply_paid_out",),
    e.CashCounted: ("money.cash:apply_cash_counted",),
    e.DealProposed: ("money.deals:apply_proposed",),
    e.DealConsented: ("money.deals:apply_consented",),
    e.DealApproved: ("money.deals:apply_approved",),
    # the floor
    e.RulingLogged: ("floor.log:apply_ruling_logged",),
    e.PenaltyHandsServed: ("floor.log:apply_hands_served",),
    e.PenaltyEnded: ("floor.log:apply_penalty_ended",),
    e.ClockCalled: ("floor.log:apply_clock_called",),
    e.ClockCallStopped: ("floor.log:apply_call_stopped",),
}


def _handler(name: str) -> Callable[..., Any]:
    """The function a table names ("players.registration:decide_register"), its module imported."""
    module, _, function = name.partition(":")
    handler: Callable[..., Any] = getattr(importlib.import_module(f"tdconsole.domain.{module}"), function)
    return handler


@cache
def decider_for(kind: type[c.Command]) -> Decider | None:
    """The function that decides commands of type `kind` (`DECIDERS`), or None for none."""
    name = DECIDERS.get(kind)
    return None if name is None else _handler(name)


@cache
def appliers_for(kind: type[Any]) -> tuple[Applier, ...]:
    """The functions that apply events of type `kind`, in the order they run (`APPLIERS`)."""
    return tuple(_handler(name) for name in APPLIERS[kind])


def fold(envelopes: Iterable[e.Envelope], *, start: TournamentState | None = None) -> TournamentState:
    """The state after `envelopes` (all of a tournament's, in order), undone commands skipped.

    With `start`, a state restored from a snapshot of the events before them: `envelopes` are the
    rest of the log, which `continues` must have found to leave the snapshot standing."""
    # A log kept packed (domain/event_log.py) is read back one event at a time, and kept as it is.
    log = envelopes if isinstance(envelopes, EventLog) else list(envelopes)
    undone = undone_commands(log)
    if start is None:
        first = log[0].event if log else None
        if not isinstance(first, e.TournamentCreated):
            raise TdError("the event log does not begin with the tournament's creation")
        state = new_state(first)
    else:
        state = start
    steps = log.replayed() if isinstance(log, EventLog) else \
        ((env.seq, env.time, env.command_id, env.event) for env in log)
    for seq, time, command_id, event in steps:
        if command_id not in undone:
            _applied(state, event, time)
        state.last_seq = seq
    if start is None:
        state.log = log
    else:
        state.recent.extend(log)
    return state


def continues(after: Iterable[e.Envelope]) -> bool:
    """Whether a snapshot of the state before the envelopes `after` still stands with them: none of
    their Undone events takes back a command made before it. Each command's events are appended
    together and a snapshot is taken between two appends, so a command either lies wholly among
    `after` or wholly before it."""
    after = list(after)
    commands = {env.command_id for env in after}
    return all(env.event.command_id in commands for env in after if isinstance(env.event, e.Undone))


def apply(state: TournamentState, envelope: e.Envelope, *, logged: bool = True) -> None:
    """Change `state` by one event. Undone events are handled by `fold` (a refold). `logged`:
    the envelope is added to the state's log (a fold that keeps its own log does not)."""
    if logged:
        state.recent.append(envelope)
    _apply_event(state, envelope)


def _apply_event(state: TournamentState, envelope: e.Envelope) -> None:
    _applied(state, envelope.event, envelope.time)
    state.last_seq = envelope.seq


def _applied(state: TournamentState, event: e.Event, time: datetime) -> None:
    for applier in appliers_for(type(event)):
        applier(state, event, time)


def decide(state: TournamentState, command: c.Command, now: datetime) -> list[e.Event]:
    """The events that carry out `command`, or a `TdError` saying why it cannot be done."""
    decider = decider_for(type(command))
    if decider is None:
        raise TdError("unknown command {__name__}", __name__=type(command).__name__)
    events = decider(state, command, now)
    # Whatever frees a seat (a bust, hand-for-hand's placed busts, an unregistration) seats the
    # next alternate in the same command, so undoing it puts him back on the list (T-REG-1, 8A).
    return events + alternates.seat_freed(state, events, command)

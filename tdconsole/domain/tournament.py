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
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from tdconsole.domain import events as e
from tdconsole.domain.errors import TdError
from tdconsole.domain.event_log import EventLog, Packed, command_ids, undone_commands
from tdconsole.domain.model import Frozen
from tdconsole.domain.players import alternates
from tdconsole.domain.state import CommandRecord, TournamentState, new_state

if TYPE_CHECKING:
    from tdconsole.domain import commands as c


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
    otherwise the refusal names the first that does.

    >>> from tdconsole.domain.commands import Bust, Undo
    >>> from tdconsole.domain.examples import Tournament, tournament
    >>> undo_target(Tournament().state, Undo(actor="td"))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: there is nothing to undo
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> target = undo_target(t.state, Undo(actor="td"))
    >>> target.command_id, target.actor
    ('c2', 'td')
    >>> undo_target(t.state, Undo(actor="floor"))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: floor has nothing to undo; the last command (log #5) is td's: undoing
    anyone's takes it back after showing it
    """
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
    as far as the caller looks: an Undone comes after the command it takes back.

    >>> from tdconsole.domain.commands import Bust, Undo
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> [record.command_id for record in undoable_commands(t.log)]
    ['c2', 'c1']
    >>> _ = t.do(Undo(actor="td"))
    >>> [record.command_id for record in undoable_commands(t.log)]
    ['c1']
    """
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

    Cy's bust (c2) stands alone until Bo busts (c3): Bo's place was decided with Cy out, so Bo's bust
    depends on it, and the answer names it and a part of the state both touch.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy", "Di")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> blocking(t.log, "c2") is None
    True
    >>> _ = t.do(Bust(names=["Bo"]))
    >>> blocker, part = blocking(t.log, "c2")
    >>> blocker.command_id, part
    ('c3', ('deal',))
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
    """The latest command of the actor, taken back whole: its events stay in the log, the fold skips them.

    >>> from tdconsole.domain.commands import Bust, Undo
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> decide_undo(t.state, Undo(actor="td"), T0)
    [Undone(type='undone', command_id='c2')]
    >>> _ = t.do(Undo(actor="td"))
    >>> t.state.find("Cy").status, t.state.players_left
    ('registered', 3)
    """
    return [e.Undone(command_id=undo_target(state, command).command_id)]


def decide_set_house_rule(state: TournamentState, command: c.SetHouseRule, now: datetime) -> list[e.Event]:
    """A club rule is the default; the TDA's alternative is a setting (STYLE.md), changed one key at a
    time and logged like any command.

    >>> from tdconsole.domain.commands import SetHouseRule
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann")
    >>> [changed] = decide_set_house_rule(t.state, SetHouseRule(key="seating.balance", value="rrop"), T0)
    >>> changed.keys, changed.rules.seating.balance
    (['seating.balance'], 'rrop')
    >>> decide_set_house_rule(t.state, SetHouseRule(key="seating.balance", value="often"), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: house rule seating.balance: Input should be 'club' or 'rrop'
    """
    rules = state.house_rules.with_value(command.key, command.value)
    return [e.HouseRulesSet(rules=rules, keys=[command.key])]


def apply_house_rules(state: TournamentState, event: e.HouseRulesSet | e.HouseRulesRecorded,
                      now: datetime) -> None:
    state.house_rules = event.rules


if TYPE_CHECKING:  # types only: nothing here is built when a scripted command starts (the fast CLI)
    C = TypeVar("C", bound=c.Command)
    E = TypeVar("E", bound=Frozen)
    # What decides a command of type C, and what applies an event of type E.
    Decider: TypeAlias = Callable[[TournamentState, C, datetime], list[e.Event]]
    Applier: TypeAlias = Callable[[TournamentState, E, datetime], None]
    # A command's type and its decider, as `decides` pairs them; an event's type and its appliers
    # in the order they run, as `applies` orders them.
    Rule: TypeAlias = tuple[type[c.Command], Decider[Any]]
    Effect: TypeAlias = tuple[type[Any], tuple[Applier[Any], ...]]


def decides(command: type[C], decider: Decider[C]) -> Rule:
    """`decider` decides the commands of type `command`: mypy refuses a decider of another command.

    The result names no C on purpose: a table typed `Rule[Any]` would let mypy take C as Any and
    pass any decider."""
    return command, decider


def applies(event: type[E], record: Applier[E] | None = None, /, *, seats: Applier[E] | None = None,
            then: Applier[E] | None = None) -> Effect:
    """The functions that apply events of type `event`, each checked by mypy to take it, run in
    this order: `seats` first, because freeing a seat or moving a button reads where the player's
    record says he sits, which `record` may change (a bust, an unregistration); then `record`,
    the event's own change; then `then`, which follows from that change (the alternate called is
    off the list, a finished hand counts for a penalty once the button moved). None: the event
    changes nothing by itself (`fold` handles it)."""
    return event, tuple(each for each in (seats, record, then) if each is not None)


def by_command(*rules: Rule) -> dict[type[c.Command], Decider[Any]]:
    """Each command's decider; a command wired twice is refused when the module loads."""
    table = dict(rules)
    assert len(table) == len(rules), "a command is wired to two deciders"
    return table


def by_event(*effects: Effect) -> dict[type[Any], tuple[Applier[Any], ...]]:
    """Each event's appliers in order; an event listed twice is refused when the module loads."""
    table = dict(effects)
    assert len(table) == len(effects), "an event is listed twice"
    return table


class _Later:
    """A function of a rule module named in the tables before the module is imported: it is
    imported when the function is first wanted (`_now`). It stands where mypy sees the function
    itself (the `if TYPE_CHECKING` imports below), and is called the same."""

    def __init__(self, module: str, function: str) -> None:
        self.module, self.function = module, function

    def __call__(self, *args: Any) -> Any:
        return _now(self)(*args)


class _Module:
    """A rule module (`players.busts`) whose functions are `_Later`s until first wanted."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, function: str) -> _Later:
        return _Later(self.name, function)


def _now(handler: Callable[..., Any]) -> Callable[..., Any]:
    """The function itself, its module imported if it was named before."""
    if not isinstance(handler, _Later):
        return handler
    found: Callable[..., Any] = getattr(importlib.import_module(f"tdconsole.domain.{handler.module}"),
                                        handler.function)
    return found


# The rule of every command and the effects of every event, in one place: `decides` pairs a command
# with the function that decides it and `applies` an event with those that change the state, and
# mypy checks each function takes that very command or event (a `Bust` wired to `decide_reenter`
# does not type-check: tests/domain/test_dispatch.py runs mypy on it). The modules below are
# imported when their first command or event comes along (`_Module`): a scripted command is a new
# process that decides one command and folds a log of a few kinds of events, and should not load
# every concern's rules to do it (the fast-CLI contract, benchmarks/bench_cli.py).
if TYPE_CHECKING:  # what mypy checks the tables against
    from tdconsole.domain.clock import handlers as clock
    from tdconsole.domain.clock import late_registration
    from tdconsole.domain.floor import log as floor
    from tdconsole.domain.floor import shot_clock
    from tdconsole.domain.money import cash, deals, mystery
    from tdconsole.domain.money import handlers as money
    from tdconsole.domain.players import (
        add_ons,
        busts,
        flights,
        hand_for_hand,
        pages,
        rebuys,
        registration,
        satellites,
        signups,
    )
    from tdconsole.domain.seating import handlers as seating
else:  # the same modules, imported on first use (tests/domain/test_dispatch.py checks they are the same)
    clock = _Module("clock.handlers")
    late_registration = _Module("clock.late_registration")
    floor, shot_clock = _Module("floor.log"), _Module("floor.shot_clock")
    cash, deals, money = _Module("money.cash"), _Module("money.deals"), _Module("money.handlers")
    mystery = _Module("money.mystery")
    add_ons, busts, flights = _Module("players.add_ons"), _Module("players.busts"), _Module("players.flights")
    hand_for_hand, rebuys = _Module("players.hand_for_hand"), _Module("players.rebuys")
    registration, satellites = _Module("players.registration"), _Module("players.satellites")
    pages, signups = _Module("players.pages"), _Module("players.signups")
    seating = _Module("seating.handlers")


@cache
def deciders() -> dict[type[c.Command], Decider[Any]]:
    """Each command's decider: the table, made when the first command is decided. Its keys are the
    commands' models, which a fold of the log never needs: `state --json` does not load them."""
    from tdconsole.domain import commands as c

    return by_command(
        decides(c.Undo, decide_undo),
        decides(c.SetHouseRule, decide_set_house_rule),
        # players
        decides(c.Register, registration.decide_register),
        decides(c.Unregister, registration.decide_unregister),
        decides(c.Bust, busts.decide_bust),
        decides(c.Reenter, busts.decide_reenter),
        decides(c.AddOn, add_ons.decide_add_on),
        decides(c.Rebuy, rebuys.decide_rebuy),
        decides(c.HandForHandStart, hand_for_hand.decide_start),
        decides(c.HandForHandTableDone, hand_for_hand.decide_table_done),
        decides(c.HandForHandStop, hand_for_hand.decide_stop),
        decides(c.SetFlight, flights.decide_set_flight),
        decides(c.Bag, flights.decide_bag),
        decides(c.StartDay2, flights.decide_start_day2),
        decides(c.PlayerPage, pages.decide_player_page),
        decides(c.SignUp, signups.decide_sign_up),
        decides(c.RejectSignUp, signups.decide_reject),
        # the clock
        decides(c.ClockStart, clock.decide_start),
        decides(c.ClockPause, clock.decide_pause),
        decides(c.ClockResume, clock.decide_resume),
        decides(c.ClockStep, clock.decide_step),
        decides(c.ClockGoToLevel, clock.decide_go_to_level),
        decides(c.ClockSetRemaining, clock.decide_set),
        decides(c.ChangeStructure, clock.decide_change_structure),
        decides(c.SetLateRegistration, late_registration.decide_set),
        # seating
        decides(c.Draw, seating.decide_draw),
        decides(c.SetTableSeats, seating.decide_set_seats),
        decides(c.BlockSeat, seating.decide_block),
        decides(c.Seat, seating.decide_seat),
        decides(c.MovePlayer, seating.decide_move),
        decides(c.HandDone, hand_for_hand.decide_hand_done),
        decides(c.SetButton, seating.decide_set_button),
        decides(c.Balance, seating.decide_balance),
        decides(c.BreakTable, seating.decide_break),
        decides(c.FinalTable, seating.decide_final),
        decides(c.ShootoutDraw, seating.decide_shootout_draw),
        # money
        decides(c.SetMoney, money.decide_set_money),
        decides(c.SetMysteryBounties, mystery.decide_set_mystery),
        decides(c.CountChips, money.decide_count),
        decides(c.Pay, cash.decide_pay),
        decides(c.PayOut, cash.decide_pay_out),
        decides(c.CountCash, cash.decide_count_cash),
        decides(c.ProposeDeal, deals.decide_propose),
        decides(c.ConsentDeal, deals.decide_consent),
        decides(c.ApproveDeal, deals.decide_approve),
        # the floor
        decides(c.LogRuling, floor.decide_log_ruling),
        decides(c.ServePenalty, floor.decide_serve),
        decides(c.CallClock, floor.decide_call_clock),
        decides(c.StopClockCall, floor.decide_stop_call),
        decides(c.ShotClock, shot_clock.decide_shot_clock),
    )

APPLIERS = by_event(
    applies(e.TournamentCreated),  # `new_state` starts the state from it
    applies(e.Undone),  # `fold` skips the undone command's events (a refold)
    applies(e.HouseRulesSet, apply_house_rules),
    applies(e.HouseRulesRecorded, apply_house_rules),
    # players
    applies(e.PlayerRegistered, registration.apply_registered, then=alternates.apply_called),
    applies(e.PlayerUnregistered, registration.apply_unregistered, seats=seating.apply_unregistered),
    applies(e.AlternateListed, alternates.apply_listed),
    applies(e.AlternateWithdrawn, alternates.apply_withdrawn),
    applies(e.PlayerBusted, busts.apply_busted, seats=seating.apply_busted),
    applies(e.HandForHandBust, busts.apply_reported),
    applies(e.PlayerReentered, busts.apply_reentered, then=alternates.apply_called),
    applies(e.AddOnBought, add_ons.apply_added_on),
    applies(e.SatelliteEnded, satellites.apply_ended),
    applies(e.TicketSpent, registration.apply_ticket_spent),
    applies(e.Rebought, rebuys.apply_rebought),
    applies(e.BustSetAside, rebuys.apply_bust_set_aside),
    applies(e.HandForHandStarted, hand_for_hand.apply_started),
    applies(e.HandForHandTableDone, hand_for_hand.apply_done),
    applies(e.HandForHandHandEnded, hand_for_hand.apply_hand_ended),
    applies(e.HandForHandStopped, hand_for_hand.apply_stopped),
    applies(e.FlightSet, flights.apply_flight_set),
    applies(e.ChipsBagged, flights.apply_bagged),
    applies(e.Day2Started, flights.apply_day2_started),
    applies(e.PlayerPageIssued, pages.apply_page_issued),
    applies(e.ShotClockStarted, shot_clock.apply_started),
    applies(e.ShotClockExtended, shot_clock.apply_extended),
    applies(e.ShotClockEnded, shot_clock.apply_ended),
    applies(e.PlayerPageRevoked, pages.apply_page_revoked),
    applies(e.SignUpReceived, signups.apply_signed_up),
    applies(e.SignUpRejected, signups.apply_rejected),
    # the clock
    applies(e.ClockStarted, clock.apply_started),
    applies(e.ClockPaused, clock.apply_paused),
    applies(e.ClockResumed, clock.apply_resumed),
    applies(e.LevelChanged, clock.apply_level_changed),
    applies(e.ClockSet, clock.apply_clock_set),
    applies(e.StructureChanged, clock.apply_structure_changed),
    applies(e.LateRegistrationChanged, late_registration.apply_changed),
    # seating
    applies(e.TableLayoutSet, seating.apply_layout_set),
    applies(e.TablesDrawn, seating.apply_tables_drawn),
    applies(e.ShootoutRoundDrawn, seating.apply_round_drawn),
    applies(e.PlayerSeated, seating.apply_seated),
    applies(e.PlayerMoved, seating.apply_moved),
    applies(e.TablesBalanced, seating.apply_balanced),
    applies(e.TableBroken, seating.apply_broken),
    applies(e.HandFinished, seating.apply_hand_finished, then=floor.apply_hand_finished),
    applies(e.ButtonSet, seating.apply_button_set),
    # money
    applies(e.MoneySet, money.apply_money_set),
    applies(e.MysteryBountiesSet, mystery.apply_mystery_set),
    applies(e.ChipsCounted, money.apply_counted),
    applies(e.PaymentRecorded, cash.apply_payment),
    applies(e.PrizePaidOut, cash.apply_paid_out),
    applies(e.CashCounted, cash.apply_cash_counted),
    applies(e.DealProposed, deals.apply_proposed),
    applies(e.DealConsented, deals.apply_consented),
    applies(e.DealApproved, deals.apply_approved),
    # the floor
    applies(e.RulingLogged, floor.apply_ruling_logged),
    applies(e.PenaltyHandsServed, floor.apply_hands_served),
    applies(e.PenaltyEnded, floor.apply_penalty_ended),
    applies(e.ClockCalled, floor.apply_clock_called),
    applies(e.ClockCallStopped, floor.apply_call_stopped),
)


@cache
def decider_for(kind: type[c.Command]) -> Decider[Any] | None:
    """The function that decides commands of type `kind` (`deciders`), or None for none."""
    decider = deciders().get(kind)
    return None if decider is None else _now(decider)


@cache
def appliers_for(kind: type[Any]) -> tuple[Applier[Any], ...]:
    """The functions that apply events of type `kind`, in the order they run (`APPLIERS`)."""
    return tuple(_now(applier) for applier in APPLIERS[kind])


def fold(envelopes: Iterable[e.Envelope], *, start: TournamentState | None = None) -> TournamentState:
    """The state after `envelopes` (all of a tournament's, in order), undone commands skipped.

    With `start`, a state restored from a snapshot of the events before them: `envelopes` are the
    rest of the log, which `continues` must have found to leave the snapshot standing.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> state = fold(t.log)
    >>> state.players_left, state.find("Cy").place, state.last_seq
    (2, 3, 5)
    >>> fold(t.log[1:])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: the event log does not begin with the tournament's creation
    """
    # A log kept packed (domain/event_log.py) is read back one event at a time, and kept as it is.
    log = envelopes if isinstance(envelopes, EventLog) else list(envelopes)
    undone = undone_commands(log)
    state = _created(log[0].event if log else None) if start is None else start
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


def fold_read(rows: Iterable[Packed], undone: set[str]) -> TournamentState:
    """`fold` of a whole log as the store reads it, packed (`EventStore.load_packed`), `undone`
    the commands its Undone events take back, read first (`EventStore.commands_undone`): each
    event is folded as it comes and the log packs it, so none is read back from a block (a tenth
    of the first open of a festival's 40,000 events was unpacking what had just been packed). An
    Undone appended between the two reads (another terminal) leaves `undone` short of the log's:
    then the log is folded again, as `fold` folds it.

    >>> from tdconsole.domain.commands import Bust, Undo
    >>> from tdconsole.domain.event_log import pack
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> _ = t.do(Undo(actor="td"))
    >>> state = fold_read([pack(envelope) for envelope in t.log], {"c2"})
    >>> state.players_left, state.last_seq
    (3, 6)
    >>> fold_read([pack(envelope) for envelope in t.log], set()).players_left  # the Undone read late
    3
    """
    # Packed loose: its texts are compressed by whoever keeps the log (`EventLog.tighten`), not
    # while the TD waits for the tournament to open.
    log = EventLog(loose=True)
    read: dict[tuple[str, str], e.Event] = {}
    state: TournamentState | None = None
    # One loop, no generator between the rows and the appliers: it runs 40,000 times.
    for item in rows:
        log.append(item)
        event = item.event(read)
        if state is None:
            state = _created(event)
        if item.command_id not in undone:
            _applied(state, event, item.time)
        state.last_seq = item.seq
    if state is None:  # an empty log: refused as `fold` refuses it
        state = _created(None)
    state.log = log
    return state if undone_commands(log) == undone else fold(log)


def _created(first: e.Event | None) -> TournamentState:
    """The state a log begins with, from its first event: the tournament's creation."""
    if not isinstance(first, e.TournamentCreated):
        raise TdError("the event log does not begin with the tournament's creation")
    return new_state(first)


def continues(after: Iterable[e.Envelope]) -> bool:
    """Whether a snapshot of the state before the envelopes `after` still stands with them: none of
    their Undone events takes back a command made before it. Each command's events are appended
    together and a snapshot is taken between two appends, so a command either lies wholly among
    `after` or wholly before it.

    >>> from tdconsole.domain.commands import Bust, Undo
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> _ = t.do(Undo(actor="td"))
    >>> continues(t.log[-2:]), continues(t.log[-1:])
    (True, False)
    """
    after = list(after)
    commands = {env.command_id for env in after}
    return all(env.event.command_id in commands for env in after if isinstance(env.event, e.Undone))


def apply(state: TournamentState, envelope: e.Envelope, *, logged: bool = True) -> None:
    """Change `state` by one event. Undone events are handled by `fold` (a refold). `logged`:
    the envelope is added to the state's log (a fold that keeps its own log does not).

    >>> from tdconsole.domain.events import Envelope, PlayerRegistered
    >>> from tdconsole.domain.examples import T0, Tournament
    >>> t = Tournament()
    >>> apply(t.state, Envelope(seq=2, time=T0, actor="td", command_id="c1",
    ...                         event=PlayerRegistered(player_id="p1", name="Ann")))
    >>> t.state.players_left, t.state.last_seq
    (1, 2)
    """
    if logged:
        state.recent.append(envelope)
    _apply_event(state, envelope)


def _apply_event(state: TournamentState, envelope: e.Envelope) -> None:
    _applied(state, envelope.event, envelope.time)
    state.last_seq = envelope.seq


def _applied(state: TournamentState, event: e.Event, time: datetime) -> None:
    left, clock = state.players_left, state.clock
    for applier in appliers_for(type(event)):
        applier(state, event, time)
    # The forecast's record of the night (state.Night): any event may change the field or the clock.
    if state.players_left != left or state.clock is not clock:
        state.night.note(time, state.players_left, state.clock, state.clock is not clock)


def decide(state: TournamentState, command: c.Command, now: datetime) -> list[e.Event]:
    """The events that carry out `command`, or a `TdError` saying why it cannot be done.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> [event.type for event in decide(t.state, Bust(names=["Cy"]), T0)]
    ['player_busted']
    >>> t.state.players_left  # deciding changes nothing
    3
    """
    decider = decider_for(type(command))
    if decider is None:
        raise TdError("unknown command {__name__}", __name__=type(command).__name__)
    events = decider(state, command, now)
    # Whatever frees a seat (a bust, hand-for-hand's placed busts, an unregistration) seats the
    # next alternate in the same command, so undoing it puts him back on the list (T-REG-1, 8A).
    return events + alternates.seat_freed(state, events, command)

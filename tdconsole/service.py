"""The service: load -> decide -> append -> apply. Every TD action goes through here, from TUI and CLI.

Two terminals may write at once: the loser of a race for the next sequence number reloads, decides
again on the fresh state, and retries; if the command no longer applies it says so clearly.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from tdconsole import collector
from tdconsole.domain import limits
from tdconsole.domain.clock.structure import Structure, check_structure
from tdconsole.domain.errors import Forbidden, InvalidInput, RuleViolation, TdError, Words
from tdconsole.domain.event_log import EventLog, undone_commands
from tdconsole.domain.events import (
    Envelope,
    Event,
    ShootoutRoundDrawn,
    TablesDrawn,
    TournamentCreated,
    Undone,
)
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import check_text
from tdconsole.domain.tournament import apply, continues, decide, fold, fold_read
from tdconsole.randomness import make_rng
from tdconsole.store import snapshots
from tdconsole.store.db import CLOCK_WAIT_SECONDS, Unreachable
from tdconsole.store.event_store import Conflict, EventStore
from tdconsole.store.ledger import broken_log
from tdconsole.time_source import TimeSource

if TYPE_CHECKING:  # a terminal that only reads (`state --json`) never loads the commands
    from tdconsole.domain.commands import Command

# "display": the clock on the TV and in browsers (`tdconsole display`, `serve`) may run no command.
Role = Literal["td", "floor", "display"]
Clock = Callable[[], datetime]
# Runs a change of the state and the log: by default at once, in the caller's thread.
ChangeRunner = Callable[[Callable[[], None]], None]
# A writer that keeps losing the race retries for this long before it reports the conflict.
RETRY_SECONDS = 10.0
# How long a command whose server went in the middle of it waits for a server to answer and tell
# whether it was done (a standby being promoted: docs/OPERATIONS.md), and how often it asks.
SETTLE_SECONDS = 30.0
SETTLE_POLL_SECONDS = 0.1
# Every this many events the state is written down (store/snapshots.py): an undo, or a terminal
# opening the tournament, folds at most about this many events after the newest snapshot.
SNAPSHOT_EVERY = 500


def fold_weight(envelopes: list[Envelope]) -> int:
    """How many events' worth of folding `envelopes` are, for when to write the state down: one
    each, but a draw as many as the players it seats. A festival's starting draw is one event that
    seats 10,000 players: folded again by every terminal that opens the tournament after it (2% of
    a festival's `state --json`, 75 M instructions) unless the state is written down after it."""
    return sum(sum(len(table.occupants) for table in envelope.event.tables)
               if isinstance(envelope.event, TablesDrawn | ShootoutRoundDrawn) else 1
               for envelope in envelopes)


class Service:
    """One tournament, as one terminal sees it."""

    def __init__(
        self,
        store: EventStore,
        tournament_id: int | None = None,
        *,
        actor: str = "td",
        role: Role = "td",
        now: Clock | None = None,
    ) -> None:
        self.store = store
        if tournament_id is None:
            # The database's current tournament, which only `use` changes; once opened, a terminal
            # stays on its tournament whatever another terminal makes current later.
            tournament_id = store.current_tournament()
        else:
            store.require_tournament(tournament_id)
        self.tournament_id = tournament_id
        self.actor = check_text("the actor", actor, empty=False)
        self.role = role
        # The tournament's one time (time_source.py), unless a test injects its own clock.
        if now is None:
            now = TimeSource.of(store)
        self.time_source = now if isinstance(now, TimeSource) else None
        self.now: Clock = now
        # A screen runs the service in a worker thread and draws the state on its event loop: it
        # hands in a runner that makes every change of `state` and `log` there, between two
        # redraws, so a screen never reads a state that is half changed (tui/service_app.py).
        self.run_change: ChangeRunner = _at_once
        # The newest states this terminal wrote down (store/snapshots.py), by the seq they follow,
        # packed as the store keeps them (a festival's is 1.5 MB of JSON, 0.3 MB packed): an undo
        # folds the events after one of them, not the whole log.
        self._checkpoints: dict[int, bytes] = {}
        # Whether the open folded a long log and has not written its state down yet (`write_down`).
        self._unwritten = False
        # What a fold makes is the state or dies by its reference count (a fifth of a cold load
        # of a festival's log without a snapshot was the collector walking it).
        with collector.paused(), self._reading_log():
            self.state: TournamentState = self._open()
        if self.time_source is not None:
            self.time_source.keep_fresh()  # measured here, so a screen's first reading waits on nothing

    @classmethod
    def create(
        cls,
        store: EventStore,
        *,
        name: str,
        structure: Structure,
        game: str = "No-limit hold'em",
        buy_in: int = 0,
        fee: int = 0,
        starting_stack: int | None = None,
        seats_per_table: int = 9,
        late_reg_level: int | None = None,
        house_rules: HouseRules | None = None,
        tables: int | None = None,
        min_players: int | None = None,
        shootout: ShootoutSettings | None = None,
        use: bool = False,
        actor: str = "td",
        role: Role = "td",
        now: Clock | None = None,
    ) -> Service:
        """A new tournament; it becomes the current one only with `use` (or if there is none)."""
        _require_td(role, Words("create a tournament"))
        actor = check_text("the actor", actor, empty=False)
        _check_setup(buy_in, fee, starting_stack, seats_per_table, late_reg_level)
        check_structure(structure)
        if tables is not None:  # the tables the room has: beyond their seats, alternates wait
            limits.TABLE.check("the room's tables", tables, field="tables")
        if min_players is not None:  # T-SIGNUP-1: the players the event needs to run
            limits.ENTRIES.check("the minimum of players", min_players, field="min_players")
        if shootout is not None and shootout.winners_per_table >= seats_per_table:
            raise RuleViolation("T-SHOOT-2", "each table plays down to fewer players than its {seats} seats",
                                seats=seats_per_table, field="winners_per_table")
        created = TournamentCreated(
            name=check_text("the tournament's name", name, empty=False),
            game=check_text("the game", game),
            buy_in=buy_in,
            fee=fee,
            starting_stack=starting_stack or structure.starting_stack,
            seats_per_table=seats_per_table,
            structure=structure,
            late_reg_level=late_reg_level,
            # Recorded with the tournament: a replay decides under the rules the TD ran it with.
            house_rules=house_rules or HouseRules(),
            tables=tables,
            min_players=min_players,
            shootout=shootout,
        )
        if late_reg_level is not None:
            structure.period_of_level(late_reg_level)  # T-REG-1: a level the structure has
        stamp = now or TimeSource.of(store)
        envelope = Envelope(
            seq=1, time=stamp(), actor=actor, command_id=uuid.uuid4().hex, event=created
        )
        tournament_id = store.create_tournament(envelope, use=use)
        return cls(store, tournament_id, actor=actor, role=role, now=stamp)

    def execute(self, command: Command) -> list[Envelope]:
        """Decide on the freshest state, append, apply; retry when another writer won the race."""
        if self.role == "display":
            raise Forbidden("a display is read-only: it cannot {verb}", verb=Words(command.verb))
        if command.td_only and self.role != "td":
            raise Forbidden("floor staff cannot {verb} (TD only)", verb=Words(command.verb))
        from tdconsole.domain.commands import ClockPause, ClockResume, Drawing  # loaded: `command` is one

        # The TD's clock keys: a terminal stopped inside a write holds them up no longer than
        # CLOCK_WAIT_SECONDS (store/db.py), then they are refused, at once, in one line.
        wait = CLOCK_WAIT_SECONDS if isinstance(command, ClockPause | ClockResume) else None
        deadline = time.monotonic() + RETRY_SECONDS
        attempt = 0
        while True:
            self.refresh()
            now = self.now()
            if isinstance(command, Drawing):
                # A fresh draw each attempt: a seeded one repeats exactly after a lost race.
                command = command.with_rng(make_rng(command.seed))
            try:
                events = decide(self.state, command, now)
            except TdError as error:
                if attempt:
                    message = f"another terminal changed the tournament first, and now {error}"
                    raise Conflict(message) from None
                raise
            envelopes = self._stamp(events, now)
            try:
                self.store.append(self.tournament_id, envelopes, wait=wait)
            except Unreachable as gone:
                # The server went in the middle of the append (a primary that died, a failover):
                # the commit may have reached the standby. Once a server answers, the log says
                # whether it did; done, it is not done again (no command twice after a failover).
                if not gone.lost:
                    raise
                if self._landed(envelopes[0], gone):
                    self.refresh()
                    return envelopes
                continue  # not done: decided again on the log as the server that answers has it
            except Conflict:
                attempt += 1
                if time.monotonic() > deadline:
                    raise Conflict("other terminals keep writing; try again") from None
                # A short random pause breaks lockstep between two writers.
                time.sleep(random.uniform(0, 0.002 * min(attempt, 10)))
                continue
            self._apply(envelopes, own=True)
            return envelopes

    def _landed(self, first: Envelope, gone: Unreachable) -> bool:
        """Whether the append whose first event is `first` was committed before its server went:
        asked of whichever server answers (a multi-host URL: the one that takes writes), for up
        to SETTLE_SECONDS, while a standby is promoted."""
        deadline = time.monotonic() + SETTLE_SECONDS
        while True:
            try:
                return self.store.command_at(self.tournament_id, first.seq) == first.command_id
            except Unreachable:
                if time.monotonic() > deadline:
                    raise Unreachable(
                        "the database server went in the middle of this command and has not answered "
                        "since ({reason}): it may have been done; once it answers, look at the log "
                        "before doing it again", reason=gone.params.get("reason", "")) from None
                time.sleep(SETTLE_POLL_SECONDS)

    def refresh(self) -> bool:
        """Apply what other processes appended since we last looked (follow). True if anything was new."""
        if self.time_source is not None:
            self.time_source.keep_fresh()
        with self._reading_log():
            new = self.store.load(self.tournament_id, after=self.state.last_seq)
            if new:
                self._apply(new)
        return bool(new)

    @contextlib.contextmanager
    def _reading_log(self) -> Iterator[None]:
        """Reading and folding the log: an event changed in the database (plain SQL) can make the
        fold fail anywhere (a player id no event registered, a payload that is not an event), so
        a failure is checked against the hash chain and, if the log was changed, named in
        `verify`'s one line ("event N does not match its hash") instead of as an internal error.
        The chain is read only then: a command on an intact log pays nothing for it."""
        try:
            yield
        except Exception as error:
            check = self.store.verify(self.tournament_id)
            if check.ok:
                raise
            names = {t.id: t.name for t in self.store.tournaments()}
            raise broken_log(check, names.get(self.tournament_id, "?")) from error

    @property
    def log(self) -> EventLog:
        """Every event of the tournament, read from the store the first time it is asked for when
        the state came from a snapshot."""
        return self.state.log

    def _open(self) -> TournamentState:
        """The state now: the newest snapshot the log still stands on (`continues`) and the events
        after it folded onto it; without one, the whole log folded."""
        before = None
        while (found := self.store.snapshot(self.tournament_id, before=before)) is not None:
            seq, version, packed = found
            if version != snapshots.version():  # another fold wrote it: its state may differ
                break
            data = snapshots.unpack(packed)
            after = self.store.load(self.tournament_id, after=seq)
            state = snapshots.decode(data) if continues(after) else None
            if state is not None:
                state.earlier = self._earlier(seq)
                self._keep(seq, packed)
                return self._folded(fold(after, start=state), fold_weight(after))
            before = seq
        undone = self.store.commands_undone(self.tournament_id)
        state = fold_read(self.store.load_packed(self.tournament_id), undone)
        return self._folded(state, len(state.log))

    def _folded(self, state: TournamentState, weight: int) -> TournamentState:
        """`state`, folded from events that weigh `weight` (`fold_weight`): to be written down when
        that was a long fold, so the next terminal (and an undo here) is spared it; by
        `write_down`, not here: at festival size writing it was a tenth of a first open, which the
        TD waits for (issue 33)."""
        self._unwritten = weight >= SNAPSHOT_EVERY
        return state

    def write_down(self) -> None:
        """The state written down (a checkpoint, and the tournament's snapshot for every
        terminal) if the open folded a long log and it was not yet: what a terminal does once its
        first screen is up (`ServiceApp`), `serve` before it serves, any holder at its first
        change, and a command line's command once it has answered (`Session.close`)."""
        if not self._unwritten:
            return
        self._unwritten = False
        written: list[tuple[int, bytes]] = []

        def encode() -> None:  # in a change, where the state is whole (as `_apply` writes it)
            written.append((self.state.last_seq, snapshots.encode(self.state)))

        self.run_change(encode)
        self._kept(written, save=True)

    def _kept(self, written: list[tuple[int, bytes]], *, save: bool) -> None:
        """States written down in a change, packed and kept as checkpoints after it, off the
        loop; with `save`, saved as the tournament's snapshot too."""
        for seq, data in written:
            packed = snapshots.pack(data)
            self._keep(seq, packed)
            if save:
                self._save(seq, packed)

    def _earlier(self, seq: int) -> Callable[[TournamentState], None]:
        """What reads the events up to `seq` into a restored state's log, once: a screen's loop and
        a worker may ask at the same moment."""
        lock = threading.Lock()

        def read(state: TournamentState) -> None:
            with lock:
                if state.earlier is not None:
                    state.recent.put_before(self.store.load_packed(self.tournament_id, until=seq))
                    state.earlier = None

        return read

    def _keep(self, seq: int, packed: bytes) -> None:
        self._checkpoints[seq] = packed
        for old in sorted(self._checkpoints)[:-2]:
            del self._checkpoints[old]

    def _save(self, seq: int, packed: bytes) -> None:
        """The state after event `seq` (packed) as the tournament's snapshot, for every terminal. It
        is only a shortcut: one that cannot be saved leaves the command done and the next terminal
        folding a little more."""
        with contextlib.suppress(TdError):
            self.store.save_snapshot(self.tournament_id, seq, snapshots.version(), packed)

    def _refold(self, log: EventLog) -> TournamentState:
        """fold(log), from the newest checkpoint the log still stands on (only the events after
        it are read back)."""
        for seq in sorted(self._checkpoints, reverse=True):
            if seq <= len(log) and continues(log[seq:]):
                state = snapshots.decode(snapshots.unpack(self._checkpoints[seq]))
                if state is not None:
                    state = fold(log[seq:], start=state)
                    state.log = log
                    return state
        return fold(log)

    def _stamp(self, events: list[Event], now: datetime) -> list[Envelope]:
        command_id = uuid.uuid4().hex
        first = self.state.last_seq + 1
        # Not validated again: every field is the service's own (a sequence number, its clock, its
        # actor, a fresh id) and each event was validated when the decider made it. Validating the
        # envelope would build the validator of every kind of event in a process that writes one
        # (the fast-CLI contract, benchmarks/bench_cli.py).
        return [Envelope.of(first + i, now, self.actor, command_id, event) for i, event in enumerate(events)]

    def _apply(self, envelopes: list[Envelope], *, own: bool = False) -> None:
        """Change the state by `envelopes`. Every `SNAPSHOT_EVERY` events it is written down; with
        `own` (this terminal appended them) it is saved for every terminal too."""
        if any(isinstance(envelope.event, Undone) for envelope in envelopes):
            # Undo is not an inverse: the state is the fold of what was not undone. The fold (the
            # slow part) runs here; only putting its result in place is a change.
            log = self.log.copy()
            log.extend(envelopes)
            with collector.paused():  # what the fold makes is the state or dies by its reference count
                state = self._refold(log)

            def replace() -> None:
                self.state = state

            self.run_change(replace)
            return
        written: list[tuple[int, bytes]] = []

        def extend() -> None:
            for envelope in envelopes:
                apply(self.state, envelope)
            # Written down in the change, where the state is whole; packed, kept and saved after
            # it, off the loop. Every SNAPSHOT_EVERY events, and after a draw of as many players
            # (`fold_weight`).
            if (self.state.last_seq // SNAPSHOT_EVERY > (envelopes[0].seq - 1) // SNAPSHOT_EVERY
                    or fold_weight(envelopes) >= SNAPSHOT_EVERY):
                written.append((self.state.last_seq, snapshots.encode(self.state)))

        self.run_change(extend)
        self._kept(written, save=own)
        if written and own:  # saved for everyone: the open's long fold needs writing no more
            self._unwritten = False
        self.tighten_log()
        self.write_down()

    def tighten_log(self) -> None:
        """The log's texts compressed where a first open left them loose (`fold_read`): once a
        terminal shows its first screen (`ServiceApp`), or at its first change, not while the TD
        waits for it to open. The log read so far only: a state restored from a snapshot has not
        read the events before it, and this does not read them."""
        self.state.recent.tighten()

    def undone_commands(self) -> set[str]:
        return undone_commands(self.log)


def _at_once(change: Callable[[], None]) -> None:
    change()


def use_tournament(store: EventStore, tournament_id: int, *, actor: str = "td", role: Role = "td",
                   now: Clock | None = None) -> int | None:
    """Make `tournament_id` the current tournament (logged); returns the one it replaces. Only the
    TD: it moves every terminal opened afterwards without `--tournament`."""
    _require_td(role, Words("choose the current tournament"))
    return store.use_tournament(tournament_id, actor=actor, time=(now or TimeSource.of(store))())


def _require_td(role: Role, what: Words) -> None:
    if role == "display":
        raise Forbidden("a display is read-only: it cannot {verb}", verb=what)
    if role != "td":
        raise Forbidden("floor staff cannot {verb} (TD only)", verb=what)


def _check_setup(buy_in: int, fee: int, starting_stack: int | None, seats: int,
                 late_reg_level: int | None) -> None:
    limits.MONEY.check("the buy-in", buy_in)
    limits.MONEY.check("the fee", fee)
    if starting_stack is not None:
        if starting_stack <= 0:
            raise InvalidInput("the starting stack must be more than 0")
        limits.CHIPS.check("the starting stack", starting_stack)
    limits.SEATS.check("seats per table", seats)
    if late_reg_level is not None:
        limits.LEVEL.check("the last level of late registration", late_reg_level)

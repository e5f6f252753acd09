"""One time for the whole tournament: every event is stamped, and every terminal reads the level
clock, by the reference clock (store/time_base.py), never by the clock of the machine it runs on.

A terminal measures the reference (the round trip halved), then counts from that reading on its own
monotonic clock, which no setting of the wall clock moves, and measures again every
`REFRESH_SECONDS`. So a terminal whose own clock is wrong still shows and stamps the right time, and
says once how far off its clock is (`SKEW_SECONDS`). When the reference itself jumps against the
monotonic clock by more than `STEP_SECONDS` (NTP, a wrong time set by hand on the machine that holds
the SQLite file or runs the server) the terminal keeps counting as before and the jump waits for the
TD: keep the tournament clock (every terminal then adds a correction to the reference) or follow
the machine's clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import NamedTuple

from tdconsole.domain.errors import TdError
from tdconsole.store.event_store import EventStore
from tdconsole.store.time_base import ReferenceReading, read_reference, record_step, set_correction

# A terminal whose clock is further off than this from the reference says so, once.
SKEW_SECONDS = 2.0
# A jump of the reference against the monotonic clock larger than this is a step, not drift.
STEP_SECONDS = 60.0
# How often a terminal measures the reference again (on its next follow or command).
REFRESH_SECONDS = 30.0

Probe = Callable[[], ReferenceReading]
# Records the pending jump (was, now) for every terminal; False if another terminal changed it first.
Record = Callable[[float, float], bool]


def _wall() -> datetime:
    return datetime.now(UTC)


# A NamedTuple, not a frozen dataclass: see store/time_base.py `ReferenceReading`.
class _Anchor(NamedTuple):
    shared: datetime  # the tournament's time ...
    monotonic: float  # ... at this reading of the monotonic clock


class TimeSource:
    """The tournament's time as this terminal reads it: a `Clock` (call it for now)."""

    def __init__(self, probe: Probe, *, record: Record | None = None, wall: Callable[[], datetime] = _wall,
                 monotonic: Callable[[], float] = time.monotonic,
                 refresh_seconds: float = REFRESH_SECONDS) -> None:
        self._probe = probe
        self._record = record
        self._wall = wall
        self._monotonic = monotonic
        self.refresh_seconds = refresh_seconds
        self._anchor: _Anchor | None = None  # replaced whole: a reader on another thread sees one
        self._decided_at: datetime | None = None
        self.measured = 0.0  # the monotonic clock at the last measurement
        self.correction = 0.0
        # This terminal's clock minus the reference clock, in seconds, at the last measurement.
        self.skew = 0.0
        # Whether the reference is this process's own clock (nothing to be off from).
        self.local = False
        # How far the reference jumped, while no TD has chosen; the time holds meanwhile.
        self.step: float | None = None
        self._skew_told = False
        self._correction_told = False

    @classmethod
    def of(cls, store: EventStore) -> TimeSource:
        return cls(lambda: read_reference(store),
                   record=lambda was, pending: record_step(store, was=was, pending=pending))

    def __call__(self) -> datetime:
        anchor = self._anchor
        if anchor is None:
            self.measure()
            anchor = self._anchor
            assert anchor is not None
        return anchor.shared + timedelta(seconds=self._monotonic() - anchor.monotonic)

    def keep_fresh(self) -> None:
        """Measure again if the last measurement is `refresh_seconds` old (or there is none)."""
        if self._anchor is None or self._monotonic() - self.measured >= self.refresh_seconds:
            self.measure()

    def measure(self, *, again: bool = True) -> None:
        before = self._monotonic()
        wall = self._wall()
        reading = self._probe()
        after = self._monotonic()
        half = (after - before) / 2  # the reference was read half-way through the round trip
        middle = before + half
        shared = reading.reference + timedelta(seconds=reading.correction - reading.pending)
        # Against the reference itself: a correction is the TD's choice, not this machine's fault.
        self.skew = 0.0 if reading.local else (
            wall + timedelta(seconds=half) - reading.reference).total_seconds()
        self.local = reading.local
        self.measured = after
        anchor = self._anchor
        if anchor is not None and reading.decided_at == self._decided_at:
            counted = anchor.shared + timedelta(seconds=middle - anchor.monotonic)
            jump = (shared - counted).total_seconds()
            if abs(jump) > STEP_SECONDS:
                # Held: recorded for every terminal, one started later too (a jump that undoes the
                # pending one leaves none); until then the time counts on from the anchor.
                pending = reading.pending + jump
                pending = 0.0 if abs(pending) <= STEP_SECONDS else pending
                if not self._recorded(reading.pending, pending):
                    if again:  # another terminal recorded first: read what it recorded
                        self.measure(again=False)
                    else:
                        self.step = pending or None
                    return
                shared = reading.reference + timedelta(seconds=reading.correction - pending)
                reading = reading._replace(pending=pending)
        self.step = reading.pending or None
        self.correction = reading.correction
        self._decided_at = reading.decided_at
        self._anchor = _Anchor(shared, middle)

    def _recorded(self, was: float, pending: float) -> bool:
        if self._record is None:
            return False
        try:
            return self._record(was, pending)
        except TdError:  # a database this terminal cannot write: it holds on its own
            return False

    def skew_notice(self) -> float | None:
        """This terminal's skew, the first time it is more than `SKEW_SECONDS`; then None."""
        if self._skew_told or abs(self.skew) <= SKEW_SECONDS:
            return None
        self._skew_told = True
        return self.skew

    def correction_notice(self) -> float | None:
        """The correction in force, the first time it is asked while there is one; then None."""
        if self._correction_told or self.correction == 0:
            return None
        self._correction_told = True
        return self.correction

    def settle(self, store: EventStore, *, keep: bool, actor: str, detail: str) -> None:
        """The TD's choice, for every terminal: keep the tournament's time through the pending step
        (a correction that takes the jump back out of the reference), or follow the machine's clock
        (no correction: also the way back from one kept earlier)."""
        if keep and self.step is None:
            return
        correction = self.correction - (self.step or 0.0) if keep else 0.0
        set_correction(store, correction, actor=actor, time=self(), detail=detail)
        self.measure()

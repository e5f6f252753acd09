"""`verify`'s proof of a tournament's state snapshots: each is the fold of the log up to it.

A snapshot (store/snapshots.py) is derived data every terminal opening the tournament starts from
instead of folding the whole log (`Service._open`). The hash chain proves the events, not the
snapshots: a snapshot row changed by someone who can write the database would have every terminal
show a wrong state while the log verifies, and no terminal can tell without the fold it is spared.
So `verify` folds the log up to each stored snapshot and compares.

Only a snapshot written by this code's fold (`snapshots.version()`) can be checked: another
version's fold may rightly give another state, so it is reported as skipped, never as fine (this
code's terminals pass it over and fold the log). So is one whose event is not in the log as it was
(its seq and chain hash), which no terminal starts from, and every one of a log that does not
verify, whose fold would prove nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sqlalchemy import and_, select

from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import continues, fold
from tdconsole.store import snapshots
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import event_table, snapshot_table

# "matches": the fold of the log up to it; "differs": it holds another state; "unreadable": it does
# not read back, which nothing this version wrote does; "skipped": not checked (`why`).
Result = Literal["matches", "differs", "unreadable", "skipped"]
Why = Literal["another_version", "not_on_log", "log_broken"]


@dataclass(frozen=True, slots=True)
class SnapshotCheck:
    seq: int
    version: str
    result: Result
    why: Why | None = None

    @property
    def ok(self) -> bool:
        """Nothing wrong found: it matches, or it could not be checked (`why`)."""
        return self.result in ("matches", "skipped")


def check_snapshots(store: EventStore, tournament_id: int, *, log_ok: bool = True) -> list[SnapshotCheck]:
    """Every stored snapshot of the tournament, oldest first, against the fold of the events up to
    it (`log_ok`: the hash chain verified; when it did not, none is checked). The log is read and
    folded once, each snapshot's fold continued from the one before where the log allows."""
    state: TournamentState | None = None
    checks = []
    for seq, version, packed, stands in _stored(store, tournament_id):
        why: Why | None = ("another_version" if version != snapshots.version() else
                           "log_broken" if not log_ok else None if stands else "not_on_log")
        if why is not None:
            checks.append(SnapshotCheck(seq, version, "skipped", why))
            continue
        held = snapshots.decode(snapshots.unpack(packed))
        if held is None:
            checks.append(SnapshotCheck(seq, version, "unreadable"))
            continue
        state = _folded_to(store, tournament_id, seq, state)
        checks.append(SnapshotCheck(seq, version, "matches" if held == state else "differs"))
    return checks


def _stored(store: EventStore, tournament_id: int) -> list[tuple[int, str, bytes, bool]]:
    """(seq, version, packed state, whether its event is in the log as it was when it was taken)."""
    shots, events = snapshot_table.c, event_table.c
    query = (
        select(shots.seq, shots.version, shots.state, (events.hash == shots.hash).label("stands"))
        .select_from(snapshot_table.outerjoin(event_table, and_(
            events.tournament_id == shots.tournament_id, events.seq == shots.seq)))
        .where(shots.tournament_id == tournament_id)
        .order_by(shots.seq)
    )
    with store.connection(write=False) as connection:
        rows = connection.execute(query).all()
    return [(int(row.seq), str(row.version), bytes(row.state), bool(row.stands)) for row in rows]


def _folded_to(store: EventStore, tournament_id: int, seq: int,
               before: TournamentState | None) -> TournamentState:
    """The fold of the events up to `seq`: `before` (an earlier one) carried on when no later
    undo takes back a command it holds (`continues`, as a terminal does from a snapshot)."""
    if before is not None:
        after = store.load(tournament_id, after=before.last_seq, until=seq)
        if continues(after):
            return fold(after, start=before)
    return fold(store.load(tournament_id, until=seq))

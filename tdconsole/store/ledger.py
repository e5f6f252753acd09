"""The log proves itself: every event stores a SHA-256 over its canonical content, which includes
the hash of the event before it in the same tournament (a hash chain), and `verify_tournament`
names the first event whose stored content no longer gives its stored hash.

The canonical content of an event (version 1; never change it, add a version instead) is the JSON
object

    {"actor": ..., "command_id": ..., "payload": ..., "prev": ..., "seq": ..., "time": ...,
     "tournament": ..., "type": ...}

with exactly these keys: the tournament's id, the event's sequence number, its time in UTC written
`YYYY-MM-DDTHH:MM:SS.ffffffZ`, the actor, the command id, the event's type (the `type` column)
and its payload (the `payload` column, as stored), and `prev`, the hash of the event at `seq - 1`
(`GENESIS`, 64 zeros, for the first). It is serialised with every object's keys sorted, no
whitespace (`,` and `:` as separators), non-ASCII characters as themselves, and encoded as UTF-8
(a lone surrogate an older log may hold is encoded as it is, `surrogatepass`): `json.dumps(content,
sort_keys=True, separators=(",", ":"), ensure_ascii=False)`. The hash is its SHA-256 in lower-case
hex, stored in `events.hash`; `events.prev_hash` repeats `prev`, so a break is named where it is.

What it proves: an event changed in place (plain SQL on the payload, the actor, the time) no longer
gives its hash; an event deleted or inserted in the middle breaks the chain at the next event. What
it does not: whoever can write the database can rewrite every hash after the one they changed, and
cut events off the end. A signed export (`club/signing.py`) names the log's head (its last sequence
number and hash) so a later rewrite shows against the published file.

Every insert into `events` goes through `chain_rows` in the transaction that inserts (the store's
`append` and `create_tournament`, and any migration that appends events).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, MutableMapping
from datetime import UTC, datetime
from functools import cache
from typing import Any, NamedTuple

from sqlalchemy import Connection, Select, bindparam, func, select

from tdconsole.domain.errors import TdError
from tdconsole.store.models import event_table, tournament_table

GENESIS = "0" * 64


def stamp(moment: datetime) -> str:
    """An event's time in the canonical content: UTC to the microsecond (SQLite hands back naive
    datetimes; every time the store writes is UTC)."""
    utc = moment.astimezone(UTC) if moment.tzinfo else moment
    return utc.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical(tournament_id: int, row: Mapping[Any, Any], prev: str) -> bytes:
    """The bytes hashed for one stored event (the module's docstring defines them)."""
    content = {
        "tournament": tournament_id,
        "seq": row["seq"],
        "time": stamp(row["time"]),
        "actor": row["actor"],
        "command_id": row["command_id"],
        "type": row["type"],
        "payload": row["payload"],
        "prev": prev,
    }
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def event_hash(tournament_id: int, row: Mapping[Any, Any], prev: str) -> str:
    return hashlib.sha256(canonical(tournament_id, row, prev)).hexdigest()


@cache
def _stored_hash_query() -> Select[tuple[str]]:
    """Built once, on first use: a statement made per append costs more than the SHA-256
    (benchmarks/bench_appends.py), and most commands, which know the head, never read a hash."""
    return select(event_table.c.hash).where(
        event_table.c.tournament_id == bindparam("tournament"), event_table.c.seq == bindparam("seq"))


def stored_hash(connection: Connection, tournament_id: int, seq: int) -> str | None:
    """The hash stored for one event, or None when there is no such event."""
    if seq == 0:
        return GENESIS
    found = connection.execute(_stored_hash_query(), {"tournament": tournament_id, "seq": seq}).scalar()
    return None if found is None else str(found)


def chain_rows(connection: Connection, tournament_id: int, rows: Iterable[MutableMapping[str, Any]],
               known: tuple[int, str] | None = None) -> None:
    """Give each row about to be inserted its `prev_hash` and `hash`, inside the inserting
    transaction. The event before a row is earlier in `rows`, or `known` (a committed event's
    sequence number and hash, which the store remembers from its last load or append), or read
    from the log. A committed event never changes, so its hash needs no lock: two writers that race
    for one sequence number compute their rows from the same predecessor, and the unique
    (tournament, seq) key lets only one of them commit."""
    written: dict[int, str] = dict([known]) if known else {}
    for row in rows:
        seq = int(row["seq"])
        prev = written.get(seq - 1) or stored_hash(connection, tournament_id, seq - 1)
        if prev is None:
            raise TdError("event {seq} cannot be written: event {before} is not in the log",
                          seq=seq, before=seq - 1)
        row["prev_hash"] = prev
        row["hash"] = written[seq] = event_hash(tournament_id, row, prev)


# A NamedTuple, not a frozen dataclass: every command imports this module, and a dataclass compiles
# its generated methods when its class is made (about four times the cost; the fast-CLI contract).
class ChainCheck(NamedTuple):
    """What `verify_tournament` found: the number of events, the head (the last event's hash) and,
    if the chain is broken, the first event that does not match and why (English; the edge
    translates `reason` with `why`); `detail` is what the reason names besides (the seq a moved
    event was written at, the name the log was created with)."""

    tournament_id: int
    events: int
    head: str
    bad_seq: int | None = None
    reason: str = ""
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.bad_seq is None


# Why an event does not match, as `ChainCheck.reason` (keys; the edge words them).
CHANGED = "changed"  # its content no longer gives its hash
MOVED = "moved"  # it gives its hash at another sequence number: events were swapped or reordered
REWRITTEN = "rewritten"  # its previous-hash differs from the event before it: that one was replaced
MISSING = "missing"  # a sequence number is absent: the event was deleted
UNHASHED = "unhashed"  # no hash at all: written around the store
RENAMED = "renamed"  # the tournaments table's name is not the one the first event created


def verify_tournament(connection: Connection, tournament_id: int) -> ChainCheck:
    """Recompute one tournament's chain from its stored rows, in order; stop at the first event
    that does not match.

    Each event is checked against its own stored previous-hash first: an event that does not give
    its own hash is the one that was touched (changed, or moved to another sequence number, which
    the hash covers), and only an intact event whose previous-hash is not its predecessor's blames
    that predecessor (replaced with a hash made to fit). The tournament's name, a copy the
    `tournaments` table keeps for listing, must be the name its first event created."""
    events = event_table.c
    listed = connection.execute(select(tournament_table.c.name).where(
        tournament_table.c.id == tournament_id)).scalar()
    last = connection.execute(select(func.max(events.seq)).where(
        events.tournament_id == tournament_id)).scalar() or 0
    rows = connection.execute(
        select(events.seq, events.time, events.actor, events.command_id, events.type,
               events.payload, events.prev_hash, events.hash)
        .where(events.tournament_id == tournament_id).order_by(events.seq)
    ).mappings()
    previous, count = GENESIS, 0
    for row in rows:
        expected = count + 1
        if row["seq"] != expected:
            return ChainCheck(tournament_id, count, previous, expected, MISSING)
        if not row["hash"]:
            return ChainCheck(tournament_id, count, previous, expected, UNHASHED)
        if event_hash(tournament_id, row, row["prev_hash"]) != row["hash"]:
            was = _written_at(tournament_id, row, last)
            if was is not None:
                return ChainCheck(tournament_id, count, previous, expected, MOVED, str(was))
            return ChainCheck(tournament_id, count, previous, expected, CHANGED)
        if row["prev_hash"] != previous:
            return ChainCheck(tournament_id, count, previous, expected, REWRITTEN)
        if expected == 1 and isinstance(row["payload"], dict) and row["payload"].get("name") != listed:
            return ChainCheck(tournament_id, count, previous, expected, RENAMED,
                              str(row["payload"].get("name")))
        previous, count = row["hash"], expected
    return ChainCheck(tournament_id, count, previous)


def _written_at(tournament_id: int, row: Mapping[Any, Any], last: int) -> int | None:
    """The sequence number at which `row`, as stored, gives its own hash, if another: the event was
    moved there from it (a hash per event of the log, only once a check has failed)."""
    for seq in range(1, last + 1):
        if seq != row["seq"] and event_hash(tournament_id, {**row, "seq": seq},
                                            row["prev_hash"]) == row["hash"]:
            return seq
    return None


def broken_log(check: ChainCheck, name: str) -> TdError:
    """The one line that names where a tournament's log does not match (`verify`, and every command
    whose fold fails on a log that was changed)."""
    where: dict[str, Any] = {"id": check.tournament_id, "name": name, "seq": check.bad_seq}
    if check.reason == CHANGED:
        return TdError("tournament {id} ({name}): event {seq} does not match its hash: it was "
                       "changed after it was written", **where)
    if check.reason == MOVED:
        return TdError("tournament {id} ({name}): event {seq} does not match its hash: it is event "
                       "{was}, moved (events were swapped or reordered)", was=check.detail, **where)
    if check.reason == REWRITTEN:
        return TdError("tournament {id} ({name}): event {seq} does not follow event {before}: "
                       "event {before} was replaced or rewritten", before=(check.bad_seq or 1) - 1,
                       **where)
    if check.reason == MISSING:
        return TdError("tournament {id} ({name}): event {seq} is missing: it was deleted", **where)
    if check.reason == RENAMED:
        return TdError("tournament {id} ({name}): its name is not {logged!r}, the name its log was "
                       "created with: the tournaments table was changed", logged=check.detail, **where)
    return TdError("tournament {id} ({name}): event {seq} has no hash: it was written around "
                   "tdconsole", **where)

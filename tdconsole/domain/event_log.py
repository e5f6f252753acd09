"""The log as a terminal keeps it: every envelope of the tournament, the newest as objects and the
rest packed, each event as its JSON text, read back when it is asked for.

A festival's evening is about 30,000 events. Held as objects (an envelope and its event, each a
pydantic model with its dict and set of fields) they took 109 MB of every terminal's memory, more
than the tournament's state itself; packed they take about 19 MB. What reads the whole log (the log
screen, an undo) reads it back in a pass; what looks for a few kinds of event among them (the cash
desk's slips and receipts, the undone commands) asks `of` for those kinds, and only they are read
back. The newest `KEPT` envelopes stay objects: what most often reads the log (`undo`, the last
command, a screen's newest entries) reads its end.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import Any, NamedTuple, overload

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

from tdconsole.domain.events import Envelope, Undone, parse_stored_event
from tdconsole.domain.model import Frozen

# How many of the newest envelopes are kept as objects.
KEPT = 200


class Packed(NamedTuple):
    """One envelope with its event as JSON text (`payload`), its `type` tag beside it."""

    seq: int
    time: datetime
    actor: str
    command_id: str
    type: str
    payload: str

    def unpack(self) -> Envelope:
        # Read as the store reads a row (store/event_store.py): text through `visible_data`.
        return Envelope.of(self.seq, self.time, self.actor, self.command_id,
                           parse_stored_event(self.type, self.payload))


def pack(envelope: Envelope) -> Packed:
    event = envelope.event
    return Packed(envelope.seq, envelope.time, envelope.actor, envelope.command_id, event.type,
                  event.model_dump_json())


class EventLog(Sequence[Envelope]):
    """Every envelope folded so far, in order: a sequence of `Envelope` that holds most of them
    packed (see the module's docstring).

    >>> from datetime import UTC
    >>> from tdconsole.domain.events import Undone
    >>> when = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
    >>> log = EventLog(kept=1)
    >>> log.extend(Envelope(seq=n, time=when, actor="td", command_id=f"c{n}",
    ...                     event=Undone(command_id="c0")) for n in (1, 2, 3))
    >>> len(log), log[0].seq, [env.seq for env in log[1:]], log[-1].event.command_id, log[1:] == log[-2:]
    (3, 1, [2, 3], 'c0', True)
    >>> [env.seq for env in log.of("undone")], list(log.of("player_busted"))
    ([1, 2, 3], [])
    """

    __slots__ = ("_items", "_kept")

    def __init__(self, envelopes: Iterable[Envelope] = (), *, kept: int = KEPT) -> None:
        self._items: list[Envelope | Packed] = []
        self._kept = kept
        self.extend(envelopes)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        # A state validated from a snapshot gets a log of its own (the field's default), never one
        # from the data: a snapshot leaves the log out (store/snapshots.py).
        return core_schema.is_instance_schema(cls)

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Envelope: ...

    @overload
    def __getitem__(self, index: slice) -> EventLog: ...

    def __getitem__(self, index: int | slice) -> Envelope | EventLog:
        """An envelope, read back if packed; a slice is a log of its own, nothing read back."""
        if isinstance(index, slice):
            log = EventLog(kept=self._kept)
            log._items = self._items[index]
            return log
        return _unpacked(self._items[index])

    def __iter__(self) -> Iterator[Envelope]:
        return map(_unpacked, self._items)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same envelopes (a list of them too)."""
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # a log grows: it is no key

    def __repr__(self) -> str:
        return f"EventLog({len(self)} envelopes)"

    def append(self, envelope: Envelope) -> None:
        self._items.append(envelope)
        # The one that is no longer among the newest `kept` is packed.
        old = len(self._items) - 1 - self._kept
        if old >= 0 and isinstance(item := self._items[old], Envelope):
            self._items[old] = pack(item)

    def extend(self, envelopes: Iterable[Envelope]) -> None:
        for envelope in envelopes:
            self.append(envelope)

    @classmethod
    def of_packed(cls, packed: Iterable[Packed]) -> EventLog:
        """A log of envelopes read packed (`EventStore.load_packed`), none read back."""
        log = cls()
        log._items = list(packed)
        return log

    def put_before(self, earlier: Iterable[Packed]) -> None:
        """The envelopes before the first one held, packed (a state restored from a snapshot
        reads those before it only when the whole log is asked for)."""
        self._items[:0] = earlier

    def copy(self) -> EventLog:
        """Another log of the same envelopes, packed ones not read back."""
        return self[:]

    def of(self, *types: str) -> Iterator[Envelope]:
        """The envelopes whose event is of one of `types` (tags, `"undone"`), in order: only they
        are read back."""
        wanted = set(types)
        for item in self._items:
            if (item.type if isinstance(item, Packed) else item.event.type) in wanted:
                yield _unpacked(item)

    def command_ids(self) -> Iterator[str]:
        """Each envelope's command id, in order, none read back."""
        return (item.command_id for item in self._items)


def _unpacked(item: Envelope | Packed) -> Envelope:
    return item if isinstance(item, Envelope) else item.unpack()


def events(log: Sequence[Envelope], *types: type[Frozen]) -> Iterator[Envelope]:
    """The envelopes of `log` whose event is of one of `types`: `EventLog.of` for a packed log,
    read back only those; any other sequence, looked through."""
    if isinstance(log, EventLog):
        tags = [kind.model_fields["type"].default for kind in types]
        return log.of(*tags)
    return (envelope for envelope in log if isinstance(envelope.event, types))


def command_ids(log: Sequence[Envelope]) -> Iterator[str]:
    """Each envelope's command id, in order: none read back from a packed log."""
    if isinstance(log, EventLog):
        return log.command_ids()
    return (envelope.command_id for envelope in log)


def undone_commands(log: Sequence[Envelope]) -> set[str]:
    """The commands an `Undone` of `log` takes back: only the Undone events read back."""
    return {env.event.command_id for env in events(log, Undone) if isinstance(env.event, Undone)}

"""The log as a terminal keeps it: every envelope of the tournament, the newest as objects and the
rest packed in blocks, read back when they are asked for.

A festival's evening is about 30,000 events. Held as objects (an envelope and its event, each a
pydantic model with its dict and set of fields) they took 109 MB of every terminal's memory, more
than the tournament's state itself; as a tuple of their fields and JSON text each, 19 MB (and
more that the many small objects left scattered over the heap). Packed in blocks of `BLOCK` (the
events' JSON texts compressed together, their sequence numbers and times in arrays) they take
about 2 MB. What reads the whole log (the log screen, an undo) reads it back in a pass, a block
at a time; what looks for a few kinds of event among them (the cash desk's slips and receipts, the
undone commands) asks `of` for those kinds, and only the blocks that hold one are opened. The
newest `KEPT` envelopes stay objects: what most often reads the log (`undo`, the last command, a
screen's newest entries) reads its end.
"""

from __future__ import annotations

import zlib
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from itertools import accumulate, chain, islice
from typing import Any, NamedTuple, overload

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

from tdconsole.domain.events import Envelope, Event, Undone, parse_stored_event
from tdconsole.domain.model import Frozen

# How many of the newest envelopes are kept as objects.
KEPT = 200
# An event text this short (a hand finished, a level started) is read once a pass over the log and
# shared by the envelopes that hold it: thousands of them are the same few hundred texts.
SHARED_TEXT = 64
# How many envelopes a block packs: JSON texts compress about tenfold together, hardly alone, and
# reading one envelope back opens its whole block (about 15 KB of text).
BLOCK = 128

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


class Packed(NamedTuple):
    """One envelope with its event as JSON text (`payload`), its `type` tag beside it."""

    seq: int
    time: datetime
    actor: str
    command_id: str
    type: str
    payload: str

    def unpack(self, read: dict[tuple[str, str], Event] | None = None) -> Envelope:
        """The envelope, its event as `event` reads it."""
        return Envelope.of(self.seq, self.time, self.actor, self.command_id, self.event(read))

    def event(self, read: dict[tuple[str, str], Event] | None = None) -> Event:
        """The event, read as the store reads a row (store/event_store.py): text through
        `visible_data`. With `read`, an event whose short text is in it already is that event
        again (an event is immutable), and one read is put in it."""
        if read is None or len(self.payload) > SHARED_TEXT:
            return parse_stored_event(self.type, self.payload)
        key = (self.type, self.payload)
        event = read.get(key)
        if event is None:
            event = read[key] = parse_stored_event(self.type, self.payload)
        return event


def pack(envelope: Envelope) -> Packed:
    """An envelope kept as its event's JSON text, read back when asked for.

    >>> from tdconsole.domain.examples import tournament
    >>> packed = pack(tournament("Ann").log[1])
    >>> packed.type, packed.seq, packed.command_id
    ('player_registered', 2, 'c1')
    >>> packed.payload
    '{"type":"player_registered","player_id":"p1","name":"Ann","member":null,"alternate":null}'
    """
    event = envelope.event
    return Packed(envelope.seq, envelope.time, envelope.actor, envelope.command_id, event.type,
                  event.model_dump_json())


class Block(NamedTuple):
    """A run of packed envelopes: the fields a search or a count reads (tags, command ids,
    actors: strings shared with the other envelopes) as they are, the rest packed: sequence
    numbers and times (microseconds since 1970, UTC) in arrays, the JSON texts compressed
    together, each ending at its offset (in characters) of `ends`.

    `texts` holds one item: the texts compressed, or, in a block packed `loose`, joined as they
    are until `tighten` compresses them. A first open folds a festival's 40,000 events before
    its terminal shows anything, and compressing their texts was a tenth of that wait (issue 33);
    a terminal tightens its log once its first screen is up, a one-shot command never. One list
    whose item is replaced whole, so a reader in another thread sees the texts one way or the
    other, never the block changed under it."""

    seqs: array[int]
    times: array[int]
    actors: tuple[str, ...]
    command_ids: tuple[str, ...]
    types: tuple[str, ...]
    ends: array[int]
    texts: list[bytes | str]

    @classmethod
    def of(cls, packed: Sequence[Packed | Envelope], *, loose: bool = False) -> Block:
        items = [item if isinstance(item, Packed) else pack(item) for item in packed]
        # Each field's column in one pass (`zip`), not one pass of Python per field.
        seqs, moments, actors, command_ids, types, payloads = zip(*items, strict=True) if items else ((),) * 6
        # A command's events share its time: each run of one time is counted once.
        times, last, micros = array("q"), None, 0
        for moment in moments:
            if moment is not last:
                last, micros = moment, (moment - _EPOCH) // _MICROSECOND
            times.append(micros)
        text = "".join(payloads)
        return cls(array("q", seqs), times, actors, command_ids, types,
                   array("q", accumulate(map(len, payloads))),
                   [text if loose else zlib.compress(text.encode(), 1)])

    def tighten(self) -> None:
        """The texts compressed, if the block was packed loose."""
        texts = self.texts[0]
        if isinstance(texts, str):
            self.texts[0] = zlib.compress(texts.encode(), 1)

    def unpacked(self) -> list[Packed]:
        held = self.texts[0]
        text = held if isinstance(held, str) else zlib.decompress(held).decode()
        texts = [text[start:end] for start, end in zip(chain((0,), self.ends), self.ends, strict=False)]
        # A time to the microsecond survives the float: 2**53 microseconds is 285 years.
        times = [datetime.fromtimestamp(micros / 1e6, UTC) for micros in self.times]
        return list(map(Packed, self.seqs, times, self.actors, self.command_ids, self.types, texts))


class EventLog(Sequence[Envelope]):
    """Every envelope folded so far, in order: a sequence of `Envelope` that holds most of them
    packed (see the module's docstring): blocks, then the newest envelopes one by one.

    A worker may read the log while the service's thread appends to it: what a read looks at
    (`_parts`: the blocks, where each starts, the envelopes after them) is replaced as a whole
    when envelopes are packed, and otherwise only grows at its end.

    >>> from tdconsole.domain.events import Undone
    >>> when = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
    >>> log = EventLog(kept=1, block=2)
    >>> log.extend(Envelope(seq=n, time=when, actor="td", command_id=f"c{n}",
    ...                     event=Undone(command_id="c0")) for n in (1, 2, 3, 4))
    >>> len(log), log[0].seq, [env.seq for env in log[1:]], log[-1].event.command_id, log[1:] == log[-3:]
    (4, 1, [2, 3, 4], 'c0', True)
    >>> [env.seq for env in log.of("undone")], list(log.of("player_busted")), log[0].time == when
    ([1, 2, 3, 4], [], True)
    """

    __slots__ = ("_block", "_kept", "_loose", "_opened", "_parts")

    def __init__(self, envelopes: Iterable[Envelope] = (), *, kept: int = KEPT, block: int = BLOCK,
                 loose: bool = False) -> None:
        # The blocks, where each starts (and, last, where the items start), the items: each an
        # envelope or packed on its own.
        self._parts: tuple[list[Block], list[int], list[Envelope | Packed]] = ([], [0], [])
        self._kept = kept
        self._block = block
        # Blocks packed loose (`Block`) until `tighten`: a first open's fold (`fold_read`).
        self._loose = loose
        # The block read back last: reading a log in order or near one place opens each once.
        self._opened: tuple[Block, list[Packed]] | None = None
        self.extend(envelopes)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        # A state validated from a snapshot gets a log of its own (the field's default), never one
        # from the data: a snapshot leaves the log out (store/snapshots.py).
        return core_schema.is_instance_schema(cls)

    def __len__(self) -> int:
        _blocks, starts, items = self._parts
        return starts[-1] + len(items)

    @overload
    def __getitem__(self, index: int) -> Envelope: ...

    @overload
    def __getitem__(self, index: slice) -> EventLog: ...

    def __getitem__(self, index: int | slice) -> Envelope | EventLog:
        """An envelope, read back if packed; a slice is a log of its own that shares the blocks
        wholly in it."""
        blocks, starts, items = self._parts
        size = starts[-1] + len(items)
        if isinstance(index, slice):
            return self._slice(index.indices(size), blocks, starts, items)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("log index out of range")
        if index >= starts[-1]:
            return _unpacked(items[index - starts[-1]])
        number = bisect_right(starts, index) - 1
        return self._open(blocks[number])[index - starts[number]].unpack()

    def _open(self, block: Block) -> list[Packed]:
        opened = self._opened
        if opened is not None and opened[0] is block:
            return opened[1]
        packed = block.unpacked()
        self._opened = (block, packed)
        return packed

    def _slice(self, bounds: tuple[int, int, int], blocks: list[Block], starts: list[int],
               items: list[Envelope | Packed]) -> EventLog:
        start, stop, step = bounds
        log = EventLog(kept=self._kept, block=self._block)
        if step != 1:
            log.extend(list(self)[start:stop:step])
            return log
        kept: list[Block] = []
        for block, first in zip(blocks, starts, strict=False):
            last = first + len(block.seqs)
            if last <= start or first >= stop:
                continue
            if start <= first and last <= stop:
                kept.append(block)
            else:  # the part of a block in the slice is packed anew
                kept.append(Block.of(self._open(block)[max(start, first) - first:min(stop, last) - first]))
        blocked = starts[-1]
        log._parts = (kept, _starts(kept), items[max(start - blocked, 0):max(stop - blocked, 0)])
        return log

    def __iter__(self) -> Iterator[Envelope]:
        """Every envelope in order; a pass reads each short event text once (half a festival's
        log is "hand finished at table N", of some hundreds of tables)."""
        blocks, _starts, items = self._parts
        read: dict[tuple[str, str], Event] = {}
        for block in blocks:
            for packed in block.unpacked():
                yield packed.unpack(read)
        for item in items[:]:
            yield item if isinstance(item, Envelope) else item.unpack(read)

    def replayed(self) -> Iterator[tuple[int, datetime, str, Event]]:
        """Each envelope's seq, time, command id and event, in order, no envelope made: what a
        fold reads of a festival's 30,000 (as `__iter__`, each short event text read once)."""
        blocks, _starts, items = self._parts
        read: dict[tuple[str, str], Event] = {}
        for block in blocks:
            for packed in block.unpacked():
                yield packed.seq, packed.time, packed.command_id, packed.event(read)
        for item in items[:]:
            event = item.event if isinstance(item, Envelope) else item.event(read)
            yield item.seq, item.time, item.command_id, event

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same envelopes (a list of them too)."""
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # a log grows: it is no key

    def __repr__(self) -> str:
        return f"EventLog({len(self)} envelopes)"

    def append(self, envelope: Envelope | Packed) -> None:
        """`envelope` added at the end (one read packed stays packed)."""
        blocks, starts, items = self._parts
        items.append(envelope)
        # The oldest `block` are packed once as many are no longer among the newest `kept`.
        if len(items) >= self._kept + self._block:
            block = Block.of(items[:self._block], loose=self._loose)
            self._parts = ([*blocks, block], [*starts, starts[-1] + len(block.seqs)], items[self._block:])

    def tighten(self) -> None:
        """Every block compressed (those packed loose), and every block packed from now on: what a
        terminal that keeps the log does once it shows its first screen (in the thread that
        appends to the log, or with none appending)."""
        self._loose = False
        for block in self._parts[0]:  # a copy made before shares loose blocks: each is looked at
            block.tighten()

    def extend(self, envelopes: Iterable[Envelope]) -> None:
        for envelope in envelopes:
            self.append(envelope)

    @classmethod
    def of_packed(cls, packed: Iterable[Packed]) -> EventLog:
        """A log of envelopes read packed (`EventStore.load_packed`), none read back."""
        log = cls()
        log.put_before(packed)
        return log

    def put_before(self, earlier: Iterable[Packed]) -> None:
        """The envelopes before the first one held, packed (a state restored from a snapshot
        reads those before it only when the whole log is asked for)."""
        added, rest = [], iter(earlier)
        while part := list(islice(rest, self._block)):
            added.append(Block.of(part))
        blocks, _starts_now, items = self._parts
        blocks = [*added, *blocks]
        self._parts = (blocks, _starts(blocks), items)

    def copy(self) -> EventLog:
        """Another log of the same envelopes, the blocks shared."""
        return self[:]

    def of(self, *types: str) -> Iterator[Envelope]:
        """The envelopes whose event is of one of `types` (tags, `"undone"`), in order: only the
        blocks that hold one are opened, only they are read back."""
        wanted = set(types)
        blocks, _starts_now, items = self._parts
        items = items[:]
        for block in blocks:
            if not wanted.isdisjoint(block.types):
                yield from (item.unpack() for item in block.unpacked() if item.type in wanted)
        for item in items:
            if (item.type if isinstance(item, Packed) else item.event.type) in wanted:
                yield _unpacked(item)

    def command_ids(self) -> Iterator[str]:
        """Each envelope's command id, in order, none read back."""
        blocks, _starts_now, items = self._parts
        return chain(chain.from_iterable(block.command_ids for block in blocks),
                     [item.command_id for item in items])


def _starts(blocks: Sequence[Block]) -> list[int]:
    """Where each of `blocks` starts in a log that begins with them, and where they end."""
    starts = [0]
    for block in blocks:
        starts.append(starts[-1] + len(block.seqs))
    return starts


def _unpacked(item: Envelope | Packed) -> Envelope:
    return item if isinstance(item, Envelope) else item.unpack()


def events(log: Sequence[Envelope], *types: type[Frozen]) -> Iterator[Envelope]:
    """The envelopes of `log` whose event is of one of `types`: `EventLog.of` for a packed log,
    read back only those; any other sequence, looked through.

    >>> from tdconsole.domain.events import PlayerRegistered
    >>> from tdconsole.domain.examples import tournament
    >>> [envelope.event.name for envelope in events(tournament("Ann", "Bo").log, PlayerRegistered)]
    ['Ann', 'Bo']
    """
    if isinstance(log, EventLog):
        tags = [kind.model_fields["type"].default for kind in types]
        return log.of(*tags)
    return (envelope for envelope in log if isinstance(envelope.event, types))


def command_ids(log: Sequence[Envelope]) -> Iterator[str]:
    """Each envelope's command id, in order: none read back from a packed log.

    >>> from tdconsole.domain.examples import tournament
    >>> list(command_ids(tournament("Ann", "Bo").log))
    ['c0', 'c1', 'c1']
    """
    if isinstance(log, EventLog):
        return log.command_ids()
    return (envelope.command_id for envelope in log)


def undone_commands(log: Sequence[Envelope]) -> set[str]:
    """The commands an `Undone` of `log` takes back: only the Undone events read back.

    >>> from tdconsole.domain.commands import Bust, Undo
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> _ = t.do(Undo(actor="td"))
    >>> undone_commands(t.log)
    {'c2'}
    """
    return {env.event.command_id for env in events(log, Undone) if isinstance(env.event, Undone)}

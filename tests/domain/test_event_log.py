"""The packed log (domain/event_log.py) is the list of envelopes it holds, whatever was packed:
every read, slice, copy and search of an `EventLog` answers as the same list would, across block
edges, with blocks made by appending, by reading packed (`of_packed`) and by putting earlier
envelopes before (`put_before`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.event_log import Block, EventLog, command_ids, pack, undone_commands
from tdconsole.domain.events import Envelope, PlayerRegistered, Undone

START = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)


def envelopes(count: int) -> list[Envelope]:
    """`count` envelopes of two kinds, two a command, with names no JSON writes plainly."""
    made = []
    for n in range(1, count + 1):
        event = Undone(command_id=f"c{n // 3}") if n % 5 == 0 else \
            PlayerRegistered(player_id=f"p{n}", name=f"Łukasz \"{n}\" Ødegård ✓")
        made.append(Envelope(seq=n, time=START + timedelta(seconds=n, microseconds=n * 7),
                             actor="td" if n % 2 else "floor", command_id=f"c{n // 2}", event=event))
    return made


@settings(max_examples=150, deadline=None)
@given(count=st.integers(0, 40), kept=st.integers(0, 6), block=st.integers(1, 7),
       before=st.integers(0, 40), loose=st.booleans(), data=st.data())
def test_a_packed_log_reads_as_the_list_it_holds(count: int, kept: int, block: int, before: int,
                                                 loose: bool, data: st.DataObject) -> None:
    whole = envelopes(count)
    before = min(before, count)
    log = EventLog(kept=kept, block=block, loose=loose)
    log.put_before([])
    log.extend(whole[before:])
    log.put_before(pack(envelope) for envelope in whole[:before])
    assert len(log) == count and list(log) == whole and log == whole
    if count:
        index = data.draw(st.integers(-count, count - 1))
        assert log[index] == whole[index]
    start, stop = data.draw(st.integers(-count - 2, count + 2)), data.draw(st.integers(-count - 2, count + 2))
    part = log[start:stop]
    assert list(part) == whole[start:stop] and len(part) == len(whole[start:stop])
    assert list(log[::2]) == whole[::2]
    assert list(command_ids(log)) == [envelope.command_id for envelope in whole]
    assert [envelope.seq for envelope in log.of("undone")] == \
        [envelope.seq for envelope in whole if isinstance(envelope.event, Undone)]
    assert undone_commands(log) == {e.event.command_id for e in whole if isinstance(e.event, Undone)}
    copied = log.copy()
    more = envelopes(count + 3)[count:]
    copied.extend(more)
    assert list(copied) == whole + more and list(log) == whole  # a copy grows alone
    # A loose log's texts (a first open's) compressed: the same envelopes, in the copy sharing
    # its blocks too, and every block packed after it compressed as well.
    log.tighten()
    log.extend(more)
    assert list(log) == whole + more and list(copied) == whole + more
    assert all(isinstance(packed.texts[0], bytes) for packed in log._parts[0])


def test_a_block_gives_back_each_envelope_to_the_microsecond() -> None:
    whole = [pack(envelope) for envelope in envelopes(30)]
    assert Block.of(whole).unpacked() == whole
    assert EventLog.of_packed(whole) == [packed.unpack() for packed in whole]

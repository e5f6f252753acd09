"""The first open of a tournament without a snapshot it can use (after an upgrade, issue 33: a
festival's 40,000 events in 500 ms), on SQLite and PostgreSQL: the log is folded as it is read and
packed as it goes, no block read back, its undone commands read first; an Undo another terminal
appends between the two reads is still honoured. The state is always the fold of the whole log."""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from sqlalchemy import Text, cast, event, select

from tdconsole import service as service_module
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Bust, Draw, Register, Undo
from tdconsole.domain.event_log import Block
from tdconsole.domain.tournament import fold
from tdconsole.service import Service
from tdconsole.store import snapshots
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import event_table
from tests.conftest import FakeClock


def evening(store: EventStore) -> Service:
    """More events than a log keeps unpacked (so it has blocks), an undone bust near the end."""
    desk = Service.create(store, name="Friday", structure=load_structure("club-turbo"), now=FakeClock())
    desk.execute(Register(names=[f"P{i:03}" for i in range(400)]))
    desk.execute(Draw(seed=5))
    desk.execute(Bust(names=["P001"]))
    desk.execute(Undo(any=True))
    desk.execute(Bust(names=["P002"]))
    return desk


@pytest.fixture(autouse=True)
def _no_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every snapshot written by another fold: each open folds the whole log.
    monkeypatch.setattr(snapshots, "version", lambda: "another fold")
    monkeypatch.setattr(service_module.Service, "_save", lambda *_args: None)


def test_the_first_open_folds_the_log_as_it_is_read_and_reads_no_block_back(
        store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = evening(store)
    whole = fold(store.load(desk.tournament_id))
    assert whole.players[whole.by_name["p001"]].status == "seated"  # the undone bust is skipped

    def refused(_block: Block) -> None:
        raise AssertionError("a block was read back")

    monkeypatch.setattr(Block, "unpacked", refused)
    opened = Service(store, desk.tournament_id)
    assert opened.state.log._parts[0]  # packed as it was read
    monkeypatch.undo()
    assert opened.state == whole == desk.state
    assert opened.log == store.load(desk.tournament_id)


def test_an_undo_appended_between_the_two_reads_is_still_honoured(
        store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = evening(store)
    # The undone commands as read before the other terminal's Undo was appended: none.
    monkeypatch.setattr(EventStore, "commands_undone", lambda *_args: set())
    opened = Service(store, desk.tournament_id)
    assert opened.state == fold(store.load(desk.tournament_id)) == desk.state


def test_the_first_open_reads_the_hash_of_the_last_event_alone(store: EventStore) -> None:
    # The head the next append chains onto is the last event's hash: a festival's 40,000 read
    # with the rows were made and dropped at every first open (issue 33).
    desk = evening(store)
    statements: list[str] = []

    def executed(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        statements.append(" ".join(statement.split()))

    event.listen(store.engine, "before_cursor_execute", executed)
    try:
        opened = Service(store, desk.tournament_id)
    finally:
        event.remove(store.engine, "before_cursor_execute", executed)
    hashes = [statement for statement in statements if "events.hash" in statement.partition(" FROM ")[0]]
    assert hashes and all("events.seq =" in statement for statement in hashes), hashes
    last = opened.state.last_seq
    assert store._heads[desk.tournament_id] == (last, store.stored_hash(desk.tournament_id, last))
    opened.execute(Bust(names=["P003"]))  # chained onto that head
    assert store.verify(desk.tournament_id).bad_seq is None


def test_the_first_open_leaves_the_texts_loose_until_its_first_change(store: EventStore) -> None:
    # Compressing a festival's texts was a tenth of its first open: done once the terminal is up
    # (ServiceApp) or at its first change, never while the TD waits (issue 33).
    desk = evening(store)
    opened = Service(store, desk.tournament_id)
    blocks = opened.log._parts[0]
    assert blocks and all(isinstance(block.texts[0], str) for block in blocks)
    copied = opened.log.copy()  # shares the loose blocks
    opened.execute(Bust(names=["P003"]))
    assert all(isinstance(block.texts[0], bytes) for block in opened.log._parts[0])
    assert all(isinstance(block.texts[0], bytes) for block in copied._parts[0])
    assert opened.log == store.load(desk.tournament_id)


def test_a_short_read_takes_its_head_with_its_rows(store: EventStore) -> None:
    # The events after a snapshot, a refresh: one query, each row's hash with it (a command's
    # open on PostgreSQL pays no round trip more for the head).
    desk = evening(store)
    statements: list[str] = []

    def executed(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        statements.append(statement)

    last = desk.state.last_seq
    store._heads.clear()
    event.listen(store.engine, "before_cursor_execute", executed)
    try:
        assert [envelope.seq for envelope in store.load(desk.tournament_id, after=last - 3)] == \
            [last - 2, last - 1, last]
    finally:
        event.remove(store.engine, "before_cursor_execute", executed)
    reads = [statement for statement in statements if statement.lstrip().upper().startswith("SELECT")]
    assert len(reads) == 1, reads
    assert store._heads[desk.tournament_id] == (last, store.stored_hash(desk.tournament_id, last))


def test_the_rows_read_from_the_driver_are_those_sqlalchemy_reads(store: EventStore) -> None:
    # The log is read from the driver's cursor, each time converted by its column's type only when
    # it changes (issue 33): what SQLAlchemy's own rows give, on SQLite (times stored as text)
    # and PostgreSQL alike, times aware and in UTC.
    desk = evening(store)
    assert isinstance(desk.now, FakeClock)
    for step, name in ((timedelta(minutes=3), "P003"), (timedelta(seconds=1, microseconds=250), "P004")):
        desk.now.moment += step
        desk.execute(Bust(names=[name]))
    events = event_table.c
    query = (select(events.seq, events.time, events.actor, events.command_id, events.type,
                    cast(events.payload, Text))
             .where(events.tournament_id == desk.tournament_id).order_by(events.seq))
    with store.engine.connect() as connection:
        typed = [(seq, time if time.tzinfo else time.replace(tzinfo=UTC), *rest)
                 for seq, time, *rest in connection.execute(query)]
    packed = [tuple(row) for row in store.load_packed(desk.tournament_id)]
    assert packed == typed and len({row[1] for row in packed}) > 1
    assert all(row[1].utcoffset() is not None and not row[1].utcoffset() for row in packed)
    after = desk.state.last_seq - 5
    assert [tuple(row) for row in store.load_packed(desk.tournament_id, after=after, until=after + 2)] \
        == typed[after:after + 2]


def test_no_validator_a_first_open_builds_parses_a_builtin_s_signature(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Pydantic reads each default factory's signature to build a validator, and a builtin's
    # (`dict`, `list`, `set`) is parsed from text by the tokenizer, whose first use in a process
    # compiles a large regular expression (10 ms): a first open builds the validator of each kind of
    # event its log holds (the creation's with the house rules in it), and every command that reads
    # a snapshot back the state's (domain/model.py `empty_dict` says so; issue 33).
    import tokenize

    from pydantic import TypeAdapter

    from tdconsole.domain.events import EVENT_TYPES
    from tdconsole.domain.state import TournamentState

    parsed: list[object] = []
    real = tokenize._compile  # type: ignore[attr-defined]

    def compiled(*args: object) -> object:
        parsed.append(args)
        return real(*args)

    monkeypatch.setattr(tokenize, "_compile", compiled)
    for kind in EVENT_TYPES.values():
        kind.model_rebuild(force=True)
    TypeAdapter(TournamentState)
    assert parsed == []

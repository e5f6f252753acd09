"""The event log on SQLite and on a real PostgreSQL: append-only, keyed by (tournament, seq)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register, Undo
from tdconsole.domain.events import Envelope, PlayerRegistered
from tdconsole.domain.tournament import fold
from tdconsole.service import Service, use_tournament
from tdconsole.store import db
from tdconsole.store.db import StoreError, database_url, upgrade
from tdconsole.store.event_store import Conflict, EventStore
from tdconsole.store.models import metadata
from tests.conftest import FakeClock


def _new(store: EventStore, clock: FakeClock | None = None) -> Service:
    return Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                          now=clock or FakeClock())


def test_events_round_trip_with_time_actor_and_payload(store: EventStore) -> None:
    service = _new(store)
    service.execute(Register(names=["Anna", "[b]Bo[/b]"]))
    loaded = store.load(service.tournament_id)
    assert [e.seq for e in loaded] == [1, 2, 3]
    assert loaded[1].event == PlayerRegistered(player_id="p1", name="Anna")
    assert loaded[2].event.name == "[b]Bo[/b]"  # type: ignore[union-attr]
    assert loaded[1].time == FakeClock()() and loaded[1].actor == "td"
    assert loaded[0].event.structure == load_structure("club-turbo")  # type: ignore[union-attr]


def test_the_same_seq_cannot_be_appended_twice(store: EventStore) -> None:
    service = _new(store)
    envelope = Envelope(seq=2, time=FakeClock()(), actor="a", command_id="x",
                        event=PlayerRegistered(player_id="p1", name="A"))
    store.append(service.tournament_id, [envelope])
    with pytest.raises(Conflict):
        store.append(service.tournament_id, [envelope.model_copy(update={"command_id": "y"})])
    assert len(store.load(service.tournament_id)) == 2


def test_a_failed_append_writes_none_of_its_events(store: EventStore) -> None:
    service = _new(store)
    clash = Envelope(seq=2, time=FakeClock()(), actor="a", command_id="x",
                     event=PlayerRegistered(player_id="p9", name="Z"))
    store.append(service.tournament_id, [clash])
    with pytest.raises(Conflict):
        service.store.append(service.tournament_id, [
            clash.model_copy(update={"seq": 3}), clash.model_copy(update={"seq": 2})])
    assert [e.seq for e in store.load(service.tournament_id)] == [1, 2]


def test_the_loser_of_a_race_reloads_and_decides_again(store: EventStore) -> None:
    first = _new(store)
    second = Service(store, first.tournament_id, now=first.now)
    first.execute(Register(names=["Anna"]))
    second.execute(Register(names=["Bo"]))  # second's seq 2 was taken: it reloads and appends at 3
    assert [p.name for p in second.state.players.values()] == ["Anna", "Bo"]
    assert [e.seq for e in store.load(first.tournament_id)] == [1, 2, 3]


def test_a_command_that_no_longer_applies_after_the_race_is_a_clear_conflict(store: EventStore) -> None:
    first = _new(store)
    second = Service(store, first.tournament_id, now=first.now)
    first.execute(Register(names=["Anna"]))
    with pytest.raises(Exception, match="already registered"):
        second.execute(Register(names=["anna"]))
    assert len(store.load(first.tournament_id)) == 2


def test_follow_sees_what_another_service_appended(store: EventStore) -> None:
    writer = _new(store)
    reader = Service(store, writer.tournament_id)
    writer.execute(Register(names=["Anna"]))
    assert reader.refresh() is True
    assert reader.state.find("anna").name == "Anna"
    assert reader.refresh() is False


def test_the_current_tournament_is_the_default_and_only_use_changes_it(store: EventStore) -> None:
    first = _new(store)  # the database's first tournament becomes current: there was none
    second = _new(store)
    assert Service(store).tournament_id == first.tournament_id
    assert use_tournament(store, second.tournament_id, actor="anna") == first.tournament_id
    assert Service(store).tournament_id == second.tournament_id
    assert [(entry.actor, entry.tournament_id) for entry in store.audit()] == [
        ("td", first.tournament_id), ("anna", second.tournament_id)]
    with pytest.raises(Exception, match="no tournament 99"):
        Service(store, 99)
    with pytest.raises(Exception, match="no tournament 99"):
        use_tournament(store, 99)


def test_cold_load_equals_the_live_state(store: EventStore) -> None:
    service = _new(store)
    service.execute(Register(names=[f"P{i}" for i in range(30)]))
    assert fold(store.load(service.tournament_id)).players == service.state.players


def _head() -> str:
    head = ScriptDirectory.from_config(db.alembic_config()).get_current_head()
    assert head is not None
    return head


def test_upgrade_is_idempotent(db_url: str) -> None:
    engine = db.make_engine(db_url)
    assert upgrade(engine) == upgrade(engine) == _head()


def test_0002_records_the_house_rules_of_a_tournament_from_before_they_were_logged(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A database as tdconsole wrote it before the rules were in the log: schema 0001, and a
    # creation event without `house_rules`; the TD ran it under the file's (here TDA) rules.
    engine = db.make_engine(db_url)
    upgrade(engine)
    old = EventStore(engine)
    service = _new(old)
    service.execute(Register(names=["Anna"]))
    with engine.begin() as connection:
        payload = old.load(service.tournament_id)[0].event.model_dump(mode="json")
        del payload["house_rules"]
        connection.execute(text("UPDATE events SET payload = :p WHERE seq = 1"),
                           {"p": json.dumps(payload)})
        # Back to schema 0001: the tables of later revisions go, the events stay.
        later = [table for table in metadata.sorted_tables
                 if table.name not in ("tournaments", "events")]
        metadata.drop_all(connection, tables=later)
        for column in ("prev_hash", "hash"):  # the hash chain came in 0009
            connection.execute(text(f"ALTER TABLE events DROP COLUMN {column}"))
        connection.execute(text("UPDATE alembic_version SET version_num = '0001'"))
    rules = tmp_path / "house_rules.toml"
    rules.write_text('[seating]\nbalance = "rrop"\n[clock_call]\nseconds = 25\n')
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(rules))
    store = EventStore.open(db_url)  # upgrades to the head
    log = store.load(service.tournament_id)
    assert [e.event.type for e in log] == ["tournament_created", "player_registered",
                                           "house_rules_recorded"]
    state = Service(store, service.tournament_id).state
    assert (state.house_rules.seating.balance, state.house_rules.clock_call.seconds) == ("rrop", 25)
    # A record, not the TD's action: undo takes back the registration, not the rules.
    undoing = Service(store, service.tournament_id, now=service.now)
    undoing.execute(Undo(actor="td"))
    assert undoing.state.entries == 0 and undoing.state.house_rules.clock_call.seconds == 25
    # A tournament created after the upgrade records its own rules and needs no record.
    assert upgrade(db.make_engine(db_url)) == _head()


def test_a_database_from_a_newer_schema_is_refused(db_url: str) -> None:
    engine = db.make_engine(db_url)
    upgrade(engine)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(StoreError, match="newer tdconsole"):
        EventStore.open(db_url)


# ---------------------------------------------------------------- SQLite only


def test_sqlite_runs_in_wal_with_full_sync_and_foreign_keys(tmp_path: Path) -> None:
    store = EventStore.open(database_url(str(tmp_path / "td.sqlite")))
    with store.engine.connect() as connection:
        pragmas = [connection.execute(text(f"PRAGMA {name}")).scalar()
                   for name in ("journal_mode", "synchronous", "foreign_keys")]
    assert pragmas == ["wal", 2, 1]


def test_a_database_path_in_a_missing_directory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no such directory"):
        database_url(str(tmp_path / "missing" / "td.sqlite"))


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a tdconsole database"):
        EventStore.open(database_url(str(path)))
    assert path.read_bytes() == b"this is not a database" * 100


def test_another_programs_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="other tables"):
        EventStore.open(database_url(str(path)))


def test_the_sqlite_file_is_copied_aside_before_a_migration(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    url = database_url(str(tmp_path / "td.sqlite"))
    service = _new(EventStore.open(url))
    service.execute(Register(names=["Anna"]))
    service.store.close()
    # A second revision, as a later tdconsole would ship it.
    migrations = tmp_path / "migrations"
    (migrations / "versions").mkdir(parents=True)
    source = db.migrations_dir()
    for name in ("env.py", "script.py.mako"):
        (migrations / name).write_text((source / name).read_text())
    for revision in (source / "versions").glob("*.py"):
        (migrations / "versions" / revision.name).write_text(revision.read_text())
    head = _head()
    (migrations / "versions" / "9999_test.py").write_text(
        f'revision = "9999"\ndown_revision = "{head}"\nbranch_labels = None\ndepends_on = None\n'
        "from alembic import op\n"
        "def upgrade():\n    op.create_index('ix_events_type', 'events', ['type'])\n"
        "def downgrade():\n    op.drop_index('ix_events_type', table_name='events')\n")
    monkeypatch.setattr(db, "migrations_dir", lambda: migrations)
    store = EventStore.open(url)
    backups = list(tmp_path.glob(f"td.sqlite.{head}.*.bak"))
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as copy:
        assert copy.execute("SELECT count(*) FROM events").fetchone() == (2,)
        assert copy.execute("SELECT version_num FROM alembic_version").fetchone() == (head,)
    assert len(store.load(service.tournament_id)) == 2


def test_a_race_lost_between_load_and_append_reports_what_changed(store: EventStore,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    first = _new(store)
    second = Service(store, first.tournament_id, now=first.now)
    first.execute(Register(names=["Anna"]))
    real_refresh = second.refresh
    stale = [True]

    def refresh() -> bool:
        # The first load happens just before the other terminal's write lands: a stale decision.
        if stale.pop() if stale else False:
            return False
        return real_refresh()

    monkeypatch.setattr(second, "refresh", refresh)
    with pytest.raises(Conflict, match=r"another terminal changed the tournament first.*already registered"):
        second.execute(Register(names=["anna"]))
    assert len(store.load(first.tournament_id)) == 2


# ---------------------------------------------------------------- the start-up check without Alembic


def test_the_head_read_without_alembic_is_alembics_head() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(db.alembic_config())
    assert db.declared_head(db.migrations_dir() / "versions") == script.get_current_head()


def _migration(directory: Path, revision: str, down: str | None) -> None:
    (directory / f"{revision}_m.py").write_text(f"revision = {revision!r}\ndown_revision = {down!r}\n")


def test_a_head_that_is_not_plain_is_left_to_alembic(tmp_path: Path) -> None:
    _migration(tmp_path, "0001", None)
    _migration(tmp_path, "0002", "0001")
    assert db.declared_head(tmp_path) == "0002"
    _migration(tmp_path, "0003", "0001")  # a branch: two heads
    assert db.declared_head(tmp_path) is None
    (tmp_path / "0003_m.py").write_text("revision = ")
    assert db.declared_head(tmp_path) is None


def test_a_log_read_back_holds_the_events_the_general_reading_makes(store: EventStore) -> None:
    """`load` validates each payload from its stored text (`parse_stored_event`); whatever row it
    reads, the event is the one `parse_event(visible_data(json.loads(text)))` makes: plain rows,
    non-ASCII names, an older log's control characters, and a row whose type column was changed
    to name another kind than its payload."""
    from sqlalchemy import Text, cast, select, update

    from tdconsole.domain.commands import Bust, ClockStart, Draw
    from tdconsole.domain.events import parse_event
    from tdconsole.domain.text import visible_data
    from tdconsole.store.models import event_table

    service = _new(store)
    service.execute(Register(names=["Anna", "Åse Øst", "Bo", "Ｃarl", "Dan"]))
    service.execute(Draw(seed=3))
    service.execute(ClockStart())
    service.execute(Bust(names=["Bo"]))
    tournament = service.tournament_id
    seq = service.state.last_seq + 1
    evil = PlayerRegistered(player_id="p99", name="Evil\x1b]0;x\x07\u202e")
    store.append(tournament, [Envelope(seq=seq, time=FakeClock()(), actor="td\x1b[2J", command_id="c" * 32,
                                       event=evil)])
    events = event_table.c
    with store.engine.begin() as connection:
        connection.execute(update(event_table).where(events.tournament_id == tournament, events.seq == 2)
                           .values(type="player_busted"))
        stored = connection.execute(select(cast(events.payload, Text))
                                    .where(events.tournament_id == tournament)
                                    .order_by(events.seq)).scalars().all()
    loaded = store.load(tournament)
    assert [envelope.event for envelope in loaded] == [parse_event(visible_data(json.loads(text)))
                                                       for text in stored]
    assert loaded[1].event == PlayerRegistered(player_id="p1", name="Anna")
    assert loaded[-1].actor == "td\\x1b[2J"
    assert loaded[-1].event.name == "Evil\\x1b]0;x\\x07\\u202e"  # type: ignore[union-attr]
    assert fold(loaded).players["p2"].name == "Åse Øst"


def test_an_ascii_event_text_is_not_read_character_by_character() -> None:
    """An ASCII payload without a backslash holds nothing `visible` changes but DEL (JSON writes
    0-31 escaped, and a raw one is refused either way): no character is asked whether it is
    printable (a twentieth of a festival's first open, issue 33), and each reads as the general
    reading makes it."""
    from tdconsole.domain.events import ClockSet, parse_event, parse_stored_event
    from tdconsole.domain.text import visible_data

    class Watched(str):
        asked = 0

        def isprintable(self) -> bool:
            Watched.asked += 1
            return super().isprintable()

    assert parse_stored_event("clock_set", Watched('{"type":"clock_set","remaining_seconds":300}')) == \
        ClockSet(remaining_seconds=300)
    assert Watched.asked == 0
    base = '{"type":"player_registered","player_id":"p1",\n "name":"%s"}'
    for name in ("Ann", "A\x7fB", "\u00c5se\x7f", "Ann\u202e", "Åse", "x\\u0007"):
        text = base % name
        assert parse_stored_event("player_registered", text) == parse_event(visible_data(json.loads(text)))
    assert parse_stored_event("player_registered", base % "A\x7fB").name == "A\\x7fB"  # type: ignore[union-attr]


def test_an_envelope_made_of_checked_values_is_the_validated_one() -> None:
    """`Envelope.of` skips validation (a log read back, the service's own stamps): the envelope it
    makes equals, dumps and copies as the validated one."""
    time = FakeClock()()
    event = PlayerRegistered(player_id="p1", name="Anna")
    made = Envelope.of(7, time, "td", "c" * 32, event)
    validated = Envelope(seq=7, time=time, actor="td", command_id="c" * 32, event=event)
    assert made == validated and made.model_dump() == validated.model_dump()
    assert made.model_fields_set == validated.model_fields_set
    assert made.model_copy(update={"seq": 8}).seq == 8 and made.seq == 7

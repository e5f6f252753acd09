"""State snapshots (store/snapshots.py), on SQLite and PostgreSQL: a terminal that opens a tournament
folds only the events after the newest snapshot the log still stands on, an undo folds from a
checkpoint, and whatever a snapshot cannot be trusted for (an undo of a command before it, another
fold's version, an unreadable or foreign one) it is passed over; the state is always the fold of
the whole log."""

from __future__ import annotations

import dataclasses
import gc
import json
import typing
from dataclasses import astuple
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select, update

from tdconsole import service as service_module
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import (
    Bust,
    ClockPause,
    ClockResume,
    ClockStart,
    CountChips,
    Draw,
    Register,
    Undo,
)
from tdconsole.domain.examples import tournament
from tdconsole.domain.state import Player
from tdconsole.domain.tournament import fold
from tdconsole.service import Service
from tdconsole.store import snapshots
from tdconsole.store.event_store import EventStore
from tdconsole.store.models import snapshot_table
from tests.conftest import FakeClock

NAMES = [f"P{i:02}" for i in range(1, 19)]


@pytest.fixture(autouse=True)
def _often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 4)


def evening(store: EventStore) -> Service:
    desk = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                          actor="desk", now=FakeClock())
    for name in NAMES:
        desk.execute(Register(names=[name]))
    desk.execute(Draw(seed=5))
    desk.execute(ClockStart())
    for index, name in enumerate(NAMES[:6]):
        desk.execute(Bust(names=[name]))
        desk.execute(CountChips(counts={NAMES[-1 - index]: 20_000 + index}))
    return desk


def whole_fold(store: EventStore, tournament_id: int) -> object:
    return fold(store.load(tournament_id))


def test_a_terminal_opening_the_tournament_folds_only_the_events_after_the_newest_snapshot(
        store: EventStore) -> None:
    desk = evening(store)
    total = desk.state.last_seq
    opened = Service(store, desk.tournament_id, actor="laptop")
    assert opened.state.earlier is not None and len(opened.state.recent) < 4
    assert opened.state == whole_fold(store, desk.tournament_id) == desk.state
    # The whole log is read when asked for, once, in order.
    assert [envelope.seq for envelope in opened.log] == list(range(1, total + 1))
    assert opened.state.earlier is None and len(opened.log) == total
    opened.execute(Bust(names=[NAMES[6]]))
    assert opened.state == whole_fold(store, desk.tournament_id)


def test_only_the_newest_snapshots_are_kept(store: EventStore) -> None:
    desk = evening(store)
    with store.engine.connect() as connection:
        kept = sorted(connection.execute(
            select(snapshot_table.c.seq).where(snapshot_table.c.tournament_id == desk.tournament_id)
        ).scalars())
    assert len(kept) == 3 and kept[1:] == sorted(desk._checkpoints)  # the two newest kept in memory too


def test_two_terminals_writing_the_same_snapshot_keep_one(store: EventStore) -> None:
    desk = evening(store)
    data = snapshots.encode(desk.state)
    seq = desk.state.last_seq
    store.save_snapshot(desk.tournament_id, seq, snapshots.version(), data)
    store.save_snapshot(desk.tournament_id, seq, snapshots.version(), data)
    with store.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(snapshot_table)
                                  .where(snapshot_table.c.seq == seq)).scalar() == 1


def newest_snapshot_seq(store: EventStore, tournament_id: int) -> int | None:
    found = store.snapshot(tournament_id)
    return None if found is None else found[0]


def test_a_draw_is_written_down_after_it_so_no_terminal_folds_it_again(store: EventStore) -> None:
    # One registration of 17 (a multiple of 4 crossed: written down), then the draw: one event,
    # crossing no multiple, but seating 17 players (`fold_weight`), a festival's 10,000.
    desk = Service.create(store, name="Friday", structure=load_structure("club-turbo"), now=FakeClock())
    desk.execute(Register(names=NAMES[:17]))
    desk.execute(Draw(seed=5))
    drawn = desk.state.last_seq
    assert drawn % service_module.SNAPSHOT_EVERY != 0
    assert newest_snapshot_seq(store, desk.tournament_id) == drawn
    opened = Service(store, desk.tournament_id)
    assert len(opened.state.recent) == 0 and opened.state == desk.state
    # A database written before (no snapshot after its draw): the first terminal to open it folds
    # the draw and writes the state down (`write_down`), and the next folds nothing.
    with store.engine.begin() as connection:
        connection.execute(delete(snapshot_table).where(snapshot_table.c.seq == drawn))
    first = Service(store, desk.tournament_id)
    assert len(first.state.recent) == 1
    first.write_down()
    assert newest_snapshot_seq(store, desk.tournament_id) == drawn
    assert len(Service(store, desk.tournament_id).state.recent) == 0


def test_undoing_a_command_from_before_the_newest_snapshot_folds_from_before_it(
        store: EventStore) -> None:
    desk = evening(store)
    desk.execute(Register(names=["Zed"]))
    floor = Service(store, desk.tournament_id, actor="floor")
    for _ in range(5):  # the clock touches no player: Zed's registration can still be undone
        floor.execute(ClockPause())
        floor.execute(ClockResume())
    desk.execute(Undo(actor="desk"))
    whole = whole_fold(store, desk.tournament_id)
    assert desk.state == whole and "zed" not in desk.state.by_name
    opened = Service(store, desk.tournament_id)
    assert opened.state == whole
    floor.refresh()
    assert floor.state == whole


def test_undoing_the_last_bust_refolds_from_a_checkpoint(store: EventStore) -> None:
    desk = evening(store)
    for name in NAMES[6:9]:
        desk.execute(Bust(names=[name]))
    assert desk._checkpoints  # taken as the log grew
    desk.execute(Undo(actor="desk"))
    assert desk.state == whole_fold(store, desk.tournament_id)
    assert desk.state.find(NAMES[8]).status == "seated"


def test_a_snapshot_of_another_fold_is_passed_over(store: EventStore,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    desk = evening(store)
    store.save_snapshot(desk.tournament_id, desk.state.last_seq, snapshots.version(),
                        snapshots.pack(snapshots.encode(desk.state)))
    monkeypatch.setattr(snapshots, "version", lambda: "another fold")
    opened = Service(store, desk.tournament_id)
    assert opened.state.earlier is None and opened.state == desk.state
    # Having folded the whole log, it writes its own in the other's place, which the next reads.
    opened.write_down()
    assert Service(store, desk.tournament_id).state.earlier is not None


def stored(store: EventStore, tournament_id: int) -> list[int]:
    with store.engine.connect() as connection:
        return sorted(connection.execute(select(snapshot_table.c.seq).where(
            snapshot_table.c.tournament_id == tournament_id)).scalars())


def without_snapshots(store: EventStore) -> Service:
    """The evening as the first open after an upgrade finds it: no snapshot it can use."""
    desk = evening(store)
    with store.engine.begin() as connection:
        connection.execute(delete(snapshot_table))
    return desk


def test_a_long_fold_is_written_down_once_the_open_is_done_not_while_it_opens(store: EventStore) -> None:
    # Writing a festival's state down was a tenth of its first open without a snapshot, which the
    # TD waits for (issue 33): the terminal writes it once its first screen is up (ServiceApp).
    desk = without_snapshots(store)
    opened = Service(store, desk.tournament_id, actor="laptop")
    assert stored(store, desk.tournament_id) == [] and opened._checkpoints == {}
    opened.write_down()
    last = opened.state.last_seq
    assert stored(store, desk.tournament_id) == [last] and list(opened._checkpoints) == [last]
    written = snapshots.decode(snapshots.unpack(opened._checkpoints[last]))
    assert written == whole_fold(store, desk.tournament_id)
    opened.write_down()  # once
    assert stored(store, desk.tournament_id) == [last]
    assert Service(store, desk.tournament_id).state.earlier is not None  # the next open starts there


@pytest.mark.parametrize("own", [True, False])
def test_a_long_fold_is_written_down_at_the_terminal_s_first_change(store: EventStore, own: bool) -> None:
    desk = without_snapshots(store)
    opened = Service(store, desk.tournament_id, actor="laptop")
    if own:
        opened.execute(ClockPause())
    else:  # another terminal's change, followed
        desk.execute(ClockPause())
        assert opened.refresh()
    assert opened.state.last_seq in stored(store, desk.tournament_id)
    assert opened.state == whole_fold(store, desk.tournament_id)


@pytest.mark.parametrize("spoilt", [{"state": b"not a state"}, {"hash": "0" * 64}])
def test_an_unreadable_or_foreign_snapshot_is_passed_over(store: EventStore,
                                                          spoilt: dict[str, object]) -> None:
    desk = evening(store)
    with store.engine.begin() as connection:
        connection.execute(update(snapshot_table).values(**spoilt))
    opened = Service(store, desk.tournament_id)
    assert opened.state == desk.state and opened.state.earlier is None


def test_a_snapshot_writes_the_players_as_columns_without_the_defaults_and_reads_back_the_same_state(
        store: EventStore) -> None:
    desk = evening(store)
    data = snapshots.encode(desk.state)
    written = json.loads(data)
    assert "players" not in written["state"]
    columns = written["players"]
    # Each field's values in the players' order; a field every player holds at its default is left
    # out (a festival's players are a third of the size, and read back in half the time). Six are
    # out: their place, and the seat each left.
    assert list(columns) == ["id", "name", "status", "table", "seat", "place", "left_seat"]
    assert columns["name"] == NAMES
    busted = desk.state.find(NAMES[0])
    assert busted.left_seat is not None
    assert (columns["place"][0], columns["left_seat"][0]) == (busted.place, list(busted.left_seat))
    assert columns["place"][-1] is None
    decoded = snapshots.decode(data)
    assert decoded == desk.state
    assert decoded is not None and snapshots.encode(decoded) == data


def test_a_snapshot_of_a_tournament_without_players_reads_back(store: EventStore) -> None:
    desk = Service.create(store, name="Empty", structure=load_structure("club-turbo"), now=FakeClock())
    data = snapshots.encode(desk.state)
    assert json.loads(data)["players"] == {}
    assert snapshots.decode(data) == desk.state


@pytest.mark.parametrize("spoil", [
    lambda columns: columns.pop("name"),  # a required field
    lambda columns: columns["seat"].pop(),  # a column shorter than the others
    lambda columns: columns.update(rebuys=["two"] * len(columns["id"])),  # a value of another type
])
def test_a_snapshot_whose_players_are_not_a_whole_table_is_not_read(store: EventStore,
                                                                    spoil: Any) -> None:
    written = json.loads(snapshots.encode(evening(store).state))
    spoil(written["players"])
    assert snapshots.decode(json.dumps(written).encode()) is None


def test_an_undo_folds_with_the_collector_paused(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    # What the fold makes is the new state or dies by its reference count: at festival size the
    # collector's full passes over it were every fourth undo's extra 40-50 ms.
    desk = evening(store)
    seen: list[bool] = []
    refold = Service._refold

    def watched(service: Service, log: object) -> object:
        seen.append(gc.isenabled())
        return refold(service, log)  # type: ignore[arg-type]

    monkeypatch.setattr(Service, "_refold", watched)
    desk.execute(Undo(actor="desk"))
    assert seen == [False] and gc.isenabled()
    assert desk.state == whole_fold(store, desk.tournament_id)


# Any value each field can hold, and the field's default often: a column is left out only when
# every player holds its default, so runs of defaults and a lone other value both occur.
def _values(kind: Any, default: Any) -> st.SearchStrategy[Any]:
    text = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)
    drawn = st.from_type(kind) if kind is not str else text
    return drawn if default is dataclasses.MISSING else st.one_of(st.just(default), drawn)


_PLAYER_FIELDS = dataclasses.fields(Player)
_PLAYER_HINTS = typing.get_type_hints(Player)
players = st.lists(
    st.tuples(*(_values(_PLAYER_HINTS[field.name], field.default) for field in _PLAYER_FIELDS)),
    max_size=6,
).map(lambda rows: {f"p{number}": Player(f"p{number}", *row[1:]) for number, row in enumerate(rows, 1)})


@settings(max_examples=200, deadline=None)
@given(players=players)
def test_any_players_read_back_from_their_columns_as_they_were(players: dict[str, Player]) -> None:
    state = tournament().state
    state.players = players
    decoded = snapshots.decode(snapshots.encode(state))
    assert decoded is not None and decoded.players == players
    assert [type(value) for player in decoded.players.values() for value in astuple(player)] == \
        [type(value) for player in players.values() for value in astuple(player)]

"""The tournament a terminal is on stays its own: a current tournament that only `use` changes, and
a terminal that keeps the tournament it opened (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.domain.errors import TdError
from tdconsole.service import Service, use_tournament
from tdconsole.store import db
from tdconsole.store.event_store import EventStore
from tests.conftest import FakeClock
from tests.schema import rewind


def _new(store: EventStore, name: str, *, use: bool = False, role: str = "td") -> Service:
    return Service.create(store, name=name, structure=load_structure("club-turbo"), use=use,
                          role=role, now=FakeClock())  # type: ignore[arg-type]


def test_a_new_tournament_does_not_move_the_current_one_unless_asked(store: EventStore) -> None:
    friday = _new(store, "Friday")
    _new(store, "Demo")
    assert store.current_tournament() == friday.tournament_id
    saturday = _new(store, "Saturday", use=True)
    assert store.current_tournament() == saturday.tournament_id
    assert [entry.detail for entry in store.audit()] == [
        f"current tournament none -> {friday.tournament_id} (the first tournament)",
        f"current tournament {friday.tournament_id} -> {saturday.tournament_id} (created with --use)"]


def test_a_terminal_keeps_the_tournament_it_opened_when_the_current_one_changes(
        store: EventStore) -> None:
    friday = _new(store, "Friday")
    terminal = Service(store)  # a TUI, a display or a floor terminal opened without --tournament
    other = _new(store, "Other")
    use_tournament(store, other.tournament_id, actor="td2")
    Service(store, other.tournament_id).execute(Register(names=["Zoe"]))
    assert terminal.refresh() is False  # following is following its own log, not the current one
    terminal.execute(Register(names=["Anna"]))
    assert terminal.tournament_id == friday.tournament_id
    assert [p.name for p in Service(store, friday.tournament_id).state.players.values()] == ["Anna"]


@pytest.mark.parametrize("role", ["floor", "display"])
def test_floor_and_display_cannot_create_or_choose_a_tournament(store: EventStore, role: str) -> None:
    friday = _new(store, "Friday")
    with pytest.raises(TdError, match="cannot create a tournament"):
        _new(store, "Demo", role=role)
    with pytest.raises(TdError, match="cannot choose the current tournament"):
        use_tournament(store, friday.tournament_id, role=role)  # type: ignore[arg-type]
    assert [t.name for t in store.tournaments()] == ["Friday"]
    assert store.audit()[-1].detail.endswith("(the first tournament)")


def test_a_database_without_tournaments_says_how_to_make_one(store: EventStore) -> None:
    with pytest.raises(TdError, match="tdconsole new NAME"):
        Service(store)


def test_an_upgraded_database_keeps_its_most_recent_tournament_as_the_current_one(db_url: str) -> None:
    engine = db.make_engine(db_url)
    db.upgrade(engine)
    store = EventStore(engine)
    _new(store, "Old")
    newest = _new(store, "Newest")
    rewind(engine, "0003")  # as an older tdconsole left it
    db.upgrade(engine)
    assert store.current_tournament() == newest.tournament_id
    engine.dispose()

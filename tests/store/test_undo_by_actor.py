"""Undo between terminals, through the service on SQLite and PostgreSQL: each takes back only its
own latest command, and an undo shown for one command never takes back another."""

from __future__ import annotations

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Bust, ClockStart, Register, Undo
from tdconsole.domain.errors import TdError
from tdconsole.domain.tournament import undo_target
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.conftest import FakeClock


def test_each_terminal_undoes_only_its_own_latest_command(store: EventStore) -> None:
    desk = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                          actor="desk", now=FakeClock())
    floor = Service(store, desk.tournament_id, actor="laptop")
    desk.execute(Register(names=["Anna", "Bo", "Cy"]))
    floor.execute(Bust(names=["Bo"]))
    with pytest.raises(TdError, match=r"laptop's command \(log #5\) depends on it"):  # the bust of Bo
        desk.execute(Undo(actor="desk"))
    floor.execute(Undo(actor="laptop"))
    assert desk.refresh() and desk.state.find("bo").status == "registered"
    desk.execute(Undo(actor="desk"))
    assert Service(store, desk.tournament_id).state.entries == 0


def test_an_undo_shown_for_one_command_never_takes_back_a_later_one(store: EventStore) -> None:
    desk = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                          actor="desk", now=FakeClock())
    other = Service(store, desk.tournament_id, actor="laptop")
    desk.execute(Register(names=["Anna", "Bo", "Cy"]))
    shown = undo_target(desk.state, Undo(any=True))
    other.execute(Bust(names=["Bo"]))  # lands between showing and confirming
    with pytest.raises(TdError, match="changed since it was shown"):
        desk.execute(Undo(any=True, command_id=shown.command_id))
    assert Service(store, desk.tournament_id).state.find("bo").status == "busted"


def test_your_own_command_is_undone_when_another_terminal_s_later_one_does_not_rest_on_it(
        store: EventStore) -> None:
    desk = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                          actor="desk", now=FakeClock())
    floor = Service(store, desk.tournament_id, actor="laptop")
    desk.execute(Register(names=["Anna", "Bo", "Cy"]))
    desk.execute(Bust(names=["Cy"]))  # the wrong player
    floor.execute(ClockStart())
    desk.execute(Undo(actor="desk"))
    fresh = Service(store, desk.tournament_id)
    assert fresh.state.find("cy").status == "registered" and fresh.state.clock.running
    assert floor.refresh() and floor.state.find("cy").status == "registered"

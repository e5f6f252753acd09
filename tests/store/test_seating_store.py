"""Seating on both backends: a draw written by one process is seen, seat for seat, by another."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.base import jsonable
from tdconsole.views.seating import tables_view
from tests.conftest import FakeClock

ROOT = Path(__file__).resolve().parents[2]


def test_a_draw_by_another_process_is_seen_seat_for_seat(store: EventStore, db_url: str) -> None:
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                             now=FakeClock())
    service.execute(Register(names=[f"Player {i}" for i in range(1, 31)]))
    # The laptop across the room draws (a real second process, its own connection).
    drawn = subprocess.run(
        [sys.executable, "-m", "tdconsole", "--db", db_url, "--tournament",
         str(service.tournament_id), "draw", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert drawn.returncode == 0, drawn.stderr
    tables = json.loads(drawn.stdout)["tables"]
    assert sorted(len(t["seats"]) for t in tables) == [7, 7, 8, 8]
    # This terminal follows: the very seats drawn there, never a draw of its own.
    assert service.refresh()
    assert jsonable(tables_view(service.state.room, service.state.house_rules)) == tables
    assert {p.status for p in service.state.players.values()} == {"seated"}
    # A cold load (a third terminal starting now) agrees too.
    cold = Service(store, service.tournament_id).state
    assert jsonable(tables_view(cold.room, cold.house_rules)) == tables

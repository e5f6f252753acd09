"""Rulings across terminals on SQLite and PostgreSQL: a ruling logged in one
process appears in another's list, and escalation counts the other terminal's rulings even in a race."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import LogRuling, Register
from tdconsole.domain.tournament import fold
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.rulings import rulings_view
from tests.conftest import FakeClock

OOT = {"action": "check", "changed": "no", "deliberate": "no", "players": "8"}


def _oot(player: str, staff: str = "Mette") -> LogRuling:
    return LogRuling(scenario=load_catalogue().get("out-of-turn-action"),
                     staff=staff, answers=OOT, players=[player])


@pytest.fixture
def td(store: EventStore) -> Service:
    service = Service.create(store, name="Friday", structure=load_structure("club-turbo"),
                             now=FakeClock())
    service.execute(Register(names=["Anna", "Bo"]))
    return service


def _cli(db_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tdconsole", "--db", db_url, *args],
                          capture_output=True, text=True, timeout=60, check=False)


def test_a_ruling_logged_on_a_floor_terminal_follows_to_the_td(td: Service, db_url: str) -> None:
    floor_store = EventStore.open(db_url)
    try:
        floor = Service(floor_store, td.tournament_id, actor="tablet", role="floor", now=td.now)
        floor.execute(_oot("anna"))
        assert td.refresh() is True
        rows = rulings_view(td.state)
        assert [(r["id"], r["players"], r["staff"]) for r in rows] == [(1, ["Anna"], "Mette")]
        # The TD's second ruling on Anna counts the floor's first: O-OOT-5 escalates.
        [envelope] = td.execute(_oot("Anna", staff="TD"))
        assert envelope.event.penalty is not None  # type: ignore[union-attr]
        assert fold(td.store.load(td.tournament_id)).rulings == td.state.rulings
    finally:
        floor_store.close()


def test_escalation_counts_a_ruling_that_won_the_race(td: Service, db_url: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    other_store = EventStore.open(db_url)
    try:
        other = Service(other_store, td.tournament_id, role="floor", now=td.now)
        real_refresh = other.refresh
        stale = [True]

        def refresh() -> bool:
            # The first decision is made before the TD's ruling lands: it must be made again.
            if stale.pop() if stale else False:
                return False
            return real_refresh()

        td.execute(_oot("Anna"))
        monkeypatch.setattr(other, "refresh", refresh)
        [envelope] = other.execute(_oot("Anna"))
        event = envelope.event
        assert (event.ruling_id, event.answers["earlier"]) == (2, "1")  # type: ignore[union-attr]
        assert event.penalty is not None and event.penalty.hands == 24  # type: ignore[union-attr]
    finally:
        other_store.close()


@pytest.mark.slow
def test_a_ruling_logged_in_another_process_appears_in_this_ones_list(td: Service, db_url: str) -> None:
    logged = _cli(db_url, "--role", "floor", "rulings", "log", "-s", "out-of-turn-action",
                  "-a", "action=fold", "-a", "deliberate=no", "-p", "Bo", "--table", "3", "--seat", "2",
                  "--by", "Mette", "--json")
    assert logged.returncode == 0, logged.stderr
    assert td.refresh() is True
    assert [(r["id"], r["players"], r["table"]) for r in rulings_view(td.state)] == [(1, ["Bo"], 3)]
    td.execute(_oot("Anna", staff="TD"))
    listed = _cli(db_url, "rulings", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert [(r["id"], r["staff"]) for r in json.loads(listed.stdout)] == [(1, "Mette"), (2, "TD")]

"""The TV shows a shootout's round and each table's state (T-SHOOT-1..3): "Table 3: 4 left", "Table
2: won by Ann — waits for round 2"; `/api/board` carries them as `state --json` `shootout` does."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web.app import create_app
from tests.conftest import FakeClock
from tests.web.conftest import TD, TD_PIN, Ticks


def test_t_shoot_2_the_tv_shows_each_tables_state(tmp_path: Path, fake_clock: FakeClock) -> None:
    ticks = Ticks()
    store = EventStore.open(f"sqlite:///{tmp_path / 'shootout.sqlite'}")
    td = Service.create(store, name="Shootout", buy_in=100, fee=10,
                        structure=load_structure(DEFAULT_STRUCTURE), now=fake_clock,
                        shootout=ShootoutSettings(), use=True)
    td.execute(commands.Register(names=["Ann", *(f"P{n:02}" for n in range(2, 19))]))
    td.execute(commands.Draw(seed=1))
    won = td.state.find("Ann").table
    other = next(number for number in td.state.room if number != won)
    td.execute(commands.Bust(names=[name for name in td.state.room[won].occupants.values() if name != "Ann"]))
    td.execute(commands.Bust(names=sorted(td.state.room[other].occupants.values())[4:]))
    with TestClient(create_app(store, clock=ticks, poll=0.05)) as client:
        board = client.get("/api/board").json()
        assert board["shootout"]["round"] == 1
        assert {t["table"]: (t["left"], t["winner"]) for t in board["shootout"]["tables"]} == {
            won: (1, "Ann"), other: (4, None)}
        tv = client.get("/").text
        assert "SHOOTOUT ROUND 1" in tv
        assert f"Table {won}: won by Ann — waits for round 2" in tv
        assert f"Table {other}: 4 left" in tv
    store.close()


def test_t_shoot_3_the_remote_draws_the_next_round(club_db: Path, fake_clock: FakeClock) -> None:
    """The phone's Tables tab: each table's state, and "Draw round 2" once the round is over, which
    runs `POST /api/commands/shootout/draw`: refused in one line before, then the preview's seed
    draws the very tables it showed."""
    store = EventStore.open(f"sqlite:///{club_db}")
    td = Service.create(store, name="Shootout", buy_in=100, fee=10,
                        structure=load_structure(DEFAULT_STRUCTURE), now=fake_clock,
                        shootout=ShootoutSettings())
    td.execute(commands.Register(names=[f"P{n:02}" for n in range(1, 19)]))
    td.execute(commands.Draw(seed=1))
    first, second = sorted(td.state.room)
    td.execute(commands.Bust(names=sorted(td.state.room[first].occupants.values())[1:]))
    room = f"/t/{td.tournament_id}"
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as client:
        csrf = client.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
        headers = {"X-CSRF-Token": csrf}
        early = client.post(f"{room}/api/commands/shootout/draw", json={"apply": True}, headers=headers)
        assert early.status_code == 409 and "T-SHOOT-3" in early.json()["error"]
        panel = client.get(f"{room}/remote/panel").text
        assert 'data-preview="shootout/draw"' not in panel and f"Table {second}: 9 left" in panel
        # T-SHOOT-1: a shootout's tables are never broken, drawn to a final table nor played
        # hand-for-hand together: the phone offers none of it.
        assert not re.findall(r'data-(?:verb|preview)="(break-table|final-table|h4h/start)"', panel)
        assert 'id="balance-show"' not in panel and 'id="balance-apply"' not in panel  # no balancing
        td.execute(commands.Bust(names=sorted(td.state.room[second].occupants.values())[1:]))
        panel = client.get(f"{room}/remote/panel").text
        assert 'data-preview="shootout/draw"' in panel and "Draw round 2" in panel
        winner = next(iter(td.state.room[second].occupants.values()))
        assert f"Table {second}: won by {winner} — waits for round 2" in panel
        shown = client.post(f"{room}/api/commands/shootout/draw", json={}, headers=headers).json()
        drawn = client.post(f"{room}/api/commands/shootout/draw", json={"apply": True, "seed": shown["seed"]},
                            headers=headers)
        assert drawn.status_code == 200, drawn.text
        assert drawn.json()["tables"] == shown["tables"] and drawn.json()["round"] == 2
        board = client.get(f"{room}/api/board").json()
        assert board["shootout"]["round"] == 2 and board["shootout"]["last_round"] is True
    store.close()

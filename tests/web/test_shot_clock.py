"""T-SHOT-1: a table's shot clock started on the remote shows on the TV, on the remote and on the
players' pages of that table; the server logs it at zero (the hand dead as a called clock's, the
rules cited) and the remote offers the clock-call ruling with the table filled in."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.web.conftest import FLOOR, FLOOR_PIN, Served, Web, open_page, wait_for
from tests.web.test_browser import _log_in
from tests.web.test_player_page import _page

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser


def _seated(db: Path, table: int) -> list[tuple[int, str]]:
    service = Service(EventStore.open(f"sqlite:///{db}"), 1)
    return sorted(service.state.room[table].occupants.items())


def test_t_shot_1_the_floor_starts_it_and_the_tv_and_the_tables_pages_show_it(web: Web) -> None:
    (seat, name), *_ = _seated(web.db, 1)
    csrf = web.login(FLOOR, FLOOR_PIN)
    answer = web.command("shot-clock", {"table": 1, "seat": seat}, csrf)
    assert answer.status_code == 200, answer.text  # type: ignore[attr-defined]
    [row] = answer.json()["shot_clocks"]  # type: ignore[attr-defined]
    assert (row["table"], row["seconds"], row["player"], row["expired"]) == (1, 30, name, False)
    board = web.client.get("/api/board").json()
    assert board["shot_clocks"][0]["table"] == 1 and 0 < board["shot_clocks"][0]["remaining"] <= 30
    assert "SHOT CLOCK T1" in web.client.get("/").text
    here = _page(web.db, name)
    assert web.client.get(f"/api/p/{here.token}").json()["shot_clock"]["table"] == 1
    (_seat, elsewhere), *_ = _seated(web.db, 2)
    there = _page(web.db, elsewhere)
    assert web.client.get(f"/api/p/{there.token}").json()["shot_clock"] is None  # another table's
    assert "Shot clock: table 1" in web.client.get("/remote/panel").text
    # Not at zero yet: the server does not log it; stopped, it is gone.
    refused = web.command("shot-clock", {"table": 1, "expire": True}, csrf)
    assert refused.status_code == 409 and "left" in refused.json()["error"]  # type: ignore[attr-defined]
    assert web.command("shot-clock", {"table": 1, "stop": True}, csrf).json()["shot_clocks"] == []  # type: ignore[attr-defined]


def _ended(db: Path) -> list[dict[str, object]]:
    with sqlite3.connect(db) as connection:
        return [json.loads(payload) for (payload,) in connection.execute(
            "SELECT payload FROM events WHERE type = 'shot_clock_ended' ORDER BY seq")]


@pytest.mark.browser
@pytest.mark.slow
def test_a_shot_clock_started_on_the_remote_shows_on_the_tv_and_the_pages_and_is_logged_at_zero(
        browser: Browser, served: Served, shots: Path) -> None:
    (seat, name), *_ = _seated(served.db, 1)
    player = _page(served.db, name)
    tv = open_page(browser, {"width": 1920, "height": 1080})
    tv.goto(served.base + "/tv")
    page = open_page(browser, {"width": 390, "height": 844})
    page.goto(f"{served.base}/p/{player.token}")
    remote = open_page(browser, {"width": 390, "height": 844})
    _log_in(remote, served.base, FLOOR, FLOOR_PIN)
    remote.click('[data-tab="call"]')
    remote.fill("#shot-table", "1")
    remote.fill("#shot-seat", str(seat))
    remote.fill("#shot-seconds", "5")  # the least a shot clock runs (the test waits it out)
    remote.click("#shot-go")
    wait_for(tv, "document.querySelector('.shots .shot') !== null")
    assert "SHOT CLOCK T1" in (tv.text_content(".shots") or "")
    wait_for(page, "document.querySelector('.player-card .shot') !== null")
    wait_for(remote, "document.querySelector('#slot-shots .call') !== null")
    tv.screenshot(path=str(shots / "shot-tv-1920.png"))
    page.screenshot(path=str(shots / "shot-player-390.png"), full_page=True)
    remote.screenshot(path=str(shots / "shot-remote-390.png"), full_page=True)
    # At zero the server logs it, citing the clock call's rules; TIME on the TV, the ruling offered.
    wait_for(tv, "document.querySelector('.shots .shot.expired') !== null", timeout=10000)
    wait_for(remote, "document.querySelector('#slot-shots [data-ruling-call]') !== null", timeout=10000)
    [ended] = _ended(served.db)
    assert ended["expired"] is True and ended["rules"] == ["T-SHOT-1", "C-CLOCK-1", "H-DEAD-D", "TDA 29"]
    tv.screenshot(path=str(shots / "shot-tv-time-1920.png"))
    remote.screenshot(path=str(shots / "shot-remote-time-390.png"), full_page=True)
    remote.click("#slot-shots [data-ruling-call]")  # the clock-call ruling, table filled in
    wait_for(remote, "!document.querySelector('#rw-walk').hidden")
    assert remote.input_value("#rw-table") == "1"
    assert tv.errors == [] and page.errors == [] and remote.errors == []  # type: ignore[attr-defined]

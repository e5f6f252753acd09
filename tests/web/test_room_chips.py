"""T-CHIPS-3 on the web: a table's counts sent from the remote (the floor's and the TD's), recorded
in the name of who is logged in; the TV's chip leaders and "find my seat"'s last count follow; a
count that does not add up is shown to the TD, not refused."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tests.web.conftest import FLOOR, FLOOR_PIN, TD, TD_PIN, Served, Web, open_page, serving, wait_for
from tests.web.test_browser import _log_in

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def _table(db: Path, number: int) -> list[str]:
    service = Service(EventStore.open(f"sqlite:///{db}"), 1)
    room = service.state.room[number]
    return [name for _seat, name in sorted(room.occupants.items())]


def test_floor_counts_a_table_in_his_own_name_and_the_td_sees_what_does_not_add_up(web: Web) -> None:
    csrf = web.login(FLOOR, FLOOR_PIN)
    names = _table(web.db, 2)
    sheet = web.client.get("/remote/chips?table=2")
    assert sheet.status_code == 200 and all(name.split()[0] in sheet.text for name in names)
    assert web.client.get("/remote/chips?table=9").status_code == 404  # one line, nothing else
    # The body cannot count in another's name: the session's member is who counted.
    answer = web.command("chips", {"counts": {names[0]: 90_000, names[1]: 1_000}, "by": "Tove"}, csrf)
    assert answer.status_code == 200, answer.text  # type: ignore[attr-defined]
    check = answer.json()["check"]  # type: ignore[attr-defined]
    assert check["off"] is False and check["warning"] is None  # 2 of 12 counted, under the chips in play
    service = Service(EventStore.open(f"sqlite:///{web.db}"), 1)
    player = service.state.find(names[0])
    assert service.state.counted[player.id].by == FLOOR and service.log[-1].actor == FLOOR
    board = web.client.get("/api/board").json()
    assert board["chip_leaders"][0]["name"] == names[0] and board["chip_leaders"][0]["chips"] == 90_000
    assert board["chip_leaders"][0]["bb"] is not None
    seat = web.client.get("/api/seat", params={"q": names[0]}).json()["players"][0]
    assert seat["chips"] == 90_000 and seat["chips_at"]
    # Every player counted, 12 x 20,000 in play: a count far off is recorded and said to the TD.
    everyone = {p.name: 20_000 for p in service.state.players.values()} | {names[0]: 90_000}
    answer = web.command("chips", {"counts": everyone}, csrf)
    check = answer.json()["check"]  # type: ignore[attr-defined]
    assert check["off"] is True and "T-CHIPS-3" in check["warning"]
    web.client.post("/api/logout", headers={"X-CSRF-Token": csrf})
    web.login(TD, TD_PIN)
    assert "T-CHIPS-3" in web.client.get("/remote/panel").text
    state = web.client.get("/api/state").json()
    assert state["chip_check"]["off"] is True and len(state["chip_leaders"]) == 10
    row = next(p for p in state["players"] if p["name"] == names[0])
    assert row["chips"] == 90_000 and row["chips_at"]


# ---------------------------------------------------------------- a real browser


@pytest.fixture
def three_tables(tmp_path: Path) -> Iterator[Served]:
    """18 players at 3 tables of 6, the clock running, the TD and a floor member."""
    db = tmp_path / "room.sqlite"
    store = EventStore.open(f"sqlite:///{db}")
    service = Service.create(store, name="Room night", buy_in=100, fee=10,
                             structure=load_structure(DEFAULT_STRUCTURE), seats_per_table=6)
    service.execute(commands.Register(names=[f"Player {n:02}" for n in range(1, 19)]))
    service.execute(commands.Draw(seed=3))
    service.execute(commands.ClockStart())
    staff = StaffStore(store)
    staff.add(TD, "td", TD_PIN)
    staff.add(FLOOR, "floor", FLOOR_PIN)
    store.close()
    with serving(db) as server:
        yield server


@pytest.mark.browser
@pytest.mark.slow
def test_floor_enters_table_3_on_the_remote_and_the_tv_leaders_change_within_a_second(
        browser: Browser, three_tables: Served, shots: Path) -> None:
    served = three_tables
    tv = open_page(browser, TV)
    tv.goto(served.base + "/tv")
    tv.wait_for_selector(".board")
    assert tv.query_selector(".ladder.leaders") is None  # nobody counted yet
    phone = open_page(browser, PHONE)
    _log_in(phone, served.base, FLOOR, FLOOR_PIN)
    phone.click('[data-tab="chips"]')
    phone.fill("#chips-table", "3")
    phone.wait_for_selector("#chips-seats [data-chips-name]")
    names = _table(served.db, 3)
    fields = phone.query_selector_all("#chips-seats [data-chips-name]")
    assert [f.get_attribute("data-chips-name") for f in fields] == names  # the seats in order
    for n, field in enumerate(fields):
        field.fill(str(30_000 - 1_000 * n))
    phone.screenshot(path=str(shots / "chips-remote-390.png"), full_page=True)
    phone.click("#chips-go")
    sent = time.monotonic()
    wait_for(tv, f"[...document.querySelectorAll('.ladder.leaders .who')].map(e => e.textContent)"
                 f"[0] === {names[0]!r}", timeout=3000)
    took = time.monotonic() - sent
    assert took < 1.0, took
    wait_for(phone, "document.querySelector('#status').textContent.includes('table 3')")
    leaders = tv.eval_on_selector_all(".ladder.leaders li", "rows => rows.map(r => r.textContent)")
    assert leaders[0].startswith(names[0]) and "BB" in leaders[0]
    tv.screenshot(path=str(shots / "chips-tv-1920.png"))
    # The phone's sheet now says each seat's last count.
    wait_for(phone, "document.querySelector('#chips-seats small') !== null")
    phone.set_viewport_size(TV)
    phone.screenshot(path=str(shots / "chips-remote-1920.png"), full_page=True)
    seat = open_page(browser, PHONE)
    seat.goto(served.base + "/seat?q=" + names[0].replace(" ", "+"))
    assert "30,000" in (seat.text_content(".seat-card .counted") or "").replace(".", ",")
    seat.screenshot(path=str(shots / "chips-seat-390.png"), full_page=True)
    assert tv.errors == [] and phone.errors == [] and seat.errors == []  # type: ignore[attr-defined]

"""The club's alerts on the TV (issue 40 item 4): the feed puts each in the board whoever is the
room's speaker (the TV speaks it only when it is), and the TV page shows its text across the top."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web.feed import ChangeFeed
from tests.cli.helpers import run
from tests.conftest import FakeClock
from tests.web.conftest import Served, open_page, wait_for

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

LEVEL_2 = json.dumps([{"when": "level-starts", "n": 2, "text": {
    "en": "Level 2: late registration closes", "da": "Level 2: sen tilmelding lukker"}}])


def test_the_feed_gives_the_tv_a_club_alert_once_and_the_display_still_speaks(club_db: Path) -> None:
    store = EventStore.open(f"sqlite:///{club_db}")
    fake_clock = FakeClock(Service(store).log[-1].time)
    td = Service(store, now=fake_clock)
    feed = ChangeFeed(Service(store, role="display", now=fake_clock), render=lambda document: "")
    feed.refresh_now()
    td.execute(commands.SetHouseRule(key="alerts.club", value=LEVEL_2))
    td.execute(commands.ClockStep(by=1))  # level 1 -> level 2
    feed._check(False)
    board = feed.board()
    assert not board["speaks"]  # the display terminal is the room's speaker
    assert [(item["kind"], item["text"]) for item in board["announcements"]] == [
        ("alert", "Level 2: late registration closes")]
    td.execute(commands.ClockStep(by=-1))
    td.execute(commands.ClockStep(by=1))  # level 2 again: the alert has fired in this tournament
    feed._check(False)
    assert len(feed.board()["announcements"]) == 1


@pytest.mark.browser
@pytest.mark.slow
def test_the_tv_shows_the_club_alert_across_the_top(browser: Browser, served: Served,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = str(served.db)
    page = open_page(browser, {"width": 1920, "height": 1080})
    page.goto(served.base + "/")
    wait_for(page, "document.getElementById('board').textContent.length > 0")
    assert page.is_hidden("#club-alert")
    assert run(capsys, "--db", db, "house-rules", "set", "alerts.club", LEVEL_2).code == 0
    assert run(capsys, "--db", db, "clock", "next").code == 0
    wait_for(page, "!document.getElementById('club-alert').hidden", timeout=15_000)
    assert page.text_content("#club-alert") == "Level 2: late registration closes"
    box = page.locator("#club-alert").bounding_box()
    assert box is not None and box["y"] < 100 and box["width"] > 1500  # across the top of the screen
    assert page.errors == []  # type: ignore[attr-defined]

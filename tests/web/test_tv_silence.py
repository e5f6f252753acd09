"""The TV when its stream says nothing: a server that cannot read its database sends no heartbeat,
and EventSource sees no error. Past the heartbeat (and half of it again) the page says "no
connection" and how old its board is, and takes it back with the next news. The page's timers run
on Playwright's clock, moved by the test: nothing waits for the silence to last."""

from __future__ import annotations

import re

import pytest

from tdconsole.web.feed import HEARTBEAT_SECONDS
from tests.cli.helpers import run
from tests.web.conftest import Served, open_page, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Route

SHOWN = "!document.getElementById('offline').hidden"
BADGE = "document.getElementById('offline').innerText.replace(/\\s+/g, ' ').trim()"
# The badge whole inside the screen and inside its box (wrapped, never cut).
WHOLE = """() => {
  const badge = document.getElementById('offline'), r = badge.getBoundingClientRect();
  return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight
    && badge.scrollWidth <= badge.clientWidth + 1 && badge.scrollHeight <= badge.clientHeight + 1
    && document.documentElement.scrollWidth <= innerWidth;
}"""


def test_a_silent_stream_says_no_connection_and_the_boards_age_until_news_comes(
        browser: Browser, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    silent_for = int(1.5 * HEARTBEAT_SECONDS * 1000)
    page = open_page(browser, {"width": 1920, "height": 1080})
    held: list[Route] = []
    page.route("**/api/events", lambda route: held.append(route))  # asked for, never answered
    page.clock.install()
    page.goto(served.base + "/")
    wait_for(page, "!!document.querySelector('.clock') && document.fonts.status === 'loaded'")
    assert not page.evaluate(SHOWN)
    # Up to one and a half heartbeats a slow poll may take: nothing said yet.
    page.clock.fast_forward(silent_for - 1000)
    assert not page.evaluate(SHOWN)
    page.clock.fast_forward(2000)
    wait_for(page, SHOWN)
    # 16 s of the page's clock since it loaded, and the real time the test took.
    assert re.fullmatch(r"no connection board 0:1[6-9] old", page.evaluate(BADGE))
    assert page.evaluate(WHOLE)
    page.screenshot(path="/work/scratch/shots/tv-no-connection-1920x1080.png")

    # The stream answers: its first message is news, and the badge goes.
    assert len(held) == 1
    held[0].continue_()
    wait_for(page, "!" + SHOWN)

    # Open and flowing, then silent (as when the server cannot read): the page's clock passes the
    # heartbeat at once after a message, so no real heartbeat comes in between.
    assert run(capsys, "--db", str(served.db), "bust", "Anna Holm").code == 0
    wait_for(page, "document.querySelector('.players').textContent.trim() === '11 / 12'")
    page.clock.fast_forward(silent_for + 1000)
    wait_for(page, SHOWN)
    assert page.evaluate(BADGE).startswith("no connection board 0:1")
    assert run(capsys, "--db", str(served.db), "bust", "Bent Lund").code == 0
    wait_for(page, "document.querySelector('.players').textContent.trim() === '10 / 12'")
    wait_for(page, "!" + SHOWN)
    assert page.errors == []  # type: ignore[attr-defined]

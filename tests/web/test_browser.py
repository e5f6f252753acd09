"""The pages in a real browser: the OS's Chromium (scripts/test-deps.sh) driven by Playwright, against
`tdconsole serve` running as a process on 127.0.0.1. Playwright never downloads a browser here."""

from __future__ import annotations

import re
import time

import pytest

from tests.cli.helpers import run
from tests.web.conftest import FLOOR, FLOOR_PIN, TD, TD_PIN, Served, events, open_page, wait_for

PHONE = {"width": 390, "height": 844}

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page


def _log_in(page: Page, base: str, staff: str, pin: str) -> None:
    page.goto(base + "/remote")
    page.fill("#staff", staff)
    page.fill("#pin", pin)
    page.click("#login button[type=submit]")
    page.wait_for_selector(".me")
    page.wait_for_selector("[data-slot], .clock-line")


def test_the_tv_shows_a_bust_made_by_the_cli_within_a_second(browser: Browser, served: Served,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    page = open_page(browser, {"width": 1920, "height": 1080})
    page.goto(served.base + "/")
    wait_for(page, "document.querySelector('.players').textContent.trim() === '12 / 12'")
    wait_for(page, "typeof Live !== 'undefined' && Live.board() && Live.board().html")  # streaming
    first = page.text_content(".clock")
    assert run(capsys, "--db", str(served.db), "bust", "Anna Holm").code == 0
    committed = time.monotonic()
    wait_for(page, "document.querySelector('.players').textContent.trim() === '11 / 12'",
                           timeout=1000)
    assert time.monotonic() - committed < 1.0
    # Between updates the clock counts down by itself.
    wait_for(page, f"document.querySelector('.clock').textContent !== {first!r}", timeout=3000)
    assert re.fullmatch(r"\d+:\d\d", page.text_content(".clock") or "")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_phone_logs_in_and_busts_a_player(browser: Browser, served: Served) -> None:
    page = open_page(browser, PHONE)
    _log_in(page, served.base, TD, TD_PIN)
    page.on("dialog", lambda dialog: dialog.accept())
    page.click('.pick[data-name="Anna Holm"]')
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('busts in 12th')")
    assert [actor for _seq, actor, kind in events(served.db) if kind == "player_busted"] == [TD]
    wait_for(page, "!document.querySelector('.pick[data-name=\"Anna Holm\"]')")  # gone from the list
    # Thumb-sized: every button on the screen is at least 44 px high.
    heights = page.eval_on_selector_all("button:not([hidden])", "bs => bs.filter(b => b.offsetParent)"
                                        ".map(b => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_floor_login_cannot_bust(browser: Browser, served: Served) -> None:
    page = open_page(browser, PHONE)
    _log_in(page, served.base, FLOOR, FLOOR_PIN)
    assert page.query_selector('[data-tab="bust"]') is None
    before = events(served.db)
    status = page.evaluate("""async () => {
        const csrf = document.querySelector('meta[name="csrf"]').content;
        const response = await fetch('/api/commands/bust', {method: 'POST',
            headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
            body: JSON.stringify({names: ['Anna Holm']})});
        return [response.status, (await response.json()).error];
    }""")
    assert status == [403, "floor staff cannot bust players (TD only)"]
    assert events(served.db) == before


def test_the_seat_page_finds_a_player_after_a_move(browser: Browser, served: Served,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    page = open_page(browser, PHONE)
    page.goto(served.base + "/seat")
    page.fill("#q", "anna")
    page.wait_for_selector(".seat-card")
    assert "Table 2 · Seat 1" in (page.text_content(".seat-card .where") or "")
    assert run(capsys, "--db", str(served.db), "bust", "Frida Bech").code == 0  # frees table 1 seat 6
    # Anna is on the button at table 2: the move is forced (T-MOVE-3).
    assert run(capsys, "--db", str(served.db), "move", "Anna Holm", "1", "6", "--force").code == 0
    page.wait_for_selector(".seat-card .moved", timeout=3000)
    assert "Table 1 · Seat 6" in (page.text_content(".seat-card .where") or "")
    assert page.text_content(".seat-card .moved") == "Moved to table 1 seat 6 (from table 2 seat 1)"
    assert page.errors == []  # type: ignore[attr-defined]

"""The remote's rulings wizard names the TDA rule a club ruling differs from (issue 37): the
four-card flop under the club's D-BOARD-1 shows "The TDA rules otherwise: TDA 39A" and cites no
TDA rule; after `house-rules set dealing.four_card_flop scramble` the TDA's 39A rules it."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run
from tests.web.conftest import TD, TD_PIN, Served, open_page, wait_for
from tests.web.test_browser import PHONE, _log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

SUGGESTION = "document.querySelector('#rw-suggestion')"


def _four_card_flop(page: Page) -> str:
    page.click('[data-tab="ruling"]')
    page.fill("#rw-search", "board-error")
    page.click("#rw-scenarios button")
    page.click("#rw-question button:has-text('four instead of three')")
    wait_for(page, f"!{SUGGESTION}.hidden")
    return page.text_content("#rw-suggestion") or ""


def test_39a_the_remote_names_the_tda_difference_and_follows_the_setting(
        browser: Browser, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    page = open_page(browser, PHONE)
    _log_in(page, served.base, TD, TD_PIN)
    club = _four_card_flop(page)
    assert "shuffled back" in club and "D-BOARD-1" in club
    assert "The TDA rules otherwise: TDA 39A" in club and "Rules: D-BOARD-1, D-BOARD-4" in club
    assert run(capsys, "--db", str(served.db), "house-rules", "set", "dealing.four_card_flop",
               "scramble").code == 0
    page.reload()
    page.wait_for_selector("[data-tab='ruling']")
    tda = _four_card_flop(page)
    assert "scrambled" in tda and "Rules: TDA 39A" in tda and "otherwise" not in tda
    assert page.errors == []  # type: ignore[attr-defined]

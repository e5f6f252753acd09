"""Payout slips and receipts in a real browser: one printed page per slip at A4 and on an 80 mm
receipt printer's roll, nothing wider than the paper. The screenshots are kept in
$TDCONSOLE_SCREENSHOTS when it is set (to look at them), else in a temporary directory."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tdconsole.domain.commands import Bust, PayOut, Register, SetMoney
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.views.export import slips_document
from tests.domain.helpers import Tournament
from tests.web.conftest import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

# 80 mm at the browser's 96 px to the inch (what the roll's page is laid out on).
ROLL_PX = round(80 / 25.4 * 96)


def _evening() -> Tournament:
    t = Tournament()
    t.do(Register(names=["Anna", "Bo", "Carl", "Dorte Kristine Østergaard-Frederiksen"]))
    t.do(SetMoney(settings=MoneySettings.model_validate({"bounty": 100, "guarantee": 2_000})))
    t.do(Bust(names=["Anna"], by=["Dorte Kristine Østergaard-Frederiksen"]))
    t.do(Bust(names=["Bo"], by=["Carl"]))
    t.do(PayOut(name="Carl"))  # Bo's bounty
    t.do(PayOut(name="Dorte Kristine Østergaard-Frederiksen", method="mobilepay"))
    return t


@pytest.mark.parametrize("receipts", [False, True], ids=["slips", "receipts"])
@pytest.mark.parametrize("width", ["a4", "80mm"])
def test_one_page_a_slip_and_nothing_wider_than_the_paper(browser: Browser, tmp_path: Path, width: str,
                                                          receipts: bool) -> None:
    t = _evening()
    html = slips_document(t.state, width, receipts)
    slips = html.count('<section class="slip">')
    assert slips == (4 if receipts else 2)
    page = open_page(browser, {"width": ROLL_PX if width == "80mm" else 794, "height": 1123})
    page.set_content(html)
    folder = Path(os.environ.get("TDCONSOLE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"slips-{width}-{'receipts' if receipts else 'payouts'}.png"),
                    full_page=True)
    widest = page.evaluate("Math.max(...[...document.querySelectorAll('.slip, .slip *')]"
                           ".map(e => e.getBoundingClientRect().right))")
    assert widest <= page.viewport_size["width"]  # type: ignore[index]
    pdf = page.pdf(prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == slips

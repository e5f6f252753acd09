"""Issue 39 item 5: the room's new pages in Danish, in a real browser at a phone's 390x844 and a TV's
1920x1080: the TV with its chip leaders and a shot clock, a player's own page, the sign-up page and
the remote's Chips tab; nothing wider than the screen, no script error, Danish words throughout."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.actions import room
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.web.conftest import FLOOR, FLOOR_PIN, Served, open_page, serving
from tests.web.test_browser import _log_in

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {"390": {"width": 390, "height": 844}, "1920": {"width": 1920, "height": 1080}}


@pytest.fixture
def danish(club_db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Served, str]]:
    """The evening with counts, a long shot clock at table 1, a sign-up waiting, a player's page;
    the server speaking Danish (`TDCONSOLE_LANG=da`, as `tdconsole --lang da serve`)."""
    service = Service(EventStore.open(f"sqlite:///{club_db}"), 1)
    names = [name for _seat, name in sorted(service.state.room[1].occupants.items())]
    service.execute(commands.CountChips(counts={names[0]: 41_000, names[1]: 12_500}, by="Frank"))
    service.execute(commands.ShotClock(table=1, seconds=600, seat=sorted(service.state.room[1].occupants)[0]))
    service.execute(commands.SignUp(name="Mette Kjærsgaard-Andersen", phone="+45 20 30 40 50"))
    token = room.player_page(service, room.PlayerPageRequest(name=names[0])).token
    assert token is not None
    monkeypatch.setenv("TDCONSOLE_LANG", "da")
    with serving(club_db) as server:
        yield server, token


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "wider than the screen"
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_rooms_pages_in_danish_on_a_phone_and_a_tv(browser: Browser, danish: tuple[Served, str],
                                                        shots: Path) -> None:
    served, token = danish
    for size, viewport in SIZES.items():
        page = open_page(browser, viewport)
        page.goto(served.base + "/tv")
        page.wait_for_selector(".board")
        text = page.text_content(".board") or ""
        assert "CHIPLEDERE" in text and "SHOT CLOCK B1" in text and "BB" in text, text
        page.screenshot(path=str(shots / f"da-tv-{size}.png"))
        page.goto(f"{served.base}/p/{token}?lang=da")
        text = page.text_content("main") or ""
        assert "Bord" in text and "Plads" in text and "Din seneste tælling" in text and "Shot clock" in text
        _fits(page)
        page.screenshot(path=str(shots / f"da-player-{size}.png"), full_page=True)
        page.goto(served.base + "/signup")
        assert "Tilmeld dig" in (page.text_content("h1") or "")
        _fits(page)
        page.screenshot(path=str(shots / f"da-signup-{size}.png"), full_page=True)
        _log_in(page, served.base, FLOOR, FLOOR_PIN)
        page.click('[data-tab="chips"]')
        page.fill("#chips-table", "1")
        page.wait_for_selector("#chips-seats [data-chips-name]")
        assert "Send tællingerne" in (page.text_content("#chips-go") or "")
        assert "sidst 41.000" in (page.text_content("#chips-seats") or "")
        _fits(page)
        page.screenshot(path=str(shots / f"da-remote-chips-{size}.png"), full_page=True)
        page.click('[data-tab="call"]')
        page.wait_for_selector("#slot-shots .call")
        assert "Shot clock: bord 1" in (page.text_content("#slot-shots") or "")
        _fits(page)
        page.screenshot(path=str(shots / f"da-remote-shot-{size}.png"), full_page=True)
        page.context.close()

"""Every shipped TV layout in a real browser at 1280x720, 1920x1080 and 3840x2160: nothing cut,
pushed off the screen or too small to read across the room (the classic TV's own check,
test_tv_screens.LAYOUT), a screenshot of each (kept in $TDCONSOLE_SCREENSHOTS too when it is set),
and a layout's views turned by its own timer on the browser's fake clock (no waiting)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.config.tv_layouts import shipped_dir
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.web.conftest import Served, open_page, start_server, wait_for
from tests.web.test_tv_screens import LAYOUT, NAMES, PUBLIC_URL, _structure

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
LAYOUTS = sorted(path.stem for path in shipped_dir().glob("*.toml"))
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """36 players at level 15 (the widest blinds), chips counted, a second flight for the lobby,
    served in Danish (the longer words) with the QR code's address."""
    db = tmp_path_factory.mktemp("layouts") / "club.sqlite"
    store = EventStore.open(f"sqlite:///{db}")
    service = Service.create(store, name="Fredagsturnering i Aarhus", buy_in=500, fee=50,
                             structure=_structure(), seats_per_table=8)
    service.execute(commands.Register(names=NAMES))
    service.execute(commands.Draw(seed=7))
    service.execute(commands.ClockStart())
    service.execute(commands.ClockGoToLevel(level=15))
    service.execute(commands.CountChips(counts={name: 50_000 + 7_919 * n
                                                for n, name in enumerate(NAMES[:12])}))
    other = Service.create(store, name="Dag 1B, Aarhus Poker Open Main Event", buy_in=1000, fee=100,
                           structure=_structure(), seats_per_table=8)
    other.execute(commands.Register(names=NAMES[:20]))
    store.close()
    data = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TDCONSOLE_LANG", "da")
        patch.setenv("TDCONSOLE_DATA_DIR", str(data))
        server = start_server(db, "--public-url", PUBLIC_URL)
    try:
        yield server
    finally:
        server.process.terminate()
        server.process.wait(10)


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_shipped_layout_fits_at_every_size(browser: Browser, room: Served, name: str,
                                                 tmp_path: Path) -> None:
    kept = os.environ.get("TDCONSOLE_SCREENSHOTS")
    for width, height in SIZES:
        page = open_page(browser, {"width": width, "height": height})
        try:
            page.goto(f"{room.base}/t/1/tv?layout={name}")
            wait_for(page, "!!document.querySelector('.clock, .lobby')")
            wait_for(page, "document.fonts.status === 'loaded'")
            views = page.evaluate("document.querySelectorAll('#board > .board').length")
            for view in range(views):
                if view:
                    page.evaluate("Tv.rotate()")
                shot = tmp_path / f"tv-layout-{name}-{view + 1}-{width}x{height}.png"
                page.screenshot(path=str(shot))
                if kept:
                    Path(kept).mkdir(parents=True, exist_ok=True)
                    shutil.copy(shot, Path(kept) / shot.name)
                found = page.evaluate(LAYOUT)
                # A chip leader's long name ends in an ellipsis by design (style.css: the stack
                # beside it is what must be read whole).
                found["cut"] = [cut for cut in found["cut"] if not cut.startswith("span.who: ")]
                assert found == {"cut": [], "small": [], "wide": False, "high": False}, \
                    (name, view, width, found)
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            page.context.close()


def test_a_layout_turns_its_views_on_its_own_timer(browser: Browser, room: Served) -> None:
    page = open_page(browser, {"width": 1280, "height": 720})
    try:
        page.clock.install()
        page.goto(f"{room.base}/t/1/tv?layout=payouts")
        wait_for(page, "!!document.querySelector('.layout.v0')")
        shown = "[...document.querySelectorAll('#board > .board')].map((v) => !v.hidden)"
        assert page.evaluate(shown) == [True, False]
        page.clock.run_for(19_000)
        assert page.evaluate(shown) == [True, False]
        page.clock.run_for(2_000)  # the first view's 20 s are over
        assert page.evaluate(shown) == [False, True]
        assert page.is_visible(".layout.v1 .players")
        page.clock.run_for(20_000)
        assert page.evaluate(shown) == [True, False]
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_a_layout_follows_the_board_and_the_lobby_counts_down(browser: Browser, room: Served) -> None:
    page = open_page(browser, {"width": 1280, "height": 720})
    try:
        page.clock.install()
        page.goto(f"{room.base}/t/1/tv?layout=bigclock")
        wait_for(page, "document.querySelector('.players').textContent === '36 / 36'")
        store = EventStore.open(f"sqlite:///{room.db}")
        try:  # the TD busts a player from his terminal: the stream tells the page, which asks anew
            Service(store, 1).execute(commands.Bust(names=[NAMES[-1]]))
        finally:
            store.close()
        for _tick in range(100):  # the server's poll and the page's fetch, on the fake clock's timers
            page.clock.run_for(100)
            page.wait_for_timeout(20)
            if page.evaluate("document.querySelector('.players').textContent") == "35 / 36":
                break
        assert page.evaluate("document.querySelector('.players').textContent") == "35 / 36"
        assert page.evaluate("document.querySelectorAll('#board > .board').length") == 1  # not nested

        page.goto(f"{room.base}/t/1/tv?layout=lobby")
        wait_for(page, "document.querySelectorAll('.lobby .rooms li').length === 2")
        left = "[...document.querySelectorAll('[data-lobby-left]')].map((e) => e.textContent)"
        before = page.evaluate(left)
        page.clock.run_for(14_000)  # within the lobby's 15 s between readings from the server
        after = page.evaluate(left)
        assert after[1] == before[1] == "20:00"  # Day 1B has not started: its clock stands
        minutes = lambda text: int(text.split(":")[0]) * 60 + int(text.split(":")[1])  # noqa: E731
        assert 13 <= minutes(before[0]) - minutes(after[0]) <= 15  # the running one counts down
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        page.context.close()

"""Every shipped TV layout in a real browser at 1280x720, 1920x1080 and 3840x2160: nothing cut,
pushed off the screen or too small to read across the room (the classic TV's own check,
test_tv_screens.LAYOUT), a screenshot of each (kept in $TDCONSOLE_SCREENSHOTS too when it is set),
and a layout's views turned by its own timer on the browser's fake clock (no waiting)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tdconsole.config.tv_layouts import shipped_dir
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.web.conftest import Served, open_page, start_server, wait_for
from tests.web.test_tv_screens import LAYOUT, NAMES, PUBLIC_URL, _structure, level_15_room

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
    service = level_15_room(store)
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


def _look(browser: Browser, room: Served, name: str, scene: str, folder: Path,
          sizes: list[tuple[int, int]], ready: str) -> None:
    """Layout `name` at each size once `ready` is true: each view's screenshot, then the check."""
    kept = os.environ.get("TDCONSOLE_SCREENSHOTS")
    for width, height in sizes:
        page = open_page(browser, {"width": width, "height": height})
        try:
            page.goto(f"{room.base}/t/1/tv?layout={name}")
            wait_for(page, ready)
            wait_for(page, "document.fonts.status === 'loaded'")
            views = page.evaluate("document.querySelectorAll('#board > .board').length")
            for view in range(views):
                if view:
                    page.evaluate("Tv.rotate()")
                shot = folder / f"tv-layout-{name}-{scene}{view + 1}-{width}x{height}.png"
                page.screenshot(path=str(shot))
                if kept:
                    Path(kept).mkdir(parents=True, exist_ok=True)
                    shutil.copy(shot, Path(kept) / shot.name)
                found = page.evaluate(LAYOUT)
                # A chip leader's long name ends in an ellipsis by design (style.css: the stack
                # beside it is what must be read whole).
                found["cut"] = [cut for cut in found["cut"] if not cut.startswith("span.who: ")]
                assert found == {"cut": [], "small": [], "wide": False, "high": False}, \
                    (name, scene, view, width, found)
                # Nothing cut can still be a clock squeezed to nothing by a banner: its figures
                # keep at least 15 % of the screen's height, whatever else the view shows.
                clock = page.evaluate("""() => {
                  const clock = [...document.querySelectorAll('.clock')].find((e) => e.offsetParent);
                  return clock ? clock.getBoundingClientRect().height / innerHeight : null; }""")
                assert clock is None or clock >= 0.15, (name, scene, view, width, clock)
            assert page.errors == []  # type: ignore[attr-defined]
        finally:
            page.context.close()


@pytest.mark.parametrize("name", LAYOUTS)
def test_every_shipped_layout_fits_at_every_size(browser: Browser, room: Served, name: str,
                                                 tmp_path: Path) -> None:
    _look(browser, room, name, "", tmp_path, SIZES, "!!document.querySelector('.clock, .lobby')")


def test_every_shipped_layout_fits_a_break_and_the_moves_of_a_broken_table(
        browser: Browser, room: Served, tmp_path: Path) -> None:
    # The break: its banner and colour-up where the blinds stand; then a table broken, its
    # players' moves in the banner (the tallest it gets), at the smallest and the largest screen.
    store = EventStore.open(f"sqlite:///{room.db}")
    try:
        Service(store, 1).execute(commands.ClockStep(by=1))
    finally:
        store.close()
    for name in LAYOUTS:
        _look(browser, room, name, "break", tmp_path, [SIZES[0], SIZES[-1]],
              "!!document.querySelector('.lobby') || document.querySelector('.top .level')"
              ".textContent === 'PAUSE'")
    store = EventStore.open(f"sqlite:///{room.db}")
    try:
        service = Service(store, 1)
        service.execute(commands.ClockStep(by=-1))
        # Room at the other tables: one bust at each, then table 5 broken (T-BREAK-1).
        seated = [p for p in service.state.players.values() if p.status == "seated"]
        service.execute(commands.Bust(names=[next(p.name for p in seated if p.table == table)
                                             for table in (1, 2, 3, 4)]))
        service.execute(commands.BreakTable(table=5, seed=3))
    finally:
        store.close()
    for name in LAYOUTS:
        _look(browser, room, name, "moves", tmp_path, [SIZES[0], SIZES[-1]],
              "!!document.querySelector('.lobby') || !!document.querySelector('.banner.moves') "
              "|| (!document.querySelector('.a-banner') && !document.querySelector('.side'))")


def test_a_layout_turns_its_views_on_its_own_timer(browser: Browser, room: Served) -> None:
    page = open_page(browser, {"width": 1280, "height": 720})
    try:
        page.clock.install()
        page.goto(f"{room.base}/t/1/tv?layout=payouts")
        # Both views drawn before the first look (under load the second came after the first).
        wait_for(page, "document.querySelectorAll('#board > .board').length === 2")
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
        wait_for(page, "!!document.querySelector('.players')")
        store = EventStore.open(f"sqlite:///{room.db}")
        try:  # the TD busts a player from his terminal: the stream tells the page, which asks anew
            service = Service(store, 1)
            left, entries = service.state.players_left, service.state.entries
            wait_for(page, f"document.querySelector('.players').textContent === '{left} / {entries}'")
            service.execute(commands.Bust(names=[next(p.name for p in service.state.players.values()
                                                      if p.status == "seated")]))
        finally:
            store.close()
        for _tick in range(100):  # the server's poll and the page's fetch, on the fake clock's timers
            page.clock.run_for(100)
            page.wait_for_timeout(20)
            if page.evaluate("document.querySelector('.players').textContent") == f"{left - 1} / {entries}":
                break
        assert page.evaluate("document.querySelector('.players').textContent") == f"{left - 1} / {entries}"
        assert page.evaluate("document.querySelectorAll('#board > .board').length") == 1  # not nested

        minutes = lambda text: int(text.split(":")[0]) * 60 + int(text.split(":")[1])  # noqa: E731
        left = "[...document.querySelectorAll('[data-lobby-left]')].map((e) => e.textContent)"
        for _attempt in range(3):  # a page loaded on a loaded machine may take its reading between looks
            page.goto(f"{room.base}/t/1/tv?layout=lobby")
            # The page's timers stand still from here but for run_for: the lobby's 15 s reading from
            # the server must not come between the two looks.
            # As a datetime: Playwright for Python reads a plain number as seconds, and the page's
            # clock is in milliseconds (a number put the clock 1,000 times further on, and the next
            # attempt's further still was no date: a CI run failed on 1796466706670500000).
            page.clock.pause_at(datetime.fromtimestamp(page.evaluate("Date.now()") / 1000 + 0.5, UTC))
            wait_for(page, "Tv.fetched() >= 1")  # the views read again on the stream's first news
            wait_for(page, "document.querySelectorAll('.lobby .rooms li').length === 2")
            page.clock.run_for(1_000)
            before = page.evaluate(left)
            page.clock.run_for(10_000)
            after = page.evaluate(left)
            if 9 <= minutes(before[0]) - minutes(after[0]) <= 11:
                break
        assert after[1] == before[1] == "20:00"  # Day 1B has not started: its clock stands
        assert 9 <= minutes(before[0]) - minutes(after[0]) <= 11  # the running one counts down
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        page.context.close()

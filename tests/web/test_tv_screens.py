"""The TV and the remote as a room sees them: real-browser screenshots at 1920x1080, 1280x720 and
3840x2160 (and a 390 px phone), each checked for anything cut, pushed off the screen or too small
to read from across the room, with the worst a long evening brings: level 15 blinds of
100.000 / 200.000 ANTE 200.000, a break, table moves with long Danish names, hand-for-hand, a
paused clock with the "reconnecting" badge. In Danish, the longer words.

The screenshots are kept in $TDCONSOLE_SCREENSHOTS when it is set (to look at them), else in a
temporary directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.domain import commands
from tdconsole.domain.clock.structure import Break, Chip, Level, Structure
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tests.web.conftest import TD, TD_PIN, Served, open_page, start_server, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

SIZES = [(1920, 1080), (1280, 720), (3840, 2160)]
PHONE = {"width": 390, "height": 844}
NAMES = [f"{first} {last}" for first in ("Anna", "Søren", "Mads", "Åse", "Kristoffer", "Mette")
         for last in ("Møller", "Østergaard", "Dalsgaard", "Kjærsgaard-Andersen", "Holm", "Bech")]
PUBLIC_URL = "http://tdconsole.local:8000"

# Every element on the screen: inside the viewport, its content inside its box (nothing cut, as a
# 61 px banner for 100 px of text was), and the page no wider or higher than the window. Words
# (an element's own text) under 40 px at 1080p, scaled for other heights, are listed too; a name
# that fit.js shrank to fit its column is a name, not a label, and is left out of that.
LAYOUT = """() => {
  const cut = [], small = [];
  const what = (e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent.trim().slice(0, 40)}`;
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5
        || (e.clientWidth > 0 && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)))
      cut.push(what(e));
    const words = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (words && !e.closest('.who') && size < 40 * innerHeight / 1080 - 0.5)
      small.push(`${what(e)} ${getComputedStyle(e).fontSize}`);
  }
  const page = document.documentElement;
  return {cut, small, wide: page.scrollWidth > innerWidth, high: page.scrollHeight > innerHeight};
}"""


def _structure() -> Structure:
    """Fourteen small levels, then level 15 at 100.000 / 200.000 ante 200.000 and a colour-up break."""
    levels = [Level(small_blind=100 * n, big_blind=200 * n, ante=200 * n, minutes=20) for n in range(1, 15)]
    chips = [Chip(value=value, color=color) for value, color in
             ((100, "black"), (500, "purple"), (1000, "yellow"), (5000, "red"), (100_000, "grey"))]
    return Structure(name="Deep", starting_stack=50_000, chips=chips, periods=[
        *levels, Level(small_blind=100_000, big_blind=200_000, ante=200_000, minutes=20),
        Break(minutes=15, color_up=[100, 500]),
        Level(small_blind=150_000, big_blind=300_000, ante=300_000, minutes=20)])


def level_15_room(store: EventStore) -> Service:
    """Fredagsturnering i Aarhus: 36 players drawn at 5 tables of 8, the clock at level 15 (the
    widest blinds)."""
    service = Service.create(store, name="Fredagsturnering i Aarhus", buy_in=500, fee=50,
                             structure=_structure(), seats_per_table=8)
    service.execute(commands.Register(names=NAMES))
    service.execute(commands.Draw(seed=7))
    service.execute(commands.ClockStart())
    service.execute(commands.ClockGoToLevel(level=15))
    return service


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """36 players at 5 tables of 8 at level 15, served in Danish with an address for the QR code."""
    db = tmp_path_factory.mktemp("tv") / "club.sqlite"
    store = EventStore.open(f"sqlite:///{db}")
    level_15_room(store)
    StaffStore(store).add(TD, "td", TD_PIN)
    store.close()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TDCONSOLE_LANG", "da")
        server = start_server(db, "--public-url", PUBLIC_URL)
    try:
        yield server
    finally:
        server.process.terminate()
        server.process.wait(10)


def _do(room: Served, *done: commands.Command) -> None:
    """What the TD does from another terminal: the server sees it within its poll."""
    store = EventStore.open(f"sqlite:///{room.db}")
    try:
        service = Service(store, None)
        for command in done:
            service.execute(command)
    finally:
        store.close()


def _seated(room: Served) -> list[tuple[str, int, int]]:
    store = EventStore.open(f"sqlite:///{room.db}")
    try:
        players = Service(store, None, role="display").state.players.values()
        return sorted((p.name, p.table or 0, p.seat or 0) for p in players if p.status == "seated")
    finally:
        store.close()


def _look(browser: Browser, room: Served, shots: Path, scene: str, ready: str) -> list[Page]:
    """The TV at each size once `ready` is true in it: screenshot, then the layout check."""
    pages = []
    for width, height in SIZES:
        page = open_page(browser, {"width": width, "height": height})
        page.goto(room.base + "/")
        wait_for(page, ready)
        wait_for(page, "document.fonts.status === 'loaded'")
        page.screenshot(path=str(shots / f"tv-{scene}-{width}x{height}.png"))
        found = page.evaluate(LAYOUT)
        assert found == {"cut": [], "small": [], "wide": False, "high": False}, (scene, width, found)
        assert page.errors == []  # type: ignore[attr-defined]
        pages.append(page)
    return pages


def _on_one_line(page: Page, selector: str) -> bool:
    tops = page.eval_on_selector_all(
        selector, "cells => cells.map(c => Math.round(c.getBoundingClientRect().top))")
    return len(tops) > 1 and len(set(tops)) == 1


def _close(pages: list[Page]) -> None:
    for page in pages:
        page.context.close()


def test_the_tv_fits_at_every_size_through_an_evening(browser: Browser, room: Served, shots: Path) -> None:
    # Level 15: the blinds and the ante whole, on one line, with their words; the seat QR code.
    pages = _look(browser, room, shots, "level-15", "!!document.querySelector('.blinds')")
    for page in pages:
        assert page.text_content(".blinds") is not None
        assert [" ".join((page.text_content(cell) or "").split()) for cell in (".blinds .cell:nth-child(1)",
                ".blinds .cell:nth-child(2)")] == ["BLINDS100.000 / 200.000", "ANTE200.000"]
        assert _on_one_line(page, ".blinds b")
        assert page.query_selector(".qr svg") is not None
        assert page.text_content(".qr figcaption") == "FIND DIN PLADS"
    _close(pages)
    # A phone's camera reads the code off the screen at every size (zbarimg: scripts/test-deps.sh).
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None and os.environ.get("CI"):
        pytest.fail("zbarimg not found; scripts/test-deps.sh installs it")
    for width, height in SIZES if zbarimg else ():
        read = subprocess.run([zbarimg, "-q", "--raw", str(shots / f"tv-level-15-{width}x{height}.png")],
                              capture_output=True, text=True, timeout=60, check=False)
        assert read.stdout.strip() == PUBLIC_URL + "/seat", (width, read.stdout, read.stderr)

    # The break: green, said at the top and in the banner, the colour-up where the blinds stand.
    _do(room, commands.ClockStep(by=1))
    pages = _look(browser, room, shots, "break", "!!document.querySelector('.banner.break')")
    for page in pages:
        assert page.text_content(".top .level") == "PAUSE"
        assert "100, 500" in (page.text_content(".blinds") or "")
        assert page.eval_on_selector(".clock", "e => getComputedStyle(e).color") == "rgb(47, 191, 113)"
        assert page.query_selector(".state-line .stopped") is None
    _close(pages)

    # Table moves: four busts make room, table 5 is broken, its players sent to the others (the
    # newest six shown).
    first_at = {table: name for name, table, _seat in reversed(_seated(room))}
    _do(room, commands.ClockStep(by=-1), commands.Bust(names=[first_at[table] for table in (1, 2, 3, 4)]),
        commands.BreakTable(table=5, seed=3))
    pages = _look(browser, room, shots, "moves",
                  "document.querySelectorAll('.banner.moves .move').length === 6")
    moved = {name: (table, seat) for name, table, seat in _seated(room)}
    for page in pages:
        texts = page.eval_on_selector_all(".banner.moves .move", "ms => ms.map(m => m.textContent)")
        assert len(texts) == 6 and all(text.split("→")[0] in moved for text in texts)
        for text in texts:
            table, seat = moved[text.split("→")[0]]
            assert text.endswith(f"→ bord {table} plads {seat}")
    _close(pages)

    # Hand-for-hand at every table, over the moves.
    _do(room, commands.HandForHandStart())
    pages = _look(browser, room, shots, "h4h", "!!document.querySelector('.banner.h4h')")
    for page in pages:
        assert "HÅND FOR HÅND" in (page.text_content(".banner.h4h") or "")
        assert len(page.query_selector_all(".banner.h4h .table")) == 4
    _close(pages)

    # A paused clock is not a break: grey, and red words of its own; the badge in its free corner.
    _do(room, commands.HandForHandStop(), commands.ClockPause())
    pages = _look(browser, room, shots, "paused", "!!document.querySelector('.state-line .stopped')")
    for page in pages:
        assert page.text_content(".state-line .stopped") == "URET ER STOPPET"
        assert page.text_content(".top .level") == "LEVEL 15"
        page.evaluate("document.getElementById('offline').hidden = false")
        size = page.viewport_size or {"width": 0, "height": 0}
        page.screenshot(path=str(shots / f"tv-offline-{size['width']}x{size['height']}.png"))
        assert page.evaluate(LAYOUT)["cut"] == []
        covered = page.evaluate("""() => {
          const badge = document.getElementById('offline').getBoundingClientRect();
          return [...document.querySelectorAll('#board *')].filter((e) => {
            const r = e.getBoundingClientRect();
            const words = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
            return words && r.width > 0 && r.left < badge.right && badge.left < r.right
                   && r.top < badge.bottom && badge.top < r.bottom;
          }).map((e) => e.textContent.trim());
        }""")
        assert covered == []
    _close(pages)


def test_the_remote_tables_tab_fits_a_phone(browser: Browser, room: Served, shots: Path) -> None:
    page = open_page(browser, PHONE)
    page.goto(room.base + "/remote")
    page.fill("#staff", TD)
    page.fill("#pin", TD_PIN)
    page.click("#login button[type=submit]")
    page.wait_for_selector(".me")
    _do(room, commands.HandForHandStart())
    try:
        page.click('[data-tab="tables"]')
        page.click("#balance-show")
        wait_for(page, "document.querySelector('#balance-plan').textContent.trim() !== ''")
        tables = len({table for _name, table, _seat in _seated(room)})  # a "table done" each
        wait_for(page, f"document.querySelectorAll('#slot-h4h button').length === {tables}")
        page.screenshot(path=str(shots / "remote-tables-390x844.png"), full_page=True)
        overflow = page.evaluate("""() => [...document.querySelectorAll('body *')].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5
                                   || (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1));
          }).map((e) => e.tagName + '#' + e.id + '.' + e.className)""")
        assert overflow == []
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        _do(room, commands.HandForHandStop())
        page.context.close()


def test_the_result_and_the_league_fit_once_it_is_over(browser: Browser, room: Served, shots: Path) -> None:
    # The league this tournament counts in: its standings show under the result (and never push it
    # or anything else off the screen: the rows that fit are shown).
    for argv in (["league", "new", "Fredagsligaen i Aarhus og Omegn 2026"], ["league", "add", "1"]):
        done = subprocess.run([sys.executable, "-m", "tdconsole", "--db", str(room.db), *argv],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
    seated = [name for name, _table, _seat in _seated(room)]
    _do(room, *[commands.Bust(names=[name]) for name in seated[1:]])
    pages = _look(browser, room, shots, "result", "!!document.querySelector('.banner.result')")
    for page in pages:
        assert page.text_content(".banner.result") == f"VINDER: {seated[0]} · 6.290\xa0kr."
        assert "Fredagsligaen i Aarhus og Omegn 2026" in (page.text_content(".league h2") or "")
        assert page.query_selector(".clock") is not None and not page.is_visible(".clock")
    _close(pages)


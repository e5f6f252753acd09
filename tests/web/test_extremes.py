"""The pages at the extremes a room can bring, in a real browser: a festival of 650 entries whose
prizes run to 12 digits (a buy-in of 1,500,000,000: a pool in rupiah or dong), and a name of 37
letters without a space. The TV at 1280x720, 1920x1080 and 3840x2160 shows every payout whole (the
ladder shrinks, else wraps); "find my seat" and the remote at 320 and 390 px are never wider than
the phone; the remote's bust list is a search or a table first, not 650 buttons, and busts by either.

Screenshots go to $TDCONSOLE_SCREENSHOTS when it is set (to look at them), else a temporary
directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.store.staff import StaffStore
from tests.web.conftest import TD, TD_PIN, Served, events, open_page, serving, wait_for
from tests.web.test_browser import _log_in as log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser, Page

LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffss"  # 37 letters, nowhere to break
ENTRIES = 650
TV_SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
PHONES = [320, 390]

# Nothing wider than the window, and no amount of the ladder (or figure) cut in its box.
OVERFLOW = """() => {
  const cut = [...document.querySelectorAll('.amount, .fit, .seat-card *, .pick, .picked span, .table-pick')]
    .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
    .map((e) => `${e.className}: ${e.textContent.trim().slice(0, 40)} ${e.scrollWidth}>${e.clientWidth}`);
  const outside = [...document.querySelectorAll('body *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5);
  }).map((e) => `${e.tagName}.${e.className}`);
  return {cut, outside, wide: document.documentElement.scrollWidth > innerWidth};
}"""
FITS = {"cut": [], "outside": [], "wide": False}


@pytest.fixture(scope="module")
def festival(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    db = tmp_path_factory.mktemp("festival") / "club.sqlite"
    store = EventStore.open(f"sqlite:///{db}")
    service = Service.create(store, name="Festival Main Event", buy_in=1_500_000_000, fee=0,
                             structure=load_structure(DEFAULT_STRUCTURE), seats_per_table=9)
    service.execute(commands.Register(names=[LONG_NAME, *(f"Player {n:03d}" for n in range(1, ENTRIES))]))
    service.execute(commands.Draw(seed=7))
    service.execute(commands.ClockStart())
    StaffStore(store).add(TD, "td", TD_PIN)
    store.close()
    with serving(db) as server:
        yield server


def _seated(festival: Served) -> dict[str, int]:
    store = EventStore.open(f"sqlite:///{festival.db}")
    try:
        players = Service(store, None, role="display").state.players.values()
        return {p.name: p.table or 0 for p in players if p.status == "seated"}
    finally:
        store.close()


def test_the_tv_shows_twelve_digit_payouts_whole_at_every_size(browser: Browser, festival: Served,
                                                                shots: Path) -> None:
    for width, height in TV_SIZES:
        page = open_page(browser, {"width": width, "height": height})
        page.goto(festival.base + "/")
        wait_for(page, "document.querySelectorAll('.ladder li:not([hidden]) .amount').length > 3")
        wait_for(page, "document.fonts.status === 'loaded'")
        page.screenshot(path=str(shots / f"tv-12-digits-{width}x{height}.png"))
        amounts = page.eval_on_selector_all(".ladder li:not([hidden]) .amount",
                                            "es => es.map(e => e.textContent)")
        assert max(len("".join(c for c in text if c.isdigit())) for text in amounts) == 12, amounts
        assert page.evaluate(OVERFLOW) == FITS, (width, height)
        # Wider than two thirds of the size can hold (a SEAT and 16 digits): the amounts wrap. Set,
        # fitted and read in one step: the live board may redraw itself between two steps.
        wrapped, fits = page.evaluate(f"""() => {{
          document.querySelector('.ladder .amount').textContent = 'SEAT DKK\u00a01,234,567,890,123,456';
          Fit.all(document.getElementById('board'));
          return [document.querySelector('.ladder').classList.contains('wrapped'), ({OVERFLOW})()];
        }}""")
        assert wrapped and fits == FITS, (width, height, fits)
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


def test_a_long_name_wraps_on_find_my_seat_and_the_remote(browser: Browser, festival: Served,
                                                          shots: Path) -> None:
    for width in PHONES:
        page = open_page(browser, {"width": width, "height": 800})
        page.goto(festival.base + "/seat?q=wolfe")
        wait_for(page, f"document.querySelector('.seat-card .who').textContent === {LONG_NAME!r}")
        page.screenshot(path=str(shots / f"seat-long-name-{width}.png"), full_page=True)
        assert page.evaluate(OVERFLOW) == FITS, width

        _log_in(page, festival.base)
        page.fill("#bust-filter", "wolfe")
        wait_for(page, f"!!document.querySelector('.pick[data-name=\"{LONG_NAME}\"]')")
        page.click(f'.pick[data-name="{LONG_NAME}"]')
        wait_for(page, "!document.getElementById('bust-bar').hidden")
        page.screenshot(path=str(shots / f"remote-long-name-{width}.png"))  # the bar stays at the foot
        assert page.evaluate(OVERFLOW) == FITS, width
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


def _log_in(page: Page, base: str) -> None:
    """The TD logged in on the remote, its table picker shown."""
    log_in(page, base, TD, TD_PIN)
    page.wait_for_selector(".table-pick")


def test_the_remote_of_a_festival_is_short_and_busts_by_a_name_or_a_table(
        browser: Browser, festival: Served, shots: Path) -> None:
    page = open_page(browser, {"width": 390, "height": 844})
    page.on("dialog", lambda dialog: dialog.accept())
    _log_in(page, festival.base)
    height = page.evaluate("document.documentElement.scrollHeight")
    page.screenshot(path=str(shots / "remote-festival-390.png"), full_page=True)
    assert height < 3000, height
    assert page.evaluate("document.querySelectorAll('.pick').length") == 0
    assert page.evaluate(OVERFLOW) == FITS

    # By a name: part of it finds him at whatever table he sits.
    seated = _seated(festival)
    page.fill("#bust-filter", "player 123")
    wait_for(page, "document.querySelectorAll('.pick').length === 1")
    page.click('.pick[data-name="Player 123"]')
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('Player 123 busts in 650th')")

    # By a table: its players, and only they; a second tap on it puts the list away.
    table = seated["Player 456"]
    page.click(f'[data-pick-table="{table}"]')
    at_table = sorted(name for name, at in seated.items() if at == table and name != "Player 123")
    wait_for(page, f"document.querySelectorAll('.pick').length === {len(at_table)}")
    assert sorted(page.eval_on_selector_all(".pick", "es => es.map(e => e.dataset.name)")) == at_table
    assert page.evaluate("document.documentElement.scrollHeight") < 3000
    page.screenshot(path=str(shots / "remote-festival-table-390.png"), full_page=True)
    page.click('.pick[data-name="Player 456"]')
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('Player 456 busts in 649th')")
    busted = [kind for _seq, _actor, kind in events(festival.db) if kind == "player_busted"]
    assert len(busted) == 2
    page.click(f'[data-pick-table="{table}"]')
    wait_for(page, "document.querySelectorAll('.pick').length === 0")
    assert page.errors == []  # type: ignore[attr-defined]

"""The TV on a HORSE night (issue 41, TDA RP-18): each level's game on a line above its limits and a
stud level's ante and bring-in, through ten levels, in English and Danish; and it fits the screen at
every size with the longest game name and the most cells (a stud level)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdconsole.domain import commands
from tdconsole.domain.clock.games import rotation
from tdconsole.domain.clock.structure_gen import generate_structure
from tdconsole.i18n import set_language
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web.app import create_app
from tests.web.conftest import PLAYERS, Ticks, open_page, start_server, wait_for
from tests.web.test_tv_screens import LAYOUT, SIZES, _on_one_line

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

HORSE = ["Limit hold'em", "Limit Omaha hi/lo", "Razz", "Seven-card stud", "Seven-card stud hi/lo"]


def horse_night(db: Path) -> None:
    store = EventStore.open(f"sqlite:///{db}")
    structure = generate_structure(20_000, 30, 300, 30, name="HORSE", games=rotation("H,O,R,S,E"))
    service = Service.create(store, name="HORSE Friday", buy_in=300, fee=50, structure=structure,
                             game="HORSE", seats_per_table=6)
    service.execute(commands.Register(names=PLAYERS))
    service.execute(commands.Draw(seed=7))
    service.execute(commands.ClockStart())
    store.close()


@pytest.fixture
def tv(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    db = tmp_path / "club.sqlite"
    horse_night(db)
    store = EventStore.open(f"sqlite:///{db}")
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as client:
        yield client, db
    store.close()


def _cells(html: str) -> dict[str, str]:
    """The blinds row's cells: label -> value, tags and spacing dropped."""
    row = re.search(r'<div class="blinds fit[^"]*">(.*?)</div>\s*<div class="next', html, re.S)
    assert row is not None, html
    cells = re.findall(r'<span class="label">([^<]+)</span>(.*?)</div>', row.group(1), re.S)
    return {label: " ".join(re.sub(r"<[^>]+>", " ", value).split()).replace("&#39;", "'")
            for label, value in cells}


def _game_line(html: str) -> str:
    found = re.search(r'<div class="game-line fit">(.*?)</div>', html, re.S)
    assert found is not None, html
    return found.group(1).strip().replace("&#39;", "'")


def _next_cell(html: str) -> str:
    cell = r'<div class="next fit">.*?<span class="label">[^<]+</span><span>(.*?)</span>'
    found = re.search(cell, html, re.S)
    assert found is not None, html
    return found.group(1)


def _go(db: Path, level: int) -> None:
    store = EventStore.open(f"sqlite:///{db}")
    try:
        Service(store, None).execute(commands.ClockGoToLevel(level=level))
    finally:
        store.close()


def test_rp_18_the_tv_shows_each_levels_game_through_ten_levels(tv: tuple[TestClient, Path]) -> None:
    client, db = tv
    for number in range(1, 11):
        _go(db, number)
        state = client.get("/api/board").json()
        assert state["clock"]["level"] == number
        game = HORSE[(number - 1) % 5]
        html = client.get("/").text
        cells = _cells(html)
        bets = state["clock"]["game"]["bets"]
        assert _game_line(html) == game
        assert cells["LIMITS"] == f"{bets[0]:,} / {bets[1]:,}"
        if game in ("Razz", "Seven-card stud", "Seven-card stud hi/lo"):
            assert cells["ANTE"] == f"{state['clock']['ante']:,}"
            assert cells["BRING-IN"] == f"{state['clock']['game']['bring_in']:,}"
            assert "BLINDS" not in cells
        else:
            assert set(cells) == {"LIMITS"}
        # The next level's game and limits in the NEXT cell; on the break, in its banner.
        upcoming = state["clock"]["next_level"]
        then = f"{HORSE[number % 5]} {upcoming['bets'][0]:,} / {upcoming['bets'][1]:,}"
        assert then in " ".join(_next_cell(html).split()).replace("&#39;", "'")


def test_the_tv_names_the_game_in_danish(tv: tuple[TestClient, Path]) -> None:
    client, db = tv
    _go(db, 5)
    set_language("da")
    try:
        html = client.get("/").text
    finally:
        set_language("en")
    cells = _cells(html)
    assert _game_line(html) == "Seven-card stud hi/lo" and cells["LIMITS"] == "1.600 / 3.200"
    assert set(cells) == {"LIMITS", "ANTE", "BRING-IN"}


@pytest.mark.browser
@pytest.mark.slow
def test_a_stud_level_fits_the_tv_at_every_size(browser: Browser, tmp_path: Path, shots: Path) -> None:
    """Level 10, seven-card stud hi/lo at 30.000 / 60.000, ante and bring-in: the longest game name
    and the most cells, in Danish; nothing cut, nothing too small to read across the room."""
    db = tmp_path / "club.sqlite"
    horse_night(db)
    _go(db, 10)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TDCONSOLE_LANG", "da")
        served = start_server(db)
    try:
        for width, height in SIZES:
            page = open_page(browser, {"width": width, "height": height})
            page.goto(served.base + "/")
            wait_for(page, "!!document.querySelector('.game-line')")
            wait_for(page, "document.fonts.status === 'loaded'")
            page.screenshot(path=str(shots / f"tv-stud8-{width}x{height}.png"))
            assert page.text_content(".game-line") == "Seven-card stud hi/lo"
            assert _on_one_line(page, ".blinds b")
            found = page.evaluate(LAYOUT)
            assert found == {"cut": [], "small": [], "wide": False, "high": False}, (width, found)
            assert page.errors == []  # type: ignore[attr-defined]
            page.context.close()
    finally:
        served.process.terminate()
        served.process.wait(10)

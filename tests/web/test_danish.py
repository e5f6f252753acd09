"""The staff remote in Danish: the page, the live panel, the words remote.js writes, and the
rulings wizard's scenario texts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tdconsole.i18n import set_language
from tests.web.conftest import FLOOR, FLOOR_PIN, Web


@pytest.fixture
def danish_web(web: Web) -> Iterator[Web]:
    set_language("da")  # the language `tdconsole --lang da serve` chose for the process
    try:
        yield web
    finally:
        set_language("en")


def test_the_remote_page_and_panel_are_danish(danish_web: Web) -> None:
    web = danish_web
    assert "Log ind for personale" in web.client.get("/remote").text
    web.login()
    page = web.client.get("/remote").text
    assert '<html lang="da">' in page
    assert ">Slå ud</button>" in page and ">Kald clock</button>" in page and "Filtrér spillere" in page
    words = json.loads(re.search(r'<script id="words" type="application/json">(.*?)</script>', page,
                                 re.S).group(1))  # type: ignore[union-attr]
    assert words["bust_many"] == "Slå {n} spillere ud" and words["kinds"]["rounds"] == "omgange"
    panel = web.client.get("/remote/panel").text
    assert "Bord 1" in panel and "plads 1" in panel and 'data-started="yes"' in panel


def test_the_remote_wizard_walks_in_danish(danish_web: Web) -> None:
    web = danish_web
    csrf = web.login(FLOOR, FLOOR_PIN)
    walked = web.client.post("/api/rulings/walk", json={"scenario": "out-of-turn-action"},
                             headers={"X-CSRF-Token": csrf}).json()
    assert walked["title"] == "En spiller handlede ude af tur (uden for tur)"
    assert walked["open"][0]["ask"] == "Hvad gjorde spilleren ude af tur?"
    rows = web.command("rulings/scenarios", {}, csrf).json()  # type: ignore[attr-defined]
    assert any(row["title"] == "En spiller handlede ude af tur (uden for tur)" for row in rows)


def test_the_tv_board_writes_numbers_as_danish_does(danish_web: Web) -> None:
    board = danish_web.client.get("/").text
    # 12 players of 20,000 chips at 100/200: the average and the blinds as Danish writes numbers.
    assert "20.000" in board and "100,0 BB" in board
    assert "20,000" not in board and "100.0 BB" not in board

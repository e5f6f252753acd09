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
    assert ">Slå ud</button>" in page and ">Kald tiden</button>" in page
    assert "Find en spiller: en del af navnet" in page
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


def test_the_webs_refusals_are_danish(danish_web: Web) -> None:
    web = danish_web
    assert web.client.get("/api/state").json() == {
        "error": "log ind først (POST /api/login med dit navn og din PIN)"}
    wrong = web.client.post("/api/login", json={"staff": FLOOR, "pin": "0000"})
    assert (wrong.status_code, wrong.json()["error"]) == (401, "forkert navn eller PIN")
    assert web.client.get("/no-such-page").json() == {"error": "siden findes ikke"}
    csrf = web.login(FLOOR, FLOOR_PIN)
    # A role refusal in Danish throughout: the command's verb too (never "kan ikke bust players").
    refused = web.command("bust", {"names": ["Anna Holm"]}, csrf)
    assert (refused.status_code, refused.json()["error"]) == (  # type: ignore[attr-defined]
        403, "floor-personale kan ikke slå spillere ud (kun turneringslederen)")
    unsigned = web.command("clock/pause", {}, None)
    assert unsigned.json()["error"] == (  # type: ignore[attr-defined]
        "headeren X-CSRF-Token mangler eller er forkert (log ind igen)")
    not_json = web.client.post("/api/commands/rulings/scenarios", content=b"[1]",
                               headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"})
    assert not_json.json()["error"] == "indholdet skal være et JSON-objekt"


def test_the_wizard_says_the_answers_in_words(danish_web: Web) -> None:
    web = danish_web
    csrf = web.login(FLOOR, FLOOR_PIN)
    walked = web.client.post("/api/rulings/walk", json={
        "scenario": "out-of-turn-action", "answers": {"action": "call", "changed": "no"}},
        headers={"X-CSRF-Token": csrf}).json()
    assert walked["answers"] == {"action": "call", "changed": "no"}  # the contract's keys stay
    assert [given["text"] for given in walked["answered"]] == ["Callede", "Nej"]
    set_language("en")
    walked = web.client.post("/api/rulings/walk", json={
        "scenario": "out-of-turn-action", "answers": {"action": "bet-or-raise"}},
        headers={"X-CSRF-Token": csrf}).json()
    assert walked["answered"] == [{"key": "action", "value": "bet-or-raise", "text": "Bet or raised"}]


def test_a_bad_value_in_a_request_is_refused_in_danish(danish_web: Web) -> None:
    web = danish_web
    csrf = web.login()
    answer = web.command("rulings/clock-call", {"table": "x", "seat": 1}, csrf)
    assert answer.json() == {  # type: ignore[attr-defined]
        "error": "rulings clock-call: table: 'x': ikke et helt tal", "field": "table"}
    answer = web.command("rulings/clock-call", {"table": 1, "seat": 0}, csrf)
    assert answer.json()["error"] == "rulings clock-call: seat: 0: skal være mindst 1"  # type: ignore[attr-defined]
    not_json = web.client.post("/api/commands/bust", content=b"{bad", headers={
        "X-CSRF-Token": csrf, "Content-Type": "application/json"})
    assert not_json.json()["error"].startswith("indholdet: ikke JSON")

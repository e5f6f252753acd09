"""The remote's bust as a TD uses it from a phone (issue 34, item 12): each bust starts with no
knocker (the last one's would take a second bounty unseen, T-PKO-1); every player picked in the
rebuy period is asked "Rebuy?" (T-REBUY-1), and a knocker chosen for a bust that ends in a rebuy
takes the bounty in a PKO as after the bust (the rebuy's one command names him, T-PKO-6) or is
told he takes nothing; a finished tournament shows no clock or bust controls (T-END-1); the result line
stays in sight below a long list; counts are worded for one and for many, and a hand-for-hand bust
without a stack shows no empty brackets."""

from __future__ import annotations

import json
import re

import pytest

from tests.cli.helpers import run
from tests.web.conftest import PLAYERS, TD, TD_PIN, Served, Web, events, open_page, wait_for
from tests.web.test_browser import PHONE, _log_in
from tests.web.test_rebuy_remote import REBUYS

STATUS = "document.querySelector('#status').textContent"


def _status_has(page: object, text: str) -> None:
    wait_for(page, f"{STATUS}.includes({json.dumps(text)})")  # type: ignore[arg-type]


def _kinds(served: Served) -> list[str]:
    return [kind for _seq, _actor, kind in events(served.db)]


@pytest.mark.browser
@pytest.mark.slow
def test_t_pko_1_the_next_bust_starts_with_no_knocker(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--db", str(served.db), "money", "set", "--bounty", "50", "--pko").code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    page.on("dialog", lambda dialog: dialog.accept())
    page.click('.pick[data-name="Anna Holm"]')
    page.select_option("#bust-by", "Bent Lund")
    page.click("#bust-go")
    _status_has(page, "Anna Holm busts in 12th")
    wait_for(page, "!document.querySelector('.pick[data-name=\"Anna Holm\"]')")
    page.click('.pick[data-name="Carl Møller"]')
    assert page.input_value("#bust-by") == ""  # not Bent Lund again
    page.click("#bust-go")  # a PKO's bust without its knocker is refused (T-PKO-1): nothing busts
    _status_has(page, "T-PKO-1")
    assert _kinds(served).count("player_busted") == 1
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.browser
@pytest.mark.slow
def test_t_end_1_a_finished_tournament_shows_its_result_and_no_clock_or_bust_controls(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    """Once the winner is known the phone says it is over and shows the result and the payouts,
    with no clock buttons and no Bust tab to tap by mistake; the server refuses both anyway."""
    for name in PLAYERS[1:]:
        assert run(capsys, "--db", str(served.db), "bust", name).code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    wait_for(page, "document.body.classList.contains('finished')")
    assert "The tournament is over" in page.text_content("#slot-banner")  # type: ignore[operator]
    assert not page.is_visible("#pause-resume") and not page.is_visible('[data-tab="bust"]')
    assert page.is_visible("#tab-money") and "Anna Holm" in page.text_content("#slot-money")  # type: ignore[operator]
    before = _kinds(served)
    for verb, body in (("clock/resume", {}), ("bust", {"names": ["Anna Holm"]})):
        answer = page.evaluate(
            """([verb, body]) => fetch(`api/commands/${verb}`, {method: "POST", body: JSON.stringify(body),
                 headers: {"Content-Type": "application/json",
                           "X-CSRF-Token": document.querySelector('meta[name="csrf"]').content}})
               .then((response) => response.json())""", [verb, body])
        assert answer["error"].startswith("T-END-1: the tournament is finished (Anna Holm is the winner)")
    assert _kinds(served) == before
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.browser
@pytest.mark.slow
def test_t_rebuy_1_two_players_picked_are_each_asked_and_a_knocker_is_told(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--db", str(served.db), *REBUYS).code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    asked: list[str] = []

    def answer(dialog: object) -> None:  # Anna rebuys (one), Bent does not and busts
        message = dialog.message  # type: ignore[attr-defined]
        asked.append(message)
        yes = "Anna Holm busts" in message or message.startswith("Bust ")
        (dialog.accept if yes else dialog.dismiss)()  # type: ignore[attr-defined]

    page.on("dialog", answer)
    page.click('.pick[data-name="Anna Holm"]')
    page.click('.pick[data-name="Bent Lund"]')
    page.click("#bust-go")
    _status_has(page, "Bent Lund busts in 12th")
    assert [message.split(".")[0] for message in asked] == [
        "Anna Holm busts in the rebuy period",
        "A double rebuy for Anna Holm? (OK: double; Cancel: one rebuy)",
        "Bent Lund busts in the rebuy period", "Bust Bent Lund in place 12?"]
    assert "Anna Holm rebuys (1 rebuy so far)" in page.evaluate(STATUS)
    assert _kinds(served)[-2:] == ["rebought", "player_busted"]

    # No bounty here: the form the server draws asks no knocker (views/busts.py `asks`).
    wait_for(page, "!document.querySelector('.pick[data-name=\"Bent Lund\"]')")
    page.click('.pick[data-name="Anna Holm"]')
    wait_for(page, "document.querySelector('#bust-asks').textContent.includes('offered a rebuy first')")
    assert page.query_selector("#bust-by") is None
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.browser
@pytest.mark.slow
def test_the_result_line_stays_in_sight_below_a_long_list(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    late = [f"Late {number}" for number in range(1, 29)]  # 40 seated: every one has a button
    assert run(capsys, "--db", str(served.db), "register", *late).code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    page.on("dialog", lambda dialog: dialog.accept())
    last = page.locator(".pick").last
    name = last.get_attribute("data-name")
    last.click()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 600  # the list is longer than the phone's screen
    page.click("#bust-go")
    _status_has(page, f"{name} busts in ")
    box = page.evaluate("(() => { const r = document.querySelector('#status').getBoundingClientRect();"
                        " return [r.top, r.bottom, window.innerHeight, window.scrollY]; })()")
    top, bottom, height, scrolled = box
    assert scrolled > 600 and top >= 0 and bottom <= height, box
    assert page.errors == []  # type: ignore[attr-defined]


def test_counts_are_worded_for_one_and_many_and_no_bust_shows_empty_brackets(web: Web) -> None:
    csrf = web.login()
    page = web.client.get("/remote").text
    words = json.loads(re.search(r'<script id="words" type="application/json">(.*?)</script>', page, re.S)
                       .group(1))  # type: ignore[union-attr]
    assert words["entries"] == ["{n} entry", "{n} entries"]
    assert web.command("h4h/start", {}, csrf).status_code == 200
    assert web.command("bust", {"names": [PLAYERS[0]]}, csrf).status_code == 200  # no stack
    panel = web.client.get("/remote/panel").text
    assert re.search(rf"{PLAYERS[0]} busted at table \d+</p>", panel), panel
    assert "()" not in panel


@pytest.mark.browser
@pytest.mark.slow
def test_t_pko_6_in_a_pko_the_knocker_keeps_the_bounty_of_a_player_who_rebuys(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    """A progressive knockout's rebuy instead of the bust with the knocker chosen pays him what a
    bust and a rebuy after it would (T-PKO-6), in the rebuy's one command, and the phone says so;
    with a fixed bounty it says the knocker takes nothing rather than drop him without a word."""
    assert run(capsys, "--db", str(served.db), *REBUYS, "--bounty", "100", "--pko").code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    asked: list[str] = []

    def answer(dialog: object) -> None:  # Rebuy? yes; a double? no
        message = dialog.message  # type: ignore[attr-defined]
        asked.append(message)
        (dialog.dismiss if "double" in message else dialog.accept)()  # type: ignore[attr-defined]

    page.on("dialog", answer)
    wait_for(page, "document.querySelector('.clock-line').dataset.pko === 'yes'")
    before = len(_kinds(served))
    page.click('.pick[data-name="Anna Holm"]')
    page.select_option("#bust-by", "Bent Lund")
    page.click("#bust-go")
    _status_has(page, "Anna Holm rebuys (1 rebuy so far) instead of busting, knocked out by Bent Lund; "
                      "bounty to Bent Lund ")  # the log's sentence: the knockout stands (T-PKO-6)
    assert [message.split("?")[0] for message in asked] == [
        "Anna Holm busts in the rebuy period. Rebuy", "A double rebuy for Anna Holm"]
    assert _kinds(served)[before:] == ["rebought"]  # one command: no bust to set aside
    state = run(capsys, "--db", str(served.db), "state", "--json").json
    players = {row["name"]: row for row in state["players"]}
    # Anna's head of 100: half in cash to Bent (T-PKO-1), and her head starts again at the rebuy's.
    assert (players["Bent Lund"]["bounty_cash"], players["Bent Lund"]["bounty"]) == (50, 150)
    assert (players["Anna Holm"]["status"], players["Anna Holm"]["bounty"]) == ("seated", 100)

    # A fixed bounty (T-BOUNTY-1): the rebuy instead of the bust pays the knocker nothing, and says so.
    assert run(capsys, "--db", str(served.db), "money", "set", "--no-pko").code == 0
    wait_for(page, "document.querySelector('.clock-line').dataset.pko === 'no'")
    page.click('.pick[data-name="Carl Møller"]')
    page.select_option("#bust-by", "Bent Lund")
    page.click("#bust-go")
    _status_has(page, "Carl Møller rebuys (1 rebuy so far) instead of busting, knocked out by Bent Lund: "
                      "no bounty is paid for it (T-PKO-6)")
    assert page.errors == []  # type: ignore[attr-defined]

"""One sentence per event on the phone too: what a command from the remote did comes back as the
log's own sentences (`said`, views/log.py), which remote.js shows rather than word the same events
a second time; `tdconsole log` reads the very same lines, in English and in Danish."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdconsole.i18n import set_language
from tdconsole.store.event_store import EventStore
from tdconsole.web.app import create_app
from tests.cli.helpers import run
from tests.web.conftest import PLAYERS, TD, TD_PIN, Served, Ticks, Web, make_tournament, open_page, wait_for
from tests.web.test_browser import PHONE, _log_in

Capsys = pytest.CaptureFixture[str]


def _said_as_logged(web: Web, capsys: Capsys, verb: str, body: dict[str, object], csrf: str,
                    lang: str = "en") -> list[str]:
    """`verb`'s `said`, checked equal to the lines `tdconsole log --json` has for its command."""
    set_language(lang)  # the server's language (a CLI run in this process chose its own)
    answer = web.command(verb, body, csrf)
    assert answer.status_code == 200, answer.text  # type: ignore[attr-defined]
    log = run(capsys, "--db", str(web.db), "--lang", lang, "log", "--json").json
    last = [entry["text"] for entry in log if entry["command_id"] == log[-1]["command_id"]]
    said: list[str] = answer.json()["said"]  # type: ignore[attr-defined]
    assert said == last, verb
    return said


def test_a_command_from_the_phone_is_said_in_the_logs_own_sentences(web: Web, capsys: Capsys) -> None:
    csrf = web.login()
    for verb, body in (("register", {"names": ["Wrong Name"]}),
                       ("pay", {"name": "Wrong Name", "unpaid": True}),  # named by his registration
                       ("unregister", {"name": "Wrong Name"}), ("pay", {"name": PLAYERS[0], "unpaid": True})):
        _said_as_logged(web, capsys, verb, body, csrf)


@pytest.fixture(params=["en", "da"])
def undrawn(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Web, str]]:
    """The 12 players registered, not drawn yet; the server speaking `lang`."""
    db = tmp_path / "club.sqlite"
    make_tournament(db, drawn=False)
    lang: str = request.param
    set_language(lang)  # the language `tdconsole --lang da serve` chose for the process
    store = EventStore.open(f"sqlite:///{db}")
    try:
        with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as client:
            yield Web(client, db, Ticks()), lang
    finally:
        store.close()
        set_language("en")


def test_the_draw_a_rebuy_a_reentry_and_a_deal_are_said_as_the_log_says_them(
        undrawn: tuple[Web, str], capsys: Capsys) -> None:
    """The four the phone once worded itself: the log's sentence now says what the phone needs
    (the tables drawn, the rebuys so far, the entry's number); a deal's next step stays a prompt."""
    web, lang = undrawn
    danish = lang == "da"
    assert run(capsys, "--db", str(web.db), "money", "set", "--rebuy-until-level", "4",
               "--rebuy-price", "100", "--rebuy-double").code == 0
    csrf = web.login()
    drawn = _said_as_logged(web, capsys, "draw", {"seed": 7}, csrf, lang)
    assert drawn[-1] == ("Bordene er trukket: 12 spillere ved 2 borde" if danish else
                         "The tables are drawn: 12 players at 2 tables")
    rebuy = _said_as_logged(web, capsys, "rebuy", {"name": PLAYERS[0]}, csrf, lang)
    assert rebuy == [f"{PLAYERS[0]} køber rebuy (1 rebuy indtil nu)" if danish else
                     f"{PLAYERS[0]} rebuys (1 rebuy so far)"]
    rebuy = _said_as_logged(web, capsys, "rebuy", {"name": PLAYERS[0], "double": True}, csrf, lang)
    assert rebuy == [f"{PLAYERS[0]} køber dobbelt rebuy (3 rebuys indtil nu)" if danish else
                     f"{PLAYERS[0]} buys a double rebuy (3 rebuys so far)"]
    assert run(capsys, "--db", str(web.db), "bust", PLAYERS[1]).code == 0
    reentry = _said_as_logged(web, capsys, "reenter", {"name": PLAYERS[1]}, csrf, lang)
    assert reentry[0] == (f"{PLAYERS[1]} tager re-entry (indskud 2)" if danish else
                          f"{PLAYERS[1]} re-enters (entry 2)")
    assert PLAYERS[1] in reentry[1] and ("bord" if danish else "table") in reentry[1]  # his seat
    # Down to three, counted: the deal's amounts are the log's sentence.
    assert run(capsys, "--db", str(web.db), "bust", *PLAYERS[3:], PLAYERS[1]).code == 0
    state = run(capsys, "--db", str(web.db), "state", "--json").json
    left = [row["name"] for row in state["players"] if row["status"] == "seated"]
    first = state["chips_in_play"] // 3  # a chip leader: the deal is not an even split
    chips = [f"{left[0]}={first}", f"{left[1]}={state['chips_in_play'] - first}"]
    assert run(capsys, "--db", str(web.db), "chips", *chips).code == 0, chips
    deal = _said_as_logged(web, capsys, "deal/propose", {"method": "icm"}, csrf, lang)
    assert deal[0].startswith("En ICM-deal er foreslået" if danish else "An ICM deal is proposed")


@pytest.mark.browser
@pytest.mark.slow
def test_the_phone_shows_a_reentry_as_the_log_says_it(browser: object, served: Served,
                                                      capsys: Capsys) -> None:
    """The re-entry button on a busted player's row: the phone's line is the log's sentences of
    the command (the entry's number, then the seat it was drawn), not remote.js's own words."""
    db = str(served.db)
    assert run(capsys, "--db", db, "money", "set", "--re-entry", "100").code == 0
    assert run(capsys, "--db", db, "bust", PLAYERS[0]).code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    page.on("dialog", lambda dialog: dialog.accept())  # "Re-enter Anna Holm?"
    _log_in(page, served.base, TD, TD_PIN)
    page.click('[data-tab="register"]')
    page.fill("#row-player", PLAYERS[0])
    page.click('#slot-row button[data-verb="reenter"]')
    wait_for(page, "document.querySelector('#status').textContent.includes('(entry 2)')")
    log = run(capsys, "--db", db, "log", "--json").json
    last = [entry["text"] for entry in log if entry["command_id"] == log[-1]["command_id"]]
    assert last[0] == f"{PLAYERS[0]} re-enters (entry 2)"
    assert page.evaluate("document.querySelector('#status').textContent") == "; ".join(last)
    assert page.errors == []  # type: ignore[attr-defined]

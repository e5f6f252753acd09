"""The remote's rebuy (T-REBUY-1..4): `POST /api/commands/rebuy` answers the CLI's `rebuy --json`,
refuses in one line with the rule, floor staff may not sell one; the panel marks who may rebuy;
and on a phone a bust in the rebuy period asks "Rebuy?" before it busts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.web.conftest import FLOOR, FLOOR_PIN, TD, TD_PIN, Served, Web, events, open_page, wait_for
from tests.web.test_api import _error
from tests.web.test_browser import PHONE, _log_in

REBUYS = ("money", "set", "--rebuy-until-level", "2", "--rebuy-price", "100", "--rebuy-limit", "2",
          "--rebuy-double")


def _rebuys_on(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--db", str(db), *REBUYS).code == 0


def test_a_rebuy_answers_the_cli_rebuy_json_and_refusals_name_the_rule(
        web: Web, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _rebuys_on(web.db, capsys)
    twin = tmp_path / "twin.sqlite"
    with sqlite3.connect(web.db) as source, sqlite3.connect(twin) as target:
        source.backup(target)  # the WAL too: the money settings were just written
    csrf = web.login()
    response = web.command("rebuy", {"name": "Anna Holm", "double": True}, csrf)
    assert response.status_code == 200, response.text
    cli = run(capsys, "--db", str(twin), "rebuy", "Anna Holm", "--double", "--json")
    assert cli.code == 0, cli.err
    assert response.json() == cli.json  # "said" too: the CLI says the log's sentences as the phone does
    assert (response.json()["rebuys"], response.json()["rebuys_left"]) == (2, 0)
    assert [actor for _seq, actor, kind in events(web.db) if kind == "rebought"] == [TD]
    before = events(web.db)
    _error(web.command("rebuy", {"name": "Anna Holm"}, csrf), 409, "T-REBUY-2: Anna Holm has bought 2 of 2")
    _error(web.command("rebuy", {"name": "Bent Lund", "stack": 500}, csrf), 409, "T-REBUY-3")
    assert events(web.db) == before


def test_t_pko_6_a_rebuy_instead_of_the_bust_names_its_knocker_in_one_command(
        web: Web, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The remote's rebuy instead of the bust with `knocked_out_by`: in a PKO the knocker takes what
    `bust --by` and a rebuy after it give him (T-PKO-6), in one command, and the answer is the
    CLI's `rebuy --knocked-out-by --json`; a knocker not in is one line that changes nothing."""
    assert run(capsys, "--db", str(web.db), *REBUYS, "--bounty", "100", "--pko").code == 0
    twin = tmp_path / "twin.sqlite"
    with sqlite3.connect(web.db) as source, sqlite3.connect(twin) as target:
        source.backup(target)
    csrf = web.login()
    before = events(web.db)
    _error(web.command("rebuy", {"name": "Anna Holm", "knocked_out_by": ["Anna Holm"]}, csrf), 400,
           "a player cannot knock themselves out")
    assert events(web.db) == before
    response = web.command("rebuy", {"name": "Anna Holm", "knocked_out_by": ["Bent Lund"]}, csrf)
    assert response.status_code == 200, response.text
    assert response.json()["knockout"] == {"knocked_out_by": ["Bent Lund"], "kind": "pko",
                                           "bounty": {"Bent Lund": 50}, "head": {"Bent Lund": 50},
                                           "restarts_at": 100}
    assert [kind for _seq, _actor, kind in events(web.db)][len(before):] == ["rebought"]
    cli = run(capsys, "--db", str(twin), "rebuy", "Anna Holm", "--knocked-out-by", "Bent Lund", "--json")
    assert response.json() == cli.json  # "said" too: the CLI says the log's sentences as the phone does
    state = run(capsys, "--db", str(web.db), "state", "--json").json
    players = {row["name"]: row for row in state["players"]}
    assert (players["Bent Lund"]["bounty_cash"], players["Bent Lund"]["bounty"]) == (50, 150)
    assert players["Anna Holm"]["bounty"] == 100


def test_a_rebuy_after_the_bust_is_the_cli_s_rebuy_with_its_payment(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    """T-REBUY-1: the remote sells a busted player's rebuy through the same `rebuy` action as the
    CLI and F2's `R`: the bust set aside, the method the cash desk counts."""
    _rebuys_on(web.db, capsys)
    assert run(capsys, "--db", str(web.db), "bust", "Anna Holm").code == 0
    csrf = web.login()
    response = web.command("rebuy", {"name": "Anna Holm", "paid": "mobilepay"}, csrf)
    assert response.status_code == 200, response.text
    assert (response.json()["rebuys"], response.json()["bust_set_aside"]) == (1, 12)
    kinds = [kind for _seq, _actor, kind in events(web.db)]
    assert kinds[kinds.index("bust_set_aside"):][:3] == ["bust_set_aside", "rebought", "payment_recorded"]


def test_floor_staff_cannot_sell_a_rebuy(web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    _rebuys_on(web.db, capsys)
    csrf = web.login(FLOOR, FLOOR_PIN)
    before = events(web.db)
    _error(web.command("rebuy", {"name": "Anna Holm"}, csrf), 403)
    assert events(web.db) == before


def test_the_panel_marks_who_may_rebuy(web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    web.login()
    assert "data-rebuy" not in web.client.get("/remote/panel").text  # no rebuys sold
    _rebuys_on(web.db, capsys)
    assert run(capsys, "--db", str(web.db), "rebuy", "Anna Holm").code == 0
    panel = web.client.get("/remote/panel").text
    assert 'data-name="Anna Holm" data-table' in panel
    assert panel.count('data-rebuy="double"') == 11 and panel.count('data-rebuy="single"') == 1


@pytest.mark.browser
@pytest.mark.slow
def test_a_phone_asks_rebuy_before_a_bust_in_the_rebuy_period(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    _rebuys_on(served.db, capsys)
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    asked: list[str] = []

    def answer(dialog: object) -> None:  # Rebuy? yes; a double? no
        message = dialog.message  # type: ignore[attr-defined]
        asked.append(message)
        (dialog.dismiss if "double" in message else dialog.accept)()  # type: ignore[attr-defined]

    page.on("dialog", answer)
    page.click('.pick[data-name="Anna Holm"]')
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent"
                   ".includes('Anna Holm rebuys (1 rebuy so far)')")
    assert "Anna Holm busts in the rebuy period. Rebuy?" in asked[0] and "double" in asked[1]
    assert [kind for _seq, _actor, kind in events(served.db)][-1] == "rebought"
    # Declining the rebuy busts him as before (the bust question follows and is answered yes).
    asked.clear()
    page.remove_listener("dialog", answer)
    page.on("dialog", lambda dialog: (asked.append(dialog.message),
                                      dialog.dismiss() if "Rebuy?" in dialog.message else dialog.accept()))
    wait_for(page, "!!document.querySelector('.pick[data-name=\"Bent Lund\"]')")
    page.click('.pick[data-name="Bent Lund"]')
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('Bent Lund busts in 12th')")
    assert "Rebuy?" in asked[0] and "Bust Bent Lund in place 12?" in asked[1]
    assert page.errors == []  # type: ignore[attr-defined]

"""How a player's evening or the tournament ends, on the remote: a satellite's end (T-SAT-2), which
the TV and the TD's clock screen say with who won a seat, is said by the phone that made the last
bust and shown on its panel after; a disqualification (C-PEN-1), which the CLI and the TUI make, the
phone makes too."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run
from tests.web.conftest import PLAYERS, TD, TD_PIN, Served, Web, events, open_page, wait_for
from tests.web.test_browser import PHONE, _log_in


def test_t_sat_2_the_remote_says_the_satellite_is_over_and_who_won_a_seat(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    """12 entries of 100: a pool of 1,200 buys 3 seats of 330 (T-SAT-1); the ninth bust ends it."""
    assert run(capsys, "--db", str(web.db), "money", "set", "--satellite-seat", "330").code == 0
    csrf = web.login()
    for name in PLAYERS[:8]:
        response = web.command("bust", {"names": [name]}, csrf)
        assert response.status_code == 200, response.text
        assert "satellite_over" not in response.json()
    assert "Seats won" not in web.client.get("/remote/panel").text
    last = web.command("bust", {"names": [PLAYERS[8]]}, csrf).json()
    assert last["satellite_over"] == {"winners": PLAYERS[9:], "seat": 330}
    panel = web.client.get("/remote/panel").text
    assert "Seats won (T-SAT-2)" in panel and all(name in panel for name in PLAYERS[9:])
    # The words remote.js shows: the log's own sentence, as the CLI prints it (actions/players.py bust_said).
    [over] = [line for line in last["said"] if line.startswith("The satellite is over (T-SAT-2): ")]
    assert all(name in over for name in PLAYERS[9:]) and "each win a seat worth" in over and "330" in over


def test_c_pen_1_the_remote_disqualifies_a_player_in_a_pko(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    """A PKO bust needs its knocker (T-PKO-1) or a disqualification: the phone has the control, and
    the bust it sends puts the bounty in the prize pool (T-PKO-4)."""
    assert run(capsys, "--db", str(web.db), "money", "set", "--bounty", "50", "--pko").code == 0
    csrf = web.login()
    asked = web.client.post("/api/bust/questions", json={"names": [PLAYERS[0]], "disqualified": True},
                            headers={"X-CSRF-Token": csrf}).json()  # what the phone asks (views/busts.py)
    assert asked["knocker"] == "none"
    assert [ask["field"] for ask in asked["asks"]] == ["disqualified"]  # the phone's checkbox, drawn from it
    assert asked["confirm"][0].startswith(f"Disqualify {PLAYERS[0]} (C-PEN-1)?")
    refused = web.command("bust", {"names": [PLAYERS[0]]}, csrf)
    assert refused.status_code != 200 and "disqualify" in refused.json()["error"]
    response = web.command("bust", {"names": [PLAYERS[0]], "disqualified": True}, csrf)
    assert response.status_code == 200, response.text
    [row] = response.json()["busted"]
    assert (row["disqualified"], row["to_pool"]) == (True, 50)


@pytest.mark.browser
@pytest.mark.slow
def test_c_pen_1_a_phone_disqualifies_with_its_checkbox(
        browser: object, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--db", str(served.db), "money", "set", "--bounty", "50", "--pko").code == 0
    page = open_page(browser, PHONE)  # type: ignore[arg-type]
    _log_in(page, served.base, TD, TD_PIN)
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click('.pick[data-name="Anna Holm"]')
    page.check("#bust-disqualified")
    wait_for(page, "!document.querySelector('#bust-by')")  # knocked out by nobody: no knocker asked
    page.click("#bust-go")
    wait_for(page, "document.querySelector('#status').textContent.includes('Anna Holm busts in 12th')")
    assert "Disqualify Anna Holm (C-PEN-1)?" in asked[0]
    assert [kind for _seq, _actor, kind in events(served.db)][-1] == "player_busted"
    wait_for(page, "!document.querySelector('#bust-disqualified')")  # the next bust starts afresh
    assert page.errors == []  # type: ignore[attr-defined]

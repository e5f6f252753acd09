"""The remote's night besides the bust (issue 38): the buttons a member's role may use and no other,
the draw, the undo, the cash desk and the deal through the CLI's own actions, the bubble's burst
said, and a clock call's ruling opened only once its time is up."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from tdconsole.actions.base import registry
from tdconsole.web.actions import allowed_verbs
from tests.cli.helpers import run
from tests.web.conftest import FLOOR, FLOOR_PIN, PLAYERS, TD, Web, as_cli, events
from tests.web.test_api import _error


def test_floor_staff_are_offered_only_the_commands_their_role_may_run(web: Web) -> None:
    """Item 7: the verbs the panel offers are those the service lets the role run; floor staff see
    no undo, no table, cash or deal buttons, and the server refuses them (403) however asked."""
    floor = allowed_verbs("floor")
    assert floor == {verb.replace(" ", "/") for verb, found in registry().items()
                     if found.web and not any(command.td_only for command in found.commands)}
    assert {"rulings/log", "rulings/clock-call", "rulings/clock-stop"} <= floor
    assert not floor & {"undo", "draw", "break-table", "final-table", "h4h/start", "cash/pay-out", "pay",
                        "deal/approve", "bust", "rebuy"}
    assert {"draw", "break-table", "cash/pay-out", "deal/approve", "undo"} <= allowed_verbs("td")
    csrf = web.login(FLOOR, FLOOR_PIN)
    panel = web.client.get("/remote/panel").text
    offered = re.findall(r'data-(?:verb|preview)="([^"]+)"', panel)
    assert all(verb.startswith("rulings/") for verb in offered), offered
    assert 'id="undo-ask"' not in panel and 'id="drawer-go"' not in web.client.get("/remote").text
    _error(web.client.get("/remote/undo"), 403, "TD only")
    before = events(web.db)
    _error(web.command("break-table", {"table": 2, "apply": True}, csrf), 403, "TD only")
    _error(web.command("cash/pay-out", {"name": "Anna Holm"}, csrf), 403)
    assert events(web.db) == before


def test_the_tds_panel_offers_the_tables_money_and_undo(web: Web) -> None:
    web.login()
    panel = web.client.get("/remote/panel").text
    # Each table's seats, a Break button each, no draw (drawn), no final table (12 > 6 seats).
    assert panel.count('data-preview="break-table"') == 2 and 'data-verb="draw"' not in panel
    assert 'data-preview="final-table"' not in panel
    assert re.search(r'<span class="seat-no">1</span> \w', panel)
    # The last command in words and its id, read when the TD asks: the undo takes back that one or
    # refuses (another command came in between).
    assert 'id="undo-ask"' in panel
    offer = web.client.get("/remote/undo").json()
    assert offer["summary"] == "The clock starts" and offer["actor"] == "td"
    csrf = web.login()
    assert web.command("clock/pause", {}, csrf).status_code == 200
    _error(web.command("undo", {"anyone": True, "yes": True, "command_id": offer["command_id"]}, csrf), 409)
    offer = web.client.get("/remote/undo").json()
    assert offer["actor"] == TD and "paus" in offer["summary"]
    undone = web.command("undo", {"anyone": True, "yes": True, "command_id": offer["command_id"]}, csrf)
    assert undone.status_code == 200, undone.text
    # The money: the ladder with the bubble line, the unpaid list, the drawer by method.
    assert "Payouts" in panel and "bubble-line" in panel and "Cash desk" in panel
    page = web.client.get("/remote").text
    assert 'data-count="cash"' in page and 'data-count="mobilepay"' in page and 'id="drawer-go"' in page


def test_the_draw_answers_the_cli_draw_json(web: Web, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    csrf = web.login()
    assert web.command("register", {"names": ["Zoe Late", "Yrsa Late"]}, csrf).status_code == 200
    # After the draw a late registration is seated at once (TDA 8A): a new tournament's draw then.
    assert run(capsys, "--db", str(web.db), "new", "Second", "--buy-in", "100", "--use").code == 0
    assert run(capsys, "--db", str(web.db), "register", *PLAYERS[:4]).code == 0
    twin = tmp_path / "twin.sqlite"
    with sqlite3.connect(web.db) as source, sqlite3.connect(twin) as target:
        source.backup(target)  # the WAL too
    served = web.client.app.state.web  # type: ignore[attr-defined]
    second = max(summary.id for summary in served.store.tournaments())
    csrf = web.login()
    response = web.client.post(f"/t/{second}/api/commands/draw", json={"seed": 3},
                               headers={"X-CSRF-Token": csrf})
    assert response.status_code == 200, response.text
    cli = run(capsys, "--db", str(twin), "draw", "--seed", "3", "--json")
    assert cli.code == 0, cli.err + cli.out
    assert as_cli(response.json()) == cli.json and response.json()["players_seated"] == 4


def test_t_h4h_1_the_bubble_bursting_is_said_to_the_phone(web: Web,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The hand that ends hand-for-hand by itself says so to the phone as it does on the CLI."""
    state = run(capsys, "--db", str(web.db), "payouts", "--json").json
    paid = len(state["payouts"])
    for name in PLAYERS[: len(PLAYERS) - paid - 1]:
        assert run(capsys, "--db", str(web.db), "bust", name).code == 0
    csrf = web.login()
    started = web.command("h4h/start", {"between_hands": True}, csrf)
    assert started.status_code == 200, started.text
    tables = [row["table"] for row in started.json()["tables"]]
    seated = run(capsys, "--db", str(web.db), "state", "--json").json
    out = next(p["name"] for p in seated["players"] if p["status"] == "seated")
    assert web.command("bust", {"names": [out]}, csrf).status_code == 200
    answers = [web.command("h4h/done", {"table": table}, csrf).json() for table in tables]
    assert all("ended" not in answer for answer in answers[:-1])
    assert "Hand-for-hand is over" in answers[-1]["ended"] and "T-H4H-1" in answers[-1]["ended"]


def test_c_clock_1_a_clock_calls_ruling_opens_only_at_zero(web: Web) -> None:
    csrf = web.login()
    call = web.command("rulings/clock-call", {"table": 1, "seat": 2, "facing_bet": True}, csrf)
    assert call.status_code == 200, call.text
    panel = web.client.get("/remote/panel").text
    ruling = re.search(r"<button[^>]*data-ruling-call=[^>]*>", panel)
    assert ruling is not None and "disabled" in ruling.group(0)
    page = web.client.get("/remote").text
    # The player picked names his table and seat (the names slot carries them for the form).
    assert 'id="call-player"' in page
    names = re.search(r'<div data-slot="names">(.*?)</div>', panel, re.S)
    assert names is not None and 'data-table="' in names.group(1) and 'data-seat="' in names.group(1)


def test_a_players_row_offers_what_his_status_allows_and_runs_the_clis_actions(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 2: re-entry for a player out, add-on and unregister for one still in, from his row."""
    assert run(capsys, "--db", str(web.db), "money", "set", "--re-entry", "100").code == 0
    assert run(capsys, "--db", str(web.db), "bust", "Anna Holm").code == 0
    csrf = web.login()
    out = web.client.get("/remote/panel", params={"player": "Anna Holm"}).text
    row = re.search(r'<div data-slot="row">(.*?)\n</div>', out, re.S)
    assert row is not None
    assert 'data-verb="reenter" data-body' in row.group(1)
    assert 'data-confirm="Re-enter Anna Holm?"' in row.group(1)
    assert 'data-verb="unregister"' not in row.group(1) and 'data-verb="add-on"' not in row.group(1)
    seated = web.client.get("/remote/panel", params={"player": "Bent Lund"}).text
    row = re.search(r'<div data-slot="row">(.*?)\n</div>', seated, re.S)
    assert row is not None
    assert 'data-verb="add-on"' in row.group(1) and 'data-verb="unregister"' in row.group(1)
    assert 'data-verb="reenter"' not in row.group(1)
    response = web.command("reenter", {"name": "Anna Holm"}, csrf)  # the button's body
    assert response.status_code == 200, response.text
    assert response.json()["entry"] == 2

"""The API's contract: every status (200, 400, 401, 403, 404, 409, 429, 500), the cookie, the CSRF
token, the lock-out, the role enforced by the service, and answers that are the CLI's own `--json`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.web.conftest import FLOOR, FLOOR_PIN, TD, TD_PIN, Web, as_cli, events


def _error(response: object, status: int, *fragments: str) -> str:
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert "error" in body and set(body) <= {"error", "field", "player"}, body
    message = body["error"]
    assert "\n" not in message and "Traceback" not in message
    for fragment in fragments:
        assert fragment in message, message
    return str(message)


# ---------------------------------------------------------------- log-in, cookie, log-out


def test_login_sets_an_httponly_samesite_strict_cookie_and_returns_the_csrf_token(web: Web) -> None:
    response = web.client.post("/api/login", json={"staff": "tove", "pin": TD_PIN})
    assert response.status_code == 200
    assert response.json()["staff"] == TD and response.json()["role"] == "td"
    assert len(response.json()["csrf"]) >= 32
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # plain HTTP on the club's network; --cert makes it Secure


def test_a_wrong_pin_or_an_unknown_name_is_401_alike(web: Web) -> None:
    wrong = _error(web.client.post("/api/login", json={"staff": TD, "pin": "9999"}), 401)
    unknown = _error(web.client.post("/api/login", json={"staff": "Nobody", "pin": TD_PIN}), 401)
    assert wrong == unknown == "wrong name or PIN"


@pytest.mark.parametrize("body", [b"", b"not json", b"[1, 2]", b'{"staff": "Tove"}',
                                  b'{"staff": 3, "pin": "1234"}'])
def test_a_malformed_login_is_400(web: Web, body: bytes) -> None:
    _error(web.client.post("/api/login", content=body), 400)


def test_logout_needs_the_token_then_ends_the_session(web: Web) -> None:
    csrf = web.login()
    _error(web.client.post("/api/logout"), 403, "X-CSRF-Token")
    assert web.client.post("/api/logout", headers={"X-CSRF-Token": csrf}).status_code == 200
    _error(web.client.get("/api/state"), 401, "log in")
    _error(web.client.post("/api/logout", headers={"X-CSRF-Token": csrf}), 401)


def test_a_session_ends_after_the_night(web: Web) -> None:
    csrf = web.login()
    web.ticks.advance(17 * 3600)
    _error(web.command("clock/pause", {}, csrf), 401)


def test_a_removed_staff_member_is_logged_out_at_the_next_request(web: Web,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    csrf = web.login()
    assert run(capsys, "--db", str(web.db), "staff", "remove", TD).code == 0
    _error(web.command("clock/pause", {}, csrf), 401, "session has ended", "removed")


# ---------------------------------------------------------------- the lock-out


def test_five_wrong_pins_lock_the_address_out_for_five_minutes_even_with_the_right_pin(web: Web) -> None:
    for _ in range(5):
        _error(web.client.post("/api/login", json={"staff": TD, "pin": "0000"}), 401)
    locked = web.client.post("/api/login", json={"staff": TD, "pin": TD_PIN})
    _error(locked, 429, "too many wrong PINs", "5:00")
    assert locked.headers["retry-after"] == "300"
    web.ticks.advance(299)
    _error(web.client.post("/api/login", json={"staff": TD, "pin": TD_PIN}), 429, "0:01")
    web.ticks.advance(1)
    assert web.client.post("/api/login", json={"staff": TD, "pin": TD_PIN}).status_code == 200


def test_the_lock_out_counts_wrong_pins_within_five_minutes_only(web: Web) -> None:
    for _ in range(4):
        web.client.post("/api/login", json={"staff": TD, "pin": "0000"})
    web.ticks.advance(301)
    web.client.post("/api/login", json={"staff": TD, "pin": "0000"})
    assert web.client.post("/api/login", json={"staff": TD, "pin": TD_PIN}).status_code == 200


def test_the_lock_out_is_per_address_and_per_name(web: Web) -> None:
    from starlette.testclient import TestClient

    for _ in range(5):
        web.client.post("/api/login", json={"staff": TD, "pin": "0000"})
    _error(web.client.post("/api/login", json={"staff": TD, "pin": TD_PIN}), 429)
    with TestClient(web.client.app, client=("192.0.2.7", 50000)) as other:
        _error(other.post("/api/login", json={"staff": TD, "pin": TD_PIN}), 429)  # the name is locked
        assert other.post("/api/login", json={"staff": FLOOR, "pin": FLOOR_PIN}).status_code == 200


# ---------------------------------------------------------------- commands: session, token, role


def test_a_command_without_a_session_is_401_and_without_the_token_403(web: Web) -> None:
    before = events(web.db)
    _error(web.command("bust", {"names": ["Anna Holm"]}, None), 401, "log in")
    web.login()
    _error(web.command("bust", {"names": ["Anna Holm"]}, None), 403, "X-CSRF-Token")
    _error(web.command("bust", {"names": ["Anna Holm"]}, "forged"), 403, "X-CSRF-Token")
    assert events(web.db) == before


def test_a_bust_answers_the_cli_bust_json_and_the_log_names_the_staff_member(
        web: Web, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    twin = tmp_path / "twin.sqlite"
    shutil.copy(web.db, twin)
    csrf = web.login()
    body = {"names": ["Anna Holm", "Bent Lund"], "stack": {"Anna Holm": 5000, "Bent Lund": 8000},
            "by": ["Carl Møller"]}
    response = web.command("bust", body, csrf)
    assert response.status_code == 200, response.text
    cli = run(capsys, "--db", str(twin), "bust", "Anna Holm", "Bent Lund", "--stack", "Anna Holm=5000",
              "--stack", "Bent Lund=8000", "--by", "Carl Møller", "--json")
    assert cli.code == 0, cli.err
    assert response.json() == cli.json
    assert [row["name"] for row in response.json()["busted"]] == ["Bent Lund", "Anna Holm"]
    assert {actor for _seq, actor, kind in events(web.db) if kind == "player_busted"} == {TD}


def test_the_state_document_is_state_json(web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    _error(web.client.get("/api/state"), 401)
    web.login(FLOOR, FLOOR_PIN)  # any staff member may read it
    document = web.client.get("/api/state").json()
    cli = run(capsys, "--db", str(web.db), "state", "--json").json
    for moving in (document, cli):  # the clock reads the time
        moving.pop("clock")
    assert document == cli


TD_ONLY = [
    ("clock/pause", {}), ("clock/next", {}), ("clock/level", {"level": 3}),
    ("bust", {"names": ["Anna Holm"]}),
    ("move", {"name": "Anna Holm", "table": 2, "seat": 6}), ("undo", {}),
    ("h4h/start", {}), ("register", {"names": ["Zed"]}),
]


@pytest.mark.parametrize(("verb", "body"), TD_ONLY, ids=[verb for verb, _ in TD_ONLY])
def test_floor_staff_get_403_for_a_td_only_command_and_the_log_is_unchanged(
        web: Web, verb: str, body: dict[str, object]) -> None:
    csrf = web.login(FLOOR, FLOOR_PIN)
    before = events(web.db)
    _error(web.command(verb, body, csrf), 403, "floor staff cannot", "(TD only)")
    assert events(web.db) == before


def test_floor_staff_see_the_balancing_plan_but_cannot_apply_it(web: Web) -> None:
    csrf = web.login()
    web.command("bust", {"names": ["Anna Holm", "Bent Lund"], "stack": {"Anna Holm": 1, "Bent Lund": 2}},
                csrf)  # table 2 is down to 4, table 1 has 6
    floor = web.login(FLOOR, FLOOR_PIN)
    plan = web.command("balance", {}, floor)
    assert plan.status_code == 200 and len(plan.json()["moves"]) == 1
    before = events(web.db)
    _error(web.command("balance", {"apply": True}, floor), 403, "floor staff cannot balance tables")
    assert events(web.db) == before


def test_floor_staff_call_the_clock_and_log_a_ruling_in_their_own_name(web: Web) -> None:
    csrf = web.login(FLOOR, FLOOR_PIN)
    call = web.command("rulings/clock-call", {"table": 1, "seat": 2, "facing_bet": False}, csrf)
    assert call.status_code == 200, call.text
    assert call.json()["total_seconds"] > 0 and "C-CLOCK-1" in call.json()["rules"]
    # `by` is the logged-in staff member, whatever the body says.
    ruling = web.command("rulings/log", {"scenario": "string-bet", "by": "Someone Else",
                                         "answer": {"announced": "yes"}, "table": 1}, csrf)
    assert ruling.status_code == 200, ruling.text
    assert ruling.json()["staff"] == FLOOR
    assert [actor for _seq, actor, kind in events(web.db)
            if kind in ("clock_called", "ruling_logged")] == [FLOOR, FLOOR]


def test_the_td_pauses_and_resumes_and_changes_level(web: Web) -> None:
    csrf = web.login()
    assert web.command("clock/pause", {}, csrf).json()["running"] is False
    assert web.command("clock/resume", {}, csrf).json()["running"] is True
    assert web.command("clock/next", {}, csrf).json()["level"] == 2
    assert web.command("clock/prev", {}, csrf).json()["level"] == 1


# ---------------------------------------------------------------- statuses for bad requests


def test_unknown_commands_are_404_and_files_are_never_written(web: Web) -> None:
    csrf = web.login()
    _error(web.command("nonsense", {}, csrf), 404, "no command")
    _error(web.command("staff/add", {"name": "Eve", "role": "td"}, csrf), 404)
    _error(web.command("seating", {"out": "/tmp/x"}, csrf), 404)
    _error(web.client.get("/api/nothing"), 404)


def test_bad_parameters_are_400_with_the_clis_message(web: Web) -> None:
    csrf = web.login()
    _error(web.command("bust", {"nam": ["Anna Holm"]}, csrf), 400, "unknown parameter 'nam'",
           "names, stack, by, table")
    _error(web.command("clock/level", {}, csrf), 400, "level is missing")
    _error(web.command("clock/level", {"level": "three"}, csrf), 400, "not a whole number")
    _error(web.command("bust", {"names": "Anna Holm", "stack": 5}, csrf), 400)
    _error(web.command("bust", {"names": [{"x": 1}]}, csrf), 400, "names.0", "not text")
    _error(web.client.post("/api/commands/bust", content=b"{", headers={"X-CSRF-Token": csrf}), 400,
           "not JSON")


def test_a_name_that_starts_with_a_dash_stays_a_name(web: Web) -> None:
    csrf = web.login()
    _error(web.command("bust", {"names": ["--table=1"]}, csrf), 404, "no player named '--table=1'")


def test_a_refusal_names_the_bodys_key_and_the_player_never_a_flag(web: Web) -> None:
    csrf = web.login()
    response = web.command("bust", {"names": ["Anna Holm"], "stack": ["Anna Holm=-5"]}, csrf)
    message = _error(response, 400, "Anna Holm: a starting stack must be above 0, not -5")
    assert "--" not in message
    assert response.json() == {"error": message, "field": "stack", "player": "Anna Holm"}
    response = web.command("bust", {"names": ["Anna Holm"], "by": ["Anna Holm"]}, csrf)
    assert response.json() == {"error": "a player cannot knock themselves out", "field": "by"}
    response = web.command("bust", {"names": ["Anna Holm"], "by": ["Nobody"]}, csrf)
    assert response.json() == {"error": "no player named 'Nobody'", "field": "by"}
    assert response.status_code == 404
    response = web.command("clock/level", {"level": 999}, csrf)
    _error(response, 400, "there is no level 999")
    assert set(response.json()) == {"error"}  # a refusal that names no field has no "field" key


def test_refusals_by_the_rules_are_409_and_unknown_players_404(web: Web) -> None:
    csrf = web.login()
    assert web.command("bust", {"names": ["Anna Holm"]}, csrf).status_code == 200
    _error(web.command("bust", {"names": ["Anna Holm"]}, csrf), 409, "already busted")
    _error(web.command("bust", {"names": ["Nobody"]}, csrf), 404, "no player named")


def test_an_internal_error_is_500_in_one_line_without_a_traceback(web: Web,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    csrf = web.login()

    def broken(*_args: object) -> object:
        raise RuntimeError("boom\nwith a second line")

    monkeypatch.setattr("tdconsole.web.actions.run_action", broken)
    message = _error(web.command("clock/pause", {}, csrf), 500, "internal error (RuntimeError)")
    assert "boom" not in message


def test_every_web_action_is_a_cli_command_and_refuses_an_unknown_parameter() -> None:
    from tdconsole.actions.base import parse, registry
    from tdconsole.cli.root import command

    root = command()
    for verb, found in sorted(registry().items()):
        group = root
        for word in verb.split():
            group = group.get_command(None, word)  # type: ignore[attr-defined]
            assert group is not None, f"the action {verb!r} has no CLI command"
        if found.web:
            with pytest.raises(Exception) as raised:
                parse(found, {"no_such_parameter": 1})
            assert "unknown parameter 'no_such_parameter'" in str(raised.value), verb


def test_a_phone_busts_two_players_in_one_hand_without_any_click_code(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    import click

    def no_click(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the web ran click")

    for name in ("main", "invoke", "make_context", "parse_args"):
        monkeypatch.setattr(click.Command, name, no_click)
        monkeypatch.setattr(click.Group, name, no_click, raising=False)
    csrf = web.login()
    response = web.command("bust", {"names": ["Anna Holm", "Bent Lund"],
                                    "stack": {"Anna Holm": 3000, "Bent Lund": 5000}}, csrf)
    assert response.status_code == 200, response.text  # type: ignore[attr-defined]
    busted = response.json()["busted"]  # type: ignore[attr-defined]
    assert sorted((row["name"], row["place"]) for row in busted) == [("Anna Holm", 12), ("Bent Lund", 11)]


def test_a_phones_balancing_plan_is_the_clis_right_after_a_cli_bust(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    csrf = web.login()
    assert web.command("balance", {}, csrf).json()["moves"] == []  # type: ignore[attr-defined]
    seated = {row["name"]: row["table"] for row in web.client.get("/api/state").json()["players"]}
    first = [name for name, table in seated.items() if table == 1][:3]
    assert run(capsys, "--db", str(web.db), "bust", *first, "--json").code == 0
    cli = json.loads(run(capsys, "--db", str(web.db), "balance", "--json").out)
    phone = web.command("balance", {}, csrf).json()  # type: ignore[attr-defined]
    assert phone["moves"] and as_cli(phone) == cli


def test_a_banned_member_is_refused_by_the_action_from_the_web_too(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--db", str(web.db), "members", "add", "Ib Thorsen", "--number", "7").code == 0
    assert run(capsys, "--db", str(web.db), "members", "ban", "7", "--reason", "chip dumping").code == 0
    before = events(web.db)
    csrf = web.login()
    _error(web.command("register", {"names": ["ib thorsen"]}, csrf), 409,
           "Ib Thorsen (member 7) is banned: chip dumping")
    assert events(web.db) == before

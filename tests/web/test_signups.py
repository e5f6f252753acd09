"""T-SIGNUP-1: sign-ups from the players' phones. The public POST /api/signups is guarded without a
third party (a signed challenge used once, at least MIN_SECONDS old, a proof of work, a honeypot, a
limit per address, JSON only from its own origin) and the pending list is bounded; the TD approves
through `register` itself (a banned member refused) or rejects, on the remote or the CLI."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain import commands
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.players.signups import SIGNUPS_PENDING
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web.signups import MIN_SECONDS, PER_ADDRESS, proof_ok
from tests.cli.helpers import run
from tests.web.conftest import FLOOR, FLOOR_PIN, TD, TD_PIN, Served, Web, events, open_page, wait_for
from tests.web.test_browser import _log_in

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser


def _challenge(web: Web) -> str:
    page = web.client.get("/signup").text
    return page.split('data-challenge="', 1)[1].split('"', 1)[0]


def _nonce(challenge: str) -> str:
    return next(str(n) for n in range(10**7) if proof_ok(challenge, str(n)))


def _post(web: Web, body: dict[str, Any], **headers: str) -> Any:
    return web.client.post("/api/signups", json=body, headers=headers)


def _signed(web: Web, name: str, **extra: Any) -> dict[str, Any]:
    challenge = _challenge(web)
    web.ticks.advance(MIN_SECONDS + 1)
    return {"name": name, "challenge": challenge, "nonce": _nonce(challenge), **extra}


def test_t_signup_1_the_guard_takes_a_person_and_turns_bots_away(web: Web) -> None:
    before = events(web.db)
    challenge = _challenge(web)
    good = {"name": "Mette Kjær", "phone": "+45 20 30 40 50", "challenge": challenge,
            "nonce": _nonce(challenge)}
    assert _post(web, good).status_code == 429  # sooner than a person types
    assert events(web.db) == before
    web.ticks.advance(MIN_SECONDS + 1)
    assert _post(web, {**good, "website": "http://spam"}).status_code == 400  # the honeypot
    assert _post(web, {**good, "nonce": "x"}).status_code == 400 or not proof_ok(challenge, "x")
    forged = challenge[:-1] + ("1" if challenge.endswith("0") else "0")  # one digit of its MAC changed
    assert _post(web, {**good, "challenge": forged}).status_code == 400  # not ours
    assert _post(web, good, origin="http://evil.example").status_code == 403
    form = web.client.post("/api/signups", content=b'{"name": "x"}', headers={"content-type": "text/plain"})
    assert form.status_code == 415
    assert events(web.db) == before
    answer = _post(web, good)
    assert answer.status_code == 201, answer.text
    ticket = answer.json().pop("ticket")
    assert answer.json() | {"ticket": ticket} == {"name": "Mette Kjær", "number": 1, "status": "waiting",
                                                  "entries": 12, "min_players": None, "needed": None,
                                                  "ticket": ticket}
    assert len(ticket) * 4 >= 128
    assert web.client.get(f"/api/signups/{ticket}").json() == {"status": "waiting", "page": None}
    assert web.client.get("/api/signups/" + "0" * 40).status_code == 404
    assert _post(web, good).status_code == 400  # a challenge is used once
    service = Service(EventStore.open(f"sqlite:///{web.db}"), 1)
    assert list(service.state.signups) == ["mette kjær"] and service.log[-1].actor == "sign-up"
    # At most PER_ADDRESS from one address in the window.
    for n in range(PER_ADDRESS - 1):
        assert _post(web, _signed(web, f"Player {n}")).status_code == 201
    assert _post(web, _signed(web, "One Too Many")).status_code == 429


def test_t_signup_1_the_pending_list_is_bounded() -> None:
    from tdconsole.domain.examples import tournament

    t = tournament("Ann")
    for n in range(SIGNUPS_PENDING):
        t.do(commands.SignUp(name=f"P{n}"))
    with pytest.raises(RuleViolation, match="full"):
        t.do(commands.SignUp(name="One more"))


def test_t_signup_1_the_td_approves_through_register_and_a_banned_member_is_refused(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--db", str(web.db), "members", "add", "Ib Thorsen", "--number", "7").code == 0
    assert run(capsys, "--db", str(web.db), "members", "ban", "7", "--reason", "chip dumping").code == 0
    assert _post(web, _signed(web, "Ib Thorsen", member=7)).status_code == 201
    assert _post(web, _signed(web, "Ole Bak")).status_code == 201
    floor = web.login(FLOOR, FLOOR_PIN)
    assert web.command("signups/approve", {"names": ["Ole Bak"]}, floor).status_code == 403  # TD only
    web.client.post("/api/logout", headers={"X-CSRF-Token": floor})
    csrf = web.login(TD, TD_PIN)
    assert "Ole Bak" in web.client.get("/remote/panel").text
    before = events(web.db)
    refused = web.command("signups/approve", {"names": ["ib thorsen"]}, csrf)
    assert refused.status_code == 409 and "banned" in refused.json()["error"]  # type: ignore[attr-defined]
    assert events(web.db) == before
    done = web.command("signups/approve", {"names": ["ole bak"]}, csrf).json()  # type: ignore[attr-defined]
    assert done["registered"][0]["name"] == "Ole Bak" and done["registered"][0]["table"]
    assert [row["name"] for row in done["signups"]["pending"]] == ["Ib Thorsen"]
    rejected = web.command("signups/reject", {"names": ["Ib Thorsen"]}, csrf).json()  # type: ignore[attr-defined]
    assert rejected["pending"] == []
    assert web.command("undo", {}, csrf).status_code == 200  # the rejection taken back
    assert "Ib Thorsen" in run(capsys, "--db", str(web.db), "signups").out


def test_t_signup_1_the_tv_and_the_page_say_how_many_are_needed(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
    from tdconsole.web.app import create_app
    from tests.web.conftest import Ticks

    store = EventStore.open(f"sqlite:///{tmp_path / 'club.sqlite'}")
    service = Service.create(store, name="Sunday", buy_in=100, fee=10, min_players=12,
                             structure=load_structure(DEFAULT_STRUCTURE))
    service.execute(commands.Register(names=[f"P{n}" for n in range(8)]))
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as client:
        assert "8 OF 12 NEEDED" in client.get("/").text
        assert "8 of 12 needed" in client.get("/signup").text
        assert client.get("/api/board").json()["tournament"]["min_players"] == 12


# ---------------------------------------------------------------- a real browser


@pytest.mark.browser
@pytest.mark.slow
def test_a_phone_signs_up_the_td_approves_on_the_remote_and_he_is_registered(
        browser: Browser, served: Served, shots: Path) -> None:
    phone = open_page(browser, {"width": 390, "height": 844})
    # The challenge's age counts from when the page fetched it, so from before the page opened:
    # the click may come after most of the wait has passed.
    started = time.monotonic()
    phone.goto(served.base + "/signup")
    phone.fill("#su-name", "Mette Kjær")
    phone.fill("#su-phone", "+45 20 30 40 50")
    phone.screenshot(path=str(shots / "signup-390.png"), full_page=True)
    phone.click("#signup button[type=submit]")
    wait_for(phone, "document.querySelector('#status').textContent.includes('number 1')", timeout=15000)
    assert time.monotonic() - started >= MIN_SECONDS  # the page waited, not the server's refusal
    phone.screenshot(path=str(shots / "signup-sent-390.png"), full_page=True)
    remote = open_page(browser, {"width": 390, "height": 844})
    _log_in(remote, served.base, TD, TD_PIN)
    remote.click('[data-tab="register"]')
    remote.wait_for_selector('#slot-signups [data-verb="signups/approve"]')
    remote.screenshot(path=str(shots / "signup-remote-390.png"), full_page=True)
    remote.click('#slot-signups [data-verb="signups/approve"]')
    wait_for(remote, "!document.querySelector('#slot-signups [data-verb=\"signups/approve\"]')")
    service = Service(EventStore.open(f"sqlite:///{served.db}"), 1)
    mette = service.state.find("Mette Kjær")
    assert mette.status == "seated" and not service.state.signups
    # The phone that signed up now shows his own page (T-PAGE-1), where he sits.
    phone.wait_for_url("**/p/*", timeout=10000)
    phone.wait_for_selector(".player-card")
    assert phone.text_content(".where b") == str(mette.table)
    phone.screenshot(path=str(shots / "signup-then-page-390.png"), full_page=True)
    remote.set_viewport_size({"width": 1920, "height": 1080})
    remote.screenshot(path=str(shots / "signup-remote-1920.png"), full_page=True)
    assert phone.errors == [] and remote.errors == []  # type: ignore[attr-defined]

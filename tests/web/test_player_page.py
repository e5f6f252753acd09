"""T-PAGE-1: a page for every player without an account. `player-page NAME` draws its token (at
least 128 bits); `/p/TOKEN` and `GET /api/p/TOKEN` show that player alone, live, in his language; a
wrong or revoked token is 404, looked up by its hash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tdconsole.actions import room
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tests.web.conftest import Served, Web, open_page, wait_for

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

PHONE = {"width": 390, "height": 844}
KEYS = ["name", "tournament", "table", "seat", "status", "bounty", "chips", "place", "prize", "moves",
        "penalty"]


def _page(db: Path, name: str, **options: object) -> room.PlayerPageResult:
    service = Service(EventStore.open(f"sqlite:///{db}"), 1)
    return room.player_page(service, room.PlayerPageRequest(name=name, **options))  # type: ignore[arg-type]


def test_t_page_1_a_token_opens_its_player_alone_and_a_wrong_or_revoked_one_is_404(web: Web) -> None:
    anna = _page(web.db, "Anna Holm", url="http://club.local:8000")
    assert anna.token is not None and len(anna.token) * 4 >= 128
    assert anna.url == f"http://club.local:8000/t/1/p/{anna.token}"
    data = web.client.get(f"/api/p/{anna.token}").json()
    assert list(data)[:len(KEYS)] == KEYS
    assert data["name"] == "Anna Holm" and data["status"] == "seated" and data["table"] and data["seat"]
    assert "Bent Lund" not in web.client.get(f"/api/p/{anna.token}").text  # nobody else's
    page = web.client.get(f"/p/{anna.token}")
    assert page.status_code == 200 and "Anna Holm" in page.text
    assert page.headers["referrer-policy"] == "no-referrer"
    # A token one character off, a short one, a long one: 404, one line, no page.
    wrong = anna.token[:-1] + ("0" if anna.token[-1] != "0" else "1")
    for token in (wrong, "x", "a" * 5000):
        answer = web.client.get(f"/api/p/{token}")
        assert answer.status_code == 404 and "Anna" not in answer.text, token
    # A new token replaces the last; a revoked one opens nothing.
    again = _page(web.db, "Anna Holm")
    assert web.client.get(f"/api/p/{anna.token}").status_code == 404
    assert web.client.get(f"/api/p/{again.token}").status_code == 200
    _page(web.db, "Anna Holm", revoke=True)
    assert web.client.get(f"/api/p/{again.token}").status_code == 404


def test_t_page_1_the_page_speaks_the_language_asked_for(web: Web) -> None:
    anna = _page(web.db, "Anna Holm", lang="da")
    assert anna.url is not None and anna.url.endswith("?lang=da")
    danish = web.client.get(f"/p/{anna.token}?lang=da").text
    assert '<html lang="da">' in danish and "Bord" in danish and "Plads" in danish
    by_phone = web.client.get(f"/p/{anna.token}", headers={"Accept-Language": "da-DK,da;q=0.9"}).text
    assert '<html lang="da">' in by_phone
    english = web.client.get(f"/p/{anna.token}", headers={"Accept-Language": "en-GB"}).text
    assert '<html lang="en">' in english and "Table" in english


def test_t_page_1_the_cli_prints_url_and_token(club_db: Path) -> None:
    cli = [sys.executable, "-m", "tdconsole", "--db", str(club_db), "player-page"]
    out = subprocess.run([*cli, "Bent Lund", "--json", "--url", "http://10.0.0.5:8000"],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["url"] == f"http://10.0.0.5:8000/t/1/p/{data['token']}" and len(data["token"]) == 40
    refused = subprocess.run([*cli, "Nobody"], capture_output=True, text=True)
    assert refused.returncode != 0 and refused.stderr.count("\n") == 1


# ---------------------------------------------------------------- a real browser


@pytest.mark.browser
@pytest.mark.slow
def test_a_players_page_follows_his_move_made_by_balance_apply(
        browser: Browser, served: Served, shots: Path) -> None:
    db = served.db
    service = Service(EventStore.open(f"sqlite:///{db}"), 1)
    # Two busts at one table: balancing then moves a player there from the other (T-BAL-1).
    tables: dict[int, list[str]] = {}
    for player in service.state.players.values():
        tables.setdefault(player.table or 0, []).append(player.name)
    short, full = sorted(tables)[:2]
    service.execute(commands.Bust(names=tables[short][:2]))
    plan = subprocess.run([sys.executable, "-m", "tdconsole", "--db", str(db), "balance", "--json"],
                          capture_output=True, text=True, check=True).stdout
    mover = json.loads(plan)["moves"][0]["player"]
    assert service.state.find(mover).table == full
    page = _page(db, mover)
    phone = open_page(browser, PHONE)
    phone.goto(f"{served.base}/p/{page.token}")
    phone.wait_for_selector(".player-card")
    assert phone.text_content(".where b") == str(full)
    phone.screenshot(path=str(shots / "player-before-390.png"), full_page=True)
    subprocess.run([sys.executable, "-m", "tdconsole", "--db", str(db), "balance", "--apply"],
                   capture_output=True, text=True, check=True)
    wait_for(phone, f"document.querySelector('.player-card').dataset.table === '{short}'")
    assert f"You move to table {short}" in (phone.text_content(".moved") or "")
    phone.screenshot(path=str(shots / "player-moved-390.png"), full_page=True)
    phone.set_viewport_size({"width": 1920, "height": 1080})
    phone.screenshot(path=str(shots / "player-moved-1920.png"), full_page=True)
    assert phone.errors == []  # type: ignore[attr-defined]


def test_t_page_1_the_page_says_a_penalty_served_and_money_owed(web: Web,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from tests.cli.helpers import run

    anna = _page(web.db, "Anna Holm")
    assert web.client.get(f"/api/p/{anna.token}").json()["penalty"] is None
    assert run(capsys, "--db", str(web.db), "rulings", "log", "-s", "give-penalty", "-a", "kind=rounds",
               "-a", "rounds=2", "-a", "players=6", "-p", "Anna Holm", "--by", "Tove").code == 0
    assert run(capsys, "--db", str(web.db), "pay", "Anna Holm", "--unpaid").code == 0
    data = web.client.get(f"/api/p/{anna.token}").json()
    assert data["penalty"]["kind"] == "rounds" and data["penalty"]["serving"] is True
    assert data["owes"] is True
    page = web.client.get(f"/p/{anna.token}").text
    assert "You have not paid yet" in page and "12 hands left" in page


def test_t_shot_1_the_tv_speaks_the_last_ten_seconds_with_espeak(web: Web) -> None:
    import shutil

    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    wav = web.client.get("/api/countdown/3.wav")
    assert wav.status_code == 200 and wav.headers["content-type"] == "audio/wav"
    assert wav.content[:4] == b"RIFF"
    assert web.client.get("/api/countdown/11.wav").status_code == 404

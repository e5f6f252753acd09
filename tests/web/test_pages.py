"""The pages and what the public ones show: the TV board, "find my seat", the remote's shell."""

from __future__ import annotations

import re

import pytest

from tests.cli.helpers import run
from tests.web.conftest import FLOOR, FLOOR_PIN, PLAYERS, Web


def test_the_tv_page_shows_the_clock_blinds_counts_and_payouts_with_names_as_text(web: Web) -> None:
    page = web.client.get("/")
    assert page.status_code == 200
    text = page.text
    assert "Friday &lt;i&gt;Night&lt;/i&gt;" in text and "<i>Night" not in text
    assert re.search(r'data-countdown="remaining">\d+:\d\d<', text)
    assert "LEVEL 1" in text and "100 / 200" in text
    assert "12 / 12" in text  # players left / entries
    assert 'class="ladder"' in text


def test_the_board_shows_nobodys_seat_or_chips(web: Web) -> None:
    board = web.client.get("/api/board").json()
    assert "players" not in board and "tables" not in board
    assert set(board["clock"]) >= {"level", "small_blind", "big_blind", "ante", "remaining", "to_break",
                                   "next_level", "running"}
    assert board["players_left"] == board["entries"] == 12
    assert isinstance(board["server_time"], float)


def test_moves_hand_for_hand_and_the_result_show_as_banners(web: Web) -> None:
    csrf = web.login()
    web.command("bust", {"names": ["Frida Bech"]}, csrf)  # frees table 1 seat 6
    # Anna is on the button at table 2: moving her now is forced (T-MOVE-3), and logged so.
    moved = web.command("move", {"name": "Anna Holm", "table": 1, "seat": 6, "force": True}, csrf)
    assert moved.status_code == 200, moved.text
    board = web.client.get("/api/board").json()
    assert [(m["player"], m["to"], m["from"]) for m in board["moves"]] == [
        ("Anna Holm", {"table": 1, "seat": 6}, {"table": 2, "seat": 1})]
    shown = '<span class="who fit">Anna Holm</span><span class="to">→ table 1 seat 6</span>'
    assert shown in web.client.get("/").text
    assert web.command("h4h/start", {}, csrf).status_code == 200
    page = web.client.get("/").text
    assert "HAND FOR HAND" in page and "T1" in page and "T2" in page
    web.command("h4h/stop", {}, csrf)
    names = ["Bent Lund", "Carl Møller", "Dorte Skov", "Erik Dahl", "Gorm Krogh", "Hanne Friis",
             "Ib Lind", "Jytte Brandt", "Karl Juhl", "Lise Storm"]
    for chips, name in enumerate(names, start=1):
        assert web.command("bust", {"names": [name], "stack": {name: chips}}, csrf).status_code == 200
    board = web.client.get("/api/board").json()
    assert board["finished"] and board["winner"] == "Anna Holm"
    assert board["payouts"][1]["name"] == "Lise Storm"  # second place, paid
    page = web.client.get("/").text
    assert "WINNER: Anna Holm" in page
    assert 'class="level"' not in page  # the level it ended in leaves the top bar


def test_find_my_seat_by_part_of_a_name_and_after_a_move(web: Web) -> None:
    assert web.client.get("/api/seat", params={"q": "a"}).json()["players"] == []
    found = web.client.get("/api/seat", params={"q": "HOLM"}).json()
    assert found["players"] == [{"name": "Anna Holm", "status": "seated", "table": 2, "seat": 1,
                                 "moved": None, "chips": None, "chips_at": None}]
    csrf = web.login()
    web.command("bust", {"names": ["Frida Bech"]}, csrf)
    web.command("move", {"name": "Anna Holm", "table": 1, "seat": 6, "force": True}, csrf)
    moved = web.client.get("/api/seat", params={"q": "anna"}).json()["players"][0]
    assert (moved["table"], moved["seat"]) == (1, 6)
    assert moved["moved"]["from"] == {"table": 2, "seat": 1}
    page = web.client.get("/seat", params={"q": "anna"}).text
    assert "Moved to table 1 seat 6 (from table 2 seat 1)" in page
    out = web.client.get("/api/seat", params={"q": "frida"}).json()["players"][0]
    assert out["status"] == "busted" and out["table"] is None


def test_find_my_seat_never_lists_the_room(web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    found = web.client.get("/api/seat", params={"q": "e"}).json()
    assert found["players"] == [] and "2 letters" in found["hint"]
    two = web.client.get("/api/seat", params={"q": "nn"}).json()
    assert [p["name"] for p in two["players"]] == ["Anna Holm", "Hanne Friis"] and not two["more"]
    monkeypatch.setattr("tdconsole.web.board.SEAT_MATCHES", 1)
    capped = web.client.get("/api/seat", params={"q": "nn"}).json()
    assert len(capped["players"]) == 1 and capped["more"] and "type more" in capped["hint"]
    room = web.client.get("/api/seat", params={"q": "  "}).json()
    assert room["players"] == []


def test_accents_and_case_do_not_matter_when_finding_a_seat(web: Web) -> None:
    assert [p["name"] for p in web.client.get("/api/seat", params={"q": "MØLLER"}).json()["players"]] == [
        "Carl Møller"]


def test_the_remote_shows_a_login_form_then_carries_the_sessions_token(web: Web) -> None:
    assert 'id="login"' in web.client.get("/remote").text
    csrf = web.login(FLOOR, FLOOR_PIN)
    page = web.client.get("/remote").text
    assert f'<meta name="csrf" content="{csrf}">' in page
    assert 'data-tab="bust"' not in page  # floor staff get the rulings and clock calls only
    assert 'data-tab="ruling"' in page and 'data-tab="call"' in page


def test_the_remote_panel_needs_a_session(web: Web) -> None:
    assert web.client.get("/remote/panel").status_code == 401
    web.login()
    panel = web.client.get("/remote/panel").text
    assert 'data-name="Anna Holm"' in panel and "Table 1" in panel


def test_the_rulings_wizard_walks_a_scenario_to_a_suggestion(web: Web) -> None:
    csrf = web.login(FLOOR, FLOOR_PIN)
    headers = {"X-CSRF-Token": csrf}
    first = web.client.post("/api/rulings/walk", json={"scenario": "string-bet"}, headers=headers).json()
    question = first["open"][0]
    assert first["suggestion"] is None and question["type"] in ("yes-no", "choice", "number")
    answers: dict[str, str] = {}
    walked = first
    while walked["suggestion"] is None:
        question = walked["open"][0]
        first_choice = question["choices"][0] if question["choices"] else None
        answers[question["key"]] = first_choice or str(question["min"] or 1)
        walked = web.client.post("/api/rulings/walk", json={"scenario": "string-bet", "answers": answers,
                                                            "table": 1}, headers=headers).json()
    assert walked["suggestion"]["rules"]
    assert web.client.post("/api/rulings/walk", json={"scenario": "no-such"},
                           headers=headers).status_code == 404
    assert web.client.post("/api/rulings/walk", json={"scenario": "string-bet"}).status_code == 403


def test_find_my_seat_folds_danish_letters_aa_and_accents(web: Web) -> None:
    csrf = web.login()
    names = ["Søren Østergaard", "Åse Dalsgård", "Jens Kjærgaard", "Zoë Andrés"]
    assert web.command("register", {"names": names}, csrf).status_code == 200  # type: ignore[attr-defined]

    def found(query: str) -> list[str]:
        return [p["name"] for p in web.client.get("/api/seat", params={"q": query}).json()["players"]]

    assert found("moller") == found("MØLLER") == found("moeller") == ["Carl Møller"]
    assert found("ostergaard") == found("østergård") == found("Oster") == ["Søren Østergaard"]
    assert found("dalsgaard") == found("dalsgård") == found("aase") == found("ase d") == ["Åse Dalsgård"]
    assert found("kjaergard") == found("kjærgård") == ["Jens Kjærgaard"]
    assert found("zoe andres") == ["Zoë Andrés"]


def test_t_sat_6_the_tv_names_each_seat_and_each_share_of_a_tied_last_seat(
        web: Web, capsys: pytest.CaptureFixture[str]) -> None:
    """12 entries of 100: 3 seats of 330 and 210 for 4th (T-SAT-1). With 4 left two bust in one hand
    with equal stacks: they tie for 3rd-4th across the last seat and share 330 + 210 in cash, 270
    each (T-SAT-6); the two left win the seats, the satellite is over and its clock stops."""
    db = str(web.db)
    assert run(capsys, "--db", db, "money", "set", "--satellite-seat", "330").code == 0
    for name in PLAYERS[:8]:
        assert run(capsys, "--db", db, "bust", name).code == 0
    tied = PLAYERS[8:10]
    assert run(capsys, "--db", db, "bust", *tied, *(f"--stack={name}=5000" for name in tied)).code == 0
    board = web.client.get("/api/board").json()
    assert board["finished"] and board["clock"]["running"] is False
    assert sorted(board["seat_winners"]) == sorted(PLAYERS[10:])
    assert [(row["place"], row.get("last_place"), row["name"], row["amount"], row["seat"])
            for row in board["payouts"]] == [
        *((1, 2, name, 330, True) for name in sorted(PLAYERS[10:], key=str.casefold)),
        *((3, 4, name, 270, False) for name in sorted(tied, key=str.casefold))]
    page = web.client.get("/").text
    for name in PLAYERS[8:]:
        assert f'<span class="who fit">{name}</span>' in page
    assert '<span class="place">3–4</span>' in page


def test_rp_18_the_remotes_wizard_takes_the_levels_game(web: Web) -> None:
    csrf = web.login(FLOOR, FLOOR_PIN)
    headers = {"X-CSRF-Token": csrf}
    # The night plays the game its name gives (no-limit hold'em): the question of the game is answered.
    walked = web.client.post("/api/rulings/walk", json={"scenario": "winning-hand"}, headers=headers).json()
    assert walked["answers"] == {"game": "holdem"}
    assert walked["suggestion"]["ruling"].startswith("The best five")
    # The floor's own answer wins.
    omaha = web.client.post("/api/rulings/walk", json={"scenario": "winning-hand",
                                                       "answers": {"game": "omaha"}}, headers=headers).json()
    assert omaha["suggestion"]["ruling"].startswith("Omaha")

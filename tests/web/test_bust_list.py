"""The remote's bust list (web/bust_list.py): every seated player on a small evening; at a festival
a search or a table first, and the picked players' buttons whatever is shown."""

from __future__ import annotations

import pytest

from tdconsole.domain.errors import InvalidInput
from tdconsole.web.bust_list import BUST_MATCHES, SHOW_ALL, bust_list
from tests.web.conftest import Web


def _seated(count: int, per_table: int = 9) -> list[dict[str, object]]:
    return [{"name": f"Player {n:04d}", "status": "seated", "table": n // per_table + 1,
             "seat": n % per_table + 1} for n in range(count)]


def test_a_small_evening_shows_every_seated_player_by_table() -> None:
    players = [*_seated(SHOW_ALL), {"name": "Out", "status": "busted", "table": None, "seat": None}]
    shown = bust_list(players)
    assert [p["name"] for p in shown["shown"]] == [f"Player {n:04d}" for n in range(SHOW_ALL)]
    assert shown["tables"] == [] and shown["hint"] == ""


def test_a_festival_shows_nobody_until_a_name_is_typed_or_a_table_picked() -> None:
    players = _seated(647)
    first = bust_list(players)
    assert first["shown"] == [] and len(first["tables"]) == 72
    assert first["counts"] == {"seated": 647, "tables": 72}
    assert first["tables"][0] == {"table": 1, "players": 9}
    assert [p["seat"] for p in bust_list(players, table=3)["shown"]] == list(range(1, 10))
    assert [p["name"] for p in bust_list(players, query="plAYer 0123")["shown"]] == ["Player 0123"]
    many = bust_list(players, query="player 0")
    assert len(many["shown"]) == BUST_MATCHES and many["hint"].startswith("more players match")
    assert bust_list(players, query="nobody")["hint"] == "no seated player by that name"
    assert bust_list(players, table=999)["shown"] == []  # no such table: as if none was picked


def test_the_picked_players_keep_their_buttons_at_any_table_or_search() -> None:
    players = _seated(647)
    shown = bust_list(players, table=2, picked={"Player 0500", "Player 0010"})["shown"]
    assert [p["name"] for p in shown] == [f"Player {n:04d}" for n in range(9, 18)] + ["Player 0500"]


def test_a_search_too_long_is_refused_as_find_my_seat_refuses_it() -> None:
    with pytest.raises(InvalidInput, match="the search is too long"):
        bust_list(_seated(3), query="x" * 500)


def test_the_remote_panel_answers_a_search_and_says_a_search_too_long_in_one_line(web: Web) -> None:
    web.login()
    found = web.client.get("/remote/panel", params={"q": "anna"}).text
    assert 'data-name="Anna Holm"' in found and 'data-name="Bent Lund"' not in found
    # A player picked for the bust keeps his button whatever the search.
    kept = web.client.get("/remote/panel", params={"q": "anna", "picked": "Bent Lund"}).text
    assert 'data-name="Anna Holm"' in kept and 'data-name="Bent Lund"' in kept
    too_long = web.client.get("/remote/panel", params={"q": "x" * 500})
    assert too_long.status_code == 200 and "the search is too long" in too_long.text
    assert 'data-name="Anna Holm"' in too_long.text  # a small evening's every player, as without it

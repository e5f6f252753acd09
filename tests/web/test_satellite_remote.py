"""A satellite's end on the remote (T-SAT-2): the TV and the TD's clock screen say who won a seat;
the phone that made the last bust says so at once, and its panel shows it after, as the TV does."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run
from tests.web.conftest import PLAYERS, Web


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
    assert "satellite_over" in web.client.get("/remote").text  # the words remote.js says it with

"""Several tournaments on one `serve`: `/` lists the running ones, each has its own TV, "find my seat"
and remote under /t/ID/, the remote picks the tournament, and today's routes keep serving the one
`serve` opened."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web.app import create_app
from tests.web.conftest import TD, TD_PIN, Ticks


@pytest.fixture
def two_events(club_db: Path) -> Iterator[tuple[TestClient, int, int]]:
    """Friday night (the current tournament, 12 players) and a second event beside it."""
    store = EventStore.open(f"sqlite:///{club_db}")
    side = Service.create(store, name="Side Event", buy_in=50, structure=load_structure(DEFAULT_STRUCTURE))
    side.execute(commands.Register(names=["Ulla Vang", "Viggo Holt", "Wilma Berg"]))
    side.execute(commands.Draw(seed=3))
    side.execute(commands.ClockStart())
    current = store.current_tournament()
    app = create_app(store, clock=Ticks(), poll=0.05)
    with TestClient(app) as client:
        yield client, current, side.tournament_id
    store.close()


def test_the_home_page_lists_every_running_tournament_with_its_pages(
        two_events: tuple[TestClient, int, int]) -> None:
    client, current, side = two_events
    page = client.get("/").text
    assert "Friday &lt;i&gt;Night&lt;/i&gt;" in page and "Side Event" in page
    for room in (current, side):
        for link in (f'href="/t/{room}/"', f'href="/t/{room}/seat"', f'href="/t/{room}/remote"'):
            assert link in page


def test_each_tournament_has_its_own_tv_and_find_my_seat(two_events: tuple[TestClient, int, int]) -> None:
    client, current, side = two_events
    tv = client.get(f"/t/{side}/")
    assert tv.status_code == 200 and "Side Event" in tv.text and "Friday" not in tv.text
    board = client.get(f"/t/{side}/api/board").json()
    assert board["tournament"]["name"] == "Side Event" and board["players_left"] == 3
    assert client.get(f"/t/{current}/api/board").json()["players_left"] == 12
    found = client.get(f"/t/{side}/api/seat", params={"q": "Ulla"}).json()
    assert [row["name"] for row in found["players"]] == ["Ulla Vang"]
    assert client.get(f"/t/{current}/api/seat", params={"q": "Ulla"}).json()["players"] == []
    assert "Ulla Vang" in client.get(f"/t/{side}/seat", params={"q": "ulla"}).text
    # Today's routes: the tournament `serve` opened.
    assert client.get("/tv").status_code == 200 and "Friday" in client.get("/tv").text
    assert client.get("/api/board").json()["tournament"]["id"] == current


def test_the_remote_picks_the_tournament_and_acts_on_the_one_it_opened(
        two_events: tuple[TestClient, int, int]) -> None:
    client, current, side = two_events
    csrf = client.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
    remote = client.get(f"/t/{side}/remote").text
    assert f'href="/t/{current}/remote"' in remote
    assert f'href="/t/{side}/remote" aria-current="page"' in remote
    answer = client.post(f"/t/{side}/api/commands/clock/pause", json={}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200, answer.text
    assert answer.json()["tournament"]["id"] == side
    assert client.get(f"/t/{side}/api/board").json()["clock"]["running"] is False
    assert client.get(f"/t/{current}/api/board").json()["clock"]["running"] is True


def test_an_unknown_tournament_is_one_line(two_events: tuple[TestClient, int, int]) -> None:
    client, _current, _side = two_events
    answer = client.get("/t/999/")
    assert answer.status_code == 404 and answer.json() == {
        "error": "no tournament 999 among the newest 50 of this database"}


def test_with_one_tournament_running_the_home_page_is_its_tv(club_db: Path) -> None:
    store = EventStore.open(f"sqlite:///{club_db}")
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as client:
        assert 'id="board"' in client.get("/").text
    store.close()


def test_a_flights_remote_bags_its_survivors(club_db: Path) -> None:
    from tdconsole.actions.flights import new_flight
    from tdconsole.club.festivals import EventSettings, Festivals

    store = EventStore.open(f"sqlite:///{club_db}")
    festival = Festivals(store).new("Main Event", EventSettings(buy_in=100))
    flight = new_flight(store, festival, name="Main Event 1A", structure=load_structure(DEFAULT_STRUCTURE))
    flight.execute(commands.Register(names=["Anna", "Bo"]))
    with TestClient(create_app(store, clock=Ticks(), poll=0.05)) as client:
        csrf = client.post("/api/login", json={"staff": TD, "pin": TD_PIN}).json()["csrf"]
        remote = client.get(f"/t/{flight.tournament_id}/remote").text
        assert 'data-tab="bag"' in remote and 'data-tab="bag"' not in client.get("/remote").text
        bag = f"/t/{flight.tournament_id}/api/commands/bag"
        answer = client.post(bag, json={"counts": ["Anna=41500"]}, headers={"X-CSRF-Token": csrf})
        assert answer.status_code == 200, answer.text
        assert answer.json()["bagged"] == [
            {"name": "Anna", "chips": 41500, "bag": 1, "flight": "Main Event 1A"}]
        refused = client.post(bag, json={"counts": ["Bo=0"]}, headers={"X-CSRF-Token": csrf})
        assert refused.status_code == 409
        assert refused.json()["error"].startswith("T-FLIGHT-2: Bo: a bag holds")
    store.close()

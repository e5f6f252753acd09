"""The club's TV layouts on the web (`/tv?layout=NAME`): each kind of cell drawn by its partial,
the grid as the page's stylesheet, an unknown layout in one line, the lobby of every tournament,
and the club's images served from its folder only (no way out by `..`, a path or a link)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tdconsole.config.tv_layouts import KINDS
from tests.web.conftest import Web

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64

# Each kind of cell and a mark of its partial in the page (the tournament: 12 seated, level 1 running).
MARKS = {
    "name": '<header class="top">', "clock": 'data-countdown="remaining"', "blinds": "BLINDS",
    "next": "NEXT", "break": "BREAK IN", "players": "12 / 12", "average": "100.0 BB",
    "pool": "PRIZE POOL", "payouts": "PAYOUTS", "leaders": "", "bounties": "", "seating": "",
    "banner": "", "league": "", "forecast": "", "qr": "", "text": "No phones at the table",
    "image": 'src="tv/images/logo.png"', "lobby": "LEVEL 1", "board": '<aside class="side">',
    "shootout": "",
}


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "tv" / "images").mkdir(parents=True)
    return tmp_path / "data" / "tv"


def _cell_layout(club: Path, kind: str) -> None:
    extra = {"text": 'text = "No phones at the table"', "image": 'image = "logo.png"'}.get(kind, "")
    (club / f"only-{kind}.toml").write_text(f'areas = ["it"]\n[cells.it]\nkind = "{kind}"\n{extra}\n')


def test_every_kind_of_cell_is_drawn_by_its_partial(web: Web, club: Path) -> None:
    assert set(MARKS) == set(KINDS)
    for kind in KINDS:
        _cell_layout(club, kind)
        answer = web.client.get(f"/tv?layout=only-{kind}")
        assert answer.status_code == 200, (kind, answer.text)
        page = answer.text
        assert MARKS[kind] in page, kind
        if kind == "board":  # a layout of the whole board alone is the classic page
            assert "data-layout" not in page
            continue
        assert f'data-layout="only-{kind}"' in page and 'href="tv/layout.css?layout=only-' in page
        assert f'<section class="area area-{kind} a-it">' in page
        css = web.client.get(f"/tv/layout.css?layout=only-{kind}")
        assert css.headers["content-type"].startswith("text/css")
        assert '.tv .layout.v0 { grid-template-areas: "it";' in css.text
        assert ".tv .layout.v0 > .a-it { grid-area: it; }" in css.text


def test_the_classic_layout_is_todays_board_pushed_by_the_feed(web: Web) -> None:
    for url in ("/tv", "/tv?layout=classic", "/"):
        page = web.client.get(url).text
        assert "data-layout" not in page and "layout.css" not in page
        assert '<aside class="side">' in page


def test_a_layout_with_views_shows_the_first_and_the_rest_hidden(web: Web) -> None:
    page = web.client.get("/tv?layout=payouts").text
    views = re.findall(r'<div class="board layout (v\d)[^"]*" data-seconds="(\d+)"( hidden)?>', page)
    assert views == [("v0", "20", ""), ("v1", "20", " hidden")]
    # The clock's row keeps a quarter of the screen however tall a banner of moves grows.
    css = web.client.get("/tv/layout.css?layout=payouts").text
    assert "grid-template-rows: auto minmax(25vh, 1fr) auto auto; }" in css
    assert "grid-template-columns: minmax(0, 3fr) minmax(0, 1fr);" in css
    partial = web.client.get("/tv?layout=payouts&partial=1").text
    assert partial.lstrip().startswith('<div class="board layout v0') and "<html" not in partial


def test_an_unknown_layout_is_said_in_one_line(web: Web, club: Path) -> None:
    answer = web.client.get("/tv?layout=nope")
    assert answer.status_code == 404
    [line] = re.findall(r'<p class="tv-error">(.*)</p>', answer.text)
    assert line == "no TV layout &#39;nope&#39; (layouts: bigclock, classic, lobby, payouts)"
    api = web.client.get("/api/tv/layouts/nope")
    assert api.status_code == 404 and api.json() == {
        "error": "no TV layout 'nope' (layouts: bigclock, classic, lobby, payouts)"}
    (club / "broken.toml").write_text('areas = ["clock clock", "pool"]\n')
    answer = web.client.get("/tv?layout=broken")
    assert answer.status_code == 400 and "every row must name as many cells" in answer.text


def test_the_layouts_api_lists_the_shipped_and_the_clubs(web: Web, club: Path) -> None:
    (club / "bar.toml").write_text('areas = ["clock pool"]\n')
    assert web.client.get("/api/tv/layouts").json() == [
        {"name": "bar", "source": "club"}, {"name": "bigclock", "source": "shipped"},
        {"name": "classic", "source": "shipped"}, {"name": "lobby", "source": "shipped"},
        {"name": "payouts", "source": "shipped"}]
    assert web.client.get("/api/tv/layouts/bar").json()["areas"] == ["clock pool"]


def test_the_lobby_lists_every_running_tournament(web: Web) -> None:
    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
    from tdconsole.domain import commands
    from tdconsole.service import Service
    from tdconsole.store.event_store import EventStore

    store = EventStore.open(f"sqlite:///{web.db}")
    flight = Service.create(store, name="Day 1B", buy_in=100, fee=10,
                            structure=load_structure(DEFAULT_STRUCTURE), seats_per_table=6)
    flight.execute(commands.Register(names=["Ole", "Per", "Rie"]))
    store.close()
    page = web.client.get("/tv?layout=lobby&partial=1").text
    rows = re.findall(r'<span class="who fit room-name">(.*?)</span>\s*<span class="facts fit">'
                      r'<span class="level">(.*?)</span>\s*'
                      r'<span class="left" data-lobby-left="([\d.]*)" data-running="(\d)">([\d:]+)</span>\s*'
                      r'<span class="count">(.*?)</span>', page)
    assert [(name, level, running, count) for name, level, _left, running, _clock, count in rows] == [
        ("Friday &lt;i&gt;Night&lt;/i&gt;", "LEVEL 1", "1", "12 of 12 left"),
        ("Day 1B", "NOT STARTED", "0", "3 of 3 left")]
    assert 0 < float(rows[0][2]) <= 15 * 60 and rows[1][2] == "900.0"  # the tournament's own clock
    # A paused clock is still its level, its seconds standing (greyed by the stylesheet).
    store = EventStore.open(f"sqlite:///{web.db}")
    Service(store, 1).execute(commands.ClockPause())
    store.close()
    page = web.client.get("/tv?layout=lobby&partial=1").text
    assert '<li class="paused"><span class="who fit room-name">Friday' in page
    assert re.search(r'<span class="level">LEVEL 1</span>\s*<span class="left" data-lobby-left="[\d.]+" '
                     r'data-running="0">', page)


def test_an_image_is_served_from_the_clubs_folder_only(web: Web, club: Path, tmp_path: Path) -> None:
    images = club / "images"
    (images / "logo.png").write_bytes(PNG)
    (images / "notes.txt").write_text("not a picture")
    outside = tmp_path / "secret.png"
    outside.write_bytes(PNG)
    os.symlink(outside, images / "link.png")
    answer = web.client.get("/tv/images/logo.png")
    assert answer.status_code == 200 and answer.content == PNG
    assert answer.headers["content-type"] == "image/png"
    for url, status in (("/tv/images/..%2Fsecret.png", 400), ("/tv/images/../secret.png", 404),
                        ("/tv/images/%2Fetc%2Fpasswd", 400), ("/tv/images/sub/logo.png", 400),
                        ("/tv/images/link.png", 400), ("/tv/images/notes.txt", 400),
                        ("/tv/images/missing.png", 404), ("/t/1/tv/images/..%2F..%2Fsecret.png", 400)):
        answer = web.client.get(url)
        assert answer.status_code == status, (url, answer.text)
        assert PNG not in answer.content
        # One line, which names no folder of the server's to whoever asks (`tv check` does, for the TD).
        assert set(answer.json()) == {"error"} and "\n" not in answer.json()["error"]
        assert str(club) not in answer.text
    assert web.client.get("/tv/images/link.png").json() == {
        "error": "'link.png' is not an image the TV may show (tv check says why)"}
    assert web.client.get("/tv/images/missing.png").json() == {
        "error": "no image 'missing.png' in the club's folder"}


def test_payouts_not_made_yet_are_to_be_announced_not_an_empty_ladder(tmp_path: Path) -> None:
    """One entry: the club's payout table has no range for it, so no payouts can be made; the TV's
    payouts cell (classic and the payouts layout) says they are to come instead of an empty ladder."""
    from starlette.testclient import TestClient

    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
    from tdconsole.domain import commands
    from tdconsole.service import Service
    from tdconsole.store.event_store import EventStore
    from tdconsole.web.app import create_app

    store = EventStore.open(f"sqlite:///{tmp_path / 'one.sqlite'}")
    service = Service.create(store, name="Early", buy_in=100, fee=10,
                             structure=load_structure(DEFAULT_STRUCTURE), seats_per_table=6)
    service.execute(commands.Register(names=["Anna Holm"]))
    with TestClient(create_app(store, poll=0.05)) as client:
        for url in ("/tv", "/tv?layout=payouts"):
            page = client.get(url).text
            assert "PAYOUTS" in page and "To be announced" in page and 'class="ladder"' not in page, url
    store.close()

"""The TV page as the room's voice (`speech.speaker = tv`): the feed puts each new announcement in
the board, `GET /api/announcements/N.wav` plays it as espeak-ng renders it, and nothing announced
before the server started is said again."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.web.feed import ChangeFeed
from tests.conftest import FakeClock
from tests.web.conftest import Web

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed (scripts/test-deps.sh installs it)")


def _td(db: Path, now: FakeClock | None = None) -> Service:
    store = EventStore.open(f"sqlite:///{db}")
    return Service(store, now=now) if now is not None else Service(store)


def test_the_feed_gives_the_tv_each_new_announcement_once(club_db: Path) -> None:
    fake_clock = FakeClock(_td(club_db).log[-1].time)  # the tournament's clock started then
    td = _td(club_db, fake_clock)
    reader = Service(td.store, role="display", now=fake_clock)
    feed = ChangeFeed(reader, render=lambda document: "")
    feed.refresh_now()
    assert feed.board()["announcements"] == [] and not feed.board()["speaks"]
    td.execute(commands.ClockStep(by=1))  # the display is still the speaker: the TV says nothing
    assert feed._check(False) is not None and feed.board()["announcements"] == []
    td.execute(commands.SetHouseRule(key="speech.speaker", value="tv"))
    td.execute(commands.ClockStep(by=1))
    feed._check(False)
    board = feed.board()
    assert board["speaks"]
    [said] = board["announcements"]
    assert said["kind"] == "level" and said["text"].startswith("Level 3. Blinds")
    assert said["wav"] == f"api/announcements/{said['seq']}.wav"
    fake_clock.advance(60 * 60)  # the clock runs on: its own announcements come in order
    feed._check(False)
    kinds = [item["kind"] for item in feed.board()["announcements"]]
    assert kinds[:3] == ["level", "one-minute", "level"]
    assert [item["seq"] for item in feed.board()["announcements"]] == list(range(1, len(kinds) + 1))


def _board_with_announcements(web: Web) -> dict[str, Any]:
    deadline = time.monotonic() + 15
    while True:
        board: dict[str, Any] = web.client.get("/api/board").json()
        if board["announcements"] or time.monotonic() > deadline:
            return board
        time.sleep(0.05)  # polling what the server shows, not waiting for time to pass


@needs_espeak
def test_the_tv_plays_a_level_change_as_a_wav(web: Web) -> None:
    td = _td(web.db)
    td.execute(commands.SetHouseRule(key="speech.speaker", value="tv"))
    td.execute(commands.ClockStep(by=1))
    board = _board_with_announcements(web)
    [said] = board["announcements"]
    answer = web.client.get(said["wav"])
    assert answer.status_code == 200 and answer.headers["content-type"] == "audio/wav"
    assert answer.content[:4] == b"RIFF" and answer.content[8:12] == b"WAVE"
    assert web.client.get(said["wav"]).content == answer.content  # rendered once


def test_an_announcement_the_tv_does_not_have_is_a_one_line_404(web: Web) -> None:
    answer = web.client.get("/api/announcements/99.wav")
    assert answer.status_code == 404
    assert answer.json()["error"].startswith("no announcement 99 to play")

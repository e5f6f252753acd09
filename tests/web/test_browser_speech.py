"""The TV page as the room's voice in a real browser (the OS's Chromium): with `speech.speaker = tv`
and the sound turned on (a click: browsers play only after a gesture), two level changes made by the
CLI are played from the server's WAV files one after the other, never over each other; `m` mutes."""

from __future__ import annotations

import shutil

import pytest

from tests.cli.helpers import run
from tests.web.conftest import Served, open_page, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                 reason="espeak-ng is not installed (scripts/test-deps.sh installs it)")]

if TYPE_CHECKING := False:
    from playwright.sync_api import Browser

# Each sound the page starts: its file, when it started and when it ended (page time, ms), how long
# it is (s). Played four times as fast as the room hears it: the order and the gap between two
# sounds are what is checked, and the two level changes took ten seconds of listening at speed.
LISTEN = """
  window.plays = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    const entry = {src: this.src, start: performance.now(), end: null, seconds: null, ended: false};
    window.plays.push(entry);
    this.addEventListener("loadedmetadata", () => { entry.seconds = this.duration; });
    this.addEventListener("ended", () => { entry.end = performance.now(); entry.ended = true; });
    this.defaultPlaybackRate = this.playbackRate = 4;
    return play.call(this);
  };
"""


def test_the_tv_says_two_level_changes_one_after_the_other(
        browser: Browser, served: Served, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(served.db)
    assert run(capsys, "--db", db, "house-rules", "set", "speech.speaker", "tv").code == 0
    page = open_page(browser, {"width": 1920, "height": 1080})
    page.add_init_script(LISTEN)
    page.goto(served.base + "/")
    wait_for(page, "!document.getElementById('sound').hidden")
    assert page.text_content("#sound") == "Sound: off (m)"
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    assert run(capsys, "--db", db, "clock", "next").code == 0
    assert run(capsys, "--db", db, "clock", "next").code == 0
    wait_for(page, "window.plays.length === 2 && window.plays.every((p) => p.ended)", timeout=40_000)
    first, second = page.evaluate("window.plays")
    assert first["src"].endswith("/api/announcements/1.wav")
    assert second["src"].endswith("/api/announcements/2.wav")
    assert 1 <= first["seconds"] <= 15 and 1 <= second["seconds"] <= 15
    # Never over each other: the second starts once the first has played to its end.
    assert second["start"] >= first["end"] - 50
    page.keyboard.press("m")
    assert page.text_content("#sound") == "Sound: off (m)"
    assert page.errors == []  # type: ignore[attr-defined]

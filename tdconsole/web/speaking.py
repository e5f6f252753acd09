"""The TV page as the room's voice (`speech.speaker = "tv"`): what it says, and the sound of it.

The feed's poller hands every refresh to `TvAnnouncements.follow`, which feeds an `Announcer`
(views/announcements.py) with the new envelopes and the time, keeps the last few announcements of
the kinds the house picks, and puts them in the board (`announcements`). The page plays each new one
from `GET /api/announcements/N.wav`, rendered here by espeak-ng (tdconsole/speech.py).

Why a WAV from the server and not the browser's speechSynthesis: the room has no internet, and a
browser's voices are the operating system's or, in Chrome, Google's online ones; a TV's browser
or a Linux Chromium often has no Danish voice at all, or none without the network. The server's
espeak-ng is offline, speaks Danish and English on any machine that runs `serve`, and sounds the
same as the display terminal. An announcement already made before the server started is not said
again.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime
from typing import Any

from tdconsole import speech
from tdconsole.domain.errors import NotFound
from tdconsole.domain.house_rules import SpeechSettings
from tdconsole.i18n import language
from tdconsole.service import Service
from tdconsole.views.announcements import Announcer, rendered, spoken_by

# How many of the latest announcements the board carries: a page that missed a message (a
# reconnection) still hears the ones it missed; older ones are history.
KEPT = 10
WAVS_KEPT = 32


class TvAnnouncements:
    def __init__(self) -> None:
        self._announcer: Announcer | None = None
        self._heard = 0
        self.seq = 0  # the number of the latest announcement the TV was given (this server's count)
        self.recent: list[dict[str, Any]] = []
        self._settings = SpeechSettings()
        self._wavs: OrderedDict[int, bytes] = OrderedDict()

    def follow(self, service: Service, now: datetime) -> bool:
        """Take in what the log and the clock brought since the last call; True when the TV has
        something new to say. The first call reads the evening so far and says nothing of it."""
        log = service.log
        if self._announcer is None:
            self._announcer = Announcer()
            self._announcer.feed(log, now)
            self._heard = len(log)
            return False
        moments = self._announcer.feed(log[self._heard:], now)
        self._heard = len(log)
        self._settings = service.state.house_rules.speech
        # The club's alerts are shown on the TV whoever speaks them (speech.js plays the board's
        # announcements only when the TV is the room's speaker; tv.js shows each alert's text).
        said = (spoken_by("tv", moments, self._settings)
                or [moment for moment in moments if moment.kind == "alert"])
        if not said:
            return False
        for announcement in rendered(said, language(), first=self.seq + 1):
            # Relative to the TV page, which is the served tournament's at / and each one's at /t/ID/.
            self.recent.append({**announcement.model_dump(mode="json"),
                                "wav": f"api/announcements/{announcement.seq}.wav"})
        self.seq += len(said)
        del self.recent[:-KEPT]
        return True

    def speaks(self, service: Service) -> bool:
        return service.state.house_rules.speech.speaker == "tv"

    def wanted(self, seq: int) -> tuple[str, str, SpeechSettings] | bytes:
        """What announcement `seq` says (to render outside the feed's lock), or its WAV if made."""
        if seq in self._wavs:
            return self._wavs[seq]
        found = next((item for item in self.recent if item["seq"] == seq), None)
        if found is None:
            raise NotFound("no announcement {seq} to play (the TV keeps the last {kept})", seq=seq,
                           kept=KEPT)
        return found["text"], found["lang"], self._settings

    def keep(self, seq: int, wav: bytes) -> None:
        self._wavs[seq] = wav
        while len(self._wavs) > WAVS_KEPT:
            self._wavs.popitem(last=False)


def render(wanted: tuple[str, str, SpeechSettings] | bytes) -> bytes:
    if isinstance(wanted, bytes):
        return wanted
    text, lang, settings = wanted
    return speech.wav(text, lang, settings)

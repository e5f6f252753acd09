"""The display terminal as the room's voice (`speech.speaker = display`): it says each new
announcement once, in order, never over another; `m` mutes it; another terminal's move is said by
name; with the TV as the speaker it says nothing. The voice is a recorder here (tests/test_announcements.py
renders real speech with espeak-ng)."""

from __future__ import annotations

import threading

from tdconsole.domain.commands import ClockSetRemaining, ClockStart, Draw, MovePlayer, SetHouseRule, Undo
from tdconsole.domain.house_rules import SpeechSettings
from tdconsole.service import Service
from tdconsole.speech import Speaker
from tdconsole.tui.display import DisplayApp
from tests.conftest import FakeClock
from tests.tui.wait import until


def _display(service: Service, fake_clock: FakeClock, said: list[str]) -> DisplayApp:
    reader = Service(service.store, service.tournament_id, role="display", now=fake_clock)
    return DisplayApp(reader, say=lambda text, lang, settings: said.append(text))


def _caught_up(app: DisplayApp, fake_clock: FakeClock) -> bool:
    announcer = app._announcer
    return announcer is not None and announcer.reached == fake_clock() and app._heard == len(app.service.log)


async def test_the_display_says_each_announcement_once_and_m_mutes_it(
        service: Service, fake_clock: FakeClock) -> None:
    service.execute(ClockStart())
    service.execute(ClockSetRemaining(seconds=62))
    said: list[str] = []
    app = _display(service, fake_clock, said)
    async with app.run_test() as pilot:
        await until(pilot, lambda: _caught_up(app, fake_clock), "the display reading the evening so far")
        assert said == []  # what was announced before it opened is not said again
        fake_clock.advance(3)
        await until(pilot, lambda: said == ["One minute left of level 1."], "the one-minute announcement")
        fake_clock.advance(60)
        await until(pilot, lambda: len(said) == 2, "the level change")
        assert said[1] == "Level 2. Blinds 100 and 300, ante 300."
        await pilot.press("m")
        fake_clock.advance(15 * 60)  # past level 2's one-minute warning
        await until(pilot, lambda: _caught_up(app, fake_clock), "the display following the clock")
        assert len(said) == 2 and not app.sound
        await pilot.press("m")
        service.execute(Draw(seed=1))
        anna = service.state.players[service.state.by_name["anna"]]
        taken = service.state.room[anna.table or 1].occupants
        free = next(seat for seat in range(1, 10) if seat not in taken)
        service.execute(MovePlayer(name="Anna", table=anna.table or 1, seat=free, force=True))
        await until(pilot, lambda: len(said) == 3, "the move said by name")
        assert said[2] == f"Player move. Anna, table {anna.table}, seat {free}."
        service.execute(Undo(actor=service.actor))  # the display refolds: nothing is said again
        await until(pilot, lambda: _caught_up(app, fake_clock) and not app._refolding, "the undo followed")
        fake_clock.advance(1)
        await until(pilot, lambda: _caught_up(app, fake_clock), "the display following the clock")
        assert len(said) == 3


async def test_with_the_tv_as_the_speaker_the_display_is_silent(
        service: Service, fake_clock: FakeClock) -> None:
    service.execute(SetHouseRule(key="speech.speaker", value="tv"))
    service.execute(ClockStart())
    service.execute(ClockSetRemaining(seconds=62))
    said: list[str] = []
    app = _display(service, fake_clock, said)
    async with app.run_test() as pilot:
        fake_clock.advance(120)
        await until(pilot, lambda: _caught_up(app, fake_clock), "the display following the clock")
    assert said == []


def test_the_speaker_says_one_sentence_at_a_time_in_order() -> None:
    first_started, release = threading.Event(), threading.Event()
    said: list[str] = []
    saying = [0]
    most = [0]
    all_said = threading.Event()

    def say(text: str, lang: str, settings: SpeechSettings) -> None:
        saying[0] += 1
        most[0] = max(most[0], saying[0])
        if text == "one":
            first_started.set()
            assert release.wait(10)
        said.append(text)
        saying[0] -= 1
        if len(said) == 3:
            all_said.set()

    speaker = Speaker(lambda line: None, say)
    speaker.put("one", "en", SpeechSettings())
    assert first_started.wait(10)
    speaker.put("two", "en", SpeechSettings())
    speaker.put("three", "en", SpeechSettings())
    release.set()
    assert all_said.wait(10)
    speaker.close()
    assert said == ["one", "two", "three"] and most[0] == 1


def test_silence_drops_what_waits() -> None:
    started, release, done = threading.Event(), threading.Event(), threading.Event()
    said: list[str] = []

    def say(text: str, lang: str, settings: SpeechSettings) -> None:
        if text == "one":
            started.set()
            assert release.wait(10)
        said.append(text)
        if text == "after":
            done.set()

    speaker = Speaker(lambda line: None, say)
    speaker.put("one", "en", SpeechSettings())
    assert started.wait(10)
    speaker.put("two", "en", SpeechSettings())
    speaker.silence()
    release.set()
    speaker.put("after", "en", SpeechSettings())
    assert done.wait(10)
    speaker.close()
    assert said == ["one", "after"]

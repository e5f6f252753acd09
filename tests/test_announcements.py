"""What the room hears (views/announcements.py): the golden texts of every kind in both languages,
the same moments whether the log is read at once or followed piece by piece, undo, and one
announcement rendered to a real WAV file by espeak-ng."""

from __future__ import annotations

import random
import shutil
from datetime import datetime

import pytest

from tdconsole import speech
from tdconsole.domain import commands as c
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.examples import tournament
from tdconsole.domain.house_rules import ANNOUNCEMENT_KINDS, SpeechSettings
from tdconsole.domain.money import handlers as money
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.i18n import language, set_language
from tdconsole.views.announcements import Announcer, announcements, rendered
from tests.announcement_scenario import AFTER_THE_BREAK, evening
from tests.domain.helpers import Tournament, at
from tests.domain.test_satellites import tied_last_seat

END = at(AFTER_THE_BREAK + 400)

GOLDEN_EN = [
    ("level", "Level 1. Blinds 25 and 50."),
    ("one-minute", "One minute left of level 1."),
    ("level", "Level 2. Blinds 50 and 100, ante 100."),
    ("one-minute", "One minute left of level 2."),
    ("break", "Break 1: 15 minutes. Colour-up: the 25 chips come off the tables."),
    ("one-minute", "One minute left of the break."),
    ("break-end", "The break is over. Level 3. Blinds 10,000 and 20,000, ante 20,000. "
                  "The 25 chips are out of play."),
    ("table-broken", "Table 3 is breaking. Sofie Mørk, table 1, seat 6. Rasmus Gade, table 1, seat 3. "
                     "Kasper Lind, table 1, seat 2. Dorte Sand, table 2, seat 4. Pia Storm, table 2, "
                     "seat 8. Anna Holm, table 2, seat 7. Troels Hviid, table 1, seat 4."),
    ("move", "Player move. Dorte Sand, table 1, seat 2."),
    ("move", "Player move. Anna Holm, table 1, seat 5."),
    ("hand-for-hand", "We are playing hand-for-hand. Finish the hand in progress, then wait for the floor."),
    ("bubble", "We are on the bubble. 4 players left, 3 places paid."),
    ("hand-for-hand-end", "Hand-for-hand is over. The bubble has burst: 3 players are in the money."),
    ("final-table", "The final table: 3 players to table 1. Troels Hviid, seat 1. Anna Holm, seat 6. "
                    "Ulla Bang, seat 7."),
    ("winner", "Anna Holm wins the tournament. Congratulations!"),
]

GOLDEN_DA = [
    ("level", "Level 1. Blinds 25 og 50."),
    ("one-minute", "Et minut tilbage af level 1."),
    ("level", "Level 2. Blinds 50 og 100, ante 100."),
    ("one-minute", "Et minut tilbage af level 2."),
    ("break", "Pause 1: 15 minutter. Chipveksling: 25-chipsene tages af bordene."),
    ("one-minute", "Et minut tilbage af pausen."),
    ("break-end", "Pausen er slut. Level 3. Blinds 10.000 og 20.000, ante 20.000. "
                  "25-chipsene er ude af spillet."),
    ("table-broken", "Bord 3 lukker. Sofie Mørk, bord 1, plads 6. Rasmus Gade, bord 1, plads 3. "
                     "Kasper Lind, bord 1, plads 2. Dorte Sand, bord 2, plads 4. Pia Storm, bord 2, "
                     "plads 8. Anna Holm, bord 2, plads 7. Troels Hviid, bord 1, plads 4."),
    ("move", "Spillerflytning. Dorte Sand, bord 1, plads 2."),
    ("move", "Spillerflytning. Anna Holm, bord 1, plads 5."),
    ("hand-for-hand", "Vi spiller nu hånd-for-hånd. Spil den igangværende hånd færdig, og vent så på "
                      "flooren."),
    ("bubble", "Vi er på boblen. 4 spillere tilbage, 3 pladser betales."),
    ("hand-for-hand-end", "Hånd-for-hånd er slut. Boblen er bristet: 3 spillere er i pengene."),
    ("final-table", "Finalebordet: 3 spillere til bord 1. Troels Hviid, plads 1. Anna Holm, plads 6. "
                    "Ulla Bang, plads 7."),
    ("winner", "Anna Holm vinder turneringen. Tillykke!"),
]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.parametrize(("lang", "golden"), [("en", GOLDEN_EN), ("da", GOLDEN_DA)])
def test_every_kind_of_announcement_in_both_languages(lang: str, golden: list[tuple[str, str]]) -> None:
    said = announcements(evening().log, END, lang)
    assert [(a.kind, a.text) for a in said] == golden
    assert [a.seq for a in said] == list(range(1, len(golden) + 1))
    assert {a.lang for a in said} == {lang}
    assert {kind for kind, _text in golden} == set(ANNOUNCEMENT_KINDS)


def test_the_language_of_the_process_is_kept() -> None:
    announcements(evening().log, END, "da")
    assert language() == "en"


def test_t_level_1_a_level_ended_by_the_clock_is_announced_when_it_ended() -> None:
    said = announcements(evening().log, END, "en")
    level_2 = next(a for a in said if a.text.startswith("Level 2"))
    assert datetime.fromisoformat(level_2.time) == at(10 + 20 * 60)
    one_minute = next(a for a in said if a.kind == "one-minute")
    assert datetime.fromisoformat(one_minute.time) == at(10 + 19 * 60)


def test_nothing_is_announced_before_it_is_due() -> None:
    log = [envelope for envelope in evening().log if envelope.time < at(20 * 60)]
    assert [a.kind for a in announcements(log, at(10 + 19 * 60 - 1), "en")] == ["level"]
    assert [a.kind for a in announcements(log, at(10 + 19 * 60), "en")] == ["level", "one-minute"]


def test_followed_piece_by_piece_the_room_hears_the_same_once() -> None:
    log = evening().log
    announcer, heard = Announcer(), []
    # As the display follows: a few envelopes at a time, the clock read in between.
    for start in range(0, len(log), 3):
        piece = log[start:start + 3]
        heard += announcer.feed(piece, piece[-1].time)
        heard += announcer.feed([], piece[-1].time)
    heard += announcer.feed([], END)
    assert [(a.kind, a.text) for a in rendered(heard, "en")] == GOLDEN_EN


def test_an_undone_move_is_not_announced_and_an_undo_repeats_nothing() -> None:
    t = Tournament()
    t.do(c.Register(names=["Anna Holm", "Bo Ek", "Carl Berg", "Dorte Sand"]).with_rng(random.Random(1)))
    t.do(c.Draw().with_rng(random.Random(1)), 1)
    t.do(c.ClockStart(), 2)
    announcer = Announcer()
    first = announcer.feed(t.log, at(3))
    assert [m.kind for m in first] == ["level"]
    anna = t.state.players[t.state.by_name["anna holm"]]
    t.do(c.MovePlayer(name="Anna Holm", table=anna.table or 1, seat=5, force=True), 4)
    moved = announcer.feed(t.log[-1:], at(5))
    assert [(a.kind, a.text) for a in rendered(moved, "en")] == [
        ("move", f"Player move. Anna Holm, table {anna.table}, seat 5.")]
    seen = len(t.log)
    t.do(c.Undo(actor="td"), 6)
    assert announcer.feed(t.log[seen:], at(7)) == []
    assert [a.kind for a in announcements(t.log, at(7), "en")] == ["level"]


def test_only_the_kinds_the_house_switched_on_are_announced_and_listed() -> None:
    """`speech.kinds` picks what the room hears: the list, the display and the TV alike. A kind
    switched off is not announced from then on; what was announced before stays in the list."""
    t = Tournament()
    t.do(c.Register(names=["Anna Holm", "Bo Ek"]))
    t.do(c.ClockStart(), 1)
    t.do(c.SetHouseRule(key="speech.kinds", value="level,winner"), 2)
    log = t.log
    kinds = [a.kind for a in announcements(log, at(2 + 20 * 60), "en")]
    assert kinds == ["level", "level"]  # level 1 (on when it started), level 2; no "one-minute"
    announcer = Announcer()
    heard = announcer.feed(log[:-1], at(1)) + announcer.feed(log[-1:], at(2 + 20 * 60))
    assert [m.kind for m in heard] == ["level", "level"]


def test_hand_for_hand_stopped_by_the_td_and_a_break_without_colour_up() -> None:
    structure = Structure(name="short", starting_stack=5000, periods=[
        Level(small_blind=100, big_blind=200, minutes=10), Break(minutes=5),
        Level(small_blind=200, big_blind=400, minutes=10)])
    t = Tournament(structure)
    t.do(c.Register(names=["Anna Holm", "Bo Ek", "Carl Berg"]).with_rng(random.Random(1)))
    t.do(c.Draw().with_rng(random.Random(1)), 1)
    t.do(c.ClockStart(), 2)
    t.do(c.HandForHandStart(), 3)
    t.do(c.HandForHandStop(), 4)
    said = [(a.kind, a.text) for a in announcements(t.log, at(4 + 15 * 60), "da")]
    assert said == [
        ("level", "Level 1. Blinds 100 og 200."),
        ("hand-for-hand", "Vi spiller nu hånd-for-hånd. Spil den igangværende hånd færdig, og vent så "
                          "på flooren."),
        ("hand-for-hand-end", "Hånd-for-hånd er slut. Der gives videre."),
        ("one-minute", "Et minut tilbage af level 1."),
        ("break", "Pause 1: 5 minutter."),
        ("one-minute", "Et minut tilbage af pausen."),
        ("break-end", "Pausen er slut. Level 2. Blinds 200 og 400."),
    ]


def test_the_td_moving_a_running_clock_is_announced_a_paused_one_is_not() -> None:
    t = Tournament()
    t.do(c.ClockStart(), 0)
    t.do(c.ClockStep(by=1), 60)
    t.do(c.ClockPause(), 70)
    t.do(c.ClockStep(by=1), 80)
    said = [(a.kind, a.text) for a in announcements(t.log, at(90), "en")]
    assert said == [("level", "Level 1. Blinds 100 and 200, ante 200."),
                    ("level", "Level 2. Blinds 200 and 400, ante 400.")]


def test_the_speech_settings_are_bounded() -> None:
    with pytest.raises(ValueError):
        SpeechSettings(rate=1000)
    with pytest.raises(ValueError):
        SpeechSettings(voice="--output=/etc/passwd")
    assert speech.engine_command("en", SpeechSettings(), wav=None)[1:] == ["--stdin", "-v", "en", "-s", "150"]


@pytest.mark.skipif(shutil.which("espeak-ng") is None,
                    reason="espeak-ng is not installed (scripts/test-deps.sh installs it)")
@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_level_change_is_heard_as_a_wav_of_plausible_length(lang: str) -> None:
    level = next(a for a in announcements(evening().log, END, lang) if a.kind == "break-end")
    data = speech.wav(level.text, lang, SpeechSettings())
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    assert 1.0 <= speech.wav_seconds(data) <= 15.0
    slower = speech.wav(level.text, lang, SpeechSettings(rate=80))
    assert speech.wav_seconds(slower) > speech.wav_seconds(data)


def test_t_sat_2_the_room_hears_the_satellite_is_over_not_that_the_bubble_burst() -> None:
    """The hand-for-hand hand that ends a satellite (a tie across its last seat, T-SAT-6) ends the
    tournament: the room hears who won a seat, not "the bubble has burst" and play on."""
    t = tied_last_seat()
    said = [(a.kind, a.text) for a in announcements(t.log, at(60), "en")]
    assert said[-1] == ("winner", "The satellite is over. P01 and P02 each win a seat.")
    assert not [text for kind, text in said if kind == "hand-for-hand-end"]
    danish = [(a.kind, a.text) for a in announcements(t.log, at(60), "da")]
    assert danish[-1] == ("winner", "Satellitten er slut. P01 og P02 vinder hver en plads.")


def test_t_shoot_1_no_bubble_is_announced_across_a_shootouts_tables() -> None:
    t = tournament(*[f"P{n:02}" for n in range(1, 28)], tables=3, shootout=ShootoutSettings())
    for table in (1, 2):  # each down to its winner
        for name in sorted(t.state.room[table].occupants.values())[1:]:
            t.do(c.Bust(names=[name]))
    # Table 3 plays down to two: four left, three places paid, but round 1 has no bubble.
    for name in sorted(t.state.room[3].occupants.values())[2:]:
        t.do(c.Bust(names=[name]))
    assert t.state.players_left == 4 and len(money.payout_structure(t.state).payouts) == 3
    moments = Announcer().feed(t.log, t.log[-1].time)
    assert [m.kind for m in moments if m.kind in ("bubble", "winner")] == []

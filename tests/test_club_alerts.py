"""The club's own alerts (house rules `alerts.club`, issue 40 item 4): each condition fires at its
edge and not a moment or a command before, in the words of the tournament's language, once in a
tournament: followed piece by piece, read again from the start (a restarted TV or display) and
after an undo."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from tdconsole.domain import commands as c
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.house_rules import Alert, AlertRules, HouseRules
from tdconsole.views.announcements import Announcer, announcements, rendered
from tests.announcement_scenario import AFTER_THE_BREAK, START, evening
from tests.domain.helpers import Tournament, at

END = at(AFTER_THE_BREAK + 400)
CLUB = [
    Alert(when="players-left", n=10, text={"en": "10 left: final table soon",
                                           "da": "10 tilbage: finalebord snart"}),
    Alert(when="level-starts", n=3, text={"en": "Level 3: the late registration is closed"}),
    Alert(when="break-in", n=5, text={"en": "Break in 5 minutes: the bar is open"}),
    Alert(when="bubble", text={"en": "The bubble! Play hand-for-hand"}),
    Alert(when="final-table", text={"en": "Final table: photos at the bar"}),
    Alert(when="table-to-break", text={"en": "A table is to break: floor, please"}),
]
RULES = HouseRules(alerts=AlertRules(club=CLUB))


def alerts(log: list, now: datetime, lang: str = "en") -> list[tuple[str, datetime, int]]:
    """The alerts of the log as far as it goes by `now`, and of the clock up to `now`."""
    until = [envelope for envelope in log if envelope.time <= now]
    return [(a.text, datetime.fromisoformat(a.time), a.log_seq) for a in announcements(until, now, lang)
            if a.kind == "alert"]


def texts(log: list, now: datetime) -> list[str]:
    return [text for text, _time, _seq in alerts(log, now)]


def seq_of(log: list, seq: int) -> list:
    """The log up to and with entry `seq`."""
    return [envelope for envelope in log if envelope.seq <= seq]


def before_the_command_of(log: list, seq: int) -> list:
    """The log before the command that wrote entry `seq` (a log ends between commands)."""
    command = next(envelope.command_id for envelope in log if envelope.seq == seq)
    first = min(envelope.seq for envelope in log if envelope.command_id == command)
    return [envelope for envelope in log if envelope.seq < first]


def test_every_condition_fires_once_in_the_evening_in_order() -> None:
    said = alerts(evening(RULES).log, END)
    assert [text for text, _time, _seq in said] == [
        "Break in 5 minutes: the bar is open",
        "Level 3: the late registration is closed",
        "A table is to break: floor, please",  # table 3, its players fit in the free seats
        "10 left: final table soon",
        "Final table: photos at the bar",
        "A table is to break: floor, please",  # table 2: each table once
        "The bubble! Play hand-for-hand",
    ]


def test_the_clock_alerts_fire_at_their_moment_and_not_a_second_before() -> None:
    log = evening(RULES).log
    five_before_the_break = START + 35 * 60  # levels of 20 and 20 minutes, the break after
    assert texts(log, at(five_before_the_break - 1)) == []
    assert alerts(log, at(five_before_the_break))[0][:2] == ("Break in 5 minutes: the bar is open",
                                                             at(five_before_the_break))
    level_3 = START + 55 * 60  # after the 15-minute break; level 2 did not fire it
    assert "Level 3: the late registration is closed" not in texts(log, at(level_3 - 1))
    assert ("Level 3: the late registration is closed", at(level_3)) in [
        (text, time) for text, time, _seq in alerts(log, at(level_3))]


@pytest.mark.parametrize(("text", "seq"), [
    ("A table is to break: floor, please", 25),  # 18 left on 3 tables of 9: table 3's fit elsewhere
    ("10 left: final table soon", 36),  # the bust that leaves 10
    ("Final table: photos at the bar", 37),  # 9 left: one table of 9 (T-SEAT-3)
    ("The bubble! Play hand-for-hand", 48),  # 4 left, 3 paid: the hand-for-hand hand that made it
])
def test_the_room_alerts_fire_at_the_command_that_makes_them_and_not_one_before(text: str, seq: int) -> None:
    log = evening(RULES).log
    assert text not in texts(before_the_command_of(log, seq), END)
    assert (text, seq) in [(said, at_seq) for said, _time, at_seq in alerts(seq_of(log, seq), END)]


def test_the_text_is_in_the_tournaments_language_else_the_first_the_club_wrote() -> None:
    said = alerts(evening(RULES).log, END, "da")
    assert "10 tilbage: finalebord snart" in [text for text, _time, _seq in said]
    assert "Final table: photos at the bar" in [text for text, _time, _seq in said]  # no Danish given


def test_followed_piece_by_piece_or_read_again_each_alert_is_heard_once() -> None:
    log = evening(RULES).log
    announcer, heard = Announcer(), []
    for start in range(0, len(log), 3):
        piece = log[start:start + 3]
        heard += announcer.feed(piece, piece[-1].time)
        heard += announcer.feed([], piece[-1].time)
    heard += announcer.feed([], END)
    assert [a.text for a in rendered(heard, "en") if a.kind == "alert"] == texts(log, END)
    # A restarted TV reads the evening so far without saying it: the next feed brings nothing again.
    again = Announcer()
    again.feed(log, END)
    assert again.feed([], at(AFTER_THE_BREAK + 4000)) == []


def test_an_undo_and_the_same_bust_again_do_not_fire_an_alert_twice() -> None:
    rules = HouseRules(alerts=AlertRules(club=[Alert(when="players-left", n=2, text={"en": "Heads-up!"})]))
    t = Tournament(house_rules=rules)
    t.do(c.Register(names=["Anna Holm", "Bo Ek", "Carl Berg"]).with_rng(random.Random(1)))
    t.do(c.Draw().with_rng(random.Random(1)), 1)
    t.do(c.ClockStart(), 2)
    announcer = Announcer()
    assert [m.kind for m in announcer.feed(t.log, at(3))] == ["level"]
    seen = len(t.log)
    t.do(c.Bust(names=["Carl Berg"]), 4)
    assert [(a.kind, a.text) for a in rendered(announcer.feed(t.log[seen:], at(5)), "en")
            if a.kind == "alert"] == [("alert", "Heads-up!")]
    seen = len(t.log)
    t.do(c.Undo(actor="td"), 6)
    t.do(c.Bust(names=["Carl Berg"]), 7)
    assert [m.kind for m in announcer.feed(t.log[seen:], at(8))] == ["bubble"]  # no alert again
    assert texts(t.log, at(8)) == ["Heads-up!"]  # read from the start: once, at the bust that stands


def test_unregistering_is_not_a_player_out() -> None:
    rules = HouseRules(alerts=AlertRules(club=[Alert(when="players-left", n=2, text={"en": "Heads-up!"})]))
    t = Tournament(house_rules=rules)
    t.do(c.Register(names=["Anna Holm", "Bo Ek", "Carl Berg"]))
    t.do(c.Unregister(name="Carl Berg"), 1)
    assert texts(t.log, at(2)) == []


@pytest.mark.parametrize(("value", "fragment"), [
    ('[{"when": "bubble", "n": 3, "text": {"en": "x"}}]', "an alert 'bubble' takes no n"),
    ('[{"when": "players-left", "text": {"en": "x"}}]', "an alert 'players-left' needs n"),
    ('[{"when": "level-starts", "n": 2, "text": {"EN": "x"}}]', "'EN' is not a language code"),
    ('[{"when": "level-starts", "n": 2, "text": {"en": "\\u001b[2J"}}]', "plain text"),
    ('[{"when": "tea-time", "text": {"en": "x"}}]', "alerts.club"),
    ('[{"when": "bubble"', "not a JSON list"),
])
def test_a_bad_alert_is_one_line_naming_what_is_wrong(value: str, fragment: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        HouseRules().with_value("alerts.club", value)
    assert fragment in str(refused.value) and "\n" not in str(refused.value)

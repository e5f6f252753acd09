"""The log as people read it (views/log.py): every event type has a sentence in words, with
names, and no id, Python value or field name shows through."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import get_args

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.domain import events as e
from tdconsole.domain.clock.structure import Break, Level
from tdconsole.domain.floor.penalties import OffenceKind, Penalty, PenaltyKind
from tdconsole.domain.floor.rulings import Suggestion
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.seating.balancing import BrokenSeat, Move
from tdconsole.domain.seating.tables import Spot
from tdconsole.views.log import LogContext, kind_of, log_entries, sentence, written_types

STRUCTURE = load_structure("club-turbo")
WARNING = Penalty(kind=PenaltyKind.ROUNDS, amount=1, hands=9, rules=["TDA 71"], reason="a second offence")

# One of each event type, with ids p1..p3 for Anna Holm, Carl Berg and Erik Sand.
SAMPLES: list[e._Event] = [
    e.TournamentCreated(name="Friday", game="NLHE", buy_in=300, fee=50, starting_stack=20000,
                        seats_per_table=9, structure=STRUCTURE, house_rules=HouseRules()),
    e.HouseRulesSet(rules=HouseRules(), keys=["seating.final_table_size"]),
    e.HouseRulesRecorded(rules=HouseRules()),
    e.PlayerRegistered(player_id="p1", name="Anna Holm", member=12),
    e.PlayerUnregistered(player_id="p1"),
    e.PlayerBusted(player_id="p2", place=25, knocked_out_by=["p3"], bounty={"p3": 50}, rules=["T-ELIM-1"]),
    e.PlayerReentered(player_id="p4", previous_id="p2", name="Carl Berg"),
    e.AddOnBought(player_id="p1"),
    e.MoneySet(settings=MoneySettings()),
    e.ChipsCounted(counts={"p1": 12000, "p3": 8000}),
    e.HandForHandStarted(tables=[1, 2], rules=HouseRules().eliminations, paused_clock=True),
    e.HandForHandBust(player_id="p2", table=2, stack=3000, knocked_out_by=["p3"]),
    e.HandForHandTableDone(table=2),
    e.HandForHandHandEnded(hand=1),
    e.HandForHandStopped(),
    e.DealProposed(method="icm", amounts={"p1": 3000, "p3": 2000}, left_for_winner=500),
    e.DealConsented(player_ids=["p1", "p3"]),
    e.DealApproved(),
    e.ClockStarted(),
    e.ClockPaused(),
    e.ClockResumed(),
    e.LevelChanged(period=3),
    e.ClockSet(remaining_seconds=750),
    e.TableLayoutSet(table=3, seats=8, blocked=[5]),
    e.TablesDrawn(tables=[e.DrawnTable(table=1, seats=9, occupants={1: "Anna Holm"}, button=4)], final=True),
    e.PlayerSeated(player_id="p1", table=2, seat=3, waits=True, late=True),
    e.PlayerMoved(player_id="p1", from_table=2, from_seat=3, table=1, seat=7, forced=True,
                  rules=["T-MOVE-3"]),
    e.TablesBalanced(moves=[Move(player="Anna Holm", from_=Spot(table=2, seat=3), to=Spot(table=1, seat=7),
                                 rule="T-BAL-1")]),
    e.TableBroken(table=3, seats=[BrokenSeat(player="Erik Sand", from_=Spot(table=3, seat=1),
                                             to=Spot(table=1, seat=2), waits=True, rule="T-BREAK-1")]),
    e.HandFinished(table=1),
    e.ButtonSet(table=1, seat=4),
    e.RulingLogged(ruling_id=3, staff="Mette", table=2, seat=4,
                   players=[e.RulingPlayer(id="p1", name="Anna Holm")],
                   scenario="wrong-button", answers={"moved": "no"},
                   suggestion=Suggestion(ruling="Redeal", remedy=["redeal"], rules=["TDA 35"], penalty=None),
                   ruling="redeal", offence=OffenceKind.ETIQUETTE, decision="the hand is redealt",
                   penalty=WARNING, corrects=2),
    e.PenaltyHandsServed(ruling_id=3, hands=2),
    e.PenaltyEnded(ruling_id=3),
    e.ClockCalled(call_id=1, table=2, seat=3, facing_bet=True, player_id="p1"),
    e.ClockCallStopped(call_id=1),
    e.StructureChanged(source="editor", structure=STRUCTURE),
    e.LateRegistrationChanged(level=6),
    e.Undone(command_id="c5"),
]
NAMES = {"p1": "Anna Holm", "p2": "Carl Berg", "p3": "Erik Sand", "p4": "Carl Berg"}


def _every_event_type() -> set[type]:
    return set(get_args(get_args(e.Event)[0]))


def test_every_event_type_has_a_sentence_and_a_kind() -> None:
    missing = {t.__name__ for t in _every_event_type() - written_types()}
    assert not missing, f"event types with no sentence in views/log.py: {sorted(missing)}"
    assert {type(sample) for sample in SAMPLES} == _every_event_type(), "a sample of each event type"


@pytest.mark.parametrize("event", SAMPLES, ids=lambda event: event.type)
def test_a_sentence_is_words_with_names(event: e.Event) -> None:
    text = sentence(event, LogContext(names=dict(NAMES), structure=STRUCTURE,
                                      commands={"c5": ["Carl Berg busts in 25th"]}))
    assert text[:1].isupper(), text
    # no ids, Python values, containers, quoted strings or field names (a house rule is named by
    # the key the TD sets it with)
    if isinstance(event, e.HouseRulesSet):
        text = text.replace("seating.final_table_size", "")
    assert not re.search(r"\bp\d+\b|\bNone\b|\bTrue\b|\bFalse\b|[\[\]{}_]|(?<!\w)'|'(?!\w)", text), text
    assert kind_of(event) in ("players", "busts", "seating", "money", "clock", "rulings", "tournament")


def _context() -> LogContext:
    return LogContext(names=dict(NAMES), structure=STRUCTURE)


def test_the_sentences_the_room_says() -> None:
    context = _context()
    assert sentence(e.PlayerBusted(player_id="p2", place=25, knocked_out_by=["p3"]), context) \
        == "Carl Berg busts in 25th, knocked out by Erik Sand"
    assert sentence(e.PlayerBusted(player_id="p2", place=3, last_place=4), context) \
        == "Carl Berg busts, sharing places 3rd to 4th"
    assert sentence(e.PlayerMoved(player_id="p1", from_table=2, from_seat=3, table=1, seat=7), context) \
        == "Anna Holm moves from table 2 seat 3 to table 1 seat 7"
    assert sentence(e.PlayerSeated(player_id="p1", table=2, seat=3, waits=False), context) \
        == "Anna Holm is seated at table 2 seat 3"
    assert sentence(e.DealConsented(player_ids=["p1", "p2", "p3"]), context) \
        == "Anna Holm, Carl Berg, and Erik Sand agree to the deal"  # CLDR's English list


def test_a_level_is_named_with_its_blinds_and_ante() -> None:
    periods = STRUCTURE.periods
    index = next(i for i, p in enumerate(periods) if isinstance(p, Level) and p.ante and i > 0)
    level = periods[index]
    assert isinstance(level, Level)
    text = sentence(e.LevelChanged(period=index), _context())
    assert text == (f"Level {STRUCTURE.shown_level(index)} starts: "
                    f"{level.small_blind:,}/{level.big_blind:,}, ante {level.ante:,}")
    pause = next(i for i, p in enumerate(periods) if isinstance(p, Break))
    assert sentence(e.LevelChanged(period=pause), _context()).startswith("Break 1 starts (")


def _at(seq: int, event: e._Event, command: str, actor: str = "td") -> e.Envelope:
    return e.Envelope(seq=seq, time=datetime(2026, 11, 27, 19, 0, tzinfo=UTC) + timedelta(minutes=seq),
                      actor=actor, command_id=command, event=event)  # type: ignore[arg-type]


def test_an_undone_entry_says_who_undid_it_and_when_and_the_undo_says_what() -> None:
    log = [_at(1, SAMPLES[0], "c1"), _at(2, e.PlayerRegistered(player_id="p1", name="Anna Holm"), "c2"),
           _at(3, e.PlayerRegistered(player_id="p2", name="Carl Berg"), "c3"),
           _at(4, e.PlayerBusted(player_id="p2", place=2, knocked_out_by=["p1"]), "c4", actor="maria"),
           _at(5, e.Undone(command_id="c4"), "c5", actor="td")]
    entries = log_entries(log)
    bust = entries[3]
    assert bust.text == "Carl Berg busts in 2nd, knocked out by Anna Holm" and bust.kind == "busts"
    assert bust.undone and bust.undone_by == "td" and bust.undone_at == log[4].time.isoformat()
    assert not entries[2].undone and entries[2].undone_by is None
    assert entries[4].text == "Undone: Carl Berg busts in 2nd, knocked out by Anna Holm"


def test_an_id_issued_again_after_an_undo_names_the_new_player() -> None:
    log = [_at(1, SAMPLES[0], "c1"), _at(2, e.PlayerRegistered(player_id="p1", name="Anna Holm"), "c2"),
           _at(3, e.Undone(command_id="c2"), "c3"),
           _at(4, e.PlayerRegistered(player_id="p1", name="Bo Dal"), "c4"),
           _at(5, e.AddOnBought(player_id="p1"), "c5")]
    assert log_entries(log)[-1].text == "Bo Dal buys an add-on"

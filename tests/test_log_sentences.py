"""The log as people read it (views/log.py): every event type has a sentence in words, with
names, and no id, Python value or field name shows through; in English and in Danish. views/log.py
is the one place an event becomes words: no event writes its own."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from typing import Any, get_args

import pytest

from tdconsole.config.structures import load_structure
from tdconsole.domain import events as e
from tdconsole.domain.clock.structure import Break, Level
from tdconsole.domain.floor.penalties import OffenceKind, Penalty, PenaltyKind
from tdconsole.domain.floor.rulings import Suggestion
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.players.carry import StackOrigin
from tdconsole.domain.seating.balancing import BrokenSeat, Move
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.domain.seating.tables import Spot
from tdconsole.i18n import set_language
from tdconsole.views.log import (
    LogContext,
    LogEntry,
    LogReading,
    kind_of,
    log_entries,
    sentence,
    written_types,
)
from tdconsole.views.tournament import command_view, log_view

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
    e.AlternateListed(number=3, name="Mette"),
    e.PlayerPageIssued(name="Anna Holm", token="kX2v9QzR4tYw8pLm3nB7cD"),
    e.PlayerPageRevoked(name="Anna Holm"),
    e.AlternateWithdrawn(number=3),
    e.AddOnBought(player_id="p1"),
    e.SatelliteEnded(winners=["p1", "p3"], seat=1100),
    e.TicketSpent(player_id="p1", ticket="S2-p4", value=1100, satellite=2),
    e.Rebought(player_id="p1", count=2),
    e.BustSetAside(player_id="p1", place=7, knockouts=["p3"], bounty={"p3": 100}),
    e.MoneySet(settings=MoneySettings()),
    e.MysteryBountiesSet(envelopes=[500, 100, 200], from_level=5),
    e.ChipsCounted(counts={"p1": 12000, "p3": 8000}),
    e.PaymentRecorded(player_id="p1", dues=["entry", "add-on:1"], method="mobilepay"),
    e.PaymentRecorded(player_id="p3", dues=["rebuy:2"], method=None),
    e.PrizePaidOut(player_id="p1", prize=1200, bounty=300, slip=4, method="cash"),
    e.CashCounted(counts={"cash": 12500, "mobilepay": 3000}),
    e.FlightSet(event="Main Event", stop_level=8),
    e.FlightSet(event="Main Event"),
    e.ChipsBagged(bags=[e.Bagged(player_id="p1", chips=41_500, bag=1)]),
    e.PlayerPageIssued(name="Anna", token="0" * 40),
    e.PlayerPageRevoked(name="Anna"),
    e.ShotClockStarted(table=3, seconds=30, seat=4, player_id="p1"),
    e.ShotClockExtended(table=3, seconds=30, player_id="p1"),
    e.ShotClockEnded(table=3, expired=True, rules=["T-SHOT-1", "C-CLOCK-1", "H-DEAD-D", "TDA 29"]),
    e.SignUpReceived(number=1, name="Mette", phone="+45 20304050"),
    e.SignUpRejected(name="Mette"),
    e.Day2Started(event="Main Event", buy_ins=580, re_entries=20, draw="seeded", seed=77,
                  origins=[StackOrigin(player_id="p1", chips=41_500, flight="Main Event 1A", flight_id=1,
                                       bag=1)]),
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
    e.ShootoutRoundDrawn(round=2, ended_tables=3, tables=[
        e.DrawnTable(table=1, seats=9, occupants={1: "Anna Holm", 2: "Erik Sand"}, button=1)]),
]
# The other branches of the sentences: each is a sentence of its own in the catalogue.
VARIANTS: list[e._Event] = [
    e.TournamentCreated(name="Friday", game="NLHE", buy_in=300, fee=50, starting_stack=20000,
                        seats_per_table=9, structure=STRUCTURE, shootout=ShootoutSettings()),
    e.HouseRulesSet(rules=HouseRules()),
    e.PlayerRegistered(player_id="p1", name="Anna Holm"),
    e.PlayerBusted(player_id="p2", place=3, last_place=4, rules=["T-ELIM-2"]),
    e.PlayerBusted(player_id="p2", place=9, placed_last=True, rules=["T-ELIM-3"]),
    e.PlayerBusted(player_id="p2", place=8, knocked_out_by=["p3"], bounty={"p3": 500}, envelope=0),
    e.PlayerBusted(player_id="p2", place=7, knocked_out_by=["p3"], bounty={"p3": 35}, head={"p3": 40}),
    e.PlayerBusted(player_id="p2", place=6, disqualified=True, to_pool=75),
    e.PlayerReentered(player_id="p4", previous_id="p2", name="Carl Berg", earlier_entry_can_cash=False),
    e.HandForHandStarted(tables=[1, 2], rules=HouseRules().eliminations, paused_clock=False),
    e.HandForHandHandEnded(hand=0),
    e.HandForHandStopped(places_paid=10, players_left=10, rules=["T-H4H-1"]),
    e.DealProposed(method="chip-chop", amounts={"p1": 3000}),
    e.LevelChanged(period=next(i for i, p in enumerate(STRUCTURE.periods) if isinstance(p, Break))),
    e.LevelChanged(period=0),
    e.LateRegistrationChanged(level=None),
    e.TableLayoutSet(table=3, seats=8, blocked=[]),
    e.TablesDrawn(tables=[e.DrawnTable(table=1, seats=9, occupants={1: "Anna Holm"}, button=None),
                          e.DrawnTable(table=2, seats=9, occupants={1: "Erik Sand"}, button=None)]),
    e.PlayerSeated(player_id="p1", table=2, seat=3),
    e.PlayerSeated(player_id="p1", table=12, seat=4, late=True, alternate=3),
    e.PlayerSeated(player_id="p1", table=12, seat=4, waits=True, late=True, alternate=3),
    e.PlayerRegistered(player_id="p1", name="Anna Holm", alternate=3),
    e.PlayerReentered(player_id="p4", previous_id="p2", name="Carl Berg", alternate=3),
    e.AlternateListed(number=4, name="Carl Berg", previous_id="p2"),
    e.PlayerMoved(player_id="p1", from_table=2, from_seat=3, table=1, seat=7, waits=True),
    e.RulingLogged(ruling_id=4, staff="Mette", table=2, scenario="other", answers={},
                   suggestion=Suggestion(ruling="", remedy=[], rules=[], penalty=None), ruling="other",
                   decision="the chips stay", description="a card flashed"),
    e.RulingLogged(ruling_id=5, staff="Mette", scenario="wrong-button", answers={},
                   suggestion=Suggestion(ruling="Redeal", remedy=["redeal"], rules=["TDA 35"], penalty=None),
                   ruling="redeal", decision="the hand is redealt"),
    e.ClockCalled(call_id=2, table=2, seat=3, facing_bet=False),
    e.Undone(command_id="c9"),  # a command the log does not hold
]
NAMES = {"p1": "Anna Holm", "p2": "Carl Berg", "p3": "Erik Sand", "p4": "Carl Berg"}


def _subclasses(kind: type) -> set[type]:
    direct: list[type] = kind.__subclasses__()
    return {sub for child in direct for sub in {child} | _subclasses(child)}


def _every_event_type() -> set[type]:
    """The `Event` union's members and every `_Event` subclass: a class left out of the union is
    named here too."""
    return set(get_args(get_args(e.Event)[0])) | _subclasses(e._Event)


def _built(kind: type[e._Event]) -> e._Event | None:
    """An event of plain fields made from their types (an id "p1", a name "Anna Holm", a number
    300, no flag): the sample of a new event that needs no other, so a new event of such fields
    needs no line in SAMPLES; None when a field it must be given is of another type."""
    values: dict[str, Any] = {}
    for name, info in kind.model_fields.items():
        if not info.is_required():
            continue
        plain: dict[Any, Any] = {int: 300, bool: False, str: "p1" if name.endswith("_id") else "Anna Holm"}
        if info.annotation not in plain:
            return None
        values[name] = plain[info.annotation]
    return kind(**values)


# The samples above, and one built from its fields for each other event that can be.
BUILT = [built for kind in sorted(_every_event_type() - {type(sample) for sample in SAMPLES},
                                  key=lambda kind: kind.__name__)
         if (built := _built(kind)) is not None]


def test_every_event_type_has_a_sentence_and_a_kind() -> None:
    missing = {t.__name__ for t in _every_event_type() - written_types()}
    assert not missing, f"event types with no sentence in views/log.py: {sorted(missing)}"
    unsampled = {t.__name__ for t in _every_event_type() - {type(sample) for sample in SAMPLES + BUILT}}
    assert not unsampled, f"event types with no sample in SAMPLES (not plain fields): {sorted(unsampled)}"


def test_no_event_writes_its_own_sentence() -> None:
    """One sentence per event, views/log.py's: an event's own English line would be a second one."""
    writers = {t.__name__ for t in _every_event_type()
               if {"describe", "summary", "sentence", "text"} & set(vars(t))}
    assert not writers, f"events with a sentence of their own (views/log.py writes it): {sorted(writers)}"


def _full_context() -> LogContext:
    return LogContext(names=dict(NAMES), structure=STRUCTURE, commands={"c5": ["Carl Berg busts in 25th"]})


def _in(language: str, event: e._Event) -> str:
    set_language(language)
    try:
        return sentence(event, _full_context())  # type: ignore[arg-type]
    finally:
        set_language("en")


@pytest.mark.parametrize("event", SAMPLES + BUILT + VARIANTS, ids=lambda event: type(event).__name__)
def test_every_sentence_is_translated_into_danish(event: e._Event) -> None:
    english, danish = _in("en", event), _in("da", event)
    # What is left of the English without names, numbers, rule IDs and the like: its own words.
    words = re.sub(r"Anna Holm|Carl Berg|Erik Sand|Mette|Friday|NLHE|[A-Z]+-[A-Z0-9-]+|TDA \d+\w*|"
                   r"[\d.,:/%]+", "", english)
    assert danish.strip(), f"{type(event).__name__}: no Danish sentence"
    if re.search(r"[^\W\d_]{2,}", words):
        assert danish != english, f"{type(event).__name__}: the Danish sentence is English: {english!r}"


@pytest.mark.parametrize("event", SAMPLES + BUILT + VARIANTS, ids=lambda event: type(event).__name__)
def test_a_sentence_is_words_with_names(event: e.Event) -> None:
    text = sentence(event, _full_context())
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
    # T-H4H-1: ended by itself at the bubble, or stopped by the TD.
    assert sentence(e.HandForHandStopped(places_paid=10, players_left=10, rules=["T-H4H-1"]), context) \
        == "Hand-for-hand is over: 10 players left, 10 places paid (T-H4H-1)"
    assert sentence(e.HandForHandStopped(), context) == "Hand-for-hand ends"


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
                      actor=actor, command_id=command, event=event)


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


def test_a_log_read_as_it_grows_reads_as_the_whole_log_read_at_once() -> None:
    """The log screen reads only the new events' sentences (LogReading); an undo, an undo's own
    events and a log that is not a continuation (a refold after an undo elsewhere) read it again."""
    log = [_at(1, SAMPLES[0], "c1"), _at(2, e.PlayerRegistered(player_id="p1", name="Anna Holm"), "c2"),
           _at(3, e.PlayerRegistered(player_id="p2", name="Carl Berg"), "c3"),
           _at(4, e.PlayerBusted(player_id="p2", place=2, knocked_out_by=["p1"]), "c4", actor="maria"),
           _at(5, e.Undone(command_id="c4"), "c5"),
           _at(6, e.StructureChanged(source="editor", structure=STRUCTURE), "c6"),
           _at(7, e.Undone(command_id="c2"), "c7"),
           _at(8, e.PlayerRegistered(player_id="p1", name="Bo Dal"), "c8"),
           _at(9, e.AddOnBought(player_id="p1"), "c9")]
    reading = LogReading()
    for end in [1, 2, 4, 4, 5, 6, 8, 9]:  # one or more events at a time, and none
        assert reading.entries(log[:end]) == log_entries(log[:end])
    other = [*log[:3], _at(4, e.AddOnBought(player_id="p2"), "c10")]  # another log from seq 4 on
    assert reading.entries(other) == log_entries(other)
    assert reading.entries(log[:2]) == log_entries(log[:2])  # a shorter one
    # Undo shows one command's rows: the whole log's rows of that command, its sentences read in
    # the whole log's context (the names come from c2 and c3).
    whole = log_view(log, {"c4"})
    for command in ("c4", "c5", "c9", "nothing"):
        assert log_view(log, {"c4"}, command) == [row for row in whole if row.command_id == command]
    assert command_view(log, "c4").text == "Carl Berg busts in 2nd, knocked out by Anna Holm"


def test_the_log_screen_keeps_its_entries_as_text_not_objects() -> None:
    """A festival's log screen has 30,000 entries: LogReading keeps each as its sentence, the rest in
    arrays, and makes an entry only when asked for one; each made is the entry as read at once, a
    time in another zone and an undone entry's note included. Its search (kind, words in the
    sentence or the actor's name, newest first) finds what looking at every entry finds."""
    elsewhere = timezone(timedelta(hours=1))
    log = [_at(1, SAMPLES[0], "c1"), _at(2, e.PlayerRegistered(player_id="p1", name="Anna Holm"), "c2"),
           _at(3, e.PlayerRegistered(player_id="p2", name="Carl Berg"), "c3"),
           _at(4, e.PlayerBusted(player_id="p2", place=2, knocked_out_by=["p1"]), "c4", actor="maria"),
           _at(5, e.Undone(command_id="c4"), "c5")]
    log[2] = log[2].model_copy(update={"time": log[2].time.astimezone(elsewhere)})
    entries = LogReading().read(log)
    assert not any(isinstance(value, LogEntry) for value in vars(entries._columns).values())
    assert list(entries) == log_entries(log) and entries == log_entries(log)
    assert entries[2].time.endswith("+01:00") and entries[-1] == log_entries(log)[-1]
    assert entries[3].undone and entries[3].undone_by == "td" and entries[1:3] == log_entries(log)[1:3]
    for kind, words in [(None, []), ("players", []), (None, ["carl"]), (None, ["maria"]),
                        ("busts", ["carl", "anna"]), ("money", ["carl"]), (None, ["nobody"])]:
        assert entries.found(kind, words) == [
            index for index in range(len(log) - 1, -1, -1)
            if (kind is None or entries[index].kind == kind)
            and all(word in f"{entries[index].text} {entries[index].actor}".casefold() for word in words)]
    assert entries.found(None, ["carl"]) == [4, 3, 2] and entries.found(None, ["maria"]) == [3]

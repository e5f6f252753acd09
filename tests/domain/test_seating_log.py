"""Seating as events: results are recorded, so a replay never draws; pure, no database."""

from __future__ import annotations

import random

import pytest

from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.domain.events import HandFinished, PlayerSeated, TableBroken, TablesDrawn
from tdconsole.domain.seating.tables import with_opening_hand
from tdconsole.domain.tournament import fold
from tests.domain.helpers import Tournament


def _drawn(players: int, seed: int = 1) -> Tournament:
    t = Tournament()
    t.do(commands.Register(names=[f"P{i}" for i in range(players)]))
    t.do(commands.Draw().with_rng(random.Random(seed)))
    return t


def test_the_draw_event_records_every_seat_and_the_buttons() -> None:
    t = _drawn(20)
    event = t.log[-1].event
    assert isinstance(event, TablesDrawn) and not event.final
    assert sorted(len(d.occupants) for d in event.tables) == [6, 7, 7]  # ST1
    assert all(d.button == 1 for d in event.tables)  # T-SEAT-2
    seated = {name: (d.table, seat) for d in event.tables for seat, name in d.occupants.items()}
    assert {p.name: (p.table, p.seat) for p in t.state.players.values()} == seated


def test_a_replay_never_draws() -> None:
    t = _drawn(30)
    t.do(commands.Register(names=["Late"]).with_rng(random.Random(2)))
    t.do(commands.Bust(names=[f"P{i}" for i in range(8)]))
    t.do(commands.BreakTable(table=4).with_rng(random.Random(3)))
    assert isinstance(t.log[-1].event, TableBroken)
    random.seed(99)  # the shared source: a fold that drew from it would move it on
    expected = random.random()
    random.seed(99)
    replayed = fold(t.log)
    assert random.random() == expected
    assert replayed.room == t.state.room and replayed.players == t.state.players


def test_the_same_seed_draws_the_same_seats_another_seed_does_not() -> None:
    assert _drawn(40, 5).state.room == _drawn(40, 5).state.room
    assert _drawn(40, 5).state.room != _drawn(40, 6).state.room


def test_a_late_entry_event_says_where_and_whether_he_waits() -> None:
    t = _drawn(20)
    [_, seated] = t.do(commands.Register(names=["Late"]).with_rng(random.Random(4)))
    assert isinstance(seated, PlayerSeated) and seated.late
    player = t.state.find("late")
    assert (player.status, player.table, player.seat) == ("seated", seated.table, seated.seat)


def test_a_draw_outside_the_service_has_no_random_source_and_says_so() -> None:
    t = Tournament()
    t.do(commands.Register(names=["A", "B"]))
    with pytest.raises(TdError, match="run it through the service"):
        t.do(commands.Draw())
    assert len(t.log) == 3  # nothing written


def test_registration_before_the_draw_seats_nobody_and_needs_no_draw() -> None:
    t = Tournament()
    events = t.do(commands.Register(names=["A", "B"]))  # no random source given: none needed
    assert [e.type for e in events] == ["player_registered", "player_registered"]
    assert t.state.room == {}


def test_t_seat_2_a_table_opened_by_late_registration_has_seat_1_on_the_button_until_a_hand_is_done() -> None:
    t = _drawn(18)  # two full tables of 9
    t.do(commands.Register(names=["Late1"]).with_rng(random.Random(1)))
    rules = t.state.house_rules
    opened = t.state.room[3]
    assert opened.occupants == {1: "Late1"} and with_opening_hand(opened, rules).hand is None
    t.do(commands.Register(names=["Late2", "Late3"]).with_rng(random.Random(2)))
    seats = sorted(t.state.room[3].occupants)
    hand = with_opening_hand(t.state.room[3], rules).hand
    assert hand is not None and (hand.button, hand.small_blind, hand.big_blind) == tuple(seats)
    assert seats[0] == 1  # T-SEAT-2: seat 1 on the button, as on every drawn table
    t.do(commands.Register(names=["Late4"]).with_rng(random.Random(3)))  # the opening hand follows who sits
    hand = with_opening_hand(t.state.room[3], rules).hand
    assert hand is not None and hand.button == 1 and len(hand.dealt) == 4
    assert t.do(commands.HandDone(table=3)) == [HandFinished(table=3)]
    after = t.state.room[3].hand
    assert after is not None and after.button == sorted(t.state.room[3].occupants)[1]  # moved on
    assert fold(t.log).room[3] == t.state.room[3]  # a replay folds the same

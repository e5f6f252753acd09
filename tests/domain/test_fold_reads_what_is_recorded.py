"""A fold applies what the log recorded and works out nothing the event already says: a terminal
opening a festival's log without a snapshot folds 40,000 events (issue 33: in 500 ms), so a
recorded break does not draw up who waits again, nor a bust search the room for the seat the
player's record names. The state is the same as the decision's (every other fold test)."""

from __future__ import annotations

import random

import pytest

from tdconsole.domain.commands import BreakTable, Bust, CountChips, Draw, Register
from tdconsole.domain.seating import tables
from tdconsole.domain.seating.tables import Table
from tdconsole.domain.text import name_key
from tdconsole.domain.tournament import fold
from tests.domain.helpers import Tournament


def night() -> Tournament:
    game = Tournament()
    game.do(Register(names=[f"P{i:02}" for i in range(1, 21)]))
    game.do(Draw().with_rng(random.Random(2)))
    busted = [p.name for p in game.state.players.values() if p.table == 3][:2]
    game.do(Bust(names=busted).with_rng(random.Random(3)))
    game.do(BreakTable(table=3).with_rng(random.Random(4)))
    return game


def refused(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("a fold worked out what its event recorded")


def test_a_recorded_break_is_folded_without_reading_who_waits_again(monkeypatch: pytest.MonkeyPatch) -> None:
    game = night()
    assert any(env.event.type == "table_broken" for env in game.log)
    monkeypatch.setattr(Table, "next_hand", refused)
    assert fold(game.log) == game.state


def test_a_recorded_bust_frees_the_seat_the_player_s_record_names(monkeypatch: pytest.MonkeyPatch) -> None:
    game = night()
    monkeypatch.setattr(tables, "find_player", refused)
    assert fold(game.log) == game.state


def test_a_table_counted_together_is_one_record_of_when_and_by_whom() -> None:
    game = night()
    names = [p.name for p in game.state.players.values() if p.status == "seated"][:3]
    game.do(CountChips(counts=dict.fromkeys(names, 25_000), by="Floor 2"), seconds=60)
    state = fold(game.log)
    counted = [state.counted[state.by_name[name_key(name)]] for name in names]
    assert len({id(record) for record in counted}) == 1  # one record, not one a player
    assert (counted[0].at, counted[0].by) == (game.log[-1].time, "Floor 2")
    assert state == game.state

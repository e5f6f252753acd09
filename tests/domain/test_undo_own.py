"""Undo your own last command while other terminals work (`undo_target`, `blocking`): taken back
when every later command decides the same without it, refused naming the first that depends on it.

The property tests run two terminals' commands at random and check the definition from the other
side: whenever undo allows it, deciding each later command again, on the log without the undone
one, gives exactly the events it recorded, and the fold equals that state.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tdconsole.domain import commands as c
from tdconsole.domain.errors import TdError
from tdconsole.domain.events import Envelope, Event, TournamentCreated, Undone
from tdconsole.domain.floor.penalties import OffenceKind
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import UndoBlocked, apply, decide, fold, undo_target, undoable_commands
from tests.domain.helpers import STRUCTURE, T0, at
from tests.samples import examples

NAMES = ["Anna", "Bo", "Carl", "Dorte", "Erik", "Frida", "Gorm", "Hanne", "Ib", "Jytte", "Kim", "Lis"]


class Room:
    """A tournament driven by several terminals: each command stamped with its actor."""

    def __init__(self) -> None:
        created = TournamentCreated(name="Friday", game="NLHE", buy_in=300, fee=50,
                                    starting_stack=STRUCTURE.starting_stack, seats_per_table=6,
                                    structure=STRUCTURE)
        self.log = [Envelope(seq=1, time=T0, actor="td", command_id="c0", event=created)]
        self.state: TournamentState = fold(self.log)
        # (actor, command, now, seed, command id) of every command that went in, to decide it again
        self.made: list[tuple[str, c.Command, datetime, int, str]] = []

    def do(self, actor: str, command: c.Command, seconds: float = 0, seed: int = 7) -> list[Event]:
        now = at(seconds)
        events = _decide(self.state, command, now, seed)
        command_id = f"c{len(self.log)}"
        for made in events:
            envelope = Envelope(seq=self.state.last_seq + 1, time=now, actor=actor,
                                command_id=command_id, event=made)
            self.log.append(envelope)
            if isinstance(made, Undone):
                self.state = fold(self.log)
            else:
                apply(self.state, envelope)
        if not isinstance(command, c.Undo):
            self.made.append((actor, command, now, seed, command_id))
        return events


def _decide(state: TournamentState, command: c.Command, now: datetime, seed: int) -> list[Event]:
    if isinstance(command, c.Drawing):
        command = command.with_rng(random.Random(seed))
    return decide(state, command, now)


@pytest.fixture
def room() -> Room:
    room = Room()
    room.do("maria", c.Register(names=NAMES))
    room.do("maria", c.Draw(seed=3))  # two tables of six
    room.do("maria", c.ClockStart())
    return room


def _seat(room: Room, name: str) -> tuple[int, int]:
    player = room.state.find(name)
    assert player.table is not None and player.seat is not None
    return player.table, player.seat


def _other_table(room: Room, name: str) -> str:
    """Someone at another table than `name`."""
    table = _seat(room, name)[0]
    return next(p.name for p in room.state.players.values() if p.table not in (None, table))


def test_undo_your_bust_after_the_floor_calls_the_clock_at_another_table(room: Room) -> None:
    elsewhere = _other_table(room, "Anna")
    room.do("maria", c.Bust(names=["Anna"]), 60)  # the wrong player
    bust = room.log[-1].seq
    table, seat = _seat(room, elsewhere)
    room.do("bent", c.CallClock(table=table, seat=seat), 70)
    room.do("bent", c.LogRuling(scenario=None, staff="Bent", description="Slow play", decision="A warning",
                                players=[elsewhere], table=table), 80)
    target = undo_target(room.state, c.Undo(actor="maria"))
    assert (target.actor, target.seq) == ("maria", bust)
    room.do("maria", c.Undo(actor="maria"), 90)
    assert room.state.find("Anna").status == "seated" and room.state.players_left == len(NAMES)
    assert [call.table for call in room.state.clock_calls] == [table]  # the floor's work stands
    assert len(room.state.rulings) == 1


def test_undo_is_refused_naming_a_later_bust_whose_place_counts_yours(room: Room) -> None:
    elsewhere = _other_table(room, "Anna")
    room.do("maria", c.Bust(names=["Anna"]), 60)
    room.do("bent", c.Bust(names=[elsewhere]), 70)  # placed 11th: Anna was 12th
    with pytest.raises(UndoBlocked) as refused:
        room.do("maria", c.Undo(actor="maria"), 80)
    assert (refused.value.blocker.actor, refused.value.blocker.seq) == ("bent", room.log[-1].seq)
    assert "bent's command (log #" in str(refused.value) and "depends on it" in str(refused.value)
    assert room.state.find("Anna").status == "busted"  # nothing changed


def test_undo_is_refused_when_a_later_command_names_a_player_yours_registered(room: Room) -> None:
    room.do("maria", c.Register(names=["Mette"]), 60)  # opens a third table
    room.do("bent", c.LogRuling(scenario=None, staff="Bent", description="Late", decision="A warning",
                                players=["Mette"]), 70)
    with pytest.raises(UndoBlocked) as refused:
        undo_target(room.state, c.Undo(actor="maria"))
    assert refused.value.blocker.event.type == "ruling_logged"


def test_a_ruling_in_rounds_at_the_table_of_the_bust_depends_on_it_71a(room: Room) -> None:
    anna_table = _seat(room, "Anna")[0]
    room.do("maria", c.Bust(names=["Anna"]), 60)
    offender = next(iter(room.state.room[anna_table].occupants.values()))
    # Rounds are hands per player at the table now (71A): without the bust the table had one more.
    ruling = room.do("bent", c.LogRuling(scenario=None, staff="Bent", description="Acted out of turn",
                                         decision="Penalty", offence=OffenceKind.OUT_OF_TURN,
                                         players=[offender], table=anna_table), 70)
    assert ruling[0].answers["players"] == "5"  # type: ignore[union-attr]
    with pytest.raises(UndoBlocked):
        undo_target(room.state, c.Undo(actor="maria"))


def test_undo_any_still_takes_back_the_latest_command_whoever_made_it(room: Room) -> None:
    room.do("maria", c.Bust(names=["Anna"]), 60)
    room.do("bent", c.ClockPause(), 70)
    target = undo_target(room.state, c.Undo(any=True))
    assert target.actor == "bent"


def test_the_command_shown_is_the_one_taken_back(room: Room) -> None:
    room.do("maria", c.Bust(names=["Anna"]), 60)
    shown = undo_target(room.state, c.Undo(actor="maria"))
    room.do("maria", c.ClockPause(), 70)  # maria's last command is now another one
    with pytest.raises(TdError, match="changed since it was shown"):
        room.do("maria", c.Undo(actor="maria", command_id=shown.command_id), 80)


# ---------------------------------------------------------------- the definition, at random

KINDS = 13


def _command(state: TournamentState, pick: int) -> c.Command | None:
    """A command of one of KINDS kinds, its names and numbers drawn from `pick`."""
    kind, rest = pick % KINDS, pick // KINDS
    live = sorted(p.name for p in state.players.values() if p.status != "busted")
    busted = sorted(p.name for p in state.players.values() if p.status == "busted")
    tables = sorted(n for n, t in state.room.items() if t.status == "open")
    one = live[rest % len(live)] if live else None
    match kind:
        case 0:
            return c.Bust(names=[one]) if one else None
        case 1:
            return c.Register(names=[f"New{rest % 1000}"])
        case 2:
            return c.Reenter(name=busted[rest % len(busted)]) if busted else None
        case 3:
            if not tables or one is None:
                return None
            number = tables[rest % len(tables)]
            free = [s for s in range(1, 7) if s not in state.room[number].occupants]
            return c.MovePlayer(name=one, table=number, seat=free[rest % len(free)], force=True) \
                if free else None
        case 4:
            return c.HandDone(table=tables[rest % len(tables)]) if tables else None
        case 5:
            return [c.ClockPause(), c.ClockResume(), c.ClockStep(by=1)][rest % 3]
        case 6:
            if not tables:
                return None
            number = tables[rest % len(tables)]
            seats = sorted(state.room[number].occupants) or [1]
            return c.CallClock(table=number, seat=seats[rest % len(seats)])
        case 7:
            return c.LogRuling(scenario=None, staff="Floor", description="Conduct", decision="A warning",
                               players=[one] if one else [], table=tables[0] if tables else None)
        case 8:  # rebuys and add-ons on sale through level 3 (T-REBUY-1, T-ADDON-1), as often as bought
            return c.SetMoney(settings=state.money.model_copy(update={
                "bounty": rest % 50, "add_on": 100, "add_on_until_level": 3, "add_on_limit": None,
                "rebuy": state.money.rebuy.model_copy(update={"until_level": 3})}))
        case 9:
            return c.AddOn(names=[one]) if one else None
        case 10:
            return c.CountChips(counts={one: 1 + rest % 30_000}) if one else None
        case 11:  # a rebuy, after the bust too (T-REBUY-1: the bust set aside, his seat back or drawn)
            chosen = (busted or live)[rest % len(busted or live)] if busted or live else None
            return c.Rebuy(name=chosen) if chosen else None
        case _:
            return c.Balance()


def _snapshot(state: TournamentState) -> dict[str, Any]:
    """What a tournament is, without the bookkeeping of how it was folded."""
    return {"players": state.players, "by_name": state.by_name, "left": state.players_left,
            "busted": state.busted, "ids": state.ids_issued, "room": state.room,
            "clock": state.clock, "money": state.money, "chips": state.chips, "deal": state.deal,
            "rulings": [(r.event, r.corrected_by, r.hands_served, r.ended) for r in state.rulings],
            "calls": state.clock_calls, "h4h": state.hand_for_hand, "rules": state.house_rules}


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["maria", "bent"]), st.integers(0, 10**6)),
                min_size=1, max_size=12))
def test_an_undo_allowed_leaves_every_later_command_deciding_the_same(
        steps: list[tuple[str, int]]) -> None:
    room = Room()
    room.do("td", c.Register(names=NAMES))
    room.do("td", c.Draw(seed=3))
    room.do("td", c.ClockStart())
    for index, (actor, pick) in enumerate(steps, 1):
        command = _command(room.state, pick)
        if command is None:
            continue
        try:
            room.do(actor, command, 60 * index, seed=pick)
        except TdError:
            continue  # refused: nothing went in
    if not any(record.actor == "maria" for record in undoable_commands(room.state.log)):
        return
    try:
        target = undo_target(room.state, c.Undo(actor="maria"))
    except UndoBlocked as refused:
        # A later command, maybe the undoer's own ruling (rulings are never undone).
        assert refused.blocker.seq > refused.own.seq
        event(f"refused: {refused.blocker.event.type} depends on it")
        return
    later = [env for env in room.log if env.seq > target.seq and env.command_id != target.command_id]
    event(f"allowed with {'no' if not later else 'some'} later commands")
    # Decide every command again without the one taken back: the later ones decide the same.
    recorded = {command_id: [env.event for env in room.log if env.command_id == command_id]
                for *_rest, command_id in room.made}
    again = Room()
    for actor, command, now, seed, command_id in room.made:
        if command_id == target.command_id:
            continue
        events = _decide(again.state, command, now, seed)
        assert events == recorded[command_id], f"{type(command).__name__} decides otherwise without it"
        for made in events:
            apply(again.state, Envelope(seq=again.state.last_seq + 1, time=now, actor=actor,
                                        command_id=command_id, event=made))
    room.do("maria", c.Undo(actor="maria"), 60 * (len(steps) + 1))
    assert _snapshot(room.state) == _snapshot(again.state)


# ---------------------------------------------------------------- registrations (no draw yet)


def _unseated() -> Room:
    room = Room()
    room.do("td", c.Register(names=NAMES[:4]))
    return room


def test_undo_your_registration_when_another_terminal_registered_someone_else_after_it() -> None:
    room = _unseated()
    room.do("anne", c.Register(names=["Xavier"]), 60)
    [yrsa] = room.do("bent", c.Register(names=["Yrsa"]), 70)
    # Without Xavier, Bent's command decides the same but for the id, a label (footprints.py).
    [again] = decide(_unseated().state, c.Register(names=["Yrsa"]), at(70))
    assert again.model_copy(update={"player_id": yrsa.player_id}) == yrsa  # type: ignore[union-attr]
    room.do("anne", c.Undo(actor="anne"), 80)
    assert sorted(p.name for p in room.state.players.values()) == [*sorted(NAMES[:4]), "Yrsa"]
    assert room.state.players_left == 5
    # The ids stay unique: the next entry is not given Yrsa's.
    room.do("bent", c.Register(names=["Zeki"]), 90)
    assert len({p.id for p in room.state.players.values()}) == 6


def test_undo_your_registration_is_refused_naming_the_later_bust_and_why() -> None:
    from tdconsole.views.tournament import undo_refusal

    room = _unseated()
    room.do("anne", c.Register(names=["Xavier"]), 60)
    room.do("bent", c.Bust(names=["Anna"]), 70)  # placed 5th: it counts Xavier
    with pytest.raises(UndoBlocked) as refused:
        undo_target(room.state, c.Undo(actor="anne"))
    assert refused.value.part == ("field",)
    text = undo_refusal(refused.value, room.log)
    assert "bent's \"" in text and "depends on it: it reads the players left" in text

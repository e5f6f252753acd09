"""TDA 11B: on a mixed night the button is frozen through the stud levels where the next hold'em
hand would have it, and hold'em starts from it again (issue 41)."""

from __future__ import annotations

from tdconsole.domain.clock.structure import Level, Structure
from tdconsole.domain.commands import Balance, Bust, ClockGoToLevel, ClockStart, HandDone
from tdconsole.domain.events import HandFinished, TablesBalanced
from tdconsole.domain.examples import tournament

HORSE_BITS = Structure(name="Mixed", starting_stack=10_000,
                       chips=[{"value": 25, "color": "green"}],  # type: ignore[list-item]
                       periods=[Level(small_blind=25, big_blind=50, minutes=20, game="lhe"),
                                Level(small_blind=50, big_blind=100, ante=25, minutes=20, game="stud"),
                                Level(small_blind=75, big_blind=150, minutes=20, game="lhe")])


def test_11b_the_button_is_frozen_through_stud_and_hold_em_starts_where_it_stopped() -> None:
    t = tournament(*"ABCDEF", tables=1, structure=HORSE_BITS)
    t.do(ClockStart())
    t.do(HandDone(table=1))  # the opening hand
    t.do(HandDone(table=1))  # the last hold'em hand: the button moves where hold'em goes on
    button = t.state.room[1].hand.button  # type: ignore[union-attr]
    t.do(ClockGoToLevel(level=2))
    for _ in range(4):  # stud hands: the button stays
        [event] = t.do(HandDone(table=1))
        assert isinstance(event, HandFinished) and event.frozen
        assert t.state.room[1].hand.button == button  # type: ignore[union-attr]
    t.do(ClockGoToLevel(level=3))
    [event] = t.do(HandDone(table=1))  # hold'em again: it moves on from where it was frozen
    assert isinstance(event, HandFinished) and not event.frozen
    moved = t.state.room[1].hand.button  # type: ignore[union-attr]
    seats = sorted(t.state.room[1].occupants)
    assert moved == seats[(seats.index(button) + 1) % len(seats)]


def test_11b_the_player_balanced_in_stud_is_the_one_hold_em_would_make_big_blind() -> None:
    def balanced(stud_hands: int) -> list[tuple[str, int, int]]:
        t = tournament(*"ABCDEFGHIJKLMNO", tables=2, structure=HORSE_BITS)  # eight and seven
        t.do(ClockStart())
        t.do(HandDone())
        t.do(HandDone())  # the last hold'em hands
        if stud_hands:
            t.do(ClockGoToLevel(level=2))
        for _ in range(stud_hands):
            t.do(HandDone())
        t.do(Bust(names=["O"]))
        t.do(Bust(names=["D"]))
        [event] = t.do(Balance())
        assert isinstance(event, TablesBalanced)
        return [(move.player, move.to.table, move.to.seat) for move in event.moves]

    # Three stud hands later the same player moves as right after the last hold'em hand.
    assert balanced(stud_hands=3) == balanced(stud_hands=0)

"""The button and the blinds of one table: the dead-button rule, heads-up, who waits.

A `Hand` is the positions of the hand a table is playing now. `next_hand` moves them on by the
dead-button rule (TDA 32, T-DEAD-1): the big blind goes to the first player after the last big
blind, the small blind is the last big-blind seat (dead if that player is gone), the button is the
last small-blind seat (dead if nobody dealt in sits there). Players seated since the last deal
are dealt in unless their seat lies between the small blind and the button, both included
(T-MOVE-2, TDA 8A/10A): they wait until the button passes. With two players dealt in, the
button posts the small blind and the big blind still moves on, so nobody takes it twice in a
row (34B). Busts and moves during a hand never change that hand; they only change what
`next_hand` returns.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import Field

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.model import Frozen
from tdconsole.domain.seats import clockwise_from


class Hand(Frozen):
    """Button, small blind and big blind of the hand being played, and who is in it."""

    button: int = Field(ge=1)
    small_blind: int = Field(ge=1)
    big_blind: int = Field(ge=1)
    # TDA 32: the button or the small blind may sit on a seat whose player is gone (or waits).
    dead_button: bool = False
    dead_small_blind: bool = False
    # Who was dealt in, by seat: a seat whose occupant differs from this is a newcomer.
    dealt: dict[int, str]
    # T-MOVE-2: seated, but not dealt in until the button passes.
    waiting: dict[int, str] = Field(default_factory=dict)

    @property
    def big_blind_player(self) -> str:
        return self.dealt[self.big_blind]

    @property
    def blind_payers(self) -> frozenset[str]:
        """Who posts a blind in this hand (T-MOVE-1 asks whether a moved player just did)."""
        payers = {self.dealt[self.big_blind]}
        if not self.dead_small_blind:
            payers.add(self.dealt[self.small_blind])
        return frozenset(payers)


def in_arc(seats: int, first: int, last: int, seat: int) -> bool:
    """Whether `seat` lies clockwise from `first` to `last`, both included."""
    return (seat - first) % seats <= (last - first) % seats


def _need_two(occupants: Mapping[int, str]) -> None:
    if len(occupants) < 2:
        raise InvalidInput(f"a hand needs at least two players; the table has {len(occupants)}")


def hand_from_button(occupants: Mapping[int, str], button: int) -> Hand:
    """The hand with the button on `button`: the blinds are the next players (34B heads-up:
    the button is the small blind). Everybody seated is dealt in (T-SEAT-2 at the start; the
    TD's correction of a wrong button, 34A)."""
    _need_two(occupants)
    if button not in occupants:
        raise InvalidInput(f"seat {button} is empty: the button must be on a player")
    after = clockwise_from(button, occupants)
    small_blind = button if len(occupants) == 2 else after[0]
    big_blind = after[0] if len(occupants) == 2 else after[1]
    return Hand(button=button, small_blind=small_blind, big_blind=big_blind, dealt=dict(occupants))


def _counted_back(players: Mapping[int, str], big_blind: int, waiting: dict[int, str]) -> Hand:
    # The small blind and the button are the players before the big blind; heads-up the button
    # posts the small blind (34B). The big blind still moved on from the last one (TDA 32), so
    # nobody takes it twice in a row.
    before = [s for s in reversed(clockwise_from(big_blind, players)) if s != big_blind]
    small_blind = before[0]
    button = small_blind if len(players) == 2 else before[1]
    return Hand(
        button=button,
        small_blind=small_blind,
        big_blind=big_blind,
        dealt=dict(players),
        waiting=waiting,
    )


def next_hand(occupants: Mapping[int, str], seats: int, hand: Hand) -> Hand:
    """The table's next hand by the dead-button rule (TDA 32) and heads-up (34B)."""
    _need_two(occupants)
    # TDA 32: the big blind moves forward to the next player; a newcomer may take it (D6).
    big_blind = clockwise_from(hand.big_blind, occupants)[0]
    small_blind, button = hand.big_blind, hand.small_blind
    # Wrapped: nobody sits between the last big blind and the last small blind, so the big
    # blind came round to the last button's side and the old positions no longer apply.
    wrapped = in_arc(seats, button, small_blind, big_blind)
    # T-MOVE-2: a newcomer from the button to the small blind, both included, sits the hand out.
    waiting = {
        seat: player
        for seat, player in occupants.items()
        if player != hand.dealt.get(seat)
        and seat != big_blind
        and (wrapped or in_arc(seats, button, small_blind, seat))
    }
    live = {s: p for s, p in occupants.items() if s not in waiting}
    if len(live) < 2:
        # Nobody from the last hand is left to protect: everybody plays.
        return _counted_back(occupants, big_blind, {})
    if wrapped or len(live) == 2:
        return _counted_back(live, big_blind, waiting)
    return Hand(
        button=button,
        small_blind=small_blind,
        big_blind=big_blind,
        dead_button=button not in live,
        dead_small_blind=small_blind not in live,
        dealt=live,
        waiting=waiting,
    )

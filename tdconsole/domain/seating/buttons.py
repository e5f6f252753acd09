"""The button and the blinds of one table: the dead-button rule, heads-up, who waits.

A `Hand` is the positions of the hand a table is playing now. `next_hand` moves them on by the
dead-button rule (TDA 32, T-DEAD-1): the big blind goes to the first player after the last big
blind, the small blind is the last big-blind seat (dead if that player is gone), the button is the
last small-blind seat (dead only if that seat is empty when the hand starts). Players seated
since the last deal are dealt in at once, on the button and in the blinds too; only a seat
strictly between the small blind and the button waits until the button passes (T-MOVE-2: 002 §3
"the only seat you cannot come into", TDA 8A/10A). With two players dealt in, the button posts
the small blind and the big blind still moves on, so nobody takes it twice in a row (34B). Busts
and moves during a hand never change that hand; they only change what `next_hand` returns.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import Field

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.model import Frozen, empty_dict
from tdconsole.domain.seats import clockwise_from, clockwise_seats


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
    waiting: dict[int, str] = Field(default_factory=empty_dict)

    @property
    def big_blind_player(self) -> str:
        return self.dealt[self.big_blind]

    @property
    def blind_payers(self) -> frozenset[str]:
        """Who posts a blind in this hand (T-MOVE-1 asks whether a moved player just did).

        >>> hand = hand_from_button({1: "Ann", 4: "Bo", 7: "Cy"}, 9, 4)
        >>> sorted(hand.blind_payers), hand.big_blind_player
        (['Ann', 'Cy'], 'Ann')
        """
        payers = {self.dealt[self.big_blind]}
        if not self.dead_small_blind:
            payers.add(self.dealt[self.small_blind])
        return frozenset(payers)


def in_arc(seats: int, first: int, last: int, seat: int) -> bool:
    """Whether `seat` lies clockwise from `first` to `last`, both included.

    >>> in_arc(9, 8, 2, 1), in_arc(9, 8, 2, 5), in_arc(9, 3, 3, 3)
    (True, False, True)
    """
    return (seat - first) % seats <= (last - first) % seats


def _next_occupied(occupants: Mapping[int, str], seats: int, start: int) -> int:
    """The first occupied seat clockwise after `start` (`start` itself last): what
    `clockwise_seats` walks, without making its list (every hand of a festival's log passes here).

    >>> _next_occupied({1: "Ann", 4: "Bo"}, 9, 4), _next_occupied({1: "Ann", 4: "Bo"}, 9, 2)
    (1, 4)
    """
    if 1 <= start <= seats:
        seat = start
        for _ in range(seats):
            seat = seat + 1 if seat < seats else 1
            if seat in occupants:
                return seat
    return next(s for s in clockwise_seats(start, seats) if s in occupants)


def _need_two(occupants: Mapping[int, str]) -> None:
    if len(occupants) < 2:
        raise InvalidInput("a hand needs at least two players; the table has {count}", count=len(occupants))


def hand_from_button(occupants: Mapping[int, str], seats: int, button: int) -> Hand:
    """The hand with the button on `button`: the blinds are the next players (34B heads-up:
    the button is the small blind). Everybody seated is dealt in (T-SEAT-2 at the start; the
    TD's correction of a wrong button, 34A).

    >>> hand = hand_from_button({1: "Ann", 4: "Bo", 7: "Cy"}, 9, 4)
    >>> hand.button, hand.small_blind, hand.big_blind
    (4, 7, 1)

    Heads-up the button posts the small blind (34B); the button is never on an empty seat:

    >>> hand = hand_from_button({1: "Ann", 4: "Bo"}, 9, 4)
    >>> hand.button, hand.small_blind, hand.big_blind
    (4, 4, 1)
    >>> hand_from_button({1: "Ann", 4: "Bo"}, 9, 5)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: seat 5 is empty: the button must be on a player
    >>> hand_from_button({1: "Ann"}, 9, 1)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a hand needs at least two players; the table has 1
    """
    _need_two(occupants)
    if button not in occupants:
        raise InvalidInput("seat {button} is empty: the button must be on a player", button=button)
    after = [s for s in clockwise_from(button, range(1, seats + 1)) if s in occupants]
    small_blind = button if len(occupants) == 2 else after[0]
    big_blind = after[0] if len(occupants) == 2 else after[1]
    return Hand(button=button, small_blind=small_blind, big_blind=big_blind, dealt=dict(occupants))


def _counted_back(
    players: Mapping[int, str], seats: int, big_blind: int, waiting: dict[int, str]
) -> Hand:
    # The small blind and the button are the players before the big blind; heads-up the button
    # posts the small blind (34B). The big blind still moved on from the last one (TDA 32), so
    # nobody takes it twice in a row.
    before = [s for s in reversed(clockwise_from(big_blind, range(1, seats + 1))[:-1]) if s in players]
    small_blind = before[0]
    button = small_blind if len(players) == 2 else before[1]
    return Hand(
        button=button,
        small_blind=small_blind,
        big_blind=big_blind,
        dealt=dict(players),
        waiting=waiting,
    )


def between_small_blind_and_button(seats: int, button: int, small_blind: int, seat: int) -> bool:
    """T-MOVE-2: whether `seat` lies strictly between the button and the small blind (clockwise),
    the one place a newcomer is not dealt in. The button and the blinds themselves are not.

    >>> between_small_blind_and_button(9, button=3, small_blind=6, seat=5)
    True
    >>> between_small_blind_and_button(9, button=3, small_blind=6, seat=6)
    False
    >>> between_small_blind_and_button(9, button=8, small_blind=2, seat=9)
    True
    """
    return seat not in (button, small_blind) and in_arc(seats, button, small_blind, seat)


def next_hand(occupants: Mapping[int, str], seats: int, hand: Hand) -> Hand:
    """The table's next hand by the dead-button rule (TDA 32) and heads-up (34B).

    The big blind moves on one player, the small blind and the button follow it:

    >>> hand = hand_from_button({1: "Ann", 4: "Bo", 7: "Cy", 8: "Di"}, 9, 1)
    >>> after = next_hand({1: "Ann", 4: "Bo", 7: "Cy", 8: "Di"}, 9, hand)
    >>> after.button, after.small_blind, after.big_blind
    (4, 7, 8)

    Bo busted in the small blind: the next button is dead on his empty seat, so nobody posts twice
    and nobody skips the big blind (TDA 32):

    >>> hand = hand_from_button({1: "Ann", 4: "Bo", 7: "Cy", 8: "Di"}, 9, 1)
    >>> later = next_hand({1: "Ann", 7: "Cy", 8: "Di"}, 9, hand)
    >>> later.button, later.dead_button, later.small_blind, later.big_blind
    (4, True, 7, 8)

    A newcomer seated between the button and the small blind waits for the button to pass (T-MOVE-2):

    >>> hand = hand_from_button({1: "Ann", 4: "Bo", 7: "Cy"}, 9, 1)
    >>> after = next_hand({1: "Ann", 4: "Bo", 5: "Ed", 7: "Cy"}, 9, hand)
    >>> after.button, after.small_blind, after.big_blind, after.waiting
    (4, 7, 1, {5: 'Ed'})
    """
    _need_two(occupants)
    # TDA 32: the big blind moves forward to the next player; a newcomer may take it (D6).
    big_blind = _next_occupied(occupants, seats, hand.big_blind)
    small_blind, button = hand.big_blind, hand.small_blind
    if in_arc(seats, button, small_blind, big_blind):
        # Wrapped: nobody sits between the last big blind and the last small blind, so the big
        # blind came round to the last button's side and the old positions no longer apply. The
        # small blind and the button are the players before the big blind: nobody sits between
        # them, so nobody waits (T-MOVE-2).
        return _counted_back(occupants, seats, big_blind, {})
    # T-MOVE-2: a newcomer strictly between the button and the small blind sits the hand out;
    # one on the button seat or the small blind seat plays it (and the button is then live).
    # Only the seats strictly between them are looked at (at festival size every table's every
    # hand passes here: a fold of the night's log, a terminal's first open).
    waiting: dict[int, str] = {}
    if (small_blind - button) % seats > 1:  # (most hands: the small blind sits next to the button)
        arc = {(button + step - 1) % seats + 1 for step in range(1, (small_blind - button) % seats)}
        waiting = {
            seat: player
            for seat, player in occupants.items()
            if seat in arc and player != hand.dealt.get(seat)
        }
    live = {s: p for s, p in occupants.items() if s not in waiting} if waiting else dict(occupants)
    if len(live) < 2:
        # Nobody from the last hand is left to protect: everybody plays.
        return _counted_back(occupants, seats, big_blind, {})
    if len(live) == 2:
        return _counted_back(live, seats, big_blind, waiting)
    # The last hand with its every field replaced, not validated again: seats of the table and its
    # players (a fold of a festival night makes 15,000 of these, a third of its time validating).
    return hand.updated({
        "button": button,
        "small_blind": small_blind,
        "big_blind": big_blind,
        # TDA 32: dead only when the seat is empty; a seat occupied at the deal is live.
        "dead_button": button not in live,
        "dead_small_blind": small_blind not in live,
        "dealt": live,
        "waiting": waiting,
    })

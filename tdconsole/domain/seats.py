"""The order of seats around a table, for every part of the domain that walks it: the button and
the blinds (seating), who acts and who shows first, where the odd chip goes (the calculators).

Seats are numbered clockwise from 1. This module imports nothing of the domain, so seating and
the calculators share it without depending on each other.
"""

from __future__ import annotations

from collections.abc import Iterable


def clockwise_from(start: int, seats: Iterable[int]) -> list[int]:
    """`seats` in clockwise order, beginning with the first seat after `start` and ending with
    `start` itself if it is one of them.

    `start` need not be among `seats`: a dead button (TDA 32, S-ODD-1) or an empty seat still
    counts from its position. Every seat of a table of 9: `clockwise_from(start, range(1, 10))`.

    >>> clockwise_from(5, [1, 3, 5, 8])
    [8, 1, 3, 5]
    >>> clockwise_from(4, [1, 3, 5, 8])
    [5, 8, 1, 3]
    >>> clockwise_from(8, range(1, 10))
    [9, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    ordered = sorted(set(seats))
    return [seat for seat in ordered if seat > start] + [seat for seat in ordered if seat <= start]


def clockwise_seats(start: int, seats: int) -> range | list[int]:
    """Every seat of a table of `seats` in clockwise order from the one after `start` (a seat of
    it) to `start`: `clockwise_from(start, range(1, seats + 1))` without sorting them.

    >>> list(clockwise_seats(8, 9)) == clockwise_from(8, range(1, 10)), list(clockwise_seats(9, 9))
    (True, [1, 2, 3, 4, 5, 6, 7, 8, 9])
    """
    if not 1 <= start <= seats:
        return clockwise_from(start, range(1, seats + 1))
    return [*range(start + 1, seats + 1), *range(1, start + 1)]

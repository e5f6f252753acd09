"""A shootout as the state stands (T-SHOOT-1..4): the round in play, each table's state, what a
bust may not do, and the next round's draw. Seating's handlers (balancing, breaking, the draw),
the busts, hand-for-hand and the payouts consult it; the settings and the arithmetic are
`seating/rounds.py`.

A round is the last when one table plays it: that table plays to one winner, as any final table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tdconsole.domain.errors import RuleViolation, TdError
from tdconsole.domain.seating import tables
from tdconsole.domain.seating.rounds import Round, ShootoutSettings, plan_rounds
from tdconsole.domain.seating.tables import Table
from tdconsole.domain.state import Player, TournamentState

if TYPE_CHECKING:
    import random  # only the type: the service makes the draw, the domain never does


def settings(state: TournamentState) -> ShootoutSettings | None:
    """The shootout's settings, None in any other tournament.

    >>> from tdconsole.domain.examples import tournament
    >>> settings(tournament("Ann").state) is None
    True
    >>> settings(tournament("Ann", shootout=ShootoutSettings(winners_per_table=2)).state).winners_per_table
    2
    """
    return state.info.shootout


def playing(state: TournamentState) -> list[Table]:
    """The tables of the round in play (a shootout's tables never break within a round).

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 19)], tables=2, shootout=ShootoutSettings())
    >>> [table.number for table in playing(t.state)]
    [1, 2]
    """
    return tables.open_tables(state.room)


def splits(state: TournamentState) -> bool:
    """T-SHOOT-1: a shootout round of more than one table is being played: its tables play apart,
    never balanced, broken nor played hand-for-hand together.

    >>> from tdconsole.domain.examples import tournament
    >>> names = [f"P{n}" for n in range(1, 19)]
    >>> splits(tournament(*names, tables=2, shootout=ShootoutSettings()).state)
    True
    >>> splits(tournament(*names, tables=2).state), splits(tournament(*names[:9], tables=1,
    ...                                                           shootout=ShootoutSettings()).state)
    (False, False)
    """
    return settings(state) is not None and len(playing(state)) > 1


def refuse_split(state: TournamentState, *, hand_for_hand: bool = False) -> None:
    """T-SHOOT-1: balancing, a break and a final table are refused in a shootout, and hand-for-hand
    while its round splits the field.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 19)], tables=2, shootout=ShootoutSettings())
    >>> refuse_split(t.state)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SHOOT-1: a shootout's tables never balance, break or play
    hand-for-hand together: each plays down to its winners, then shootout draw draws the next round
    """
    if settings(state) is not None and (not hand_for_hand or splits(state)):
        raise RuleViolation("T-SHOOT-1", "a shootout's tables never balance, break or play hand-for-hand "
                            "together: each plays down to its winners, then shootout draw draws the next "
                            "round")


def winners_per_table(state: TournamentState) -> int:
    """What each table of the round in play plays down to: the setting's, one in the last round.

    >>> from tdconsole.domain.examples import tournament
    >>> two = ShootoutSettings(winners_per_table=2)
    >>> names = [f"P{n}" for n in range(1, 19)]
    >>> winners_per_table(tournament(*names, tables=2, shootout=two).state)
    2
    >>> winners_per_table(tournament(*names[:9], tables=1, shootout=two).state)
    1
    """
    found = settings(state)
    return 1 if found is None or not splits(state) else found.winners_per_table


def rounds(state: TournamentState) -> list[Round]:
    """The rounds of this shootout: those drawn as they were, the rest as planned (T-SHOOT-3).

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 28)], tables=3, shootout=ShootoutSettings())
    >>> [(r.tables, r.players, r.winners) for r in rounds(t.state)]
    [(3, 27, 3), (1, 3, 1)]
    """
    found = settings(state)
    if found is None:
        return []
    in_play = len(playing(state))
    played = [*state.shootout_tables, in_play] if in_play else state.shootout_tables
    return plan_rounds(state.entries, state.info.seats_per_table, found.winners_per_table, played)


@dataclass(frozen=True, slots=True)
class TableState:
    """One table of the round in play: the players it has left, and its winners once it is down to
    them (none before)."""

    table: int
    left: int
    winners: list[str]


def table_states(state: TournamentState) -> list[TableState]:
    """Each table of the round in play, and whether it is down to its winners (T-SHOOT-2).

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 19)], tables=2, shootout=ShootoutSettings())
    >>> table_states(t.state)
    [TableState(table=1, left=9, winners=[]), TableState(table=2, left=9, winners=[])]
    """
    each = winners_per_table(state)
    last = not splits(state)
    return [TableState(table=table.number, left=len(table.occupants),
                       winners=[] if len(table.occupants) > each or (last and state.status != "finished")
                       else [table.occupants[seat] for seat in sorted(table.occupants)])
            for table in playing(state)]


def round_over(state: TournamentState) -> bool:
    """T-SHOOT-3: every table of a round that splits the field is down to its winners.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 19)], tables=2, shootout=ShootoutSettings())
    >>> round_over(t.state)
    False
    """
    return splits(state) and all(table.winners for table in table_states(state))


def refuse_bust(state: TournamentState, players: Sequence[Player]) -> None:
    """T-SHOOT-2: a table of a round that splits the field plays down to its winners, never fewer.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 19)], tables=2, shootout=ShootoutSettings())
    >>> refuse_bust(t.state, [p for p in t.state.players.values() if p.table == 1])
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SHOOT-2: table 1 has 9 left and plays down to 1: busting 9 there
    would leave 0
    """
    if not splits(state):
        return
    each = winners_per_table(state)
    for table in playing(state):
        busts = sum(player.table == table.number for player in players)
        left = len(table.occupants)
        if busts and left - busts < each:
            raise RuleViolation(
                "T-SHOOT-2", "table {table} has {left} left and plays down to {each}: busting {busts} there "
                "would leave {after}", table=table.number, left=left, each=each, busts=busts,
                after=left - busts, field="names")


def open_to_entries(state: TournamentState, room: dict[int, Table]) -> dict[int, Table]:
    """T-SHOOT-2: the tables of `room` a late entry or a re-entry may be seated at: in a shootout
    only the first round's tables still playing down to their winners (a table that has its winner
    is over, and a later round is drawn from the winners alone).

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 17)], tables=2, shootout=ShootoutSettings())
    >>> sorted(open_to_entries(t.state, dict(t.state.room)))
    [1, 2]
    >>> t.state.shootout_round = 2
    >>> open_to_entries(t.state, dict(t.state.room))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SHOOT-2: a shootout seats new entries in its first round only,
    in a free seat at a table still playing down to its winners
    """
    if settings(state) is None:
        return room
    won = {table.table for table in table_states(state) if table.winners}
    playing_on = {number: table for number, table in room.items() if number not in won}
    # Never a new table: its number could be a won table's, which the room no longer offers here.
    if state.shootout_round > 1 or not any(table.status == "open" and table.free
                                           for table in playing_on.values()):
        raise RuleViolation("T-SHOOT-2", "a shootout seats new entries in its first round only, in a free "
                            "seat at a table still playing down to its winners")
    return playing_on


def next_round(state: TournamentState, rng: random.Random) -> dict[int, Table]:
    """T-SHOOT-3: the next round's tables, the winners of every table drawn to them at random as a
    starting draw is (ST1, T-SEAT-2): as many tables as they need, seat 1 on the button.

    >>> from random import Random
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*[f"P{n}" for n in range(1, 19)], tables=2, shootout=ShootoutSettings())
    >>> next_round(t.state, Random(1))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-SHOOT-3: round 1 goes on until every table is down to its
    winners (table 1 has 9 left)
    """
    if settings(state) is None:
        raise TdError("this is no shootout: its final table is drawn as a final table (T-SEAT-3)")
    if not splits(state):
        raise RuleViolation("T-SHOOT-3", "round {round} is the last: one table plays to one winner",
                            round=state.shootout_round)
    if not round_over(state):
        going = next(table for table in table_states(state) if not table.winners)
        raise RuleViolation("T-SHOOT-3", "round {round} goes on until every table is down to its winners "
                            "(table {table} has {left} left)", round=state.shootout_round,
                            table=going.table, left=going.left)
    winners = [name for table in table_states(state) for name in table.winners]
    return tables.draw(winners, seats_per_table=state.info.seats_per_table, rng=rng,
                       rules=state.house_rules, layout=state.layout.values())

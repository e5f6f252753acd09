"""Small tournaments for the domain's docstring examples and its tests: events in, state out, by
the rules themselves, with no database and a fixed clock (a reader learns a rule from its example,
STYLE.md; `pytest --doctest-modules tdconsole/domain` runs them).

>>> from tdconsole.domain.commands import Bust
>>> t = tournament("Ann", "Bo", "Cy", tables=1)
>>> [(player.name, player.table, player.seat) for player in t.state.players.values()]
[('Ann', 1, 5), ('Bo', 1, 9), ('Cy', 1, 1)]
>>> [(event.type, event.place) for event in t.do(Bust(names=["Cy"]), seconds=60)]
[('player_busted', 3)]
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from random import Random

from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.commands import Command, Draw, Register
from tdconsole.domain.events import Envelope, Event, TournamentCreated
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.state import TournamentState
from tdconsole.domain.tournament import apply, decide, fold

T0 = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)

STRUCTURE = Structure(
    name="test",
    starting_stack=10_000,
    periods=[
        Level(small_blind=100, big_blind=200, ante=200, minutes=20),
        Level(small_blind=200, big_blind=400, ante=400, minutes=20),
        Break(minutes=10, add_on=True),  # the add-on is sold here (T-ADDON-1)
        Level(small_blind=300, big_blind=600, ante=600, minutes=20),
    ],
)


def at(seconds: float) -> datetime:
    """`seconds` after the examples' start, `T0` (Friday 27 November 2026, 19:00 UTC)."""
    return T0 + timedelta(seconds=seconds)


class Tournament:
    """A state plus its log, driven command by command like the service, minus the database: each
    command is decided on the state and its events applied, an undo refolds the log."""

    def __init__(self, structure: Structure = STRUCTURE, buy_in: int = 300,
                 house_rules: HouseRules | None = None, tables: int | None = None) -> None:
        created = TournamentCreated(name="Friday", game="NLHE", buy_in=buy_in, fee=50,
                                    starting_stack=structure.starting_stack, seats_per_table=9,
                                    structure=structure, house_rules=house_rules, tables=tables)
        self.log = [Envelope(seq=1, time=T0, actor="td", command_id="c0", event=created)]
        self.state: TournamentState = fold(self.log)
        self._commands = 0

    def do(self, command: Command, seconds: float = 0) -> list[Event]:
        """The events `command` made `seconds` after `T0`, applied to `state`."""
        now = at(seconds)
        events = decide(self.state, command, now)
        self._commands += 1
        for event in events:
            envelope = Envelope(seq=self.state.last_seq + 1, time=now, actor="td",
                                command_id=f"c{self._commands}", event=event)
            self.log.append(envelope)
            if event.type == "undone":
                self.state = fold(self.log)
            else:
                apply(self.state, envelope)
        return events


def tournament(*names: str, tables: int | None = None, buy_in: int = 300,
               house_rules: HouseRules | None = None, structure: Structure = STRUCTURE) -> Tournament:
    """A tournament of `STRUCTURE` with `names` registered; with `tables`, a room of that many
    nine-seat tables where they are seated by the draw of seed 1, the same seats every run."""
    t = Tournament(structure, buy_in, house_rules, tables)
    if names:
        t.do(Register(names=list(names), seed=1))
    if names and tables:
        t.do(Draw().with_rng(Random(1)))  # the draw the service makes for seed 1 (service.make_rng)
    return t

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
from tdconsole.domain.floor.rulings import Scenario
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.seating.rounds import ShootoutSettings
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
    """`seconds` after the examples' start, `T0` (Friday 27 November 2026, 19:00 UTC).

    >>> at(90).isoformat()
    '2026-11-27T19:01:30+00:00'
    """
    return T0 + timedelta(seconds=seconds)


class Tournament:
    """A state plus its log, driven command by command like the service, minus the database: each
    command is decided on the state and its events applied, an undo refolds the log."""

    def __init__(self, structure: Structure = STRUCTURE, buy_in: int = 300,
                 house_rules: HouseRules | None = None, tables: int | None = None,
                 shootout: ShootoutSettings | None = None) -> None:
        created = TournamentCreated(name="Friday", game="NLHE", buy_in=buy_in, fee=50,
                                    starting_stack=structure.starting_stack, seats_per_table=9,
                                    structure=structure, house_rules=house_rules, tables=tables,
                                    shootout=shootout)
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
               house_rules: HouseRules | None = None, structure: Structure = STRUCTURE,
               shootout: ShootoutSettings | None = None) -> Tournament:
    """A tournament of `STRUCTURE` with `names` registered; with `tables`, a room of that many
    nine-seat tables where they are seated by the draw of seed 1, the same seats every run;
    `shootout`: a shootout's (T-SHOOT-1).

    >>> t = tournament("Ann", "Bo")
    >>> [(player.name, player.status) for player in t.state.players.values()], t.state.room
    ([('Ann', 'registered'), ('Bo', 'registered')], {})
    >>> sorted(tournament("Ann", "Bo", tables=1).state.room[1].occupants.values())
    ['Ann', 'Bo']
    """
    t = Tournament(structure, buy_in, house_rules, tables, shootout)
    if names:
        t.do(Register(names=list(names), seed=1))
    if names and tables:
        t.do(Draw().with_rng(Random(1)))  # the draw the service makes for seed 1 (service.make_rng)
    return t


def clock_call() -> Scenario:
    """The `clock-call` scenario cut short (configs/rulings/conduct.toml has it whole): at zero the
    hand is dead facing a bet; facing none, dead or a check as the house says (C-CLOCK-1, TDA 29).

    >>> clock_call().start, sorted(clock_call().nodes)
    ('expired', ['check', 'dead', 'dead_no_bet', 'expired', 'facing_bet', 'no_bet', 'running'])
    """
    return Scenario.model_validate({
        "id": "clock-call", "title": "Time (the clock) is called on a player", "start": "expired",
        "nodes": {
            "expired": {"type": "yes-no", "ask": "Has the time run out with no action from the player?",
                        "yes": "facing_bet", "no": "running"},
            "running": {"type": "ruling", "ruling": "The player has {clock_call.seconds} seconds to act.",
                        "remedy": ["The floor starts the count when the clock is called."],
                        "rules": ["C-CLOCK-1"], "tda": ["29"]},
            "facing_bet": {"type": "yes-no", "ask": "Was the player facing a bet?", "yes": "dead",
                           "no": "no_bet"},
            "no_bet": {"type": "setting", "setting": "clock_call.expiry_without_bet",
                       "cases": {"dead": "dead_no_bet", "check": "check"}},
            "dead": {"type": "ruling", "ruling": "The hand is dead: the time ran out.",
                     "remedy": ["Kill the hand."], "rules": ["C-CLOCK-1", "H-DEAD-D"], "tda": ["29"]},
            "dead_no_bet": {"type": "ruling", "ruling": "The hand is dead, even with no bet to face.",
                            "remedy": ["Kill the hand."], "rules": ["C-CLOCK-1", "H-DEAD-D"],
                            "differs": ["29"]},
            "check": {"type": "ruling", "ruling": "Facing no bet, the player checks.",
                      "remedy": ["Action moves on."], "tda": ["29"]},
        },
    })

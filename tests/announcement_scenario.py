"""One evening that makes every kind of announcement, for the golden texts and the WAV test."""

from __future__ import annotations

import random

from tdconsole.domain import commands as c
from tdconsole.domain.clock.structure import Break, Chip, Level, Structure
from tdconsole.domain.house_rules import HouseRules
from tests.domain.helpers import Tournament

STRUCTURE = Structure(
    name="golden", starting_stack=10_000,
    chips=[Chip(value=25, color="green"), Chip(value=100, color="black"),
           Chip(value=500, color="purple"), Chip(value=1000, color="yellow")],
    periods=[Level(small_blind=25, big_blind=50, minutes=20),
             Level(small_blind=50, big_blind=100, ante=100, minutes=20),
             Break(minutes=15, color_up=[25]),
             Level(small_blind=10_000, big_blind=20_000, ante=20_000, minutes=20),
             Level(small_blind=15_000, big_blind=30_000, ante=30_000, minutes=20)])

NAMES = ["Anna Holm", "Bo Ek", "Carl Berg", "Dorte Sand", "Erik Lund", "Freja Dahl", "Gustav Bech",
         "Hanne Krogh", "Ib Thorsen", "Jonna Friis", "Kasper Lind", "Lotte Brandt", "Mads Kjær",
         "Nanna Juhl", "Oskar Winther", "Pia Storm", "Rasmus Gade", "Sofie Mørk", "Troels Hviid",
         "Ulla Bang"]
START = 10  # the clock starts 10 s after the tournament is created
AFTER_THE_BREAK = START + 55 * 60  # levels of 20 and 20 minutes and a break of 15


def evening(house_rules: HouseRules | None = None) -> Tournament:
    """20 players on 3 tables: the clock runs through a break, table 3 breaks, a move balances,
    hand-for-hand plays through the bubble (3 places paid), the final table, a winner."""
    t = Tournament(STRUCTURE, house_rules=house_rules)
    t.do(c.Register(names=NAMES).with_rng(random.Random(1)), 0)
    t.do(c.Draw().with_rng(random.Random(1)), 1)
    t.do(c.ClockStart(), START)
    clock = AFTER_THE_BREAK + 60
    for name in ("Bo Ek", "Carl Berg", "Erik Lund"):
        t.do(c.Bust(names=[name]), clock)
    t.do(c.BreakTable(table=3).with_rng(random.Random(2)), clock + 10)
    t.do(c.Bust(names=["Kasper Lind"]), clock + 20)
    t.do(c.Bust(names=["Rasmus Gade"]), clock + 21)
    t.do(c.Balance(), clock + 30)
    t.do(c.MovePlayer(name="Anna Holm", table=1, seat=5), clock + 40)
    for name in ("Dorte Sand", "Freja Dahl", "Gustav Bech", "Hanne Krogh", "Ib Thorsen", "Jonna Friis",
                 "Lotte Brandt", "Mads Kjær", "Nanna Juhl", "Oskar Winther"):
        t.do(c.Bust(names=[name]), clock + 50)
    t.do(c.HandForHandStart(), clock + 60)  # 5 left, 3 paid
    for name, hand in (("Pia Storm", 1), ("Sofie Mørk", 2)):
        t.do(c.Bust(names=[name]), clock + 60 + hand * 10)
        for table in sorted(t.state.hand_for_hand.started.tables if t.state.hand_for_hand else []):
            t.do(c.HandForHandTableDone(table=table), clock + 62 + hand * 10)
    t.do(c.FinalTable().with_rng(random.Random(3)), clock + 100)
    t.do(c.Bust(names=["Troels Hviid"]), clock + 200)
    t.do(c.Bust(names=["Ulla Bang"]), clock + 300)
    return t

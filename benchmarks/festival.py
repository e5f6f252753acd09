"""The festival the benchmarks and the real-terminal tests measure: `players` registered in one
command and drawn at random to nine-max tables (10,000 players fill 1,112 of them), on the store
given; and a night of it (`festival_night`), played on until the log holds about `events` events.
"""

from __future__ import annotations

import contextlib
import random

from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.domain.seating.balancing import next_break
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

# A festival's evening at 10,000 players: registrations, the draw, hands, busts, broken tables.
FESTIVAL_EVENTS = 30_000


def drawn_festival(store: EventStore, players: int) -> Service:
    service = Service.create(store, name="Festival", structure=load_structure("club-turbo"),
                             buy_in=100, seats_per_table=9)
    service.execute(commands.Register(names=[f"Player {i:05}" for i in range(players)]))
    service.execute(commands.Draw(seed=1))
    return service


def festival_night(store: EventStore, players: int, events: int = FESTIVAL_EVENTS) -> Service:
    """A drawn festival played on as a TD runs it, until its log holds at least `events` events:
    the clock started, players busted one command at a time (seeded, from anywhere in the room),
    every fourth round a hand finished at every table, each table that can break broken (T-BREAK-1)
    and the rest balanced (T-BAL-1). Every draw is seeded: the same night each time. 10,000 players
    and 30,000 events: 4,320 busts, 480 tables broken, about 8 s on SQLite."""
    service = drawn_festival(store, players)
    service.execute(commands.ClockStart())
    rng = random.Random(1)
    rounds = 0
    while service.state.last_seq < events:
        rounds += 1
        seated = [p.name for p in service.state.players.values() if p.status == "seated"]
        if len(seated) < 10:
            break
        for name in rng.sample(seated, min(60, len(seated) - 9)):
            service.execute(commands.Bust(names=[name], seed=rounds))
        if rounds % 4 == 0:
            service.execute(commands.HandDone(seed=rounds))
        while (table := next_break(service.state.room, service.state.house_rules)) is not None:
            service.execute(commands.BreakTable(table=table, seed=rounds))
        with contextlib.suppress(TdError):  # balanced already
            service.execute(commands.Balance())
    return service


def main() -> None:
    """`python -m benchmarks.festival DB PLAYERS [EVENTS]`: a drawn festival (with EVENTS, a night
    of it) in the SQLite file or database URL DB, as the current tournament."""
    import sys

    url, players = sys.argv[1], int(sys.argv[2])
    store = EventStore.open(url if "://" in url else f"sqlite:///{url}")
    service = festival_night(store, players, int(sys.argv[3])) if len(sys.argv) > 3 else \
        drawn_festival(store, players)
    print(f"{players:,} players, {service.state.last_seq:,} events")


if __name__ == "__main__":
    main()

"""The festival the benchmarks measure: `players` registered in one command and drawn at random to
nine-max tables (10,000 players fill 1,112 of them), on the store given."""

from __future__ import annotations

from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore


def drawn_festival(store: EventStore, players: int) -> Service:
    service = Service.create(store, name="Festival", structure=load_structure("club-turbo"),
                             buy_in=100, seats_per_table=9)
    service.execute(commands.Register(names=[f"Player {i:05}" for i in range(players)]))
    service.execute(commands.Draw(seed=1))
    return service

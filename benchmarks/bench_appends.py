"""The store's own cost of appending one command's events, without deciding or applying anything:
what hashing each event into its tournament's chain adds to a commit (store/ledger.py).

A real log (registering and seating players, then busting some) is made once by the service; it is
then appended again, one command per transaction as the service does, to a fresh SQLite file with
`synchronous=FULL` (a commit waits for the disk) and to one with `synchronous=OFF` (no disk wait,
so the CPU the store spends per append shows).

No target is set for these figures (a command's whole p95 at festival size is bench_store's, <= 15 ms).
The benchmark's own process (it starts none) prints its peak RSS. Figures only, no assertions.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path

from sqlalchemy import event

from benchmarks import size
from benchmarks.memory import own
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.domain.events import Envelope
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

PLAYERS = size(2_000, 40)


def _log(directory: Path) -> list[Envelope]:
    service = Service.create(EventStore.open(f"sqlite:///{directory / 'source.sqlite'}"), name="Bench",
                             structure=load_structure("club-turbo"))
    for i in range(PLAYERS):
        service.execute(Register(names=[f"Player {i:05d}"]))
    return service.log


def _append_all(url: str, log: Sequence[Envelope], *, durable: bool) -> list[float]:
    store = EventStore.open(url)
    if not durable:
        event.listen(store.engine, "connect",
                     lambda connection, _record: connection.execute("PRAGMA synchronous=OFF"))
        store.engine.dispose()
    tournament = store.create_tournament(log[0])
    latencies = []
    for _command, envelopes in groupby(log[1:], key=lambda envelope: envelope.command_id):
        batch = list(envelopes)
        start = time.perf_counter()
        store.append(tournament, batch)
        latencies.append(time.perf_counter() - start)
    store.close()
    return sorted(latencies)


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        directory = Path(name)
        log = _log(directory)
        print(f"append {len(log) - 1} events again, one command per transaction "
              f"({PLAYERS} registrations), SQLite WAL")
        try:
            from tdconsole.store.ledger import event_hash
        except ImportError:  # a tdconsole from before the hash chain: the baseline
            pass
        else:
            rows = [{"seq": e.seq, "time": e.time, "actor": e.actor, "command_id": e.command_id,
                     "type": e.event.type, "payload": e.event.model_dump(mode="json")} for e in log]
            start = time.perf_counter()
            for row in rows:
                event_hash(1, row, "0" * 64)
            print(f"  hashing alone (canonical JSON + SHA-256): "
                  f"{(time.perf_counter() - start) / len(rows) * 1e6:.1f} us per event (no target)")
        for durable in (True, False):
            latencies = _append_all(f"sqlite:///{directory / f'copy-{durable}.sqlite'}", log,
                                    durable=durable)
            p50 = statistics.median(latencies) * 1e6
            p95 = latencies[int(len(latencies) * 0.95)] * 1e6
            mean = statistics.fmean(latencies) * 1e6
            print(f"  synchronous={'FULL' if durable else 'OFF '}: per append p50 {p50:.0f} us, "
                  f"p95 {p95:.0f} us, mean {mean:.0f} us (no target)")
        print(own())


if __name__ == "__main__":
    main()

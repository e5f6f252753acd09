"""A festival's log opened cold and an undo, with state snapshots (store/snapshots.py) and without.

10,000 players are registered and drawn to 1,112 nine-max tables, the clock starts, and 30,000
further events follow through the service: one bust at a time, four chip counts of eight players
after each, the balancing (or the table that must break first) after every tenth bust, the clock
paused or resumed after every 25th. Only the set-up holds the appends and writes them to SQLite in
batches; what is measured reads and writes the database as a terminal does.

* Cold load: `Service(store, id)` in a fresh process (imports not counted), from the newest
  snapshot (target <= 300 ms), and for comparison folding the whole log (snapshots ignored; the
  first open after an upgrade, issue 33: <= 500 ms; its log's texts are compressed and its state
  written down afterwards, once the terminal is up, and that CPU time is printed apart). Each
  process prints its own peak RSS (VmHWM), against a terminal's 150 MB.
* Undo of the last bust: a terminal that has the tournament open busts a player and, two seconds
  later, takes the bust back, again and again; the undo's wall and CPU time (it reads the newest
  checkpoint back and folds the events after it). Target <= 100 ms (p95). The terminal is a fresh
  process holding the tournament as a terminal holds it (its log read, what it loaded frozen, as
  `ServiceApp` does once it is up), not this one: the set-up's heap (180 MB) made the collector's
  full passes during an undo twice what a terminal's take. Its peak RSS is printed against a
  terminal's 150 MB.

Run: `python -m benchmarks snapshots`. Figures only, no assertions.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import size, target
from benchmarks.festival import drawn_festival
from benchmarks.memory import PEAK_SCRIPT, TERMINAL_TARGET_MB, figure, own
from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.domain.events import Envelope
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

PLAYERS = size(10_000, 200)
FURTHER = size(30_000, 600)
UNDOS = size(25, 3)
COLD_RUNS = size(5, 1)
LOOK = size(2.0, 0.0)  # seconds between a bust and its undo: the TD looks before taking it back
LOAD_TARGET_MS = {"whole log folded": 500.0, "from the snapshot": 300.0}
UNDO_TARGET_MS = 100.0
ROOT = Path(__file__).resolve().parents[1]

COLD_LOAD = PEAK_SCRIPT + """
import json, sys, time
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
if sys.argv[2] == "whole":  # snapshots ignored, none written
    from tdconsole.store import snapshots
    snapshots.version = lambda: "ignored"
    Service._save = lambda *args, **kwargs: None
store = EventStore.open(sys.argv[1], migrate=False)
wall, cpu = time.perf_counter(), time.process_time()
service = Service(store, 1)
opened, cpu_opened = time.perf_counter() - wall, time.process_time() - cpu
# What the terminal does once its first screen is up, not waited for (the state is written down
# and packed; "whole" does not save it).
service.tighten_log()
service.write_down()
print(json.dumps({"wall": opened, "cpu": cpu_opened, "events": service.state.last_seq,
                  "tighten": time.process_time() - cpu - cpu_opened, "peak_mb": peak_mb()}))
"""


UNDO = PEAK_SCRIPT + """
import gc, json, sys, time
from tdconsole.domain import commands
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
service = Service(EventStore.open(sys.argv[1], migrate=False), 1)
assert service.log  # a terminal that has the tournament open holds its log
gc.freeze()  # what it loaded, out of the collector's passes (`ServiceApp.on_mount`)
seated = [p.name for p in service.state.players.values() if p.status == "seated"]
walls, cpus = [], []
for name in seated[:int(sys.argv[2])]:
    service.execute(commands.Bust(names=[name]))
    time.sleep(float(sys.argv[3]))
    wall, cpu = time.perf_counter(), time.process_time()
    service.execute(commands.Undo(any=True))
    walls.append((time.perf_counter() - wall) * 1000)
    cpus.append((time.process_time() - cpu) * 1000)
print(json.dumps({"walls": sorted(walls), "cpus": sorted(cpus), "peak_mb": peak_mb()}))
"""


class HeldStore(EventStore):
    """The set-up's store: appends are held while `held` is a list, then written in batches."""

    held: list[Envelope] | None = None

    def append(self, tournament_id: int, envelopes: Sequence[Envelope], *,
               wait: float | None = None) -> None:
        if self.held is None:
            super().append(tournament_id, envelopes, wait=wait)
        else:
            self.held.extend(envelopes)

    def write_held(self, tournament_id: int) -> None:
        held, self.held = self.held or [], None
        for start in range(0, len(held), 2_000):
            super().append(tournament_id, held[start:start + 2_000])


def festival(url: str) -> int:
    store = HeldStore.open(url)
    service = drawn_festival(store, PLAYERS)
    store.held = []
    service.execute(commands.ClockStart())
    draw = random.Random(3)
    seated = sorted(p.name for p in service.state.players.values() if p.status == "seated")
    draw.shuffle(seated)
    start, busts = service.state.last_seq, 0
    while service.state.last_seq - start < FURTHER:
        busts += 1
        service.execute(commands.Bust(names=[seated.pop()]))
        for _ in range(4):
            counts = {name: draw.randrange(1_000, 90_000) for name in draw.sample(seated, 8)}
            service.execute(commands.CountChips(counts=counts))
        if busts % 10 == 0:
            balance(service)
        if busts % 25 == 0:
            running = service.state.clock.running
            service.execute(commands.ClockPause() if running else commands.ClockResume())
    store.write_held(service.tournament_id)
    store.close()
    return service.state.last_seq


def balance(service: Service) -> None:
    """Balance the tables, breaking first the one the rules say must break (T-BREAK-1)."""
    try:
        service.execute(commands.Balance())
    except TdError as refusal:
        must_break = re.search(r"table (\d+) can break", str(refusal))
        if must_break is None:
            return
        try:
            service.execute(commands.BreakTable(table=int(must_break.group(1))))
            service.execute(commands.Balance())
        except TdError:
            return  # no seat keeps someone from the blinds twice: the floor would seat him by hand


def cold(url: str, how: str) -> list[dict[str, float]]:
    return [json.loads(subprocess.run([sys.executable, "-c", COLD_LOAD, url, how], capture_output=True,
                                      text=True, check=True, cwd=ROOT).stdout) for _ in range(COLD_RUNS)]


def undos(url: str) -> dict[str, Any]:
    """Bust and undo, again and again, in a terminal that has the tournament open: its sorted wall
    and CPU times and its peak RSS."""
    done = subprocess.run([sys.executable, "-c", UNDO, url, str(UNDOS), str(LOOK)], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def p95(values: list[float]) -> float:
    return values[min(len(values) - 1, int(len(values) * 0.95))]


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'festival.sqlite'}"
        start = time.perf_counter()
        events = festival(url)
        print(f"{PLAYERS:,} players, {events:,} events, set up in {time.perf_counter() - start:.0f} s")
        whole = cold(url, "whole")
        Service(EventStore.open(url, migrate=False), 1).write_down()  # as the first terminal does
        snapped = cold(url, "snapshot")
        for label, runs in (("whole log folded", whole), ("from the snapshot", snapped)):
            walls = sorted(run["wall"] * 1000 for run in runs)
            cpus = sorted(run["cpu"] * 1000 for run in runs)
            median = statistics.median(walls)
            verdict = target(median, LOAD_TARGET_MS[label], "ms")
            print(f"cold load, {label:18}: median {median:6.0f} ms ({verdict};"
                  f" CPU {statistics.median(cpus):6.0f} ms), best {walls[0]:6.0f} ms over {len(runs)} fresh "
                  f"processes; {figure(max(run['peak_mb'] for run in runs), TERMINAL_TARGET_MB)}")
            tighten = statistics.median(run["tighten"] * 1000 for run in runs)
            if label == "whole log folded":  # the texts left loose (EventLog.tighten), the state unwritten
                print(f"  then its log's texts compressed and its state written down, once the terminal "
                      f"is up: CPU {tighten:4.0f} ms"
                      f" (not waited for; no target)")
        undone = undos(url)
        walls, cpus = undone["walls"], undone["cpus"]
        print(f"undo of the last bust: median {statistics.median(walls):4.0f} ms, p95 "
              f"{p95(walls):4.0f} ms ({target(p95(walls), UNDO_TARGET_MS, 'ms')} at p95; CPU median "
              f"{statistics.median(cpus):4.0f} ms, p95 {p95(cpus):4.0f} ms) over {len(walls)} undos; "
              f"the terminal's {figure(undone['peak_mb'], TERMINAL_TARGET_MB)}")
        print(own(what="this process (it set the festival up)"))


if __name__ == "__main__":
    main()

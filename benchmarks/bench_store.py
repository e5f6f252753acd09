"""The store at festival size, as a TD meets it: a command's latency in a room of 10,000 players, on
SQLite and on PostgreSQL, and the cold load of a festival night's log (about 30,000 events), from
the newest snapshot and without any (the first open after an upgrade), each in a fresh process.

* Commands: a drawn festival of `PLAYERS` with the clock running; a terminal opens it (a fresh
  process) and makes `COMMANDS` commands one at a time, single busts and single late entries in
  turn (a late entry is seated at once), each timed from the call to its state applied (refresh,
  decide, commit, apply). SQLite in WAL with synchronous=FULL; PostgreSQL a durable server with its
  files on disk (tests/pgserver.py, or $TDCONSOLE_TEST_PG). Target: p95 <= 15 ms on both.
* Cold load: `festival_night` played to `EVENTS` events on SQLite; a fresh process opens it as it
  is (the newest snapshot and the events after it) and a copy whose `snapshots` table is emptied
  (the whole log folded, as the first open after an upgrade does: each run on a fresh copy).
  Target: <= 500 ms both. What a terminal does once its first screen is up (its log's texts
  compressed, the state of a long fold written down for the next terminal) is timed apart.

Every process started prints its peak RSS (VmHWM; target <= 150 MB, a terminal's budget). Figures
only, no assertions (timings depend on the machine).
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import size
from benchmarks import target as verdict
from benchmarks.festival import drawn_festival, festival_night
from benchmarks.memory import PEAK_SCRIPT, TERMINAL_TARGET_MB, own
from benchmarks.postgres import postgresql
from tdconsole.domain.commands import ClockStart
from tdconsole.store.event_store import EventStore

PLAYERS = size(10_000, 60)
EVENTS = size(30_000, 300)
COMMANDS = size(400, 6)  # busts and late entries in turn
LOADS = size(3, 1)  # cold loads of each kind; the best is reported
COMMAND_TARGET_MS = 15.0
LOAD_TARGET_MS = 500.0
RSS_TARGET_MB = TERMINAL_TARGET_MB
ROOT = Path(__file__).resolve().parents[1]

COMMANDS_RUN = PEAK_SCRIPT + """
import json, random, sys, time
from tdconsole.domain.commands import Bust, Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
url, tournament, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
service = Service(EventStore.open(url, migrate=False), tournament)
rng = random.Random(1)
seated = [player.name for player in service.state.players.values() if player.status == "seated"]
times = {"bust": [], "late entry": []}
for i in range(count):
    if i % 2:
        kind, command = "bust", Bust(names=[seated.pop(rng.randrange(len(seated)))])
    else:
        kind, command = "late entry", Register(names=[f"Late {i:04d}"])
    start = time.perf_counter()
    service.execute(command)
    times[kind].append(time.perf_counter() - start)
print(json.dumps({"times": times, "players": service.state.entries, "peak_rss_mb": peak_mb()}))
"""

COLD_LOAD = PEAK_SCRIPT + """
import json, sys, time
start = time.perf_counter()
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
imported, cpu = time.perf_counter(), time.process_time()
service = Service(EventStore.open(sys.argv[1]), int(sys.argv[2]))
loaded, cpu = time.perf_counter(), time.process_time() - cpu
service.tighten_log()  # once the first screen is up (ServiceApp), not waited for
service.write_down()
print(json.dumps({"import_s": imported - start, "load_s": loaded - imported, "load_cpu_s": cpu,
                  "events": service.state.last_seq,
                  "after_s": time.perf_counter() - loaded,
                  "players": service.state.entries, "peak_rss_mb": peak_mb()}))
"""


def run(script: str, *args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True,
                          check=False, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(done.stderr.strip())
    result: dict[str, object] = json.loads(done.stdout)
    return result


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def commands(label: str, url: str) -> None:
    """A drawn festival in `url`, then a fresh terminal's busts and late entries, timed."""
    store = EventStore.open(url)
    service = drawn_festival(store, PLAYERS)
    service.execute(ClockStart())
    tournament = service.tournament_id
    store.close()
    del service
    result = run(COMMANDS_RUN, url, str(tournament), str(COMMANDS))
    times = result["times"]
    assert isinstance(times, dict)
    every = [t * 1000 for kind in times.values() for t in kind]
    kinds = ", ".join(f"{kind} p50 {statistics.median(t) * 1000:.1f} ms p95 {p95(t) * 1000:.1f} ms"
                      for kind, t in times.items())
    print(f"  {label}: {kinds}")
    print(f"    all {len(every)}: p95 {p95(every):.1f} ms ({verdict(p95(every), COMMAND_TARGET_MS, 'ms')}), "
          f"max {max(every):.1f} ms; the terminal's peak RSS {result['peak_rss_mb']:.0f} MB "
          f"({verdict(float(str(result['peak_rss_mb'])), RSS_TARGET_MB, 'MB')})")


def copy(source: Path, target: Path) -> None:
    """`source` copied whole with SQLite's backup (the WAL included)."""
    target.unlink(missing_ok=True)
    with sqlite3.connect(source) as origin, sqlite3.connect(target) as copied:
        origin.backup(copied)
    origin.close()
    copied.close()


def cold_loads(directory: Path) -> None:
    night = directory / "night.sqlite"
    start = time.perf_counter()
    store = EventStore.open(f"sqlite:///{night}")
    service = festival_night(store, PLAYERS, EVENTS)
    tournament, events = service.tournament_id, service.state.last_seq
    store.close()
    del service
    bare = directory / "bare.sqlite"
    copy(night, bare)
    with sqlite3.connect(bare) as connection:
        newest = connection.execute("SELECT max(seq) FROM snapshots").fetchone()[0]
        connection.execute("DELETE FROM snapshots")
    connection.close()
    print(f"cold load of a festival night ({PLAYERS:,} players, {events:,} events, played in "
          f"{time.perf_counter() - start:.0f} s) in a fresh process, best of {LOADS}:")
    fresh = directory / "fresh.sqlite"
    kinds = (("from the newest snapshot", night, newest), ("without a snapshot", bare, None))
    for label, source, after in kinds:
        runs = []
        for _ in range(LOADS):
            if after is None:  # the run writes a snapshot down: each starts without one
                copy(bare, fresh)
            runs.append(run(COLD_LOAD, f"sqlite:///{fresh if after is None else source}", str(tournament)))
        best = min(runs, key=lambda r: float(str(r["load_s"])))
        load_ms = float(str(best["load_s"])) * 1000
        peak = max(float(str(r["peak_rss_mb"])) for r in runs)
        folded = f"seq {after:,} and {events - after:,} events after it" if after else \
            f"{events:,} events folded{'' if source == bare else ', the log has no snapshot yet'}"
        # CPU time beside it: on a busy machine the wall time waits for the other processes too.
        print(f"  {label} ({folded}): {load_ms:.0f} ms ({verdict(load_ms, LOAD_TARGET_MS, 'ms')}; CPU "
              f"{float(str(best['load_cpu_s'])) * 1000:.0f} ms; imports "
              f"{float(str(best['import_s'])) * 1000:.0f} ms more); peak RSS {peak:.0f} MB "
              f"({verdict(peak, RSS_TARGET_MB, 'MB')})")
        print(f"    then, once the terminal is up (log compressed, a long fold's state written down): "
              f"{float(str(best['after_s'])) * 1000:.0f} ms, not waited for (no target)")


def main() -> None:
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        print(f"commands at {PLAYERS:,} players (a drawn festival, the clock running), {COMMANDS} made one "
              "at a time by a terminal opened on it, busts and late entries in turn:")
        commands("SQLite (WAL, synchronous=FULL)", f"sqlite:///{directory / 'drawn.sqlite'}")
        with postgresql(on_disk=True) as url:
            if url is None:
                print("  PostgreSQL: binaries not found, not measured (scripts/test-deps.sh installs them)")
            else:
                commands("PostgreSQL (durable, on disk)", url)
        cold_loads(directory)
    print(own(what="this benchmark's own process (it built the festivals)"))


if __name__ == "__main__":
    main()

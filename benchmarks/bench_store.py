"""Register 10,000 players one command at a time on SQLite: latency per command, cold load, memory.

Targets (the store's budget): p95 <= 15 ms per command (decide + commit + apply), cold load <= 0.5 s,
peak RSS <= 150 MB.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import size
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Register
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

PLAYERS = size(10_000, 100)

COLD_LOAD = """
import json, resource, sys, time
start = time.perf_counter()
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
imported = time.perf_counter()
service = Service(EventStore.open(sys.argv[1]), 1)
loaded = time.perf_counter()
# VmHWM is this process's own peak; ru_maxrss on Linux carries the parent's peak across exec.
status = open("/proc/self/status").read() if sys.platform == "linux" else ""
hwm = [line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")]
peak_kb = int(hwm[0]) if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"import_s": imported - start, "load_s": loaded - imported,
                  "players": service.state.entries, "peak_rss_mb": peak_kb / 1024}))
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'bench.sqlite'}"
        service = Service.create(EventStore.open(url), name="Bench", structure=load_structure("club-turbo"))
        latencies = []
        for i in range(PLAYERS):
            start = time.perf_counter()
            service.execute(Register(names=[f"Player {i:05d}"]))
            latencies.append(time.perf_counter() - start)
        latencies.sort()
        p50 = statistics.median(latencies) * 1000
        p95 = latencies[int(len(latencies) * 0.95)] * 1000
        p99 = latencies[int(len(latencies) * 0.99)] * 1000
        writer_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"register {PLAYERS} players one command at a time (SQLite, WAL, synchronous=FULL)")
        print(f"  per command: p50 {p50:.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms, max "
              f"{latencies[-1] * 1000:.1f} ms (target p95 <= 15 ms)")
        print(f"  writer process peak RSS {writer_rss:.0f} MB")
        runs = [json.loads(subprocess.run([sys.executable, "-c", COLD_LOAD, url], capture_output=True,
                                          text=True, check=True).stdout) for _ in range(size(3, 1))]
        best = min(runs, key=lambda run: run["load_s"])
        print(f"  cold load of {best['players']} players ({PLAYERS + 1} events) in a fresh process: "
              f"{best['load_s'] * 1000:.0f} ms best of {len(runs)} (target <= 500 ms; imports "
              f"{best['import_s'] * 1000:.0f} ms more)")
        print(f"  cold-load process peak RSS {max(r['peak_rss_mb'] for r in runs):.0f} MB "
              "(target <= 150 MB)")


if __name__ == "__main__":
    main()

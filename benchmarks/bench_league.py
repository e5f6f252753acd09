"""League standings for a club's season: 200 members over 50 finished tournaments on SQLite.

Each tournament has 30-60 of the members (and a guest or two), re-entries and knockouts, played to
its winner. Timed: `league standings` in-process (every tournament's log loaded and folded, the
formula applied, ranked), the same as a fresh `tdconsole league standings --json` process, and a
member's history (`members show`). No target is set by the issue: each figure says "no target".
Every process started prints its peak RSS (VmHWM, benchmarks/memory.py; a CLI command has no memory
target, only a terminal has), and so does the benchmark's own. Figures only, no assertions.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import size
from benchmarks.memory import figure, own, run
from tdconsole.actions.registration import register_linked as register
from tdconsole.club.history import history
from tdconsole.club.leagues import Leagues, season
from tdconsole.club.members import Members
from tdconsole.config.leagues import load_formula
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Bust, Reenter
from tdconsole.domain.league.standings import LeagueRules
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore

MEMBERS = size(200, 20)
TOURNAMENTS = size(50, 2)
FIELD = size((30, 60), (6, 12))  # members playing each tournament
RUNS = size(5, 1)


def build(url: str) -> None:
    store = EventStore.open(url)
    members = Members(store)
    members.import_csv("name\n" + "".join(f"Member {i:03d}\n" for i in range(1, MEMBERS + 1)), "bench")
    draw = random.Random(2026)
    structure = load_structure("club-turbo")
    ids = []
    for week in range(1, TOURNAMENTS + 1):
        service = Service.create(store, name=f"Friday {week}", structure=structure, buy_in=300, fee=50)
        field = draw.sample(range(1, MEMBERS + 1), draw.randint(*FIELD))
        register(service, [f"Member {n:03d}" for n in field])
        register(service, [f"Guest {week}"])
        names = [f"Member {n:03d}" for n in field] + [f"Guest {week}"]
        draw.shuffle(names)
        reentered = False
        while len(names) > 1:
            out = names.pop()
            service.execute(Bust(names=[out], by=[draw.choice(names)]))
            if not reentered and len(names) > FIELD[0] // 2:
                service.execute(Reenter(name=out))
                names.insert(0, out)
                reentered = True
        ids.append(service.tournament_id)
    leagues = Leagues(store)
    key, formula = load_formula("sqrt")
    leagues.add(leagues.new("Season", key, formula, LeagueRules(best=20)), ids)
    store.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'league.sqlite'}"
        start = time.perf_counter()
        build(url)
        built = time.perf_counter() - start
        print(f"built {TOURNAMENTS} tournaments with {MEMBERS} members in {built:.1f} s")
        store = EventStore.open(url)
        league = Leagues(store).get("Season")
        runs = []
        for _ in range(RUNS):
            start = time.perf_counter()
            table = season(store, league)
            runs.append(time.perf_counter() - start)
        events = sum(len(store.load(tid)) for tid in league.tournaments)
        print(f"league standings, {len(table.standings)} members ranked over {len(table.played)} tournaments "
              f"({events} events): median {statistics.median(runs) * 1000:.0f} ms in-process "
              f"(best {min(runs) * 1000:.0f} ms; no target)")
        runs = []
        for _ in range(RUNS):
            start = time.perf_counter()
            history(store, "Member 001")
            runs.append(time.perf_counter() - start)
        print(f"members show (one member's history): median {statistics.median(runs) * 1000:.0f} ms "
              "(no target)")
        env = {**os.environ, "TDCONSOLE_DB": url}
        start = time.perf_counter()
        _done, peak = run([sys.executable, "-m", "tdconsole", "--help"])
        startup = (time.perf_counter() - start) * 1000
        print(f"(tdconsole --help in a fresh process, the start-up alone: {startup:.0f} ms, no target; "
              f"{figure(peak)})")
        runs, peaks = [], []
        for _ in range(size(3, 1)):
            start = time.perf_counter()
            done, peak = run([sys.executable, "-m", "tdconsole", "league", "standings", "Season", "--json"],
                             env=env)
            runs.append(time.perf_counter() - start)
            peaks.append(peak or 0.0)
        assert len(json.loads(done.stdout)) == len(table.standings)
        print(f"tdconsole league standings --json in a fresh process: best of {len(runs)} "
              f"{min(runs) * 1000:.0f} ms (start-up included; no target); {figure(max(peaks))}")
        store.close()
    print(own())


if __name__ == "__main__":
    main()

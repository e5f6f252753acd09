"""How fast the floor-ruling helper answers: loading and checking the catalogue, walking every path,
the clock-call countdown, penalty escalation, one `tdconsole rulings suggest` process, and the
rulings log: logging through the service on SQLite, a cold load of a long log, the penalty board.
No target is set for any of them: each figure says "no target". The `tdconsole` process started
prints its peak RSS (VmHWM, benchmarks/memory.py; a CLI command has no memory target), and so does
the benchmark's own.

Run: `.venv/bin/python benchmarks/bench_rulings.py`. Prints figures; asserts nothing.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks import size
from benchmarks.memory import figure, own, run
from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.config.structures import load_structure
from tdconsole.domain.commands import Draw, LogRuling, Register
from tdconsole.domain.floor.clock_call import clock_call_state
from tdconsole.domain.floor.penalties import OffenceKind, escalate
from tdconsole.domain.floor.rulings import Catalogue, suggest, with_settings
from tdconsole.domain.house_rules import CLUB, TDA
from tdconsole.domain.tournament import fold
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.rulings import penalties_view, rulings_view

IMPLICIT = {"deliberate": "yes", "earlier": "1", "players": "9"}


def timed(label: str, repeat: int, work: Callable[[], object]) -> float:
    repeat = size(repeat, 1)
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    per = (time.perf_counter() - start) / repeat
    print(f"{label:<48} {per * 1e6:10.1f} µs  (x{repeat}; no target)")
    return per


def main() -> None:
    timed("load and check configs/rulings/*.toml", 20, load_catalogue)
    catalogue = load_catalogue()
    work = [(scenario, {**path.answers, **IMPLICIT}, with_settings(CLUB, path.settings))
            for scenario in catalogue.scenarios.values() for path in scenario.paths()]
    print(f"scenarios: {len(catalogue.scenarios)}, paths (ways to a ruling): {len(work)}")

    def every_path() -> None:
        for scenario, answers, house in work:
            suggest(scenario, answers, house)

    per = timed("suggest along every path (all paths once)", 50, every_path)
    print(f"{'  = per suggestion':<48} {per / len(work) * 1e6:10.1f} µs  (no target)")

    clock = catalogue.get("clock-call")
    called = datetime(2026, 11, 30, 21, 0, tzinfo=UTC)

    def countdown() -> None:
        for tenth in range(0, 700, 7):
            clock_call_state(called_at=called, now=called + timedelta(seconds=tenth / 10),
                             facing_bet=True, house=CLUB, scenario=clock)

    per = timed("clock call: 100 ticks over 70 s", 50, countdown)
    print(f"{'  = per tick':<48} {per / 100 * 1e6:10.1f} µs  (no target)")

    def escalations() -> None:
        for house in (CLUB, TDA):
            for offence in OffenceKind:
                for earlier in range(5):
                    escalate(offence, deliberate=False, earlier=earlier, rules=house.penalties)

    timed("escalate: 40 offences (both presets)", 500, escalations)

    rulings_log(catalogue)

    exe = Path(sys.executable).with_name("tdconsole")
    args = [str(exe), "rulings", "suggest", "out-of-turn-action", "-a", "action=check",
            "-a", "changed=no", "-a", "deliberate=no", "-a", "earlier=1", "-a", "players=8", "--json"]
    runs, peaks = [], []
    for _ in range(size(3, 1)):
        start = time.perf_counter()
        _done, peak = run(args)
        runs.append(time.perf_counter() - start)
        peaks.append(peak or 0.0)
    print(f"{'tdconsole rulings suggest (whole process), best':<48} {min(runs) * 1e3:10.1f} ms  "
          f"(of {len(runs)}; no target); {figure(max(peaks))}")
    print(own())


def rulings_log(catalogue: Catalogue, players: int = size(10_000, 10), rulings: int = size(2000, 20)) -> None:
    """A festival day's rulings: `rulings` OOT rulings spread over `players` players (10,000 drawn at
    1,112 tables: the festival)."""
    with tempfile.TemporaryDirectory() as folder:
        store = EventStore.open(f"sqlite:///{Path(folder) / 'bench.sqlite'}")
        service = Service.create(store, name="Bench", structure=load_structure("club-turbo"))
        names = [f"Player {i}" for i in range(players)]
        service.execute(Register(names=names))
        service.execute(Draw(seed=1))
        scenario = catalogue.get("out-of-turn-action")
        answers = {"action": "check", "changed": "no", "deliberate": "no", "players": "9"}
        commands = [LogRuling(scenario=scenario, staff="Bench", answers=answers,
                              players=[names[i % players]]) for i in range(rulings)]
        start = time.perf_counter()
        for command in commands:
            service.execute(command)
        per = (time.perf_counter() - start) / rulings
        print(f"{'log a ruling through the service (SQLite)':<48} {per * 1e6:10.1f} µs  (x{rulings}; "
              "no target)")
        timed(f"cold load + fold of {rulings} rulings", 5,
              lambda: fold(store.load(service.tournament_id)))
        timed(f"penalty board over {rulings} rulings", 20,
              lambda: penalties_view(service.state, service.now()))
        timed(f"rulings list over {rulings} rulings", 20, lambda: rulings_view(service.state))
        store.close()


if __name__ == "__main__":
    main()

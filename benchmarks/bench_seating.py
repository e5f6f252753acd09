"""Seating benchmark (issue 3, item 11). A plain script: it prints figures, it asserts nothing.

1. Festival size: 10,000 players on 1,112 nine-max tables. Time one balancing plan after a wave
   of random busts, and the break suggestion plus the break draw once a table can go
   (target: <= 50 ms each).
2. A 1,000-entry tournament of random busts down to heads-up, every table dealing a hand with
   the button engine after every bust, the TD breaking and balancing after every bust. Count
   the players moved and compare with a lower bound on what any procedure must move for the
   same busts: when a table must break (the players fit one table fewer, which depends only
   on how many are left), every player at it moves, and under the same tolerance the smallest
   table then holds at least floor(players before the bust / tables) - 1. Balancing moves
   count 0 in the bound (a procedure that knew every bust in advance might seat players so
   that no table ever runs short), so the bound is low and the ratio errs against us.

3. The service path: register and draw 10,000 players through the service on a SQLite file
   (the draw is one event holding every seat), a cold load of that log (what a second terminal
   does), `tables --json` for 1,112 tables, and one balancing plan and a late entry through the
   service. The balancing plan there has part 1's target (<= 50 ms); the other figures have none.

The benchmark's own process (it starts none) prints its peak RSS.

Run: `.venv/bin/python benchmarks/bench_seating.py`
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from benchmarks import size, target
from benchmarks.memory import own
from tdconsole.config.structures import load_structure
from tdconsole.domain import commands
from tdconsole.domain.house_rules import CLUB
from tdconsole.domain.seating.balancing import apply_plan, break_table, next_break, plan_balance
from tdconsole.domain.seating.handlers import balance_plan
from tdconsole.domain.seating.tables import (
    Table,
    draw,
    final_table,
    final_table_due,
    hand_done,
    open_tables,
    remove_player,
    set_button,
)
from tdconsole.service import Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.base import jsonable
from tdconsole.views.seating import tables_view

SEATS = 9
PLAYERS = size(10_000, 200)  # at the festival
TABLES = -(-PLAYERS // SEATS)  # 1,112 at festival size
ENTRIES = size(1_000, 60)  # in each tournament played down to heads-up
SEEDS = size(3, 1)
REPEAT = size(7, 1)
TARGET_MS = 50.0  # a balancing plan, or a break suggested and drawn, at festival size (issue 3)

R = TypeVar("R")


def _timed(action: Callable[[], R], repeat: int = REPEAT) -> tuple[float, R]:
    """The median wall time of `action` in ms over `repeat` runs, and what it returned."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def tidy(room: dict[int, Table], rng: random.Random) -> tuple[dict[int, Table], int, int]:
    """What the TD does after a hand: break every table that can go, then balance."""
    breaks = 0
    while (number := next_break(room, CLUB)) is not None:
        room, _ = break_table(room, number, rng, CLUB)
        breaks += 1
    plan = plan_balance(room, CLUB)
    return apply_plan(room, plan), breaks, len(plan.moves)


def festival() -> None:
    rng = random.Random(2026)
    players = [f"p{i}" for i in range(PLAYERS)]
    room: dict[int, Table] = draw(players, seats_per_table=SEATS, rng=rng, rules=CLUB)
    print(f"festival: {len(players):,} players on {len(room):,} tables")
    live = list(players)
    rng.shuffle(live)
    for busts in (20, 200):
        for player in live[:busts]:
            room = remove_player(room, player)
        live = live[busts:]
        ms, (room_after, breaks, moves) = _timed(lambda r=room: tidy(r, random.Random(1)))
        print(
            f"  after {busts} busts: {breaks} breaks and {moves} balancing moves planned and "
            f"applied in {ms:.1f} ms (median of {REPEAT}; {target(ms, TARGET_MS, 'ms')})"
        )
        room = room_after
    # The most balancing such a room can need: every table full but one with a single player
    # (8 free seats, so no table can break). The plan alone.
    crowded = {
        n: set_button(
            Table(number=n, seats=SEATS, occupants={s: f"t{n}s{s}" for s in range(1, SEATS + 1)}),
            1,
        )
        for n in range(1, TABLES + 1)
    }
    alone = TABLES // 2
    crowded[alone] = Table(number=alone, seats=SEATS, occupants={1: "alone"})
    ms, plan = _timed(lambda: plan_balance(crowded, CLUB))
    print(
        f"  balancing alone, {TABLES - 1:,} full tables and one of 1 player: break {plan.break_}, "
        f"{len(plan.moves)} moves, {ms:.1f} ms ({target(ms, TARGET_MS, 'ms')})"
    )


def tournament(entries: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(entries)]
    room = draw(players, seats_per_table=SEATS, rng=rng, rules=CLUB)
    order = list(players)
    rng.shuffle(order)  # the busts, fixed in advance
    figures = {"balance": 0, "break": 0, "breaks": 0, "bound": 0, "final": 0}
    recent: frozenset[str] = frozenset()
    for left, player in zip(range(entries - 1, 1, -1), order, strict=False):
        tables_before = len(open_tables(room))
        room = remove_player(room, player)
        if final_table_due(room, CLUB, SEATS):
            figures["final"] = left
            keep = min(t.number for t in open_tables(room))
            room = final_table(room, rng=rng, rules=CLUB, seats_per_table=SEATS, number=keep)
        while (number := next_break(room, CLUB)) is not None:
            room, moved = break_table(room, number, rng, CLUB)
            figures["break"] += len(moved)
            figures["breaks"] += 1
            figures["bound"] += max(0, (left + 1) // tables_before - 1)
            tables_before -= 1
        plan = plan_balance(room, CLUB, recently_moved=recent)
        room = apply_plan(room, plan)
        recent = frozenset(m.player for m in plan.moves)
        figures["balance"] += len(plan.moves)
        for table in open_tables(room):
            if table.hand is not None and len(table.occupants) >= 2:
                room = {**room, table.number: hand_done(table)}
    return figures


def _once(action: Callable[[], R]) -> tuple[float, R]:
    start = time.perf_counter()
    result = action()
    return (time.perf_counter() - start) * 1000, result


def service_path() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = EventStore.open(f"sqlite:///{Path(folder) / 'festival.sqlite'}")
        service = Service.create(store, name="Festival", structure=load_structure("club-turbo"))
        names = [f"Player {i}" for i in range(TABLES * SEATS)]
        ms_register, _ = _once(lambda: service.execute(commands.Register(names=names)))
        ms_draw, _ = _once(lambda: service.execute(commands.Draw(seed=1)))
        room = service.state.room
        print(f"service: {len(names):,} players on {len(room):,} tables (SQLite file)")
        print(f"  register {len(names):,} in one command {ms_register:.0f} ms; the draw {ms_draw:.0f} ms"
              " (no target)")
        ms_load, _ = _once(lambda: Service(store, service.tournament_id))
        print(f"  cold load of the log (a second terminal) {ms_load:.0f} ms (no target here: bench_store's)")
        rules = service.state.house_rules
        ms_view, text = _timed(lambda: json.dumps(jsonable(tables_view(room, rules)), ensure_ascii=False))
        print(f"  tables --json for {len(room):,} tables: {ms_view:.1f} ms, "
              f"{len(text) // 1024:,} KiB (median of {REPEAT}; no target)")
        # A full room less one table and a few: the plan breaks a table (T-BREAK-1).
        busts = SEATS + 3
        service.execute(commands.Bust(names=names[:busts]))
        ms_plan, plan = _timed(lambda: balance_plan(service.state))
        print(f"  balancing plan after {busts} busts: {len(plan.moves)} moves, break {plan.break_}, "
              f"{ms_plan:.1f} ms (median of {REPEAT}; {target(ms_plan, TARGET_MS, 'ms')})")
        if (number := plan.break_) is None:
            raise RuntimeError(f"no table to break after {busts} busts in a full room")
        ms_break, _ = _once(lambda: service.execute(commands.BreakTable(table=number, seed=1)))
        print(f"  break-table {number} --apply through the service {ms_break:.0f} ms (no target)")
        ms_late, _ = _once(lambda: service.execute(commands.Register(names=["Late entry"])))
        print(f"  a late entry seated through the service {ms_late:.0f} ms (no target here: bench_store's)")
        store.close()


def main() -> None:
    festival()
    service_path()
    start = time.perf_counter()
    runs = [tournament(ENTRIES, seed) for seed in range(SEEDS)]
    seconds = time.perf_counter() - start
    print(f"{ENTRIES:,}-entry tournaments down to heads-up ({len(runs)} seeds, {seconds:.1f} s):")
    for seed, f in enumerate(runs):
        total = f["balance"] + f["break"]
        print(
            f"  seed {seed}: {total} moves ({f['balance']} balancing, {f['break']} from "
            f"{f['breaks']} breaks); lower bound {f['bound']}; ratio "
            f"{total / f['bound'] if f['bound'] else float('nan'):.2f}; "
            f"final table drawn at {f['final']} players (no target)"
        )
    print(own())


if __name__ == "__main__":
    main()

"""Money benchmarks: payouts for 10,000 entries; ICM for 10 and 12 players, beside
pokerkit's `calculate_icm` on the same input.

Targets: payouts <= 20 ms, ICM 10 players <= 20 ms, 12 players <= 200 ms. Prints figures, asserts
nothing. pokerkit enumerates every finishing order (n! / (n - k)! for k payouts): it is timed on
the same 10-player input (a few seconds); at 12 players (479 million orders) it is timed on the
same stacks with 5 payouts and scaled by the number of orders.
The pokerkit comparison, the final table's ICM and the `state --json` view have no target. The
benchmark's own process (it starts none) prints its peak RSS.
Run: `.venv/bin/python benchmarks/bench_money.py`.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable

from pokerkit import calculate_icm

from benchmarks import size, target
from benchmarks.memory import own
from tdconsole.domain.money.icm import icm
from tdconsole.domain.money.payouts import generate_payouts

ENTRIES = size(10_000, 300)  # in the state view


def best_ms(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(median, best) wall time of `work` in milliseconds over `repeat` runs (one in a smoke run)."""
    times = []
    for _ in range(size(repeat, 1)):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def orders(players: int, payouts: int) -> int:
    return math.perm(players, payouts)


def main() -> None:
    draw = random.Random(6)

    median, best = best_ms(lambda: generate_payouts(1_000_000, 10_000, buy_in=100), 20)
    places = len(generate_payouts(1_000_000, 10_000, buy_in=100).payouts)
    print(
        f"payouts, 10,000 entries ({places} paid): median {median:.2f} ms, best {best:.2f} ms"
        f" ({target(median, 20, 'ms')})"
    )

    for players, limit, sample in ((10, 20, size(10, 3)), (12, 200, size(5, 3))):
        stacks = [draw.randint(5_000, 500_000) for _ in range(players)]
        payouts = sorted((draw.randint(1_000, 50_000) for _ in range(players)), reverse=True)
        median, best = best_ms(lambda s=stacks, p=payouts: icm(p, s), 10)
        print(
            f"ICM, {players} players x {players} payouts: median {median:.2f} ms, "
            f"best {best:.2f} ms ({target(median, limit, 'ms')})"
        )
        _, pk = best_ms(lambda s=stacks, p=payouts[:sample]: calculate_icm(p, s), 1)
        scale = orders(players, players) / orders(players, sample)
        ours = icm(payouts[:sample], stacks)
        theirs = calculate_icm(payouts[:sample], stacks)
        gap = max(abs(a - b) for a, b in zip(ours, theirs, strict=True))
        print(
            f"  pokerkit calculate_icm, same stacks x {sample} payouts: {pk:,.0f} ms "
            f"(largest difference from ours {gap:.1e}; no target)"
        )
        if scale > 1:
            print(
                f"  pokerkit x {players} payouts: ~{pk * scale / 1000:,.0f} s estimated "
                f"({orders(players, players):,} orders, {scale:,.0f} x the orders timed; no target)"
            )

    stacks = [draw.randint(5_000, 500_000) for _ in range(9)]
    payouts = [5000, 3000, 2000]
    median, _ = best_ms(lambda: icm(payouts, stacks), 20)
    pk_median, _ = best_ms(lambda: calculate_icm(payouts, stacks), 20)
    print(f"ICM, final table of 9, 3 payouts: ours {median:.3f} ms, pokerkit {pk_median:.3f} ms (no target)")
    state_with_payouts()
    print(own())


def state_with_payouts() -> None:
    """`state --json` with the money keys at festival size: 10,000 entries, half of them busted."""
    from datetime import UTC, datetime

    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
    from tdconsole.domain.commands import Bust, Register
    from tdconsole.domain.events import Envelope, TournamentCreated
    from tdconsole.domain.tournament import apply, decide, fold
    from tdconsole.views.tournament import state_view

    now = datetime(2026, 11, 27, 19, tzinfo=UTC)
    structure = load_structure(DEFAULT_STRUCTURE)
    created = TournamentCreated(name="Festival", game="NLHE", buy_in=1_000, fee=100,
                                starting_stack=structure.starting_stack, seats_per_table=9,
                                structure=structure)
    state = fold([Envelope(seq=1, time=now, actor="td", command_id="c0", event=created)])
    names = [f"Player {i:05}" for i in range(ENTRIES)]

    def run(command: Bust | Register, number: int) -> None:
        for event in decide(state, command, now):
            apply(state, Envelope(seq=state.last_seq + 1, time=now, actor="td",
                                  command_id=f"c{number}", event=event))

    run(Register(names=names), 1)
    for number, name in enumerate(names[:ENTRIES // 2], 2):
        run(Bust(names=[name]), number)
    median, best = best_ms(lambda: state_view(state, 1, now).model_dump(mode="json"), 10)
    paid = len(state_view(state, 1, now).payouts)
    print(f"state --json view, {ENTRIES:,} entries, {ENTRIES // 2:,} busted, {paid} paid: "
          f"median {median:.1f} ms, best {best:.1f} ms (no target)")


if __name__ == "__main__":
    main()

"""Benchmark for the hand calculators: a ten-way all-in with nine side pots (<= 1 ms) and 1,000 random hold'em
showdowns (<= 1 s); resolving the side pots by evaluating the hands has no target. The benchmark's own
process (it starts none) prints its peak RSS. Prints the figures; it asserts nothing (timings depend on
the machine)."""

from __future__ import annotations

import random
import time

from pokerkit import Deck

from benchmarks import size, target
from benchmarks.memory import own
from tdconsole.domain.calculators.pots import PotsInput, resolve_pots
from tdconsole.domain.calculators.showdown import showdown

SEATS = list(range(1, 11))
RUNS = size(2000, 20)
SHOWDOWNS = size(1000, 20)


def ten_way_all_in(rng: random.Random, with_hands: bool) -> PotsInput:
    """Ten players all-in for ten different amounts: a main pot and nine side pots."""
    amounts = rng.sample(range(1, 400), 10)
    data: dict[str, object] = {
        "button": rng.choice(SEATS), "seats": SEATS, "chip": 25,
        "contributions": {str(seat): 25 * amount
                          for seat, amount in zip(SEATS, amounts, strict=True)},
    }
    if with_hands:
        deck = [repr(card) for card in Deck.STANDARD]
        rng.shuffle(deck)
        data.update(game="holdem", board=" ".join(deck[:5]),
                    hands={str(seat): " ".join(deck[5 + 2 * i:7 + 2 * i])
                           for i, seat in enumerate(SEATS)})
    else:
        order = rng.sample(SEATS, 10)
        data["ranking"] = [order[:2], *([seat] for seat in order[2:])]
    return PotsInput.model_validate(data)


def time_pots(with_hands: bool, runs: int = RUNS) -> float:
    rng = random.Random(4)
    inputs = [ten_way_all_in(rng, with_hands) for _ in range(runs)]
    start = time.perf_counter()
    for pots_input in inputs:
        answer = resolve_pots(pots_input)
    elapsed = time.perf_counter() - start
    assert len(answer.pots) == 10
    return elapsed / runs * 1000


def time_showdowns(players: int, count: int = SHOWDOWNS) -> float:
    rng = random.Random(7)
    deck = list(Deck.STANDARD)
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        deals.append((deck[:5], {seat: deck[5 + 2 * seat:7 + 2 * seat] for seat in range(players)}))
    start = time.perf_counter()
    for board, hands in deals:
        showdown("holdem", board, hands, button=0)
    return time.perf_counter() - start


def main() -> None:
    ms = time_pots(False)
    print(f"ten-way all-in, nine side pots, by ranking: {ms:.3f} ms per resolution ({target(ms, 1, 'ms')})")
    print(f"ten-way all-in, nine side pots, evaluating ten hold'em hands: "
          f"{time_pots(True, RUNS // 4):.3f} ms per resolution (no target)")
    for players in (2, 6, 9):
        seconds = time_showdowns(players)
        print(f"{SHOWDOWNS:,} random hold'em showdowns, {players} players each: "
              f"{seconds:.3f} s ({target(seconds, 1, 's')})")
    print(own())


if __name__ == "__main__":
    main()

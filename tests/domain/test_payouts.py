"""Payouts: the club table and its checks, the generator, locked places, ties (T-ELIM-2)."""

from __future__ import annotations

import itertools
import json
import math
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.config.payout_tables import load_payout_tables, payout_table_names
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.money.payouts import (
    Payout,
    PayoutCurve,
    PayoutStructure,
    distribute,
    generate_payouts,
    places_paid,
    split_evenly,
    table_payouts,
    tied_prizes,
)
from tests.samples import examples


def structure(*amounts: int) -> PayoutStructure:
    return PayoutStructure(
        prize_pool=sum(amounts),
        payouts=[Payout(place=place, amount=amount) for place, amount in enumerate(amounts, 1)],
    )


def assert_sound(result: PayoutStructure, pool: int) -> None:
    amounts = result.amounts
    assert result.prize_pool == pool
    assert sum(amounts) == pool
    assert all(better >= worse for better, worse in itertools.pairwise(amounts))
    assert [payout.place for payout in result.payouts] == list(range(1, len(amounts) + 1))


# --- the club table ------------------------------------------------------------------------------


def test_club_table_ships_and_covers_2_to_200_entries() -> None:
    tables = load_payout_tables("club")
    assert "club" in payout_table_names()
    assert tables.ranges[0].min_entries == 2 and tables.ranges[-1].max_entries == 200
    assert all(sum(row.percents) == 100 for row in tables.ranges)


def test_club_table_60_entries_rounds_down_to_10_and_first_takes_the_rest() -> None:
    # 33/20/14/10.5/8/6.5/4.5/3.5 % of 9,000: 945 -> 940, 585 -> 580, 405 -> 400, 315 -> 310.
    result = table_payouts(9000, 60, load_payout_tables("club"))
    assert result.amounts == [2990, 1800, 1260, 940, 720, 580, 400, 310]
    assert_sound(result, 9000)


def test_club_table_has_no_range_for_300_entries() -> None:
    with pytest.raises(InvalidInput, match="no range for 300 entries"):
        table_payouts(30_000, 300, load_payout_tables("club"))


def test_unknown_payout_table_names_the_known_ones() -> None:
    with pytest.raises(NotFound, match=r"no payout table 'nope' \(known: .*club"):
        load_payout_tables("nope")


def write_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    (tmp_path / "payouts").mkdir()
    (tmp_path / "payouts" / "bad.toml").write_text('name = "Bad"\nunit = 10\n' + body)
    monkeypatch.setenv("TDCONSOLE_CONFIGS", str(tmp_path))


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "[[ranges]]\nmin_entries = 2\nmax_entries = 9\npercents = [60, 39]\n",
            r"bad\.toml: ranges\.0\.percents: .*sum to 99 %, not 100 %",
        ),
        (
            "[[ranges]]\nmin_entries = 2\nmax_entries = 9\npercents = [40, 60]\n",
            r"ranges\.0\.percents: .*place 2 \(60 %\) pays more than place 1",
        ),
        (
            "[[ranges]]\nmin_entries = 2\nmax_entries = 9\npercents = [100]\n"
            "[[ranges]]\nmin_entries = 11\nmax_entries = 20\npercents = [100]\n",
            "range 11-20 does not follow 2-9",
        ),
        (
            "[[ranges]]\nmin_entries = 2\nmax_entries = 9\npercents = [50, 30, 20]\n",
            "3 places paid but as few as 2 entries",
        ),
        (
            "[[ranges]]\nmin_entries = 2\nmax_entries = 9\npercents = [100, 0]\n",
            "above 0",
        ),
    ],
)
def test_bad_payout_table_is_one_line_naming_file_and_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, message: str
) -> None:
    write_table(tmp_path, monkeypatch, body)
    with pytest.raises(InvalidInput, match=message) as error:
        load_payout_tables("bad")
    assert "\n" not in str(error.value)


def test_decimal_percentages_sum_exactly() -> None:
    # 33.3 + 33.3 + 33.4 is exactly 100 in decimal (not in binary floating point).
    row = (
        load_payout_tables("club")
        .ranges[0]
        .model_validate({"min_entries": 3, "max_entries": 5, "percents": [33.4, 33.3, 33.3]})
    )
    assert row.percents == [Decimal("33.4"), Decimal("33.3"), Decimal("33.3")]


# --- the generator -------------------------------------------------------------------------------


def test_places_paid_are_the_share_of_entries_rounded_up() -> None:
    curve = PayoutCurve()
    assert [places_paid(n, curve) for n in (1, 2, 7, 20, 100, 101)] == [1, 1, 2, 3, 15, 16]
    assert places_paid(10_000, curve) == 1500


def test_generator_100_entries_is_a_smooth_curve_above_the_minimum_cash() -> None:
    result = generate_payouts(10_000, 100, buy_in=100)
    assert_sound(result, 10_000)
    assert len(result.payouts) == 15
    assert min(result.amounts) >= 150  # 1.5 x the buy-in
    assert all(amount % 10 == 0 for amount in result.amounts[1:])
    # The curve, not a step function: every place strictly below the one above it here.
    assert all(b > w for b, w in zip(result.amounts, result.amounts[1:], strict=False) if w > 300)


def test_generator_min_cash_is_rounded_up_to_the_unit() -> None:
    result = generate_payouts(1000, 20, buy_in=95, curve=PayoutCurve(unit=50))
    assert min(result.amounts) >= 150  # 1.5 x 95 = 142.5 -> 150


def test_generator_refuses_a_pool_too_small_for_the_minimum_cash() -> None:
    with pytest.raises(InvalidInput, match="prize pool 4000 cannot pay 15 places of at least 300"):
        generate_payouts(4000, 100, buy_in=200)


def test_generator_locked_first_place_keeps_its_amount_and_the_rest_still_sums() -> None:
    result = generate_payouts(10_000, 100, buy_in=100, locked={1: 3000})
    assert result.amount(1) == 3000
    assert_sound(result, 10_000)


def test_locked_place_above_a_better_place_is_refused() -> None:
    with pytest.raises(InvalidInput, match=r"place 2 would pay .* more than place 1"):
        generate_payouts(9000, 60, buy_in=150, locked={1: 2000}, curve=PayoutCurve(paid_share=0.1))


def test_locked_place_outside_the_places_paid_is_refused() -> None:
    with pytest.raises(InvalidInput, match="locked place 16 is not one of the 15 places paid"):
        generate_payouts(10_000, 100, buy_in=100, locked={16: 100})


def test_every_place_locked_must_sum_to_the_pool() -> None:
    assert distribute(100, [Fraction(1)] * 2, locked={1: 60, 2: 40}) == [60, 40]
    with pytest.raises(InvalidInput, match="every place is locked but they sum to 90, not 100"):
        distribute(100, [Fraction(1)] * 2, locked={1: 60, 2: 30})


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(
    entries=st.integers(1, 3000),
    buy_in=st.integers(0, 500),
    extra=st.integers(0, 10**6),
    share=st.sampled_from(["0.1", "0.15", "0.2", "1"]),
    multiple=st.sampled_from(["0", "1", "1.5", "2"]),
    unit=st.sampled_from([1, 5, 10, 50]),
    exponent=st.sampled_from([0.0, 0.7, 1.0, 1.5]),
)
def test_generator_sums_exactly_and_never_increases_with_place(
    entries: int, buy_in: int, extra: int, share: str, multiple: str, unit: int, exponent: float
) -> None:
    curve = PayoutCurve(
        paid_share=Decimal(share), min_cash_multiple=Decimal(multiple), unit=unit, exponent=exponent
    )
    places = places_paid(entries, curve)
    min_cash = max(unit, math.ceil(Decimal(multiple) * buy_in / unit) * unit)
    pool = min_cash * places + extra
    result = generate_payouts(pool, entries, buy_in, curve)
    assert_sound(result, pool)
    assert min(result.amounts) >= min_cash
    assert all(amount % unit == 0 for amount in result.amounts[1:])


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(
    percents=st.lists(st.integers(1, 1000), min_size=1, max_size=40),
    pool=st.integers(0, 10**7),
    unit=st.sampled_from([1, 10, 100]),
)
def test_distribute_by_any_weights_sums_exactly_and_never_increases(
    percents: list[int], pool: int, unit: int
) -> None:
    weights = [Fraction(p) for p in sorted(percents, reverse=True)]
    amounts = distribute(pool, weights, unit=unit)
    assert sum(amounts) == pool
    assert all(b >= w for b, w in itertools.pairwise(amounts))


# --- ties ----------------------------------------------------------------------------------------


def test_split_evenly_leftover_kroner_go_in_sorted_order_of_names() -> None:
    assert split_evenly(100, ["Cy", "Ann", "Bo"]) == {"Ann": 34, "Bo": 33, "Cy": 33}
    assert split_evenly(101, ["Bo", "Cy", "Ann"]) == {"Ann": 34, "Bo": 34, "Cy": 33}


def test_t_elim_2_tied_players_share_their_places_combined_money() -> None:
    payouts = structure(500, 300, 200, 100)
    assert tied_prizes(payouts, 3, ["X", "Y"]) == {"X": 150, "Y": 150}
    # A tie reaching past the places paid shares only the money there is (E1: 50th of 50 paid).
    assert tied_prizes(payouts, 4, ["X", "Y", "Z"]) == {"X": 34, "Y": 33, "Z": 33}


def test_split_rejects_nobody_and_the_same_player_twice() -> None:
    with pytest.raises(InvalidInput, match="nobody"):
        split_evenly(100, [])
    with pytest.raises(InvalidInput, match="twice"):
        split_evenly(100, ["Ann", "Ann"])


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(
    amounts=st.lists(st.integers(0, 10**5), min_size=1, max_size=30),
    first=st.integers(1, 35),
    tied=st.integers(1, 6),
)
def test_tied_shares_add_up_to_the_places_money_and_differ_by_at_most_one(
    amounts: list[int], first: int, tied: int
) -> None:
    payouts = structure(*sorted(amounts, reverse=True))
    names = [f"P{i}" for i in range(tied)]
    shares = tied_prizes(payouts, first, names)
    assert sum(shares.values()) == sum(payouts.amount(p) for p in range(first, first + tied))
    assert max(shares.values()) - min(shares.values()) <= 1


# --- golden file: the structures people read ------------------------------------------------------

GOLDEN = Path(__file__).parent / "golden" / "payouts.json"


def golden_cases() -> list[tuple[str, list[int]]]:
    return list(json.loads(GOLDEN.read_text()).items())


@pytest.mark.parametrize(("case", "expected"), golden_cases())
def test_payouts_match_the_reviewed_golden_file(case: str, expected: list[int]) -> None:
    # A change here changes what players are paid: review the diff of golden/payouts.json.
    words = case.split()
    if words[0] == "generator":
        entries, pool, buy_in = int(words[1]), int(words[4].rstrip(",")), int(words[6])
        result = generate_payouts(pool, entries, buy_in)
    else:
        entries, pool = int(words[2]), int(words[5])
        result = table_payouts(pool, entries, load_payout_tables("club"))
    assert result.amounts == expected
    assert_sound(result, pool)


def test_steep_curve_over_ten_thousand_places_still_pays_every_place() -> None:
    curve = PayoutCurve(paid_share=Decimal(1), exponent=4, unit=1)
    result = generate_payouts(1_000_000, 10_000, curve=curve)
    assert len(result.payouts) == 10_000 and min(result.amounts) >= 1
    assert_sound(result, 1_000_000)

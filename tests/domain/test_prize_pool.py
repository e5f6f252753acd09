"""The prize pool: prize part and fee, re-entries /add-ons (T-REG-1), rake, guarantee, bounties."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.money.prize_pool import EntryPrices, prize_pool
from tests.samples import examples


def test_buy_ins_re_entries_and_add_ons_go_to_the_pool_and_the_fee_is_kept_apart() -> None:
    prices = EntryPrices(buy_in=250, fee=50, add_on=100, add_on_fee=20)
    money = prize_pool(prices, buy_ins=40, re_entries=10, add_ons=20)
    assert money.entries == 50
    assert money.prize_part == 50 * 250 + 20 * 100 == 14_500
    assert money.fees == 50 * 50 + 20 * 20 == 2900
    assert money.collected == 17_400
    assert money.prize_pool == 14_500
    assert (money.rake, money.overlay, money.bounties) == (0, 0, 0)


def test_t_reg_1_re_entries_may_be_priced_apart() -> None:
    prices = EntryPrices(buy_in=250, fee=50, re_entry=200, re_entry_fee=30)
    money = prize_pool(prices, buy_ins=10, re_entries=5)
    assert (money.prize_part, money.fees) == (2500 + 1000, 500 + 150)


def test_rake_percent_is_rounded_down_to_the_krone_in_the_players_favour() -> None:
    money = prize_pool(EntryPrices(buy_in=201, rake_percent=Decimal("10")), buy_ins=5)
    assert (money.prize_part, money.rake, money.prize_pool) == (1005, 100, 905)


def test_guarantee_is_made_up_by_the_overlay() -> None:
    money = prize_pool(EntryPrices(buy_in=200, fee=20, guarantee=10_000), buy_ins=30)
    assert (money.prize_part, money.overlay, money.prize_pool) == (6000, 4000, 10_000)
    money = prize_pool(EntryPrices(buy_in=200, guarantee=10_000), buy_ins=60)
    assert (money.overlay, money.prize_pool) == (0, 12_000)


def test_t_bounty_1_fixed_bounties_are_collected_apart_from_the_prize_pool() -> None:
    money = prize_pool(EntryPrices(buy_in=200, fee=50, bounty=100), buy_ins=20, re_entries=4)
    assert money.bounties == 24 * 100
    assert money.prize_pool == 24 * 200
    assert money.collected == 24 * 350


@pytest.mark.parametrize("field", ["buy_ins", "re_entries", "add_ons"])
def test_negative_counts_are_refused(field: str) -> None:
    counts = {"buy_ins": 1, "re_entries": 0, "add_ons": 0, field: -1}
    with pytest.raises(InvalidInput, match="must not be negative"):
        prize_pool(EntryPrices(buy_in=100), **counts)


def test_negative_prices_and_a_rake_over_100_percent_are_refused() -> None:
    with pytest.raises(ValueError, match="buy_in"):
        EntryPrices(buy_in=-1)
    with pytest.raises(ValueError, match="rake_percent"):
        EntryPrices(buy_in=100, rake_percent=Decimal("101"))


@pytest.mark.long
@settings(max_examples=examples(300), deadline=None)
@given(
    prices=st.builds(
        EntryPrices,
        buy_in=st.integers(0, 5000),
        fee=st.integers(0, 500),
        re_entry=st.one_of(st.none(), st.integers(0, 5000)),
        add_on=st.integers(0, 5000),
        add_on_fee=st.integers(0, 500),
        bounty=st.integers(0, 1000),
        rake_percent=st.decimals(0, 100, places=2),
        guarantee=st.integers(0, 10**6),
    ),
    buy_ins=st.integers(0, 10_000),
    re_entries=st.integers(0, 2000),
    add_ons=st.integers(0, 5000),
)
def test_every_figure_adds_up_to_the_krone(
    prices: EntryPrices, buy_ins: int, re_entries: int, add_ons: int
) -> None:
    money = prize_pool(prices, buy_ins, re_entries, add_ons)
    assert money.collected == money.prize_part + money.fees + money.bounties
    assert money.prize_pool == money.prize_part - money.rake + money.overlay
    assert money.prize_pool >= money.guarantee
    assert 0 <= money.rake <= money.prize_part * prices.rake_percent / 100 < money.rake + 1

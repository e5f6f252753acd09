"""The prize pool: what the entries pay, split into prize money, the house's fee and rake, and
fixed bounties; a guarantee and the overlay that makes it up (T-REG-1 for re-entries, T-BOUNTY-1,
T-REBUY-1..4 for rebuys: each one's price and fee, like an add-on's, goes in, and in a PKO its
bounty part, T-PKO-6; it adds no entry).

Money is whole kroner. Every figure adds up:
    collected  = prize_part + fees + bounties
    prize_pool = prize_part - rake + bounties_to_pool + overlay
A disqualified player's bounty goes to the prize pool (T-PKO-4: `bounties_to_pool`). The rake
(a percentage of the prize part) is rounded *down* to the krone: a fraction of a krone stays with
the players. The guarantee is on the prize pool alone (bounties are not part of it).
"""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

import math
from decimal import Decimal
from typing import Literal

from pydantic import Field

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.model import Frozen

# T-REBUY-3: who may rebuy: only a player who has lost every chip, or one at or below the
# starting stack.
RebuyWho = Literal["busted", "starting-stack"]


class RebuySettings(Frozen):
    """The rebuys on offer (T-REBUY-1..4). Off until a period is set: to the end of a level, or to
    the first break. The numbers' stated ranges are checked when the TD sets them
    (money/handlers.check_amounts), not here: an older log must always fold."""

    until_level: int | None = Field(default=None, ge=1)  # T-REBUY-1: through the end of this level
    until_break: bool = False  # T-REBUY-1: until the first break begins
    price: int = Field(default=0, ge=0)  # the prize part of one rebuy
    fee: int = Field(default=0, ge=0)  # kept by the house, like a buy-in's fee
    chips: int | None = Field(default=None, gt=0)  # None: the starting stack
    limit: int | None = Field(default=None, ge=1)  # T-REBUY-2: per player; None: no limit
    who: RebuyWho = "busted"  # T-REBUY-3
    double: bool = False  # T-REBUY-4: two rebuys at once
    # T-PKO-6: the bounty part of one rebuy in a PKO, onto the rebuyer's head; None: the starting
    # bounty (`MoneySettings.rebuy_bounty` says what applies).
    bounty: int | None = Field(default=None, ge=0)

    @property
    def offered(self) -> bool:
        return self.until_level is not None or self.until_break


class PriceExtras(Frozen):
    """Prices beyond the buy-in, bounty, rake and guarantee: shared by `EntryPrices` and the
    tournament's logged money settings."""

    # T-REG-1: re-entries may be priced apart; None = like a buy-in.
    re_entry: int | None = Field(default=None, ge=0)
    re_entry_fee: int | None = Field(default=None, ge=0)
    add_on: int = Field(default=0, ge=0)
    add_on_fee: int = Field(default=0, ge=0)
    # T-BOUNTY-1: a fixed bounty on every entry (buy-in or re-entry), paid to whoever knocks it out.
    bounty: int = Field(default=0, ge=0)
    rake_percent: Decimal = Field(default=Decimal(0), ge=0, le=100)
    guarantee: int = Field(default=0, ge=0)
    rebuy: RebuySettings = Field(default_factory=RebuySettings)  # not an instance: see model.Frozen


class EntryPrices(PriceExtras):
    """What one buy-in, re-entry and add-on costs, part by part (an event's money settings)."""

    buy_in: int = Field(ge=0)  # prize part of a buy-in
    fee: int = Field(default=0, ge=0)  # kept by the house, never in the prize pool


class PrizePool(Frozen):
    entries: int  # buy-ins + re-entries: each has its own place
    rebuys: int = 0  # T-REBUY-1: each rebuy's price in the prize part, its fee in the fees
    add_ons: int = 0
    collected: int
    prize_part: int
    fees: int
    rake: int
    bounties: int
    guarantee: int
    overlay: int
    prize_pool: int
    bounties_to_pool: int = 0  # T-PKO-4: disqualified players' bounties


def prize_pool(
    prices: EntryPrices, buy_ins: int, re_entries: int = 0, add_ons: int = 0, rebuys: int = 0, *,
    bounties_to_pool: int = 0,
) -> PrizePool:
    """The money of an event with these counts of buy-ins, re-entries, add-ons and rebuys.

    Twenty buy-ins of 300 + 50 and five add-ons of 100 + 10, with a 5,000 guarantee: the fees are the
    house's, and the prize pool is the prize parts, never less than the guarantee.

    >>> prices = EntryPrices(buy_in=300, fee=50, add_on=100, add_on_fee=10, guarantee=5_000)
    >>> pool = prize_pool(prices, 10, add_ons=5)
    >>> pool.collected, pool.fees, pool.prize_part, pool.overlay, pool.prize_pool
    (4050, 550, 3500, 1500, 5000)
    >>> prize_pool(prices, 20, add_ons=5).overlay
    0
    >>> prize_pool(prices, -1)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: buy-ins must not be negative, not -1
    """
    for what, count in (("buy-ins", buy_ins), ("re-entries", re_entries), ("add-ons", add_ons),
                        ("rebuys", rebuys)):
        if count < 0:
            raise InvalidInput("{what} must not be negative, not {count}", what=what, count=count)
    re_entry = prices.buy_in if prices.re_entry is None else prices.re_entry
    re_entry_fee = prices.fee if prices.re_entry_fee is None else prices.re_entry_fee
    entries = buy_ins + re_entries
    rebuy = prices.rebuy
    prize_part = (buy_ins * prices.buy_in + re_entries * re_entry + add_ons * prices.add_on
                  + rebuys * rebuy.price)
    fees = (buy_ins * prices.fee + re_entries * re_entry_fee + add_ons * prices.add_on_fee
            + rebuys * rebuy.fee)
    # `prices` as `handlers.prices` gives them: a rebuy's bounty part already resolved (T-PKO-6).
    bounties = entries * prices.bounty + rebuys * (rebuy.bounty or 0)
    rake = math.floor(prize_part * prices.rake_percent / 100)
    overlay = max(0, prices.guarantee - (prize_part - rake + bounties_to_pool))
    return PrizePool(
        entries=entries,
        rebuys=rebuys,
        add_ons=add_ons,
        collected=prize_part + fees + bounties,
        prize_part=prize_part,
        fees=fees,
        rake=rake,
        bounties=bounties,
        guarantee=prices.guarantee,
        overlay=overlay,
        prize_pool=prize_part - rake + bounties_to_pool + overlay,
        bounties_to_pool=bounties_to_pool,
    )

"""A tournament's money settings: prices beyond the buy-in, bounty, rake, guarantee, the chips a
re-entry and an add-on give, and how the payouts are made (a payout table copied into the log, or
the generator's curve), locked places and the pay jumps where the TD wants hand-for-hand (T-H4H-1).

The buy-in's prize part and the fee are the tournament's own (`TournamentCreated`); these settings
are logged by `money set`, so a replay never reads a file that may have changed since.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from tdconsole.domain.money.payouts import PayoutCurve, PayoutTables
from tdconsole.domain.money.prize_pool import PriceExtras


class MoneySettings(PriceExtras):
    # None = the generator with `curve`; else this table (a copy: editing the file later does not
    # change a running tournament).
    table: PayoutTables | None = None
    curve: PayoutCurve = PayoutCurve()
    # place -> amount the TD fixed; the rest of the pool is shared by the table or the curve.
    locked: dict[int, int] = Field(default_factory=dict)
    # T-H4H-1: places where hand-for-hand is suggested besides the bubble.
    pay_jumps: list[int] = Field(default_factory=list)
    # The chips each re-entry (T-REG-1) and each add-on puts in play; None = the starting stack.
    re_entry_chips: int | None = Field(default=None, gt=0)
    add_on_chips: int | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _positive(self) -> MoneySettings:
        for place, amount in self.locked.items():
            if place < 1 or amount < 0:
                raise ValueError(f"locked place {place}={amount}: the place must be 1 or more "
                                 "and the amount at least 0")
        if any(jump < 1 for jump in self.pay_jumps):
            raise ValueError("a pay jump is a place, 1 or more")
        return self

"""A tournament's money settings: prices beyond the buy-in, bounty, rake, guarantee, the chips a
re-entry and an add-on give, and how the payouts are made (a payout table copied into the log, or
the generator's curve), locked places and the pay jumps where the TD wants hand-for-hand (T-H4H-1).

The buy-in's prize part and the fee are the tournament's own (`TournamentCreated`); these settings
are logged by `money set`, so a replay never reads a file that may have changed since.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from tdconsole.domain.model import empty_dict, empty_list
from tdconsole.domain.money.payouts import PayoutCurve, PayoutTables
from tdconsole.domain.money.prize_pool import PriceExtras


class MoneySettings(PriceExtras):
    # None = the generator with `curve`; else this table (a copy: editing the file later does not
    # change a running tournament).
    table: PayoutTables | None = None
    curve: PayoutCurve = Field(default_factory=PayoutCurve)  # not an instance: see model.Frozen
    # place -> amount the TD fixed; the rest of the pool is shared by the table or the curve.
    locked: dict[int, int] = Field(default_factory=empty_dict)
    # T-H4H-1: places where hand-for-hand is suggested besides the bubble.
    pay_jumps: list[int] = Field(default_factory=empty_list)
    # The chips each re-entry (T-REG-1) and each add-on puts in play; None = the starting stack.
    re_entry_chips: int | None = Field(default=None, gt=0)
    add_on_chips: int | None = Field(default=None, gt=0)
    # T-ADDON-1: where an add-on is sold: at the break the structure marks for it (`Break.add_on`),
    # unless a window of levels is stated: from the start of `add_on_from_level` (None: level 1)
    # through the end of `add_on_until_level` (None: the last level), the breaks inside it included.
    # T-ADDON-2: add-ons per player, once by default; None: no limit.
    # Their ranges are checked when the TD sets them (money/handlers.check_amounts), not here: an
    # older log must always fold.
    add_on_from_level: int | None = None
    add_on_until_level: int | None = None
    add_on_limit: int | None = 1
    # A progressive knockout (T-PKO-1): the percent of a knocked-out bounty the knocker takes in
    # cash, the rest onto his own head; None = a fixed bounty (T-BOUNTY-1). The starting bounty is
    # `bounty`. Cash is paid in whole `pko_unit`s, the rounding remainder onto the head.
    pko_share: int | None = Field(default=None, ge=0, le=100)
    pko_unit: int = Field(default=5, ge=1)
    # A satellite (T-SAT-1): the prizes are seats of this value (the target event's buy-in and
    # fee); None = a cash tournament. The cash left over goes to the next place ("next") or is
    # shared by the seat winners ("shared"); a winner who already holds a seat of this value takes
    # its cash value or a second ticket (T-SAT-3); deals only if the TD allows them (T-SAT-5).
    satellite_seat: int | None = Field(default=None, gt=0)
    satellite_remainder: Literal["next", "shared"] = "next"
    satellite_holder: Literal["cash", "ticket"] = "cash"
    satellite_deals: bool = False

    @property
    def add_on_window(self) -> bool:
        """T-ADDON-1: the add-on is sold in a stated window of levels, not at the marked break."""
        return self.add_on_from_level is not None or self.add_on_until_level is not None

    @property
    def rebuy_bounty(self) -> int:
        """T-PKO-6: the bounty part of one rebuy, onto the rebuyer's own head: as set, else the
        starting bounty, as an entry's; none with a fixed bounty (T-BOUNTY-1: every knockout pays
        the same, so a rebuy has nothing to add to)."""
        if self.pko_share is None:
            return 0
        return self.bounty if self.rebuy.bounty is None else self.rebuy.bounty

    @model_validator(mode="after")
    def _positive(self) -> MoneySettings:
        for place, amount in self.locked.items():
            if place < 1 or amount < 0:
                raise ValueError(f"locked place {place}={amount}: the place must be 1 or more "
                                 "and the amount at least 0")
        if any(jump < 1 for jump in self.pay_jumps):
            raise ValueError("a pay jump is a place, 1 or more")

        return self

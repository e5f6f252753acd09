"""A clock call on a player: the countdown, the warning, and the ruling at zero (C-CLOCK-1, TDA 29).

Club C-CLOCK-1: 60 s, a warning when 10 s remain, the hand dead at zero. TDA 29 (2024): 25 s, then a
5 s countdown; at zero the hand is dead facing a bet, otherwise a check; a tie goes to the player.
Both are `HouseRules.clock_call`; the ruling at zero is the `clock-call` scenario's, so the
catalogue stays the one place that says what happens.
"""

from __future__ import annotations

from datetime import datetime

from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.floor.rulings import Scenario, Suggestion, suggest
from tdconsole.domain.house_rules import ClockCallRules, HouseRules
from tdconsole.domain.model import Frozen

SCENARIO = "clock-call"


class ClockCallState(Frozen):
    total_seconds: int
    remaining_seconds: float
    warning: bool  # the warning is due (club), or the final countdown runs (TDA)
    expired: bool
    # At zero: the ruling to propose and log (H-DEAD-D / TDA 29); None while time remains.
    ruling: Suggestion | None
    rules: RuleIds


def total_seconds(rules: ClockCallRules) -> int:
    """The whole time a player has: the warning falls within it (club) or is added to it (TDA)."""
    return rules.seconds + (rules.warning_seconds if rules.countdown == "added" else 0)


def answers_at_zero(facing_bet: bool) -> dict[str, str]:
    """The `clock-call` scenario's answers once the time has run out."""
    return {"expired": "yes", "facing_bet": "yes" if facing_bet else "no"}


def clock_call_state(*, called_at: datetime, now: datetime, facing_bet: bool, house: HouseRules,
                     scenario: Scenario) -> ClockCallState:
    """Where a clock call called at `called_at` stands at `now` (`scenario` is `clock-call`)."""
    if scenario.id != SCENARIO:
        raise InvalidInput(
            "a clock call rules by the {SCENARIO!r} scenario, not {id!r}", SCENARIO=SCENARIO,
            id=scenario.id,
        )
    elapsed = (now - called_at).total_seconds()
    if elapsed < 0:
        raise InvalidInput("now is before the clock was called")
    total = total_seconds(house.clock_call)
    remaining = max(0.0, total - elapsed)
    # TDA 29: a tie goes to the player, so the time is out only once zero has passed.
    expired = elapsed > total
    cited = ["C-CLOCK-1", "TDA 29"] if house.clock_call.countdown == "within" else ["TDA 29"]
    ruling = suggest(scenario, answers_at_zero(facing_bet), house) if expired else None
    return ClockCallState(
        total_seconds=total,
        remaining_seconds=remaining,
        warning=not expired and remaining <= house.clock_call.warning_seconds,
        expired=expired,
        ruling=ruling,
        rules=ruling.rules if ruling else cited,
    )

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
    """The whole time a player has: the warning falls within it (club) or is added to it (TDA).

    >>> from tdconsole.domain.house_rules import ClockCallRules
    >>> total_seconds(ClockCallRules())  # the club's warning falls within the minute
    60
    >>> total_seconds(ClockCallRules(seconds=25, warning_seconds=5, countdown="added"))  # TDA 29
    30
    """
    return rules.seconds + (rules.warning_seconds if rules.countdown == "added" else 0)


def answers_at_zero(facing_bet: bool) -> dict[str, str]:
    """The `clock-call` scenario's answers once the time has run out.

    >>> answers_at_zero(facing_bet=False)
    {'expired': 'yes', 'facing_bet': 'no'}
    """
    return {"expired": "yes", "facing_bet": "yes" if facing_bet else "no"}


def clock_call_state(*, called_at: datetime, now: datetime, facing_bet: bool, house: HouseRules,
                     scenario: Scenario) -> ClockCallState:
    """Where a clock call called at `called_at` stands at `now` (`scenario` is `clock-call`).

    C-CLOCK-1: sixty seconds, a warning at ten; at zero facing a bet the hand is dead (H-DEAD-D). A
    tie goes to the player (TDA 29): the time is out once zero has passed.

    >>> from tdconsole.domain.examples import at, clock_call
    >>> from tdconsole.domain.house_rules import HouseRules
    >>> def after(seconds: int) -> ClockCallState:
    ...     return clock_call_state(called_at=at(0), now=at(seconds), facing_bet=True, house=HouseRules(),
    ...                             scenario=clock_call())
    >>> (after(30).remaining_seconds, after(30).warning), (after(55).remaining_seconds, after(55).warning)
    ((30.0, False), (5.0, True))
    >>> after(60).expired, after(61).expired
    (False, True)
    >>> after(61).ruling.ruling, after(61).rules
    ('The hand is dead: the time ran out.', ['C-CLOCK-1', 'H-DEAD-D', 'TDA 29'])
    """
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

"""Mystery bounties (T-MYSTERY-1, docs/FORMATS.md): the bounty pool in sealed envelopes of the
house's amounts, shuffled once by a draw recorded in the log (as the seats are drawn), one opened by
each knockout from a stated level on (`players/busts.py` opens it). An undone knockout puts its
envelope back where it lay, so the knockout made again opens the same one, and a replay reads the
order from the log: it never draws again."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import Event, MysteryBountiesSet
from tdconsole.domain.money.bounties import MysteryPool

if TYPE_CHECKING:
    from tdconsole.domain.commands import SetMysteryBounties
    from tdconsole.domain.state import TournamentState


def decide_set_mystery(state: TournamentState, command: SetMysteryBounties, now: datetime) -> list[Event]:
    """The house's envelopes shuffled by the command's draw, opened from `from_level` on.

    >>> from tdconsole.domain.commands import SetMysteryBounties
    >>> from random import Random
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> decide_set_mystery(t.state, SetMysteryBounties(envelopes=[100, 500, 200], from_level=2
    ...                                                ).with_rng(Random(1)), T0)
    [MysteryBountiesSet(type='mystery_bounties_set', envelopes=[500, 200, 100], from_level=2, seed=None)]

    A progressive knockout's bounties ride on the players' heads: it has no envelopes.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100, pko_share=50)))
    >>> decide_set_mystery(t.state, SetMysteryBounties(envelopes=[100]).with_rng(Random(1)), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-MYSTERY-1: a progressive knockout's bounties ride on the
    players' heads (T-PKO-1): no envelopes
    """
    if state.money.pko_share is not None:
        raise RuleViolation("T-MYSTERY-1", "a progressive knockout's bounties ride on the players' heads "
                            "(T-PKO-1): no envelopes")
    levels = len(state.info.structure.levels)
    if command.from_level > levels:
        raise RuleViolation("T-MYSTERY-1", "there is no level {level}; the structure has {count} levels",
                            level=command.from_level, count=levels, field="from_level")
    if state.mystery is not None and state.mystery.opened:
        raise RuleViolation("T-MYSTERY-1", "{count} envelopes are opened already: undo those knockouts "
                            "first", count=len(state.mystery.opened))
    order = list(command.envelopes)
    command.rng.shuffle(order)  # the draw, recorded: a replay reads the order, never shuffles again
    return [MysteryBountiesSet(envelopes=order, from_level=command.from_level, seed=command.seed)]


def apply_mystery_set(state: TournamentState, event: MysteryBountiesSet, now: datetime) -> None:
    state.mystery = MysteryPool(envelopes=list(event.envelopes), from_level=event.from_level, opened=[])

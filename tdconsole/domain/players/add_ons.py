"""Add-ons (T-ADDON-1/2): chips bought once more, by a player still in, where the night sells them;
the price goes into the prize pool and the chips into play (`money/handlers.py`).

* T-ADDON-1: sold at the break the structure marks for it (`Break.add_on`), or, when the money
  settings state one, in a window of levels instead (the breaks inside it included; the break
  after its last level already counts as closed, as T-REBUY-1 and T-REG-1 count theirs).
* T-ADDON-2: once per player by default; the money settings may set another limit, or none.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.structure import Break, Structure
from tdconsole.domain.errors import InvalidInput, RuleViolation, TdError
from tdconsole.domain.events import AddOnBought, Event
from tdconsole.domain.money.cash import recorded_payment, stated_method
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.state import Player, TournamentState

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import AddOn


@dataclass(frozen=True, slots=True)
class AddOnWindow:
    """Where T-ADDON-1 sells the add-on: the periods `first`..`last` of the structure (a stated
    window), or the marked breaks `breaks` (none: the structure marks no add-on break)."""

    first: int | None
    last: int | None
    breaks: tuple[int, ...]

    def open_at(self, period: int) -> bool:
        if self.first is not None and self.last is not None:
            return self.first <= period <= self.last
        return period in self.breaks


def add_on_window(structure: Structure, money: MoneySettings) -> AddOnWindow:
    """T-ADDON-1: the stated window of levels when the money settings give one, else the breaks the
    structure marks for the add-on.

    >>> from tdconsole.domain.examples import STRUCTURE
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> add_on_window(STRUCTURE, MoneySettings(add_on=100))
    AddOnWindow(first=None, last=None, breaks=(2,))
    >>> add_on_window(STRUCTURE, MoneySettings(add_on=100, add_on_until_level=2))
    AddOnWindow(first=0, last=1, breaks=())
    """
    if money.add_on_window:
        levels = len(structure.levels)

        def period(level: int) -> int:  # a level the structure has (a later structure may be shorter)
            return structure.period_of_level(max(1, min(level, levels)))

        return AddOnWindow(period(money.add_on_from_level or 1),
                           period(money.add_on_until_level or levels), ())
    return AddOnWindow(None, None, tuple(index for index, period in enumerate(structure.periods)
                                         if isinstance(period, Break) and period.add_on))


def add_on_sold(state: TournamentState) -> bool:
    """Whether the tournament sells an add-on at all: a price, and somewhere to sell it (T-ADDON-1).
    The clock, the TV and the announcements say nothing of an add-on the night does not sell.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> add_on_sold(t.state)
    False
    >>> _ = t.do(SetMoney(settings=MoneySettings(add_on=100)))
    >>> add_on_sold(t.state)
    True
    """
    if not state.money.add_on:
        return False
    window = add_on_window(state.info.structure, state.money)
    return window.first is not None or bool(window.breaks)


def add_on_open(state: TournamentState, now: datetime) -> bool:
    """T-ADDON-1: an add-on is sold now (the clock's period; before it starts, level 1).

    The add-on break comes after level 2's forty minutes (T-ADDON-1):

    >>> from tdconsole.domain.commands import ClockStart, SetMoney
    >>> from tdconsole.domain.examples import at, tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(SetMoney(settings=MoneySettings(add_on=100)))
    >>> _ = t.do(ClockStart())
    >>> add_on_open(t.state, at(39 * 60)), add_on_open(t.state, at(41 * 60))
    (False, True)
    """
    if not add_on_sold(state) or state.status == "finished":
        return False
    structure = state.info.structure
    period = clock_ops.read(structure, state.clock, now).period
    return add_on_window(structure, state.money).open_at(period)


def add_ons_left(state: TournamentState, player: Player) -> int | None:
    """T-ADDON-2: how many more add-ons the player may buy; None: no limit.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann")
    >>> add_ons_left(t.state, t.state.find("Ann"))
    1
    """
    limit = state.money.add_on_limit
    return None if limit is None else max(0, limit - player.add_ons)


def decide_add_on(state: TournamentState, command: AddOn, now: datetime) -> list[Event]:
    """T-ADDON-1: sold at the break the structure marks; T-ADDON-2: once per player by default.

    >>> from tdconsole.domain.commands import AddOn, ClockStart, SetMoney
    >>> from tdconsole.domain.examples import at, tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> decide_add_on(t.state, AddOn(names=["Ann"]), at(0))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: no add-on is on sale: set its price first in the money settings
    >>> _ = t.do(SetMoney(settings=MoneySettings(add_on=100)))
    >>> _ = t.do(ClockStart())
    >>> decide_add_on(t.state, AddOn(names=["Ann"]), at(60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-ADDON-1: the add-on is sold at the break after level 2, not
    now
    >>> [event.type for event in t.do(AddOn(names=["Ann"]), seconds=41 * 60)]
    ['add_on_bought']
    >>> decide_add_on(t.state, AddOn(names=["Ann"]), at(42 * 60))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-ADDON-2: Ann has bought 1 of 1 add-ons (the limit per player
    in the money settings)
    """
    if not state.money.add_on:
        raise TdError("no add-on is on sale: set its price first in the money settings")
    method = stated_method(state, command.paid, command.unpaid)  # the cash desk's, checked first
    players = [state.still_in(name) for name in command.names]
    if len({player.id for player in players}) != len(players):
        raise InvalidInput("the same player is named twice")
    if not add_on_open(state, now):
        raise _closed(state)
    for player in players:
        if add_ons_left(state, player) == 0:
            raise RuleViolation("T-ADDON-2", "{name} has bought {had} of {limit} add-ons (the limit per "
                                "player in the money settings)", name=player.name, had=player.add_ons,
                                limit=state.money.add_on_limit)
    events: list[Event] = []
    for player in players:
        events.append(AddOnBought(player_id=player.id))
        # The cash desk names each player's add-ons in order (`cash.dues`): this one is his next.
        events += recorded_payment(player.id, [f"add-on:{player.add_ons + 1}"], method, command.unpaid)
    return events


def _closed(state: TournamentState) -> RuleViolation:
    """T-ADDON-1's refusal: where the add-on is sold, since it is not sold now."""
    structure = state.info.structure
    window = add_on_window(structure, state.money)
    if window.first is not None and window.last is not None:
        return RuleViolation("T-ADDON-1", "the add-on is sold from level {first} through level {last}, "
                             "not now", first=structure.shown_level(window.first),
                             last=structure.shown_level(window.last))
    if window.breaks:
        return RuleViolation("T-ADDON-1", "the add-on is sold at the break after level {levels}, not "
                             "now", levels=", ".join(str(structure.shown_level(index) - 1)
                                                     for index in window.breaks))
    return RuleViolation("T-ADDON-1", "the structure marks no break for the add-on: mark one, or "
                         "state a window of levels for it in the money settings")


def apply_added_on(state: TournamentState, event: AddOnBought, now: datetime) -> None:
    state.players[event.player_id].add_ons += 1

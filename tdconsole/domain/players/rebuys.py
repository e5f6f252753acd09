"""Rebuys (T-REBUY-1..5): in the rebuy period a player buys chips again and keeps his entry, his
seat and his place in the field; the price goes into the prize pool and the chips into play
(`money/handlers.py`).

* T-REBUY-1: the period runs through the end of a set level, or until the first break begins; the
  break after the level already counts as closed (as T-REG-1 for late registration).
* T-REBUY-2: a per-player limit, or none.
* T-REBUY-3: who may rebuy: only a player who has lost every chip (the club's default), or one at
  or below the starting stack (a setting).
* T-REBUY-4: a double rebuy (two at once) only when the settings allow it; it counts two.
* T-REBUY-5: the cash-game rule of 001 (an all-in loser makes up his missed blinds before he buys
  chips again) does not apply to a tournament rebuy: the blinds are posted by position, never
  owed, so nothing is collected here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.structure import Break, Structure
from tdconsole.domain.commands import Rebuy
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import Event, Rebought
from tdconsole.domain.limits import CHIPS
from tdconsole.domain.money.prize_pool import RebuySettings
from tdconsole.domain.state import Player, TournamentState


def last_level(structure: Structure, rebuy: RebuySettings) -> int | None:
    """The last level in which rebuys are sold (T-REBUY-1); None when none are offered, or when the
    period is "until the first break" and the structure has none (then it never closes)."""
    levels: list[int] = []
    if rebuy.until_level is not None:
        levels.append(rebuy.until_level)
    if rebuy.until_break:
        first = next((index for index, period in enumerate(structure.periods)
                      if isinstance(period, Break)), None)
        if first is not None:
            levels.append(structure.shown_level(first) - 1)
    return min(levels) if levels else None


def rebuy_open(state: TournamentState, now: datetime) -> bool:
    """T-REBUY-1: rebuys are sold now (before the clock starts too: the period has not begun)."""
    rebuy = state.money.rebuy
    if not rebuy.offered or state.status == "finished":
        return False
    last = last_level(state.info.structure, rebuy)
    if last is None or not state.clock.started:
        return True
    structure = state.info.structure
    return structure.shown_level(clock_ops.read(structure, state.clock, now).period) <= last


def rebuys_left(state: TournamentState, player: Player) -> int | None:
    """T-REBUY-2: how many more rebuys the player may buy; None: no limit."""
    limit = state.money.rebuy.limit
    return None if limit is None else max(0, limit - player.rebuys)


def may_rebuy(state: TournamentState, player: Player, now: datetime) -> bool:
    """Whether the player could rebuy now on busting (the TUI and the remote ask him then)."""
    left = rebuys_left(state, player)
    return state.is_in(player) and rebuy_open(state, now) and (left is None or left > 0)


@dataclass(frozen=True, slots=True)
class RebuyStatus:
    """What the clock and the TV say about rebuys: on offer, open now, until which level, counts."""

    offered: bool
    open: bool
    until_level: int | None
    until_break: bool
    rebuys: int
    add_ons: int


def rebuy_status(state: TournamentState, now: datetime) -> RebuyStatus:
    rebuy = state.money.rebuy
    players = state.players.values()
    return RebuyStatus(offered=rebuy.offered, open=rebuy_open(state, now),
                       until_level=last_level(state.info.structure, rebuy), until_break=rebuy.until_break,
                       rebuys=sum(player.rebuys for player in players),
                       add_ons=sum(player.add_ons for player in players))


def decide_rebuy(state: TournamentState, command: Rebuy, now: datetime) -> list[Event]:
    rebuy = state.money.rebuy
    if not rebuy.offered:
        raise RuleViolation("T-REBUY-1", "this tournament sells no rebuys; set a rebuy period in the "
                            "money settings first")
    busted = state.find(command.name)
    if busted.status == "busted":
        raise RuleViolation("T-REBUY-1", "{name} has busted (place {place}); a rebuy is bought instead "
                            "of the bust: undo the bust first", name=busted.name, place=busted.place)
    player = state.still_in(command.name)
    if not rebuy_open(state, now):
        last = last_level(state.info.structure, rebuy)
        raise RuleViolation("T-REBUY-1", "{name} cannot rebuy: the rebuy period ended with level "
                            "{level}", name=player.name, level=last)
    count = 2 if command.double else 1
    if command.double and not rebuy.double:
        raise RuleViolation("T-REBUY-4", "{name} cannot rebuy double: this tournament sells one rebuy "
                            "at a time", name=player.name)
    left = rebuys_left(state, player)
    if left is not None and count > left:
        raise RuleViolation("T-REBUY-2", "{name} has bought {had} of {limit} rebuys; {asked} more is "
                            "over the limit", name=player.name, had=player.rebuys, limit=rebuy.limit,
                            asked=count)
    stack = CHIPS.check("the stack", command.stack, field="stack", player=player.name)
    starting = state.info.starting_stack
    if rebuy.who == "busted" and stack > 0:
        raise RuleViolation("T-REBUY-3", "{name} still has {stack} chips; only a player who has lost "
                            "every chip may rebuy", name=player.name, stack=stack)
    if stack > starting:
        raise RuleViolation("T-REBUY-3", "{name} has {stack} chips, above the starting stack of "
                            "{starting}; a rebuy is sold at or below it", name=player.name, stack=stack,
                            starting=starting)
    return [Rebought(player_id=player.id, count=count, stack=stack)]


def apply_rebought(state: TournamentState, event: Rebought, now: datetime) -> None:
    player = state.players[event.player_id]
    player.rebuys += event.count
    # A count taken before the rebuy no longer says his stack.
    state.chips.pop(event.player_id, None)

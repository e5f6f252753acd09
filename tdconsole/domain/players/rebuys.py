"""Rebuys (T-REBUY-1..5): in the rebuy period a player buys chips again and keeps his entry, his
seat and his place in the field; the price goes into the prize pool and the chips into play
(`money/handlers.py`).

* T-REBUY-1: the period runs through the end of a set level, or until the first break begins; the
  break after the level already counts as closed (as T-REG-1 for late registration). A player who
  busted in the period may rebuy after the bust (`rebuy NAME`, no undo that a later command could
  block): the bust is set aside (`BustSetAside`: the places after his move back, a PKO's knockers
  keep their bounty, a fixed bounty is taken back) and he sits in the seat he left if it is still
  free, else in one drawn like a late entry's. Bought instead of the bust with who knocked him out
  (`rebuy NAME --knocked-out-by A`), a PKO's knockout stands as after the bust (T-PKO-6): A is
  paid the same whichever route the TD took; a fixed bounty is paid by neither.
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
from typing import TYPE_CHECKING

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.structure import Break, Structure
from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation
from tdconsole.domain.event_log import events, undone_commands
from tdconsole.domain.events import BustSetAside, Event, PlayerBusted, PlayerSeated, Rebought
from tdconsole.domain.limits import CHIPS
from tdconsole.domain.money.cash import Paid, paid_so_far, recorded_payment, stated_method
from tdconsole.domain.money.prize_pool import RebuySettings
from tdconsole.domain.players import busts
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating import tables
from tdconsole.domain.state import Player, TournamentState
from tdconsole.domain.text import name_key

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import Rebuy


def last_level(structure: Structure, rebuy: RebuySettings) -> int | None:
    """The last level in which rebuys are sold (T-REBUY-1); None when none are offered, or when the
    period is "until the first break" and the structure has none (then it never closes).

    >>> from tdconsole.domain.examples import STRUCTURE
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> last_level(STRUCTURE, RebuySettings(until_level=1))
    1
    >>> last_level(STRUCTURE, RebuySettings(until_break=True))  # the break comes after level 2
    2
    >>> last_level(STRUCTURE, RebuySettings()) is None
    True
    """
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
    """T-REBUY-1: rebuys are sold now (before the clock starts too: the period has not begun).

    >>> from tdconsole.domain.commands import ClockStart, SetMoney
    >>> from tdconsole.domain.examples import at, tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(SetMoney(settings=MoneySettings(rebuy=RebuySettings(until_level=1, price=300))))
    >>> _ = t.do(ClockStart())
    >>> rebuy_open(t.state, at(19 * 60)), rebuy_open(t.state, at(21 * 60))
    (True, False)
    """
    rebuy = state.money.rebuy
    if not rebuy.offered or state.status == "finished":
        return False
    last = last_level(state.info.structure, rebuy)
    if last is None or not state.clock.started:
        return True
    structure = state.info.structure
    return structure.shown_level(clock_ops.read(structure, state.clock, now).period) <= last


def rebuys_left(state: TournamentState, player: Player) -> int | None:
    """T-REBUY-2: how many more rebuys the player may buy; None: no limit.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> rebuys_left(t.state, t.state.find("Ann")) is None
    True
    >>> _ = t.do(SetMoney(settings=MoneySettings(rebuy=RebuySettings(until_level=1, limit=2))))
    >>> rebuys_left(t.state, t.state.find("Ann"))
    2
    """
    limit = state.money.rebuy.limit
    return None if limit is None else max(0, limit - player.rebuys)


def may_rebuy(state: TournamentState, player: Player, now: datetime) -> bool:
    """Whether the player could rebuy now: on busting (the TUI and the remote ask him then), or
    after his bust (T-REBUY-1: not disqualified, and his latest entry).

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> may_rebuy(t.state, t.state.find("Ann"), T0)
    False
    >>> _ = t.do(SetMoney(settings=MoneySettings(rebuy=RebuySettings(until_level=1))))
    >>> may_rebuy(t.state, t.state.find("Ann"), T0)
    True
    """
    left = rebuys_left(state, player)
    after_bust = (player.status == "busted" and not player.disqualified
                  and state.by_name.get(name_key(player.name)) == player.id)
    return (state.is_in(player) or after_bust) and rebuy_open(state, now) and (left is None or left > 0)


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
    """What the clock and the TV show of the rebuys (T-REBUY-1): on offer, open now, until which level.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(SetMoney(settings=MoneySettings(rebuy=RebuySettings(until_break=True))))
    >>> status = rebuy_status(t.state, T0)
    >>> status.offered, status.open, status.until_level, status.rebuys
    (True, True, 2, 0)
    """
    rebuy = state.money.rebuy
    players = state.players.values()
    return RebuyStatus(offered=rebuy.offered, open=rebuy_open(state, now),
                       until_level=last_level(state.info.structure, rebuy), until_break=rebuy.until_break,
                       rebuys=sum(player.rebuys for player in players),
                       add_ons=sum(player.add_ons for player in players))


def decide_rebuy(state: TournamentState, command: Rebuy, now: datetime) -> list[Event]:
    """T-REBUY-1..4: sold in the rebuy period, to a player who has lost every chip (or, as the house
    says, is at or below the starting stack), within the limit, double only where allowed.

    >>> from tdconsole.domain.commands import Bust, Rebuy, SetMoney
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> decide_rebuy(t.state, Rebuy(name="Ann"), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REBUY-1: this tournament sells no rebuys; set a rebuy period in
    the money settings first
    >>> _ = t.do(SetMoney(settings=MoneySettings(rebuy=RebuySettings(until_level=1, price=300, limit=1))))
    >>> [event.type for event in decide_rebuy(t.state, Rebuy(name="Ann"), T0)]
    ['rebought']
    >>> decide_rebuy(t.state, Rebuy(name="Ann", stack=2_000), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REBUY-3: Ann still has 2000 chips; only a player who has lost
    every chip may rebuy
    >>> decide_rebuy(t.state, Rebuy(name="Ann", double=True), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REBUY-4: Ann cannot rebuy double: this tournament sells one
    rebuy at a time

    After his bust the rebuy sets the bust aside and he plays on:

    >>> _ = t.do(Bust(names=["Cy"]))
    >>> [event.type for event in decide_rebuy(t.state, Rebuy(name="Cy"), T0)]
    ['bust_set_aside', 'rebought']
    >>> _ = t.do(Rebuy(name="Cy"))
    >>> decide_rebuy(t.state, Rebuy(name="Cy"), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REBUY-2: Cy has bought 1 of 1 rebuys; 1 more is over the limit
    """
    rebuy = state.money.rebuy
    if not rebuy.offered:
        raise RuleViolation("T-REBUY-1", "this tournament sells no rebuys; set a rebuy period in the "
                            "money settings first")
    method = stated_method(state, command.paid, command.unpaid)  # the cash desk's, checked first
    player = _rebuyer(state, command.name)
    busted = player.status == "busted"
    if not rebuy_open(state, now):
        last = last_level(state.info.structure, rebuy)
        if busted:
            raise RuleViolation("T-REBUY-1", "{name} cannot rebuy: the rebuy period ended with level "
                                "{level}; the bust stands (place {place})", name=player.name, level=last,
                                place=player.place)
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
    if busted and stack > 0:
        raise RuleViolation("T-REBUY-3", "{name} has busted: he rebuys with no chips left, not {stack}",
                            name=player.name, stack=stack, field="stack")
    starting = state.info.starting_stack
    if rebuy.who == "busted" and stack > 0:
        raise RuleViolation("T-REBUY-3", "{name} still has {stack} chips; only a player who has lost "
                            "every chip may rebuy", name=player.name, stack=stack)
    if stack > starting:
        raise RuleViolation("T-REBUY-3", "{name} has {stack} chips, above the starting stack of "
                            "{starting}; a rebuy is sold at or below it", name=player.name, stack=stack,
                            starting=starting)
    aside: list[Event] = [set_aside(state, player)] if busted else []
    bought = instead_of_bust(state, player, command.knocked_out_by, stack,
                             Rebought(player_id=player.id, count=count, stack=stack))
    # The cash desk names each player's rebuys in order (`cash.dues`): these are his next.
    paid = recorded_payment(player.id, [f"rebuy:{player.rebuys + n}" for n in range(1, count + 1)],
                            method, command.unpaid)
    seat = seat_again(state, player, command) if busted else []
    return [*aside, bought, *paid, *seat]


def instead_of_bust(state: TournamentState, player: Player, by: list[str], stack: int,
                    bought: Rebought) -> Rebought:
    """The rebuy bought instead of the bust, with who knocked him out in that hand (T-PKO-6): in a
    progressive knockout what `bust --by` and a rebuy after it leave, whichever screen the TD used:
    the knockers take his whole bounty (T-PKO-1/2, cash and head) and his head starts again with
    the rebuy's part. A fixed bounty (T-BOUNTY-1) stays on his entry: a bust set aside by a rebuy
    takes its knockout back, so the names are only recorded.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.events import Rebought
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100, rebuy=RebuySettings(until_level=1))))
    >>> cy = t.state.find("Cy")
    >>> bought = instead_of_bust(t.state, cy, ["Ann"], 0, Rebought(player_id=cy.id, count=1, stack=0))
    >>> bought.knocked_out_by, bought.knockout
    (['p1'], False)
    >>> instead_of_bust(t.state, cy, ["Ann"], 500, Rebought(player_id=cy.id, count=1, stack=500))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: Cy still has 500 chips: not knocked out
    """
    if not by:
        return bought
    if player.status == "busted":
        raise InvalidInput("{name}'s bust already names the knockers; a rebuy after the bust leaves "
                           "that knockout as it is (T-PKO-6)", name=player.name,
                           field="knocked_out_by")
    if stack > 0:
        raise InvalidInput("{name} still has {stack} chips: not knocked out", name=player.name,
                           stack=stack, field="knocked_out_by")
    knockers = busts.named_knockers(state, [player], by, "knocked_out_by")
    if state.money.pko_share is None:
        return bought.model_copy(update={"knocked_out_by": knockers})
    # Not the last hand even heads-up (T-PKO-3): he plays on, so the knockers share it by T-PKO-1/2.
    lost = state.bounty_on_head(player)
    knocked = busts.pko_knockout(state, lost, knockers)
    return bought.model_copy(update={"knocked_out_by": knockers, "knockout": True, "bounty": knocked.cash,
                                     "head": knocked.head, "head_lost": lost})


def _rebuyer(state: TournamentState, name: str) -> Player:
    """The player a rebuy names: one still in (a prefix or typo matched among them, as every
    command does), else one busted, who rebuys after his bust (T-REBUY-1)."""
    try:
        player = state.find(name, among=state.is_in)
    except NotFound:
        player = state.find(name)
    h4h = state.hand_for_hand
    if h4h is not None and player.id in h4h.pending:
        raise RuleViolation("T-H4H-1", "{name} has busted in this hand-for-hand hand: he is placed when "
                            "every table has finished it, and may rebuy then", name=player.name)
    if player.status != "busted":
        return player
    if player.disqualified:
        raise RuleViolation("C-PEN-1", "{name} was disqualified (place {place}); a disqualified player "
                            "does not rebuy", name=player.name, place=player.place)
    if state.by_name.get(name_key(player.name)) != player.id:
        raise RuleViolation("T-REBUY-1", "{name}'s entry {entry} has busted and he has re-entered; the "
                            "rebuy is for the entry still playing", name=player.name, entry=player.entry)
    return player


def set_aside(state: TournamentState, player: Player) -> BustSetAside:
    """T-REBUY-1: the bust a rebuy after it sets aside. In a progressive knockout the knockers keep
    the bounty they won, cash and head (T-PKO-1: the knockout was made); it leaves his head, which
    starts again with the rebuy's part (T-PKO-6). A fixed bounty (T-BOUNTY-1) is taken back with
    the knockout: a rebuy buys none (T-PKO-6), so the entry's one bounty stays on his head for
    whoever knocks him out for good, as when he rebuys instead of busting.

    >>> from tdconsole.domain.commands import Bust, SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100, rebuy=RebuySettings(until_level=1))))
    >>> _ = t.do(Bust(names=["Cy"], by=["Ann"]))
    >>> aside = set_aside(t.state, t.state.find("Cy"))
    >>> aside.place, aside.knockouts, aside.bounty
    (3, ['p1'], {'p1': 100})
    """
    assert player.place is not None
    aside = BustSetAside(player_id=player.id, place=player.place, last_place=player.last_place)
    money = state.money
    if money.pko_share is not None:
        head = money.bounty + player.rebuys * money.rebuy_bounty + player.bounty_added
        return aside.model_copy(update={"head": head})
    bust = _standing_bust(state, player)
    if bust is None:
        return aside
    paid = paid_so_far(state)
    for knocker, cash in bust.bounty.items():
        had = state.players[knocker]
        if cash and paid.get(knocker, Paid()).bounty > had.bounties - cash:
            raise RuleViolation("T-PAY-1", "{knocker} has been paid the bounty for knocking out {name}: "
                                "undo the pay-out first", knocker=had.name, name=player.name)
    return aside.model_copy(update={"knockouts": list(bust.knocked_out_by), "bounty": dict(bust.bounty),
                                    "envelope": bust.envelope})


def _standing_bust(state: TournamentState, player: Player) -> PlayerBusted | None:
    """The bust that put `player` out: his last one still standing in the log."""
    undone = undone_commands(state.log)
    found = None
    for envelope in events(state.log, PlayerBusted):
        event = envelope.event
        if isinstance(event, PlayerBusted) and event.player_id == player.id \
                and envelope.command_id not in undone:
            found = event
    return found


def seat_again(state: TournamentState, player: Player, command: Rebuy) -> list[Event]:
    """Where a player rebuying after his bust sits (T-REBUY-1): the seat he left if it is still
    free, else a seat drawn like a late entry's (TDA 8A, T-MOVE-2); before the draw, none.

    >>> from tdconsole.domain.commands import Bust, Rebuy
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy", tables=1)
    >>> seat = t.state.find("Cy").seat
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> events = seat_again(t.state, t.state.find("Cy"), Rebuy(name="Cy"))
    >>> [(event.table, event.seat == seat) for event in events]
    [(1, True)]
    """
    if not state.room:
        return []
    spot = player.left_seat
    table = state.room.get(spot[0]) if spot is not None else None
    if spot is not None and table is not None and table.status == "open" and spot[1] in table.free_seats:
        return [PlayerSeated(player_id=player.id, table=spot[0], seat=spot[1],
                             waits=tables.waits_if_seated(table, spot[1], player.name))]
    return seating.seat_new_entries(state, [(player.id, player.name)], command)


def apply_bust_set_aside(state: TournamentState, event: BustSetAside, now: datetime) -> None:
    """He is in again: those who busted after him finish a place lower, and a tie he shared
    (T-ELIM-2) is shared by the others alone."""
    player = state.players[event.player_id]
    place, last = event.place, event.last_place
    tied = {player_id for player_id in state.busted if player_id != player.id and last is not None
            and (state.players[player_id].place, state.players[player_id].last_place) == (place, last)}
    for player_id in state.busted:
        other = state.players[player_id]
        if player_id in tied:
            other.place, other.last_place = (last, None) if len(tied) == 1 else (place + 1, last)
        elif other.place is not None and other.place < place:
            other.place += 1
            if other.last_place is not None:
                other.last_place += 1
    state.busted.remove(player.id)
    state.players_left += 1
    player.status, player.place, player.last_place, player.placed_last = "registered", None, None, False
    for knocker in event.knockouts:
        state.players[knocker].knockouts -= 1
        state.players[knocker].bought_back += 1
    for knocker, cash in event.bounty.items():
        state.players[knocker].bounties -= cash
    player.bounty_added -= event.head
    if event.envelope is not None and state.mystery is not None:  # T-MYSTERY-1: sealed again
        state.mystery.opened.remove(event.envelope)
    if state.deal is not None and not state.deal.approved:
        state.deal = None  # a proposal was for the players who were left (T-DEAL-1)


def apply_rebought(state: TournamentState, event: Rebought, now: datetime) -> None:
    player = state.players[event.player_id]
    player.rebuys += event.count
    if event.knockout:  # T-PKO-6: as `apply_busted` pays a knockout and `apply_bust_set_aside` keeps it
        busts.credit_knockout(state, event.knocked_out_by, event.bounty, event.head)
        player.bounty_added -= event.head_lost
    else:
        for knocker in event.knocked_out_by:
            state.players[knocker].bought_back += 1
    # A count taken before the rebuy no longer says his stack.
    state.forget_chips(event.player_id)

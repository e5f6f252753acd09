"""Busts through the log: places of same-hand busts (T-ELIM-1/2/3 via `place_busts`), knockouts
and bounties (T-BOUNTY-1), re-entries (T-REG-1); add-ons are in `add_ons.py`.

During hand-for-hand a bust is only reported (`HandForHandBust`); it is placed with the others of
its hand when every table has finished it (`hand_for_hand.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.clock import handlers as clock_handlers
from tdconsole.domain.clock import late_registration
from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.errors import InvalidInput, NotFound, RuleViolation, TdError
from tdconsole.domain.events import (
    ClockPaused,
    Event,
    HandForHandBust,
    PlayerBusted,
    PlayerReentered,
)
from tdconsole.domain.house_rules import EliminationRules
from tdconsole.domain.limits import CHIPS
from tdconsole.domain.money import bounties
from tdconsole.domain.players import alternates, eliminations, registration, satellites
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating import shootout
from tdconsole.domain.seating.tables import with_opening_hand
from tdconsole.domain.seats import clockwise_from
from tdconsole.domain.state import Player, TournamentState, match_name
from tdconsole.domain.text import name_key

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import Bust, Reenter


def _stacks(players: Sequence[Player], stacks: dict[str, int]) -> dict[str, int]:
    """name -> chips given for this hand, as player id -> chips; names not busted are an error."""
    by_key = {name_key(player.name): player for player in players}
    chips: dict[str, int] = {}
    for name, stack in stacks.items():
        try:  # the same matcher as the names: "Anna=12000" is Anna Bo when she busts here
            player = match_name(name, by_key)
        except NotFound as error:
            raise InvalidInput("not one of the players busted here{offer}", offer=_offer(str(error)),
                               field="stack", player=name.strip()) from None
        except InvalidInput as error:
            error.field = "stack"  # the matcher's own refusal, about this field's name
            raise
        if player.id in chips:
            raise InvalidInput("the stack is given twice", field="stack", player=player.name)
        if stack <= 0:
            raise InvalidInput("a starting stack must be above 0, not {stack}", stack=stack, field="stack",
                               player=player.name)
        CHIPS.check("the starting stack", stack, field="stack", player=player.name)
        chips[player.id] = stack
    return chips


def _offer(refusal: str) -> str:
    """The "did you mean" part of a matcher's refusal, if any."""
    _, found, offer = refusal.partition("; did you mean")
    return f"; did you mean{offer}" if found else ""


def _still_in(state: TournamentState, names: Sequence[str], field: str) -> list[Player]:
    """The players still in named in the request's `field`; a refusal names that field."""
    try:
        return [state.still_in(name) for name in names]
    except TdError as error:
        error.field = error.field or field
        raise


def named_knockers(state: TournamentState, players: Sequence[Player], by: Sequence[str],
                   field: str) -> list[str]:
    """The ids of the players still in named as knocking `players` out (a bust's `by`, a rebuy's
    instead of the bust): each once, none of them himself; a refusal names the request's `field`.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> cy = t.state.find("Cy")
    >>> named_knockers(t.state, [cy], ["ann", "Bo"], "by")
    ['p1', 'p2']
    >>> named_knockers(t.state, [cy], ["Cy"], "by")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a player cannot knock themselves out
    """
    knockers = _still_in(state, by, field)
    if len({player.id for player in knockers}) != len(knockers):
        raise InvalidInput("the same knocker is named twice", field=field)
    if {player.id for player in knockers} & {player.id for player in players}:
        raise InvalidInput("a player cannot knock themselves out", field=field)
    return [player.id for player in knockers]


def pko_knockout(state: TournamentState, bounty: int, knockers: Sequence[str]) -> bounties.Knockout:
    """T-PKO-1/2: a progressive knockout's `bounty` shared by its `knockers` in S-ODD-1's order.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100, pko_share=50)))
    >>> pko_knockout(t.state, 100, ["p1"])
    Knockout(cash={'p1': 50}, head={'p1': 50})
    """
    share = state.money.pko_share
    assert share is not None
    return bounties.knockout(bounty, clockwise(state, knockers), share, state.money.pko_unit)


def decide_bust(state: TournamentState, command: Bust, now: datetime) -> list[Event]:
    """T-ELIM-1/2/3: the players of one hand leave, placed by the players left, the bigger starting
    stack placed higher; a player not in, or the last one, is refused.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", "Cy", "Di")
    >>> [(event.player_id, event.place) for event in decide_bust(t.state, Bust(names=["Di"]), T0)]
    [('p4', 4)]

    Two busted in one hand: the one who started it with more chips finishes higher (T-ELIM-1), the
    same stack ties (T-ELIM-2):

    >>> bust = Bust(names=["Cy", "Di"], stacks={"Cy": 900, "Di": 2_500})
    >>> [(event.player_id, event.place) for event in decide_bust(t.state, bust, T0)]
    [('p4', 3), ('p3', 4)]
    >>> bust = Bust(names=["Cy", "Di"], stacks={"Cy": 900, "Di": 900})
    >>> [(event.place, event.last_place, event.rules) for event in decide_bust(t.state, bust, T0)]
    [(3, 4, ['T-ELIM-2']), (3, 4, ['T-ELIM-2'])]

    Nobody unknown, nobody twice, never the winner:

    >>> decide_bust(t.state, Bust(names=["Anna"]), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: no player named 'Anna'; did you mean Ann?
    >>> decide_bust(t.state, Bust(names=["Bo", "bo"]), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the same player is named twice
    >>> decide_bust(t.state, Bust(names=["Ann", "Bo", "Cy", "Di"]), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: 4 players are left; at least one must remain to win

    A player already out is not busted again; a disqualified player is knocked out by nobody
    (C-PEN-1); an unplaced bust has no stack to rank it by (T-ELIM-3):

    >>> _ = t.do(Bust(names=["Di"]))
    >>> decide_bust(t.state, Bust(names=["Di"]), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: Di has already busted (place 4)
    >>> decide_bust(t.state, Bust(names=["Cy"], by=["Ann"], disqualified=True), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a disqualified player is knocked out by nobody (C-PEN-1)
    >>> decide_bust(t.state, Bust(names=["Cy"], stacks={"Cy": 500}, unplaced=True), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a starting stack ranks busts by their chips; an unplaced bust
    has no place to establish (T-ELIM-3)

    In a progressive knockout the bounty goes to whoever knocked the player out: the TD says who
    (T-PKO-1).

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> pko = tournament("Ann", "Bo", "Cy")
    >>> _ = pko.do(SetMoney(settings=MoneySettings(bounty=100, pko_share=50)))
    >>> decide_bust(pko.state, Bust(names=["Cy"]), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-PKO-1: Cy's bounty goes to whoever knocked the player out:
    say who, or disqualify
    >>> [(event.knocked_out_by, event.bounty, event.head) for event in
    ...  decide_bust(pko.state, Bust(names=["Cy"], by=["Ann"]), T0)]
    [(['p1'], {'p1': 50}, {'p1': 50})]
    """
    satellites.refuse_when_over(state)  # T-SAT-2
    clock_handlers.refuse_when_finished(state)  # T-END-1: the winner is not busted
    players = _still_in(state, command.names, "names")
    if len({player.id for player in players}) != len(players):
        raise InvalidInput("the same player is named twice", field="names")
    shootout.refuse_bust(state, players)  # T-SHOOT-2: a table plays down to its winners
    stacks = _stacks(players, command.stacks)
    if command.unplaced and stacks:
        raise InvalidInput("a starting stack ranks busts by their chips; an unplaced bust has no place "
                           "to establish (T-ELIM-3)", field="stack")
    knocker_ids = named_knockers(state, players, command.by, "by")
    knockers = [state.players[knocker] for knocker in knocker_ids]
    h4h = state.hand_for_hand
    pending = len(h4h.pending) if h4h else 0
    left = state.players_left
    if len(players) + pending >= left:
        raise TdError("{left} players are left; at least one must remain to win", left=left)
    if command.disqualified and knockers:
        raise InvalidInput("a disqualified player is knocked out by nobody (C-PEN-1)", field="by")
    if command.disqualified and (stacks or command.unplaced):
        raise InvalidInput("a disqualified player is placed on leaving, not by the stack (C-PEN-1)",
                           field="stack")
    if (state.money.pko_share is not None and not knockers and not command.disqualified
            and len(players) + pending < left - 1):
        raise RuleViolation("T-PKO-1", "{name}'s bounty goes to whoever knocked the player out: say who, "
                            "or disqualify", name=players[0].name, field="by")
    if command.disqualified:
        if h4h is not None and h4h.pending:
            raise RuleViolation("T-H4H-1", "disqualify between hand-for-hand hands, once every table "
                                "has finished this one")
        busts = [eliminations.Bust(name=player.id) for player in players]
        placements = eliminations.place_busts(busts, left, EliminationRules(), "hand")
        return _ends(state, players, busted_events(state, placements, {}, disqualified=True))
    if command.unplaced:
        # T-ELIM-3: last of those still unplaced, the pending hand-for-hand busts included (they
        # are still counted in), so placed now; several such tie (nothing tells them apart).
        busts = [eliminations.Bust(name=player.id, unplaced=True) for player in players]
        placements = eliminations.place_busts(busts, left, EliminationRules(), "hand")
        return _ends(state, players, busted_events(
            state, placements, {player.id: knocker_ids for player in players}, placed_last=True, now=now))
    if h4h is not None:
        return [HandForHandBust(player_id=player.id, table=_table(state, player, command.table),
                                stack=stacks.get(player.id), knocked_out_by=knocker_ids)
                for player in players]
    busts = [eliminations.Bust(name=player.id, stack=stacks.get(player.id)) for player in players]
    # An ordinary hand at one table: the house setting for tables is not consulted.
    placements = eliminations.place_busts(busts, left, EliminationRules(), "hand")
    events = busted_events(state, placements, {player.id: knocker_ids for player in players}, now=now)
    return _ends(state, players, events)


def _ends(state: TournamentState, players: Sequence[Player], events: list[Event]) -> list[Event]:
    """The busts' events, and the end of the tournament with them: one player left, or a
    satellite's players left no more than its seats (T-SAT-2). Its clock stops with it, in the same
    command, so undoing the bust runs the clock again."""
    ended = satellites.ended(state, events)
    if (ended or len(players) == state.players_left - 1) and state.clock.running:
        return [*events, *ended, ClockPaused()]
    return [*events, *ended]


def _table(state: TournamentState, player: Player, given: int | None) -> int:
    h4h = state.hand_for_hand
    assert h4h is not None
    table = player.table if player.table is not None else given
    if table is None:
        if len(h4h.started.tables) > 1:
            raise InvalidInput("hand-for-hand: no seat on record; give the table", field="table",
                               player=player.name)
        table = h4h.started.tables[0]
    if table not in h4h.started.tables:
        raise NotFound(
            "table {table} is not in hand-for-hand (tables {names})", table=table,
            names=', '.join(map(str, h4h.started.tables)),
        )
    if table in h4h.tables_done:
        raise RuleViolation(
            "T-H4H-1",
            "table {table} has finished this hand; its next bust belongs to the next hand, once every "
            "table has finished this one", table=table,
        )
    return table


def busted_events(state: TournamentState, placements: Sequence[eliminations.Placement],
                  knockers: dict[str, list[str]], *, placed_last: bool = False,
                  disqualified: bool = False, now: datetime | None = None) -> list[Event]:
    """PlayerBusted for each placement (its `name` is the player id), bounties split (T-BOUNTY-1)
    or, in a progressive knockout, shared in cash and onto the knockers' heads (T-PKO-1/2/3); a
    disqualified player's bounty goes to the prize pool (T-PKO-4).

    The PlayerBusted of each placement: a fixed bounty to the knocker (T-BOUNTY-1).

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> from tdconsole.domain.players.eliminations import Placement
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100)))
    >>> [busted] = busted_events(t.state, [Placement(name="p3", place=3, last_place=3, rules=[])],
    ...                          {"p3": ["p1"]})
    >>> busted.place, busted.knocked_out_by, busted.bounty
    (3, ['p1'], {'p1': 100})
    """
    money = state.money
    added: dict[str, int] = {}  # heads grown by this hand's earlier knockouts

    def head(player_id: str) -> int:
        return state.bounty_on_head(state.players[player_id]) + added.get(player_id, 0)

    placed = {placement.name for placement in placements}
    winner = None
    if state.players_left - len(placements) == 1:  # the last hand
        winner = next(player.id for player in state.players.values()
                      if player.status != "busted" and player.id not in placed)
    events: list[Event] = []
    opened: list[int] = []  # T-MYSTERY-1: the envelopes this hand's earlier knockouts drew
    for index, placement in enumerate(placements):
        by = knockers.get(placement.name, [])
        knocked = bounties.Knockout({}, {})
        envelope = None
        to_pool = head(placement.name) if disqualified else 0
        if money.pko_share is not None and winner is not None:
            # T-PKO-3: the winner takes the runner-up's whole bounty (unless disqualified: T-PKO-4)
            # and, once, his own, in cash.
            by = [] if disqualified else [winner]
            own = head(winner) if index == len(placements) - 1 else 0
            knocked = bounties.last_hand(0 if disqualified else head(placement.name), winner, own)
        elif disqualified:
            pass
        elif money.pko_share is not None and by:
            knocked = pko_knockout(state, head(placement.name), by)
        elif state.mystery is not None:
            # T-MYSTERY-1: from the stated level a knockout opens the next sealed envelope; before
            # it, and once none is left, a knockout pays nothing (the bounty money stays in the pool).
            envelope = mystery_envelope(state, now, opened) if by else None
            if envelope is not None:
                opened.append(envelope)
                knocked = _split(state, state.mystery.envelopes[envelope], by)
        elif by and money.bounty:
            knocked = _split(state, money.bounty, by)
        for knocker, amount in knocked.head.items():
            added[knocker] = added.get(knocker, 0) + amount
        events.append(PlayerBusted(
            player_id=placement.name, place=placement.place,
            last_place=placement.last_place if placement.tied else None,
            rules=placement.rules, knocked_out_by=by, bounty=knocked.cash, placed_last=placed_last,
            head=knocked.head, disqualified=disqualified, to_pool=to_pool, envelope=envelope,
        ))
    return events


def _split(state: TournamentState, bounty: int, by: Sequence[str]) -> bounties.Knockout:
    # T-BOUNTY-1: a split pot's knockers share the bounty.
    names = {state.players[knocker].name: knocker for knocker in by}
    shares = eliminations.split_bounty(bounty, list(names))
    return bounties.Knockout({names[name]: share for name, share in shares.items()}, {})


def mystery_envelope(state: TournamentState, now: datetime | None, opened: Sequence[int] = ()) -> int | None:
    """T-MYSTERY-1: the position of the envelope a knockout at `now` opens: the next of the shuffled
    ones, from the stated level on; None before it, when none is left, or without mystery bounties.

    >>> from tdconsole.domain.commands import ClockStart, SetMysteryBounties
    >>> from tdconsole.domain.examples import T0, at, tournament
    >>> from random import Random
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(ClockStart())
    >>> _ = t.do(SetMysteryBounties(envelopes=[100, 500, 200], from_level=2).with_rng(Random(1)))
    >>> t.state.mystery.envelopes
    [500, 200, 100]
    >>> mystery_envelope(t.state, at(60)), mystery_envelope(t.state, at(21 * 60))  # level 1, level 2
    (None, 0)
    """
    pool = state.mystery
    if pool is None or now is None:
        return None
    reading = clock_ops.advance(state.info.structure, state.clock, now)
    if state.info.structure.shown_level(reading.period) < pool.from_level:
        return None
    return pool.next_envelope(opened)


def clockwise(state: TournamentState, knockers: Sequence[str]) -> list[str]:
    """T-PKO-2: the winners of a split pot in S-ODD-1's order, clockwise from the first seat left
    of their table's button; winners not seated at one table by sorted name (T-BOUNTY-1).

    T-PKO-2: a split pot's winners in the order the odd chip goes, clockwise from the button.

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy", tables=1)
    >>> [(name, t.state.find(name).seat) for name in ("Ann", "Bo", "Cy")], t.state.room[1].hand.button
    ([('Ann', 5), ('Bo', 9), ('Cy', 1)], 1)
    >>> clockwise(t.state, ["p1", "p2", "p3"])
    ['p1', 'p2', 'p3']
    >>> clockwise(t.state, ["p3", "p2"])
    ['p2', 'p3']
    """
    players = [state.players[knocker] for knocker in knockers]
    by_name = sorted(knockers, key=lambda knocker: name_key(state.players[knocker].name))
    number = players[0].table
    table = state.room.get(number) if number is not None else None
    if table is None or any(player.table != number or player.seat is None for player in players):
        return by_name
    hand = with_opening_hand(table, state.house_rules).hand
    if hand is None:
        return by_name
    seats = {player.seat: player.id for player in players if player.seat is not None}
    return [seats[seat] for seat in clockwise_from(hand.button, seats)]


def credit_knockout(state: TournamentState, knocked_out_by: Iterable[str], bounty: Mapping[str, int],
                    head: Mapping[str, int]) -> None:
    """Each knocker's knockout, the bounty he takes in cash and what goes onto his own head
    (T-BOUNTY-1, T-PKO-1): a bust's, or a rebuy's bought instead of it (T-PKO-6).

    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> credit_knockout(t.state, ["p1"], {"p1": 50}, {"p1": 50})
    >>> ann = t.state.find("Ann")
    >>> ann.knockouts, ann.bounties, ann.bounty_added
    (1, 50, 50)
    """
    for knocker in knocked_out_by:
        state.players[knocker].knockouts += 1
    for knocker, cash in bounty.items():
        state.players[knocker].bounties += cash
    for knocker, onto_head in head.items():
        state.players[knocker].bounty_added += onto_head


def apply_busted(state: TournamentState, event: PlayerBusted, now: datetime) -> None:
    player = state.players[event.player_id]
    player.status, player.place, player.last_place = "busted", event.place, event.last_place
    player.placed_last = event.placed_last
    player.table = player.seat = None
    state.players_left -= 1
    state.busted.append(player.id)
    player.disqualified = event.disqualified
    state.bounties_to_pool += event.to_pool
    credit_knockout(state, event.knocked_out_by, event.bounty, event.head)
    if event.envelope is not None and state.mystery is not None:  # T-MYSTERY-1: opened
        state.mystery.opened.append(event.envelope)
    state.forget_chips(event.player_id)
    if state.hand_for_hand is not None:
        state.hand_for_hand.pending.pop(event.player_id, None)
    if state.deal is not None and not state.deal.approved:
        state.deal = None  # a proposal was for the players who were left (T-DEAL-1)


def apply_reported(state: TournamentState, event: HandForHandBust, now: datetime) -> None:
    assert state.hand_for_hand is not None
    state.hand_for_hand.pending[event.player_id] = (event.table, event.stack, event.knocked_out_by)


def decide_reenter(state: TournamentState, command: Reenter, now: datetime) -> list[Event]:
    """T-REG-1: a busted player buys a new entry, with its own place; one still in cannot.

    >>> from tdconsole.domain.commands import Bust, Reenter
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> decide_reenter(t.state, Reenter(name="Cy"), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-REG-1: Cy is still in; only a busted player can re-enter
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> [entry] = decide_reenter(t.state, Reenter(name="cy"), T0)
    >>> entry.name, entry.previous_id, entry.player_id
    ('Cy', 'p3', 'p4')
    """
    player = state.find(command.name)
    if player.status != "busted":
        raise RuleViolation(
            "T-REG-1",
            "{name} is still in; only a busted player can re-enter", name=player.name,
        )
    late_registration.require_registration_open(state, now)  # T-REG-1: re-entry closes with it
    alternates.refuse_listed_twice(state, player.name)
    registration.check_entries(state, 1)
    if alternates.seats_for_new(state) == 0:  # every seat is taken: the re-entry waits its turn
        return alternates.listed(state, [(player.name, player.member, player.id)])
    entry = PlayerReentered(player_id=f"p{state.ids_issued + 1}", previous_id=player.id,
                            name=player.name,
                            earlier_entry_can_cash=state.house_rules.eliminations.earlier_entry_can_cash)
    # After the draw the new entry is seated at once, like a late registration (TDA 8A, T-MOVE-2).
    return [entry, *seating.seat_new_entries(state, [(entry.player_id, entry.name)], command)]


def apply_reentered(state: TournamentState, event: PlayerReentered, now: datetime) -> None:
    # Like a late entry (T-REG-1): it finishes above everyone already out, its earlier entry too.
    registration.shift_places(state, +1)
    earlier = state.players[event.previous_id]
    earlier.can_cash = event.earlier_entry_can_cash
    state.players[event.player_id] = Player(event.player_id, event.name, entry=earlier.entry + 1,
                                            member=earlier.member)
    state.by_name[name_key(event.name)] = event.player_id
    state.players_left += 1
    state.ids_issued += 1

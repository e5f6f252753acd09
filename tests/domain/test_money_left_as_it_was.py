"""`money.leaves_the_money`: a change it says leaves the money as it was (a bust outside the places
paid, a seat change) leaves every money fact the board and the views show as it was: the prize pool,
the chips in play, what each place pays, who finished in each paid place, each entry still in's
place and prize, and those of an approved deal's players. Checked against working them all out
again, over random evenings of busts (ties, places not established, disqualifications in a
progressive knockout), re-entries (with the house saying an earlier entry may cash or not),
rebuys, add-ons, moves, deals and undos."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.domain.events import Event
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.state import TournamentState
from tests.domain.helpers import Tournament
from tests.samples import examples

# Level 1 of the helpers' structure: rebuys, add-ons and re-entries are all on sale.
LEVEL_1 = 600


def money_facts(state: TournamentState) -> dict[str, Any]:
    """Everything the money views work out that a change leaving the money must not move."""
    try:
        structure, error = money.payout_structure(state), None
    except TdError as refused:
        structure, error = None, str(refused)
    table = money.standings(state, structure)
    paid = 0 if structure is None else len(structure.payouts)
    return {
        "pool": money.pool(state), "chips": money.chips_in_play(state), "structure": structure,
        "error": error,
        "finished": sorted((standing.place, standing.last_place, state.players[player_id].name)
                           for player_id, standing in table.items()
                           if standing.place is not None and standing.place <= paid),
        "still_in": {player_id: standing for player_id, standing in table.items()
                     if state.players[player_id].status != "busted"},
        # An approved deal's players are paid and shown whatever place they reach (T-DEAL-1).
        "deal": {player_id: table[player_id] for player_id in state.deal.amounts}
        if state.deal is not None and state.deal.approved else None,
    }


MONEY = st.sampled_from([
    # The generator, paying some 15 % of the field
    {"curve": {"paid_share": "0.15", "min_cash_multiple": "1.5", "unit": 5}},
    # A progressive knockout: a disqualified player's bounty goes to the pool (T-PKO-4)
    {"curve": {"paid_share": "0.3", "unit": 5}, "bounty": 100, "pko_share": 50, "pko_unit": 5},
    # Three places paid, whatever the field
    {"table": {"name": "Three", "unit": 10,
               "ranges": [{"min_entries": 3, "max_entries": 200, "percents": [50, 30, 20]}]}},
    # Winner takes all: the bust that ends it is outside the places paid, yet places the winner
    {"table": {"name": "One", "unit": 10,
               "ranges": [{"min_entries": 2, "max_entries": 200, "percents": [100]}]}},
])
STEP = st.tuples(
    st.sampled_from(["bust", "bust", "bust", "bust", "reenter", "rebuy", "add-on", "move", "undo", "deal"]),
    st.lists(st.integers(0, 99), min_size=1, max_size=3),  # whom
    st.lists(st.sampled_from([None, 1_000, 5_000]), min_size=3, max_size=3),  # their stacks
    st.sampled_from(["", "", "", "unplaced", "disqualified", "earlier entries cannot cash"]),
)


def evening(players: int, settings_: dict[str, Any], seed: int) -> Tournament:
    """`players` registered with the money `settings_` (rebuys and the add-on on sale), drawn
    and the clock started."""
    t = Tournament(tables=4)
    t.do(commands.Register(names=[f"P{i:02}" for i in range(players)]))
    rebuys = {"add_on": 300, "add_on_until_level": 2, "add_on_limit": None,
              "rebuy": {"until_level": 2, "price": 300, "fee": 20, "double": True}}
    t.do(commands.SetMoney(settings=MoneySettings.model_validate(settings_ | rebuys)))
    t.do(commands.Draw().with_rng(random.Random(seed)))
    t.do(commands.ClockStart(), 0)
    return t


def evening_commands(t: Tournament, steps: list[Any], seed: int) -> Iterator[commands.Command]:
    """The commands of `steps` on the state each finds (done by the caller; some are refused), then
    busts until one player is left (with a "deal" among the steps, a deal approved among the last
    four, T-DEAL-1)."""
    for kind, whom, stacks, how in steps:
        state = t.state
        alive = sorted(p.name for p in state.players.values() if p.status != "busted")
        out = sorted({p.name for p in state.players.values() if p.status == "busted"})
        picked = sorted({alive[i % len(alive)] for i in whom}) if alive else []
        if kind == "bust" and picked:
            disqualified = how == "disqualified"
            # Knocked out by the first player left (T-PKO-1: a bounty goes to someone).
            by = [] if disqualified else [name for name in alive if name not in picked][:1]
            yield commands.Bust(names=picked, by=by, unplaced=how == "unplaced", disqualified=disqualified,
                                stacks={} if disqualified else
                                {n: s for n, s in zip(picked, stacks, strict=False) if s})
        elif kind == "reenter" and out:
            if how == "earlier entries cannot cash" and state.house_rules.eliminations.earlier_entry_can_cash:
                yield commands.SetHouseRule(key="eliminations.earlier_entry_can_cash", value="false")
            yield commands.Reenter(name=out[whom[0] % len(out)])
        elif kind == "rebuy" and (out or alive):
            yield commands.Rebuy(name=(out or alive)[whom[0] % len(out or alive)])
        elif kind == "add-on" and picked:
            yield commands.AddOn(names=picked)
        elif kind == "move" and picked and (free := [(table.number, seat) for table in state.room.values()
                                                     for seat in range(1, table.seats + 1)
                                                     if seat not in table.occupants]):
            table, seat = free[whom[-1] % len(free)]
            yield commands.MovePlayer(name=picked[0], table=table, seat=seat, force=True)
        elif kind == "undo":
            yield commands.Undo(any=True)
    deal = any(kind == "deal" for kind, *_ in steps)
    while t.state.players_left > 1 and t.state.hand_for_hand is None:  # played out to the end
        alive = [p.name for p in t.state.players.values() if t.state.is_in(p)]
        if deal and len(alive) <= 4:
            deal = False
            yield commands.CountChips(counts={name: 1_000 * n for n, name in enumerate(alive, 1)})
            yield commands.ProposeDeal(method="chip-chop")
            yield commands.ConsentDeal(names=alive)
            yield commands.ApproveDeal()
        yield commands.Bust(names=[alive[1]], by=[alive[0]])


def do(t: Tournament, command: commands.Command, seed: int) -> list[Event]:
    """`command` done at level 1 (its events; none when it is refused, which changes nothing)."""
    if isinstance(command, commands.Drawing):
        command = command.with_rng(random.Random(seed))
    try:
        return t.do(command, LEVEL_1)
    except TdError:
        return []


@settings(max_examples=examples(100), deadline=None)
@given(players=st.integers(8, 30), settings_=MONEY, steps=st.lists(STEP, min_size=5, max_size=30),
       seed=st.integers(0, 1_000))
def test_a_change_that_leaves_the_money_leaves_every_money_fact_as_it_was(
        players: int, settings_: dict[str, Any], steps: list[Any], seed: int) -> None:
    t = evening(players, settings_, seed)
    for command in evening_commands(t, steps, seed):
        before = money_facts(t.state)
        places_paid = 0 if before["structure"] is None else len(before["structure"].payouts)
        events = do(t, command, seed)
        if events and all(money.leaves_the_money(t.state, event, places_paid) for event in events):
            after = money_facts(t.state)
            # The busted leave the entries still in; those still in stand as they stood.
            assert after["still_in"].items() <= before.pop("still_in").items(), events
            assert after | {"still_in": None} == before | {"still_in": None}, events


def test_a_bust_in_the_money_an_undo_or_a_re_entry_may_move_the_money() -> None:
    t = Tournament(tables=2)
    t.do(commands.Register(names=[f"P{i:02}" for i in range(12)]))
    t.do(commands.SetMoney(settings=MoneySettings.model_validate(
        {"table": {"name": "Three", "unit": 10,
                   "ranges": [{"min_entries": 3, "max_entries": 200, "percents": [50, 30, 20]}]}})))
    t.do(commands.Draw().with_rng(random.Random(1)))
    [outside] = t.do(commands.Bust(names=["P00"]).with_rng(random.Random(1)))
    assert money.leaves_the_money(t.state, outside, 3)  # place 12 of 3 paid
    [reentry, *_seated] = t.do(commands.Reenter(name="P00").with_rng(random.Random(1)))
    assert not money.leaves_the_money(t.state, reentry, 3)  # a new entry: a bigger pool
    [undone] = t.do(commands.Undo(any=True))
    assert not money.leaves_the_money(t.state, undone, 3)
    for name in [f"P{i:02}" for i in range(1, 9)]:
        t.do(commands.Bust(names=[name]).with_rng(random.Random(1)))
    [bubble] = t.do(commands.Bust(names=["P09"]).with_rng(random.Random(1)))
    assert bubble.place == 3 and not money.leaves_the_money(t.state, bubble, 3)

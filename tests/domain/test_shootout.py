"""Shootouts (T-SHOOT-1..4, docs/RULES.md): the tables of a round never balance or break, each
plays down to its winners, the winners are drawn to the next round by a recorded draw, the last
round is one table played to one winner, and the money is paid by round."""

from fractions import Fraction
from random import Random

import pytest

from tdconsole.domain.commands import (
    Balance,
    BreakTable,
    Bust,
    FinalTable,
    HandForHandStart,
    Register,
    ShootoutDraw,
    Undo,
)
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.examples import Tournament, tournament
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.payouts import distribute
from tdconsole.domain.players import hand_for_hand
from tdconsole.domain.seating import handlers as seating
from tdconsole.domain.seating import shootout
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.domain.tournament import fold

NAMES = [f"P{n:02}" for n in range(1, 28)]


def _night(winners: int = 1, **prizes: int) -> Tournament:
    settings = ShootoutSettings(winners_per_table=winners,
                                round_prizes={int(r): a for r, a in prizes.items()} or None)
    return tournament(*NAMES, tables=3, shootout=settings)


def _play_down(t: Tournament, table: int, keep: int = 1) -> list[str]:
    """Table `table` plays down to `keep`: the others bust one by one; the names kept."""
    seated = [t.state.room[table].occupants[seat] for seat in sorted(t.state.room[table].occupants)]
    for name in seated[keep:]:
        t.do(Bust(names=[name]))
    return seated[:keep]


def test_t_shoot_1_tables_do_not_balance_or_break() -> None:
    t = _night()
    _play_down(t, 1, keep=2)  # 2, 9 and 9: any other tournament would break table 1
    assert seating.balance_plan(t.state).moves == [] and seating.balance_plan(t.state).break_ is None
    assert not seating.final_table_due(t.state)
    for command in (Balance(), BreakTable(table=1).with_rng(Random(1)), FinalTable().with_rng(Random(1)),
                    HandForHandStart()):
        with pytest.raises(RuleViolation, match="T-SHOOT-1"):
            t.do(command)
    # No bubble spans the tables: hand-for-hand is never suggested while the round splits the field.
    assert not hand_for_hand.suggested(t.state, places_paid=t.state.players_left - 1)


def test_t_shoot_2_a_tables_last_player_is_its_winner() -> None:
    t = _night()
    [winner] = _play_down(t, 1)
    states = {s.table: s for s in shootout.table_states(t.state)}
    assert (states[1].left, states[1].winners) == (1, [winner])
    assert (states[2].left, states[2].winners) == (9, [])
    with pytest.raises(RuleViolation, match="T-SHOOT-2: table 1 has 1 left and plays down to 1"):
        t.do(Bust(names=[winner]))
    last_two = _play_down(t, 2, keep=2)
    with pytest.raises(RuleViolation, match="T-SHOOT-2"):  # both in one hand would leave nobody
        t.do(Bust(names=last_two))
    assert sorted(t.state.room[2].occupants.values()) == sorted(last_two)


def test_t_shoot_3_no_draw_before_every_table_is_down_to_its_winners() -> None:
    t = _night()
    _play_down(t, 1)
    _play_down(t, 2)
    with pytest.raises(RuleViolation, match=r"T-SHOOT-3: round 1 goes on .* \(table 3 has 9 left\)"):
        t.do(ShootoutDraw().with_rng(Random(1)))


def test_t_shoot_3_the_redraw_is_recorded_and_replays_the_same_after_undo() -> None:
    t = _night()
    winners = [name for table in (1, 2, 3) for name in _play_down(t, table)]
    assert shootout.round_over(t.state)
    [drawn] = t.do(ShootoutDraw().with_rng(Random(5)))
    room = dict(t.state.room)
    assert fold(t.log).room == room  # a replay places them as the event says: it never draws
    t.do(Undo(actor="td"))
    assert t.state.shootout_round == 1 and len(shootout.playing(t.state)) == 3
    assert sorted(name for s in shootout.table_states(t.state) for name in s.winners) == sorted(winners)
    [again] = t.do(ShootoutDraw().with_rng(Random(5)))  # the same draw (seed) seats them the same
    assert again == drawn and t.state.room == room and fold(t.log).room == room


def test_t_shoot_3_27_players_at_3_tables_give_one_table_of_3_and_a_winner() -> None:
    t = _night()
    winners = [name for table in (1, 2, 3) for name in _play_down(t, table)]
    [drawn] = t.do(ShootoutDraw().with_rng(Random(1)))
    assert drawn.round == 2 and drawn.ended_tables == 3  # type: ignore[union-attr]
    [final] = shootout.playing(t.state)
    assert sorted(final.occupants.values()) == sorted(winners) and final.hand is not None
    assert [s.left for s in shootout.table_states(t.state)] == [3]
    assert [(r.tables, r.players, r.winners) for r in shootout.rounds(t.state)] == [(3, 27, 3), (1, 3, 1)]
    third, second = sorted(final.occupants.values())[:2]
    t.do(Bust(names=[third]))
    t.do(Bust(names=[second]))
    assert t.state.status == "finished"
    champion = t.state.winner
    assert champion is not None and shootout.table_states(t.state)[0].winners == [champion.name]
    with pytest.raises(RuleViolation, match="T-SHOOT-3: round 2 is the last"):
        t.do(ShootoutDraw().with_rng(Random(1)))


def test_t_shoot_3_two_winners_per_table() -> None:
    t = _night(winners=2)
    winners = [name for table in (1, 2, 3) for name in _play_down(t, table, keep=2)]
    t.do(ShootoutDraw().with_rng(Random(2)))
    [final] = shootout.playing(t.state)
    assert sorted(final.occupants.values()) == sorted(winners)  # six at the final table
    assert shootout.winners_per_table(t.state) == 1  # the last round plays to one


def test_t_shoot_4_payouts_by_round_paid_to_the_krone() -> None:
    t = _night()  # the default: round 1's table winners a buy-in (300) each, the final table by place
    for table in (1, 2, 3):
        _play_down(t, table)
    t.do(ShootoutDraw().with_rng(Random(1)))
    third, second = sorted(shootout.playing(t.state)[0].occupants.values())[:2]
    t.do(Bust(names=[third]))
    t.do(Bust(names=[second]))
    structure = money.payout_structure(t.state)
    pool = money.pool(t.state).prize_pool
    assert pool == 27 * 300 and sum(structure.amounts) == pool
    assert len(structure.amounts) == 3  # the final table's three places: nobody out in round 1 is paid
    # The rest (8,100 - 900 = 7,200) by place, each round-1 table winner's 300 on top of his place.
    # The curve pays more than the final table's three places: those three share the 7,200 in
    # proportion to what they pay (nobody out in round 1 finished a place among the others).
    rest = money.generate_payouts(pool - 900, 27, 300, t.state.money.curve, {})
    assert len(rest.amounts) > 3
    shared = distribute(pool - 900, [Fraction(amount) for amount in rest.amounts[:3]])
    assert structure.amounts == [amount + 300 for amount in shared] and sum(shared) == 7_200
    standings = money.standings(t.state, structure)
    prizes = sorted((s.place, s.prize) for s in standings.values() if s.prize)
    assert [place for place, _prize in prizes] == [1, 2, 3]
    assert sum(prize for _place, prize in prizes if prize) == pool


def test_t_shoot_4_stated_round_prizes() -> None:
    t = _night(**{"1": 500})
    structure = money.payout_structure(t.state)
    assert sum(structure.amounts) == 8_100 and structure.amounts[2] >= 500
    with pytest.raises(Exception, match="T-SHOOT-4"):
        money.payout_structure(_night(**{"1": 3_000}).state)


def test_t_shoot_2_a_late_entry_sits_at_a_table_still_playing_never_at_a_won_one() -> None:
    t = tournament(*NAMES[:16], tables=2, shootout=ShootoutSettings())  # 8 and 8
    [winner] = _play_down(t, 1)  # table 1 won: the emptiest table, but over
    [seated] = [e for e in t.do(Register(names=["Late"]).with_rng(Random(3))) if e.type == "player_seated"]
    assert seated.table == 2  # type: ignore[union-attr]
    assert shootout.table_states(t.state)[0].winners == [winner]
    _play_down(t, 2)
    t.do(ShootoutDraw().with_rng(Random(1)))
    with pytest.raises(RuleViolation, match="T-SHOOT-2: a shootout seats new entries in its first round"):
        t.do(Register(names=["Later"]).with_rng(Random(3)))



def test_t_shoot_3_243_players_play_three_rounds_27_then_3_tables_then_one() -> None:
    t = tournament(*[f"P{n:03}" for n in range(1, 244)], tables=27, shootout=ShootoutSettings())
    tables_by_round = []
    while True:
        playing = shootout.playing(t.state)
        tables_by_round.append(len(playing))
        if len(playing) == 1:
            break
        for table in playing:
            _play_down(t, table.number)
        t.do(ShootoutDraw().with_rng(Random(len(tables_by_round))))
    assert tables_by_round == [27, 3, 1] and t.state.shootout_round == 3
    assert [(r.tables, r.players, r.winners) for r in shootout.rounds(t.state)] == [
        (27, 243, 27), (3, 27, 3), (1, 3, 1)]
    _play_down(t, shootout.playing(t.state)[0].number)
    assert t.state.status == "finished"
    standings = money.standings(t.state, money.payout_structure(t.state))
    prizes = [s.prize or 0 for s in standings.values()]
    # Round 1's 27 table winners a buy-in (300) each on top of their places; paid to the krone.
    assert sum(prizes) == 243 * 300 and sum(prize >= 300 for prize in prizes) == 27

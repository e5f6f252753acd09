"""Satellites through decide/apply (docs/FORMATS.md T-SAT-1..5): seats of a stated value and the
cash left over, the end when the players left equal the seats, hand-for-hand on the satellite
bubble (T-H4H-1), no deal unless allowed, and a ticket paying a buy-in of exactly its value."""

from __future__ import annotations

import random

import pytest

from tdconsole.domain.commands import (
    Bust,
    ClockStart,
    Draw,
    HandForHandStart,
    HandForHandTableDone,
    ProposeDeal,
    Register,
    SeatTicket,
    SetMoney,
    Undo,
)
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.events import SatelliteEnded
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.payouts import Payout, satellite_payouts
from tdconsole.domain.money.settings import MoneySettings
from tests.domain.helpers import Tournament

NAMES = [f"P{i:02}" for i in range(1, 38)]


def satellite(players: int = 37, **settings: object) -> Tournament:
    t = Tournament(buy_in=300)  # + fee 50
    t.do(Register(names=NAMES[:players]))
    t.do(SetMoney(settings=MoneySettings.model_validate({"satellite_seat": 1_100, **settings})))
    return t


def standing(t: Tournament, name: str) -> tuple[int | None, int | None, int | None]:
    found = money.standings(t.state, money.payout_structure(t.state))[t.state.find(name).id]
    return found.place, found.last_place, found.prize


def test_a_37_entry_satellite_with_seats_of_1100() -> None:
    """37 entries of 300 = a pool of 11,100: 10 seats of 1,100 (11,000) and 100 left over for
    11th place. Hand-for-hand is due with 12 left, on the money bubble (the 100 is the first
    money), and again with 11 left, on the seat bubble (T-SAT-2). In the hand-for-hand hand P11
    (stack 3,000) and P10 (stack 9,000) bust at different tables: ranked by stack (T-ELIM-1), P10
    is 10th, on the last seat, P11 11th with the 100. The nine left and P10 win the ten seats;
    nobody busts after."""
    t = satellite()
    t.do(Draw().with_rng(random.Random(7)))
    structure = money.payout_structure(t.state)
    assert structure.payouts == [*(Payout(place=p, amount=1_100, seat=True) for p in range(1, 11)),
                                 Payout(place=11, amount=100)]
    for number in range(37, 13, -1):
        t.do(Bust(names=[f"P{number:02}"]))
    assert t.state.players_left == 13 and not _due(t)
    t.do(Bust(names=["P13"]))
    assert _due(t)  # 12 left: the next bust reaches 11th place's 100 (T-H4H-1)
    t.do(Bust(names=["P12"]))
    assert _due(t)  # 11 left: the next bust reaches the seats (T-H4H-1)
    t.do(HandForHandStart(hand_in_progress=False))
    tables = {t.state.find(name).table for name in ("P10", "P11")}
    t.do(Bust(names=["P11"], stacks={"P11": 3_000}))
    t.do(Bust(names=["P10"], stacks={"P10": 9_000}))
    h4h = t.state.hand_for_hand
    assert h4h is not None and len(tables) == 2  # at two tables: placed when both are done
    for table in h4h.started.tables:
        t.do(HandForHandTableDone(table=table))
    assert t.state.status == "finished" and t.state.hand_for_hand is None
    assert t.state.satellite is not None
    assert sorted(t.state.players[p].name for p in t.state.satellite.winners) == NAMES[:10]
    assert standing(t, "P10") == (10, None, 1_100)
    assert standing(t, "P11") == (11, None, 100)
    assert standing(t, "P01") == (1, 9, 1_100)
    with pytest.raises(RuleViolation, match=r"^T-SAT-2: the satellite is over: the 10 players"):
        t.do(Bust(names=["P01"]))


def _due(t: Tournament) -> bool:
    from tdconsole.domain.players import hand_for_hand

    return hand_for_hand.suggested(t.state, len(money.payout_structure(t.state).payouts))


def test_t_sat_1_the_remainder_shared_by_the_seat_winners() -> None:
    shared = satellite_payouts(11_107, 1_100, 37, "shared").payouts
    assert [p.amount for p in shared] == [1_111] * 7 + [1_110] * 3 and all(p.seat for p in shared)
    assert sum(p.amount for p in shared) == 11_107


def test_t_sat_1_a_pool_below_one_seat_pays_it_in_cash_to_the_winner() -> None:
    assert satellite_payouts(900, 1_100, 3).payouts == [Payout(place=1, amount=900)]


def test_t_sat_2_the_bust_that_reaches_the_seats_ends_it_and_undo_takes_that_back() -> None:
    t = satellite(8)  # 2,400: 2 seats and 200 over
    for name in ("P08", "P07", "P06", "P05", "P04"):
        t.do(Bust(names=[name]))
    events = t.do(Bust(names=["P03"]))
    assert [type(event) for event in events][-1] is SatelliteEnded
    assert t.state.status == "finished"
    t.do(Undo(actor="td"))
    assert t.state.satellite is None and t.state.players_left == 3


def test_t_sat_5_no_deal_unless_the_td_allows_it() -> None:
    t = satellite(8)
    with pytest.raises(RuleViolation, match=r"^T-SAT-5: "):
        t.do(ProposeDeal(method="chip-chop"))
    allowed = satellite(8, satellite_deals=True)
    with pytest.raises(Exception) as refused:  # allowed: refused only for want of chip counts
        allowed.do(ProposeDeal(method="chip-chop"))
    assert "T-SAT-5" not in str(refused.value)


def test_t_sat_4_a_ticket_pays_a_buy_in_of_exactly_its_value() -> None:
    t = Tournament(buy_in=1_050)  # + fee 50 = 1,100
    events = t.do(Register(names=["Anna"], tickets={"Anna": SeatTicket(id="S1-p3", value=1_100)}))
    assert t.state.find("Anna").ticket == "S1-p3"
    assert events[-1].type == "ticket_spent"
    other = Tournament(buy_in=500)
    with pytest.raises(RuleViolation, match=r"^T-SAT-4: a seat worth 1100 pays a buy-in and fee of 1100"):
        other.do(Register(names=["Anna"], tickets={"Anna": SeatTicket(id="S1-p3", value=1_100)}))
    assert other.state.entries == 0


def tied_last_seat() -> Tournament:
    """12 entries of 300 = 3,600: 3 seats of 1,100 and 300 for 4th. Hand-for-hand is proposed with
    5 left (the 300's bubble) and runs on over the seat bubble; in one of its hands P03 and P04
    bust with equal stacks and tie for 3rd-4th across the last seat (T-SAT-6)."""
    t = satellite(12)
    t.do(Draw().with_rng(random.Random(3)))
    t.do(ClockStart())
    for number in range(12, 6, -1):
        t.do(Bust(names=[f"P{number:02}"]))
    assert t.state.players_left == 6 and not _due(t)
    t.do(Bust(names=["P06"]))
    assert _due(t)  # 5 left: the next bust reaches 4th place's 300
    t.do(HandForHandStart(hand_in_progress=False), 10)
    t.do(Bust(names=["P05"]), 20)
    h4h = t.state.hand_for_hand
    assert h4h is not None
    for table in h4h.started.tables:
        t.do(HandForHandTableDone(table=table), 30)
    assert t.state.hand_for_hand is not None  # on to the seat bubble (T-SAT-2)
    assert standing(t, "P05") == (5, None, 0)
    t.do(Bust(names=["P03"], stacks={"P03": 5_000}), 40)
    t.do(Bust(names=["P04"], stacks={"P04": 5_000}), 50)
    for table in h4h.started.tables:
        t.do(HandForHandTableDone(table=table), 60)
    return t


def test_t_sat_6_a_tie_across_the_last_seat_is_paid_in_cash_and_ends_the_satellite() -> None:
    """P03 and P04 tie for 3rd-4th (T-ELIM-1, T-ELIM-2) and share the last seat's 1,100 and 4th's
    300 in cash, 700 each (T-SAT-6). P01 and P02 win the seats, the satellite is over and the clock
    hand-for-hand paused stays stopped (T-SAT-2)."""
    t = tied_last_seat()
    assert t.state.status == "finished" and t.state.hand_for_hand is None
    assert not t.state.clock.running  # the tournament is over: nothing to play on (T-SAT-2)
    assert t.state.satellite is not None
    assert sorted(t.state.players[p].name for p in t.state.satellite.winners) == ["P01", "P02"]
    assert standing(t, "P03") == standing(t, "P04") == (3, 4, 700)
    assert standing(t, "P01") == standing(t, "P02") == (1, 2, 1_100)

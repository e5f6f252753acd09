"""T-PAY-1: money handed over is never changed by new money settings (a paid place, an approved
deal), and the payouts never add up to more than the prize pool."""

from __future__ import annotations

import pytest

from tdconsole.domain.commands import (
    ApproveDeal,
    Bust,
    ConsentDeal,
    CountChips,
    PayOut,
    ProposeDeal,
    Register,
    SetMoney,
)
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.examples import tournament
from tdconsole.domain.money.handlers import UNDECIDED, Standing, payout_structure, pool, standings
from tdconsole.domain.money.settings import MoneySettings
from tests.domain.helpers import Tournament

NAMES = [f"P{i:02}" for i in range(1, 21)]
LOCKED = {1: 2_500, 2: 1_500, 3: 1_000, 4: 500, 5: 500}  # 20 x 300 = 6,000, five places


def settings(t: Tournament, **changes: object) -> MoneySettings:
    return MoneySettings.model_validate({**t.state.money.model_dump(), **changes})


def night() -> Tournament:
    t = Tournament()
    t.do(Register(names=NAMES))
    t.do(SetMoney(settings=MoneySettings.model_validate(
        {"curve": {"paid_share": "0.25"}, "locked": LOCKED})))
    return t


def prizes(t: Tournament) -> int:
    return sum(s.prize or 0 for s in standings(t.state, payout_structure(t.state)).values())


def test_t_pay_1_a_paid_place_keeps_what_it_was_paid() -> None:
    t = night()
    for name in NAMES[:16]:
        t.do(Bust(names=[name]))  # P16 5th: 500
    t.do(PayOut(name="P16"))
    before = len(t.log)
    with pytest.raises(RuleViolation, match=r"^T-PAY-1: P16 has been paid out: .*places 4 \(500 → 600\), "
                                            r"5 \(500 → 400\)"):
        t.do(SetMoney(settings=settings(t, locked={**LOCKED, 4: 600, 5: 400})))
    with pytest.raises(RuleViolation, match="T-PAY-1"):
        t.do(SetMoney(settings=settings(t, locked={})))  # the generator's ladder
    assert len(t.log) == before
    t.do(SetMoney(settings=settings(t, locked={**LOCKED, 1: 2_400, 2: 1_600})))  # not a paid place


def test_t_pay_1_an_approved_deal_fixes_the_ladder_so_the_payouts_never_exceed_the_pool() -> None:
    t = night()
    for name in NAMES[:17]:
        t.do(Bust(names=[name]))  # P17 4th, P16 5th: 500 each
    t.do(CountChips(counts={"P18": 100_000, "P19": 60_000, "P20": 40_000}))
    t.do(ProposeDeal(method="chip-chop"))
    t.do(ConsentDeal(names=["P18", "P19", "P20"]))
    t.do(ApproveDeal())
    assert prizes(t) == pool(t.state).prize_pool == 6_000
    before = len(t.log)
    with pytest.raises(RuleViolation, match=r"^T-PAY-1, T-DEAL-1: an approved deal .*places .*4 \(500 → "):
        t.do(SetMoney(settings=settings(t, locked={})))
    assert len(t.log) == before and prizes(t) == 6_000


def test_entries_with_nothing_decided_share_one_standing() -> None:
    """Before the money every entry's standing is the same empty one: a festival's 10,000 are not
    made one by one for every `state --json` (a frozen value, so sharing it is safe)."""
    t = tournament(*"ABCDEFGHIJ")
    _ = t.do(Bust(names=["J"]))
    table = standings(t.state, payout_structure(t.state))
    assert all(table[player_id] is UNDECIDED for player_id in ("p1", "p2", "p9"))
    assert table["p10"] == Standing(place=10, last_place=None, prize=0)

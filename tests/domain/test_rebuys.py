"""Rebuys (T-REBUY-1..5) through decide/apply: the period, the limit, who may rebuy, the double
rebuy, and what rebuys and add-ons put in the prize pool, in play and in the average stack."""

from __future__ import annotations

import random

import pytest

from tdconsole.domain.commands import (
    AddOn,
    Bust,
    ClockGoToLevel,
    ClockStart,
    Draw,
    MovePlayer,
    PayOut,
    Rebuy,
    Register,
    SetMoney,
    Undo,
)
from tdconsole.domain.errors import RuleViolation, TdError
from tdconsole.domain.events import PlayerSeated
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.cash import dues, method_of
from tdconsole.domain.money.payouts import PayoutRange, PayoutTables
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.players.rebuys import last_level, may_rebuy, rebuy_open, rebuy_status
from tests.domain.helpers import STRUCTURE, Tournament, at

NAMES = [f"P{i:02}" for i in range(1, 21)]
# The club's table (configs/payouts/club.toml) for 16-24 entries; places below first are rounded
# down to 10 kr, first place takes the rest.
CLUB = PayoutTables(name="Club", unit=10, ranges=[
    PayoutRange(min_entries=3, max_entries=15, percents=[50, 30, 20]),
    PayoutRange(min_entries=16, max_entries=24, percents=[45, 27, 17, 11]),
])
# STRUCTURE: level 1 0-1200 s, level 2 1200-2400 s, a break 2400-3000 s (the add-on's),
# level 3 from 3000 s.
LEVEL_1, LEVEL_2, BREAK, LEVEL_3 = 600, 1800, 2700, 3100


def rebuy_night(players: int = 20, **rebuy: object) -> Tournament:
    """Buy-in 300 + 50 fee (the helper's), 10,000 chips; rebuys to the end of level 2 at 300 + 20
    for 10,000 chips, three at most, double allowed; the add-on 300 for 15,000 chips."""
    t = Tournament(buy_in=300)
    t.do(Register(names=NAMES[:players]))
    settings = {"add_on": 300, "add_on_chips": 15_000, "table": CLUB,
                "rebuy": {"until_level": 2, "price": 300, "fee": 20, "chips": 10_000, "limit": 3,
                          "double": True, **rebuy}}
    t.do(SetMoney(settings=MoneySettings.model_validate(settings)))
    t.do(ClockStart(), 0)
    return t


def test_a_20_player_rebuy_night_gives_the_pool_chips_in_play_and_payouts_by_hand() -> None:
    t = rebuy_night()
    # Level 1: P01 busts and rebuys, twice; P02 and P03 once each.
    for name in ("P01", "P02", "P03", "P01"):
        t.do(Rebuy(name=name), LEVEL_1)
    # Level 2: P04 buys a double rebuy (two, T-REBUY-4); P05 one; P01 his third, the limit.
    t.do(Rebuy(name="P04", double=True), LEVEL_2)
    t.do(Rebuy(name="P05"), LEVEL_2)
    t.do(Rebuy(name="P01"), LEVEL_2)
    with pytest.raises(RuleViolation, match="T-REBUY-2: P01 has bought 3 of 3 rebuys"):
        t.do(Rebuy(name="P01"), LEVEL_2)
    # The break after level 2: too late for P06 (T-REBUY-1); twelve players take the add-on.
    with pytest.raises(RuleViolation, match="T-REBUY-1: P06 cannot rebuy: the rebuy period ended "
                                            "with level 2"):
        t.do(Rebuy(name="P06"), BREAK)
    t.do(AddOn(names=NAMES[:12]), BREAK)
    # By hand: 20 buy-ins + 3+1+1+2+1 = 8 rebuys + 12 add-ons.
    #   prize part 20 x 300 + 8 x 300 + 12 x 300 = 6,000 + 2,400 + 3,600 = 12,000
    #   fees       20 x 50  + 8 x 20  + 12 x 0   = 1,000 + 160               = 1,160
    #   collected  12,000 + 1,160 = 13,160; no rake, no guarantee: the prize pool is 12,000
    pool = money.pool(t.state)
    assert (pool.entries, pool.rebuys, pool.add_ons) == (20, 8, 12)
    assert (pool.prize_part, pool.fees, pool.collected, pool.prize_pool) == (12_000, 1_160, 13_160, 12_000)
    #   chips 20 x 10,000 + 8 x 10,000 + 12 x 15,000 = 200,000 + 80,000 + 180,000 = 460,000
    assert money.chips_in_play(t.state) == 460_000
    assert money.average_stack(t.state) == 23_000  # 460,000 / 20 left
    # Four bust in level 3 (no rebuy now): 460,000 / 16 = 28,750.
    for name in ("P17", "P18", "P19", "P20"):
        t.do(Bust(names=[name]), LEVEL_3)
    assert money.average_stack(t.state) == 28_750
    # Rebuys add no entry: 20 entries, the 16-24 row 45/27/17/11 of 12,000, below first rounded
    # down to 10: 2nd 3,240, 3rd 2,040, 4th 1,320, 1st the rest 12,000 - 6,600 = 5,400.
    assert money.payout_structure(t.state).amounts == [5_400, 3_240, 2_040, 1_320]
    status = rebuy_status(t.state, at(LEVEL_3))
    assert (status.open, status.until_level, status.rebuys, status.add_ons) == (False, 2, 8, 12)


def test_t_rebuy_1_open_before_the_clock_and_through_the_last_level_closed_from_its_break() -> None:
    t = rebuy_night()
    assert rebuy_open(t.state, at(LEVEL_2 + 599))
    assert not rebuy_open(t.state, at(BREAK))
    t.do(ClockGoToLevel(level=1), BREAK)  # the TD takes the clock back: the period is open again
    assert rebuy_open(t.state, at(BREAK))


def test_t_rebuy_1_until_the_first_break_ends_with_the_level_before_it() -> None:
    t = rebuy_night(until_level=None, until_break=True)
    assert last_level(STRUCTURE, t.state.money.rebuy) == 2
    t.do(Rebuy(name="P01"), LEVEL_2)
    with pytest.raises(RuleViolation, match=r"T-REBUY-1: .*ended with level 2"):
        t.do(Rebuy(name="P02"), BREAK)


def test_t_rebuy_1_a_tournament_without_rebuys_refuses_one() -> None:
    t = Tournament()
    t.do(Register(names=["Anna", "Bo"]))
    with pytest.raises(RuleViolation, match="T-REBUY-1: this tournament sells no rebuys"):
        t.do(Rebuy(name="Anna"))


def test_t_rebuy_2_the_limit_counts_a_double_rebuy_as_two_and_none_means_no_limit() -> None:
    t = rebuy_night(limit=2)
    t.do(Rebuy(name="P01"), LEVEL_1)
    with pytest.raises(RuleViolation, match="T-REBUY-2: P01 has bought 1 of 2 rebuys; 2 more"):
        t.do(Rebuy(name="P01", double=True), LEVEL_1)
    assert not may_rebuy(t.state, t.state.find("P02"), at(BREAK))
    unlimited = rebuy_night(limit=None)
    for _time in range(5):
        unlimited.do(Rebuy(name="P01", double=True), LEVEL_1)
    assert unlimited.state.find("P01").rebuys == 10


def test_t_rebuy_3_busted_only_refuses_a_player_with_chips() -> None:
    t = rebuy_night()
    before = list(t.log)
    with pytest.raises(RuleViolation, match="T-REBUY-3: P01 still has 2000 chips; only a player who "
                                            "has lost every chip may rebuy"):
        t.do(Rebuy(name="P01", stack=2_000), LEVEL_1)
    assert t.log == before


def test_t_rebuy_3_at_or_below_the_starting_stack_as_a_setting() -> None:
    t = rebuy_night(who="starting-stack")
    t.do(Rebuy(name="P01", stack=10_000), LEVEL_1)  # at the starting stack: allowed
    with pytest.raises(RuleViolation, match="T-REBUY-3: P02 has 10001 chips, above the starting stack "
                                            "of 10000"):
        t.do(Rebuy(name="P02", stack=10_001), LEVEL_1)
    assert t.state.find("P01").rebuys == 1


def test_t_rebuy_4_a_double_rebuy_only_when_the_settings_allow_it() -> None:
    t = rebuy_night(double=False)
    with pytest.raises(RuleViolation, match="T-REBUY-4: P01 cannot rebuy double"):
        t.do(Rebuy(name="P01", double=True), LEVEL_1)


def test_undo_takes_a_rebuy_back() -> None:
    t = rebuy_night()
    t.do(Rebuy(name="P01"), LEVEL_1)
    assert money.chips_in_play(t.state) == 210_000
    t.do(Undo(actor="td"), LEVEL_1)
    assert (t.state.find("P01").rebuys, money.chips_in_play(t.state)) == (0, 200_000)


def seated_night(**rebuy: object) -> Tournament:
    """`rebuy_night` with the tables drawn (seed 7)."""
    t = rebuy_night(**rebuy)
    t.do(Draw().with_rng(random.Random(7)), 0)
    return t


def test_t_rebuy_1_a_rebuy_after_the_bust_sets_it_aside_and_gives_his_seat_back_when_free() -> None:
    """Today the TD had to undo the bust, which a later command from another terminal could block:
    `rebuy NAME` now sets the bust aside in one command, whatever came after it."""
    t = seated_night()
    seat = (t.state.find("P20").table, t.state.find("P20").seat)
    t.do(Bust(names=["P20"]).with_rng(random.Random(1)), LEVEL_1)  # 20th
    t.do(Bust(names=["P19"]).with_rng(random.Random(1)), LEVEL_1 + 60)  # 19th, after him
    events = t.do(Rebuy(name="P20", paid="mobilepay").with_rng(random.Random(1)), LEVEL_1 + 120)
    assert [event.type for event in events] == ["bust_set_aside", "rebought", "payment_recorded",
                                                "player_seated"]
    p20, p19 = t.state.find("P20"), t.state.find("P19")
    assert (p20.status, p20.place, p20.rebuys, (p20.table, p20.seat)) == ("seated", None, 1, seat)
    assert (t.state.players_left, p19.place) == (19, 20)  # the place after his moves back
    assert t.state.busted == [p19.id]
    assert money.chips_in_play(t.state) == 210_000
    mine = {due.due: method_of(t.state, due) for due in dues(t.state) if due.player is p20}
    assert mine == {"entry": "cash", "rebuy:1": "mobilepay"}
    t.do(Undo(actor="td"), LEVEL_1 + 180)  # the bust stands again
    assert (t.state.find("P20").place, t.state.find("P19").place, t.state.players_left) == (20, 19, 18)


def test_t_rebuy_1_a_rebuy_after_the_bust_draws_a_seat_when_his_was_taken() -> None:
    t = seated_night()
    p20 = t.state.find("P20")
    table, seat = p20.table, p20.seat
    assert table is not None and seat is not None
    t.do(Bust(names=["P20"]).with_rng(random.Random(1)), LEVEL_1)
    mover = next(p for p in t.state.players.values() if p.table not in (None, table))
    t.do(MovePlayer(name=mover.name, table=table, seat=seat, force=True), LEVEL_1 + 30)
    events = t.do(Rebuy(name="P20").with_rng(random.Random(3)), LEVEL_1 + 60)
    [seated] = [event for event in events if isinstance(event, PlayerSeated)]
    assert seated.late and (seated.table, seated.seat) != (table, seat)  # drawn like a late entry (8A)
    assert (t.state.find("P20").table, t.state.find("P20").seat) == (seated.table, seated.seat)


def test_t_rebuy_1_refuses_a_rebuy_after_the_bust_outside_the_rebuy_period() -> None:
    t = rebuy_night()
    t.do(Bust(names=["P20"]), LEVEL_2)
    before = list(t.log)
    with pytest.raises(RuleViolation, match=r"^T-REBUY-1: P20 cannot rebuy: the rebuy period ended "
                                            r"with level 2; the bust stands \(place 20\)$"):
        t.do(Rebuy(name="P20"), BREAK)
    assert t.log == before
    with pytest.raises(RuleViolation, match="T-REBUY-3: P20 has busted: he rebuys with no chips"):
        t.do(Rebuy(name="P20", stack=500), LEVEL_2)
    t.do(Bust(names=["P19"], disqualified=True), LEVEL_2)
    with pytest.raises(RuleViolation, match="C-PEN-1: P19 was disqualified"):
        t.do(Rebuy(name="P19"), LEVEL_2)


def test_t_rebuy_1_a_tie_he_shared_is_shared_by_the_others_alone() -> None:
    t = rebuy_night()
    t.do(Bust(names=["P18", "P19", "P20"], stacks={"P18": 500, "P19": 500, "P20": 500}), LEVEL_1)
    assert {t.state.find(name).place for name in ("P18", "P19", "P20")} == {18}
    t.do(Rebuy(name="P19"), LEVEL_1)
    assert [(t.state.find(n).place, t.state.find(n).last_place) for n in ("P18", "P20")] == [(19, 20)] * 2
    t.do(Rebuy(name="P18"), LEVEL_1)
    assert (t.state.find("P20").place, t.state.find("P20").last_place) == (20, None)


def test_t_pko_6_a_rebuy_after_the_bust_leaves_the_knocker_his_bounty() -> None:
    """A progressive knockout: the knocker keeps the cash and the head he won (the knockout was
    made); the rebuyer's head starts again with the rebuy's bounty part. The bounty money adds up."""
    t = rebuy_night()
    t.do(SetMoney(settings=t.state.money.model_copy(update={"bounty": 100, "pko_share": 50})), 0)
    t.do(Bust(names=["P20"], by=["P01"]), LEVEL_1)
    p01 = t.state.find("P01")
    assert (p01.bounties, t.state.bounty_on_head(p01), p01.knockouts) == (50, 150, 1)
    t.do(Rebuy(name="P20"), LEVEL_1)
    p01, p20 = t.state.find("P01"), t.state.find("P20")
    assert (p01.bounties, t.state.bounty_on_head(p01), p01.knockouts) == (50, 150, 1)
    assert t.state.bounty_on_head(p20) == 100  # the rebuy's part (the starting bounty, T-PKO-6)
    totals = money.bounty_totals(t.state)
    assert totals.money_in == 20 * 100 + 100 == totals.cash_paid + totals.on_heads + totals.to_pool


def test_t_bounty_1_a_rebuy_after_the_bust_takes_a_fixed_bounty_back_with_the_knockout() -> None:
    """A fixed bounty: a rebuy buys none (T-PKO-6), so the entry's one bounty stays on his head and
    the knockout is set aside with the bust, as when he rebuys instead of busting."""
    t = rebuy_night()
    t.do(SetMoney(settings=t.state.money.model_copy(update={"bounty": 100})), 0)
    t.do(Bust(names=["P20"], by=["P01"]), LEVEL_1)
    assert (t.state.find("P01").bounties, t.state.find("P01").knockouts) == (100, 1)
    t.do(Rebuy(name="P20"), LEVEL_1)
    assert (t.state.find("P01").bounties, t.state.find("P01").knockouts) == (0, 0)
    totals = money.bounty_totals(t.state)
    assert totals.money_in == 20 * 100 == totals.cash_paid + totals.on_heads
    # Once the knocker has been paid that bounty at the desk, it is not taken back (T-PAY-1).
    t.do(Bust(names=["P20"], by=["P01"]), LEVEL_1 + 60)
    t.do(PayOut(name="P01"), LEVEL_1 + 90)
    with pytest.raises(RuleViolation, match="T-PAY-1: P01 has been paid the bounty for knocking out P20"):
        t.do(Rebuy(name="P20"), LEVEL_1 + 120)


def _standing(t: Tournament) -> tuple[object, ...]:
    """Everything a knockout and a rebuy touch, player by player, and the totals."""
    state = t.state
    players = sorted(state.players.values(), key=lambda player: player.id)
    rows = [(p.name, p.status, p.place, p.knockouts, p.bounties, p.bounty_added, p.rebuys,
             state.bounty_on_head(p), p.table, p.seat) for p in players]
    return (rows, state.players_left, money.bounty_totals(state), money.pool(state),
            money.chips_in_play(state))


def _pko_night_with_a_knockout_behind_him(**settings: object) -> Tournament:
    """A PKO rebuy night (bounty 100, half in cash in 5s; a rebuy's part 60) where P20 has
    already knocked P19 out (P20's head 150), so his bounty is more than the starting one."""
    t = rebuy_night()
    update = {"bounty": 100, "pko_share": 50, "rebuy": t.state.money.rebuy.model_copy(update={"bounty": 60}),
              **settings}
    t.do(SetMoney(settings=t.state.money.model_copy(update=update)), 0)
    t.do(Bust(names=["P19"], by=["P20"]), LEVEL_1)
    return t


@pytest.mark.parametrize("knockers", [["P01"], ["P01", "P02"]])
def test_t_pko_6_a_rebuy_instead_of_the_bust_pays_the_knocker_as_a_bust_and_a_rebuy_after_it(
        knockers: list[str]) -> None:
    """The same hand pays the knocker the same whichever way the TD records it: `bust --by` and a
    rebuy after the bust, or the rebuy bought instead of the bust with the knocker named: the
    knockers' cash, heads and knockouts, the rebuyer's head (the rebuy's part alone), the places,
    the pool and the chips are equal (a split pot too, T-PKO-2)."""
    after = _pko_night_with_a_knockout_behind_him()
    after.do(Bust(names=["P20"], by=knockers), LEVEL_1 + 60)
    after.do(Rebuy(name="P20"), LEVEL_1 + 60)
    instead = _pko_night_with_a_knockout_behind_him()
    events = instead.do(Rebuy(name="P20", knocked_out_by=knockers), LEVEL_1 + 60)
    assert [event.type for event in events] == ["rebought"]  # one command; no bust, no seat change
    assert _standing(instead) == _standing(after)
    p01, p20 = instead.state.find("P01"), instead.state.find("P20")
    assert instead.state.bounty_on_head(p20) == 60 and p20.knockouts == 1 and p20.bounties == 50
    if knockers == ["P01"]:  # 150: 75 cash, rounded down to 5s; the rest onto his head (T-PKO-1)
        assert (p01.bounties, instead.state.bounty_on_head(p01), p01.knockouts) == (75, 175, 1)
    totals = money.bounty_totals(instead.state)
    assert totals.money_in == 20 * 100 + 60 == totals.cash_paid + totals.on_heads + totals.to_pool
    # Undo takes the knockout back with the rebuy.
    instead.do(Undo(actor="td"), LEVEL_1 + 90)
    assert (instead.state.find("P01").bounties, instead.state.find("P01").knockouts) == (0, 0)
    assert instead.state.bounty_on_head(instead.state.find("P20")) == 150


def test_t_pko_6_a_rebuy_instead_of_the_bust_pays_no_fixed_bounty() -> None:
    """A fixed bounty (T-BOUNTY-1): the knocker named takes nothing and counts no knockout, as a
    bust set aside by a rebuy after it; the entry's one bounty stays on the rebuyer's head."""
    def night() -> Tournament:
        t = rebuy_night()
        t.do(SetMoney(settings=t.state.money.model_copy(update={"bounty": 100})), 0)
        return t

    after, instead = night(), night()
    after.do(Bust(names=["P20"], by=["P01"]), LEVEL_1)
    after.do(Rebuy(name="P20"), LEVEL_1)
    [bought] = instead.do(Rebuy(name="P20", knocked_out_by=["P01"]), LEVEL_1)
    assert _standing(instead) == _standing(after)
    assert (instead.state.find("P01").bounties, instead.state.find("P01").knockouts) == (0, 0)
    assert instead.state.bounty_on_head(instead.state.find("P20")) == 100
    assert bought.model_dump(include={"knocked_out_by", "knockout", "bounty"}) == {
        "knocked_out_by": [instead.state.find("P01").id], "knockout": False, "bounty": {}}


def test_a_rebuy_instead_of_the_bust_refuses_a_knocker_who_is_not_one() -> None:
    """The knocker is one player still in, not the rebuyer; a rebuy after the bust keeps the bust's
    knockers; a player with chips left was knocked out by nobody. Each refusal changes nothing."""
    t = _pko_night_with_a_knockout_behind_him()
    before = _standing(t)
    for command, refusal in [
        (Rebuy(name="P20", knocked_out_by=["P20"]), "a player cannot knock themselves out"),
        (Rebuy(name="P20", knocked_out_by=["P19"]), "P19"),
        (Rebuy(name="P20", knocked_out_by=["P01", "P01"]), "the same knocker is named twice"),
        (Rebuy(name="P19", knocked_out_by=["P01"]), "P19's bust already names the knockers"),
    ]:
        with pytest.raises(TdError, match=refusal) as refused:
            t.do(command, LEVEL_1 + 60)
        assert refused.value.field == "knocked_out_by"
        assert _standing(t) == before
    held = rebuy_night(who="starting-stack")
    with pytest.raises(TdError, match="P20 still has 4000 chips: not knocked out"):
        held.do(Rebuy(name="P20", stack=4000, knocked_out_by=["P01"]), LEVEL_1)


def test_t_rebuy_5_a_rebuy_owes_no_missed_blinds_and_keeps_the_seat_and_entry() -> None:
    t = rebuy_night()
    events = t.do(Rebuy(name="P01"), LEVEL_1)
    assert [event.type for event in events] == ["rebought"]  # nothing collected beside the price
    player = t.state.find("P01")
    assert (player.entry, player.status, t.state.entries, t.state.players_left) == (1, "registered", 20, 20)

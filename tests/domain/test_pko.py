"""Progressive knockouts through decide/apply (docs/FORMATS.md T-PKO-1..5): each knockout's cash
and head bounty in whole units, a split pot's odd unit clockwise from the button (as S-ODD-1), the
last hand, a disqualification, and the totals that always balance (also after undo)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.commands import Bust, Rebuy, Register, Seat, SetButton, SetMoney, Undo
from tdconsole.domain.errors import InvalidInput, RuleViolation
from tdconsole.domain.money import bounties
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.cash import dues
from tdconsole.domain.money.settings import MoneySettings
from tests.domain.helpers import Tournament
from tests.samples import examples

NAMES = [f"P{i:02}" for i in range(1, 25)]


def pko(players: int = 24, **settings: object) -> Tournament:
    t = Tournament()  # buy-in 300 + fee 50
    t.do(Register(names=NAMES[:players]))
    t.do(SetMoney(settings=MoneySettings.model_validate({"bounty": 75, "pko_share": 50, **settings})))
    return t


def heads(t: Tournament) -> dict[str, tuple[int, int]]:
    """name -> (bounty on the head now, bounty won in cash), for every entry."""
    return {p.name: (t.state.bounty_on_head(p), p.bounties) for p in t.state.players.values()}


def balanced(t: Tournament) -> bool:
    total = money.bounty_totals(t.state)
    return total.cash_paid + total.on_heads + total.to_pool == total.money_in


def test_a_24_player_pko_evening_with_a_split_pot_and_a_disqualification() -> None:
    """Starting bounty 75, half in cash in units of 5 (the default unit): a knockout of a head of
    75 pays 75 * 50 % = 37.5 -> 35 in cash and 40 onto the knocker's head. Money in 24 * 75 = 1,800.

    P01 knocks out P24 and P23: cash 35 + 35 = 70, head 75 + 40 + 40 = 155.
    P02 knocks out P22: cash 35, head 115.
    Split pot: P02 (seat 7) and P03 (seat 3) knock out P01 (head 155); the button is on seat 5, so
    clockwise from it P02 is first. 155 = 31 units: 15 each and the odd unit to P02 -> P02's part
    80 (cash 40, head 40), P03's part 75 (cash 35, head 40). P02: cash 75, head 155. P03: cash 35,
    head 115. P01 is out: head 0, cash 70.
    P21 is disqualified: his 75 goes to the prize pool: 24 * 300 + 75 = 7,275.
    P04 knocks out P20..P05 (16 heads of 75): cash 16 * 35 = 560, head 75 + 16 * 40 = 715.
    P04 knocks out P03 (head 115: 57.5 -> 55 cash, 60 head): P04 cash 615, head 775.
    Last hand, P04 beats P02 (head 155): P04 takes 155 + his own 775 = 930 in cash, head 0:
    cash 1,545. Cash paid 70 + 75 + 35 + 1,545 = 1,725, + 75 to the pool = 1,800.
    """
    t = pko()
    for name, seat in (("P04", 5), ("P02", 7), ("P03", 3)):
        t.do(Seat(name=name, table=1, seat=seat))
    t.do(SetButton(table=1, seat=5))
    t.do(Bust(names=["P24"], by=["P01"]))
    t.do(Bust(names=["P23"], by=["P01"]))
    t.do(Bust(names=["P22"], by=["P02"]))
    assert heads(t)["P01"] == (155, 70)
    t.do(Bust(names=["P01"], by=["P03", "P02"]))  # the order typed does not matter: the seats do
    assert {name: heads(t)[name] for name in ("P01", "P02", "P03")} == {
        "P01": (0, 70), "P02": (155, 75), "P03": (115, 35)}
    assert balanced(t)
    t.do(Bust(names=["P21"], disqualified=True))
    assert money.pool(t.state).prize_pool == 7_275
    assert money.bounty_totals(t.state).to_pool == 75
    for number in range(20, 4, -1):
        t.do(Bust(names=[f"P{number:02}"], by=["P04"]))
        assert balanced(t)
    assert heads(t)["P04"] == (715, 560)
    t.do(Bust(names=["P03"], by=["P04"]))
    assert heads(t)["P04"] == (775, 615)
    t.do(Bust(names=["P02"]))  # the last hand: its winner is the one left
    assert t.state.status == "finished"
    expected = {name: (0, 0) for name in NAMES}
    expected.update({"P01": (0, 70), "P02": (0, 75), "P03": (0, 35), "P04": (0, 1_545)})
    assert heads(t) == expected
    assert money.bounty_totals(t.state) == money.BountyTotals(money_in=1_800, cash_paid=1_725,
                                                               on_heads=0, to_pool=75)
    assert t.state.find("P04").knockouts == 18


def test_t_pko_1_a_knockout_pays_the_share_in_units_and_the_rest_onto_the_head() -> None:
    t = pko(4, pko_share=40, pko_unit=10)
    t.do(Bust(names=["P04"], by=["P01"]))  # 75 * 40 % = 30 cash, 45 onto the head
    assert heads(t)["P01"] == (120, 30)
    t.do(Bust(names=["P01"], by=["P02"]))  # 120 * 40 % = 48 -> 40 in tens, 80 onto the head
    assert heads(t)["P02"] == (155, 40)
    assert balanced(t)


def test_t_pko_1_a_bust_in_a_pko_names_its_knocker() -> None:
    t = pko(4)
    with pytest.raises(RuleViolation, match=r"^T-PKO-1: P03's bounty goes to whoever"):
        t.do(Bust(names=["P03"]))
    assert t.state.players_left == 4


def test_t_pko_2_split_pot_winners_not_at_one_table_take_the_odd_unit_by_name() -> None:
    t = pko(4)
    t.do(Bust(names=["P01"], by=["P03", "P02"]))  # 75 = 15 units: P02 8 (40), P03 7 (35)
    assert (heads(t)["P02"], heads(t)["P03"]) == ((95, 20), (95, 15))
    assert balanced(t)


def test_t_pko_2_the_split_is_in_units_and_what_is_below_one_goes_first() -> None:
    assert bounties.split_in_units(112, ["a", "b", "c"], 5) == {"a": 42, "b": 35, "c": 35}
    assert bounties.knockout(112, ["a", "b", "c"], 50, 5) == bounties.Knockout(
        cash={"a": 20, "b": 15, "c": 15}, head={"a": 22, "b": 20, "c": 20})


def test_t_pko_3_the_last_hand_pays_both_bounties_in_cash() -> None:
    t = pko(2)
    t.do(Bust(names=["P02"], by=["P01"]))
    assert heads(t)["P01"] == (0, 150)
    assert balanced(t)


def test_t_pko_4_a_disqualified_players_bounty_goes_to_the_prize_pool() -> None:
    t = pko(3)
    before = money.pool(t.state).prize_pool
    t.do(Bust(names=["P02"], disqualified=True))
    assert money.pool(t.state).prize_pool == before + 75
    assert heads(t)["P01"] == (75, 0)
    with pytest.raises(InvalidInput, match="knocked out by nobody"):
        t.do(Bust(names=["P01"], by=["P03"], disqualified=True))


def test_t_pko_4_a_disqualification_that_ends_it_still_pays_the_winner_his_own() -> None:
    t = pko(2)
    t.do(Bust(names=["P02"], disqualified=True))
    assert heads(t)["P01"] == (0, 75)
    assert money.bounty_totals(t.state).to_pool == 75
    assert balanced(t)


def test_t_pko_5_the_bounty_settings_are_fixed_once_a_player_is_out() -> None:
    t = pko(4)
    t.do(Bust(names=["P04"], by=["P01"]))
    with pytest.raises(RuleViolation, match=r"^T-PKO-5: .*pko-share"):
        t.do(SetMoney(settings=t.state.money.model_copy(update={"pko_share": 60})))
    t.do(SetMoney(settings=t.state.money.model_copy(update={"guarantee": 5_000})))  # others may change


REBUYS = {"until_level": 2, "price": 300, "fee": 50}


def test_t_pko_6_a_rebuys_bounty_part_goes_onto_the_rebuyers_head() -> None:
    """A rebuy in a PKO buys what an entry buys: its prize part, fee and a bounty part (the
    starting bounty unless set), and the bounty part goes onto the rebuyer's own head, so whoever
    knocks him out later wins it. Heads: P01 75 + 75 = 150; his knocker takes 75 cash and 75 head."""
    t = pko(4, rebuy=REBUYS)
    t.do(Rebuy(name="P01"))
    assert heads(t)["P01"] == (150, 0)
    rebuy = next(due for due in dues(t.state) if due.due == "rebuy:1")
    assert (rebuy.prize_part, rebuy.fee, rebuy.bounty, rebuy.amount) == (300, 50, 75, 425)
    assert money.pool(t.state).bounties == 5 * 75 and money.pool(t.state).collected == 5 * 425
    assert money.bounty_totals(t.state).money_in == 5 * 75 and balanced(t)
    t.do(Bust(names=["P01"], by=["P02"]))
    assert heads(t)["P02"] == (75 + 75, 75) and balanced(t)
    t.do(Undo(actor="td"))
    t.do(Undo(actor="td"))
    assert heads(t)["P01"] == (75, 0) and balanced(t)


def test_t_pko_6_a_rebuys_bounty_part_is_a_setting_and_fixed_once_a_player_is_out() -> None:
    t = pko(4, rebuy={**REBUYS, "bounty": 25})
    t.do(Rebuy(name="P01", double=False))
    assert heads(t)["P01"] == (100, 0) and balanced(t)
    t.do(Bust(names=["P04"], by=["P01"]))
    with pytest.raises(RuleViolation, match=r"^T-PKO-5: .*rebuy-bounty"):
        t.do(SetMoney(settings=t.state.money.model_copy(update={
            "rebuy": t.state.money.rebuy.model_copy(update={"bounty": 50})})))


def test_t_pko_6_a_fixed_bounty_puts_nothing_on_a_rebuyers_head() -> None:
    """T-BOUNTY-1: a fixed bounty is what any knockout pays; a rebuy adds no bounty to it."""
    t = pko(4, pko_share=None, rebuy=REBUYS)
    t.do(Rebuy(name="P01"))
    rebuy = next(due for due in dues(t.state) if due.due == "rebuy:1")
    assert rebuy.bounty == 0 and money.pool(t.state).bounties == 4 * 75
    with pytest.raises(RuleViolation, match=r"^T-PKO-6: "):
        t.do(SetMoney(settings=t.state.money.model_copy(update={
            "rebuy": t.state.money.rebuy.model_copy(update={"bounty": 50})})))


def test_undo_takes_a_split_knockout_back() -> None:
    t = pko(4)
    t.do(Bust(names=["P04"], by=["P01"]))
    before = heads(t)
    t.do(Bust(names=["P01"], by=["P02", "P03"]))
    t.do(Undo(actor="td"))
    assert heads(t) == before
    assert balanced(t)


@pytest.mark.long
@settings(max_examples=examples(200), deadline=None)
@given(
    players=st.integers(2, 12), bounty=st.integers(0, 500), share=st.integers(0, 100),
    unit=st.sampled_from([1, 5, 10, 25]),
    busts=st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 3)), max_size=12),
)
def test_the_bounties_always_balance_in_whole_units(
    players: int, bounty: int, share: int, unit: int, busts: list[tuple[int, int, int]]
) -> None:
    """Cash paid + bounties on heads + bounties sent to the pool = bounty money in, after every
    knockout, split, disqualification and the last hand; cash is paid in whole units."""
    t = pko(players, bounty=bounty, pko_share=share, pko_unit=unit)
    for out, by, kind in busts:
        left = [p.name for p in t.state.players.values() if p.status != "busted"]
        if len(left) < 2:
            break
        name = left[out % len(left)]
        others = [other for other in left if other != name]
        knockers = others[by % len(others):][:2 if kind == 2 else 1]
        paid = {p.name: p.bounties for p in t.state.players.values()}
        if kind == 3:
            t.do(Bust(names=[name], disqualified=True))
        else:
            t.do(Bust(names=[name], by=knockers))
        last = len(left) == 2
        for p in t.state.players.values():
            if not last:  # the last hand pays whole bounties, in whatever kroner they are
                assert (p.bounties - paid[p.name]) % unit == 0
        assert balanced(t)

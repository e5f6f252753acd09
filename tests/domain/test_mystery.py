"""Mystery bounties (T-MYSTERY-1, docs/FORMATS.md): the envelopes shuffled once by a recorded draw,
one opened by each knockout from the stated level on; undo puts it back, so the knockout made again
opens the same envelope; a replay reads it from the log; the cash desk pays it."""

from random import Random

import pytest

from tdconsole.domain.commands import Bust, ClockStart, PayOut, SetMoney, SetMysteryBounties, Undo
from tdconsole.domain.errors import RuleViolation
from tdconsole.domain.examples import Tournament, tournament
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.tournament import fold

LEVEL_2 = 21 * 60  # the examples' levels are twenty minutes


def _night() -> Tournament:
    t = tournament(*"ABCDEF")
    t.do(SetMoney(settings=MoneySettings(bounty=100)))  # each entry's part of the bounty pool
    t.do(ClockStart())
    t.do(SetMysteryBounties(envelopes=[50, 100, 150, 200, 1_000], from_level=2).with_rng(Random(7)))
    return t


def test_t_mystery_1_a_knockout_before_the_stated_level_opens_no_envelope() -> None:
    t = _night()
    [busted] = t.do(Bust(names=["F"], by=["A"]), seconds=60)
    assert (busted.envelope, busted.bounty) == (None, {})  # type: ignore[union-attr]
    assert t.state.mystery is not None and t.state.mystery.left() == [50, 100, 150, 200, 1_000]


def test_t_mystery_1_the_knockout_draws_the_same_envelope_after_undo_and_redo() -> None:
    t = _night()
    assert t.state.mystery is not None
    shuffled = list(t.state.mystery.envelopes)
    [first] = t.do(Bust(names=["F"], by=["A"]), seconds=LEVEL_2)
    assert first.envelope == 0 and first.bounty == {"p1": shuffled[0]}  # type: ignore[union-attr]
    assert t.state.players["p1"].bounties == shuffled[0]
    assert t.state.mystery.left() == sorted(shuffled[1:])

    t.do(Undo(actor="td"), seconds=LEVEL_2)
    assert t.state.mystery is not None and t.state.mystery.opened == []
    assert t.state.players["p1"].bounties == 0
    [again] = t.do(Bust(names=["F"], by=["B"]), seconds=LEVEL_2 + 30)  # the knocker corrected
    assert again.envelope == 0 and again.bounty == {"p2": shuffled[0]}  # type: ignore[union-attr]

    replayed = fold(t.log)  # a replay reads the envelope from the log: it never draws again
    assert replayed.mystery is not None and replayed.mystery.opened == [0]
    assert replayed.players["p2"].bounties == shuffled[0]


def test_t_mystery_1_a_split_pot_shares_its_envelope_and_the_desk_pays_it() -> None:
    t = _night()
    assert t.state.mystery is not None
    shuffled = t.state.mystery.envelopes
    t.do(Bust(names=["F"], by=["A"]), seconds=LEVEL_2)
    [shared] = t.do(Bust(names=["E"], by=["A", "B"]), seconds=LEVEL_2)  # T-BOUNTY-1
    assert shared.envelope == 1 and sum(shared.bounty.values()) == shuffled[1]  # type: ignore[union-attr]
    [paid] = t.do(PayOut(name="A"), seconds=LEVEL_2)
    assert paid.bounty == shuffled[0] + shared.bounty["p1"]  # type: ignore[union-attr]


def test_t_mystery_1_the_envelopes_run_out_then_a_knockout_pays_nothing() -> None:
    t = tournament(*"ABCD")
    t.do(ClockStart())
    t.do(SetMysteryBounties(envelopes=[500]).with_rng(Random(1)))
    [one] = t.do(Bust(names=["D"], by=["A"]), seconds=60)
    [none] = t.do(Bust(names=["C"], by=["A"]), seconds=60)
    assert (one.envelope, one.bounty) == (0, {"p1": 500})  # type: ignore[union-attr]
    assert (none.envelope, none.bounty) == (None, {})  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="T-MYSTERY-1: 1 envelopes are opened already"):
        t.do(SetMysteryBounties(envelopes=[100]).with_rng(Random(1)))


def test_t_mystery_1_a_rebuy_after_the_bust_seals_its_envelope_again() -> None:
    from tdconsole.domain.commands import Rebuy
    from tdconsole.domain.money.prize_pool import RebuySettings

    t = tournament(*"ABCD")
    t.do(SetMoney(settings=MoneySettings(bounty=100, rebuy=RebuySettings(price=300, until_level=2))))
    t.do(ClockStart())
    t.do(SetMysteryBounties(envelopes=[500, 100]).with_rng(Random(1)))
    assert t.state.mystery is not None
    first = t.state.mystery.envelopes[0]
    t.do(Bust(names=["D"], by=["A"]), seconds=60)
    assert t.state.players["p1"].bounties == first
    t.do(Rebuy(name="D").with_rng(Random(1)), seconds=90)  # T-REBUY-1: the bust set aside
    assert t.state.mystery.opened == [] and t.state.players["p1"].bounties == 0
    [again] = t.do(Bust(names=["D"], by=["B"]), seconds=120)
    assert (again.envelope, again.bounty) == (0, {"p2": first})  # type: ignore[union-attr]

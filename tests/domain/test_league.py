"""The club across nights, pure: members linked from the registration event, each member's result,
points formulas (the shipped files' worked examples), standings with best N, minimum events and
the stated tie-break order."""

from __future__ import annotations

import pytest

from tdconsole.config.leagues import formula_keys, load_formula
from tdconsole.config.toml import configs_dir, read_toml
from tdconsole.domain.commands import AddOn, Bust, Reenter, Register, SetMoney
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import EVENT_ADAPTER, Envelope
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.league.formulas import Finish, PointsFormula
from tdconsole.domain.league.results import EntryResult, MemberResult, member_results, totals
from tdconsole.domain.league.standings import LeagueRules, standings
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.tournament import fold
from tests.domain.helpers import Tournament

# ---------------------------------------------------------------- the link from an entry to a member


def test_a_registration_carries_the_member_and_a_re_entry_stays_theirs() -> None:
    t = Tournament()
    t.do(Register(names=["Bo", "Åse", "Guest"], members={"bo": 7, "Åse": 10}))
    assert {p.name: p.member for p in t.state.players.values()} == {"Bo": 7, "Åse": 10, "Guest": None}
    t.do(Bust(names=["Bo"]))
    t.do(Reenter(name="Bo"))
    assert [p.member for p in t.state.players.values() if p.name == "Bo"] == [7, 7]
    assert fold(t.log).players == t.state.players


def test_one_member_has_one_entry_at_a_time() -> None:
    t = Tournament()
    t.do(Register(names=["Bo"], members={"Bo": 7}))
    with pytest.raises(InvalidInput, match="member 7 is already registered as 'Bo'"):
        t.do(Register(names=["Bo D"], members={"Bo D": 7}))
    with pytest.raises(InvalidInput, match="not registered: ib"):
        t.do(Register(names=["Åse"], members={"Ib": 3}))


def test_a_log_from_before_members_folds_as_before() -> None:
    t = Tournament()
    t.do(Register(names=["Bo"]))
    old = []
    for envelope in t.log:
        payload = envelope.event.model_dump(mode="json")
        payload.pop("member", None)  # as an older tdconsole wrote it
        old.append(Envelope(seq=envelope.seq, time=envelope.time, actor=envelope.actor,
                            command_id=envelope.command_id, event=EVENT_ADAPTER.validate_python(payload)))
    assert fold(old).players["p1"].member is None


# ---------------------------------------------------------------- a member's result


def test_a_member_result_counts_every_entry_what_they_paid_and_won() -> None:
    t = Tournament(buy_in=300)  # fee 50
    t.do(SetMoney(settings=MoneySettings(add_on=100, add_on_fee=10, bounty=50, add_on_until_level=2)))
    t.do(Register(names=["Bo", "Åse", "Ib"], members={"Bo": 7, "Åse": 10}))
    t.do(AddOn(names=["Bo"]))
    t.do(Bust(names=["Bo"], by=["Åse"]))
    t.do(Reenter(name="Bo"))
    t.do(Bust(names=["Ib"], by=["Bo"]))
    t.do(Bust(names=["Bo"], by=["Åse"]))
    results = member_results(t.state)
    assert set(results) == {7, 10}  # the guest Ib has no result
    bo, ase = results[7], results[10]
    assert [(e.entry, e.place) for e in bo.entries] == [(1, 4), (2, 2)]
    assert bo.place == 2 and bo.field == 4 and bo.finished
    # two entries of 300 + 50 + 50 bounty, one add-on of 100 + 10
    assert bo.cost == 2 * 400 + 110
    assert bo.knockouts == 1 and bo.bounties == 50 and ase.knockouts == 2 and ase.bounties == 100
    assert bo.winnings == bo.prize + 50 and bo.net == bo.winnings - bo.cost
    assert ase.place == 1 and ase.prize > 0


def test_totals_count_finished_tournaments_and_give_roi_in_percent() -> None:
    def result(place: int, prize: int, finished: bool = True) -> MemberResult:
        entry = EntryResult(entry=1, place=place, last_place=None, prize=prize, knockouts=1, bounties=0,
                            add_ons=0)
        return MemberResult(member=1, name="Bo", entries=(entry,), field=10, buy_in=300, fee=50, cost=350,
                            finished=finished)

    record = totals([result(1, 1500), result(5, 0), result(2, 900, finished=False)])
    assert (record.events, record.cashes, record.wins, record.winnings, record.cost, record.net) == (
        2, 1, 1, 1500, 700, 800)
    assert record.roi == 114.3 and record.best_finish == 1 and record.knockouts == 2


# ---------------------------------------------------------------- formulas


@pytest.mark.parametrize("key", ["field", "sqrt", "fixed"])
def test_every_shipped_formula_has_a_worked_example_that_comes_out(key: str) -> None:
    assert key in formula_keys()
    _key, formula = load_formula(key)
    raw = read_toml(configs_dir() / "leagues" / f"{key}.toml")
    assert raw["examples"], "a worked example in the file"
    for example in raw["examples"]:
        finish = Finish(**{k: v for k, v in example.items() if k != "points"})
        assert formula.points(finish) == example["points"]


def test_a_formula_file_whose_example_does_not_come_out_is_refused(tmp_path: pytest.TempPathFactory
                                                                    ) -> None:
    path = tmp_path / "wrong.toml"  # type: ignore[operator]
    path.write_text('name = "W"\nexpression = "entries - place"\n[[examples]]\nplace = 1\nentries = 10\n'
                    "points = 10\n")
    with pytest.raises(InvalidInput, match=r"wrong.toml: .*worked example 1 says 10 points, the formula "
                                           "gives 9"):
        load_formula(str(path))


@pytest.mark.parametrize("expression", ['__import__("os").system("true")', "place.__class__",
                                        "rand()", "open('x')", "[1] * 10**9"])
def test_an_expression_can_only_use_the_listed_names_and_functions(expression: str) -> None:
    formula = PointsFormula(name="X", expression=expression)
    with pytest.raises(InvalidInput, match="points formula 'X'"):
        formula.points(Finish(place=1, entries=10))


def test_a_formula_is_a_table_an_expression_or_td3s() -> None:
    with pytest.raises(ValueError, match="one of `expression`, `table` or `td3`"):
        PointsFormula(name="X", expression="1", table=[1])
    with pytest.raises(ValueError, match="one of `expression`, `table` or `td3`"):
        PointsFormula(name="X")


def test_tied_places_share_the_average_rounded_half_up() -> None:
    fixed = PointsFormula(name="F", table=[10, 7, 5], otherwise=1, decimals=0)
    assert fixed.points(Finish(place=2, last_place=3, entries=9)) == 6  # (7 + 5) / 2
    assert fixed.points(Finish(place=3, last_place=4, entries=9)) == 3  # (5 + 1) / 2
    assert fixed.points(Finish(place=1, last_place=2, entries=9)) == 9  # 8.5 rounds up


# ---------------------------------------------------------------- standings

FIELD = PointsFormula(name="Field", expression="entries - place + 1", decimals=1)


def finish(member: int, place: int, field: int, prize: int = 0) -> MemberResult:
    entry = EntryResult(entry=1, place=place, last_place=None, prize=prize, knockouts=0, bounties=0,
                        add_ons=0)
    return MemberResult(member=member, name=f"M{member}", entries=(entry,), field=field, buy_in=100, fee=0,
                        cost=100, finished=True)


# Three nights by hand (field formula: entries - place + 1):
#   night 1 (4 entries): M1 1st 4, M2 2nd 3, M3 3rd 2, M4 4th 1
#   night 2 (5 entries): M2 1st 5, M5 2nd 4, M3 3rd 3, M1 5th 1   (4th: a guest)
#   night 3 (5 entries): M5 1st 5, M1 2nd 4, M4 3rd 3, M2 4th 2
SEASON = {
    1: {1: finish(1, 1, 4, 400), 2: finish(2, 2, 4), 3: finish(3, 3, 4), 4: finish(4, 4, 4)},
    2: {2: finish(2, 1, 5, 500), 5: finish(5, 2, 5), 3: finish(3, 3, 5), 1: finish(1, 5, 5)},
    3: {5: finish(5, 1, 5, 500), 1: finish(1, 2, 5), 4: finish(4, 3, 5), 2: finish(2, 4, 5)},
}


def table(rules: LeagueRules) -> list[tuple[int | None, int, float]]:
    return [(s.place, s.member, s.points) for s in standings(SEASON, FIELD, rules)]


def test_equal_points_go_to_the_best_finish_then_the_most_events() -> None:
    # M2 3+5+2 = 10; M1 4+1+4 = 9 and M5 4+5 = 9 both won once: M1 played 3 events, M5 2.
    assert table(LeagueRules()) == [(1, 2, 10), (2, 1, 9), (3, 5, 9), (4, 3, 5), (5, 4, 4)]


def test_the_tie_break_order_is_the_leagues_and_equals_share_the_place() -> None:
    assert table(LeagueRules(tie_break=["events"]))[1:3] == [(2, 1, 9), (3, 5, 9)]
    assert table(LeagueRules(tie_break=[]))[1:3] == [(2, 1, 9), (2, 5, 9)]
    with pytest.raises(ValueError, match="each tie-break once"):
        LeagueRules(tie_break=["events", "events"])


def test_best_n_counts_only_each_members_best_results() -> None:
    # best 2: M5 4+5 = 9; M1 4+4 = 8 and M2 5+3 = 8 (both won once, both played 3: they share 2nd)
    rows = standings(SEASON, FIELD, LeagueRules(best=2))
    assert [(s.place, s.member, s.points) for s in rows] == [
        (1, 5, 9), (2, 1, 8), (2, 2, 8), (4, 3, 5), (5, 4, 4)]
    m1 = rows[1]
    assert [(s.tournament, s.counted) for s in m1.results] == [(1, True), (2, False), (3, True)]
    assert m1.events == 3 and m1.cashes == 1 and m1.winnings == 400


def test_fewer_events_than_the_minimum_are_listed_unranked_below() -> None:
    assert table(LeagueRules(min_events=3)) == [(1, 2, 10), (2, 1, 9), (None, 5, 9), (None, 3, 5),
                                                (None, 4, 4)]


# ---------------------------------------------------------------- the house's money setting


def test_the_currency_locale_and_time_zone_are_house_settings_checked_when_set() -> None:
    rules = HouseRules()
    assert (rules.money.currency, rules.money.locale, rules.money.time_zone) == (
        "DKK", "da_DK", "Europe/Copenhagen")
    assert rules.with_value("money.currency", "eur").money.currency == "EUR"
    assert rules.with_value("money.locale", "en-GB").money.locale == "en_GB"
    for key, value, message in [("money.currency", "DKR", "not an ISO 4217 currency code"),
                                ("money.locale", "xx_QQ", "not a locale"),
                                ("money.time_zone", "Europe/Copenhagn", "not a time zone")]:
        with pytest.raises(InvalidInput, match=f"house rule {key}: '{value}' is {message}"):
            rules.with_value(key, value)

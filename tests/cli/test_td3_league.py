"""A season of TD3 saves in a league scored by the club's own TD3 formula, and that formula scoring
a tournament run here: the points TD3's formula language gives, worked out by hand below."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain.league.formulas import Finish, PointsFormula
from tdconsole.domain.league.td3_formula import Td3Formula
from tests.cli.helpers import assert_one_line_error, run

FIXTURES = Path(__file__).parents[1] / "fixtures" / "td3"
Capsys = pytest.CaptureFixture[str]


def td(capsys: Capsys, db: str, *args: str) -> Any:
    result = run(capsys, "--db", db, *args, "--json")
    assert result.code == 0, result.err
    return result.json


def _standings(capsys: Capsys, db: str, league: str) -> dict[str, float]:
    return {row["name"]: row["points"] for row in td(capsys, db, "league", "standings", league)}


def test_a_season_of_saves_gives_the_points_td3s_formula_gave(tmp_path: Path, capsys: Capsys) -> None:
    """Each save's formula is `assign("points", n - r + 1 + numberofHits)`: n the players who
    bought in, r the rank, hits every knockout TD3 credited, a rebuy's too.

    Club Night 3.3 (4 players): Anna 1st with 3 hits (Dora's bust she rebought after, Carl, Björn)
    4-1+1+3 = 7; Björn 2nd, 1 hit: 4; Carl 2; Dora 1.
    Friday 3.7 (6 players, Jonas re-entered): Erik 1st, 5 hits: 11; Frida 2nd, 2 hits (Ida, who
    rebought, and Jonas): 7; Gustav and Hanna tied for 3rd-4th: (4 + 3) / 2 = 3.5; Ida 5th: 2;
    Jonas 6th: 1.
    Chop night (4 players, three chopped): Erik 1st, 1 hit: 5; Frida 3; Karin 2; Lars 1.
    """
    db = str(tmp_path / "td.sqlite")
    files = [str(FIXTURES / name) for name in ("club_night_3_3.tdt", "friday_3_7.tdt", "chop_3_7.tdt")]
    imported = td(capsys, db, "import", "tdt", *files, "--league", "Club 2025")
    assert imported["league"] == "Club 2025"
    assert _standings(capsys, db, "Club 2025") == {
        "Erik": 16.0, "Frida": 10.0, "Anna": 7.0, "Björn": 4.0, "Gustav": 3.5, "Hanna": 3.5,
        "Carl": 2.0, "Karin": 2.0, "Ida": 2.0, "Dora": 1.0, "Lars": 1.0, "Jonas": 1.0}
    (league,) = td(capsys, db, "league", "list")
    assert league["td3_formula"] == 'assign("points", n - r + 1 + numberofHits)'


# A club's formula in TD3's language, of the kind TD3 clubs write: a third of the field scores by
# the square root of the field over the rank and the average paid, the rest halves each place.
CLUB_FORMULA = """assign("points", 0)
assign("T33", Round(n/3))
assign("avgBC", (totalBuyinsAmount + totalRebuysAmount + totalAddOnsAmount)/buyins)
IF (r <= T33, assign("points", round(10*(sqrt(n)/sqrt(r))*(1+log(avgBC/100))) + numberofHits*10),
    assign("points", Floor(pow(0.5, r-T33)*10) + numberofHits*10))
"""


def test_the_clubs_formula_scores_a_new_tournament_like_td3(tmp_path: Path, capsys: Capsys) -> None:
    """Six players at 100 (no fee), one rebuy of 100: n = 6, T33 = Round(2) = 2, the average paid
    avgBC = (600 + 100) / 6 = 116.67, 1 + log(1.1667) = 1.15415.
    1st (Ann, 4 hits: Bo's rebuy, Di, Cy, Bo): round(10 * sqrt(6) * 1.15415) = round(28.27) = 28, + 40 = 68.
    2nd (Bo, 2 hits: Ed, Fay): round(10 * sqrt(6)/sqrt(2) * 1.15415) = round(19.99) = 20, + 20 = 40.
    3rd Cy: Floor(0.5^1 * 10) = 5; 4th Di: Floor(2.5) = 2; 5th Ed: Floor(1.25) = 1; 6th Fay: 0."""
    assert round(10 * math.sqrt(6) * (1 + math.log(700 / 6 / 100)), 2) == 28.27  # the worked figures
    assert round(10 * math.sqrt(3) * (1 + math.log(700 / 6 / 100)), 2) == 19.99
    db = str(tmp_path / "td.sqlite")
    formula = tmp_path / "club.td3"
    formula.write_text(CLUB_FORMULA)
    league = td(capsys, db, "league", "new", "Club", "--formula", str(formula))
    assert league["formula"] == "td3"
    players = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"]
    for name in players:
        td(capsys, db, "members", "add", name)
    t = ["-t", str(td(capsys, db, "new", "Thursday", "--buy-in", "100", "--fee", "0")["id"])]
    td(capsys, db, *t, "money", "set", "--rebuy-until-level", "3", "--rebuy-price", "100")
    td(capsys, db, *t, "register", *players)
    td(capsys, db, *t, "clock", "start")
    td(capsys, db, *t, "rebuy", "Bo", "--knocked-out-by", "Ann")
    for busted, knocker in [("Fay", "Bo"), ("Ed", "Bo"), ("Di", "Ann"), ("Cy", "Ann"), ("Bo", "Ann")]:
        td(capsys, db, *t, "bust", busted, "--by", knocker)
    td(capsys, db, "league", "add", t[1], "--league", "Club")
    assert _standings(capsys, db, "Club") == {"Ann": 68.0, "Bo": 40.0, "Cy": 5.0, "Di": 2.0, "Ed": 1.0,
                                              "Fay": 0.0}


def test_td3s_language_and_nothing_more() -> None:
    worked = Td3Formula('assign("a", 6); assign("b", 3)\n'
                        'IF(a * b = 18 and not 0, switch(r, 1, 100, 2, 70), -1)')
    assert worked.points({"r": 2}) == 70.0
    assert Td3Formula("lswitch(9, 10, 20, 30) + roundToNearest(371, 50) + round(2.5) + round(-2.5)").points(
        {}) == 30 + 350 + 3 - 2  # half up, as JavaScript's Math.round
    assert Td3Formula("oneof(r, 2, 4) + log(8, 2) + max(2, 5) + triangle(3) + 7 % 4").points({"rank": 4}) == \
        1 + 3 + 5 + 6 + 3
    for text, refusal in [
        ("__import__('os')", "line 1:1: no function '__import__'"),
        ("n.real", "line 1:2: cannot read '.'"),
        ("points + 1", "line 1:1: no variable 'points' here"),
        ("assign(points, 1)", 'line 1:1: assign takes a "name" and a value'),
        ("1 / 0", "division by zero"),
        ("sqrt(-1)", "line 1:1: sqrt() cannot be worked out"),
        ("(" * 60 + "1" + ")" * 60, "nested more than 50 deep"),
    ]:
        with pytest.raises(Exception, match=r"TD3 formula.*") as refused:
            Td3Formula(text).points({"n": 1})
        assert refusal in str(refused.value), str(refused.value)


def test_a_td3_formula_as_a_league_formula(tmp_path: Path, capsys: Capsys) -> None:
    formula = PointsFormula(name="TD3", td3="n - r + 1")
    assert formula.points(Finish(place=2, last_place=3, entries=9, players=8)) == 6.5  # (7 + 6) / 2
    db = str(tmp_path / "td.sqlite")
    assert td(capsys, db, "league", "new", "A", "--formula", "td3:n - r")["td3_formula"] == "n - r"
    assert td(capsys, db, "league", "new", "B", "--formula", str(FIXTURES / "friday_3_7.tdt"))[
        "td3_formula"] == 'assign("points", n - r + 1 + numberofHits)'
    assert_one_line_error(run(capsys, "--db", db, "league", "new", "C", "--formula", "td3:eval(1)"),
                          "TD3 formula, line 1:1: no function 'eval' in TD3's formula language")

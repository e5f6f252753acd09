"""A HORSE night on the command line (issue 41, a game per level; TDA RP-18): `structure generate
--games H,O,R,S,E` makes the rotation, the tournament runs ten levels with `state --json`
`clock.game` and the clock's line naming each level's game, and `rules betting` answers by it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run, unnamed

Capsys = pytest.CaptureFixture[str]

HORSE = ["lhe", "o8", "razz", "stud", "stud8"]
NAMES = {"lhe": "Limit hold'em", "o8": "Limit Omaha hi/lo", "razz": "Razz", "stud": "Seven-card stud",
         "stud8": "Seven-card stud hi/lo"}


@pytest.fixture
def horse_db(tmp_path: Path, capsys: Capsys) -> str:
    toml = tmp_path / "horse.toml"
    made = run(capsys, "structure", "generate", "--stack", "20000", "--players", "30", "--hours", "5",
               "--level-minutes", "30", "--games", "H,O,R,S,E", "--name", "HORSE", "--out", str(toml),
               "--json")
    assert made.code == 0, made.err
    levels = [period for period in made.json["periods"] if period["kind"] == "level"]
    assert [level["game"] for level in levels[:10]] == HORSE * 2
    db = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", db, "new", "HORSE Friday", "--structure", str(toml), "--game", "HORSE",
               "--use").code == 0
    assert run(capsys, "--db", db, "register", "Anna", "Bo", "Carl").code == 0
    assert run(capsys, "--db", db, "clock", "start").code == 0
    return db


def test_rp_18_ten_horse_levels_each_name_their_game(horse_db: str, capsys: Capsys) -> None:
    for number in range(1, 11):
        game = HORSE[(number - 1) % 5]
        line = run(capsys, "--db", horse_db, "clock", "level", str(number))
        assert f"Level {number} ({NAMES[game]}): " in line.out, line.out
        clock = run(capsys, "--db", horse_db, "state", "--json").json["clock"]
        assert (clock["level"], clock["game"]["key"], clock["game"]["name"]) == (number, game, NAMES[game])
        assert clock["game"]["betting"] == "limit" and clock["game"]["by_level"] is True
        assert clock["game"]["bets"] == [clock["big_blind"], 2 * clock["big_blind"]]
        # A stud level's ante is every player's and it has a bring-in; the flop games none.
        stud = game in ("razz", "stud", "stud8")
        assert (clock["game"]["bring_in"] is not None) is stud and (clock["ante"] > 0) is stud
        assert clock["next_level"]["game"] == NAMES[HORSE[number % 5]]
        assert run(capsys, "--db", horse_db, "clock", "--json").json["game"] == clock["game"]


def test_b_limit_1_rules_betting_answers_by_the_levels_game(horse_db: str, capsys: Capsys,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # Level 2, limit Omaha hi/lo at 150/300 blinds: the small bet is 300, one bet and three raises.
    run(capsys, "--db", horse_db, "clock", "level", "2")
    hand = {"button": 1, "stacks": {"1": 9000, "2": 9000, "3": 9000}, "street": "preflop",
            "actions": [[1, "raise", 600], [2, "raise", 900], [3, "raise", 1200]]}
    answer = run(capsys, "--db", horse_db, "rules", "betting", "--json", stdin=json.dumps(hand),
                 monkeypatch=monkeypatch).json
    assert (answer["to_act"], answer["can_raise"]) == (1, False) and "B-LIMIT-1" in answer["rules"]
    # Level 4, seven-card stud 1000/2000: fifth street on bets the big bet; third street is not done.
    run(capsys, "--db", horse_db, "clock", "level", "4")
    later = {"button": 1, "stacks": {"1": 9000, "2": 9000}, "street": "turn"}
    answer = run(capsys, "--db", horse_db, "rules", "betting", "--json", stdin=json.dumps(later),
                 monkeypatch=monkeypatch).json
    assert (answer["min_raise_to"], answer["max_raise_to"]) == (2000, 2000)
    refused = run(capsys, "--db", horse_db, "rules", "betting",
                  stdin=json.dumps({**later, "street": "preflop"}), monkeypatch=monkeypatch)
    assert_one_line_error(refused, "Seven-card stud: third street (the bring-in) is not in the floor")
    # A hand that names its game is answered by it, whatever the level.
    named = {**later, "game": "no-limit", "blinds": [100, 200]}
    answer = run(capsys, "--db", horse_db, "rules", "betting", "--json", stdin=json.dumps(named),
                 monkeypatch=monkeypatch).json
    assert answer["max_raise_to"] == 9000


def test_b_pl_1_a_plo_night_answers_pot_limit(tmp_path: Path, capsys: Capsys,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    toml = tmp_path / "plo.toml"
    assert run(capsys, "structure", "generate", "--stack", "20000", "--players", "30", "--hours", "4",
               "--level-minutes", "20", "--games", "nlhe,plo", "--out", str(toml)).code == 0
    db = str(tmp_path / "club.sqlite")
    assert run(capsys, "--db", db, "new", "Mixed", "--structure", str(toml), "--use").code == 0
    run(capsys, "--db", db, "clock", "start")
    run(capsys, "--db", db, "clock", "level", "2")
    hand = {"button": 1, "stacks": {"1": 20000, "2": 20000, "3": 20000}, "street": "preflop"}
    answer = run(capsys, "--db", db, "rules", "betting", "--json", stdin=json.dumps(hand),
                 monkeypatch=monkeypatch).json
    # Blinds 150/300 (a PLO level): the button may raise the pot, to 150 + 300 + 300 + 300 = 1050.
    assert answer["max_raise_to"] == 1050 and "B-PL-1" in answer["rules"]


def test_structure_generate_games_refuses_an_unknown_game_in_one_line(capsys: Capsys) -> None:
    assert_one_line_error(run(capsys, "structure", "generate", "--stack", "20000", "--players", "30",
                              "--hours", "4", "--level-minutes", "20", "--games", "H,X"), "'X' is no game")


def test_rp_10e_rules_bring_in_answers_by_the_stud_level(horse_db: str, capsys: Capsys) -> None:
    run(capsys, "--db", horse_db, "clock", "level", "4")  # seven-card stud
    clock = run(capsys, "--db", horse_db, "state", "--json").json["clock"]
    answer = run(capsys, "--db", horse_db, "rules", "bring-in", "3h", "Kd", "3c", "--json")
    assert answer.code == 0, answer.err
    bring_in, small_bet = clock["game"]["bring_in"], clock["game"]["bets"][0]
    assert unnamed(answer.json) == {
        "game": "stud", "bring_in": 3, "card": "3c", "first_to_act": 3, "amount": bring_in,
        "small_bet": small_bet, "rules": ["RP-10E", "3", "11B"],
        "options": [{"action": "fold", "to": 0}, {"action": "call", "to": bring_in},
                    {"action": "complete", "to": small_bet}]}
    # Razz at level 3: the high card brings in, and the low board acts first later.
    run(capsys, "--db", horse_db, "clock", "level", "3")
    razz = run(capsys, "--db", horse_db, "rules", "bring-in", "3h", "Kd", "Ac", "--json")
    assert razz.json["bring_in"] == 2
    later = run(capsys, "--db", horse_db, "rules", "first-to-act", '1=Kd 9c', '4=7s 2h', "--json").json
    assert (later["game"], later["first_to_act"]) == ("razz", 4)
    # A hold'em level has no bring-in: the game must be named, in one line.
    run(capsys, "--db", horse_db, "clock", "level", "1")
    assert_one_line_error(run(capsys, "--db", horse_db, "rules", "bring-in", "3h", "Kd"),
                          "--game", "no stud game")


def test_rules_first_to_act_without_a_tournament(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "none.sqlite")
    answer = run(capsys, "--db", db, "rules", "first-to-act", "--game", "stud", "1=Kd 9c", "4=Ks 9h",
                 "6=2c 3c", "--aggressor", "6", "--json")
    assert answer.code == 0, answer.err
    assert answer.json == {"game": "stud", "first_to_act": 4, "tied": [1, 4], "show_order": [1, 4, 6],
                           "rules": ["RP-10D", "RP-10F", "S-ORDER-2"]}
    text = run(capsys, "--db", db, "rules", "first-to-act", "--game", "stud", "Kd 9c", "Ks 9h").out
    assert "Seat 2 acts first (Ks 9h)." in text and "(RP-10D)" in text
    assert_one_line_error(run(capsys, "--db", db, "rules", "bring-in", "--game", "stud", "3h", "Kx"),
                          "seat 2", "'Kx'")
    assert_one_line_error(run(capsys, "--db", db, "rules", "bring-in", "--game", "razz", "3h", "Kd Qd"),
                          "seat 2", "one up card")
    assert_one_line_error(run(capsys, "--db", db, "rules", "first-to-act", "--game", "badugi", "3h", "Kd"),
                          "'badugi' is no game")
    assert not Path(db).exists()  # a calculator makes no database


def test_rp_18_the_rulings_wizard_takes_the_levels_game(horse_db: str, capsys: Capsys) -> None:
    run(capsys, "--db", horse_db, "clock", "level", "4")  # seven-card stud
    stud = run(capsys, "--db", horse_db, "rulings", "suggest", "winning-hand", "--json")
    assert stud.code == 0, stud.err
    assert stud.json["ruling"].startswith("Seven-card stud: the best five")
    assert "TDA 20B" in stud.json["rules"]
    # The floor's own answer wins over the level's.
    holdem = run(capsys, "--db", horse_db, "rulings", "suggest", "winning-hand", "--answer", "game=holdem",
                 "--json")
    assert holdem.json["ruling"].startswith("The best five cards win")
    # A ruling logged at a limit level records the betting the level answered (47B: half a bet).
    logged = run(capsys, "--db", horse_db, "rulings", "log", "--by", "Kim", "--scenario", "short-all-in",
                 "--answer", "limit_share=60", "--json")
    assert logged.code == 0, logged.err
    assert logged.json["answers"]["game"] == "limit"

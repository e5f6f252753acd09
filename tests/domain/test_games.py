"""A game per level (issue 41): a structure's level names its game (TDA RP-18: a mixed night rotates
the games in a stated order), a limit level its bets, a stud level its bring-in; a level that names
none plays the tournament's game and writes exactly what it wrote before games existed."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import ValidationError

from tdconsole.config.structures import dump_structure
from tdconsole.domain.calculators.betting import BettingInput, betting_round, level_hand
from tdconsole.domain.clock.games import GAMES, rotation
from tdconsole.domain.clock.structure import Level, Structure
from tdconsole.domain.clock.structure_gen import generate_structure
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.house_rules import HouseRules


def horse() -> Structure:
    return generate_structure(20_000, 30, 300, 30, name="HORSE", games=rotation("H,O,R,S,E"))


def test_rp_18_generate_rotates_horse_one_game_a_level_in_the_order_given() -> None:
    levels = horse().levels
    assert len(levels) >= 10
    assert [level.game for level in levels[:10]] == ["lhe", "o8", "razz", "stud", "stud8"] * 2
    for level in levels:
        game = GAMES[level.game or ""]
        # Limit levels bet the big blind and twice it, without an ante; stud antes and brings in.
        assert level.bets == (level.big_blind, 2 * level.big_blind)
        if game.stud:
            assert 0 < level.ante < (level.stud_bring_in or 0) < level.big_blind
        else:
            assert level.ante == 0 and level.stud_bring_in is None


def test_rp_18_games_by_name_and_letters_alike() -> None:
    games = rotation("limit holdem, PLO, Razz, stud/8")
    assert [game.key for game in games] == ["lhe", "plo", "razz", "stud8"]
    with pytest.raises(InvalidInput, match="'badugi' is no game"):
        rotation("H,badugi")


def test_a_level_of_the_tournaments_game_writes_what_it_wrote_before() -> None:
    level = Level(small_blind=100, big_blind=200, ante=200, minutes=20)
    assert level.model_dump(mode="json") == {"kind": "level", "small_blind": 100, "big_blind": 200,
                                             "ante": 200, "minutes": 20}
    named = Level(small_blind=100, big_blind=200, minutes=20, game="Limit Hold'em", small_bet=200,
                  big_bet=400)
    assert named.model_dump(mode="json")["game"] == "lhe"  # any name is kept as the key
    assert Level.model_validate(named.model_dump(mode="json")) == named


@pytest.mark.parametrize(("fields", "error"), [
    ({"game": "badugi"}, "'badugi' is no game"),
    ({"game": "plo", "small_bet": 200}, "small and big bets belong to a level of a limit game"),
    ({"small_bet": 200}, "small and big bets belong to a level of a limit game"),
    ({"game": "lhe", "bring_in": 50}, "a bring-in belongs to a level of a stud game"),
    ({"game": "lhe", "small_bet": 400, "big_bet": 200}, "big bet 200 is below the small bet 400"),
])
def test_a_levels_game_and_its_figures_are_checked(fields: dict[str, object], error: str) -> None:
    with pytest.raises(ValidationError, match=error):
        Level(small_blind=100, big_blind=200, minutes=20, **fields)


def test_t_color_1_a_bring_in_the_chips_in_play_cannot_pay_is_refused() -> None:
    with pytest.raises(ValidationError, match=r"periods\.0\.bring_in"):
        Structure.model_validate({"name": "stud", "chips": [{"value": 100, "color": "black"}],
                                  "starting_stack": 10_000, "periods": [
                                      {"small_blind": 100, "big_blind": 200, "ante": 100, "minutes": 20,
                                       "game": "stud", "bring_in": 150}]})


def test_a_horse_structure_round_trips_through_its_toml() -> None:
    structure = horse()
    assert Structure.model_validate(tomllib.loads(dump_structure(structure))) == structure


def test_b_limit_1_a_limit_levels_bets_cap_the_raises_in_rules_betting() -> None:
    # Level 1 of the HORSE night: limit hold'em 200/400. The hand names no game: the level's.
    level = horse().levels[0]
    hand = BettingInput.model_validate(level_hand(
        {"button": 1, "stacks": {"1": 10_000, "2": 10_000, "3": 10_000}, "street": "preflop",
         "actions": [[1, "raise", 400], [2, "raise", 600]]}, level, "HORSE"))
    answer = betting_round(hand, HouseRules())
    assert (answer.to_act, answer.to_call, answer.min_raise_to, answer.max_raise_to) == (3, 400, 800, 800)
    # The big blind's raise to 800 is the third: capped, the button may only call (B-LIMIT-1).
    capped = hand.model_copy(update={"actions": [*hand.actions, *BettingInput.model_validate(
        {**hand.model_dump(), "actions": [[3, "raise", 800]]}).actions]})
    answer = betting_round(capped, HouseRules())
    assert (answer.to_act, answer.can_raise) == (1, False) and "B-LIMIT-1" in answer.rules
    # The turn bets the big bet the level states.
    wide = Level(small_blind=100, big_blind=200, minutes=20, game="lhe", small_bet=300, big_bet=600)
    turn = BettingInput.model_validate(level_hand(
        {"button": 1, "stacks": {"1": 10_000, "2": 10_000}, "street": "turn"}, wide, "HORSE"))
    assert betting_round(turn, HouseRules()).max_raise_to == 600


def test_b_pl_1_a_plo_level_answers_pot_limit() -> None:
    level = Level(small_blind=100, big_blind=200, minutes=20, game="plo")
    hand = BettingInput.model_validate(level_hand(
        {"button": 1, "stacks": {"1": 10_000, "2": 10_000, "3": 10_000}, "street": "preflop"}, level, "NLHE"))
    answer = betting_round(hand, HouseRules())
    assert hand.game == "pot-limit" and answer.max_raise_to == 700 and "B-PL-1" in answer.rules


def test_a_hand_that_names_its_game_keeps_it() -> None:
    level = Level(small_blind=100, big_blind=200, minutes=20, game="lhe")
    assert level_hand({"game": "no-limit"}, level, "HORSE") == {"game": "no-limit"}
    # A level of the tournament's game: the tournament's, when its text names one.
    plain = Level(small_blind=100, big_blind=200, ante=200, minutes=20)
    assert level_hand({}, plain, "Pot-limit Omaha")["game"] == "pot-limit"
    assert level_hand({}, plain, "Friday special") == {}

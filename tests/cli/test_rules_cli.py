"""`tdconsole rules betting|chips|pots|showdown`: their JSON keys (a contract) and one-line errors."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from tdconsole.cli import main


def run(argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    monkeypatch.delenv("TDCONSOLE_HOUSE_RULES", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    out, err = capsys.readouterr()
    code = exit_info.value.code
    return (code if isinstance(code, int) else 1), out, err


def ok_json(argv: list[str], data: Any, capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    code, out, err = run([*argv, "--json"], json.dumps(data), capsys, monkeypatch)
    assert (code, err) == (0, "")
    result: dict[str, Any] = json.loads(out)
    return result


def one_line_error(argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str],
                   monkeypatch: pytest.MonkeyPatch) -> str:
    code, out, err = run(argv, stdin, capsys, monkeypatch)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    return err


HAND = {"game": "no-limit", "blinds": [100, 200], "ante": 0, "button": 1,
        "stacks": {"1": 5000, "2": 5000, "3": 5000, "4": 5000}, "street": "preflop", "pot": 0,
        "actions": [["4", "raise", 600]]}


def test_betting_json_keys_r6_style(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    result = ok_json(["rules", "betting"], HAND, capsys, monkeypatch)
    assert set(result) == {"to_act", "to_call", "min_raise_to", "max_raise_to", "can_raise",
                           "pot", "rules", "ante_posted", "all_in_showdown", "misread"}
    assert (result["to_act"], result["to_call"], result["min_raise_to"]) == (1, 600, 1000)
    assert (result["max_raise_to"], result["can_raise"], result["pot"]) == (5000, True, 900)
    assert "B-MIN-3" in result["rules"]


def test_betting_human_output(capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["rules", "betting"], json.dumps(HAND), capsys, monkeypatch)
    assert code == 0
    assert "Seat 1 to act: call 600; raise to 1000 .. 5000. Pot 900." in out
    assert "rules: " in out


@pytest.mark.parametrize(("change", "expected"), [
    ({"actions": [["4", "raise", 300]]}, "B-MIN-2: actions[0] (seat 4 raise 300)"),
    ({"actions": [["2", "call", None]]}, "O-OOT-1: actions[0]"),
    ({"stacks": {"1": -5, "2": 100}}, "stacks.1"),
    ({"stacks": {"1": 2.5, "2": 100}}, "stacks.1"),
    ({"actions": [["9", "call", None]]}, "seat 9 is not in stacks"),
    ({"game": "pot-limit", "actions": [["4", "raise", 1000]]}, "B-PL-1"),
    ({"actions": [["4", "fold", None], ["4", "call", None]]}, "O-OOT-3"),
])
def test_betting_bad_input_is_one_line(change: dict[str, Any], expected: str,
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    err = one_line_error(["rules", "betting", "--json"], json.dumps({**HAND, **change}),
                         capsys, monkeypatch)
    assert expected in err


def test_malformed_json_is_one_line(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    for command in ("betting", "chips", "pots"):
        err = one_line_error(["rules", command, "--json"], '{"game": ', capsys, monkeypatch)
        assert "not JSON, malformed" in err


def test_chips_json_keys_s1(capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"facing": 1000, "already_in": 0, "last_increment": 1000,
            "chips": [1000, 100, 100, 100, 100], "stack": 5000, "declared": None,
            "big_blind": 200}
    result = ok_json(["rules", "chips"], data, capsys, monkeypatch)
    assert {"action", "to", "returned", "rules"} <= set(result)
    assert (result["action"], result["to"], result["returned"]) == ("call", 1000, 400)
    assert "B-HALF-1" in result["rules"]


def test_chips_s13_follows_the_house_rules_setting(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Any) -> None:
    data = {"facing": 0, "chips": [1000], "stack": 1150, "big_blind": 200}
    assert ok_json(["rules", "chips"], data, capsys, monkeypatch)["action"] == "all-in"
    tda = tmp_path / "house_rules.toml"
    tda.write_text("[betting]\nbet_leaving_one_big_blind_is_all_in = false\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(tda))
    with pytest.raises(SystemExit):
        main(["rules", "chips", "--json"])
    assert json.loads(capsys.readouterr().out)["action"] == "bet"


@pytest.mark.parametrize("house", ["club", "tda"])
@pytest.mark.parametrize("handed", [2, 3, 6, 7, 10])
@pytest.mark.parametrize("stack", [50_000, 3_000, 1_500])
def test_t_ante_2_t_ante_3_rules_betting_and_rules_post_post_the_same_ante(
        house: str, handed: int, stack: int, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    # `ante` is the level's in both commands (and on the clock); the table posts by its size.
    rules = tmp_path / "house_rules.toml"
    rules.write_text('[ante]\nby_table_size = "flat"\nshort_big_blind = "blind-first"\n'
                     if house == "tda" else "")
    button, big_seat = (1, 2) if handed == 2 else (1, 3)
    hand = {"game": "no-limit", "blinds": [1000, 2000], "ante": 2000, "button": button,
            "street": "preflop", "stacks": {str(s): 50_000 for s in range(1, handed + 1)}}
    hand["stacks"][str(big_seat)] = stack  # type: ignore[index]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(hand)))
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(rules))
    with pytest.raises(SystemExit):
        main(["rules", "betting", "--json"])
    betting = json.loads(capsys.readouterr().out)
    with pytest.raises(SystemExit):
        main(["rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000", "--stack", str(stack),
              "--handed", str(handed), "--json"])
    post = json.loads(capsys.readouterr().out)
    assert betting["ante_posted"] == post["ante"]
    assert betting["pot"] == post["pot"]
    due = {"club": {2: 0, 3: 1000, 6: 1000, 7: 2000, 10: 2000}[handed], "tda": 2000}[house]
    if stack < 2000 + due:  # short: the ante first (T-ANTE-3) or the blind first (RP-11)
        due = min(stack, due) if house == "club" else max(0, stack - 2000)
    assert post["ante"] == due


def test_chips_bad_input_is_one_line(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"facing": 1000, "chips": [100, -1], "stack": 5000, "big_blind": 200}
    assert "chips.1" in one_line_error(["rules", "chips"], json.dumps(data), capsys, monkeypatch)


def test_pots_json_keys_p6(capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"button": 3, "seats": [1, 2, 3], "contributions": {"1": 1000, "2": 1000, "3": 100},
            "folded": [], "chip": 100, "ranking": [["3"], ["1", "2"]]}
    result = ok_json(["rules", "pots"], data, capsys, monkeypatch)
    assert {"pots", "awards"} <= set(result)
    for pot in result["pots"]:
        assert {"amount", "eligible", "awards"} <= set(pot)
    amounts = {pot["amount"]: pot["eligible"] for pot in result["pots"]}
    assert amounts == {300: [1, 2, 3], 1800: [1, 2]}
    assert result["awards"] == {"1": 900, "2": 900, "3": 300}


def test_pots_by_hands(capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"button": 1, "seats": [1, 2], "contributions": {"1": 500, "2": 500}, "chip": 100,
            "game": "holdem", "board": "Ks Qs 7s 3d 2h", "hands": {"1": "As Js", "2": "9d 9c"}}
    assert ok_json(["rules", "pots"], data, capsys, monkeypatch)["awards"] == {"1": 1000}


def test_pots_seat_not_at_the_table_is_one_line(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"button": 1, "seats": [1, 2], "contributions": {"1": 500, "7": 500}, "chip": 100,
            "ranking": [[1], [7]]}
    err = one_line_error(["rules", "pots"], json.dumps(data), capsys, monkeypatch)
    assert "contributions: seat 7 is not in seats" in err


SHOWDOWN = ["rules", "showdown", "--game", "holdem", "--board", "Ks Qs 7s 3d 2h",
            "--hand", "1=As Js", "--hand", "2=9d 9c"]


def test_showdown_json_keys(capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run([*SHOWDOWN, "--button", "2", "--json"], "", capsys, monkeypatch)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert {"high", "low", "show_order"} <= set(result)
    # `reads` (the hands as data, worded at the edge) was added beside the contract's keys.
    assert result["high"]["reads"]["2"] == {"category": "one pair", "ranks": ["9"]}
    assert result["high"] | {"reads": None} == {
        "winners": [1], "reads": None, "hands": {"1": "flush, ace high", "2": "pair of nines"}}
    assert result["low"] is None and result["show_order"] == [1, 2]


def test_showdown_omaha_hilo_has_a_low(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["rules", "showdown", "--game", "omaha-hilo", "--board", "5c 4h 3s Qc Qh",
            "--hand", "1=As 2d Ks Kd", "--hand", "2=8c 7c 6d 6s", "--json"]
    code, out, _ = run(argv, "", capsys, monkeypatch)
    assert code == 0
    result = json.loads(out)
    assert result["low"]["reads"]["1"] == {"category": "low", "ranks": ["5", "4", "3", "2", "A"]}
    assert result["low"] | {"reads": None} == {
        "winners": [1], "reads": None, "hands": {"1": "5-4-3-2-A low", "2": "7-6-5-4-3 low"}}
    assert result["high"]["winners"] == [2]


@pytest.mark.parametrize(("hands", "expected"), [
    (["1=As Js", "2=As 9c"], "duplicate card As"),
    (["1=As Js Qd", "2=9d 9c"], "3 cards; holdem has 2"),
    (["1=Zz Js", "2=9d 9c"], "--hand 1"),
    (["As Js"], "SEAT=CARDS"),
])
def test_showdown_bad_cards_are_one_line(hands: list[str], expected: str,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["rules", "showdown", "--game", "holdem", "--board", "Ks Qs 7s 3d 2h"]
    for hand in hands:
        argv += ["--hand", hand]
    assert expected in one_line_error(argv, "", capsys, monkeypatch)


def test_s_show_2_showdown_all_in_tables_every_hand_before_the_streets_to_come(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["rules", "showdown", "--game", "holdem", "--board", "Ks Qs 7s", "--hand", "1=As Js",
            "--hand", "2=9d 9c", "--all-in"]
    code, out, err = run([*argv, "--json"], "", capsys, monkeypatch)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["tabled"] and result["streets_to_come"] == ["turn", "river"]
    assert result["high"] is None and {"S-SHOW-1", "S-SHOW-2", "S-SHOW-3"} <= set(result["rules"])
    code, out, _ = run(argv, "", capsys, monkeypatch)
    assert "every hand is tabled face up now, before the turn and river" in " ".join(out.split())
    assert "S-SHOW-2" in one_line_error(argv[:-1], "", capsys, monkeypatch)


def test_tda_20b_rules_pots_gives_a_stud_pots_odd_chip_to_the_high_card_by_suit(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"button": 1, "seats": [1, 2, 5], "contributions": {"1": 100, "2": 100, "5": 100},
            "folded": [1], "chip": 100, "ranking": [[2, 5]], "stud_cards": {"2": "Ks 9d 4s", "5": "Kd 9h Ac"}}
    result = ok_json(["rules", "pots"], data, capsys, monkeypatch)
    assert result["awards"] == {"2": 100, "5": 200} and "20B" in result["rules"]  # seat 2's from the button

"""Posts, the chip race and structures on the CLI: `rules post`, `rules chip-race`,
`structure list/show/generate`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main
from tdconsole.config.structures import load_structure

POST_KEYS = {"big_blind", "ante", "all_in", "to_call", "rules"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as caught:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(caught.value.code or 0), out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def fails_with_one_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    return err


A1 = ("rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000", "--stack", "3000",
      "--handed", "9")


@pytest.fixture(autouse=True)
def club_house_rules(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # The tests state the club default explicitly, whatever the checkout's house_rules.toml says.
    path = tmp_path / "house_rules.toml"
    path.write_text('[ante]\nby_table_size = "club"\nshort_big_blind = "ante-first"\n')
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(path))


def test_a1_rules_post_club_ante_first_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *A1)
    assert set(data) >= POST_KEYS
    assert (data["big_blind"], data["ante"], data["all_in"], data["to_call"]) == (1000, 2000, True,
                                                                                    2000)
    assert "T-ANTE-3" in data["rules"]


def test_a1_rules_post_order_blind_first_rp_11(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, *A1, "--order", "blind-first")
    assert (data["big_blind"], data["ante"], data["all_in"]) == (2000, 1000, True)
    assert "RP-11" in data["rules"]


def test_a1b_rules_post_to_call_is_the_full_big_blind(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, *A1)["to_call"] == 2000


def test_a4_rules_post_dead_small_blind(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000",
                    "--stack", "50000", "--handed", "9", "--dead-sb")
    assert (data["big_blind"], data["ante"], data["pot"], data["all_in"]) == (2000, 2000, 4000,
                                                                               False)


@pytest.mark.parametrize(("handed", "ante"), [("6", 1000), ("2", 0)])
def test_a6_rules_post_ante_by_table_size(capsys: pytest.CaptureFixture[str], handed: str,
                                          ante: int) -> None:
    data = run_json(capsys, "rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000",
                    "--stack", "50000", "--handed", handed)
    assert data["ante"] == ante and "T-ANTE-2" in data["rules"]


def test_a6_rules_post_flat_ante_from_the_house_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "tda.toml"
    path.write_text('[ante]\nby_table_size = "flat"\n')
    monkeypatch.setenv("TDCONSOLE_HOUSE_RULES", str(path))
    data = run_json(capsys, "rules", "post", "--sb", "1000", "--bb", "2000", "--ante", "2000",
                    "--stack", "50000", "--handed", "2")
    assert data["ante"] == 2000 and "RP-11" in data["rules"]


def test_rules_post_plain_text_names_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *A1)
    assert code == 0 and "T-ANTE-3" in out and "all-in" in out


@pytest.mark.parametrize(
    "extra", [("--order", "sideways"), ("--handed", "1"), ("--stack", "0"), ("--bb", "500")]
)
def test_rules_post_bad_input_is_one_line(capsys: pytest.CaptureFixture[str],
                                          extra: tuple[str, str]) -> None:
    argv = list(A1)
    if extra[0] in argv:
        argv[argv.index(extra[0]) + 1] = extra[1]
    else:
        argv += extra
    fails_with_one_line(capsys, *argv)


def test_c2_rules_chip_race_nobody_raced_out(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "rules", "chip-race", "--seat", "1:5075:75", "--seat", "3:25:25",
                    "--color-up", "25", "--to", "100", "--cards", "As Kd Qh 2c")
    seats = {seat["seat"]: seat for seat in data["seats"]}
    assert seats[3]["rescued"] and seats[3]["stack_after"] == 100
    assert seats[1]["won"] and data["chips_raced"] == 1
    assert {"color_up", "new_chip", "pool", "chips_raced", "value_change", "rules"} <= set(data)


def test_rules_chip_race_without_cards_draws_a_deck(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "rules", "chip-race", "--seat", "1:1050:50", "--seat", "2:1050:50",
                    "--color-up", "25", "--to", "100")
    cards = [card for seat in data["seats"] for card in seat["cards"]]
    assert len(cards) == 4 == len(set(cards)) and data["chips_raced"] == 1


@pytest.mark.parametrize(
    "argv",
    [("--seat", "1:5075", "--color-up", "25", "--to", "100"),
     ("--seat", "1:0:0", "--color-up", "25", "--to", "100"),
     ("--seat", "1:50:25", "--color-up", "25", "--to", "100", "--cards", "As As"),
     ("--seat", "1:50:25", "--color-up", "25", "--to", "20")],
)
def test_rules_chip_race_bad_input_is_one_line(capsys: pytest.CaptureFixture[str],
                                               argv: tuple[str, ...]) -> None:
    fails_with_one_line(capsys, "rules", "chip-race", *argv)


def test_structure_list_names_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert {"club-turbo", "club-deepstack", "festival-event"} <= set(
        run_json(capsys, "structure", "list")["structures"])


def test_structure_show_unknown_key_lists_the_known(capsys: pytest.CaptureFixture[str]) -> None:
    assert "club-turbo" in fails_with_one_line(capsys, "structure", "show", "nope")


def test_structure_show_bad_file_names_file_and_key(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\n[[periods]]\nsmall_blind = 100\nbig_blind = 50\nminutes = 20\n')
    err = fails_with_one_line(capsys, "structure", "show", str(path))
    assert f"{path}: periods.0" in err


def test_structure_generate_out_round_trips(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    out = tmp_path / "gen.toml"
    data = run_json(capsys, "structure", "generate", "--stack", "20000", "--players", "40",
                    "--hours", "4", "--level-minutes", "15", "--name", "Fredag", "--out", str(out))
    assert data["name"] == "Fredag" and data["starting_stack"] == 20000
    assert load_structure(str(out)).model_dump(mode="json") == data


def test_structure_generate_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "structure", "generate", "--stack", "20000", "--players", "40",
                       "--hours", "4", "--level-minutes", "15")
    assert code == 0 and "100/200" in out and "colour up 25" in out


def test_structure_generate_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    fails_with_one_line(capsys, "structure", "generate", "--stack", "20000", "--players", "40",
                        "--hours", "4", "--level-minutes", "0")

"""`tdconsole rules icm` and `tdconsole rules payouts`: the JSON contract and one-line errors."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run as run_cli


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    result = run_cli(capsys, *args)
    return result.code, result.out, result.err


def fails_in_one_line(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_rules_icm_json_is_the_issue_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "rules", "icm", "--payouts", "100,76", "--stacks", "1500,1200,975", "--json"
    )
    assert code == 0
    assert json.loads(out) == {"equity": [67.06, 58.73, 50.21]}


def test_rules_icm_i1_without_json_shows_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "icm", "--payouts", "100,76", "--stacks", "1500,1200")
    assert code == 0
    assert "89.33" in out and "86.67" in out and "1,500" in out


@pytest.mark.parametrize(
    ("payouts", "stacks", "message"),
    [
        ("100,76,50", "1500,1200", "3 payouts but only 2 players"),
        ("100,76", "1500,0,975", "player 2 has 0"),
        ("100,76", "1500,-5,975", "player 2 has -5"),
        ("100,x", "1500,1200", "--payouts: 'x' is not a whole number"),
        ("100", "1500,,1200", "--stacks: '' is not a whole number"),
    ],
)
def test_rules_icm_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], payouts: str, stacks: str, message: str
) -> None:
    assert message in fails_in_one_line(
        capsys, "rules", "icm", "--payouts", payouts, "--stacks", stacks, "--json"
    )


def test_rules_payouts_generator_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "rules",
        "payouts",
        "--entries",
        "100",
        "--pool",
        "10000",
        "--buy-in",
        "100",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"prize_pool", "payouts"}
    assert data["prize_pool"] == 10_000
    amounts = [row["amount"] for row in data["payouts"]]
    assert [row["place"] for row in data["payouts"]] == list(range(1, 16))
    assert {"place", "amount"} <= set(data["payouts"][0])  # keys may be added (a satellite's "seat")
    assert sum(amounts) == 10_000 and amounts == sorted(amounts, reverse=True)
    assert min(amounts) >= 150


def test_rules_payouts_from_the_club_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "rules", "payouts", "--entries", "60", "--pool", "9000", "--table", "club", "--json"
    )
    assert code == 0
    assert [row["amount"] for row in json.loads(out)["payouts"]] == [
        2990,
        1800,
        1260,
        940,
        720,
        580,
        400,
        310,
    ]


def test_rules_payouts_generator_options_and_a_lock(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "rules",
        "payouts",
        "--entries",
        "100",
        "--pool",
        "10000",
        "--paid",
        "10",
        "--min-cash",
        "2",
        "--buy-in",
        "100",
        "--unit",
        "50",
        "--lock",
        "1=3000",
    )
    assert code == 0
    assert "3,000" in out and "Prize pool DKK\u00a010,000, 10 paid" in out


@pytest.mark.parametrize(("lang", "method"), [
    ("en", "generator: 12.5 % paid, min cash 1.5 x buy-in"),
    ("da", "generator: 12,5 % betalt, mindste præmie 1,5 x buy-in"),
])
def test_rules_payouts_writes_the_generator_s_numbers_as_the_language_does(
        lang: str, method: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", lang, "rules", "payouts", "--entries", "40", "--pool", "12000",
                       "--buy-in", "300", "--paid", "12.5", "--min-cash", "1.5")
    assert code == 0 and method in " ".join(out.split()), out  # the title wraps


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--entries", "300", "--table", "club"], "no range for 300 entries"),
        (["--entries", "60", "--table", "nope"], "no payout table 'nope'"),
        (["--entries", "60", "--table", "club", "--unit", "5"], "shape the generator"),
        (["--entries", "60", "--table", "club", "--buy-in", "100"], "shape the generator"),
        (["--entries", "100", "--lock", "1:3000"], "--lock: '1:3000' is not PLACE=AMOUNT"),
        (["--entries", "100", "--lock", "1=3000", "--lock", "1=2000"], "locked twice"),
        (["--entries", "100", "--lock", "1=100"], "more than place 1"),
        (["--entries", "100", "--paid", "0"], "paid_share"),
        (["--entries", "0"], "entries must be at least 1"),
        (["--entries", "100", "--buy-in", "1000"], "cannot pay 15 places of at least 1500"),
    ],
)
def test_rules_payouts_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    err = fails_in_one_line(capsys, "rules", "payouts", "--pool", "10000", *args, "--json")
    assert message in err


def test_a_bad_payout_table_file_names_the_file_and_key(
    capsys: pytest.CaptureFixture[str],
    tmp_path,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    (tmp_path / "payouts").mkdir()
    (tmp_path / "payouts" / "odd.toml").write_text(
        'name = "Odd"\n[[ranges]]\nmin_entries = 2\nmax_entries = 9\npercents = [60, 30]\n'
    )
    monkeypatch.setenv("TDCONSOLE_CONFIGS", str(tmp_path))
    err = fails_in_one_line(
        capsys, "rules", "payouts", "--entries", "5", "--pool", "1000", "--table", "odd"
    )
    assert "odd.toml: ranges.0.percents" in err and "not 100 %" in err

"""The cash desk on the command line: the `--json` contract, one-line refusals, the printed pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    args = ["--db", str(tmp_path / "desk.sqlite")]
    for argv in (["new", "Fredag", "--buy-in", "300", "--fee", "50"], ["register", "Anna", "Bo", "Carl"],
                 ["register", "Dorte", "--paid", "mobilepay"], ["register", "Erik", "--unpaid"]):
        assert run(capsys, *args, *argv).code == 0
    return args


def test_cash_json_names_the_contract_keys(capsys: pytest.CaptureFixture[str], db: list[str]) -> None:
    data = run(capsys, *db, "cash", "--json").json
    assert {"expected", "counted", "difference", "unpaid", "fees", "overlay", "paid_out", "owed"} <= set(data)
    assert data["expected"]["cash"] == 3 * 350 and data["expected"]["mobilepay"] == 350
    assert data["unpaid"] == ["Erik"] and data["fees"] == {"house": 5 * 50}


def test_pay_settles_an_unpaid_entry_and_count_shows_the_difference(
        capsys: pytest.CaptureFixture[str], db: list[str]) -> None:
    paid = run(capsys, *db, "pay", "Erik", "--method", "cash", "--json").json
    assert paid["unpaid"] == [] and paid["dues"][0]["method"] == "cash"
    data = run(capsys, *db, "cash", "count", "cash=1500", "mobilepay=350", "--json").json
    assert data["counted"] == {"cash": 1500, "mobilepay": 350}
    assert data["difference"] == {"cash": 1500 - 4 * 350, "mobilepay": 0}


@pytest.mark.parametrize(("argv", "fragment"), [
    (["pay", "Anna", "--method", "bitcoin"], "'bitcoin' is not a payment method of the club"),
    (["pay", "Anna", "--method", "cash"], "Anna has paid everything"),
    (["pay", "Nobody"], "Nobody"),
    (["cash", "count", "cash=lots"], "'lots' is not a whole number"),
    (["cash", "pay-out", "Anna"], "nothing is owed to Anna"),
    (["register", "Zoe", "--paid", "cash", "--unpaid"], "paid or unpaid, not both"),
    (["slips", "--width", "a5"], "a5"),
])
def test_a_refusal_is_one_line_and_changes_nothing(capsys: pytest.CaptureFixture[str], db: list[str],
                                                   argv: list[str], fragment: str) -> None:
    before = run(capsys, *db, "log", "--json").json
    assert_one_line_error(run(capsys, *db, *argv), fragment)
    assert run(capsys, *db, "log", "--json").json == before


def test_slips_and_the_report_are_printable_pages(capsys: pytest.CaptureFixture[str], db: list[str],
                                                  tmp_path: Path) -> None:
    for name in ("Anna", "Bo", "Carl", "Dorte"):
        run(capsys, *db, "bust", name)
    slip = run(capsys, *db, "cash", "pay-out", "Erik", "--json").json
    assert (slip["slip"], slip["name"], slip["method"]) == (1, "Erik", "cash")
    assert slip["amount"] == run(capsys, *db, "payouts", "--json").json["payouts"][0]["amount"]
    page = tmp_path / "slips.html"
    assert run(capsys, *db, "slips", "--out", str(page), "--width", "80mm").code == 0
    html = page.read_text()
    assert "Erik" in html and "Player's signature" in html and "size: 80mm" in html
    report = run(capsys, *db, "--lang", "da", "cash", "report", "--format", "csv").out
    assert report.splitlines()[0].startswith("afsnit,post,")
    assert "Erik" in report and "udbetalt" in report


def test_the_end_of_night_report_signed_verifies_and_one_changed_byte_does_not(
        capsys: pytest.CaptureFixture[str], db: list[str], tmp_path: Path) -> None:
    report = tmp_path / "cash.html"
    assert run(capsys, *db, "cash", "report", "--out", str(report), "--sign").code == 0
    assert run(capsys, *db, "verify", str(report)).code == 0
    report.write_bytes(report.read_bytes().replace(b"Erik", b"Erin", 1))
    assert run(capsys, *db, "verify", str(report)).code == 1


def test_a_payout_slip_number_once_printed_is_not_reused_after_undo_and_its_slip_prints_void(
        capsys: pytest.CaptureFixture[str], db: list[str], tmp_path: Path) -> None:
    for name in ("Anna", "Bo", "Carl", "Dorte"):
        run(capsys, *db, "bust", name)
    assert run(capsys, *db, "cash", "pay-out", "Erik", "--json").json["slip"] == 1
    assert run(capsys, *db, "undo").code == 0
    assert run(capsys, *db, "cash", "pay-out", "Erik", "--json").json["slip"] == 2
    page = tmp_path / "slips.html"
    assert run(capsys, *db, "slips", "--out", str(page)).code == 0
    first, second = page.read_text().split('<section class="slip">')[1:]
    assert "No. 1" in first and "VOID: this pay-out was undone" in first
    assert "No. 2" in second and "VOID" not in second


def test_a_count_below_0_reconciles_a_method_that_paid_out_more_than_it_took_in(
        capsys: pytest.CaptureFixture[str], db: list[str]) -> None:
    """Dorte paid 350 by MobilePay; Erik's prize goes out by MobilePay: `cash --json` shows each
    method's in and out, and MobilePay's count below 0 reconciles (it was refused before)."""
    for name in ("Anna", "Bo", "Carl", "Dorte"):
        assert run(capsys, *db, "bust", name).code == 0
    prize = run(capsys, *db, "cash", "pay-out", "Erik", "--method", "mobilepay", "--json").json["amount"]
    data = run(capsys, *db, "cash", "--json").json
    assert (data["came_in"]["mobilepay"], data["went_out"]["mobilepay"]) == (350, prize)
    assert data["expected"]["mobilepay"] == 350 - prize < 0
    counted = run(capsys, *db, "cash", "count", "cash=1050", f"mobilepay={350 - prize}", "--json")
    assert counted.code == 0, counted.err
    assert counted.json["difference"] == {"cash": 0, "mobilepay": 0}
    shown = run(capsys, *db, "cash").out
    assert re.search(r"method\s*┃\s*in\s*┃\s*out\s*┃\s*expected", shown)
    assert f"-DKK {prize - 350:,}" in shown.replace("\xa0", " ")


def test_a_refused_count_is_one_danish_line(capsys: pytest.CaptureFixture[str], db: list[str]) -> None:
    before = run(capsys, *db, "log", "--json").json
    for count, fragment in (("mobilepay=-10000000000000", "skal være mindst -1000000000000"),
                            ("mobilepay=lots", "'lots' er ikke et helt tal"),
                            ("bitcoin=5", "'bitcoin' er ikke en af klubbens betalingsmåder")):
        refused = run(capsys, *db, "--lang", "da", "cash", "count", count)
        assert_one_line_error(refused, fragment)
        assert "Input should" not in refused.err and "fejl" in refused.err
    assert run(capsys, *db, "log", "--json").json == before


def test_collected_leaves_out_what_is_still_unpaid(capsys: pytest.CaptureFixture[str], db: list[str]) -> None:
    """Erik registered unpaid: the desk's `collected` is the four dues paid; the prize pool's
    `collected` (what the entries pay, the pool's base) counts him and `money show` says so."""
    data = run(capsys, *db, "cash", "--json").json
    assert (data["collected"], data["unpaid_amount"]) == (4 * 350, 350)
    desk = " ".join(run(capsys, *db, "cash").out.replace("\xa0", " ").split())
    assert "Collected DKK 1,400 (dues paid, not those unpaid)" in desk
    shown = run(capsys, *db, "money", "show", "--json").json
    assert (shown["money"]["collected"], shown["unpaid"]) == (5 * 350, 350)
    money = run(capsys, *db, "money", "show").out.replace("\xa0", " ")
    assert "Of the collected, DKK 350 is not paid yet" in money
    run(capsys, *db, "pay", "Erik", "--method", "cash")
    assert run(capsys, *db, "money", "show", "--json").json["unpaid"] == 0
    assert run(capsys, *db, "cash", "--json").json["collected"] == 5 * 350

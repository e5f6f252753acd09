"""Amounts as the club writes them (Babel): kroner by default, `1.234 kr.` in Danish and
`DKK 1,234` in English; the currency is a house setting recorded in the tournament's log."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tdconsole.domain.house_rules import HouseRules
from tdconsole.views.formatting import Formats, format_duration, format_money, format_number, format_when
from tests.cli.helpers import run

NBSP = "\u00a0"


@pytest.mark.parametrize(("amount", "currency", "locale", "written"), [
    (1234, "DKK", "da_DK", f"1.234{NBSP}kr."),
    (1234, "DKK", "en_GB", f"DKK{NBSP}1,234"),
    (1234567, "DKK", "da_DK", f"1.234.567{NBSP}kr."),
    (-10, "DKK", "da_DK", f"-10{NBSP}kr."),
    (1234, "EUR", "en_GB", "€1,234"),  # a symbol, not letters: no space (CLDR currencySpacing)
    (1234, "EUR", "da_DK", f"1.234{NBSP}€"),
    (50, "SEK", "sv_SE", f"50{NBSP}kr"),
])
def test_format_money(amount: int, currency: str, locale: str, written: str) -> None:
    assert format_money(amount, currency=currency, locale=locale) == written


def test_the_club_default_is_kroner_in_danish_and_its_clock(danish: None) -> None:
    formats = Formats.of(HouseRules())
    assert formats.money(1234) == f"1.234{NBSP}kr."
    assert formats.number(17.5, 1) == "17,5" and format_number(17.5, decimals=1, locale="en_GB") == "17.5"
    evening = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)
    assert formats.when(evening) == "27.11.2026 20.00"  # 19:00 UTC is 20:00 in Copenhagen
    assert format_when(evening, locale="en_GB", time_zone="Europe/London", time=False) == "27 Nov 2026"


def test_the_currency_is_set_in_the_log_and_the_standings_follow_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "club.sqlite")
    for args in (("new", "Friday", "--buy-in", "1000"), ("register", "Anna", "Bo", "--new-member"),
                 ("house-rules", "set", "money.currency", "EUR"),
                 ("house-rules", "set", "money.locale", "en_GB"),
                 ("bust", "Bo"), ("league", "new", "W"), ("league", "add", "1")):
        assert run(capsys, "--db", db, *args).code == 0
    shown = run(capsys, "--db", db, "house-rules", "show", "--json").json["rules"]["money"]
    assert shown == {"currency": "EUR", "locale": "en_GB", "time_zone": "Europe/Copenhagen"}
    assert "€2,000" in run(capsys, "--db", db, "league", "standings").out
    for args in (("undo",), ("undo",), ("undo",), ("bust", "Bo")):  # back to the club's kroner
        assert run(capsys, "--db", db, *args).code == 0
    assert f"2.000{NBSP}kr." in run(capsys, "--db", db, "--lang", "da", "members", "show", "Anna").out
    assert f"DKK{NBSP}2,000" in run(capsys, "--db", db, "members", "show", "Anna").out  # English


def test_format_duration_rounds_up_so_zero_means_out() -> None:
    assert [format_duration(s) for s in (0, 0.01, 59.5, 60, 3600)] == ["0:00", "0:01", "1:00", "1:00",
                                                                       "1:00:00"]

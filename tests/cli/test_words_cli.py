"""Words and numbers a TD reads in the CLI's text, in English and Danish, with the JSON unchanged:
counts in their own number ("1 win", never "1 wins"), chips with the language's separator."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.i18n import set_language
from tdconsole.views.club import record_counts
from tdconsole.views.seating import halt_line
from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def h4h_db(tmp_path: Path, capsys: Capsys) -> str:
    """Twelve players at two tables, hand-for-hand on, Anna out at her table with 20,000 chips."""
    db = str(tmp_path / "h4h.sqlite")
    for args in (("new", "Friday", "--buy-in", "300", "--use"),
                 ("register", "Anna", *[f"Player {i:02}" for i in range(11)]),
                 ("draw", "--seed", "1"), ("h4h", "start"), ("bust", "Anna", "--stack", "Anna=20000")):
        result = run(capsys, "--db", db, *args)
        assert result.code == 0, result.err
    return db


@pytest.mark.parametrize(("lang", "shown"), [("en", "(stack 20,000)"), ("da", "(stak 20.000)")])
def test_h4h_status_writes_the_stack_as_the_language_writes_numbers(h4h_db: str, capsys: Capsys,
                                                                    lang: str, shown: str) -> None:
    text = run(capsys, "--db", h4h_db, "--lang", lang, "h4h", "status")
    assert text.code == 0 and shown in text.out and "20000" not in text.out
    data = run(capsys, "--db", h4h_db, "--lang", lang, "h4h", "status", "--json").json
    assert [(row["name"], row["stack"]) for row in data["pending"]] == [("Anna", 20000)]


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 event, 1 cash, 1 win", "2 events, 0 cashes, 3 wins"),
    ("da", "1 turnering, 1 gang i pengene, 1 sejr", "2 turneringer, 0 gange i pengene, 3 sejre")])
def test_a_members_record_counts_each_in_its_number(lang: str, one: str, two: str) -> None:
    set_language(lang)
    try:
        assert record_counts(1, 1, 1) == one
        assert record_counts(2, 0, 3) == two
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Halt (11D): table 1 stops dealing until it is balanced",
     "Halt (11D): tables 1, 3 stop dealing until they are balanced"),
    ("da", "Stop (11D): bord 1 deler ikke, før det er balanceret",
     "Stop (11D): bord 1, 3 deler ikke, før de er balanceret")])
def test_11d_halt_names_one_table_or_several(lang: str, one: str, two: str) -> None:
    set_language(lang)
    try:
        assert halt_line([1]) == one
        assert halt_line([1, 3]) == two
    finally:
        set_language("en")

"""Danish and English: the catalogues match the sources, and the edges speak the chosen language.

The catalogue test fails on a string the sources have and the Danish catalogue lacks (run
`make i18n` and translate it), on one it has but the sources no longer do (stale), on a fuzzy or
empty translation, on a translation that drops or renames a {field}, and on a compiled .mo that is
not its .po compiled.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tdconsole.domain.errors import InvalidInput, RuleViolation
from tdconsole.domain.house_rules import HouseRules
from tdconsole.i18n import choose_language, error_text, money_locale, set_language
from tdconsole.views.formatting import NBSP, Formats
from tests.cli.helpers import run

ROOT = Path(__file__).resolve().parent.parent


def _catalogue_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("catalogue", ROOT / "scripts" / "catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogue"] = module
    spec.loader.exec_module(module)
    return module


def test_the_danish_catalogue_matches_the_sources_and_its_compiled_file() -> None:
    assert _catalogue_script().problems() == []


def test_language_comes_from_the_flag_then_the_environment_then_english() -> None:
    assert choose_language("da", {}) == "da"
    assert choose_language(None, {"TDCONSOLE_LANG": "da", "LANG": "en_GB.UTF-8"}) == "da"
    assert choose_language(None, {"LC_ALL": "da_DK.UTF-8"}) == "da"
    assert choose_language(None, {"LANG": "sv_SE.UTF-8"}) == "en"
    assert choose_language(None, {}) == "en"


def test_a_refusal_is_shown_in_the_language_with_its_rule_ids_unchanged(danish: None) -> None:
    error = RuleViolation("T-REG-1", "{name} is still in; only a busted player can re-enter", name="Bo")
    assert error_text(error) == "T-REG-1: Bo er stadig med; kun en bustet spiller kan lave re-entry"
    assert str(error) == "T-REG-1: Bo is still in; only a busted player can re-enter"  # the domain's English
    set_language("en")
    assert error_text(error) == str(error)


def test_a_refusal_not_in_the_catalogue_stays_english(danish: None) -> None:
    assert error_text(InvalidInput("something new about {x}", x=1)) == "something new about 1"


def test_money_follows_the_language() -> None:
    rules = HouseRules()  # the club's: DKK, da_DK
    assert Formats.of(rules).money(1234) == f"DKK{NBSP}1,234"
    set_language("da")
    try:
        assert Formats.of(rules).money(1234) == f"1.234{NBSP}kr."
        assert money_locale("en_US") == "da_DK"
    finally:
        set_language("en")


def test_the_cli_speaks_danish_with_lang_da_and_english_by_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "td.sqlite")
    assert run(capsys, "--db", db, "new", "Fredag", "--use").code == 0
    assert "Registered Anna (1 entries)" in run(capsys, "--db", db, "register", "Anna").out
    assert "Registrerede Bo (2 indskud)" in run(capsys, "--db", db, "--lang", "da", "register", "Bo").out
    refused = run(capsys, "--db", db, "--lang=da", "register", "bo")
    assert refused.code != 0
    assert refused.err.startswith("fejl: 'Bo' er allerede registreret"), refused.err
    busted = run(capsys, "--db", db, "--lang", "da", "bust", "Anna")
    assert "Anna er slået ud som nr. 2" in busted.out, busted.out


def test_tdconsole_lang_chooses_danish(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_LANG", "da")
    db = str(tmp_path / "td.sqlite")
    assert run(capsys, "--db", db, "new", "Fredag", "--use").code == 0
    assert "Level 1" in run(capsys, "--db", db, "clock", "start").out
    assert "(pauset)" in run(capsys, "--db", db, "clock", "pause").out
    already = run(capsys, "--db", db, "clock", "pause")
    assert already.err == "fejl: uret er allerede pauset\n"

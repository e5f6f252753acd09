"""Danish and English: the catalogues match the sources, and the edges speak the chosen language.

The catalogue test fails on a string the sources have and the Danish catalogue lacks (run
`make i18n` and translate it), on one it has but the sources no longer do (stale), on a fuzzy or
empty translation, on a translation that drops or renames a {field}, and on a compiled .mo that is
not its .po compiled.
"""

from __future__ import annotations

import importlib.util
import json
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
    assert "Anna er slået ud som 2." in busted.out, busted.out


def test_tdconsole_lang_chooses_danish(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_LANG", "da")
    db = str(tmp_path / "td.sqlite")
    assert run(capsys, "--db", db, "new", "Fredag", "--use").code == 0
    assert "Level 1" in run(capsys, "--db", db, "clock", "start").out
    assert "(pauset)" in run(capsys, "--db", db, "clock", "pause").out
    already = run(capsys, "--db", db, "clock", "pause")
    assert already.err == "fejl: uret er allerede pauset\n"


def test_members_league_and_rulings_speak_danish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "td.sqlite")
    da = ("--db", db, "--lang", "da")
    assert run(capsys, *da, "members", "add", "Anna Holm").out.strip() == "Medlem 1: Anna Holm"
    assert "Udelukkede Anna Holm (1)" in run(capsys, *da, "members", "ban", "1").out
    listed = run(capsys, *da, "members", "list").out
    assert "nummer" in listed and "udelukket" in listed and "ja" in listed
    league = run(capsys, *da, "league", "new", "Sæson", "--best", "2").out
    assert "bedste 2 resultater tæller" in league and "turneringer: ingen endnu" in league
    assert "Sæson efter 0 af 0 turneringer" in run(capsys, *da, "league", "standings").out
    assert "best 2 results count" in run(capsys, "--db", db, "league", "list").out  # English still

    suggested = run(capsys, *da, "rulings", "suggest", "wrong-number-of-cards", "-a",
                    "substantial_action=no").out
    assert "Kendelse: Misdeal: bland igen og giv om." in suggested, suggested
    assert "Sådan gør du:" in suggested and "Regler: H-DEAD-B, TDA 35A" in suggested
    scenarios = run(capsys, *da, "rulings", "scenarios", "muck").out
    assert "En spillers kort er havnet i mucken" in scenarios
    assert run(capsys, *da, "rulings", "scenarios", "mucked", "hand").out.startswith("mucked-hand")

    assert run(capsys, "--db", db, "new", "Fredag", "--use").code == 0
    logged = run(capsys, *da, "rulings", "log", "--by", "Mette", "--scenario", "wrong-number-of-cards",
                 "-a", "substantial_action=no", "--table", "2").out
    assert "Kendelse 1 af Mette ved bord 2" in logged and "Afgørelse: Misdeal: bland igen" in logged


def test_the_catalogue_is_danish_and_found_in_both_languages(danish: None) -> None:
    from tdconsole.config.rulings_catalogue import load_catalogue
    from tdconsole.domain.floor.rulings import walk

    catalogue = load_catalogue()
    scenario = catalogue.get("out-of-turn-action")
    assert scenario.title == "En spiller handlede ude af tur (uden for tur)"
    # Danes say it both ways: either finds the scenario.
    assert catalogue.search("ude af tur")[0].id == "out-of-turn-action"
    assert catalogue.search("uden for tur")[0].id == "out-of-turn-action"
    assert catalogue.search("out of turn")[0].id == "out-of-turn-action"
    walked = walk(scenario, {"action": "check", "changed": "no"}, HouseRules())
    assert walked.open[0].ask == "Var det med vilje?" and walked.open[0].labels == ["Ja", "Nej"]
    timed = catalogue.get("clock-call")
    assert any("{clock_call.seconds} sekunder" in node.ruling for node in timed.rulings)


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """A command's help as one line of words (the panels' borders and line wrapping taken out)."""
    return " ".join(run(capsys, *args, "--help").out.replace("│", " ").split())


def test_help_is_written_in_the_language_when_it_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    danish = _help(capsys, "--lang", "da")
    assert "Brug: tdconsole" in danish and "Kommandoer" in danish and "Tilvalg" in danish
    assert "afvikl en live pokerturnering" in danish and "Opret en turnering" in danish
    assert "Vis denne hjælp og afslut." in danish
    register = _help(capsys, "--lang", "da", "register")
    assert "Registrér en eller flere spillere" in register and "Skriv maskinlæsbar JSON." in register
    late = _help(capsys, "--lang=da", "clock", "late-reg")
    assert "Sen tilmelding løber til slutningen af level N" in late
    # The texts are put back after the help is written: the same built commands speak English next.
    english = _help(capsys, "register")
    assert "Register one or more players" in english and "Usage: tdconsole register" in english
    assert "Registrér" not in english and "Options" in english


def test_the_floor_calculators_answer_in_the_language(danish: None) -> None:
    from tdconsole.domain.calculators.betting import BettingInput, betting_round
    from tdconsole.views.calculators import betting_lines

    hand = BettingInput.model_validate({"game": "no-limit", "street": "preflop", "blinds": [100, 200],
                                        "button": 1,
                                        "stacks": {"1": 5000, "2": 5000, "3": 5000}})
    assert betting_lines(betting_round(hand, HouseRules()))[0].startswith("Plads 1 skal handle: call 200;")


def test_pots_and_hands_are_worded_in_danish_and_their_json_names_stay_english(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "td.sqlite")
    pots = '{"button": 1, "seats": [1, 2, 3], "contributions": {"1": 1000, "2": 1000, "3": 100},' \
           ' "folded": [2], "chip": 100, "ranking": [[3], [1, 2]]}'
    danish = run(capsys, "--db", db, "--lang", "da", "rules", "pots", stdin=pots, monkeypatch=monkeypatch)
    assert "sidepot 1 (uden modspil): 1800" in danish.out and "hovedpot: 300" in danish.out, danish.out
    as_json = run(capsys, "--db", db, "--lang", "da", "rules", "pots", "--json", stdin=pots,
                  monkeypatch=monkeypatch).out
    first = json.loads(as_json)["pots"][0]  # the names stay English whatever the spacing of the JSON
    assert (first["name"], first["side"], first["contested"]) == ("side pot 1 (no contest)", 1, False)
    hand = ["rules", "showdown", "--game", "holdem", "--board", "Ks Kd 7s 3d 2h",
            "--hand", "1=As Ah", "--hand", "2=7c 7d"]
    shown = run(capsys, "--db", db, "--lang", "da", *hand).out
    assert "plads 1: to par, esser og konger" in shown and "plads 2: fuld hus, syvere over konger" in shown
    read = json.loads(run(capsys, "--db", db, "--lang", "da", *hand, "--json").out)
    assert read["high"]["hands"]["2"] == "full house, sevens full of kings"


@pytest.mark.parametrize(("board", "hole"), [
    ("As Ks Qs Js Ts", "2c 3d"), ("9s 8s 7s 6s 2d", "5s 2c"), ("Ah 5s 4d 3c Kd", "2h 9c"),
    ("Qs Qd Qh 2c 7d", "Qc 3d"), ("Ks Kd 7s 3d 2h", "7c 7d"), ("Ks 9s 7s 3s 2h", "4s 4d"),
    ("Kd Kh 7s 3d 2h", "Kc 4d"), ("Ks Kd 7s 3d 2h", "As Ah"), ("Ks Jd 7s 3d 2h", "9c 9d"),
    ("Ks Jd 7s 3d 2h", "9c 8d"),
])
def test_the_worded_hand_in_english_is_the_json_name(board: str, hole: str) -> None:
    """The edge's words (tdconsole.views.calculators) and the domain's English contract agree."""
    from tdconsole.domain.calculators.cards import parse_cards
    from tdconsole.domain.calculators.showdown import showdown
    from tdconsole.views.calculators import hand_words

    high = showdown("holdem", parse_cards(board, "board"), {1: parse_cards(hole, "hand")}).high
    assert high is not None
    assert hand_words(high.reads[1]) == high.hands[1]


def test_a_low_is_worded_in_danish(danish: None) -> None:
    from tdconsole.domain.calculators.cards import parse_cards
    from tdconsole.domain.calculators.showdown import showdown
    from tdconsole.views.calculators import action_word, hand_words

    low = showdown("omaha-hilo", parse_cards("Ah 5s 4d Kc Qd", "board"),
                   {1: parse_cards("2h 3c Js Jd", "hand")}).low
    assert low is not None and hand_words(low.reads[1]) == "5-4-3-2-A lav"
    assert action_word("all-in") == "all-in"


def test_a_help_listing_what_the_code_knows_is_a_template_filled_when_shown(
        capsys: pytest.CaptureFixture[str]) -> None:
    danish = _help(capsys, "--lang", "da", "league", "new")
    assert "Pointformel: en nøgle (field, fixed, sqrt), en TOML-fil" in danish
    assert "i rækkefølge: best-finish,events,wins" in danish
    assert "a key (field, fixed, sqrt)" in _help(capsys, "league", "new")

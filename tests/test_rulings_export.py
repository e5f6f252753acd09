"""The rulings export: the club's record as CSV and HTML, checked against golden
files reviewed by eye. Built with the pure test tournament, so the times are fixed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.commands import LogRuling, Register
from tdconsole.views.rulings import export_csv, export_html
from tests.domain.helpers import Tournament

GOLDEN = Path(__file__).parent / "golden"


def _tournament() -> Tournament:
    catalogue = load_catalogue()

    def log(scenario: str, answers: dict[str, str], **extra: object) -> LogRuling:
        return LogRuling(scenario=catalogue.get(scenario), staff="Mette", answers=answers,
                         **extra)  # type: ignore[arg-type]

    t = Tournament()
    t.do(Register(names=["Anna Holm", "Bo <b>Lind</b>", 'Carl "C" Ås']))
    oot = {"action": "check", "changed": "no", "deliberate": "no", "players": "8"}
    t.do(log("out-of-turn-action", oot, players=["Anna Holm"], table=2, seat=3), seconds=600)
    t.do(log("out-of-turn-action", oot, players=["Anna Holm"], table=2, seat=3), seconds=1800)
    t.do(log("out-of-turn-action", oot, players=["bo <b>lind</b>"], table=2, seat=5, corrects=2,
             reason="it was Bo, seat 5"), seconds=1900)
    t.do(log("wrong-button", {"substantial_action": "no"}, table=4, decision="The button stays, "
             "both blinds agreed", reason="no harm, players agreed"), seconds=2400)
    t.do(log("give-penalty", {"kind": "minutes", "minutes": "10"}, players=['Carl "C" Ås']), seconds=3000)
    return t


@pytest.mark.parametrize(("name", "export"), [("rulings.csv", export_csv), ("rulings.html", export_html)])
def test_the_rulings_export_matches_the_reviewed_golden_file(name: str, export) -> None:  # type: ignore[no-untyped-def]
    assert export(_tournament().state) == (GOLDEN / name).read_text(encoding="utf-8")

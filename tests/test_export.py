"""The one export writer (views/export.py): every printable page escapes the TD's and players'
text, CSV quotes it, and a format a document is not written in is one line. The exact pages are
held by the golden files (tests/golden, tests/cli/golden); these check what holds for all of them."""

from __future__ import annotations

import csv
import io

import pytest

from tdconsole.club.leagues import League, Season
from tdconsole.club.members import Member
from tdconsole.config.leagues import DEFAULT_FORMULA, load_formula
from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.commands import Bust, LogRuling, Register, Seat
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.league.standings import LeagueRules, Standing
from tdconsole.views.export import (
    RESULTS_FORMATS,
    RULINGS_FORMATS,
    html_page,
    members_csv,
    results_document,
    rulings_document,
    seating_document,
    seating_list,
    standings_csv,
    standings_html,
)
from tdconsole.views.formatting import Formats
from tdconsole.views.seating import SeatRow
from tests.domain.helpers import Tournament

HOSTILE = '<script>alert("x")</script> & Co'


@pytest.fixture
def evening() -> Tournament:
    t = Tournament()
    t.state.info = t.state.info.model_copy(update={"name": HOSTILE})
    t.do(Register(names=[HOSTILE, "Bo"]))
    t.do(Seat(name=HOSTILE, table=1, seat=2))
    t.do(Seat(name="Bo", table=1, seat=5))
    t.do(LogRuling(scenario=load_catalogue().get("wrong-button"), staff="<i>Mette</i>",
                   answers={"substantial_action": "no"}, players=[HOSTILE], table=1))
    t.do(Bust(names=["Bo"]), seconds=60)
    return t


def _pages(t: Tournament) -> dict[str, str]:
    state = t.state
    return {
        "seating": seating_document(state.room, state.info.name, "html"),
        "slips": seating_document(state.room, state.info.name, "html", slips=True),
        "results": results_document(state, "html"),
        "rulings": rulings_document(state, "html"),
    }


def test_every_page_escapes_names_titles_and_staff(evening: Tournament) -> None:
    for page, text in _pages(evening).items():
        assert "<script>" not in text and "<i>" not in text, page
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co" in text, page
        assert text.startswith("<!DOCTYPE html>\n") and text.endswith("</html>\n"), page


@pytest.mark.parametrize(("document", "formats"), [(results_document, RESULTS_FORMATS),
                                                   (rulings_document, RULINGS_FORMATS)])
def test_csv_quotes_what_needs_it_and_reads_back(evening: Tournament, document, formats) -> None:  # type: ignore[no-untyped-def]
    rows = list(csv.reader(io.StringIO(document(evening.state, "csv"))))
    assert len({len(row) for row in rows}) == 1  # one header, every row as wide
    assert any(HOSTILE in row for row in rows[1:])  # the name read back whole, quotes and all
    with pytest.raises(InvalidInput, match=f"^the format must be {' or '.join(formats)}, not 'pdf'$"):
        document(evening.state, "pdf")


def test_a_name_a_template_does_not_know_fails_rather_than_prints_nothing() -> None:
    import jinja2

    with pytest.raises(jinja2.UndefinedError):
        html_page("seating.html.j2", seats=[])  # no title


def test_the_club_pages_escape_and_quote_too() -> None:
    key, formula = load_formula(DEFAULT_FORMULA)
    league = League(id=1, name=HOSTILE, formula_key=key, formula=formula, rules=LeagueRules())
    season = Season(league=league, standings=[Standing(place=1, member=7, name=HOSTILE, points=12.5)],
                    played=[], pending=[])
    page = standings_html(season, Formats.of(HouseRules()))
    assert "<script>" not in page and "<title>&lt;script&gt;" in page
    assert [row[1] for row in csv.reader(io.StringIO(standings_csv(season)))] == ["name", HOSTILE]
    members = members_csv([Member(number=7, name=HOSTILE, note='says "hi", twice')])
    assert list(csv.reader(io.StringIO(members)))[1][:5] == ["7", HOSTILE, "", "", 'says "hi", twice']


SEATS = [SeatRow(player="Ann Alder", table=1, seat=4), SeatRow(player="b", table=1, seat=1),
         SeatRow(player="c", table=12, seat=2)]


def test_the_seating_list_for_the_wall_lines_up_under_its_headings() -> None:
    assert seating_list(SEATS) == ("Player     Table  Seat\n"
                                   "Ann Alder      1     4\n"
                                   "b              1     1\n"
                                   "c             12     2\n")
    assert seating_list(SEATS[1:2]) == "Player  Table  Seat\nb           1     1\n"  # short names


def test_the_seating_list_speaks_danish(danish: None) -> None:
    assert seating_list(SEATS[:1]) == "Spiller    Bord  Plads\nAnn Alder     1      4\n"

"""A club season through the CLI: members imported from a spreadsheet, three weekly tournaments run
with member registration (a guest, a re-entry, bounties), league standings that match a hand
calculation for the default formula and for best-N, a member's history, exports, bans and bad
input as one line. On SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import assert_one_line_error, run
from tests.conftest import _fresh_pg_database

Capsys = pytest.CaptureFixture[str]

MEMBERS_CSV = """number;name;email;phone
1;Anders Holm;anders@example.org;
2;Birgitte Lund;;+45 20 00 00 02
3;Carsten Møller;;
4;Ditte Skov;;
5;Emil Vestergaard;;
"""


def td(capsys: Capsys, db: str, *args: str) -> Any:
    result = run(capsys, "--db", db, *args, "--json")
    assert result.code == 0, result.err
    return result.json


def night(capsys: Capsys, db: str, name: str, players: list[str], busts: list[tuple[str, ...]],
          *money: str) -> int:
    """A tournament from creation to its winner: each bust is (NAME, *--by NAMES)."""
    tournament = td(capsys, db, "new", name, "--buy-in", "100", "--fee", "20")["id"]
    t = ("-t", str(tournament))
    td(capsys, db, *t, "money", "set", "--table", "club", *money)
    td(capsys, db, *t, "register", *players)
    for name_, *by in busts:
        if name_ == "reenter":
            td(capsys, db, *t, "reenter", by[0])
            continue
        td(capsys, db, *t, "bust", name_, *(arg for knocker in by for arg in ("--by", knocker)))
    assert td(capsys, db, *t, "state")["tournament"]["status"] == "finished"
    return int(tournament)


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def season_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """One database per backend for the season's tests (building it runs some 40 commands)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('season') / 'td.sqlite'}"
    return _fresh_pg_database(request.getfixturevalue("pg_server"))


@pytest.fixture(scope="module")
def built(season_db: str) -> list[str]:
    return []


@pytest.fixture
def season(season_db: str, built: list[str], tmp_path: Path, capsys: Capsys) -> str:
    """Three Fridays. Club payout table (2-7 entries: 65/35, 2nd rounded down to 10 kr.).
    1 (4 entries, 20 kr. bounty): Ditte 4th, Carsten 3rd, Birgitte 2nd (140), Anders wins (260),
      knocking all three out (60 in bounties).
    2 (5 entries, one a guest): Anders 5th, the guest 4th, Carsten 3rd, Emil 2nd (170),
      Birgitte wins (330).
    3 (4 + Anders's re-entry = 5): Anders's first entry 5th, Birgitte 4th, Ditte 3rd, Anders 2nd
      (170), Emil wins (330)."""
    db_url = season_db
    if built:
        return db_url
    csv = tmp_path / "members.csv"
    csv.write_text(MEMBERS_CSV, encoding="utf-8")
    assert td(capsys, db_url, "members", "import", str(csv))["imported"] == 5
    weeks = [
        night(capsys, db_url, "Friday 1", ["anders holm", "Birgitte Lund", "Carsten Møller", "Ditte Skov"],
              [("Ditte Skov", "Anders Holm"), ("Carsten Møller", "Anders Holm"),
               ("Birgitte Lund", "Anders Holm")], "--bounty", "20"),
        night(capsys, db_url, "Friday 2",
              ["Anders Holm", "Birgitte Lund", "Carsten Møller", "Emil Vestergaard", "Gæst Gunnar"],
              [("Anders Holm",), ("Gæst Gunnar",), ("Carsten Møller",), ("Emil Vestergaard",)]),
        night(capsys, db_url, "Friday 3", ["Anders Holm", "Birgitte Lund", "Ditte Skov", "Emil Vestergaard"],
              [("Anders Holm",), ("reenter", "Anders Holm"), ("Birgitte Lund",), ("Ditte Skov",),
               ("Anders Holm",)]),
    ]
    td(capsys, db_url, "league", "new", "Winter 2026")
    td(capsys, db_url, "league", "add", *map(str, weeks))
    built.append(db_url)
    return db_url


def standings(capsys: Capsys, db: str, league: str = "Winter 2026") -> list[tuple[Any, ...]]:
    rows = td(capsys, db, "league", "standings", league)
    assert all({"place", "name", "points", "events", "cashes", "winnings"} <= set(row) for row in rows)
    return [(r["place"], r["name"], r["points"], r["events"], r["cashes"], r["winnings"]) for r in rows]


def test_a_season_of_three_fridays_gives_the_hand_calculated_standings(season: str, capsys: Capsys) -> None:
    # Field formula (entries - place + 1), by hand:
    #   Anders    4 (1st of 4) + 1 (5th of 5) + 4 (2nd of 5) = 9, won 260 + 60 bounties + 170 = 490
    #   Birgitte  3 (2nd of 4) + 5 (1st of 5) + 2 (4th of 5) = 10, won 140 + 330 = 470
    #   Carsten   2 (3rd of 4) + 3 (3rd of 5)                = 5
    #   Ditte     1 (4th of 4) + 3 (3rd of 5)                = 4
    #   Emil      4 (2nd of 5) + 5 (1st of 5)                = 9, won 170 + 330 = 500
    # Anders and Emil tie on 9 with a win each (best finish); Anders played more events.
    assert standings(capsys, season) == [
        (1, "Birgitte Lund", 10, 3, 2, 470),
        (2, "Anders Holm", 9, 3, 2, 490),
        (3, "Emil Vestergaard", 9, 2, 2, 500),
        (4, "Carsten Møller", 5, 2, 0, 0),
        (5, "Ditte Skov", 4, 2, 0, 0),
    ]


def test_best_n_counts_each_members_two_best_results(season: str, capsys: Capsys) -> None:
    # Best 2: Emil 4 + 5 = 9; Anders 4 + 4 = 8 and Birgitte 3 + 5 = 8, both with a win and three
    # events: they share 2nd; Carsten 5, Ditte 4.
    weeks = [str(t) for t in td(capsys, season, "league", "list")[0]["tournaments"]]
    best = td(capsys, season, "league", "new", "Best two", "--best", "2")
    assert best["best"] == 2 and best["rules"].startswith("best 2 results count")
    td(capsys, season, "league", "add", *weeks)  # the newest league
    assert standings(capsys, season, "Best two") == [
        (1, "Emil Vestergaard", 9, 2, 2, 500),
        (2, "Anders Holm", 8, 3, 2, 490),
        (2, "Birgitte Lund", 8, 3, 2, 470),
        (4, "Carsten Møller", 5, 2, 0, 0),
        (5, "Ditte Skov", 4, 2, 0, 0),
    ]
    td(capsys, season, "league", "set", "-l", "best two", "--best", "0", "--min-events", "3",
       "--tie-break", "events")
    assert [row[:3] for row in standings(capsys, season, "Best two")] == [
        (1, "Birgitte Lund", 10), (2, "Anders Holm", 9), (None, "Emil Vestergaard", 9),
        (None, "Carsten Møller", 5), (None, "Ditte Skov", 4)]


def test_a_members_history_has_every_tournament_entry_and_the_totals(season: str, capsys: Capsys) -> None:
    shown = td(capsys, season, "members", "show", "anders holm")
    assert shown["member"]["number"] == 1 and shown["member"]["email"] == "anders@example.org"
    nights = [(t["name"], t["place"], t["field"], t["prize"], t["knockouts"], t["bounties"], t["cost"],
               [(e["entry"], e["place"]) for e in t["entries"]]) for t in shown["tournaments"]]
    assert nights == [
        ("Friday 1", 1, 4, 260, 3, 60, 140, [(1, 1)]),  # 100 + 20 fee + 20 bounty
        ("Friday 2", 5, 5, 0, 0, 0, 120, [(1, 5)]),
        ("Friday 3", 2, 5, 170, 0, 0, 240, [(1, 5), (2, 2)]),  # the re-entry finished 2nd
    ]
    assert shown["totals"] == {"events": 3, "cashes": 2, "wins": 1, "prizes": 430, "knockouts": 3,
                               "bounties": 60, "winnings": 490, "cost": 500, "net": -10, "roi": -2.0,
                               "best_finish": 1}
    text = run(capsys, "--db", season, "members", "show", "1")
    assert text.code == 0 and "won DKK\xa0490, paid DKK\xa0500, net -DKK\xa010, ROI -2.0%" in text.out
    assert "3 events, 2 cashes, 1 win; won" in text.out  # each count in its own number
    # In Danish the club's kroner as it writes them.
    danish = run(capsys, "--db", season, "--lang", "da", "members", "show", "1")
    assert "490\xa0kr." in danish.out and "-10\xa0kr." in danish.out and "ROI -2,0%" in danish.out
    assert "3 turneringer, 2 gange i pengene, 1 sejr; vundet" in danish.out


def test_standings_export_as_csv_and_a_printable_page(season: str, capsys: Capsys, tmp_path: Path) -> None:
    csv = run(capsys, "--db", season, "league", "standings", "Winter 2026", "--format", "csv")
    assert csv.out.splitlines()[:3] == ["place,name,points,events,cashes,winnings",
                                        "1,Birgitte Lund,10.0,3,2,470", "2,Anders Holm,9.0,3,2,490"]
    page = tmp_path / "standings.html"
    assert run(capsys, "--db", season, "league", "standings", "Winter 2026", "--format", "html",
               "--out", str(page)).code == 0
    html = page.read_text(encoding="utf-8")
    assert "<title>Winter 2026: standings</title>" in html and "After 3 of 3 tournaments" in html
    assert "<td>Carsten Møller</td>" in html and "DKK\u00a0490" in html and "10.0" in html
    assert run(capsys, "--db", season, "--lang", "da", "league", "standings", "Winter 2026", "--format",
               "html", "--out", str(page)).code == 0
    html = page.read_text(encoding="utf-8")
    assert '<html lang="da">' in html and "<title>Winter 2026: stilling</title>" in html
    assert "Efter 3 af 3 turneringer" in html and "490\u00a0kr." in html and "10,0" in html


def test_register_respects_a_ban_with_one_line_and_links_new_members(db_url: str, capsys: Capsys) -> None:
    td(capsys, db_url, "members", "add", "Ib Thorsen", "--number", "7")
    td(capsys, db_url, "members", "ban", "7", "--reason", "chip dumping")
    td(capsys, db_url, "new", "Friday")
    refused = run(capsys, "--db", db_url, "register", "ib thorsen")
    assert_one_line_error(refused, "Ib Thorsen (member 7) is banned: chip dumping",
                          "tdconsole members unban 7")
    assert td(capsys, db_url, "state")["entries"] == 0
    added = td(capsys, db_url, "register", "Nanna Juhl", "--new-member")
    assert added["registered"][0]["member"] == 8
    assert td(capsys, db_url, "members", "list", "--search", "nanna")[0]["number"] == 8
    td(capsys, db_url, "members", "unban", "Ib Thorsen")
    assert td(capsys, db_url, "register", "Ib", "--member", "7")["registered"][0] == {
        "id": "p2", "name": "Ib", "member": 7}
    log = td(capsys, db_url, "log")
    assert [row["event"].get("member") for row in log if row["type"] == "player_registered"] == [8, 7]


def test_a_bad_csv_row_is_one_line_with_its_number_and_nothing_is_imported(
        tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "club.sqlite")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,email\nAnna,anna@example.org\nBent,\n,nobody@example.org\n", encoding="utf-8")
    assert_one_line_error(run(capsys, "--db", db, "members", "import", str(bad)),
                          f"{bad} line 4: a player name cannot be empty; nothing was imported")
    assert td(capsys, db, "members", "list") == []
    assert_one_line_error(run(capsys, "--db", db, "members", "import", str(tmp_path / "missing.csv")),
                          "missing.csv: no such file")
    good = tmp_path / "good.csv"
    good.write_text("name,email\nAnna,anna@example.org\n", encoding="utf-8")
    assert td(capsys, db, "members", "import", str(good))["imported"] == 1
    exported = run(capsys, "--db", db, "members", "export").out
    again = tmp_path / "again.csv"
    again.write_text(exported.replace("1,Anna", "2,Anne"), encoding="utf-8")
    assert td(capsys, db, "members", "import", str(again))["members"][0]["name"] == "Anne"


def test_league_input_errors_are_one_line(tmp_path: Path, capsys: Capsys) -> None:
    db = str(tmp_path / "club.sqlite")
    assert_one_line_error(run(capsys, "--db", db, "league", "standings"), "there is no league yet")
    assert_one_line_error(run(capsys, "--db", db, "league", "new", "W", "--formula", "nope"),
                          "no points formula 'nope' (known: field, fixed, sqrt)")
    td(capsys, db, "league", "new", "W", "--formula", "sqrt")
    assert_one_line_error(run(capsys, "--db", db, "league", "new", "w"), "already a league named 'w'")
    assert_one_line_error(run(capsys, "--db", db, "league", "add", "9"), "there is no tournament 9")
    assert_one_line_error(run(capsys, "--db", db, "league", "set", "--tie-break", "luck"),
                          "--tie-break 'luck'")
    assert_one_line_error(run(capsys, "--db", db, "members", "show", "Nobody"), "no member named 'Nobody'")


def test_the_season_and_the_standings_as_pdf_hold_the_names_and_amounts(
        season: str, capsys: Capsys, tmp_path: Path) -> None:
    from tests.cli.test_papers import pdf_text

    texts = {}
    for page in ("season", "standings"):
        out = tmp_path / f"{page}.pdf"
        done = run(capsys, "--db", season, "--lang", "da", "league", page, "Winter 2026", "--format", "pdf",
                   "--out", str(out))
        assert done.code == 0, done.err
        texts[page] = pdf_text(out)
        assert "Winter 2026" in texts[page] and "Birgitte Lund" in texts[page], page
        assert "Emil Vestergaard" in texts[page], page
    # The season: the nights, each member's profit as the club writes it, the chart's heading.
    assert "Friday 2" in texts["season"] and "-260 kr." in texts["season"]
    assert "Point pr. turnering" in texts["season"]
    assert "490 kr." in texts["standings"]  # Anders's winnings


def test_merging_a_duplicate_brings_its_history(season: str, capsys: Capsys) -> None:
    # Last in the file: it changes the season's members (the league's tournaments stay as they are).
    duplicate = td(capsys, season, "members", "add", "Emil V.", "--number", "55")
    t = td(capsys, season, "new", "Friday 4")["id"]
    assert td(capsys, season, "-t", str(t), "register", "Emil V.")["registered"][0]["member"] == 55
    merged = td(capsys, season, "members", "merge", "Emil Vestergaard", "55")
    assert merged["merged"]["number"] == duplicate["number"] and merged["member"]["number"] == 5
    shown = td(capsys, season, "members", "show", "55")  # the old number finds the member it became
    assert shown["numbers"] == [5, 55] and [n["name"] for n in shown["tournaments"]][-1] == "Friday 4"
    assert [m["number"] for m in td(capsys, season, "members", "list")] == [1, 2, 3, 4, 5]


def test_the_season_page_has_attendance_profit_points_per_tournament_and_a_chart(
        season: str, capsys: Capsys, tmp_path: Path) -> None:
    view = td(capsys, season, "league", "season", "Winter 2026")
    nights = [(n["name"], n["players"], n["entries"], n["cashes"], n["prize_pool"]) for n in view["nights"]]
    assert nights == [
        ("Friday 1", 4, 4, 2, 400), ("Friday 2", 5, 5, 2, 500), ("Friday 3", 4, 5, 2, 500)]
    # Profit = winnings - what the member paid (Anders: 490 - 500, as `members show` says).
    assert [(m["name"], m["points"], m["cashes"], m["cost"], m["profit"]) for m in view["members"]] == [
        ("Birgitte Lund", [3, 5, 2], 2, 380, 90),  # 140 (a 20 bounty on Friday 1) + 120 + 120
        ("Anders Holm", [4, 1, 4], 2, 500, -10),
        ("Emil Vestergaard", [None, 4, 5], 2, 240, 260),
        ("Carsten Møller", [2, 3, None], 0, 260, -260),
        ("Ditte Skov", [1, None, 3], 0, 260, -260),
    ]
    page = tmp_path / "season.html"
    assert run(capsys, "--db", season, "league", "season", "Winter 2026", "--out", str(page)).code == 0
    html = page.read_text(encoding="utf-8")
    assert "<title>Winter 2026: the season</title>" in html and "<script" not in html
    # The chart: Birgitte's points added up (3, 8, 10) over the three Fridays, 10 at the top of
    # the 240-unit chart's 160-unit drawing area (40 units of margin).
    birgitte = 'stroke="#0072B2" stroke-width="2.5" points="40.0,152.0 320.0,72.0 600.0,40.0"'
    assert f'<polyline fill="none" {birgitte}>' in html
    assert html.count("<polyline") == 5 and html.count("<rect") == 3  # five leaders, three nights
    assert "<td>Friday 2</td>" in html and "-DKK\u00a0260" in html and "DKK\u00a0260" in html
    danish = run(capsys, "--db", season, "--lang", "da", "league", "season", "Winter 2026",
                 "--out", str(page))
    assert danish.code == 0
    html = page.read_text(encoding="utf-8")
    assert "<title>Winter 2026: sæsonen</title>" in html and "Point pr. turnering" in html
    assert "-260\u00a0kr." in html

"""What the CLI prints: `reenter` says the table and seat as `register` does, `results` takes
`--json` like every command, and `break-table N` shows the seed of its draw so that
`--apply --seed S` makes exactly that draw; in plain text and `--json`, in English and Danish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]


@pytest.fixture
def db(tmp_path: Path, capsys: Capsys) -> str:
    """Twenty players drawn to three tables of seven, six and seven; the clock running."""
    path = str(tmp_path / "club.sqlite")
    names = [f"Player {i}" for i in range(1, 21)]
    for args in (["new", "Friday", "--buy-in", "300", "--seats", "8"], ["register", *names],
                 ["draw", "--seed", "4"], ["clock", "start"], ["bust", "Player 1", "--by", "Player 2"]):
        assert run(capsys, "--db", path, *args).code == 0, args
    return path


@pytest.mark.parametrize(("lang", "says"), [("en", "Player 1 is seated at table {table} seat {seat}"),
                                            ("da", "Player 1 får bord {table} plads {seat}")])
def test_reenter_says_the_table_and_seat_as_the_log_does(db: str, capsys: Capsys, lang: str,
                                                         says: str) -> None:
    shown = run(capsys, "--db", db, "--lang", lang, "reenter", "Player 1")
    assert shown.code == 0, shown.err
    data = run(capsys, "--db", db, "--lang", lang, "state", "--json").json
    seated = next(p for p in data["players"] if p["name"] == "Player 1" and p["status"] == "seated")
    assert says.format(table=seated["table"], seat=seated["seat"]) in shown.out
    assert run(capsys, "--db", db, "undo").code == 0
    as_json = run(capsys, "--db", db, "--lang", lang, "reenter", "Player 1", "--json").json
    data = run(capsys, "--db", db, "state", "--json").json
    seated = next(p for p in data["players"] if p["name"] == "Player 1" and p["status"] == "seated")
    assert (as_json["table"], as_json["seat"]) == (seated["table"], seated["seat"])
    assert as_json["waits"] in (True, False)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_results_takes_json_like_every_command(db: str, capsys: Capsys, lang: str) -> None:
    result = run(capsys, "--db", db, "--lang", lang, "results", "--json")
    assert result.code == 0, result.err
    data = result.json
    assert data == run(capsys, "--db", db, "results", "--format", "json").json
    assert [row["name"] for row in data["results"] if row["place"] == 20] == ["Player 1"]


@pytest.mark.parametrize(("lang", "seed_word"), [("en", "Seed"), ("da", "Seed")])
def test_break_table_shows_its_seed_and_apply_with_it_makes_that_draw(db: str, capsys: Capsys, lang: str,
                                                                      seed_word: str) -> None:
    # Room at tables 1 and 3 for table 2's players: four more busts there.
    players = run(capsys, "--db", db, "state", "--json").json["players"]
    out = [p["name"] for p in players if p["status"] == "seated" and p["table"] != 2][:4]
    assert run(capsys, "--db", db, "bust", *out).code == 0
    shown = run(capsys, "--db", db, "--lang", lang, "break-table", "2")
    assert shown.code == 0, shown.err
    match = re.search(r"--apply --seed (\d+)", shown.out)
    assert match is not None, shown.out
    seed = match.group(1)
    preview = run(capsys, "--db", db, "--lang", lang, "break-table", "2", "--seed", seed, "--json").json
    assert preview["seed"] == int(seed) and not preview["applied"]
    made = run(capsys, "--db", db, "--lang", lang, "break-table", "2", "--apply", "--seed", seed,
               "--json").json
    assert made["applied"] and made["seats"] == preview["seats"]
    for seat in made["seats"]:
        line = (f"{seat['player']}: table {seat['to']['table']} seat {seat['to']['seat']}" if lang == "en"
                else f"{seat['player']}: bord {seat['to']['table']} plads {seat['to']['seat']}")
        assert line in shown.out, (line, shown.out)
    assert seed_word in shown.out

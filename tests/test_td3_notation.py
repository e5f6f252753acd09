"""TD3's save notation read without eval: each shape the versions write, and refusals that name
the line and column they stopped at."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.config import td3_notation
from tdconsole.config.td3 import load_save, read_save
from tdconsole.config.td3_notation import Obj, parse
from tdconsole.domain.errors import InvalidInput

FIXTURES = Path(__file__).parent / "fixtures" / "td3"


def test_objects_maps_arrays_and_literals() -> None:
    value = parse('{ V: "3.7.2", T: new Tournament({A: [1, -2.5, 1e3, true, false, null], '
                  'B: Map.from([["k", new X({Y: "a\\"b\\u00e9\\n"})]]), C: new Map({"0": 1}), '
                  'D: new PerPlayerRake([20, 5])}) }')
    tournament = value["T"]
    assert isinstance(tournament, Obj) and tournament.name == "Tournament"
    assert tournament.fields["A"] == [1, -2.5, 1000, True, False, None]
    assert tournament.fields["B"]["k"].fields == {"Y": 'a"bé\n'}
    assert tournament.fields["C"] == {"0": 1}  # 3.3/3.4's maps
    assert tournament.fields["D"].args == [[20, 5]]


@pytest.mark.parametrize(("text", "where", "what"), [
    ('{ V: "3.7",\n  T: eval("1") }', "line 2:6", "cannot read 'eval'"),
    ('{ V: "3.7", T: new Tournament({A: 1 B: 2}) }', "line 1:37", "expected ','"),
    ('{ V: "3.7", T: window.open() }', "line 1:16", "cannot read 'window.open'"),
    ('{ V: "3.7"', "line 1:11", "expected ',' or '}', found the end of the file"),
    ('{ V: `x` }', "line 1:6", "cannot read '`'"),
    ('{ V: 1 } extra', "line 1:10", "expected the end of the file"),
])
def test_a_refusal_names_its_line_and_column(text: str, where: str, what: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse(text)
    message = str(refused.value)
    assert message.startswith(where) and what in message and "\n" not in message


def test_depth_and_size_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    deep = "[" * 200 + "]" * 200
    with pytest.raises(InvalidInput, match="nested more than 64 deep"):
        parse(deep)
    monkeypatch.setattr(td3_notation, "MAX_TDT_BYTES", 100)
    with pytest.raises(InvalidInput, match="larger than"):
        parse("[" + "1, " * 100 + "1]")


def test_a_file_that_is_not_a_save_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "notes.tdt").write_text('{ V: "3.7.2" }')
    with pytest.raises(InvalidInput, match=r"notes.tdt: not a TD3 save"):
        load_save(tmp_path / "notes.tdt")


def test_3_3_save_in_windows_1252_with_players_as_a_map() -> None:
    save = load_save(FIXTURES / "club_night_3_3.tdt")
    assert save.version == "3.3"
    assert [p.name for p in save.players] == ["Anna", "Björn", "Carl", "Dora", "Eve"]
    assert [p.name for p in save.playing] == ["Anna", "Björn", "Carl", "Dora"]  # Eve never bought in
    dora = save.playing[3]
    assert [(b.kind, b.amount, b.rake, b.bust and (b.bust.level, b.bust.hitmen)) for b in dora.buy_ins] == [
        ("buy-in", 200, 20, (2, ("u-anna",))), ("rebuy", 200, 0, (4, ("u-bjorn",)))]
    assert [(a.amount, a.level) for a in save.playing[2].add_ons] == [(100, 3)]
    assert save.awards() == {"u-anna": 700, "u-bjorn": 320}
    # The levels as the file lists them, the breaks in their places, the trailing break dropped.
    assert [(p.kind, p.minutes, getattr(p, "big_blind", None), getattr(p, "ante", None))
            for p in save.structure.periods] == [
        ("level", 10, 50, 0), ("level", 10, 100, 0), ("break", 5, None, None), ("level", 10, 150, 0),
        ("level", 10, 200, 25), ("level", 15, 300, 50)]
    assert [(chip.value, chip.color) for chip in save.structure.chips] == [
        (25, "Blue"), (100, "Green"), (1000, "Black")]
    assert save.structure.starting_stack == 10_000
    assert save.formula == 'assign("points", n - r + 1 + numberofHits)'


def test_shared_prizes_and_an_awarded_chop() -> None:
    friday = load_save(FIXTURES / "friday_3_7.tdt")
    assert friday.awards() == {"u-erik": 1300, "u-frida": 700, "u-gustav": 200, "u-hanna": 200}
    assert [b.kind for b in friday.playing[5].buy_ins] == ["buy-in", "re-entry"]  # "Standard" again
    assert [b.kind for b in friday.playing[4].buy_ins] == ["buy-in", "rebuy"]
    chop = load_save(FIXTURES / "chop_3_7.tdt")
    # The chop's cash replaces the place prizes of its players (200/120/80).
    assert chop.awards() == {"u-erik": 180, "u-frida": 120, "u-karin": 100}


def test_read_save_refuses_a_tournament_without_levels() -> None:
    with pytest.raises(InvalidInput, match="no levels"):
        read_save('{ V: "3.7.2", T: new Tournament({Players: new GamePlayers({Players: Map.from([])}), '
                  'Levels: new GameLevels({Levels: []})}) }')

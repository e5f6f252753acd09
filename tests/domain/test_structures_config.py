"""The shipped structures and the loader: presets validate, errors name the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.config.structures import dump_structure, list_structures, load_structure, save_structure
from tdconsole.domain.clock.structure import Break
from tdconsole.domain.errors import InvalidInput, NotFound


def test_issue_5_presets_turbo_deepstack_and_festival_are_shipped() -> None:
    assert {"club-turbo", "club-deepstack", "festival-event"} <= set(list_structures())


@pytest.mark.parametrize(("key", "minutes"), [("club-turbo", {15}), ("club-deepstack", {20, 30}),
                                              ("festival-event", {60})])
def test_issue_5_preset_level_lengths(key: str, minutes: set[int]) -> None:
    structure = load_structure(key)
    assert {level.minutes for level in structure.levels} == minutes
    assert structure.chips and structure.starting_stack > 0
    assert any(isinstance(p, Break) and p.color_up for p in structure.periods)


@pytest.mark.parametrize("key", ["club-turbo", "club-deepstack", "festival-event"])
def test_t_ante_1_presets_have_a_big_blind_ante(key: str) -> None:
    assert all(level.ante == level.big_blind for level in load_structure(key).levels)


def test_unknown_key_is_not_found_listing_the_known_keys() -> None:
    with pytest.raises(NotFound, match="club-turbo") as caught:
        load_structure("club-turb")
    assert "'club-turb'" in str(caught.value)


def test_missing_file_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(NotFound, match="no such file"):
        load_structure(str(tmp_path / "missing.toml"))


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    return str(path)


HEAD = 'name = "x"\nstarting_stack = 10000\nchips = [{ value = 25, color = "green" }, ' \
       '{ value = 100, color = "black" }]\n'


@pytest.mark.parametrize(
    ("body", "key"),
    [("[[periods]]\nsmall_blind = 25\nbig_blind = 50\nminutes = 0\n", "periods.0.level.minutes"),
     ("[[periods]]\nsmall_blind = 100\nbig_blind = 50\nminutes = 20\n", "periods.0.level"),
     ("[[periods]]\nsmall_blind = 25\nbig_blind = 50\nminutes = 20\n"
      "[[periods]]\nkind = \"break\"\nminutes = 10\ncolor_up = [5000]\n", "periods.1.color_up.0"),
     ("[[periods]]\nsmall_blind = 25\nbig_blind = 50\nminutes = 20\n"
      "[[periods]]\nkind = \"break\"\nminutes = 10\ncolor_up = [25]\n"
      "[[periods]]\nsmall_blind = 50\nbig_blind = 150\nminutes = 20\n", "periods.2.small_blind")],
    ids=["zero-minutes", "bb-below-sb", "colour-up-not-in-set", "colour-up-still-needed"],
)
def test_bad_structure_error_names_the_file_and_the_key(tmp_path: Path, body: str,
                                                        key: str) -> None:
    path = write(tmp_path, HEAD + body)
    with pytest.raises(InvalidInput) as caught:
        load_structure(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {key}: ") and "\n" not in message


def test_malformed_toml_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "name = \n")
    with pytest.raises(InvalidInput, match="not valid TOML"):
        load_structure(path)


@pytest.mark.parametrize("key", ["club-turbo", "club-deepstack", "festival-event"])
def test_toml_writer_round_trips_through_the_loader(tmp_path: Path, key: str) -> None:
    structure = load_structure(key)
    path = tmp_path / "out.toml"
    save_structure(structure, path)
    assert load_structure(str(path)) == structure


def test_toml_writer_escapes_the_name(tmp_path: Path) -> None:
    structure = load_structure("club-turbo").model_copy(update={"name": 'Fredag "Deep"\\ø\n'})
    path = tmp_path / "odd.toml"
    path.write_text(dump_structure(structure), encoding="utf-8")
    assert load_structure(str(path)).name == 'Fredag "Deep"\\ø\n'

"""The club's TV layouts (config/tv_layouts.py): the parser and checker, the folders a layout and
its images come from, and the image checks that keep a layout (or a URL) inside the club's folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tdconsole.config.tv_layouts import (
    check_file,
    image_file,
    layout_files,
    load_layout,
    names,
    read_layout,
    shipped_dir,
)
from tdconsole.domain.errors import InvalidInput, NotFound

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The club's data directory (its tv/ and tv/images/ folders)."""
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "tv" / "images").mkdir(parents=True)
    return tmp_path / "data" / "tv"


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shipped_layout_is_fine() -> None:
    shipped = sorted(path.stem for path in shipped_dir().glob("*.toml"))
    assert shipped == ["bigclock", "classic", "lobby", "payouts"]
    for path in shipped_dir().glob("*.toml"):
        assert check_file(path) == [], path


def test_a_layout_names_its_cells_by_kind_or_by_its_table(club: Path) -> None:
    layout = read_layout(_write(club / "x.toml", """
        columns = "2fr 1fr"
        rows = "auto 1fr"
        areas = ["logo logo", "clock rules"]
        [cells.logo]
        kind = "image"
        image = "logo.png"
        [cells.rules]
        kind = "text"
        title = "House rules"
        text = "One player to a hand.\\nEnglish only at the table."
    """))
    (club / "images" / "logo.png").write_bytes(PNG)
    view = layout.screens()[0]
    assert names(view) == ["logo", "clock", "rules"]
    assert [layout.cell(name).kind for name in names(view)] == ["image", "clock", "text"]
    assert check_file(club / "x.toml") == []


def test_views_rotate_each_for_its_seconds(club: Path) -> None:
    path = _write(club / "turns.toml", """
        [[views]]
        seconds = 15
        areas = ["clock"]
        [[views]]
        seconds = 3
        areas = ["payouts"]
    """)
    assert [str(e) for e in check_file(path)] == [
        f"{path}: views[2]: seconds: a view in turn is shown at least 5 s"]
    path.write_text(path.read_text().replace("seconds = 3", "seconds = 20"))
    assert [view.seconds for view in read_layout(path).screens()] == [15, 20]


def test_check_says_every_problem_in_one_line_each(club: Path) -> None:
    path = _write(club / "bad.toml", """
        columns = "2fr 1fx"
        areas = ["clock players", "clock x", "a b c"]
        [cells.slide]
        kind = "text"
    """)
    lines = [str(e) for e in check_file(path)]
    assert all("\n" not in line and line.startswith(f"{path}: ") for line in lines)
    assert f"{path}: areas: every row must name as many cells (found 2, 3)" in lines
    assert any(line.startswith(f"{path}: areas: no cell 'x': add [cells.x] or use a kind") for line in lines)
    assert f"{path}: columns: '1fx' is not a size (2fr, 30vh, 25vw, 40% or auto)" in lines
    assert f"{path}: cells.slide: a text cell needs text (or a title)" in lines
    assert f"{path}: cells.slide: not placed in any areas" in lines


def test_an_area_must_be_one_rectangle(club: Path) -> None:
    path = _write(club / "l.toml", 'areas = ["clock clock", "clock pool"]')
    assert [str(e) for e in check_file(path)] == [f"{path}: areas: cell 'clock' is not one rectangle"]


def test_a_toml_error_names_its_line_and_a_wrong_key_its_key(club: Path) -> None:
    path = _write(club / "syntax.toml", 'areas = [\n  "clock\n')
    [line] = [str(e) for e in check_file(path)]
    assert line.startswith(f"{path}: not valid TOML") and "line 2" in line
    path = _write(club / "types.toml", 'areas = ["clock"]\nfoo = 1\n[cells.clock]\nkind = "nope"\n')
    lines = [str(e) for e in check_file(path)]
    assert len(lines) == 2
    assert lines[0].startswith(f"{path}: cells.clock.kind: ")
    assert lines[1] == f"{path}: foo: Extra inputs are not permitted"
    with pytest.raises(InvalidInput, match=r"cells\.clock\.kind"):
        read_layout(path)


def test_css_cannot_be_written_through_a_size_or_a_name(club: Path) -> None:
    path = _write(club / "css.toml", 'rows = "1fr;} body{display:none"\nareas = ["clock"]\n')
    assert any("is not a size" in str(e) for e in check_file(path))
    path = _write(club / "name.toml", 'areas = ["Clock{x}"]\n')
    assert any("is not a cell name" in str(e) for e in check_file(path))


def test_the_clubs_layout_replaces_a_shipped_one_of_its_name(club: Path) -> None:
    assert load_layout("classic")[0] == "shipped"
    _write(club / "classic.toml", 'areas = ["clock"]\n')
    _write(club / "bar.toml", 'areas = ["clock pool"]\n')
    source, layout = load_layout("classic")
    assert source == "club" and names(layout.screens()[0]) == ["clock"]
    assert {name: source for name, (source, _path) in layout_files().items()} == {
        "bar": "club", "bigclock": "shipped", "classic": "club", "lobby": "shipped", "payouts": "shipped"}
    with pytest.raises(NotFound,
                       match=r"no TV layout 'nope' \(layouts: bar, bigclock, classic, lobby, payouts\)"):
        load_layout("nope")
    with pytest.raises(NotFound):
        load_layout("../classic")


def test_an_image_is_read_from_the_clubs_folder_only(club: Path, tmp_path: Path) -> None:
    images = club / "images"
    (images / "logo.png").write_bytes(PNG)
    (images / "sponsor.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    (images / "notes.txt").write_text("hello")
    (images / "huge.png").write_bytes(PNG + b"\0" * (2 * 1024 * 1024))
    secret = tmp_path / "secret.png"
    secret.write_bytes(PNG)
    os.symlink(secret, images / "out.png")
    os.symlink(images / "logo.png", images / "alias.png")  # a link inside the folder is fine
    assert image_file("logo.png") == (PNG, "image/png")
    assert image_file("alias.png")[1] == "image/png"
    assert image_file("sponsor.svg")[1] == "image/svg+xml"
    for name, problem in (("../secret.png", "no folders"), ("/etc/passwd", "no folders"),
                          ("sub/logo.png", "no folders"), ("..", "no folders"),
                          ("out.png", "leads out of"), ("notes.txt", "not a PNG, JPEG, WebP or SVG"),
                          ("huge.png", "larger than 2048 KiB")):
        with pytest.raises(InvalidInput, match=problem):
            image_file(name)
    with pytest.raises(NotFound):
        image_file("missing.png")


def test_the_shipped_layouts_show_when_the_data_directory_cannot_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(blocker / "data"))
    assert load_layout("classic")[0] == "shipped"
    assert sorted(layout_files()) == ["bigclock", "classic", "lobby", "payouts"]

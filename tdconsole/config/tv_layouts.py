"""The club's TV layouts: TOML files of named cells placed on a grid, shown at `/tv?layout=NAME`.

A layout places cells (the clock, the blinds, the payouts, a logo, a text slide, ...) by CSS grid
areas: `areas` is the grid's rows, each a line of cell names, as CSS `grid-template-areas` writes
them. A layout with `[[views]]` rotates through them, each shown for its `seconds`. The shipped
layouts are in `configs/tv/`; the club's own in `tv/` of the user data directory (the folder of
the signing key and the backups), where a file of a shipped layout's name replaces it. Images
(a logo, a sponsor's banner) are read from `tv/images/` there and nowhere else: a layout names a
file, never a path, and `image_file` refuses anything that would leave that folder.

Every problem is one line naming the file and its line or key; `check_file` finds all of them
(`tv check FILE`), the loaders refuse with the first (docs/FORMATS.md, "TV layouts").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import Field, ValidationError, model_validator

from tdconsole.config.files import read_bytes
from tdconsole.config.toml import configs_dir, read_toml
from tdconsole.domain.errors import InvalidInput, NotFound, TdError, validation_refusal
from tdconsole.domain.model import Frozen
from tdconsole.store.db import StoreError, user_data_dir

# What a cell shows, each drawn by its own partial (web/templates/cells/KIND.html).
CellKind = Literal[
    "board",  # today's whole TV (the classic layout): every cell below in its usual place
    "name", "clock", "blinds", "next", "break", "players", "average", "pool", "payouts", "leaders",
    "bounties", "seating", "banner", "league", "forecast", "qr", "text", "image", "lobby", "shootout",
]
KINDS: tuple[str, ...] = get_args(CellKind)
DEFAULT_LAYOUT = "classic"

# Names as CSS takes them in grid-template-areas without quoting, and as a file name on any system.
_AREA = re.compile(r"[a-z][a-z0-9_]{0,39}")
_LAYOUT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
# A track: a fraction, a share of the screen, or the content's own size. No other CSS can be
# written through a layout (it is put in the page's stylesheet).
_TRACK = re.compile(r"(\d{1,3}(\.\d{1,2})?)(fr|vh|vw|%)|auto")
MAX_GRID = 12  # rows or columns: a TV read across the room has no use for more
MAX_VIEWS = 20
MIN_SECONDS = 5  # a view shown for less cannot be read before it goes
IMAGE_BYTES = 2 * 1024 * 1024
_IMAGE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
_ROOT_NAMES = ("areas", "columns", "rows")


class Cell(Frozen):
    """One cell: what it shows, and its words or picture when it is a slide or an image."""

    kind: CellKind | None = None  # None: the cell's name is its kind ("clock")
    title: str | None = Field(default=None, max_length=200)  # the heading of a text slide or a list
    text: str | None = Field(default=None, max_length=4000)  # a text or rules slide's words
    image: str | None = Field(default=None, max_length=100)  # a file in <data>/tv/images/


class View(Frozen):
    """One screenful: the grid's rows of cell names, and how long it stays when the layout rotates."""

    seconds: int = Field(default=0, ge=0, le=3600)
    areas: list[str] = Field(min_length=1, max_length=MAX_GRID)
    columns: str | None = Field(default=None, max_length=200)  # "2fr 1fr": one track per column
    rows: str | None = Field(default=None, max_length=200)  # "auto 1fr": one track per row


class Layout(Frozen):
    """A layout file: one view (`areas` at the top) or `[[views]]` in turn, and its cells."""

    title: str | None = Field(default=None, max_length=200)
    areas: list[str] | None = Field(default=None, min_length=1, max_length=MAX_GRID)
    columns: str | None = Field(default=None, max_length=200)
    rows: str | None = Field(default=None, max_length=200)
    views: list[View] = Field(default_factory=list, max_length=MAX_VIEWS)
    cells: dict[str, Cell] = Field(default_factory=dict, max_length=100)

    @model_validator(mode="after")
    def _one_grid(self) -> Layout:
        if self.views and any(getattr(self, key) is not None for key in _ROOT_NAMES):
            raise ValueError("give areas at the top or [[views]], not both")
        if not self.views and self.areas is None:
            raise ValueError("no areas: give areas = [\"clock players\", ...] or [[views]]")
        return self

    def screens(self) -> list[View]:
        """The views in turn (a layout of one view: that one)."""
        if self.views:
            return self.views
        return [View(areas=self.areas or [], columns=self.columns, rows=self.rows)]

    def cell(self, name: str) -> Cell:
        """The cell an area names: its table, else the kind of that name."""
        found = self.cells.get(name)
        return Cell(kind=name) if found is None else (
            found if found.kind is not None else found.model_copy(update={"kind": name}))


def grid(view: View) -> list[list[str]]:
    return [row.split() for row in view.areas]


def names(view: View) -> list[str]:
    """The cells a view shows, in the order its rows first name them ("." is an empty spot)."""
    seen: dict[str, None] = {}
    for row in grid(view):
        seen |= {name: None for name in row if name != "."}
    return list(seen)


def tracks(text: str | None) -> list[str]:
    return [] if text is None else text.split()


def problems(layout: Layout, where: str, images: Path | None = None) -> list[InvalidInput]:
    """Every problem of a layout that parsed: grids that CSS would not draw, cells it does not
    know, slides without words, images not in the club's folder (`images`, when given)."""
    found: list[InvalidInput] = []
    for number, view in enumerate(layout.screens(), 1):
        at = f"{where}: views[{number}]" if layout.views else where
        rows = grid(view)
        widths = {len(row) for row in rows}
        if len(widths) > 1:
            found.append(InvalidInput("{where}: areas: every row must name as many cells (found {widths})",
                                      where=at, widths=", ".join(str(w) for w in sorted(widths))))
        if max(widths) > MAX_GRID:
            found.append(InvalidInput("{where}: areas: at most {most} columns", where=at, most=MAX_GRID))
        for name in sorted({name for row in rows for name in row}):
            if name != "." and not _AREA.fullmatch(name):
                found.append(InvalidInput("{where}: areas: {name!r} is not a cell name (a-z, 0-9 and _, "
                                          "starting with a letter)", where=at, name=name))
            elif name != "." and name not in layout.cells and name not in KINDS:
                found.append(InvalidInput("{where}: areas: no cell {name!r}: add [cells.{name}] or use a "
                                          "kind ({kinds})", where=at, name=name, kinds=", ".join(KINDS)))
            elif name != "." and len(widths) == 1 and not _rectangle(rows, name):
                found.append(InvalidInput("{where}: areas: cell {name!r} is not one rectangle", where=at,
                                          name=name))
        for key, wanted in (("columns", max(widths)), ("rows", len(rows))):
            text = getattr(view, key)
            for track in tracks(text):
                if not _TRACK.fullmatch(track):
                    found.append(InvalidInput("{where}: {key}: {track!r} is not a size (2fr, 30vh, 25vw, "
                                              "40% or auto)", where=at, key=key, track=track))
            if text is not None and len(tracks(text)) != wanted:
                found.append(InvalidInput("{where}: {key}: {count} sizes for {wanted}", where=at, key=key,
                                          count=len(tracks(text)), wanted=wanted))
        if len(layout.screens()) > 1 and view.seconds < MIN_SECONDS:
            found.append(InvalidInput("{where}: seconds: a view in turn is shown at least {least} s",
                                      where=at, least=MIN_SECONDS))
    used = {name for view in layout.screens() for name in names(view)}
    for name, cell in sorted(layout.cells.items()):
        at = f"{where}: cells.{name}"
        kind = cell.kind or name
        if not _AREA.fullmatch(name):
            found.append(InvalidInput("{where}: not a cell name (a-z, 0-9 and _, starting with a letter)",
                                      where=at))
        if kind not in KINDS:
            found.append(InvalidInput("{where}: kind: no kind {kind!r} ({kinds})", where=at, kind=kind,
                                      kinds=", ".join(KINDS)))
        if kind == "text" and not (cell.text or cell.title):
            found.append(InvalidInput("{where}: a text cell needs text (or a title)", where=at))
        if kind == "image":
            if not cell.image:
                found.append(InvalidInput("{where}: an image cell needs image = \"FILE\" (in {folder})",
                                          where=at, folder=images_dir()))
            elif images is not None:
                try:
                    image_file(cell.image, images)
                except TdError as error:
                    found.append(InvalidInput("{where}: image: {problem}", where=at, problem=error))
        elif cell.image is not None:
            found.append(InvalidInput("{where}: image: only an image cell shows one", where=at))
        if name not in used:
            found.append(InvalidInput("{where}: not placed in any areas", where=at))
    return found


def _rectangle(rows: list[list[str]], name: str) -> bool:
    spots = [(r, c) for r, row in enumerate(rows) for c, value in enumerate(row) if value == name]
    top, left = min(r for r, _ in spots), min(c for _, c in spots)
    bottom, right = max(r for r, _ in spots), max(c for _, c in spots)
    return len(spots) == (bottom - top + 1) * (right - left + 1)


def _parse(path: Path, *, every: bool) -> tuple[Layout | None, list[TdError]]:
    """The layout in `path` and its problems: all of them (`every`) or the first."""
    try:
        data: Any = read_toml(path)
    except (InvalidInput, NotFound) as error:
        return None, [error]
    try:
        layout = Layout.model_validate(data)
    except ValidationError as error:
        if not every:
            return None, [validation_refusal(str(path), error)]
        return None, [validation_refusal(str(path), ValidationError.from_exception_data(
            error.title, [problem]))  # type: ignore[list-item]  # pydantic's own error dicts
            for problem in error.errors()]
    # A missing image leaves its cell empty on the TV (its file may come later); `tv check` says so.
    return layout, [*problems(layout, str(path), images_dir() if every else None)]


def check_file(path: Path) -> list[TdError]:
    """Every problem of the layout file `path` (`tv check`): none when it is fine."""
    return _parse(path, every=True)[1]


def read_layout(path: Path) -> Layout:
    """The layout in `path`, refused with its first problem."""
    layout, found = _parse(path, every=False)
    if found or layout is None:
        raise found[0]
    return layout


def shipped_dir() -> Path:
    return configs_dir() / "tv"


def club_dir() -> Path:
    """The club's own layouts, beside its signing key and backups (`$TDCONSOLE_DATA_DIR`)."""
    return user_data_dir() / "tv"


def images_dir() -> Path:
    return club_dir() / "images"


def layout_files() -> dict[str, tuple[str, Path]]:
    """Every layout by name: (source, file), the source "shipped" or "club"; the club's file of a
    shipped name replaces it (the club changed its TV)."""
    found: dict[str, tuple[str, Path]] = {}
    try:
        club: Path | None = club_dir()
    except StoreError:  # a data directory that cannot be made: the TV still shows the shipped layouts
        club = None
    for source, directory in (("shipped", shipped_dir()), ("club", club)):
        for path in sorted(directory.glob("*.toml")) if directory and directory.is_dir() else []:
            if _LAYOUT_NAME.fullmatch(path.stem):
                found[path.stem] = (source, path)
    return found


def load_layout(name: str) -> tuple[str, Layout]:
    """The layout called `name` and where it came from; an unknown name is NotFound in one line."""
    found = layout_files().get(name) if _LAYOUT_NAME.fullmatch(name) else None
    if found is None:
        raise NotFound("no TV layout {name!r} (layouts: {names})", name=name[:40],
                       names=", ".join(sorted(layout_files())))
    return found[0], read_layout(found[1])


# The pictures a browser shows, told by their first bytes (a file's name says nothing).
_MAGIC: tuple[tuple[bytes, int, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", 0, "image/png"),
    (b"\xff\xd8\xff", 0, "image/jpeg"),
    (b"WEBP", 8, "image/webp"),
)


def image_type(data: bytes) -> str | None:
    """The media type of a PNG, JPEG, WebP or SVG file by its bytes; None for anything else."""
    for magic, offset, media in _MAGIC:
        if data[offset:offset + len(magic)] == magic and (media != "image/webp" or data[:4] == b"RIFF"):
            return media
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<svg", b"<?xml")) and b"<svg" in head:
        return "image/svg+xml"
    return None


def image_file(name: str, folder: Path | None = None) -> tuple[bytes, str]:
    """The image `name` of the club's folder and its media type. Only a plain file name is taken
    (no folder, no `..`, not absolute), and a symbolic link that leads out of the folder is
    refused, so a layout or a URL can show nothing but what the club put there; at most
    IMAGE_BYTES, and only a PNG, JPEG, WebP or SVG by its first bytes."""
    folder = images_dir() if folder is None else folder
    if not _IMAGE_NAME.fullmatch(name) or ".." in name:
        raise InvalidInput("{name!r} is not an image's file name in {folder} (no folders)", name=name[:100],
                           folder=folder)
    path = folder / name
    try:
        inside = path.resolve(strict=True).is_relative_to(folder.resolve(strict=True))
    except OSError:
        raise NotFound("{path}: no such file", path=path) from None
    if not inside:
        raise InvalidInput("{path}: leads out of {folder}", path=path, folder=folder)
    data = read_bytes(path, IMAGE_BYTES)
    media = image_type(data)
    if media is None:
        raise InvalidInput("{path}: not a PNG, JPEG, WebP or SVG image", path=path)
    return data, media


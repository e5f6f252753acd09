"""Structures on disk: `configs/structures/*.toml` by key or path, and the TOML writer.

`dump_structure` writes the same layout as the hand-written presets, so an export (the
generator's `--out`, the editor) loads back through `load_structure` unchanged.
"""

from __future__ import annotations

import json
from pathlib import Path

from tdconsole.config import configs_dir, load_toml
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.structure import Break, Level, Structure


def structures_dir() -> Path:
    return configs_dir() / "structures"


def list_structures() -> list[str]:
    """The keys of the shipped structures (file names without `.toml`), sorted."""
    return sorted(path.stem for path in structures_dir().glob("*.toml"))


def structure_path(key_or_path: str) -> Path:
    """A key (`club-turbo`) names a preset; anything with `/` or `.toml` is a file path."""
    if key_or_path.endswith(".toml") or "/" in key_or_path or "\\" in key_or_path:
        return Path(key_or_path)
    path = structures_dir() / f"{key_or_path}.toml"
    if not path.is_file():
        known = ", ".join(list_structures()) or "none"
        raise NotFound(f"no structure {key_or_path!r}; known: {known}")
    return path


def load_structure(key_or_path: str) -> Structure:
    return load_toml(structure_path(key_or_path), Structure)


def _string(text: str) -> str:
    # JSON string escapes are valid TOML basic-string escapes.
    return json.dumps(text, ensure_ascii=False)


def dump_structure(structure: Structure) -> str:
    """The structure as TOML in the layout of `configs/structures/`."""
    lines = [f"name = {_string(structure.name)}", f"starting_stack = {structure.starting_stack}"]
    if structure.chips:
        lines += ["", "chips = ["]
        lines += [f"  {{ value = {chip.value}, color = {_string(chip.color)} }},"
                  for chip in structure.chips]
        lines.append("]")
    for period in structure.periods:
        lines += ["", "[[periods]]"]
        if isinstance(period, Level):
            lines += [
                f"small_blind = {period.small_blind}",
                f"big_blind = {period.big_blind}",
                f"ante = {period.ante}",
                f"minutes = {period.minutes}",
            ]
        elif isinstance(period, Break):
            lines += [
                'kind = "break"',
                f"minutes = {period.minutes}",
                f"color_up = [{', '.join(str(value) for value in period.color_up)}]",
            ]
            if period.add_on:
                lines.append("add_on = true")
    return "\n".join(lines) + "\n"


def save_structure(structure: Structure, path: Path) -> None:
    try:
        path.write_text(dump_structure(structure), encoding="utf-8")
    except OSError as error:
        raise InvalidInput(f"{path}: cannot be written: {error.strerror}") from None

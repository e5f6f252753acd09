"""Blind structures on disk: a key names `configs/structures/KEY.toml`, or a file path."""

from __future__ import annotations

import json
from pathlib import Path

from tdconsole.config import configs_dir, load_toml
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.structure import Break, Level, Structure

DEFAULT_STRUCTURE = "club-turbo"


def structures_dir() -> Path:
    return configs_dir() / "structures"


def list_structures() -> list[str]:
    return sorted(path.stem for path in structures_dir().glob("*.toml"))


def load_structure(key_or_path: str) -> Structure:
    path = Path(key_or_path)
    if path.suffix == ".toml" or path.exists():
        return load_toml(path, Structure)
    candidate = structures_dir() / f"{key_or_path}.toml"
    if not candidate.exists():
        known = ", ".join(list_structures()) or "none"
        raise NotFound(f"no structure {key_or_path!r}; known structures: {known}")
    return load_toml(candidate, Structure)


# --- Writing: the layout of `configs/structures/`, so an export loads back unchanged ------------


def _string(text: str) -> str:
    # JSON string escapes are valid TOML basic-string escapes.
    return json.dumps(text, ensure_ascii=False)


def dump_structure(structure: Structure) -> str:
    """The structure as TOML in the layout of `configs/structures/` (round-trips the loader)."""
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

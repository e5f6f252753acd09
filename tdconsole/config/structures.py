"""Blind structures on disk: a key names `KEY.toml` among the TD's saved presets (the user data
dir) or the shipped `configs/structures/`, or a file path."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from tdconsole.config.toml import configs_dir, load_toml
from tdconsole.domain.clock.structure import Break, Level, Structure
from tdconsole.domain.errors import InvalidInput, NotFound

DEFAULT_STRUCTURE = "club-turbo"


def structures_dir() -> Path:
    return configs_dir() / "structures"


def user_structures_dir() -> Path:
    """`$TDCONSOLE_USER_STRUCTURES`, else `structures/` in the user's data dir: the saved presets."""
    if env := os.environ.get("TDCONSOLE_USER_STRUCTURES"):
        return Path(env)
    import platformdirs  # only where a structure is looked up: `state` or `register` never is

    return platformdirs.user_data_path("tdconsole", appauthor=False) / "structures"


def _search_path() -> list[Path]:
    # A preset the TD saved under a shipped key is the one they meant: the user's dir comes first.
    return [user_structures_dir(), structures_dir()]


def list_structures() -> list[str]:
    return sorted({path.stem for directory in _search_path() for path in directory.glob("*.toml")})


def load_structure(key_or_path: str) -> Structure:
    path = Path(key_or_path)
    if path.suffix == ".toml" or path.exists():
        return load_toml(path, Structure)
    for directory in _search_path():
        candidate = directory / f"{key_or_path}.toml"
        if candidate.exists():
            return load_toml(candidate, Structure)
    known = ", ".join(list_structures()) or "none"
    raise NotFound(
        "no structure {key_or_path!r}; known structures: {known}", key_or_path=key_or_path, known=known,
    )


def preset_key(name: str) -> str:
    """The key a structure is saved under: its name in lower case, words joined by hyphens.

    >>> preset_key("Friday Deep 20k!")
    'friday-deep-20k'
    """
    key = re.sub(r"[^0-9a-z]+", "-", name.casefold()).strip("-")
    if not key:
        raise InvalidInput("the name {name!r} gives no preset key: use letters or digits", name=name)
    return key


def save_preset(structure: Structure) -> str:
    """Save `structure` among the TD's presets under its name's key; the key it can be loaded by."""
    key = preset_key(structure.name)
    directory = user_structures_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidInput(
            "{directory}: cannot be created: {strerror}", directory=directory, strerror=error.strerror,
        ) from None
    save_structure(structure, directory / f"{key}.toml")
    return key


def keep_preset(structure: Structure) -> str:
    """The key of the TD's preset with the same levels, breaks and chips as `structure` (whatever
    its name), else `structure` saved as a new one: a season of imported saves played to one
    structure makes one preset, not one per evening."""
    wanted = dump_structure(structure.model_copy(update={"name": "-"}))
    for path in sorted(user_structures_dir().glob("*.toml")):
        try:
            known = load_toml(path, Structure)
        except (InvalidInput, NotFound):
            continue
        if dump_structure(known.model_copy(update={"name": "-"})) == wanted:
            return path.stem
    return save_preset(structure)


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
            # A mixed night's level (RP-18): its game and the figures it states, none it leaves out.
            if period.game is not None:
                lines.append(f"game = {_string(period.game)}")
            lines += [f"{key} = {getattr(period, key)}" for key in ("small_bet", "big_bet", "bring_in")
                      if getattr(period, key) is not None]
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
        raise InvalidInput(
            "{path}: cannot be written: {strerror}", path=path, strerror=error.strerror,
        ) from None

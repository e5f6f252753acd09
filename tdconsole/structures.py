"""Finding and loading blind structures: a key names `configs/structures/KEY.toml`, or a file path."""

from __future__ import annotations

from pathlib import Path

from tdconsole.config import configs_dir, load_toml
from tdconsole.domain.errors import NotFound
from tdconsole.domain.structure import Structure

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

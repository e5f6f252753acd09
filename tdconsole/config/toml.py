"""Loading the data in `configs/`: TOML validated by pydantic, errors naming the file and the key."""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.house_rules import HouseRules

M = TypeVar("M", bound=BaseModel)


def configs_dir() -> Path:
    """`$TDCONSOLE_CONFIGS`, else the `configs/` shipped with the package (the repo's in a checkout)."""
    if env := os.environ.get("TDCONSOLE_CONFIGS"):
        return Path(env)
    checkout = Path(__file__).resolve().parent.parent.parent / "configs"
    if checkout.is_dir():
        return checkout
    # An installed wheel carries configs/ as tdconsole/configs (pyproject's package-dir).
    return Path(str(resources.files("tdconsole"))) / "configs"


def describe_validation_error(source: str, error: ValidationError) -> str:
    """One line: `file: key.path: what is wrong` for the first problem (and how many more)."""
    first = error.errors()[0]
    key = ".".join(str(part) for part in first["loc"]) or "(top level)"
    more = len(error.errors()) - 1
    tail = f" (and {more} more)" if more else ""
    return f"{source}: {key}: {first['msg']}{tail}"


def validate(model: type[M], data: Any, source: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise InvalidInput(describe_validation_error(source, error)) from None


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise NotFound("{path}: no such file", path=path) from None
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput("{path}: not valid TOML: {error}", path=path, error=error) from None
    except OSError as error:
        raise InvalidInput(
            "{path}: cannot be read: {strerror}", path=path, strerror=error.strerror,
        ) from None


def load_toml(path: Path, model: type[M]) -> M:
    return validate(model, read_toml(path), str(path))


def load_house_rules(path: Path | None = None) -> HouseRules:
    """The house rules from `path`, `$TDCONSOLE_HOUSE_RULES`, or `configs/house_rules.toml`."""
    if path is None:
        env = os.environ.get("TDCONSOLE_HOUSE_RULES")
        path = Path(env) if env else configs_dir() / "house_rules.toml"
    if not path.exists():
        return HouseRules()
    return load_toml(path, HouseRules)

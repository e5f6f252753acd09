"""Loading the data in `configs/`: TOML validated by pydantic, errors naming the file and the key."""

from __future__ import annotations

import os
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from tdconsole.config.files import read_text
from tdconsole.domain.errors import InvalidInput, validation_refusal
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.limits import MAX_CONFIG_BYTES

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


def validate(model: type[M], data: Any, source: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise validation_refusal(source, error) from None


def read_toml(path: Path) -> dict[str, Any]:
    text = read_text(path, MAX_CONFIG_BYTES)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput(
            "{path}: not valid TOML: {splitlines}", path=path, splitlines=str(error).splitlines()[0],
        ) from None
    except RecursionError:  # arrays nested thousands deep: the parser recurses
        raise InvalidInput("{path}: not valid TOML: nested too deeply", path=path) from None
    except ValueError:  # Python refuses to read an integer longer than its limit (4,300 digits)
        raise InvalidInput("{path}: not valid TOML: a number of more than {digits} digits", path=path,
                           digits=sys.get_int_max_str_digits()) from None


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

"""Loading the league points formulas in `configs/leagues/*.toml` (or a file), validated by
`PointsFormula`: a file whose worked example does not come out is refused, naming the file."""

from __future__ import annotations

from pathlib import Path

from tdconsole.config.toml import configs_dir, load_toml
from tdconsole.domain.errors import NotFound
from tdconsole.domain.league.formulas import PointsFormula

DEFAULT_FORMULA = "field"


def formula_keys() -> list[str]:
    """The formulas shipped in `configs/leagues/`, by file name without `.toml`."""
    return sorted(path.stem for path in (configs_dir() / "leagues").glob("*.toml"))


def load_formula(key_or_path: str) -> tuple[str, PointsFormula]:
    """The formula `configs/leagues/KEY.toml`, or a TOML file; with the key it is known by."""
    path = Path(key_or_path)
    if path.suffix != ".toml":
        path = configs_dir() / "leagues" / f"{key_or_path}.toml"
        if not path.is_file():
            known = ", ".join(formula_keys()) or "none"
            raise NotFound(
                "no points formula {key_or_path!r} (known: {known})", key_or_path=key_or_path, known=known,
            )
    return path.stem, load_toml(path, PointsFormula)

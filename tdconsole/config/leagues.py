"""Loading the league points formulas in `configs/leagues/*.toml` (or a file), validated by
`PointsFormula`: a file whose worked example does not come out is refused, naming the file."""

from __future__ import annotations

from pathlib import Path

from tdconsole.config.files import read_text
from tdconsole.config.toml import configs_dir, load_toml
from tdconsole.domain.errors import NotFound
from tdconsole.domain.league.formulas import PointsFormula
from tdconsole.domain.league.td3_formula import Td3Formula
from tdconsole.domain.limits import MAX_CONFIG_BYTES

DEFAULT_FORMULA = "field"


def formula_keys() -> list[str]:
    """The formulas shipped in `configs/leagues/`, by file name without `.toml`."""
    return sorted(path.stem for path in (configs_dir() / "leagues").glob("*.toml"))


def td3_formula(text: str, name: str) -> PointsFormula:
    """A formula in The Tournament Director's language (`domain/league/td3_formula.py`)."""
    Td3Formula(text)  # a refusal as the interpreter words it: its line and column
    return PointsFormula(name=name, td3=text)


def load_formula(key_or_path: str) -> tuple[str, PointsFormula]:
    """The formula `configs/leagues/KEY.toml`, or a TOML file; or TD3's: a save's own (`.tdt`), a
    file of TD3's formula language (`.td3`), or `td3:TEXT`; with the key it is known by."""
    if key_or_path.startswith("td3:"):
        return "td3", td3_formula(key_or_path.removeprefix("td3:"), "TD3 formula")
    path = Path(key_or_path)
    if path.suffix == ".tdt":
        from tdconsole.config.td3 import load_save  # only a TD3 formula reads a save

        save = load_save(path)
        if save.formula is None:
            raise NotFound("{path}: the save has no points formula", path=path)
        return "td3", td3_formula(save.formula, f"TD3: {save.league or save.title}")
    if path.suffix == ".td3":
        return "td3", td3_formula(read_text(path, MAX_CONFIG_BYTES), f"TD3: {path.stem}")
    if path.suffix != ".toml":
        path = configs_dir() / "leagues" / f"{key_or_path}.toml"
        if not path.is_file():
            known = ", ".join(formula_keys()) or "none"
            raise NotFound(
                "no points formula {key_or_path!r} (known: {known})", key_or_path=key_or_path, known=known,
            )
    return path.stem, load_toml(path, PointsFormula)

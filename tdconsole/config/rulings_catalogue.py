"""Reading the floor-ruling scenarios from `configs/rulings/*.toml` (the models live in the domain)."""

from __future__ import annotations

from pathlib import Path

from tdconsole.config.toml import configs_dir, read_toml, validate
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.floor.rulings import Catalogue, Scenario, ScenarioFile


def load_catalogue(directory: Path | None = None) -> Catalogue:
    """Every scenario of every `*.toml` in `directory` (default `configs/rulings/`), each checked
    (see `Scenario`); a scenario id used twice is an error naming both files."""
    directory = directory or configs_dir() / "rulings"
    files = sorted(directory.glob("*.toml"))
    if not files:
        raise InvalidInput("{directory}: no rulings scenarios (*.toml)", directory=directory)
    scenarios: dict[str, Scenario] = {}
    origin: dict[str, Path] = {}
    for path in files:
        for scenario_id, scenario in validate(ScenarioFile, read_toml(path), str(path)).root.items():
            if scenario_id in origin:
                raise InvalidInput(
                    "{path}: {scenario_id}: duplicate scenario id, also in {origin}", path=path,
                    scenario_id=scenario_id, origin=origin[scenario_id],
                )
            scenarios[scenario_id] = scenario
            origin[scenario_id] = path
    return Catalogue(scenarios=scenarios)

"""Reading the floor-ruling scenarios from `configs/rulings/*.toml` (the models live in the domain),
in the chosen language.

The files are English, the source text of the message catalogue like every other string: their
texts are extracted into `locale/tdconsole.pot` by `extract_rulings` (babel.cfg, `make i18n`) and
`load_catalogue` hands out the scenarios translated (`Scenario.translated`), so the floor's wizard,
`rulings` and the web remote read them in the TD's language and a search finds either language.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from pydantic import RootModel, model_validator

from tdconsole.config.toml import configs_dir, read_toml, validate
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.floor.rulings import Catalogue, Scenario
from tdconsole.i18n import DEFAULT, _, language


# Here, not beside `Scenario` in the domain: a parametrised RootModel builds its validator as its
# class is made, and every command imports the domain's rulings (for `LogRuling`), while only
# what reads the files imports this module (the fast-CLI contract, benchmarks/bench_cli.py).
class ScenarioFile(RootModel[dict[str, Scenario]]):
    """One `configs/rulings/*.toml`: a table per scenario, keyed by its id."""

    @model_validator(mode="before")
    @classmethod
    def _ids_from_keys(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {key: {"id": key, **body} if isinstance(body, dict) else body
                    for key, body in data.items()}
        return data


def load_catalogue(directory: Path | None = None) -> Catalogue:
    """Every scenario of every `*.toml` in `directory` (default `configs/rulings/`), each checked
    (see `Scenario`), in the chosen language; a scenario id used twice is an error naming both
    files."""
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
    catalogue = Catalogue(scenarios=scenarios)
    return catalogue if language() == DEFAULT else catalogue.translated(_)


def extract_rulings(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                    options: Mapping[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extractor (babel.cfg `[rulings: configs/rulings/*.toml]`): every text of every
    scenario in one file that `Scenario.translated` translates, each with its scenario id as a
    comment for the translator."""
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for scenario in validate(ScenarioFile, data, getattr(fileobj, "name", "rulings")).root.values():
        texts: dict[str, None] = {}

        def collect(text: str, seen: dict[str, None] = texts) -> str:
            seen[text] = None
            return text

        scenario.translated(collect)
        for text in texts:
            yield 1, None, text, [f"rulings: {scenario.id}"]

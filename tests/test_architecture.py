"""The layers (DESIGN.md): the domain imports no outer layer; only interfaces import Textual/Typer."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_linter_contracts_hold() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and "0 broken" in result.stdout


def test_only_the_config_loaders_open_the_house_rules_file() -> None:
    # The rules in force are in the log (TournamentCreated, HouseRulesSet): the file is read only
    # to create a tournament (cli `new`, `demo`, a template's new tournament: actions/templates.py)
    # or for a calculator before any tournament exists.
    readers = {path.relative_to(ROOT).as_posix()
               for path in (ROOT / "tdconsole").rglob("*.py")
               if "load_house_rules(" in path.read_text(encoding="utf-8")
               or '"house_rules.toml"' in path.read_text(encoding="utf-8")}
    assert readers <= {"tdconsole/config/toml.py", "tdconsole/cli/__init__.py", "tdconsole/cli/kit.py",
                       "tdconsole/cli/tournament.py", "tdconsole/actions/templates.py"}, readers


def test_every_domain_module_has_its_place_in_the_layers() -> None:
    # The layers contract forbids cycles only among the modules it lists.
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    [layers] = [c["layers"] for c in contracts if c["type"] == "layers"]
    listed = {name.strip() for layer in layers for name in layer.split("|")}
    domain = ROOT / "tdconsole" / "domain"
    modules = {"tdconsole.domain." + ".".join(path.relative_to(domain).with_suffix("").parts)
               for path in domain.rglob("*.py") if path.name != "__init__.py"}
    assert modules == listed, (sorted(modules - listed), sorted(listed - modules))

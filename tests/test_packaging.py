"""`pipx install .` must carry every subpackage, the configs and the migrations."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    inits = (ROOT / "tdconsole").rglob("__init__.py")
    in_tree = {".".join(init.parent.relative_to(ROOT).parts) for init in inits}
    assert in_tree <= listed, f"add to [tool.setuptools] packages: {sorted(in_tree - listed)}"
    assert {"tdconsole.configs", "tdconsole.migrations", "tdconsole.migrations.versions"} <= listed


def test_the_page_templates_ship_in_the_wheel() -> None:
    # views/export.py renders every printable page from these files: a wheel without them prints none.
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    package = ROOT / "tdconsole"
    templates = {path.relative_to(package) for path in (package / "views" / "templates").iterdir()}
    assert templates, "no templates found"
    assert all(any(path.match(pattern) for pattern in shipped["tdconsole"]) for path in templates), (
        f"add to [tool.setuptools.package-data] tdconsole: {sorted(map(str, templates))}")


def test_the_shipped_tournament_templates_ship_in_the_wheel() -> None:
    # `new --template turbo-rebuy` on an installed tdconsole reads configs/templates/ from the wheel.
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    configs = ROOT / "configs"
    files = [path.relative_to(configs) for path in (configs / "templates").glob("*.json")]
    assert files, "no shipped templates found"
    assert all(any(path.match(pattern) for pattern in shipped["tdconsole.configs"]) for path in files)

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

"""The layers (DESIGN.md): the domain imports no outer layer; only interfaces import Textual/Typer."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_import_linter_contracts_hold() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and "0 broken" in result.stdout


def test_only_the_config_loaders_open_the_house_rules_file() -> None:
    # The rules in force are in the log (TournamentCreated, HouseRulesSet): the file is read only
    # to create a tournament (cli `new`, `demo`, the TUI's new tournament from a template: the
    # interface reads it and hands it to actions/templates.py) or for a calculator before any
    # tournament exists.
    readers = {path.relative_to(ROOT).as_posix()
               for path in (ROOT / "tdconsole").rglob("*.py")
               if "load_house_rules(" in path.read_text(encoding="utf-8")
               or '"house_rules.toml"' in path.read_text(encoding="utf-8")}
    assert readers <= {"tdconsole/config/toml.py", "tdconsole/cli/__init__.py", "tdconsole/cli/kit.py",
                       "tdconsole/cli/tournament.py", "tdconsole/tui/app.py"}, readers


def test_every_domain_module_has_its_place_in_the_layers() -> None:
    # The layers contract forbids cycles only among the modules it lists.
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    [layers] = [c["layers"] for c in contracts if c["name"].startswith("The domain's layers")]
    listed = {name.strip() for layer in layers for name in layer.split("|")}
    domain = ROOT / "tdconsole" / "domain"
    modules = {"tdconsole.domain." + ".".join(path.relative_to(domain).with_suffix("").parts)
               for path in domain.rglob("*.py") if path.name != "__init__.py"}
    assert modules == listed, (sorted(modules - listed), sorted(listed - modules))


def _lint_a_copy_with(tmp_path: Path, module: str, line: str) -> str:
    """`lint-imports` on a copy of the package whose `module` (a path under tdconsole/) got `line`."""
    shutil.copytree(ROOT / "tdconsole", tmp_path / "tdconsole",
                    ignore=shutil.ignore_patterns("__pycache__", "locale"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    changed = tmp_path / "tdconsole" / module
    changed.write_text(changed.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    lint_imports = Path(sys.executable).parent / "lint-imports"
    # lint-imports puts its working directory first on the path: the copy is what it reads.
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=tmp_path, capture_output=True, text=True,
                            check=False)
    assert result.returncode != 0, result.stdout
    return result.stdout


# Each a layer importing one above it (pyproject.toml's map of the house), and the contract it breaks.
UPWARD = [
    ("store/ledger.py", "import tdconsole.actions.players", "The layers of the house",
     "tdconsole.store.ledger -> tdconsole.actions.players"),
    ("views/seating.py", "import tdconsole.service", "The layers of the house",
     "tdconsole.views.seating -> tdconsole.service"),
    ("club/members.py", "import tdconsole.service", "The layers of the house",
     "tdconsole.club.members -> tdconsole.service"),
    ("config/toml.py", "import tdconsole.club.members", "The layers of the house",
     "tdconsole.config.toml -> tdconsole.club.members"),
    ("tui/screens/log.py", "import tdconsole.web.app", "The layers of the house",
     "tdconsole.tui.screens.log -> tdconsole.web.app"),
    ("web/app.py", "import typer", "no Typer", "tdconsole.web.app -> typer"),
    ("tui/screens/log.py", "import tdconsole.store.ledger", "reach the store only",
     "tdconsole.tui.screens.log -> tdconsole.store.ledger"),
    ("tui/screens/log.py", "from tdconsole.domain.commands import ClockStart", "posts actions",
     "tdconsole.tui.screens.log -> tdconsole.domain.commands"),
]


@pytest.mark.parametrize(("module", "line", "contract", "chain"), UPWARD,
                         ids=[f"{module}:{line}" for module, line, *_rest in UPWARD])
def test_a_module_importing_from_a_layer_above_breaks_the_map(tmp_path: Path, module: str, line: str,
                                                              contract: str, chain: str) -> None:
    report = _lint_a_copy_with(tmp_path, module, line)
    broken = report.split("Broken contracts", 1)[1]
    assert contract in broken and chain in broken, report


def _private_names(tree: ast.AST) -> set[str]:
    """The `_name`s a module defines: functions, classes, module and instance attributes."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        for target in targets:
            if isinstance(target, ast.Name):
                found.add(target.id)
            elif isinstance(target, ast.Attribute):
                found.add(target.attr)
    return {name for name in found if name.startswith("_") and not name.startswith("__")}


def test_no_package_uses_another_packages_private_names() -> None:
    # What one package needs of another is public (the store's `connection` for the club's
    # tables), so a private name can change with only its own package to read. `_` is gettext's.
    package_of = {path: path.relative_to(ROOT / "tdconsole").parts[0].removesuffix(".py")
                  for path in (ROOT / "tdconsole").rglob("*.py")}
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in package_of}
    owners: dict[str, set[str]] = {}
    for path, tree in trees.items():
        for name in _private_names(tree):
            owners.setdefault(name, set()).add(package_of[path])
    strays = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            used = []
            if isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name)
                                                        and node.value.id in ("self", "cls")):
                used.append(node.attr)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tdconsole"):
                used += [alias.name for alias in node.names]
            strays += [f"{path.relative_to(ROOT)}:{node.lineno} {name}" for name in used
                       if name != "_" and package_of[path] not in owners.get(name, {package_of[path]})]
    assert not strays, strays


def test_the_tui_posts_actions_and_builds_no_domain_command() -> None:
    # The TUI's one way in (issue 36): forms, keys and the palette post an action with its request,
    # as the CLI and the web run it; `grep -r "domain.commands\|domain import commands" tdconsole/tui`.
    grep = subprocess.run(["grep", "-rn", r"domain.commands\|domain import commands", "tdconsole/tui"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert grep.returncode == 1 and not grep.stdout, grep.stdout

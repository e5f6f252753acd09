"""docs/ARCHITECTURE.md's "How to add a command", run: every block of code it gives is pasted where
its first line says into a copy of the project, and the checks run there (as eventsourcing's
tests/test_docs.py runs its documentation). A recipe that misses a place fails here, naming the
check that found it; one that names a place the code no longer has fails on its anchor."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).parents[1]
SECTION = "## How to add a command"
# What the copy needs to run its checks (not the virtualenv or the caches).
COPIED = ("tdconsole", "tests", "benchmarks", "docs", "configs", "migrations", "scripts", "pyproject.toml",
          "babel.cfg")
BLOCK = re.compile(r"^(?P<indent> *)```(?P<lang>\w+)\n(?P<body>.*?)^(?P=indent)```$", re.M | re.S)
WHERE = re.compile(r"^(?:#|<!--) (?P<path>\S+), (?:(?P<end>at the end)|(?P<new>a new file)|"
                   r"(?P<how>after|before): (?P<anchor>.+?))(?: -->)?$")


@dataclass(frozen=True)
class Paste:
    path: str
    text: str
    how: str  # "end", "new", "after" or "before"
    anchor: str = ""


def recipe() -> list[Paste]:
    """The blocks of the section, in order, each with where it goes."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    pastes = []
    for block in BLOCK.finditer(section):
        body = textwrap.dedent("\n".join(line.removeprefix(block["indent"])
                                         for line in block["body"].splitlines()))
        first, _, rest = body.partition("\n")
        where = WHERE.match(first)
        assert where, f"a block of {SECTION!r} does not say where it goes: {first!r}"
        how = "end" if where["end"] else "new" if where["new"] else where["how"]
        pastes.append(Paste(where["path"], rest, how, (where["anchor"] or "").strip()))
    return pastes


def paste(root: Path, step: Paste) -> None:
    target = root / step.path
    if step.how == "new":
        assert not target.exists(), f"{step.path} is said to be new but exists"
        target.write_text(f"from __future__ import annotations\n\n{step.text}\n", encoding="utf-8")
        return
    lines = target.read_text(encoding="utf-8").splitlines(keepends=True)
    if step.how == "end":
        at = len(lines)
        text = "\n\n" + step.text
    else:
        found = [i for i, line in enumerate(lines) if line.strip().startswith(step.anchor)]
        assert found, f"{step.path} has no line {step.anchor!r} (the recipe's anchor)"
        at = found[0] + (step.how == "after")
        text = step.text
    lines[at:at] = [text if text.endswith("\n") else text + "\n"]
    target.write_text("".join(lines), encoding="utf-8")


def test_the_recipe_says_where_each_block_goes() -> None:
    steps = recipe()
    places = {step.path for step in steps}
    assert len(places) == 10, sorted(places)  # the number the section's first line says
    assert "Ten places" in (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_a_command_added_by_the_recipe_passes_every_check(tmp_path: Path) -> None:
    copy = tmp_path / "project"
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("TDCONSOLE_DB", None)

    def run(*argv: str, ok: tuple[int, ...] = (0,)) -> str:
        done = subprocess.run(argv, cwd=copy, env=env, capture_output=True, text=True, check=False)
        assert done.returncode in ok, f"{argv[:4]}:\n{done.stdout[-6000:]}\n{done.stderr[-6000:]}"
        return done.stdout

    def failing(*tests: str) -> set[str]:
        """The tests among `tests` that fail in the copy (each must be found: exit code 4 is not)."""
        # Its own temporary folder, inside this test's: the copy's session neither prunes nor
        # shares the numbered folders of the sessions around it.
        out = run(sys.executable, "-m", "pytest", "-q", "-rfE", "-p", "no:randomly", "-p", "no:cacheprovider",
                  "-n", "0", "--basetemp", str(tmp_path / "basetemp"), *tests, ok=(0, 1))
        return set(re.findall(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", out, flags=re.MULTILINE))

    checks = ("tdconsole/domain/clock/handlers.py", "tests/domain/test_examples.py",
              "tests/test_a_new_command.py", "tests/test_log_sentences.py", "tests/test_i18n.py",
              "tests/test_floor_role.py")
    # What fails before the recipe is another change's on its way into the project, not the recipe's.
    before = failing(*checks)
    for step in recipe():
        paste(copy, step)
    bin_dir = Path(sys.executable).parent
    assert run(sys.executable, "-c", "import tdconsole; print(tdconsole.__file__)").startswith(str(copy))
    run(sys.executable, "scripts/catalogue.py")  # make i18n: the strings extracted, Danish compiled
    run(sys.executable, "scripts/keys.py")  # make docs: docs/KEYS.md's rows of the palette
    run(str(bin_dir / "ruff"), "check", "tdconsole", "tests")
    run(str(bin_dir / "lint-imports"))
    run(str(bin_dir / "mypy"), "--cache-dir", str(tmp_path / "mypy-cache"))
    every = "tests/cli/test_every_command.py::"
    after = failing(*checks,
                    *(f"{every}test_command_runs[clock add-time 5 @running {lang} {output}]"
                      for lang in ("en", "da") for output in ("text", "json")))
    assert not after - before, f"with the recipe's command these fail: {sorted(after - before)}"

"""The domain, the actions and the club (what every interface calls) name the request field a
refusal is about (`TdError.field`), never a CLI flag: the TUI shows the line beside its form, the
web in its answer, and neither has a `--stack`. Each interface words the field its own way
(tests/cli/test_refusal_flags.py, tests/tui/test_bust_hand_labels.py, tests/web/test_api.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tdconsole

PACKAGE = Path(tdconsole.__file__).parent
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def _docstrings(tree: ast.AST) -> set[int]:
    """The docstrings' nodes: they are for the reader of the code, and may cite the CLI's JSON
    contract (`balance --json`); nothing a user reads comes from them."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def flags_in(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string of `source` (docstrings aside) that spells a CLI flag.

    >>> flags_in('raise InvalidInput("--stack {name}: twice")\\nx = f"a {y} --by"\\ny = "a - b -- c"')
    [(1, '--stack {name}: twice'), (2, ' --by')]
    """
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    return sorted((node.lineno, node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docstrings and FLAG.search(node.value))


@pytest.mark.parametrize("package", ["domain", "actions", "club"])
def test_no_string_in_the_domain_or_an_action_spells_a_cli_flag(package: str) -> None:
    found = [f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
             for path in sorted((PACKAGE / package).rglob("*.py"))
             for line, text in flags_in(path.read_text(encoding="utf-8"))]
    assert not found, "name the field instead (TdError(..., field=...)):\n" + "\n".join(found)


def test_the_finder_sees_a_flag_in_an_f_string_and_not_in_a_docstring() -> None:
    assert flags_in('def f():\n    """`rules post --json`"""\n    return 1') == []
    assert flags_in('msg = f"{who}: give --table"') == [(1, ": give --table")]

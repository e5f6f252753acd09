"""In a module that translates, `_` is gettext's and nothing else.

A module that imports `_` from tdconsole.i18n and then binds `_` itself (`x, _ = ...`,
`for _ in ...`, `except E as _`) makes every later `_("...")` in that scope call a tuple or a
number: the plain-text output dies with "internal error" while `--json`, which translates nothing,
still works. Python raises only when the line runs, so this reads the sources instead.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("tdconsole", "tests", "benchmarks", "scripts")


def imports_gettext_name(tree: ast.Module) -> bool:
    """Whether the module imports `_` (from tdconsole.i18n) anywhere, at the top or in a function."""
    return any(isinstance(node, ast.ImportFrom) and any((alias.asname or alias.name) == "_"
                                                        for alias in node.names)
               for node in ast.walk(tree))


def bindings_of_underscore(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every place that binds the name `_` other than its import: (line, what binds it)."""
    for node in ast.walk(tree):
        match node:
            case ast.Name(id="_", ctx=ast.Store() | ast.Del()):
                yield node.lineno, "assigned, unpacked into or a loop target"
            case ast.arg(arg="_"):
                yield node.lineno, "a parameter"
            case ast.FunctionDef(name="_") | ast.AsyncFunctionDef(name="_") | ast.ClassDef(name="_"):
                yield node.lineno, "a definition"
            case ast.ExceptHandler(name="_"):
                yield node.lineno, "an exception name"
            case ast.MatchAs(name="_") | ast.MatchStar(name="_"):
                yield node.lineno, "a match capture"
            case ast.Import(names=names):
                if any(alias.asname == "_" for alias in names):
                    yield node.lineno, "an import of something else"
            case ast.ImportFrom(module=module, names=names):
                if module != "tdconsole.i18n" and any((alias.asname or alias.name) == "_"
                                                      for alias in names):
                    yield node.lineno, "an import of something else"


def translating_modules() -> list[tuple[Path, ast.Module]]:
    """The modules that import `_`, parsed. Only those naming tdconsole.i18n are parsed at all:
    gettext's `_` comes from there alone."""
    texts = {path: path.read_text(encoding="utf-8")
             for folder in SOURCES for path in sorted((ROOT / folder).rglob("*.py"))}
    trees = [(path, ast.parse(text)) for path, text in texts.items() if "tdconsole.i18n" in text]
    return [(path, tree) for path, tree in trees if imports_gettext_name(tree)]


def test_the_check_finds_a_throwaway_underscore() -> None:
    source = ("from tdconsole.i18n import _\n"
              "def f(pairs):\n"
              "    for _ in pairs: pass\n"
              "    first, _ = pairs\n"
              "    return [_ for _, b in pairs]\n")
    tree = ast.parse(source)
    assert imports_gettext_name(tree)
    assert [line for line, _what in bindings_of_underscore(tree)] == [3, 4, 5]
    assert list(bindings_of_underscore(ast.parse("from tdconsole.i18n import _\nprint(_('x'))\n"))) == []


def test_underscore_is_only_gettext_in_a_module_that_translates() -> None:
    modules = translating_modules()
    assert ROOT / "tdconsole" / "cli" / "seating.py" in dict(modules)  # it reads what translates
    found = [f"{path.relative_to(ROOT)}:{line}: `_` {what}" for path, tree in modules
             for line, what in bindings_of_underscore(tree)]
    assert found == [], ("a module that translates with `_` binds it to something else (name the "
                         "throwaway value instead):\n" + "\n".join(found))

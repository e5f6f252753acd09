"""What `tdconsole --help` lists, read from the command modules' source instead of importing them.

The list needs each top-level command's name and help, nothing else; importing every module to
build every command's options (and, through them, the store, SQLAlchemy and every action) made
`--help` the slowest call of all. The modules declare their commands in a few regular ways, read
here with `ast` as the catalogue extracts their help (scripts/catalogue.py): a function decorated
`@app.command(...)` (its name given, or the function's with `-` for `_`; its `help=`, else its
docstring), and a group `app.add_typer(x_app, name=...)` whose `x_app = typer.Typer(help=...)`.
tests/cli/test_fast_cli.py checks that every command listed says what the built command says.
"""

from __future__ import annotations

import ast
import inspect
from functools import cache
from pathlib import Path

CLI = Path(__file__).parent


def _keyword(call: ast.Call, name: str) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == name and isinstance(keyword.value, ast.Constant) \
                and isinstance(keyword.value.value, str):
            return keyword.value.value
    return None


def _app_call(node: ast.expr, method: str) -> ast.Call | None:
    """`node` when it is a call of `app.<method>(...)` (the module's top-level app)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == method and isinstance(node.func.value, ast.Name) \
            and node.func.value.id == "app":
        return node
    return None


@cache
def module_helps(module: str) -> dict[str, str]:
    """Top-level command name -> its help (as Typer gives it to click), for one `cli` module."""
    tree = ast.parse((CLI / f"{module}.py").read_text(encoding="utf-8"))
    typers: dict[str, str] = {}  # variable -> help of `typer.Typer(help=...)`
    helps: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "Typer":
            for target in node.targets:
                if isinstance(target, ast.Name):
                    typers[target.id] = _keyword(node.value, "help") or ""
        elif isinstance(node, ast.Expr) and (call := _app_call(node.value, "add_typer")) is not None:
            name = _keyword(call, "name")
            if name and call.args and isinstance(call.args[0], ast.Name):
                helps[name] = typers.get(call.args[0].id, "")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                if (call := _app_call(decorator, "command")) is None:
                    continue
                given = call.args[0].value if call.args and isinstance(call.args[0], ast.Constant) \
                    else _keyword(call, "name")
                name = given if isinstance(given, str) else node.name.replace("_", "-")
                doc = ast.get_docstring(node, clean=False)
                helps[name] = _keyword(call, "help") or (inspect.cleandoc(doc) if doc else "")
    return helps


def command_help(module: str, name: str) -> str:
    """The help of top-level command `name`, defined in `tdconsole/cli/<module>.py`."""
    return module_helps(module).get(name, "")

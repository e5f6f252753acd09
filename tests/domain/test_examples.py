"""The domain shows itself by example (STYLE.md, pokerkit): its docstring examples run as doctests
with the rest of the suite (pyproject's `--doctest-modules` over tdconsole/domain); these tests keep
them from thinning out: every decider shows its rule at work, and there are at least 300 in all."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from types import ModuleType

import tdconsole.domain

FINDER = doctest.DocTestFinder()


def domain_modules() -> Iterator[ModuleType]:
    for info in pkgutil.walk_packages(tdconsole.domain.__path__, "tdconsole.domain."):
        yield importlib.import_module(info.name)


def examples(module: ModuleType) -> dict[str, int]:
    """Docstring name -> how many examples (`>>>` statements) it runs."""
    return {test.name: len(test.examples) for test in FINDER.find(module) if test.examples}


def test_every_decider_shows_its_rule_by_example() -> None:
    # A decider is the one function that turns a command into events: its example shows the rule
    # refusing or deciding (decide_bust refusing a player who is not in names the player).
    missing = []
    for module in domain_modules():
        shown = examples(module)
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if (name.startswith("decide_") and function.__module__ == module.__name__
                    and f"{module.__name__}.{name}" not in shown):
                missing.append(f"{module.__name__}.{name}")
    assert not missing, f"deciders without a docstring example: {missing}"


def test_the_domain_runs_at_least_300_examples() -> None:
    total = sum(sum(examples(module).values()) for module in domain_modules())
    assert total >= 300, f"{total} docstring examples in tdconsole/domain; keep at least 300"

"""The domain shows itself by example (STYLE.md, pokerkit): its docstring examples run as doctests
with the rest of the suite (pyproject's `--doctest-modules` over tdconsole/domain); these tests keep
them from thinning out: every public function of the domain shows its rule at work, and there are at
least 300 examples in all."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from types import ModuleType

import tdconsole.domain

FINDER = doctest.DocTestFinder()

# Public functions that are no rule, so they have no example of their own; each says why.
NOT_RULES = {
    # The dispatch's own wiring: tests/domain/test_dispatch.py checks it (mypy included).
    "tdconsole.domain.tournament.decides", "tdconsole.domain.tournament.applies",
    "tdconsole.domain.tournament.by_command", "tdconsole.domain.tournament.by_event",
    # pydantic's default factories and the context that reads stored values back as recorded.
    "tdconsole.domain.model.empty_dict", "tdconsole.domain.model.empty_list",
    "tdconsole.domain.model.empty_set", "tdconsole.domain.model.recorded",
    # Marks an English template for the message catalogue; returns it unchanged.
    "tdconsole.domain.floor.penalties.N_",
    # The keys a footprint is made of: `footprint`'s example shows them.
    "tdconsole.domain.footprints.player", "tdconsole.domain.footprints.entry",
    "tdconsole.domain.footprints.table",
}


def domain_modules() -> Iterator[ModuleType]:
    for info in pkgutil.walk_packages(tdconsole.domain.__path__, "tdconsole.domain."):
        yield importlib.import_module(info.name)


def examples(module: ModuleType) -> dict[str, int]:
    """Docstring name -> how many examples (`>>>` statements) it runs."""
    return {test.name: len(test.examples) for test in FINDER.find(module) if test.examples}


def without_example(module: ModuleType) -> list[str]:
    """The module's public functions with no example of their own. An applier (`apply_*`) is left
    out: it is one step of the fold, and its decider's example shows what it changes."""
    shown = examples(module)
    return [f"{module.__name__}.{name}" for name, function in inspect.getmembers(module, inspect.isfunction)
            if function.__module__ == module.__name__ and not name.startswith(("_", "apply_"))
            and f"{module.__name__}.{name}" not in shown.keys() | NOT_RULES]


def test_every_public_rule_function_shows_its_rule_by_example() -> None:
    # A decider's example shows the rule deciding and refusing (decide_bust refusing a player who
    # is not in, the refusal naming him); a rule's shows it at its edges.
    missing = [name for module in domain_modules() for name in without_example(module)]
    assert not missing, f"public domain functions without a docstring example: {missing}"


def test_the_domain_runs_at_least_300_examples() -> None:
    total = sum(sum(examples(module).values()) for module in domain_modules())
    assert total >= 300, f"{total} docstring examples in tdconsole/domain; keep at least 300"

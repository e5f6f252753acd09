"""The walk of a new command (docs/ARCHITECTURE.md, "How to add a command"): each test names what is
missing, so a command added in the domain cannot be left unreachable from an interface."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

from tdconsole.actions.base import Action, registry
from tdconsole.cli.root import command
from tdconsole.domain import commands, events, footprints
from tdconsole.domain.tournament import APPLIERS, appliers_for, decider_for, deciders
from tdconsole.views.log import _WRITERS


def _concrete_commands() -> set[type[commands.Command]]:
    found: set[type[commands.Command]] = set()
    todo = list(commands.Command.__subclasses__())
    while todo:
        kind = todo.pop()
        todo += kind.__subclasses__()
        found.add(kind)
    return found - {commands.Drawing}


def test_every_command_has_its_decider() -> None:
    missing = sorted(kind.__name__ for kind in _concrete_commands() if kind not in deciders())
    assert not missing, f"add a decider to `deciders` in domain/tournament.py for {missing}"


def test_every_function_the_tables_name_exists() -> None:
    # The tables' functions are imported when first wanted (mypy checks the names): each must be
    # found in the module the table imports it from.
    for kind in _concrete_commands():
        assert callable(decider_for(kind)), kind.__name__
    for event in get_args(get_args(events.Event)[0]):
        assert all(callable(applier) for applier in appliers_for(event)), event.__name__


def test_every_event_has_its_applier_its_footprint_and_its_sentence() -> None:
    union = get_args(get_args(events.Event)[0])
    no_applier = sorted(kind.__name__ for kind in union if kind not in APPLIERS)
    assert not no_applier, f"add to APPLIERS in domain/tournament.py: {no_applier}"
    assert set(APPLIERS) <= set(union), "APPLIERS names an event missing from the Event union"
    no_footprint = sorted(kind.__name__ for kind in union
                          if kind not in footprints.RULES_BY_EVENT and not kind.parts)
    assert not no_footprint, (f"say what of the state it reads and changes, for undo (`parts` on its "
                              f"class, or in RULES_BY_EVENT in domain/footprints.py): {no_footprint}")
    both = sorted(kind.__name__ for kind in union if kind in footprints.RULES_BY_EVENT and kind.parts)
    assert not both, f"a footprint said twice (`parts` and RULES_BY_EVENT): {both}"
    no_sentence = sorted(kind.__name__ for kind in union if kind not in _WRITERS)
    assert not no_sentence, f"write a sentence with @_writes in views/log.py for {no_sentence}"


def test_every_command_is_run_by_an_action() -> None:
    run = {kind for found in registry().values() for kind in found.commands}
    # Undo is executed by the `undo` action; a command no action runs is unreachable by users.
    missing = sorted(kind.__name__ for kind in _concrete_commands() if kind not in run)
    assert not missing, f"add an action in tdconsole/actions/ (commands=...) that runs {missing}"


def test_every_action_has_its_cli_verb_and_says_whether_the_web_runs_it() -> None:
    root = command()
    for verb, found in sorted(registry().items()):
        assert isinstance(found, Action) and isinstance(found.web, bool), verb
        group = root
        for word in verb.split():
            sub = group.get_command(None, word)  # type: ignore[attr-defined]
            assert sub is not None, f"the action {verb!r} has no CLI command: add it in tdconsole/cli/"
            group = sub


ROOT = Path(__file__).parents[1]
KEYS = "## Every action the TD's console runs"


def _run_by_the_tui() -> dict[str, set[str]]:
    """Each action verb the TUI's source names (`players.bust`, `clock_actions.set_time_left`, an
    action imported by name), with the files naming it: a key, a form or a palette entry runs it."""
    verbs = {(found.run.__module__, found.run.__name__): verb for verb, found in registry().items()}
    named: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tdconsole" / "tui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules: dict[str, str] = {}
        functions: dict[str, tuple[str, str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "tdconsole.actions":
                modules.update({alias.asname or alias.name: f"tdconsole.actions.{alias.name}"
                                for alias in node.names})
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tdconsole.actions."):
                functions.update({alias.asname or alias.name: (node.module or "", alias.name)
                                  for alias in node.names})
        for node in ast.walk(tree):
            key = None
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in modules:
                key = (modules[node.value.id], node.attr)
            elif isinstance(node, ast.Name) and node.id in functions:
                key = functions[node.id]
            if key in verbs:
                named.setdefault(verbs[key], set()).add(str(path.relative_to(ROOT)))
    return named


def test_every_action_has_its_tui_entry_or_says_tui_false() -> None:
    named = _run_by_the_tui()
    for verb, found in sorted(registry().items()):
        if found.tui:
            assert verb in named, (
                f"the action {verb!r} has no key or palette entry in tdconsole/tui/: add one (a key on "
                f"its screen, or a line in tui/app.py's palette tables), or say tui=False in its @action")
        else:
            assert verb not in named, (
                f"the action {verb!r} says tui=False but {sorted(named[verb])} run it: drop tui=False "
                f"and give it its row in docs/KEYS.md")


def _keys_rows() -> list[str]:
    """The actions in docs/KEYS.md's table of every action the TD's console runs."""
    text = (ROOT / "docs" / "KEYS.md").read_text(encoding="utf-8")
    assert KEYS in text, f"docs/KEYS.md lost its section {KEYS!r}"
    section = text.split(KEYS, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, flags=re.MULTILINE)


def test_every_action_the_tui_runs_has_its_row_in_keys_md() -> None:
    rows = _keys_rows()
    tui = {verb for verb, found in registry().items() if found.tui}
    missing = sorted(tui - set(rows))
    assert not missing, f"add a row to docs/KEYS.md ({KEYS!r}: the screen and the keys) for {missing}"
    stale = sorted(set(rows) - tui)
    assert not stale, f"docs/KEYS.md ({KEYS!r}) lists actions the TD's console does not run: {stale}"
    assert len(rows) == len(set(rows)), "docs/KEYS.md lists an action twice"


def test_keys_md_has_the_palettes_asked_entries_as_its_table_writes_them() -> None:
    # scripts/keys.py writes them (`make docs`): a new palette entry needs no row by hand.
    done = subprocess.run([sys.executable, "scripts/keys.py", "--check"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_registry_finds_every_actions_module_by_itself() -> None:
    # A fresh process, so no other test imported the modules first: a module left off a list
    # would be missing here, and its actions from the web and from these checks.
    probe = ("from tdconsole.actions.base import registry\n"
             "print(' '.join(sorted({found.run.__module__ for found in registry().values()})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    with_actions = {f"tdconsole.actions.{path.stem}" for path in (ROOT / "tdconsole" / "actions").glob("*.py")
                    if "@action(" in path.read_text(encoding="utf-8")}
    assert set(done.stdout.split()) == with_actions

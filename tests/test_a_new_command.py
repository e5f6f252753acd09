"""The walk of a new command (docs/ARCHITECTURE.md, "How to add a command"): each test names what is
missing, so a command added in the domain cannot be left unreachable from an interface."""

from __future__ import annotations

from typing import get_args

from tdconsole.actions.base import Action, registry
from tdconsole.cli.root import command
from tdconsole.domain import commands, events, footprints
from tdconsole.domain.tournament import APPLIERS, DECIDERS, appliers_for, decider_for
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
    missing = sorted(kind.__name__ for kind in _concrete_commands() if kind not in DECIDERS)
    assert not missing, f"add a decider to DECIDERS in domain/tournament.py for {missing}"


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
    no_footprint = sorted(kind.__name__ for kind in union if kind not in footprints.RULES_BY_EVENT)
    assert not no_footprint, f"add to RULES_BY_EVENT in domain/footprints.py (undo): {no_footprint}"
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

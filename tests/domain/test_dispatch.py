"""The dispatch tables in `tournament.py`: each command wired to its own rule (mypy refuses another),
the modules named for mypy the ones imported at run time, and appliers that share an event run in
the order the state needs. (That every command and event is in them: tests/test_a_new_command.py.)"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from mypy import api

from tdconsole.domain import events, tournament
from tdconsole.domain.tournament import appliers_for, decider_for


def test_a_bust_frees_the_seat_before_the_player_is_marked_busted() -> None:
    # The seating applier reads the player's seat from his record, which the bust applier clears.
    from tdconsole.domain.players import busts
    from tdconsole.domain.seating import handlers as seating

    assert appliers_for(events.PlayerBusted) == (seating.apply_busted, busts.apply_busted)


def test_the_seats_applier_runs_first_whatever_order_it_is_given_in() -> None:
    # `applies` states the order, not the line: seats, then the record, then what follows from it.
    def seats(*_: object) -> None: ...
    def record(*_: object) -> None: ...
    def then(*_: object) -> None: ...

    assert tournament.applies(events.PlayerBusted, record, then=then, seats=seats) == (
        events.PlayerBusted, (seats, record, then))


def test_a_decider_is_the_function_itself_once_wanted() -> None:
    from tdconsole.domain.commands import Bust
    from tdconsole.domain.players import busts

    assert decider_for(Bust) is busts.decide_bust


def test_the_modules_mypy_checks_are_the_ones_imported_when_wanted() -> None:
    # The tables are checked against the `if TYPE_CHECKING` imports and run through `_Module`s:
    # a name bound to another module there would pass mypy and run another concern's function.
    tree = ast.parse(inspect.getsource(tournament))
    branch = next(node for node in tree.body if isinstance(node, ast.If) and node.orelse
                  and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
    checked = {alias.asname or alias.name: f"{node.module}.{alias.name}".removeprefix("tdconsole.domain.")
               for node in branch.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    run: dict[str, str] = {}
    for node in branch.orelse:
        assert isinstance(node, ast.Assign), ast.unparse(node)
        target = node.targets[0]
        names = target.elts if isinstance(target, ast.Tuple) else [target]
        values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
        for name, value in zip(names, values, strict=True):
            assert isinstance(name, ast.Name) and isinstance(value, ast.Call)
            run[name.id] = ast.literal_eval(value.args[0])
    assert run == checked


def test_mypy_refuses_a_command_wired_to_another_commands_rule(tmp_path: Path) -> None:
    # The real table, once as it is and once with Bust pointed at the re-entry's rule (and the
    # bust's seat applier at the unregistration's): only the second fails, on those two lines.
    source = inspect.getsource(tournament)
    wrong = source.replace("decides(c.Bust, busts.decide_bust)", "decides(c.Bust, busts.decide_reenter)")
    wrong = wrong.replace("seats=seating.apply_busted)", "seats=seating.apply_unregistered)")
    assert wrong.count("decide_reenter") == source.count("decide_reenter") + 1
    assert wrong.count("apply_unregistered") == source.count("apply_unregistered") + 1
    (tmp_path / "wired.py").write_text(source)
    (tmp_path / "miswired.py").write_text(wrong)
    root = Path(__file__).parents[2]
    out, err, status = api.run(["--config-file", str(root / "pyproject.toml"), "--no-error-summary",
                                str(tmp_path / "wired.py"), str(tmp_path / "miswired.py")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1, err
    assert len(errors) == 2 and all("/miswired.py:" in line for line in errors), out
    assert 'Argument 2 to "decides"' in errors[0] and "Reenter" in errors[0]
    assert 'Argument "seats" to "applies"' in errors[1] and "PlayerUnregistered" in errors[1]

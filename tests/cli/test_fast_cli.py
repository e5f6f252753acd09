"""A scripted command loads only what it uses: the command tree is lazy and nothing heavy leaks in.

A TD's scripts and the floor's terminals start a new process for every `tdconsole register` or
`state --json` (benchmarks/bench_cli.py measures it); these tests keep the start-up lean.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from tdconsole.cli import app
from tdconsole.cli.root import COMMANDS, module_command, module_commands

# Hand evaluation, the screens, the web display, migrations, Rich's console, Babel's amounts (JSON
# keeps plain numbers) and SQLAlchemy's ORM (the store runs Core statements): none is needed to
# register a player or print the state as JSON. Nor the printer of PDFs and images (WeasyPrint,
# PDFium, Pillow): only `--format pdf|png` loads it, not the commands that can print (`results`).
PRINTER = ("weasyprint", "pypdfium2", "PIL")
HEAVY = ("pokerkit", "textual", "textual_serve", "alembic", "rich", "babel", "sqlalchemy.orm", *PRINTER)
# A read folds the log (here its registrations) and decides nothing: the 54 commands' models are
# built only by a command that changes the tournament (domain/tournament.py `deciders`).
COMMAND_MODELS = "tdconsole.domain.commands"
# What one other view or a warning alone uses loads with it: the log's sentences, the deal's rules
# and ICM, the words of the clock-skew and mirror warnings.
ONE_VIEWS = ("tdconsole.views.log", "tdconsole.domain.money.deals", "tdconsole.domain.money.icm",
             "tdconsole.views.mirror", "tdconsole.views.time_base")

PROBE = """
import json, sys
from tdconsole.cli import main
try:
    main(sys.argv[1:])
except SystemExit as done:
    assert not done.code, done.code
heavy = sorted(name for name in json.loads(sys.stdin.read())
               if any(loaded == name or loaded.startswith(name + ".") for loaded in sys.modules))
print(json.dumps(heavy), file=sys.stderr)
"""


@pytest.fixture
def tournament(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "TDCONSOLE_DB": str(tmp_path / "club.sqlite")}
    for args in (["new", "Friday"], ["register", "Anna", "Bo"]):
        subprocess.run([sys.executable, "-m", "tdconsole", *args], env=env, check=True,
                       capture_output=True)
    return env


@pytest.mark.parametrize(("args", "heavy"), [(["state", "--json"], (*HEAVY, COMMAND_MODELS, *ONE_VIEWS)),
                                             (["register", "Cy", "--json"], HEAVY),
                                             (["results", "--json"], PRINTER)],
                         ids=["state", "register", "results"])
def test_a_scripted_command_imports_nothing_heavy(tournament: dict[str, str], args: list[str],
                                                  heavy: tuple[str, ...]) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], env=tournament, input=json.dumps(heavy),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)  # the command did run and print its JSON
    assert json.loads(done.stderr.splitlines()[-1]) == []


def test_every_module_command_is_in_the_lazy_table() -> None:
    # A command added to a module but not to COMMANDS would be unreachable; one in COMMANDS that
    # its module lacks would fail only when run.
    for module in set(COMMANDS.values()):
        assert sorted(module_commands(module)) == sorted(
            name for name, owner in COMMANDS.items() if owner == module), module


def test_the_root_group_lists_and_resolves_every_command() -> None:
    group = typer.main.get_command(app)
    context = typer.Context(group)
    assert group.list_commands(context) == list(COMMANDS)  # type: ignore[attr-defined]
    for name in COMMANDS:
        assert group.get_command(context, name) is not None  # type: ignore[attr-defined]
    assert group.get_command(context, "no-such-command") is None  # type: ignore[attr-defined]


def test_a_command_built_alone_is_the_one_its_module_builds() -> None:
    # The root group builds only the invoked command (module_command); it must be the very
    # command, with the same options, that building the whole module gives.
    for name, module in COMMANDS.items():
        alone, in_module = module_command(module, name), module_commands(module)[name]
        assert type(alone) is type(in_module), name
        assert alone.name == in_module.name == name
        assert [param.name for param in alone.params] == [param.name for param in in_module.params]
        assert sorted(getattr(alone, "commands", {})) == sorted(getattr(in_module, "commands", {}))


def test_help_lists_each_command_with_the_help_its_built_command_has() -> None:
    """`tdconsole --help` reads the commands' help from their modules' source (cli/listing.py):
    it must say exactly what each command, built, says."""
    from tdconsole.cli.listing import command_help

    for name, module in COMMANDS.items():
        built = module_command(module, name)
        assert command_help(module, name) == (built.help or ""), name


HELP_PROBE = """
import sys
from tdconsole.cli import main
try:
    main(["--help"])
except SystemExit as done:
    assert not done.code, done.code
loaded = sorted(name for name in sys.modules
                if name == "sqlalchemy" or name.startswith(("tdconsole.cli.", "tdconsole.service"))
                and name not in ("tdconsole.cli.root", "tdconsole.cli.helptext", "tdconsole.cli.refusals",
                                 "tdconsole.cli.listing", "tdconsole.cli.environment"))
print(" ".join(loaded), file=sys.stderr)
"""


def test_help_imports_no_command_module_nor_the_store(tmp_path: Path) -> None:
    env = {**os.environ, "TDCONSOLE_DB": str(tmp_path / "none.sqlite")}
    done = subprocess.run([sys.executable, "-c", HELP_PROBE], env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "bust" in done.stdout and "h4h" in done.stdout  # every command still listed
    assert done.stderr.strip() == ""


BUILT_PROBE = """
import io
import json
import pydantic
from tdconsole.cli.root import module_command
for name in ("state", "register"):
    module_command("tournament", name)
import tdconsole.actions.players  # what `register` imports when it runs
def kinds(base):
    for kind in base.__subclasses__():
        yield kind
        yield from kinds(kind)
print(json.dumps(sorted({f"{kind.__module__}.{kind.__qualname__}" for kind in kinds(pydantic.BaseModel)
                         if kind.__module__.startswith("tdconsole") and kind.__pydantic_complete__})))
"""


def test_importing_a_scripted_command_builds_no_validator() -> None:
    # Every model builds its validator when first used (model.Frozen's defer_build): one built at
    # import, by a module-level instance or a model that does not defer, is paid by every command.
    done = subprocess.run([sys.executable, "-c", BUILT_PROBE], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_json_is_one_compact_line_with_json_dumps_keys_and_values(tournament: dict[str, str]) -> None:
    # Written by pydantic's serializer: a festival's `state --json` is 3.6 MB, json.dumps took a
    # tenth of the command to write it. The spacing is no part of the contract; keys and values are.
    done = subprocess.run([sys.executable, "-m", "tdconsole", "state", "--json"], env=tournament,
                          capture_output=True, text=True, check=True)
    data = json.loads(done.stdout)
    assert done.stdout == json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
    assert [row["name"] for row in data["players"]] == ["Anna", "Bo"]


def test_the_rows_of_a_view_made_together_share_one_set_of_fields() -> None:
    from tdconsole.views.seating import Spot

    rows = Spot.made([{"table": 1, "seat": seat} for seat in (1, 2, 3)])
    assert len({id(row.__pydantic_fields_set__) for row in rows}) == 1  # not one set a row
    assert rows[0].model_fields_set == {"table", "seat"}
    copied = rows[0].model_copy(update={"seat": 9})
    assert (copied.seat, rows[0].seat, rows[1].model_fields_set) == (9, 1, {"table", "seat"})


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "latin-1"])
def test_json_goes_out_in_order_and_in_the_streams_encoding(monkeypatch: pytest.MonkeyPatch,
                                                            encoding: str) -> None:
    """A UTF-8 stream takes the document's bytes as they are (no decoding of megabytes and
    encoding them again), after what was written to it before; any other stream gets it as text."""
    from tdconsole.cli.kit import write_line

    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, errors="replace")
    monkeypatch.setattr(sys, "stdout", out)
    out.write("before\n")
    write_line('{"name":"Åse"}'.encode())
    out.write("after\n")
    out.flush()
    assert raw.getvalue().decode(encoding) == 'before\n{"name":"Åse"}\nafter\n'

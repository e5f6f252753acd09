"""The `tdconsole` command line, one module per concern; `--json` on every command.

root.py holds the app with its global options and `main`; tournament.py, clock.py, seating.py,
money.py, rules.py, rulings.py, structure.py, display.py and floor.py hold the commands; kit.py what
they share. This package's `main` is the console-script entry point; it imports the rest itself, so
that importing the package alone costs nothing (`app` is loaded on first use).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from tdconsole import collector

if TYPE_CHECKING:
    from tdconsole.cli.root import app

__all__ = ["app", "main"]


def main(argv: list[str] | None = None) -> None:
    """Entry point (`tdconsole`, `python -m tdconsole`): runs the command line."""
    if "tdconsole.cli.root" not in sys.modules:
        _start_up()
        if argv is None:  # the process's own arguments: it was started to run this command
            collector.running_one_command()
    from tdconsole.cli.root import main as run

    run(argv)


def _start_up() -> None:
    """Import the command line with the cyclic garbage collector out of the way.

    A scripted command is a short process that spends most of its life importing (the fast-CLI
    contract, benchmarks/bench_cli.py): the collector would walk the ever-growing heap of modules,
    classes and schemas again and again while they load, and then on every later collection and at
    exit, though none of them ever becomes garbage. So it is off while they load, and what they
    made is frozen (moved out of the collector's sight for good); objects made afterwards, by the
    command itself or by a long-running TUI or server, are collected as usual. Once per process:
    a caller that already imported the command line (the tests, the web) is left as it is.

    Pydantic plugins are off too, unless PYDANTIC_DISABLE_PLUGINS says otherwise: to find them,
    the first validator built reads the entry points of every installed package, and tdconsole
    uses none."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    with collector.paused(freeze=True):
        import tdconsole.cli.root  # noqa: F401


def __getattr__(name: str) -> Any:
    if name == "app":  # the root Typer app (tests and the web's in-process actions use it)
        from tdconsole.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

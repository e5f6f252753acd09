"""The `tdconsole` command line, one module per concern; `--json` on every command.

root.py holds the app with its global options and `main` (the console-script entry point);
tournament.py, clock.py, seating.py, money.py, rules.py, rulings.py, structure.py, display.py and
floor.py hold the commands; kit.py what they share.
"""

from __future__ import annotations

from tdconsole.cli.root import app, main

__all__ = ["app", "main"]

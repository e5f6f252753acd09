"""The `tdconsole` command line. Every command goes through the service; `--json` on each."""

from __future__ import annotations

import os
import sys

import typer
from pydantic import ValidationError

from tdconsole.config import describe_validation_error
from tdconsole.domain.errors import TdError
from tdconsole.rules_cli import rules_app
from tdconsole.rulings_cli import rulings_app
from tdconsole.structure_cli import structure_app

app = typer.Typer(
    help="tdconsole: run a live poker tournament.",
    add_completion=False,
    pretty_exceptions_enable=False,
    invoke_without_command=True,
)
app.add_typer(rules_app, name="rules")
app.add_typer(rulings_app, name="rulings")
app.add_typer(structure_app, name="structure")


def fail(message: str, code: int = 1) -> None:
    """One line on stderr and a non-zero exit: what every error looks like to a user."""
    sys.stderr.write(f"error: {message}\n")
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the app and turns every error into one line on stderr."""
    try:
        # Standalone: Typer itself prints usage errors (with the usage line) and exits 2.
        app(args=argv, prog_name="tdconsole")
    except TdError as error:
        fail(str(error))
    except ValidationError as error:
        fail(describe_validation_error("input", error))
    except KeyboardInterrupt:
        fail("interrupted", 130)
    except Exception as error:  # a traceback in front of a user is a bug; show it only on request
        if os.environ.get("TDCONSOLE_DEBUG"):
            raise
        fail(f"internal error ({type(error).__name__}): {error}; set TDCONSOLE_DEBUG=1 for details")


if __name__ == "__main__":
    main()

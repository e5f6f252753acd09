"""What every CLI command shares: `--json` output, JSON on stdin, and one-line errors."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from pydantic import BaseModel
from rich.console import Console

from tdconsole.config import validate
from tdconsole.domain.errors import InvalidInput

M = TypeVar("M", bound=BaseModel)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]

# Names and other user text are printed literally, never read as Rich markup.
console = Console(highlight=False, markup=False)


def emit(data: Any, as_json: bool, render: Callable[[], None] | None = None) -> None:
    """Print `data` as JSON with `--json`, else call `render` (or print it plainly)."""
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json")
    if as_json or render is None:
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        render()


def read_json_stdin(model: type[M], source: str = "stdin") -> M:
    """Parse a JSON document from standard input into `model`; a bad one is a one-line error."""
    text = sys.stdin.read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidInput(f"{source}: malformed JSON: {error.msg} at line {error.lineno}") from None
    return validate(model, data, source)

"""Running the real CLI entry point in-process: exit code, stdout, stderr."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from tdconsole.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def json(self) -> Any:
        return json.loads(self.out)


def run(capsys: pytest.CaptureFixture[str], *args: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> Result:
    if stdin is not None:
        assert monkeypatch is not None
        import io

        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        main(list(args))
        code = 0
    except SystemExit as done:
        code = int(done.code or 0)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.code != 0
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def unnamed(data: Any) -> Any:
    """JSON output without the `tournament` key that names the tournament a command acted on (added
    to every output, and to every row of a list): for tests that compare the rest exactly."""
    if isinstance(data, list):
        return [unnamed(row) for row in data]
    if isinstance(data, dict):
        return {key: value for key, value in data.items() if key != "tournament"}
    return data

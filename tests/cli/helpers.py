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


# Inputs of the stdin calculators (`rules betting`, `rules chips`, `rules pots`) that the JSON
# contract and the every-command test both run.
HAND = {"game": "no-limit", "blinds": [100, 200], "ante": 0, "button": 1,
        "stacks": {"1": 5000, "2": 5000, "3": 5000, "4": 5000}, "street": "preflop", "pot": 0,
        "actions": [["4", "raise", 600]]}
CHIPS = {"facing": 1000, "already_in": 0, "last_increment": 1000, "chips": [1000, 100, 100, 100, 100],
         "stack": 5000, "declared": None, "big_blind": 200}
POTS = {"button": 3, "seats": [1, 2, 3], "contributions": {"1": 1000, "2": 1000, "3": 100},
        "folded": [], "chip": 100, "ranking": [["3"], ["1", "2"]]}

"""Counting keystrokes: a task's keys are pressed through `Keys`, which counts them, so a test can
assert the count docs/KEYS.md documents. What the TD types (a name, a chip count) is pressed too,
but counted apart: the table says "4 keys plus the name"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.wait import until

KEYS_DOC = Path(__file__).parents[2] / "docs" / "KEYS.md"


@dataclass
class Keys:
    """Presses keys through Pilot and counts them; `type` presses text without counting it."""

    pilot: Pilot[object]
    count: int = 0
    typed: list[str] = field(default_factory=list)

    async def press(self, *keys: str) -> None:
        for key in keys:
            self.count += 1
            await self.pilot.press(key)
            await self.pilot.pause()

    async def type(self, text: str) -> None:
        self.typed.append(text)
        await self.pilot.press(*text)
        await self.pilot.pause()

    async def until(self, condition, what: str) -> None:  # type: ignore[no-untyped-def]
        await until(self.pilot, condition, what)


@cache
def documented() -> dict[str, int]:
    """Task -> keystroke count, from the first table in docs/KEYS.md (its 'Keys' column)."""
    counts: dict[str, int] = {}
    for line in KEYS_DOC.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"\d+", cells[3]):
            counts[cells[0]] = int(cells[3])
    return counts

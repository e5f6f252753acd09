"""Waiting for an app under Pilot: poll a condition with a deadline, never sleep a fixed time.

A fixed `pilot.pause(0.3)` guesses how long the palette's search, a timer's tick or a chain of
`call_after_refresh` takes; on a loaded machine (`pytest -n 4` on two cores) the guess is wrong and
the test fails for no fault of the app. These helpers let the app run until what the test waits
for has happened, and fail with a message naming it when it never does.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

# Generous: a condition that holds returns at once; only a broken app waits this long.
DEADLINE_SECONDS = 15.0
POLL_SECONDS = 0.02


async def until(pilot: Pilot[object], condition: Callable[[], bool], what: str,
                seconds: float = DEADLINE_SECONDS) -> None:
    """Let the app run until `condition()` holds; fail naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {seconds:g} s")
        await pilot.pause(POLL_SECONDS)


def _top_hit(pilot: Pilot[object]) -> str | None:
    """The text of the palette's highlighted hit (None: no palette, or no hit yet)."""
    screen = pilot.app.screen
    if not isinstance(screen, CommandPalette):
        return None
    hits = screen.query_one(CommandList)
    if hits.highlighted is None:
        return None
    option = hits.get_option_at_index(hits.highlighted)
    return getattr(getattr(option, "hit", None), "text", None)


async def from_palette(pilot: Pilot[object], query: str) -> None:
    """Open the command palette, type `query`, and run the entry it names once it is on top."""
    await pilot.press("ctrl+p", *query)
    await until(pilot, lambda: (_top_hit(pilot) or "").casefold() == query.casefold(),
                f"the palette's first hit for {query!r}")
    await pilot.press("enter")
    await until(pilot, lambda: not isinstance(pilot.app.screen, CommandPalette),
                "the palette closing")


async def settled(app: App[object]) -> None:
    """Until the work under way in workers is done: a command a key started (it runs off the event
    loop, so the key returns first), the reads and the follow; then the commands those started."""
    workers = [worker for worker in app.workers if not worker.is_finished]
    while workers:
        await asyncio.gather(*(worker.wait() for worker in workers), return_exceptions=True)
        workers = [worker for worker in app.workers
                   if worker.group == "commands" and not worker.is_finished]

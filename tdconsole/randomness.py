"""The tournament's one random source, as `time_source.py` is its one time: the service draws
seats with it, and the previews that show a draw before it is made (a table's break, the ICM
estimate) draw the same way. Beside the service, not in it, so a view can preview a draw without
reaching up to what writes the log."""

from __future__ import annotations

import random
import secrets


def make_rng(seed: int | None) -> random.Random:
    """The draw for seats: repeatable with a seed (a demo, a test, a TD re-checking a draw), else
    the operating system's cryptographic source, so nobody can predict or steer a seat."""
    return random.Random(seed) if seed is not None else secrets.SystemRandom()

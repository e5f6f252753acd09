"""The cyclic garbage collector paused while a process makes objects that never become garbage."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# Whether this process runs one command of the command line and then ends: `tdconsole.cli.main`
# called with the process's own arguments in a process that had not loaded the command line (the
# console script, `python -m tdconsole`), not a caller's that runs many (the tests). What such a
# command makes lives until the exit frees it.
_one_command = False


def one_command() -> bool:
    return _one_command


def running_one_command() -> None:
    global _one_command
    _one_command = True


@contextmanager
def paused(*, freeze: bool = False) -> Iterator[None]:
    """The collector off for the block: it would walk the heap growing under it again and again
    (modules and classes while the command line loads, the state while a tournament is folded),
    though none of it becomes garbage. With `freeze`, what the block made is moved out of the
    collector's sight for good. Nested uses leave the collector to the outermost."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        gc.enable()


@contextmanager
def loading(module: str) -> Iterator[None]:
    """A block that imports `module`: the first time in this process, `paused` with what it loads
    frozen (modules, classes and schemas, which never become garbage); once `module` is loaded,
    the block runs as it is (a test process runs the command line many times, and a freeze at
    each would keep whatever its tests left for the collector)."""
    if module in sys.modules:
        yield
        return
    with paused(freeze=True):
        yield

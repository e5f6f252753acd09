"""The base of every value the domain passes around: commands, events, settings, answers.

It sits below every other domain module (it imports only pydantic), so any of them can use it
without an import cycle.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """An immutable value that refuses unknown keys.

    Immutable, because the state is a fold of the log: a value once recorded or decided never
    changes in place (`model_copy(update=...)` makes a new one). Unknown keys are an error, so a
    misspelt key in JSON, TOML or a command names itself instead of being silently ignored.
    A subclass may add to `model_config`; pydantic merges it with this one.

    The validator of each model is built when it is first used, not when its module loads
    (`defer_build`): a scripted command imports every command and event but validates only a few
    of them, and a new process per command pays for what it builds (the fast-CLI contract,
    benchmarks/bench_cli.py).

    >>> from pydantic import ValidationError
    >>> class Seat(Frozen):
    ...     number: int
    >>> try:
    ...     Seat(number=3, colour="red")
    ... except ValidationError as error:
    ...     print(error.errors()[0]["type"], error.errors()[0]["loc"])
    extra_forbidden ('colour',)
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

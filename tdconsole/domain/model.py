"""The base of every value the domain passes around: commands, events, settings, answers.

It sits below every other domain module (it imports only pydantic), so any of them can use it
without an import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, ValidationInfo


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

    def updated(self, changes: Mapping[str, Any]) -> Self:
        """A copy with `changes` made: what `model_copy(update=changes)` makes, and like it not
        validated again, for a fraction of its cost (no copy module, no per-attribute copies). A
        fold makes one per table changed by every hand, bust and move: 30,000 in a festival's log.

        >>> class Seat(Frozen):
        ...     number: int
        ...     player: str = ""
        >>> Seat(number=3).updated({"player": "Anna"})
        Seat(number=3, player='Anna')
        """
        copy = type(self).__new__(type(self))
        # Frozen: the attributes are set as pydantic's own copy sets them.
        _set(copy, "__dict__", {**self.__dict__, **changes})
        # The set itself when it has every key changed already (a frozen value's is never changed).
        fields_set = self.__pydantic_fields_set__
        _set(copy, "__pydantic_fields_set__",
             fields_set if fields_set.issuperset(changes) else fields_set.union(changes))
        _set(copy, "__pydantic_extra__", None)
        private = self.__pydantic_private__
        _set(copy, "__pydantic_private__", None if private is None else dict(private))
        return copy


_set = object.__setattr__


# A field's empty default, made anew for each model (`Field(default_factory=empty_list)`). Not the
# builtin types themselves: pydantic reads a default factory's signature when it builds a validator,
# and a builtin's signature is parsed from its text by the tokenizer, whose first use compiles a large
# regular expression, a few milliseconds of every scripted command (the fast-CLI contract).
def empty_list() -> list[Any]:
    return []


def empty_dict() -> dict[Any, Any]:
    return {}


def empty_set() -> set[Any]:
    return set()


# The validation context of a value read back from a tournament's log (`parse_event`). It was
# checked when the command that recorded it was decided, and a replay decides nothing again, so
# the checks that look a value up in a large external table (Babel's currencies, the time-zone
# database) are not repeated for every event read back: a scripted command reads the whole log
# (the fast-CLI contract). Normalising (strip, upper-case) still applies.
RECORDED: dict[str, Any] = {"recorded": True}


def recorded(info: ValidationInfo) -> bool:
    """Whether a validator is checking a value read back from the log (see `RECORDED`)."""
    return bool(info.context and info.context.get("recorded"))

"""The base of every value the domain passes around: commands, events, settings, answers.

It sits below every other domain module (it imports only pydantic), so any of them can use it
without an import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

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
        # The set itself when it has every key changed already (a frozen value's is never changed).
        fields_set = self.__pydantic_fields_set__
        private = self.__pydantic_private__
        return made(type(self), {**self.__dict__, **changes},
                    fields_set if fields_set.issuperset(changes) else fields_set.union(changes),
                    None if private is None else dict(private))


def made(kind: type[M], values: dict[str, Any], fields_set: set[str],
         private: dict[str, Any] | None = None) -> M:
    """A `kind` of `values`, not validated: what pydantic's `model_construct` makes, the attributes
    set as its own copy sets them (the model may be frozen), for a fraction of its cost. What a
    fold makes 40,000 of (`Frozen.updated`, `Envelope.of`), so each step is the cheap one: the
    object made by `object.__new__` (`kind.__new__` is looked up through pydantic's metaclass,
    whose `__getattr__` doubles it) and the slots set by their own descriptors (`object.__setattr__`
    checks every base on each call): 0.9 of the 2.1 microseconds of `updated` before.

    >>> from tdconsole.domain.events import ClockSet
    >>> set_ = made(ClockSet, {"type": "clock_set", "remaining_seconds": 300}, {"remaining_seconds"})
    >>> set_ == ClockSet(remaining_seconds=300), set_.model_fields_set
    (True, {'remaining_seconds'})
    """
    value = _new(kind)
    _set(value, "__dict__", values)
    _set_fields(value, fields_set)
    _set_extra(value, None)
    _set_private(value, private)
    return value


M = TypeVar("M", bound=BaseModel)
_new = object.__new__
_set = object.__setattr__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


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

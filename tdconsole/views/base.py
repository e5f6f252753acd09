"""What every view model shares: frozen, typed, and dumped to the `--json` contract as declared.

The JSON keys are a contract (add keys freely, never rename): a view's fields are its keys, in the
order declared, and a field spelled differently in Python (`break_`) carries the key as its alias.
Interfaces dump a view with `model_dump(mode="json")` (cli/kit.py `emit` does it at the edge).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from types import UnionType
from typing import Any, ClassVar, Literal, Self, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, TypeAdapter, model_serializer

from tdconsole.domain.model import made as constructed  # (not the classmethod `View.made`)


class View(BaseModel):
    """A view model: what an interface shows at one moment, built once and never changed."""

    # defer_build: a view's validator is built when it is first used, not at import, so a command
    # pays only for the views it shows (the CLI starts anew for every call).
    model_config = ConfigDict(frozen=True, extra="forbid", serialize_by_alias=True, validate_by_name=True,
                              defer_build=True)

    @classmethod
    def many(cls, rows: Iterable[dict[str, Any]]) -> list[Self]:
        """One view per row of fields, validated in one call: several times faster than a
        constructor call per row, which a 1,000-player `state --json` or a long log would feel."""
        return _list_of(cls).validate_python(list(rows))

    @classmethod
    def made(cls, rows: Iterable[dict[str, Any]]) -> list[Self]:
        """One view per row of fields this program made from its own state, each of its declared
        type already (a nested view given as the view): not validated again, as `model_construct`
        makes it but without its lookups of every field by its aliases. `state --json` makes a row
        for each of a festival's 10,000 players, whose validation was most of its views' time (the
        fast-CLI contract). A row without exactly the declared fields is validated (defaults filled
        in, an unknown key refused)."""
        fields = cls.model_fields.keys()
        order = _order(cls)
        # Every row has every field set: one set for all of them (a view is frozen, and a copy of
        # one copies its set), not 10,000 of twenty names each. A row in the order declared (the
        # order a dump follows: the keys' order is the JSON contract's) is the view's own fields,
        # found by one comparison (the common case: the caller's, made for this view alone); one
        # with the same keys in another order is put in order; any other is validated.
        every = set(order)
        return [constructed(cls, row, every) if tuple(row) == order
                else constructed(cls, {name: row[name] for name in order}, every) if row.keys() == fields
                else cls.model_validate(row)
                for row in rows]

    @classmethod
    def made_one(cls, **fields: Any) -> Self:
        """One view of fields this program made, as `made` makes each (every field given)."""
        return cls.made([fields])[0]


@functools.cache
def _order(view: type[View]) -> tuple[str, ...]:
    return tuple(view.model_fields)


@functools.cache
def _list_of(view: type[View]) -> TypeAdapter[list[Any]]:
    return TypeAdapter(list[view])  # type: ignore[valid-type]


class OptionalKeysView(View):
    """A view some of whose keys appear only when they have a value (`OMITTED_WHEN_NONE`).

    The contract has such keys (`payouts --json` shows `error` only when the payouts cannot be
    made; `h4h status` shows the hand only while hand-for-hand runs): they are left out, not null.
    """

    OMITTED_WHEN_NONE: ClassVar[frozenset[str]] = frozenset()

    @model_serializer(mode="wrap")
    def _omit_absent(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for key in self.OMITTED_WHEN_NONE:
            if key in data and data[key] is None:
                del data[key]
        return data


def jsonable(data: Any) -> Any:
    """`data` as plain JSON values: views (and other models) dumped, lists and dicts walked."""
    if isinstance(data, View):
        return _dumped(data)
    if isinstance(data, BaseModel):
        return data.model_dump(mode="json")
    if isinstance(data, list | tuple):
        return [jsonable(item) for item in data]
    if isinstance(data, dict):
        return {key: jsonable(value) for key, value in data.items()}
    return data


def _dumped(view: View) -> dict[str, Any]:
    """`view.model_dump(mode="json")`, but each list of plain rows (`_plain_lists`) given as the
    rows' own fields, not walked again by pydantic: `state --json` at a festival dumps 10,000
    players' rows, a third of its dump's time. The keys stay in the order declared."""
    lists = _plain_lists(type(view))
    if not lists:
        return view.model_dump(mode="json")
    dumped: dict[str, Any] = view.model_dump(mode="json", exclude=set(lists))
    return {key: [row.__dict__ for row in getattr(view, key)] if key in lists else dumped[key]
            for key in type(view).model_fields if key in dumped or key in lists}


# What a plain row's field may be: JSON's own values, as json.dumps writes them.
_PLAIN = frozenset({int, str, bool, type(None)})


@functools.cache
def _plain_lists(view: type[View]) -> frozenset[str]:
    """The fields of `view` that are lists of plain views: views whose fields are each a number, a
    string, a bool or None (or a list of them, a dict of them by text, or one of some such
    literal values), under their own names (no alias, no serializer), so that a row's attributes
    are its JSON object as they stand (a festival's 1,112 tables, each seat by its number as text:
    half of what pydantic walked of `state --json`)."""
    def plain(annotation: Any) -> bool:
        origin, args = get_origin(annotation), get_args(annotation)
        if origin is list:
            return all(kind in _PLAIN for kind in args)
        if origin is dict:
            return args[0] is str and args[1] in _PLAIN
        if origin is Literal:
            return all(type(value) in _PLAIN for value in args)
        return annotation in _PLAIN or (origin in (Union, UnionType) and all(kind in _PLAIN for kind in args))

    def plain_view(row: Any) -> bool:
        return (isinstance(row, type) and issubclass(row, View) and not _serializes_itself(row)
                and all(field.alias in (None, name) and plain(field.annotation)
                        for name, field in row.model_fields.items()))

    return frozenset(name for name, field in view.model_fields.items()
                     if field.alias in (None, name) and get_origin(field.annotation) is list
                     and all(plain_view(row) for row in get_args(field.annotation)))


def _serializes_itself(view: type[View]) -> bool:
    decorators = view.__pydantic_decorators__
    return bool(decorators.field_serializers or decorators.model_serializers)


def naming(data: Any, tournament: Mapping[str, Any]) -> Any:
    """A command's JSON document with the tournament it acted on ({"id", "name"}) in a `tournament`
    key (in each row of a list), so a script never mistakes which one it was. Keys are only added:
    a view with its own `tournament` keeps it (the JSON contract)."""
    if isinstance(data, dict):
        return data if "tournament" in data else {**data, "tournament": dict(tournament)}
    if isinstance(data, list) and all(isinstance(row, dict) for row in data):
        return [naming(row, tournament) for row in data]
    return data

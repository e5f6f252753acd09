"""A tournament's state written down, so a terminal that opens it, or an undo, folds only the events
after it instead of the whole log (`Service`: where they are taken and used).

A snapshot is derived data, never the record. It is JSON (compressed in the store), validated back
into the state's own types like every event read from the log: never pickled, so whoever can write
the database cannot run code in a terminal. It belongs to the fold that wrote it: `version` is a
digest of the domain's source, so a terminal running other code (an upgrade, a fixed rule) passes
it over and folds the log as that code reads it."""

from __future__ import annotations

import dataclasses
import hashlib
import typing
import zlib
from collections.abc import Iterable, Mapping
from functools import cache
from itertools import repeat, starmap
from operator import attrgetter
from pathlib import Path
from types import GenericAlias
from typing import Any

from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict

import tdconsole
import tdconsole.domain
from tdconsole.domain.model import RECORDED
from tdconsole.domain.state import Player, TournamentState

# The log is not part of the state's value: the events after a snapshot are read with it. The
# players are written apart, as columns (`encode`).
_NOT_STATE = {"recent", "earlier"}
_APART = {*_NOT_STATE, "players"}
_FIELDS = dataclasses.fields(Player)
_VALUES = attrgetter(*(field.name for field in _FIELDS))


@cache
def _adapter() -> TypeAdapter[Any]:
    """What a snapshot holds: the state but its players, and the players' columns, each field's
    values (`list[str]` for `name: str`) in the players' order. Validated as the fields themselves
    are, in one call."""
    hints = typing.get_type_hints(Player)
    # Typed as Any: mypy reads a TypedDict's keys from a literal alone, and these are Player's own.
    typed_dict: Any = TypedDict
    columns = typed_dict("Columns", {field.name: GenericAlias(list, hints[field.name]) for field in _FIELDS},
                         total=False)
    return TypeAdapter(typed_dict("Written", {"state": TournamentState, "players": columns}))


@cache
def version() -> str:
    """The digest of every source file of the domain, which alone decides what a fold makes, and of
    this module, which decides how it is written (and of the release, should an installation carry
    no source)."""
    digest = hashlib.sha256(tdconsole.__version__.encode())
    root = Path(tdconsole.domain.__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()


def encode(state: TournamentState) -> bytes:
    """`state` as JSON. The players are written as columns, and a field every player holds at its
    default is left out (most of them, for most of a festival's 10,000 players): reading back makes
    each player from his values in one call of the class, where pydantic's validator made each
    dataclass field by field (its 10,000 players were half the read: 21 of 40 ms). The columns are
    validated as the fields are. Only the players': elsewhere a default can be a union's tag (a
    break's `kind: "break"`), which must be written for it to be read back."""
    return _adapter().dump_json({"state": state, "players": _columns(state.players.values())},
                                exclude={"state": _APART})


def _columns(players: Iterable[Player]) -> dict[str, list[Any]]:
    """Each field's values, one per player in order; none but a required field's when every
    player holds its default (compared as `exclude_defaults` compares)."""
    rows = list(map(_VALUES, players))
    if not rows:
        return {}
    return {field.name: list(column) for field, column in zip(_FIELDS, zip(*rows, strict=True), strict=True)
            if field.default is dataclasses.MISSING or column.count(field.default) != len(column)}


def decode(data: bytes) -> TournamentState | None:
    """The state written in `data`, or None when it cannot be read back (then fold the log)."""
    try:
        written = _adapter().validate_json(data, context=RECORDED)
    except ValidationError:
        return None
    players = _players(written["players"])
    if players is None:
        return None
    state: TournamentState = written["state"]
    state.players = players
    return state


def _players(columns: Mapping[str, list[Any]]) -> dict[str, Player] | None:
    """The players the columns hold, by id; None when they are not a whole table (a column of
    another length, a required one missing)."""
    if not columns:
        return {}
    count = len(next(iter(columns.values())))
    values: list[Iterable[Any]] = []
    for field in _FIELDS:
        column = columns.get(field.name)
        if column is not None and len(column) == count:
            values.append(column)
        elif column is None and field.default is not dataclasses.MISSING:
            values.append(repeat(field.default, count))  # one value for all: Player's are immutable
        else:
            return None
    return {player.id: player for player in starmap(Player, zip(*values, strict=True))}


def pack(data: bytes) -> bytes:
    """`data` as the store keeps it: a festival's state is megabytes of JSON."""
    return zlib.compress(data, 1)


def unpack(packed: bytes) -> bytes:
    """What `pack` packed; anything else is given back as it is (and `decode` refuses it)."""
    try:
        return zlib.decompress(packed)
    except zlib.error:
        return packed

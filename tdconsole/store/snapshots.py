"""A tournament's state written down, so a terminal that opens it, or an undo, folds only the events
after it instead of the whole log (`Service`: where they are taken and used).

A snapshot is derived data, never the record. It is JSON (compressed in the store), validated back
into the state's own types like every event read from the log: never pickled, so whoever can write
the database cannot run code in a terminal. It belongs to the fold that wrote it: `version` is a
digest of the domain's source, so a terminal running other code (an upgrade, a fixed rule) passes
it over and folds the log as that code reads it."""

from __future__ import annotations

import hashlib
import zlib
from functools import cache
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

import tdconsole
import tdconsole.domain
from tdconsole.domain.model import RECORDED
from tdconsole.domain.state import Player, TournamentState

# The log is not part of the state's value: the events after a snapshot are read with it. The
# players are written apart (`encode`).
_NOT_STATE = {"recent", "earlier"}
_APART = {*_NOT_STATE, "players"}


@cache
def _adapter() -> TypeAdapter[TournamentState]:
    return TypeAdapter(TournamentState)


@cache
def _players() -> TypeAdapter[dict[str, Player]]:
    return TypeAdapter(dict[str, Player])


@cache
def version() -> str:
    """The digest of every source file of the domain, which alone decides what a fold makes (and of
    the release, should an installation carry no source)."""
    digest = hashlib.sha256(tdconsole.__version__.encode())
    root = Path(tdconsole.domain.__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def encode(state: TournamentState) -> bytes:
    """`state` as JSON. A player's fields that hold their defaults are left out (most of them, for
    most of a festival's 10,000 players: 3.3 of its 3.6 MB were the players, 0.9 without them),
    and reading back gives them their defaults again (all immutable), so an undo, which reads a
    checkpoint back, validates a third less. Only the players': elsewhere a default can be a
    union's tag (a break's `kind: "break"`), which must be written for it to be read back."""
    rest = _adapter().dump_json(state, exclude=_APART)  # never empty: `info` is required
    players = _players().dump_json(state.players, exclude_defaults=True)
    return b'%s,"players":%s}' % (rest[:-1], players)


def decode(data: bytes) -> TournamentState | None:
    """The state written in `data`, or None when it cannot be read back (then fold the log)."""
    try:
        return _adapter().validate_json(data, context=RECORDED)
    except ValidationError:
        return None


def pack(data: bytes) -> bytes:
    """`data` as the store keeps it: a festival's state is megabytes of JSON."""
    return zlib.compress(data, 1)


def unpack(packed: bytes) -> bytes:
    """What `pack` packed; anything else is given back as it is (and `decode` refuses it)."""
    try:
        return zlib.decompress(packed)
    except zlib.error:
        return packed

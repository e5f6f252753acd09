"""Reading what a person hands in (a TOML or CSV file, JSON on stdin or in a request) within
bounds: a file's size is checked before it is read, so `/dev/zero` or a log file given by mistake
is one line, not a machine out of memory; JSON is limited in depth and in the size of its numbers.
The bounds are in domain/limits.py and documented in docs/SECURITY.md."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.limits import MAX_JSON_DEPTH, MAX_JSON_DIGITS


def read_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes, refused in one line if it is missing, not a regular file (a device, a
    directory, a pipe), or larger than `limit` bytes."""
    try:
        # Opened without blocking: a FIFO opened to read waits for a writer, and a command given one
        # as its house rules would hang forever before it could say the file is not regular. On a
        # regular file the flag changes nothing.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(descriptor, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if stat.S_ISDIR(mode):
                raise IsADirectoryError
            if not stat.S_ISREG(mode):
                raise InvalidInput("{path}: not a regular file", path=path)
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise NotFound("{path}: no such file", path=path) from None
    except IsADirectoryError:
        raise InvalidInput("{path}: is a directory, not a file", path=path) from None
    except OSError as error:
        raise InvalidInput("{path}: cannot be read: {strerror}", path=path, strerror=error.strerror) from None
    if len(data) > limit:
        raise InvalidInput(
            "{path}: larger than {limit} KiB; is it the right file?", path=path, limit=limit // 1024,
        )
    return data


def read_text(path: Path, limit: int, hint: str = "") -> str:
    """`read_bytes` decoded as UTF-8 (a byte-order mark is dropped); other encodings are one line."""
    try:
        return read_bytes(path, limit).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInput("{path}: not UTF-8 text{hint}", path=path, hint=hint) from None


def parse_json(text: str | bytes, source: str) -> Any:
    """JSON within bounds: at most MAX_JSON_DEPTH arrays and objects deep, integers of at most
    MAX_JSON_DIGITS digits, no NaN or Infinity. Anything else is one line naming `source`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput("{source}: not UTF-8 text", source=source) from None
    if (depth := _depth(text)) > MAX_JSON_DEPTH:
        raise InvalidInput(
            "{source}: JSON nested {depth} deep; at most {MAX_JSON_DEPTH}",
            source=source, depth=depth, MAX_JSON_DEPTH=MAX_JSON_DEPTH,
        )
    try:
        return json.loads(text, parse_int=_integer, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise InvalidInput(
            "{source}: not JSON, malformed: {msg} at line {lineno}",
            source=source, msg=error.msg, lineno=error.lineno,
        ) from None
    except _Refused as refused:
        raise InvalidInput("{source}: {refused}", source=source, refused=refused) from None


class _Refused(ValueError):
    pass


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_JSON_DIGITS:
        raise _Refused(f"an integer of {len(digits)} digits; at most {MAX_JSON_DIGITS}")
    return int(digits)


def _constant(name: str) -> float:
    raise _Refused(f"{name} is not a number JSON allows")


def _depth(text: str) -> int:
    """How deep arrays and objects nest (strings skipped), without recursing: measured before
    parsing, since the parser itself recurses."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")

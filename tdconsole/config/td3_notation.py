"""The notation of The Tournament Director's (TD3's) `.tdt` save files, read without `eval`.

A save is a JavaScript-like literal: `{ V: "3.7.2", T: new Tournament({...}) }`, objects written
`new Name({Key: value, ...})` (or `new Name(value, ...)`, as `new PerPlayerRake([0])`), maps
`Map.from([[key, value], ...])` (before 3.7: `new Map({key: value})`), arrays, double-quoted
strings with JavaScript's escapes, numbers, `true`, `false`, `null` and `undefined`. Nothing else
is read: an identifier that is not one of those, a call of anything but `new` and `Map.from`, is
refused at its line and column.

The reader is a small recursive descent over one pass of a tokenizer: a save is a few hundred
kilobytes, and a grammar library would add a dependency for eight productions. It is bounded:
`MAX_TDT_BYTES` of text (checked by the caller that reads the file) and `MAX_DEPTH` nesting, so a
hostile file costs at most a bounded parse, never a recursion error.

    >>> parse('{ V: "3.7.2", T: new Tournament({Title: "Friday"}) }')
    {'V': '3.7.2', 'T': Obj(name='Tournament', fields={'Title': 'Friday'}, args=[])}
    >>> parse('new PerPlayerRake([20])')
    Obj(name='PerPlayerRake', fields={}, args=[[20]])
    >>> parse('Map.from([["a", 1], [2, true]])')
    {'a': 1, 2: True}
    >>> parse('{ V: 1, T: eval("x") }')
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: line 1:12: cannot read 'eval': only new Name(...), ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.limits import MAX_TDT_BYTES, MAX_TDT_DEPTH
from tdconsole.domain.text import Token, position

MAX_DEPTH = MAX_TDT_DEPTH

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<number>-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*)
  | (?P<punct>[{}\[\](),:])
""", re.VERBOSE)

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0",
            '"': '"', "'": "'", "\\": "\\", "/": "/"}


@dataclass(slots=True)
class Obj:
    """`new Name({...})`: its fields, or `new Name(a, b)`: its arguments."""

    name: str
    fields: dict[str, Any] = field(default_factory=dict)
    args: list[Any] = field(default_factory=list)

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[Token] = []
        at = 0
        while at < len(text):
            found = _TOKEN.match(text, at)
            if found is None:
                raise InvalidInput("line {line}:{column}: cannot read {found!r}", found=text[at],
                                   **position(text, at))
            kind = found.lastgroup or ""
            if kind != "space":
                self.tokens.append(Token(kind, found.group(), at))
            at = found.end()
        self.tokens.append(Token("end", "", len(text)))
        self.index = 0

    def peek(self) -> Token:
        return self.tokens[self.index]

    def take(self, text: str | None = None, closing: str | None = None) -> Token:
        token = self.tokens[self.index]
        if text is not None and token.text != text:
            wanted = " or ".join(repr(t) for t in (text, closing) if t)
            if token.kind == "end":
                raise InvalidInput("line {line}:{column}: expected {wanted}, found the end of the file",
                                   wanted=wanted, **position(self.text, token.at))
            raise InvalidInput("line {line}:{column}: expected {wanted}, found {found!r}", wanted=wanted,
                               found=token.text, **position(self.text, token.at))
        self.index += 1
        return token

    def value(self, depth: int) -> Any:
        token = self.peek()
        if depth > MAX_DEPTH:
            raise InvalidInput("line {line}:{column}: nested more than {depth} deep", depth=MAX_DEPTH,
                               **position(self.text, token.at))
        if token.text == "{":
            return self.record(depth)
        if token.text == "[":
            return self.array(depth)
        self.index += 1
        if token.kind == "string":
            return _unquote(token.text)
        if token.kind == "number":
            number = float(token.text)
            return int(number) if number.is_integer() and abs(number) < 2**53 else number
        if token.kind == "name":
            if token.text in ("true", "false"):
                return token.text == "true"
            if token.text in ("null", "undefined"):
                return None
            if token.text == "new":
                return self.new(depth)
            if token.text == "Map.from":
                self.take("(")
                pairs = self.array(depth)
                self.take(")")
                return self.map(pairs, token)
        if token.kind == "end":
            raise InvalidInput("line {line}:{column}: expected a value, found the end of the file",
                               **position(self.text, token.at))
        raise InvalidInput("line {line}:{column}: cannot read {found!r}: only new Name(...), Map.from(...), "
                           "strings, numbers, true, false and null", found=token.text,
                           **position(self.text, token.at))

    def record(self, depth: int) -> dict[str, Any]:
        self.take("{")
        fields: dict[str, Any] = {}
        while self.peek().text != "}":
            key = self.take()
            if key.kind not in ("name", "string"):
                raise InvalidInput("line {line}:{column}: expected a key, found {found!r}", found=key.text,
                                   **position(self.text, key.at))
            self.take(":")
            fields[_unquote(key.text) if key.kind == "string" else key.text] = self.value(depth + 1)
            if self.peek().text != "}":
                self.take(",", "}")
        self.take("}")
        return fields

    def array(self, depth: int) -> list[Any]:
        self.take("[")
        items: list[Any] = []
        while self.peek().text != "]":
            items.append(self.value(depth + 1))
            if self.peek().text != "]":
                self.take(",", "]")
        self.take("]")
        return items

    def new(self, depth: int) -> Any:
        name = self.take()
        if name.kind != "name":
            raise InvalidInput("line {line}:{column}: expected a class name after new, found {found!r}",
                               found=name.text, **position(self.text, name.at))
        self.take("(")
        args: list[Any] = []
        while self.peek().text != ")":
            args.append(self.value(depth + 1))
            if self.peek().text != ")":
                self.take(",", ")")
        self.take(")")
        if len(args) == 1 and isinstance(args[0], dict):
            # TD3 before 3.7 writes its maps `new Map({"key": value})`; 3.7 `Map.from([...])`.
            return args[0] if name.text == "Map" else Obj(name.text, args[0])
        return Obj(name.text, {}, args)

    def map(self, pairs: list[Any], token: Token) -> dict[Any, Any]:
        mapped: dict[Any, Any] = {}
        for pair in pairs:
            if not (isinstance(pair, list) and len(pair) == 2) or not isinstance(pair[0], str | int | float):
                raise InvalidInput("line {line}:{column}: Map.from takes [key, value] pairs",
                                   **position(self.text, token.at))
            mapped[pair[0]] = pair[1]
        return mapped


def _unquote(quoted: str) -> str:
    body = quoted[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char != "\\":
            out.append(char)
            index += 1
            continue
        escaped = body[index + 1]
        if escaped == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", body[index + 2:index + 6]):
            out.append(chr(int(body[index + 2:index + 6], 16)))
            index += 6
        elif escaped == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", body[index + 2:index + 4]):
            out.append(chr(int(body[index + 2:index + 4], 16)))
            index += 4
        else:
            out.append(_ESCAPES.get(escaped, escaped))
            index += 2
    return "".join(out)


def parse(text: str) -> Any:
    """The value `text` writes, or `InvalidInput` naming the line and column it cannot read."""
    if len(text) > MAX_TDT_BYTES:
        raise InvalidInput("larger than {limit} KiB; is it a TD3 save?", limit=MAX_TDT_BYTES // 1024)
    reader = _Reader(text)
    value = reader.value(0)
    rest = reader.peek()
    if rest.kind != "end":
        raise InvalidInput("line {line}:{column}: expected the end of the file, found {found!r}",
                           found=rest.text, **position(text, rest.at))
    return value

"""The Tournament Director's (TD3's) points formula language, interpreted safely: a club that comes
over keeps its own formula (its `PointsForPlaying`), and the new tournaments score as TD3 would.

Exactly TD3's language, as its manual ("Points for Playing Formula") gives it, and nothing more:
statements separated by new lines or `;`, numbers, "strings" (only as `assign`'s name), variables
(case-insensitive, with TD3's aliases: `n` = `buyins`, `r` = `rank`, `nh` = `numberOfHits`, ...),
the operators `+ - * / %`, `= == is != < > <= >=`, `and && or || not !`, parentheses, and the
functions listed in FUNCTIONS (`assign`, `if`, `round`, `floor`, `sqrt`, `log`, `pow`, `switch`,
...). Names are looked up in a table, never evaluated: no attribute, import or call of anything
else can be written. The text is bounded (MAX_TEXT characters, MAX_DEPTH nesting) and so is the
work (no loops in the language).

A formula's points are the variable `points` once assigned, else the value of its last statement.
`round` rounds half up, as TD3 (JavaScript's `Math.round`) does.

    >>> formula = Td3Formula('assign("points", n - r + 1)\\nIF(r = 1, assign("points", points + 5), 0)')
    >>> formula.points({"n": 10, "r": 1}), formula.points({"n": 10, "r": 4})
    (15.0, 7.0)
    >>> Td3Formula("round(1.55, 1) + Floor(2.7) + log(exp(2))").points({})
    5.6
    >>> Td3Formula("import os").points({})
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: TD3 formula, line 1:8: expected an operator, found 'os'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.text import Token, position

MAX_TEXT = 20_000
MAX_DEPTH = 50

# TD3's variable aliases (its manual lists them beside each variable), by lower-case name.
ALIASES = {
    "numberofplayers": "buyins", "n": "buyins", "r": "rank", "nh": "numberofhits",
    "rebuys": "numberofrebuys", "nr": "numberofrebuys", "addons": "numberofaddons", "na": "numberofaddons",
    "pw": "prizewinnings", "bc": "buyincost", "rc": "rebuycost", "ac": "addoncost", "tc": "totalcost",
    "tw": "totalwinnings", "t": "take", "m": "inthemoney", "placed": "inthemoney", "mr": "inthemoneyrank",
    "prizepool": "pot", "pp": "pot", "totalnumberofrebuys": "totalrebuys", "tnr": "totalrebuys",
    "totalnumberofaddons": "totaladdons", "tna": "totaladdons", "bw": "bountywinnings",
    "ro": "roundout", "nm": "numberofleaguemembers",
}


def _round(value: float, digits: float = 0) -> float:
    scale = 10.0 ** int(digits)
    return float(math.floor(value * scale + 0.5)) / scale


def _log(value: float, base: float | None = None) -> float:
    return math.log(value) if base is None else math.log(value, base)


def _switch(value: float, *pairs: float) -> float:
    for index in range(0, len(pairs) - 1, 2):
        if pairs[index] == value:
            return pairs[index + 1]
    return pairs[-1] if len(pairs) % 2 else 0.0


def _lswitch(value: float, *results: float) -> float:
    if not results:
        return 0.0
    index = int(value)
    return results[index - 1] if 1 <= index <= len(results) else results[-1]


def _nearest(how: Callable[[float], float]) -> Callable[[float, float], float]:
    def rounded(value: float, step: float) -> float:
        return how(value / step) * step if step else value
    return rounded


FUNCTIONS: dict[str, Callable[..., float]] = {
    "abs": abs, "acos": math.acos, "asin": math.asin, "atan": math.atan, "ceil": math.ceil,
    "cos": math.cos, "exp": math.exp, "floor": math.floor, "log": _log, "ln": _log,
    "log10": math.log10, "max": max, "min": min, "pow": math.pow, "power": math.pow,
    "round": _round, "sin": math.sin, "sqrt": math.sqrt, "tan": math.tan,
    "roundtonearest": _nearest(_round), "rounduptonearest": _nearest(math.ceil),
    "rounddowntonearest": _nearest(math.floor),
    "sum": lambda *values: math.fsum(values), "product": lambda *values: math.prod(values),
    "average": lambda *values: math.fsum(values) / len(values) if values else 0.0,
    "count": lambda *values: float(len(values)), "switch": _switch, "lswitch": _lswitch,
    "oneof": lambda value, *values: float(value in values), "triangle": lambda n: n * (n + 1) / 2,
}
# `assign` and `if` are forms: `assign` takes a name, `if` evaluates only the branch it takes.
FORMS = ("assign", "if")

_TOKEN = re.compile(r"""
    (?P<space>[ \t\r]+)
  | (?P<end>[\n;])
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<string>"[^"\n]*"|'[^'\n]*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op><=|>=|!=|==|&&|\|\||[-+*/%=<>!(),])
""", re.VERBOSE)


# The syntax tree: tuples, so a parsed formula is immutable and can be kept.
Node = tuple[Any, ...]


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[Token] = []
        at = depth = 0
        while at < len(text):
            found = _TOKEN.match(text, at)
            if found is None:
                raise InvalidInput("TD3 formula, line {line}:{column}: cannot read {found!r}",
                                   found=text[at], **position(text, at))
            kind = found.lastgroup or ""
            # A new line inside parentheses continues the statement (an IF over several lines).
            depth += {"(": 1, ")": -1}.get(found.group(), 0)
            if kind == "end" and found.group() == "\n" and depth > 0:
                kind = "space"
            if kind != "space":
                word = found.group().lower() if kind == "name" else found.group()
                if kind == "name" and word in ("and", "or", "not", "is"):
                    kind = "op"
                self.tokens.append(Token(kind, word, at))
            at = found.end()
        self.tokens.append(Token("eof", "", len(text)))
        self.index = 0

    def peek(self) -> Token:
        return self.tokens[self.index]

    def take(self, text: str) -> None:
        token = self.peek()
        if token.text != text:
            raise InvalidInput("TD3 formula, line {line}:{column}: expected {wanted!r}, found {found!r}",
                               wanted=text,
                             found=token.text or "the end", **position(self.text, token.at))
        self.index += 1

    def program(self) -> list[Node]:
        statements = []
        while self.peek().kind != "eof":
            if self.peek().kind == "end":
                self.index += 1
                continue
            statements.append(self.expression(0))
            token = self.peek()
            if token.kind not in ("end", "eof") and token.kind != "name":
                # TD3 runs statements written one after another on a line too (`assign(..) assign(..)`).
                raise InvalidInput("TD3 formula, line {line}:{column}: expected an operator, found {found!r}",
                                   found=token.text, **position(self.text, token.at))
            if token.kind == "name" and not self._call_follows():
                raise InvalidInput("TD3 formula, line {line}:{column}: expected an operator, found {found!r}",
                                   found=token.text, **position(self.text, token.at))
        return statements

    def _call_follows(self) -> bool:
        return self.tokens[self.index + 1].text == "("

    # Precedence, lowest first: or, and, not, comparison, + -, * / %, unary minus.
    def expression(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise InvalidInput("TD3 formula, line {line}:{column}: nested more than {depth} deep",
                               depth=MAX_DEPTH, **position(self.text, self.peek().at))
        return self._binary(depth, 0)

    _LEVELS: Sequence[tuple[str, ...]] = (
        ("or", "||"), ("and", "&&"), ("=", "==", "is", "!=", "<", ">", "<=", ">="), ("+", "-"),
        ("*", "/", "%"))

    def _binary(self, depth: int, level: int) -> Node:
        if level == 2 and self.peek().text in ("not", "!"):
            self.index += 1
            return ("not", self._binary(depth + 1, 2))
        if level == len(self._LEVELS):
            return self._unary(depth)
        left = self._binary(depth, level + 1)
        while self.peek().kind == "op" and self.peek().text in self._LEVELS[level]:
            op = self.peek().text
            self.index += 1
            left = ("op", op, left, self._binary(depth + 1, level + 1))
        return left

    def _unary(self, depth: int) -> Node:
        token = self.peek()
        if token.text in ("-", "+"):
            self.index += 1
            operand = self._unary(depth + 1)
            return ("neg", operand) if token.text == "-" else operand
        if token.text in ("not", "!"):
            self.index += 1
            return ("not", self._unary(depth + 1))
        return self._atom(depth)

    def _atom(self, depth: int) -> Node:
        token = self.peek()
        self.index += 1
        if token.kind == "number":
            return ("num", float(token.text))
        if token.kind == "string":
            return ("str", token.text[1:-1])
        if token.text == "(":
            inner = self.expression(depth + 1)
            self.take(")")
            return inner
        if token.kind == "name":
            if self.peek().text == "(":
                self.index += 1
                if token.text not in FUNCTIONS and token.text not in FORMS:
                    raise InvalidInput("TD3 formula, line {line}:{column}: no function {name!r} in TD3's "
                                       "formula language", name=token.text, **position(self.text, token.at))
                args = []
                while self.peek().text != ")":
                    args.append(self.expression(depth + 1))
                    if self.peek().text != ")":
                        self.take(",")
                self.take(")")
                return ("call", token.text, tuple(args), token.at)
            return ("var", ALIASES.get(token.text, token.text), token.at)
        raise InvalidInput("TD3 formula, line {line}:{column}: expected a value, found {found!r}",
                           found=token.text or "the end", **position(self.text, token.at))


class Td3Formula:
    """A TD3 formula, parsed once (a season scores it for every finish)."""

    def __init__(self, text: str) -> None:
        if len(text) > MAX_TEXT:
            raise InvalidInput("a TD3 formula of more than {limit} characters", limit=MAX_TEXT)
        self.text = text
        parser = _Parser(text)
        self._parser = parser
        self.statements = parser.program()

    def points(self, variables: Mapping[str, float]) -> float:
        """The points for a finish whose TD3 variables are `variables` (lower-case names)."""
        scope: dict[str, float] = {ALIASES.get(name.lower(), name.lower()): float(value)
                                   for name, value in variables.items()}
        value = 0.0
        for statement in self.statements:
            value = self._value(statement, scope)
        return float(scope.get("points", value))

    def _value(self, node: Node, scope: dict[str, float]) -> float:
        kind = node[0]
        if kind == "num":
            return float(node[1])
        if kind == "str":
            raise InvalidInput("TD3 formula: the text {text!r} is not a number", text=node[1])
        if kind == "var":
            if node[1] not in scope:
                raise InvalidInput("TD3 formula, line {line}:{column}: no variable {name!r} here",
                                   name=node[1], **position(self._parser.text, node[2]))
            return scope[node[1]]
        if kind == "neg":
            return -self._value(node[1], scope)
        if kind == "not":
            return float(not self._value(node[1], scope))
        if kind == "op":
            return self._operator(node[1], node[2], node[3], scope)
        _, name, args, at = node
        if name == "if":
            if len(args) not in (2, 3):
                raise InvalidInput("TD3 formula, line {line}:{column}: if takes a condition and one or two "
                                   "results", **position(self._parser.text, at))
            if self._value(args[0], scope):
                return self._value(args[1], scope)
            return self._value(args[2], scope) if len(args) == 3 else 0.0
        if name == "assign":
            if len(args) != 2 or args[0][0] != "str":
                raise InvalidInput('TD3 formula, line {line}:{column}: assign takes a "name" and a value',
                                   **position(self._parser.text, at))
            value = self._value(args[1], scope)
            scope[ALIASES.get(args[0][1].lower(), args[0][1].lower())] = value
            return value
        values = [self._value(arg, scope) for arg in args]
        try:
            return float(FUNCTIONS[name](*values))
        except (TypeError, ValueError, ArithmeticError, IndexError) as error:
            raise InvalidInput("TD3 formula, line {line}:{column}: {name}() cannot be worked out: {error}",
                               name=name, error=str(error) or type(error).__name__,
                               **position(self._parser.text, at)) from None

    def _operator(self, op: str, left_node: Node, right_node: Node, scope: dict[str, float]) -> float:
        left = self._value(left_node, scope)
        if op in ("and", "&&"):
            return float(bool(left) and bool(self._value(right_node, scope)))
        if op in ("or", "||"):
            return float(bool(left) or bool(self._value(right_node, scope)))
        right = self._value(right_node, scope)
        if op in ("/", "%") and right == 0:
            raise InvalidInput("TD3 formula: division by zero")
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        if op == "*":
            return left * right
        if op == "/":
            return left / right
        if op == "%":
            return math.fmod(left, right)
        compared = {"=": left == right, "==": left == right, "is": left == right, "!=": left != right,
                    "<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}
        return float(compared[op])

"""Text typed by a person: the one check every stored free-text field passes, the one key names are
compared by, the look-alike check, and the one way stored text is shown.

* `check_text(field, value)` refuses what is not text: control characters (an escape sequence
  that retitles the terminal or clears the screen), bidirectional-text overrides and isolates
  (which make a name read backwards), invisible format characters, lone surrogates (which cannot
  even be written as UTF-8), private-use and unassigned code points, and line breaks. One line,
  naming the field. `Label`, `Note` and `Name` are the pydantic types commands declare, so every
  interface (CLI, TUI, web, JSON on stdin) gets the same check and the same lengths.
* `name_key(name)`: names are the same name under NFKC case folding, so a fullwidth "Ａｎｎａ" is
  "Anna" (for duplicates and for finding a player).
* `looks_like(name, others)`: a name whose letters come from another script but look the same
  (Cyrillic "Bо" beside Latin "Bo") is refused; the look-alikes are Unicode's confusables table as
  the `confusable_homoglyphs` package keeps it, loaded only when a name has a non-ASCII letter.
* `name_numbers(pairs, field)`: `NAME=N` pairs typed on the command line or a screen's form, as
  {name: n}, refused in one line naming the field.
* `position(text, at)` and `Token`: where a token of a file or formula stands, for a reader's
  refusal ("line 3:14: expected ')'"), the same in every reader of the club's files.
* `visible(text)`: what an older log may hold is shown with the offending characters written out
  (`\\x1b`, `\\u202e`), never sent to a terminal, a file or a page as they are.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, TypedDict

from pydantic import AfterValidator, ValidationInfo
from pydantic_core import PydanticCustomError

from tdconsole.domain.errors import InvalidInput

# The longest text of each kind, in characters (the database's columns are at least this wide).
MAX_NAME = 60  # a player's, member's or staff member's name
MAX_LABEL = 100  # an actor, a game, a tournament's, structure's or league's name, a ruling's staff
MAX_NOTE = 2000  # a ruling's decision, reason or description, a member's note

# Bidirectional embeddings, overrides and isolates, and the marks (Unicode's Bidi_Control).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_KINDS = {
    "Cc": "a control character",
    "Cs": "a lone surrogate (not a character)",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line break",
    "Zp": "a line break",
    "Cf": "an invisible formatting character",
}


def _bad(char: str) -> str | None:
    """What is wrong with `char` in stored text, or None."""
    if char in _BIDI:
        return "a bidirectional-text control"
    return _KINDS.get(unicodedata.category(char))


def _plain(text: str) -> bool:
    # str.isprintable is C-fast and refuses everything _bad does (and the harmless spaces
    # other than U+0020, which the slow path lets through).
    return text.isprintable() or not any(_bad(char) for char in text)


def problem(text: str) -> str | None:
    """Why `text` is not plain text ("a control character (U+001B)"), or None.

    >>> problem("Åse"), problem("\\x1b]0;x\\x07"), problem("\\u202eevil")
    (None, 'a control character (U+001B)', 'a bidirectional-text control (U+202E)')
    """
    if _plain(text):
        return None
    char = next(char for char in text if _bad(char))
    return f"{_bad(char)} (U+{ord(char):04X})"


def check_text(field: str, raw: str, limit: int = MAX_LABEL, *, empty: bool = True) -> str:
    """`raw` trimmed and NFC-normalised, or InvalidInput naming `field` in one line.

    >>> check_text("the actor", " anna ")
    'anna'
    >>> check_text("the actor", "\\x1b[2J")
    Traceback (most recent call last):
    tdconsole.domain.errors.InvalidInput: the actor: a control character (U+001B) is not allowed in text
    """
    try:
        return _checked(raw, limit, empty)
    except ValueError as error:
        why = str(error)
        raise InvalidInput(f"{field} {why}" if why == _EMPTY else f"{field}: {why}") from None


_EMPTY = "cannot be empty"


def _checked(raw: str, limit: int, empty: bool) -> str:
    value = raw.strip()  # a tab or line break pasted around a name is trimmed, not refused
    if (why := problem(value)) is not None:  # before normalising: a surrogate cannot be normalised
        raise ValueError(f"{why} is not allowed in text")
    value = unicodedata.normalize("NFC", value)
    if not value and not empty:
        raise ValueError(_EMPTY)
    if len(value) > limit:
        raise ValueError(f"{value[:20]!r}... is {len(value)} characters; at most {limit}")
    return value


def _validator(limit: int, empty: bool = True) -> AfterValidator:
    def validate(value: str, info: ValidationInfo) -> str:
        try:
            return _checked(value, limit, empty)
        except ValueError as error:
            # A custom error, so the one line reads "FIELD: what is wrong" without pydantic's
            # "Value error," in front (config.toml.describe_validation_error adds the field).
            raise PydanticCustomError("text", str(error)) from None

    return AfterValidator(validate)


# The types commands declare for what a person types. Stored events keep plain `str`, so an
# older log that holds anything still folds; `visible` shows it.
Name = Annotated[str, _validator(MAX_NAME, empty=False)]
Label = Annotated[str, _validator(MAX_LABEL)]
Note = Annotated[str, _validator(MAX_NOTE)]


# ---------------------------------------------------------------- names


def name_key(name: str) -> str:
    """The key two names are the same name by: NFKC, case-folded (Unicode's NFKC_Casefold).

    >>> name_key("Ａｎｎａ") == name_key("anna") == name_key(" ANNA ")
    True
    """
    if name.isascii():  # NFKC leaves ASCII as it is, and `lower` folds its case as `casefold` does
        return name.strip().lower()  # (a festival's first fold asks 34,000 times)
    return _nfkc_key(name)


def _nfkc_key(name: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name.strip()).casefold())


def looks_like(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that `name` looks like but is not (letters from another script that
    look the same, in the same places), or None.

    >>> looks_like("Bо", ["Anna", "Bo"])  # a Cyrillic о
    'Bo'
    >>> looks_like("Bo", ["Bо"]), looks_like("Bob", ["Bo"]), looks_like("Åse", ["Ase"])
    ('Bо', None, None)
    """
    shape = unicodedata.normalize("NFKC", name.strip())
    key = name_key(name)
    for other in others:
        theirs = unicodedata.normalize("NFKC", other.strip())
        if len(theirs) != len(shape) or (shape.isascii() and theirs.isascii()) or name_key(other) == key:
            continue
        if all(_alike(a, b) for a, b in zip(shape, theirs, strict=True)):
            return other
    return None


def _alike(a: str, b: str) -> bool:
    if a == b or a.casefold() == b.casefold():
        return True
    glyphs = _homoglyphs()
    return any(y in glyphs.get(x, ()) or x in glyphs.get(y, ())
               for x, y in ((a, b), (a.upper(), b.upper()), (a.lower(), b.lower())))


@cache
def _homoglyphs() -> dict[str, frozenset[str]]:
    """Unicode's confusables (confusable_homoglyphs' copy): a character -> the single characters
    it can be mistaken for. Loaded on the first non-ASCII name: it takes a fifth of a second."""
    from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

    data: dict[str, Any] = confusables_data
    return {char: frozenset(glyph["c"] for glyph in glyphs if len(glyph["c"]) == 1)
            for char, glyphs in data.items()}


# ---------------------------------------------------------------- showing stored text


def visible(text: str) -> str:
    """`text` with every character `check_text` refuses written out as Python writes it, so what
    an older log holds reaches no terminal, file or page as a control sequence.

    >>> visible("A\\x1b]0;x\\x07 \\u202eB"), visible("Åse Ｂ")
    ('A\\\\x1b]0;x\\\\x07 \\\\u202eB', 'Åse Ｂ')
    """
    if _plain(text):
        return text
    return "".join(ascii(char)[1:-1] if _bad(char) else char for char in text)


def visible_data(value: Any) -> Any:
    """`visible` on every string in JSON-like data (dict keys too); the data itself if clean.

    >>> visible_data({"name": "Åse", "n": [1, "B\\x1b"]})
    {'name': 'Åse', 'n': [1, 'B\\\\x1b']}
    """
    if isinstance(value, dict | list):
        # Every event of a log read back passes here (the fast-CLI contract): clean data is seen
        # at once in its JSON, where every character of every string and key appears as itself
        # unless JSON escapes it with a backslash (control characters among them). No backslash
        # and all printable: every string is `_plain`, and nothing would change.
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = "\\"
        if "\\" not in text and text.isprintable():
            return value
    return _visible_walk(value)


def _visible_walk(value: Any) -> Any:
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, dict):
        return {_visible_walk(key): _visible_walk(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_visible_walk(item) for item in value]
    return value


def name_numbers(pairs: list[str], field: str) -> dict[str, int]:
    """`NAME=N` pairs -> {name: n} (the CLI's and the TUI's input); one-line errors name the request
    `field` they were typed in.

    >>> name_numbers(["Ann=12,000", "Bo Berg = 8_500"], "counts")
    {'Ann': 12000, 'Bo Berg': 8500}
    >>> name_numbers(["Ann=12k"], "counts")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: Ann: '12k' is not a whole number
    >>> name_numbers(["Ann=1", "ann=2"], "counts")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: ann: given twice
    """
    values: dict[str, int] = {}
    for pair in pairs:
        name, sep, number = pair.rpartition("=")
        if not sep or not name.strip():
            raise InvalidInput("write NAME=NUMBER, not {strip!r}", strip=pair.strip(), field=field)
        try:
            value = int(number.strip().replace("_", "").replace(",", ""))
        except ValueError:
            raise InvalidInput("{number!r} is not a whole number", number=number.strip(), field=field,
                               player=name.strip()) from None
        if name_key(name) in {name_key(key) for key in values}:
            raise InvalidInput("given twice", field=field, player=name.strip())
        values[name.strip()] = value
    return values


class Position(TypedDict):
    """A character's place in a text: its line and column, each counted from 1."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Token:
    """One token a reader cut from a text: its kind, its text and the index it starts at."""

    kind: str
    text: str
    at: int


def position(text: str, at: int) -> Position:
    """The line and column of character `at` in `text`, for a refusal's "line {line}:{column}: ".

    >>> position("{ V: 1,\\n  T: ?", 13)
    {'line': 2, 'column': 6}
    >>> position("IF(", 0)
    {'line': 1, 'column': 1}
    """
    line_start = text.rfind("\n", 0, at) + 1
    return Position(line=text.count("\n", 0, at) + 1, column=at - line_start + 1)

"""README.md and docs/SECURITY.md state the limits the code enforces: every number either states is
read from its text and checked against the constant that enforces it (tdconsole/domain/limits.py
and the few kept beside what they bound), so neither document can drift from the code unseen. The
README once said table numbers 1-500 while the code and SECURITY.md took 1 to 50,000.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tdconsole.domain import limits, text
from tdconsole.domain.limits import Range
from tdconsole.domain.money.icm import MAX_EXACT_PLAYERS
from tdconsole.store import staff
from tdconsole.web import auth, edge, server

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SECURITY = ROOT / "docs" / "SECURITY.md"

WORDS = {"five": 5, "ten": 10}
# A number as the documents write one: 2,147,483,647, 10^12, 64 KiB, or in words.
N = r"(-?\d{1,3}(?:,\d{3})*(?:\^\d+)?(?: [KM]iB)?|" + "|".join(WORDS) + ")"
UNITS = {"KiB": 1024, "MiB": 1024 * 1024}


def number(written: str) -> int:
    written = written.strip()
    if written.lower() in WORDS:
        return WORDS[written.lower()]
    if written.startswith("-"):  # a count may be below 0 (limits.COUNTED)
        return -number(written[1:])
    if power := re.fullmatch(r"(\d+)\^(\d+)", written):
        return int(power[1]) ** int(power[2])
    if sized := re.fullmatch(r"([\d,]+) ([KM]iB)", written):
        return int(sized[1].replace(",", "")) * UNITS[sized[2]]
    return int(written.replace(",", ""))


def prose(path: Path) -> str:
    """The document with its lines joined, so a sentence reads the same however it is wrapped."""
    return " ".join(path.read_text(encoding="utf-8").split())


def stated(document: str, pattern: str) -> list[int]:
    """The numbers `pattern` (with {n} for each) finds, once, in `document`."""
    found = re.findall(pattern.replace("{n}", N), document, flags=re.IGNORECASE)
    assert len(found) == 1, f"{pattern!r} is stated {len(found)} times, not once"
    groups = found[0] if isinstance(found[0], tuple) else (found[0],)
    return [number(group) for group in groups]


# ---------------------------------------------------------------- README.md

# What the README's "every number has a stated range (...)" says, and the code's bounds for it.
README_RANGES: list[tuple[str, list[int]]] = [
    (r"tournament ids up to {n}", [limits.ID.hi]),
    (r"table numbers {n}-{n}", [limits.TABLE.lo, limits.TABLE.hi]),
    (r"seats {n}-{n}", [limits.SEAT.lo, limits.SEAT.hi]),
    (r"amounts and chips up to {n}", [limits.MONEY.hi]),
    (r"entries up to {n}", [limits.ENTRIES.hi]),
    (r"`structure generate --hours` {n}-{n}", [limits.HOURS.lo, limits.HOURS.hi]),
]
README_LIMITS: list[tuple[str, list[int]]] = [
    (r"`rules icm` is exact up to {n} players with every place paid", [MAX_EXACT_PLAYERS]),
    (r"{n} wrong PINs from one address lock it out for {n} minutes",
     [auth.WRONG_PINS, auth.LOCKOUT_SECONDS // 60]),
]


@pytest.mark.parametrize(("pattern", "code"), README_RANGES + README_LIMITS, ids=lambda value: str(value))
def test_the_readme_states_the_code_s_limit(pattern: str, code: list[int]) -> None:
    assert stated(prose(README), pattern) == code


def test_the_readme_s_ranges_are_all_checked() -> None:
    """A range added to the README's list without a line above fails here, not silently."""
    listed = re.search(r"every number has a stated range \((.*?)\);", prose(README))
    assert listed is not None
    checked = sum(len(code) for _pattern, code in README_RANGES)
    assert len(re.findall(N, listed[1])) == checked, listed[1]


def test_amounts_and_chips_share_their_bound() -> None:
    """The README gives one bound for both."""
    assert limits.MONEY.hi == limits.CHIPS.hi


# ---------------------------------------------------------------- docs/SECURITY.md

# Each row of SECURITY.md's table of ranges, by how its first cell begins: the Ranges its cell
# states, in order ("1 to 12; 2 to 12"); several Ranges in one group share the stated range.
TABLE_ROWS: dict[str, list[tuple[Range, ...]]] = {
    "Tournament ids": [(limits.ID,)],
    "Money": [(limits.MONEY,)],
    "A payment method's count": [(limits.COUNTED,)],
    "Chips": [(limits.CHIPS,)],
    "Rebuys or add-ons per player": [(limits.REBUYS, limits.ADD_ONS)],
    "Table numbers": [(limits.TABLE,)],
    "Seat numbers": [(limits.SEAT,), (limits.SEATS,)],
    "Entries and players": [(limits.ENTRIES, limits.PLACE)],
    "Level numbers": [(limits.LEVEL,)],
    "A level's or break's minutes": [(limits.MINUTES,)],
    "`structure generate --hours`": [(limits.HOURS,)],
    "Clock seconds": [(limits.SECONDS,), (limits.HANDS,)],
    "`log --limit`": [(limits.COUNT,)],
}
SECURITY_LIMITS: list[tuple[str, list[int]]] = [
    (r"names {n} characters, labels \([^)]*\) {n}, notes \([^)]*\) {n}",
     [text.MAX_NAME, text.MAX_LABEL, text.MAX_NOTE]),
    (r"stay within {n} steps", [limits.MAX_ICM_WORK]),
    (r"\(about half a second\): {n} players with every place paid", [MAX_EXACT_PLAYERS]),
    (r"formula\) at most {n}, a members CSV at most {n}", [limits.MAX_CONFIG_BYTES, limits.MAX_IMPORT_BYTES]),
    (r"on stdin \([^)]*\): at most {n}, nested at most {n} deep, integers of at most {n} digits",
     [limits.MAX_JSON_BYTES, limits.MAX_JSON_DEPTH, limits.MAX_JSON_DIGITS]),
    (r"a number of more than {n} digits in a TOML file", [sys.get_int_max_str_digits()]),
    (r"a request body at most {n}", [limits.MAX_WEB_BODY_BYTES]),
    (r"evaluated: at most {n}, nested at most {n} deep", [limits.MAX_TDT_BYTES, limits.MAX_TDT_DEPTH]),
    (r"search at most {n} characters and {n} words", [limits.SEAT_QUERY_CHARS, limits.SEAT_QUERY_WORDS]),
    (r"at most {n} requests answered at once and {n} browsers", [limits.MAX_CONNECTIONS, limits.MAX_STREAMS]),
    (r"keeps {n} handles spare", [2 * server.SPARE_FILES]),
    (r"request headers do not arrive within {n} seconds", [server.HEADER_SECONDS]),
    (r"has not arrived within {n} seconds of its start", [server.REQUEST_SECONDS]),
    (r"holds at most {n} connections from one address", [server.PER_ADDRESS]),
    (r"{n} of the {n} requests answered at once are kept for logged-in staff",
     [limits.MAX_CONNECTIONS // edge.STAFF_SHARE, limits.MAX_CONNECTIONS]),
    (r"{n} wrong within {n} minutes lock that address or that name out for {n} minutes, "
     r"at most {n} wrong guesses",
     [auth.WRONG_PINS, auth.WINDOW_SECONDS // 60, auth.LOCKOUT_SECONDS // 60, auth.GUESSES_PER_HOUR]),
    (r"after {n} hours", [auth.SESSION_SECONDS // 3600]),
    (r"PIN checks run at most {n} at a time", [staff.PIN_CHECKS_AT_ONCE]),
]


def table_rows() -> list[tuple[str, str]]:
    """SECURITY.md's table of ranges: (what, range) per row."""
    lines = SECURITY.read_text(encoding="utf-8").splitlines()
    start = lines.index("| What | Range |") + 2  # past the header and its rule
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        what, written = (cell.strip() for cell in line.strip("|").split("|"))
        rows.append((what, written))
    return rows


def stated_ranges(written: str) -> list[tuple[int | None, int]]:
    """"1 to 12; 2 to 12 (why)" as [(1, 12), (2, 12)]; "up to 100,000" as [(None, 100000)]."""
    ranges: list[tuple[int | None, int]] = []
    for part in written.split("(")[0].split(";"):
        pair = re.fullmatch(rf"\s*(?:{N} to|up to) {N}\s*", part)
        assert pair is not None, f"not a range: {part!r}"
        ranges.append((None if pair[1] is None else number(pair[1]), number(pair[2])))
    return ranges


@pytest.mark.parametrize(("what", "written"), table_rows(), ids=lambda value: value[:30])
def test_security_md_states_each_range_as_the_code_bounds_it(what: str, written: str) -> None:
    rows = [ranges for begins, ranges in TABLE_ROWS.items() if what.startswith(begins)]
    assert len(rows) == 1, f"a row of SECURITY.md's table that this test does not know: {what!r}"
    expected = rows[0]
    stated_here = stated_ranges(written)
    assert len(stated_here) == len(expected), written
    for (lo, hi), group in zip(stated_here, expected, strict=True):
        for bound in group:
            assert (lo, hi) == (bound.lo if lo is not None else None, bound.hi), (what, bound)


def test_security_md_has_every_range_the_test_knows() -> None:
    whats = [what for what, _written in table_rows()]
    for begins in TABLE_ROWS:
        assert any(what.startswith(begins) for what in whats), f"SECURITY.md lost the row {begins!r}"


@pytest.mark.parametrize(("pattern", "code"), SECURITY_LIMITS, ids=lambda value: str(value))
def test_security_md_states_the_code_s_limit(pattern: str, code: list[int]) -> None:
    assert stated(prose(SECURITY), pattern) == code


def test_both_documents_give_the_same_table_numbers() -> None:
    """The case that drifted: the README's short list and SECURITY.md's table agree."""
    readme = stated(prose(README), r"table numbers {n}-{n}")
    security = next(written for what, written in table_rows() if what.startswith("Table numbers"))
    assert [(readme[0], readme[1])] == stated_ranges(security)

"""docs/KEYS.md's rows for the palette entries that ask one thing (tui/app.py `ASKED_ACTIONS`),
written from that table itself, so a new entry needs no row written by hand (`make docs`).
tests/test_a_new_command.py fails, saying to run it, while the file is behind the table.

    python scripts/keys.py            write the rows
    python scripts/keys.py --check    only say whether they are current (exit 1 if not)
"""

from __future__ import annotations

import sys
from pathlib import Path

KEYS = Path(__file__).parents[1] / "docs" / "KEYS.md"
BEGIN = "<!-- The rows below are written by `make docs` (scripts/keys.py) from tui/app.py ASKED_ACTIONS. -->"
END = "<!-- End of the written rows. -->"


def rows() -> str:
    """The table of the palette's asked entries: the action, and the keys (its name, then the
    question it asks, in English as the catalogue's msgids are)."""
    from tdconsole.tui.app import ASKED_ACTIONS

    lines = ["| Action | Screen | Keys |", "|---|---|---|"]
    lines += [f'| `{acting.verb}` | palette | `Ctrl+P` "{name}" `⏎` {question.rstrip(":")} `⏎` |'
              for name, question, acting, _field in ASKED_ACTIONS]
    return "\n".join(lines)


def written(text: str) -> str:
    """`text` (docs/KEYS.md) with its written rows as the palette's table has them now."""
    assert BEGIN in text and END in text, f"docs/KEYS.md lost its markers {BEGIN!r} ... {END!r}"
    before, rest = text.split(BEGIN, 1)
    _old, after = rest.split(END, 1)
    return f"{before}{BEGIN}\n{rows()}\n{END}{after}"


def main(argv: list[str]) -> int:
    text = KEYS.read_text(encoding="utf-8")
    new = written(text)
    if "--check" in argv:
        if new != text:
            print("docs/KEYS.md: the palette's rows are behind tui/app.py: run make docs")
            return 1
        return 0
    KEYS.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The remote's bust list: which seated players get a button on the TD's phone.

An evening of a few tables shows them all, by table, as it always did. A festival does not: 647
seated players were a button each, a page 40,000 px tall to scroll for the one who busted. There
the TD first types part of a name or picks a table (a row of small buttons, one a table), and the
server sends only those players' buttons; a name typed finds him at any table. The players already
picked for a bust keep their buttons whatever is shown, so a bust of two at different tables can
be picked one search at a time. Names are matched as "find my seat" matches them (`search_words`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from tdconsole.i18n import N_
from tdconsole.web.board import folded, search_words

# Up to this many seated players (five or so tables) the list shows every one of them.
SHOW_ALL = 40
# A search answers at most this many buttons; "type more of the name" says there are others.
BUST_MATCHES = 24


def bust_list(players: Sequence[Mapping[str, Any]], *, query: str = "", table: int | None = None,
              picked: Collection[str] = ()) -> dict[str, Any]:
    """The buttons to show (`shown`, the state view's players, by table and seat), the table
    picker's tables when there are too many players to show at once (`tables`: table and
    players), the table picked, whether a name was typed (`searching`: the picker steps aside),
    and a `hint` for the TD (a msgid, filled in from `counts`: the seated players and their
    tables). A query too long is refused (InvalidInput), as "find my seat" refuses it."""
    seated = sorted((p for p in players if p["status"] == "seated"), key=lambda p: (p["table"], p["seat"]))
    at_table = Counter(p["table"] for p in seated)
    large = len(seated) > SHOW_ALL
    words = search_words(query)
    hint, counts = "", {"seated": len(seated), "tables": len(at_table)}
    if words:
        found = [p for p in seated if all(word in folded(p["name"]) for word in words)]
        shown = found[:BUST_MATCHES]
        if len(found) > BUST_MATCHES:
            hint = N_("more players match: type more of the name")
        elif not found:
            hint = N_("no seated player by that name")
    elif large and table in at_table:
        shown = [p for p in seated if p["table"] == table]
    elif large:
        shown = []
        hint = N_("{seated} players are seated at {tables} tables: type part of a name, or pick a table")
    else:
        shown = seated
    if picked:
        listed = {p["name"] for p in shown}
        extra = [p for p in seated if p["name"] in picked and p["name"] not in listed]
        shown = sorted([*shown, *extra], key=lambda p: (p["table"], p["seat"]))
    return {"shown": shown, "table": table if large and table in at_table else None,
            "tables": [{"table": t, "players": n} for t, n in sorted(at_table.items())] if large else [],
            "hint": hint, "counts": counts, "searching": bool(words)}

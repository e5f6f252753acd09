"""How seating is shown: seat markers, plans with their keys, the seating
list for the wall and a seat slip per player as text or HTML.

Shared by the seating CLI and the tables screen. Names are user text: HTML escapes them.
"""

from __future__ import annotations

from html import escape
from typing import Any, Literal

from tdconsole.domain.seating.balancing import BalancePlan
from tdconsole.domain.seating.tables import Room, open_tables, seating_list

Format = Literal["text", "html"]

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; }}
table {{ border-collapse: collapse; }}
th, td {{ padding: 0.2em 1em; border-bottom: 1px solid #ccc; text-align: left; }}
td.n {{ text-align: right; }}
.slip {{ border: 1px dashed #000; padding: 1em; margin: 1em 0; width: 18em;
         page-break-inside: avoid; }}
.slip .name {{ font-size: 1.4em; font-weight: bold; }}
.slip .where {{ font-size: 2em; }}
</style>
</head>
<body>
<h1>{title}</h1>
{body}
</body>
</html>
"""


def marks(view: dict[str, Any], seat: int) -> str:
    """D / SB / BB for a seat of a `table_view` (dead ones marked), and who waits (T-MOVE-2)."""
    found = []
    if view["button"] == seat:
        found.append("D (dead)" if view["dead_button"] else "D")
    if view["small_blind"] == seat:
        dead = view["dead_small_blind"] and view["small_blind"] != view["button"]
        found.append("SB (dead)" if dead else "SB")
    if view["big_blind"] == seat:
        found.append("BB")
    if seat in view["waiting"]:
        found.append("waits")
    if seat in view["blocked"]:
        found.append("blocked")
    return " ".join(found)


def shown_seats(view: dict[str, Any]) -> list[int]:
    """The seats worth a line: taken, blocked, or holding a (dead) button or blind."""
    numbered = {int(s) for s in view["seats"]} | set(view["blocked"])
    numbered |= {s for s in (view["button"], view["small_blind"], view["big_blind"]) if s}
    return sorted(numbered)


def plan_json(plan: BalancePlan) -> dict[str, Any]:
    """`balance --json`: {"moves": [{"player", "from", "to", "rule"}], "halt", "break"}."""
    return plan.model_dump(mode="json", by_alias=True)


def move_line(move: dict[str, Any]) -> str:
    return (f"{move['player']}: table {move['from']['table']} seat {move['from']['seat']} -> "
            f"table {move['to']['table']} seat {move['to']['seat']}")


def seats(room: Room) -> list[tuple[str, int, int]]:
    """(name, table, seat) for every seated player, by name as `seating_list` orders them."""
    return sorted((name, t.number, seat) for t in open_tables(room) for seat, name in t.occupants.items())


def seating_text(room: Room, title: str) -> str:
    return f"{title}\n\n{seating_list(room)}"


def seating_html(room: Room, title: str) -> str:
    rows = "\n".join(
        f'<tr><td>{escape(name)}</td><td class="n">{table}</td><td class="n">{seat}</td></tr>'
        for name, table, seat in seats(room)
    )
    body = f"<table>\n<tr><th>Player</th><th>Table</th><th>Seat</th></tr>\n{rows}\n</table>"
    return _PAGE.format(title=escape(title), body=body)


def slips_text(room: Room, title: str) -> str:
    """One slip per player to cut apart and hand out (T-SEAT-1: the seat is binding)."""
    cut = "-" * 32
    slips = [f"{title}\n{name}\nTable {table}  Seat {seat}\n{cut}" for name, table, seat in seats(room)]
    return "\n".join(slips) + "\n" if slips else ""


def slips_html(room: Room, title: str) -> str:
    body = "\n".join(
        f'<div class="slip"><div>{escape(title)}</div><div class="name">{escape(name)}</div>'
        f'<div class="where">Table {table} &nbsp; Seat {seat}</div></div>'
        for name, table, seat in seats(room)
    )
    return _PAGE.format(title=escape(title), body=body)


def export(room: Room, title: str, fmt: Format, slips: bool = False) -> str:
    """The seating list, or the seat slips, in `fmt`."""
    if slips:
        return slips_html(room, title) if fmt == "html" else slips_text(room, title)
    return seating_html(room, title) if fmt == "html" else seating_text(room, title)

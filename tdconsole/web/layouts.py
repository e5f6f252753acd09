"""A club's TV layout on the page: its views as HTML (one partial per cell, templates/cells/) and
its grid as the page's stylesheet, `tv/layout.css` (the pages allow no inline style: edge.py's
Content-Security-Policy). The layout's names and sizes were checked by config/tv_layouts.py to be
CSS names and plain sizes, so nothing else can be written into the stylesheet."""

from __future__ import annotations

from typing import Any

from tdconsole.config.tv_layouts import Layout, grid, names, tracks

# The partials each kind of cell shows, in order: a cell may gather a few of today's TV parts
# (players with a shootout's tables and the rebuys, the mystery envelopes with the bounties), each
# drawn once.
PARTS: dict[str, tuple[str, ...]] = {
    "players": ("players", "shootout", "rebuys"),
    "bounties": ("mystery", "bounties"),
    "next": ("next",),
}
# Cells whose partial wants the classic board's box around it to take its style.
WRAPPERS: dict[str, str] = {"next": "next fit", "break": "next fit", "blinds": "main", "clock": "main"}


def screens(layout: Layout) -> list[dict[str, Any]]:
    """The views as the page's template takes them: each with its seconds and its cells."""
    shown = []
    for view in layout.screens():
        cells = []
        for name in names(view):
            cell = layout.cell(name)
            kind = cell.kind or name
            cells.append({"name": name, "kind": kind, "cell": cell, "parts": PARTS.get(kind, (kind,)),
                          "wrapper": WRAPPERS.get(kind)})
        shown.append({"seconds": view.seconds, "cells": cells})
    return shown


# The least height of a row that holds the clock: a banner of table moves (as tall as a third of
# the screen) makes the clock smaller, as on the classic board, but never takes it away.
CLOCK_ROW = "25vh"


def _track(text: str, least: str = "0") -> str:
    # A fraction may shrink below its content's size (`minmax(0, …)`): a long name is shrunk by
    # fit.js inside its cell rather than push the grid off the screen.
    return f"minmax({least}, {text})" if text.endswith("fr") else text


def stylesheet(layout: Layout) -> str:
    """The grid of each view of `layout` as CSS: `.v0`, `.v1`, … in turn."""
    rules = []
    for number, view in enumerate(layout.screens()):
        rows = grid(view)
        columns = [_track(t) for t in tracks(view.columns)] or ["minmax(0, 1fr)"] * len(rows[0])
        clock_rows = {number for number, row in enumerate(rows)
                      if any(name != "." and layout.cell(name).kind in ("clock", "board") for name in row)}
        heights = [_track(track, CLOCK_ROW if number in clock_rows else "0")
                   for number, track in enumerate(tracks(view.rows) or ["1fr"] * len(rows))]
        areas = " ".join('"' + " ".join(row) + '"' for row in rows)
        rules.append(f".tv .layout.v{number} {{ grid-template-areas: {areas}; "
                     f"grid-template-columns: {' '.join(columns)}; "
                     f"grid-template-rows: {' '.join(heights)}; }}")
        rules += [f".tv .layout.v{number} > .a-{name} {{ grid-area: {name}; }}" for name in names(view)]
    return "\n".join(rules) + "\n"

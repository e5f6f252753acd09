"""`tdconsole tv layouts` and `tv check FILE`: the club's TV layouts (config/tv_layouts.py), shown
at `/tv?layout=NAME` by `serve`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tdconsole.cli.kit import JsonFlag, console, emit
from tdconsole.i18n import _, error_text

tv_app = typer.Typer(help="The TV's layouts: the shipped ones and the club's own.", no_args_is_help=True)
app = typer.Typer()  # top-level: tv
app.add_typer(tv_app, name="tv")


@tv_app.command("layouts")
def tv_layouts(as_json: JsonFlag = False) -> None:
    """The TV layouts by name: shipped or the club's (which replaces a shipped one of its name), the
    cells each shows and its views; `serve` shows one at /tv?layout=NAME."""
    from tdconsole.config.tv_layouts import club_dir, layout_files, names, read_layout
    from tdconsole.domain.errors import TdError

    rows: list[dict[str, Any]] = []
    for name, (source, path) in sorted(layout_files().items()):
        try:
            layout = read_layout(path)
        except TdError as error:  # a club's file that does not load: listed, with why
            rows.append({"name": name, "source": source, "file": str(path), "title": None, "cells": [],
                         "views": [], "error": error_text(error)})
            continue
        views = layout.screens()
        cells = list(dict.fromkeys(cell for view in views for cell in names(view)))
        rows.append({"name": name, "source": source, "file": str(path), "title": layout.title,
                     "cells": [{"name": cell, "kind": layout.cell(cell).kind} for cell in cells],
                     "views": [{"seconds": view.seconds, "cells": names(view)} for view in views],
                     "error": None})

    def render() -> None:
        for row in rows:
            source = _("club") if row["source"] == "club" else _("shipped")
            if row["error"]:
                console.print(f"{row['name']} ({source}): {row['error']}", markup=False, highlight=False,
                              soft_wrap=True)
                continue
            turns = [str(view["seconds"]) for view in row["views"]] if len(row["views"]) > 1 else []
            line = _("{name} ({source}): {cells}").format(
                name=row["name"], source=source, cells=", ".join(cell["name"] for cell in row["cells"]))
            if turns:
                line += " · " + _("{count} views in turn ({seconds} s)").format(
                    count=len(turns), seconds=" / ".join(turns))
            console.print(line, markup=False, highlight=False, soft_wrap=True)
        console.print(_("The club's own layouts: {folder}").format(folder=club_dir()), markup=False,
                      highlight=False)

    emit(rows, as_json, render)


@tv_app.command("check")
def tv_check(file: Annotated[Path, typer.Argument(help="A layout file (TOML).")],
             as_json: JsonFlag = False) -> None:
    """Check a layout file: one line per problem (exit 1), or "ok"."""
    from tdconsole.config.tv_layouts import check_file

    problems = [error_text(problem) for problem in check_file(file)]
    emit({"file": str(file), "ok": not problems, "problems": problems}, as_json, lambda: console.print(
        "\n".join(problems) if problems else _("{file}: ok").format(file=file), markup=False,
        highlight=False, soft_wrap=True))
    if problems:
        raise SystemExit(1)

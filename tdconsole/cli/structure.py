"""`tdconsole structure ...`: blind structures, the shipped presets and the generator."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tdconsole.actions import money as money_actions
from tdconsole.cli.kit import JsonFlag, console, emit, session_of, write_document
from tdconsole.config.structures import list_structures, load_structure, save_preset, save_structure
from tdconsole.domain import limits
from tdconsole.domain.clock.games import rotation
from tdconsole.domain.clock.structure import Level, Structure, check_structure
from tdconsole.domain.clock.structure_gen import generate_structure
from tdconsole.domain.errors import InvalidInput
from tdconsole.i18n import _
from tdconsole.views.games import level_words

structure_app = typer.Typer(help="Blind structures: show the presets, generate a new one, use one.",
                            no_args_is_help=True)
app = typer.Typer()  # top-level: structure
app.add_typer(structure_app, name="structure")


def _render(structure: Structure) -> None:
    console.print(_("{name}: starting stack {stack}").format(name=structure.name,
                                                             stack=structure.starting_stack))
    if structure.chips:
        console.print(_("Chips: {chips}").format(
            chips=", ".join(f"{chip.value} {chip.color}" for chip in structure.chips)))
    for index, period in enumerate(structure.periods):
        minutes = _("{minutes} min").format(minutes=period.minutes)
        if isinstance(period, Level):
            console.print(f"  {structure.level_number(index):>3}  {level_words(period):<28} {minutes}")
        else:
            extras = []
            if period.color_up:
                extras.append(_("colour up {chips}").format(chips=", ".join(map(str, period.color_up))))
            if period.add_on:
                extras.append(_("add-on"))
            console.print("       " + _("break {minutes}").format(minutes=minutes) +
                          (f" ({'; '.join(extras)})" if extras else ""))


@structure_app.command("list")
def list_command(as_json: JsonFlag = False) -> None:
    """The shipped structures by key."""
    keys = list_structures()
    emit({"structures": keys}, as_json, lambda: console.print("\n".join(keys)))


@structure_app.command("show")
def show(key: Annotated[str, typer.Argument(help="A preset key or a .toml file.")],
         as_json: JsonFlag = False) -> None:
    """A structure's levels, breaks and chip set."""
    structure = load_structure(key)
    emit(structure, as_json, lambda: _render(structure))


@structure_app.command("generate")
def generate(
    stack: Annotated[int, typer.Option("--stack", help="Starting stack in chips.")],
    players: Annotated[int, typer.Option("--players", help="Expected number of entries.")],
    hours: Annotated[float, typer.Option("--hours", help="Target length in hours.")],
    level_minutes: Annotated[int, typer.Option("--level-minutes", help="Minutes per level.")],
    name: Annotated[
        str, typer.Option("--name", help="The structure's name.")
    ] = "Generated structure",
    ante_from: Annotated[
        int | None, typer.Option("--ante-from", help="First level with the big blind ante.")
    ] = None,
    break_minutes: Annotated[
        int | None, typer.Option("--break-minutes", help="Minutes per break.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Also write the structure to this TOML file.")
    ] = None,
    games: Annotated[str | None, typer.Option(
        "--games", help="Mixed games, one a level in this order (TDA RP-18): letters of HORSE "
        "(H,O,R,S,E) or games (lhe, plo, razz, stud8...).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Propose a structure on chip-friendly values for the expected field and length."""
    structure = generate_structure(
        stack, players, round(limits.HOURS.check_real("--hours", hours) * 60), level_minutes,
        name=name, ante_from_level=ante_from, break_minutes=break_minutes,
        games=None if games is None else rotation(games),
    )
    if out is not None:
        save_structure(structure, out)
    emit(structure, as_json, lambda: _render(structure))


@structure_app.command("export")
def export(
    key: Annotated[str, typer.Argument(help="A preset key or a .toml file.")],
    file_format: Annotated[str, typer.Option(
        "--format", help="csv (level, minutes, small blind, big blind, ante, break), tdt (TD3), html "
                         "(a printable structure sheet) or pdf (that sheet printed).")] = "csv",
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file (default: standard output).")
                   ] = None,
) -> None:
    """Write a structure as the CSV clubs publish, as a TD3 save of its levels and chip set, or as
    a printable sheet (HTML or PDF)."""
    from tdconsole.config.structure_files import structure_csv, structure_tdt
    from tdconsole.views.export import structure_sheet_html
    from tdconsole.views.papers import in_format

    writers = {"csv": structure_csv, "tdt": structure_tdt}
    if file_format not in (*writers, "html", "pdf"):
        raise InvalidInput("--format {file_format!r}: csv, tdt, html or pdf", file_format=file_format)
    structure = load_structure(key)
    write_document(writers[file_format](structure) if file_format in writers
                   else in_format(file_format, lambda _html: structure_sheet_html(structure)), out)


@structure_app.command("import")
def import_structure(
    file: Annotated[Path, typer.Argument(help="A CSV (level, minutes, small blind, big blind, ante, "
                                              "break) or a TD3 save (.tdt).")],
    name: Annotated[str | None, typer.Option("--name", help="The preset's name (default: the file's).")
                    ] = None,
    stack: Annotated[int | None, typer.Option(
        "--stack", min=limits.CHIPS.lo, max=limits.CHIPS.hi,
        help="Starting stack (a CSV has none; default 20000; a .tdt says its own).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Save a structure (and from a TD3 save its chip set) among the TD's presets."""
    from tdconsole.config.structure_files import load_structure_csv
    from tdconsole.config.td3 import load_save

    if file.suffix.casefold() == ".tdt":
        structure = load_save(file).structure
        updates = {key: value for key, value in (("name", name), ("starting_stack", stack)) if value}
        structure = check_structure(structure.model_copy(update=updates))
    else:
        structure = load_structure_csv(file, name=name, stack=stack or 20_000)
    key = save_preset(structure)

    def render() -> None:
        console.print(_("Saved as preset {key}").format(key=key))
        _render(structure)

    emit({"key": key, "structure": structure}, as_json, render)


@structure_app.command("use")
def use(ctx: typer.Context,
        key: Annotated[str, typer.Argument(help="A preset key or a .toml file.")],
        as_json: JsonFlag = False) -> None:
    """Change the running tournament's structure (T-LEVEL-1: the TD's call, logged, undoable).

    The clock stays in the same period and keeps the time already played in it.
    """
    request = money_actions.StructureRequest(structure=load_structure(key), source=key)
    data = money_actions.structure_use(session_of(ctx).service(), request)
    emit(data, as_json, lambda: console.print(
        _("Structure now {name}: level {level}, {remaining} left").format(
            name=data.structure, level=data.clock.level, remaining=data.clock.remaining)))

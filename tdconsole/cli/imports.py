"""`tdconsole import tdt FILE...`: The Tournament Director's (TD3's) saves, each a finished
tournament in the log (actions/td3_import.py), its players linked to the club's members."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import typer

from tdconsole.actions.td3_import import Imported, import_saves, into_league
from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.config.td3 import load_saves
from tdconsole.i18n import _

import_app = typer.Typer(help="Import from other programs: The Tournament Director's .tdt saves.",
                         no_args_is_help=True)
app = typer.Typer()  # top-level: import
app.add_typer(import_app, name="import")


def _names(report: Imported, how: str) -> list[str]:
    return [link.name if link.td3_name == link.name else f"{link.td3_name} -> {link.name}"
            for link in report.links if link.how == how]


def _render(reports: list[Imported], dry_run: bool) -> None:
    for report in reports:
        where = (_("would be a new tournament") if dry_run else
                 _("tournament {id}").format(id=report.tournament))
        console.print(_("{path}: {title} (TD3 {version}) {where}").format(
            path=report.path, title=report.title, version=report.version, where=where))
        console.print("  " + _("{players} players, {entries} entries, {rebuys} rebuys, {add_ons} add-ons, "
                               "{busts} busts; winner: {winner}").format(
            players=report.players, entries=report.entries, rebuys=report.rebuys, add_ons=report.add_ons,
            busts=report.busts, winner=report.winner or _("none (not finished)")))
        if report.prizes:
            console.print("  " + _("Prizes: {prizes}").format(prizes=", ".join(
                f"{name} {amount}" for name, amount in sorted(report.prizes.items(), key=lambda kv: -kv[1]))))
        console.print("  " + _("Structure: {key}").format(key=report.structure))
        new, by_name = _names(report, "new"), _names(report, "name")
        console.print("  " + _("Members: {uuid} by TD3 id, {named} by name, {new} new").format(
            uuid=len(_names(report, "uuid")), named=len(by_name), new=len(new)))
        if by_name:
            console.print("    " + _("Linked by name: {names}").format(names=", ".join(by_name)))
        if new:
            console.print("    " + _("New members: {names}").format(names=", ".join(new)))
        for template, values in report.notes:
            console.print("  " + _(template).format(**values))


def _json(report: Imported) -> dict[str, object]:
    data = dataclasses.asdict(report)
    data["notes"] = [template.format(**values) for template, values in report.notes]
    return data


@import_app.command("tdt")
def tdt(
    ctx: typer.Context,
    files: Annotated[list[Path], typer.Argument(help="TD3 save files (.tdt), versions 3.3 to 3.7.2.")],
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Only say what would be imported.")] = False,
    league: Annotated[str | None, typer.Option(
        "--league", help="Count the tournaments in this league (a new one scores with the saves' own "
                         "TD3 formula).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Each TD3 save becomes a finished tournament: players linked to members, entries, rebuys,
    add-ons, busts with their level and knockers, prizes as TD3 paid them, the structure as a preset.

    Every file is read before anything is written: one that cannot be read changes nothing."""
    loaded = load_saves(files)
    store = session_of(ctx).store()
    reports = import_saves(store, loaded, dry_run=dry_run)
    joined = into_league(store, league, loaded, reports) if league and not dry_run else None

    def render() -> None:
        _render(reports, dry_run)
        if joined is not None:
            console.print(_("League {name}: tournaments {ids}").format(
                name=joined.name, ids=", ".join(map(str, joined.tournaments))))

    emit({"dry_run": dry_run, "imported": [_json(report) for report in reports],
          "league": joined.name if joined else None}, as_json, render)

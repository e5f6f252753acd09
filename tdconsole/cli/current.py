"""`tdconsole use ID`: the current tournament, which every command and terminal opened without
`--tournament` acts on. Only this command changes it, and each change is in the audit log."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.domain import limits
from tdconsole.i18n import _
from tdconsole.service import use_tournament
from tdconsole.store.event_store import EventStore

app = typer.Typer()


def named(store: EventStore, tournament_id: int | None) -> dict[str, Any] | None:
    """{"id", "name"} of a tournament, the shape every JSON output names one in."""
    if tournament_id is None:
        return None
    names = {t.id: t.name for t in store.tournaments()}
    return {"id": tournament_id, "name": names.get(tournament_id, "?")}


def label(tournament: dict[str, Any] | None) -> str:
    return _("none") if tournament is None else f"{tournament['id']}: {tournament['name']}"


@app.command("use")
def use(
    ctx: typer.Context,
    tournament_id: Annotated[int | None, typer.Argument(
        metavar="ID", min=limits.ID.lo, max=limits.ID.hi,
        help="The tournament to make current (without: show the current one).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Choose the current tournament (TD only, logged). Terminals already open keep theirs."""
    session = session_of(ctx)
    store = session.store()
    if tournament_id is None:
        entries = store.audit()
        history = [{"time": entry.time.isoformat(), "actor": entry.actor, "action": entry.action,
                    "tournament_id": entry.tournament_id, "detail": entry.detail}
                   for entry in entries]
        current = named(store, store.current_or_none())
        shown = {"tournament": current, "history": history}

        def render() -> None:
            from tdconsole.views.formatting import Formats

            when = Formats.of(session.house_rules()).when  # the club's clock
            console.print(_("Current tournament: {tournament}").format(
                tournament=label(current)))
            for entry in entries:
                console.print(f"{when(entry.time)} {entry.actor}: {entry.detail}")

        emit(shown, as_json, render)
        return
    previous = use_tournament(store, tournament_id, actor=session.actor, role=session.role)
    now_current, before = named(store, tournament_id), named(store, previous)
    data = {"tournament": now_current, "previous": before, "actor": session.actor}
    emit(data, as_json, lambda: console.print(
        _("Tournament {tournament} is now the current tournament (was {previous}); terminals "
          "already open stay on the tournament they opened").format(
            tournament=label(now_current), previous=label(before))))

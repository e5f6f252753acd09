"""The `tdconsole` command line. Every command goes through the service; `--json` on each."""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.table import Table

from tdconsole.cli.clock import clock_app, clock_line
from tdconsole.cli.current import app as current_app
from tdconsole.cli.current import label, named
from tdconsole.cli.display import display_app
from tdconsole.cli.floor import app as floor_app
from tdconsole.cli.house_rules import house_rules_app
from tdconsole.cli.kit import JsonFlag, Session, console, default_actor, emit, session_of
from tdconsole.cli.money import money_app
from tdconsole.cli.rules import rules_app
from tdconsole.cli.rulings import rulings_app
from tdconsole.cli.seating import app as seating_app
from tdconsole.cli.seating import seated_lines, where
from tdconsole.cli.structure import structure_app
from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.config.toml import describe_validation_error, load_house_rules
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.domain.tournament import undo_target
from tdconsole.service import Service
from tdconsole.store.db import make_engine, upgrade
from tdconsole.views.tournament import command_view, describe_command, log_view, state_view

app = typer.Typer(
    help="tdconsole: run a live poker tournament.",
    add_completion=False,
    pretty_exceptions_enable=False,
    invoke_without_command=True,
)
db_app = typer.Typer(help="The database.", no_args_is_help=True)
app.add_typer(clock_app, name="clock")
app.add_typer(db_app, name="db")
app.add_typer(house_rules_app, name="house-rules")
app.add_typer(rules_app, name="rules")
app.add_typer(rulings_app, name="rulings")
app.add_typer(structure_app, name="structure")
app.add_typer(seating_app)  # draw, seat, move, hand-done, button, balance, break-table, ..., tables
app.add_typer(money_app)
app.add_typer(display_app)  # tdconsole display, tdconsole serve
app.add_typer(floor_app)
app.add_typer(current_app)  # tdconsole use


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[str | None, typer.Option("--db", help="Database file or URL "
                  "(postgresql+psycopg://...). Default: $TDCONSOLE_DB or the user data dir.")] = None,
    tournament: Annotated[int | None, typer.Option("--tournament", "-t",
                          help="Tournament id (default: the current one; see tdconsole use).")] = None,
    actor: Annotated[str | None, typer.Option("--actor", help="Who is acting (for the log).")] = None,
    role: Annotated[str, typer.Option("--role", help="td or floor.")] = "td",
    sound: Annotated[bool, typer.Option("--sound/--no-sound",
                     help="The bell one minute before a level ends and at the change.")] = True,
) -> None:
    if role not in ("td", "floor"):
        raise InvalidInput(f"--role must be td or floor, not {role!r}")
    ctx.obj = Session(db=db, tournament=tournament, actor=actor or default_actor(), role=role,  # type: ignore[arg-type]
                      sound=sound)
    if ctx.invoked_subcommand is None:
        _open_tui(ctx.obj)


def _open_tui(session: Session) -> None:
    from tdconsole.tui.app import create_app

    service = session.service()
    create_app(service, sound=session.sound).run()


# ---------------------------------------------------------------- tournaments


@app.command()
def new(
    ctx: typer.Context,
    name: str,
    structure: Annotated[str, typer.Option(help="Structure key or TOML file.")] = DEFAULT_STRUCTURE,
    buy_in: Annotated[int, typer.Option("--buy-in", help="Prize part of the buy-in.")] = 0,
    fee: Annotated[int, typer.Option(help="Fee kept by the club.")] = 0,
    stack: Annotated[int | None, typer.Option(help="Starting stack (default: the structure's).")] = None,
    seats: Annotated[int, typer.Option(help="Seats per table.")] = 9,
    game: Annotated[str, typer.Option(help="The game.")] = "No-limit hold'em",
    late_reg_level: Annotated[int | None, typer.Option(
        "--late-reg-level", help="Late registration runs to the end of this level (T-REG-1).")] = None,
    use: UseFlag = False,
    as_json: JsonFlag = False,
) -> None:
    """Create a tournament (the current one stays current unless --use)."""
    session = session_of(ctx)
    service = Service.create(
        session.store(), name=name, structure=load_structure(structure), game=game, buy_in=buy_in,
        fee=fee, starting_stack=stack, seats_per_table=seats, late_reg_level=late_reg_level,
        house_rules=load_house_rules(), use=use, actor=session.actor, role=session.role,
    )
    data = {"id": service.tournament_id, "name": service.state.info.name, **_current(service)}
    emit(data, as_json, lambda: console.print(
        f"Created tournament {data['id']}: {data['name']}; {_current_line(data)}"))


UseFlag = Annotated[bool, typer.Option(
    "--use", help="Make it the current tournament (default: the current one stays).")]


def _current(service: Service) -> dict[str, Any]:
    """After `new` or `demo`: which tournament is current now, and whether it is the new one."""
    store = service.store
    current = named(store, store.current_or_none())
    return {"tournament": {"id": service.tournament_id, "name": service.state.info.name},
            "current": current, "made_current": current is not None
            and current["id"] == service.tournament_id}


def _current_line(data: dict[str, Any]) -> str:
    if data["made_current"]:
        return "it is now the current tournament"
    return (f"the current tournament is still {label(data['current'])} "
            f"(tdconsole use {data['id']} to switch, or -t {data['id']} for one command)")


@app.command()
def tournaments(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """List the tournaments in the database."""
    store = session_of(ctx).store()
    current = store.current_or_none()
    rows = [{"id": t.id, "name": t.name, "created_at": t.created_at.isoformat(),
             "current": t.id == current} for t in store.tournaments()]

    def render() -> None:
        table = Table("id", "name", "created", "current")
        for row in rows:
            table.add_row(str(row["id"]), row["name"], row["created_at"][:16],
                          "*" if row["current"] else "")
        console.print(table)

    emit(rows, as_json, render)


@app.command()
def state(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The tournament now: clock, entries, players."""
    service = session_of(ctx).service()
    data = state_view(service.state, service.tournament_id, service.now())

    def render() -> None:
        info, clock = data["tournament"], data["clock"]
        console.print(f"{info['name']} ({info['status']}): {data['players_left']} of "
                      f"{data['entries']} left")
        console.print(clock_line(clock))
        table = Table("name", "status", "table", "seat", "place", "prize")
        for player in data["players"]:
            place = _blank(player["place"]) + (f"-{player['last_place']}"
                                               if player["last_place"] else "")
            table.add_row(player["name"], player["status"], _blank(player["table"]),
                          _blank(player["seat"]), place, _blank(player["prize"]))
        console.print(table)

    emit(data, as_json, render)


def _blank(value: Any) -> str:
    return "" if value is None else str(value)


# ---------------------------------------------------------------- players


@app.command()
def register(
    ctx: typer.Context,
    names: list[str],
    seed: Annotated[int | None, typer.Option(
        "--seed", help="After the draw: repeat the late entries' seat draw exactly.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Register one or more players (all or none); after the draw each is seated (TDA 8A)."""
    session = session_of(ctx)
    envelopes = session.service().execute(commands.Register(names=names, seed=seed))
    service = session.service()
    # After the draw: table, seat and whether he waits until the button passes (T-MOVE-2).
    seats = {s["player"]: s for s in seated_lines(envelopes, service)}
    registered = [{"id": e.event.player_id, "name": e.event.name,  # type: ignore[union-attr]
                   **{k: seats[e.event.name][k] for k in ("table", "seat", "waits")  # type: ignore[union-attr]
                      if e.event.name in seats}}  # type: ignore[union-attr]
                  for e in envelopes if e.event.type == "player_registered"]
    data = {"registered": registered, "entries": service.state.entries,
            "players_left": service.state.players_left}
    emit(data, as_json, lambda: console.print(
        f"Registered {', '.join(p['name'] for p in registered)} ({data['entries']} entries)"
        + "".join(f"\n{where(s)}" for s in seats.values())))


@app.command()
def unregister(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """Take back a registration (before the player busts)."""
    service = session_of(ctx).execute(commands.Unregister(name=name))
    data = {"unregistered": name.strip(), "entries": service.state.entries}
    emit(data, as_json, lambda: console.print(f"Unregistered {name.strip()}"))


@app.command()
def undo(
    ctx: typer.Context,
    anyone: Annotated[bool, typer.Option(
        "--any", help="The last command of anyone, shown first (default: your own last command).")] = False,
    yes: Annotated[bool, typer.Option("--yes", help="With --any: do not ask before undoing.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Undo your last command (it stays in the log, marked undone); --any: anyone's, shown first."""
    session = session_of(ctx)
    service = session.service()
    command = commands.Undo(actor=session.actor)
    if anyone:
        service.refresh()
        target = command_view(service.log, undo_target(service.state, commands.Undo(any=True)).command_id)
        if not yes:
            # The question on stderr, so that --json output stays one document; with --yes the
            # result says what was taken back, and an error stays one line.
            sys.stderr.write(f"The last command: {describe_command(target)}\n")
            typer.confirm("Undo it?", default=False, abort=True, err=True)
        command = commands.Undo(any=True, command_id=target["command_id"])
    service.execute(command)
    target_id = service.log[-1].event.command_id  # type: ignore[union-attr]
    undone = [row for row in log_view(service.log, set()) if row["command_id"] == target_id]
    data = {"undone": command_view(service.log, target_id), "events": undone}
    emit(data, as_json, lambda: console.print(f"Undone: {describe_command(data['undone'])}"))


@app.command()
def log(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option(help="Show the last N events (0 = all).")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """The event log: every action, who did it and when."""
    service = session_of(ctx).service()
    rows = log_view(service.log, service.undone_commands())
    if limit > 0:
        rows = rows[-limit:]

    def render() -> None:
        table = Table("seq", "time", "actor", "event")
        for row in rows:
            summary = row["summary"] + (" [undone]" if row["undone"] else "")
            table.add_row(str(row["seq"]), row["time"][11:19], row["actor"], summary)
        console.print(table)

    emit(rows, as_json, render)


# ---------------------------------------------------------------- demo, database


DEMO_NAMES = (
    "Anders Holm", "Birgitte Lund", "Carsten Møller", "Ditte Skov", "Emil Vestergaard",
    "Freja Dahl", "Gustav Bech", "Hanne Krogh", "Ib Thorsen", "Jonna Friis", "Kasper Lind",
    "Lotte Brandt", "Mads Kjær", "Nanna Juhl", "Oskar Winther", "Pia Storm", "Rasmus Gade",
    "Sofie Mørk", "Troels Hviid", "Ulla Bang", "Viggo Rask", "Wenche Aagaard", "Yrsa Borg",
    "Åse Nygaard", "Bo Dalsgaard", "Camilla Ravn", "Dennis Høj", "Eva Lykke", "Frank Due",
    "Gitte Bro", "Henrik Holt", "Inge Vang", "Jesper Kok", "Karina Bjerg", "Lars Sand",
    "Maja Ø", "Niels Ry", "Olivia Kirk", "Peter Hald", "Rikke Vad", "Steen Bay",
    "Tina Ask", "Uffe Lund", "Vibeke Mose", "Willy Ege",
)


@app.command()
def demo(
    ctx: typer.Context,
    players: Annotated[int, typer.Option(help="How many demo players.")] = len(DEMO_NAMES),
    tui: Annotated[bool, typer.Option("--tui/--no-tui", help="Open the TUI afterwards.")] = True,
    use: UseFlag = False,
    as_json: JsonFlag = False,
) -> None:
    """Create a demo tournament with 45 players and open the TUI on it (the current one stays
    current unless --use)."""
    if not 2 <= players <= len(DEMO_NAMES):
        raise InvalidInput(f"--players must be between 2 and {len(DEMO_NAMES)}")
    session = session_of(ctx)
    service = Service.create(session.store(), name="Friday demo", buy_in=300, fee=50,
                             structure=load_structure(DEFAULT_STRUCTURE), house_rules=load_house_rules(),
                             use=use, actor=session.actor, role=session.role)
    service.execute(commands.Register(names=list(DEMO_NAMES[:players])))
    session.tournament, session._service = service.tournament_id, service
    data = {"id": service.tournament_id, "name": service.state.info.name,
            "entries": service.state.entries, **_current(service)}
    if tui:
        _open_tui(session)
    emit(data, as_json, lambda: console.print(
        f"Demo tournament {data['id']} with {data['entries']} players; {_current_line(data)}"))


@db_app.command("upgrade")
def db_upgrade(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Bring the database schema up to date (also done on every start)."""
    url = session_of(ctx).url
    revision = upgrade(make_engine(url))
    data = {"database": url, "revision": revision}
    emit(data, as_json, lambda: console.print(f"Schema at revision {revision}"))


def fail(message: str, code: int = 1) -> None:
    """One line on stderr and a non-zero exit: what every error looks like to a user."""
    sys.stderr.write(f"error: {message}\n")
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the app and turns every error into one line on stderr."""
    try:
        app(args=argv, prog_name="tdconsole", standalone_mode=False)
        raise SystemExit(0)  # like a standalone click app: main always ends by exiting
    except typer.Exit as done:
        raise SystemExit(done.exit_code) from None
    except typer.Abort:
        fail("aborted")
    except typer.TyperException as error:  # a usage error: one line, with where to find help
        message = error.format_message()  # type: ignore[attr-defined]
        if not message:  # a group called without a command: its help is the answer
            error.show()  # type: ignore[attr-defined]
            raise SystemExit(2) from None
        context = getattr(error, "ctx", None)
        where = context.command_path if context is not None else "tdconsole"
        fail(f"{message} (see {where} --help)", getattr(error, "exit_code", 2))
    except TdError as error:
        fail(str(error))
    except ValidationError as error:
        fail(describe_validation_error("input", error))
    except KeyboardInterrupt:
        fail("interrupted", 130)
    except Exception as error:  # a traceback in front of a user is a bug; show it only on request
        if os.environ.get("TDCONSOLE_DEBUG"):
            raise
        fail(f"internal error ({type(error).__name__}): {error}; set TDCONSOLE_DEBUG=1 for details")


if __name__ == "__main__":
    main()

"""`tdconsole new / tournaments / state / register / unregister / undo / log / demo / db upgrade /
db backup / db restore`:
the tournament itself, its players and its log. Every command goes through the service."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tdconsole import collector
from tdconsole.cli.current import label, named
from tdconsole.cli.kit import (
    JsonFlag,
    PaidOption,
    UnpaidOption,
    clock_line,
    confirm,
    console,
    emit,
    open_tui,
    session_of,
)
from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.i18n import N_, _, ngettext
from tdconsole.service import Service
from tdconsole.store.db import make_engine, upgrade
from tdconsole.views.formatting import format_clock
from tdconsole.views.seating import seated_line, waits_line

app = typer.Typer()  # top-level: new, tournaments, state, register, ..., demo, db
db_app = typer.Typer(help="The database.", no_args_is_help=True)
app.add_typer(db_app, name="db")


# ---------------------------------------------------------------- tournaments


@app.command()
def new(
    ctx: typer.Context,
    name: str,
    structure: Annotated[str | None, typer.Option(
        help="Structure key or TOML file (default: the template's, else club-turbo).")] = None,
    buy_in: Annotated[int | None, typer.Option("--buy-in", help="Prize part of the buy-in.")] = None,
    fee: Annotated[int | None, typer.Option(help="Fee kept by the club.")] = None,
    stack: Annotated[int | None, typer.Option(help="Starting stack (default: the structure's).")] = None,
    seats: Annotated[int | None, typer.Option(help="Seats per table (default 9).")] = None,
    game: Annotated[str | None, typer.Option(help="The game (default: No-limit hold'em).")] = None,
    late_reg_level: Annotated[int | None, typer.Option(
        "--late-reg-level", help="Late registration runs to the end of this level (T-REG-1).")] = None,
    tables: Annotated[int | None, typer.Option(
        "--tables", help="The tables the room has: with every seat taken, players wait as alternates "
                         "(default: no limit).")] = None,
    event: Annotated[str | None, typer.Option(
        "--event", help="Make it a flight of this festival event (its buy-in, fee and stop level).")] = None,
    template: Annotated[str | None, typer.Option(
        "--template", help="Start from this template's whole setup (template list); the options "
                           "given here win over it.")] = None,
    min_players: Annotated[int | None, typer.Option(
        "--min-players", help="The players the event needs to run: the TV and the sign-up page say "
                              "how many more (T-SIGNUP-1).")] = None,
    shootout: Annotated[bool, typer.Option(
        "--shootout", help="A shootout: each table plays down to its winners, who are drawn to the next "
                           "round; tables never balance or break (T-SHOOT-1..4).")] = False,
    winners_per_table: Annotated[int | None, typer.Option(
        "--winners-per-table", help="A shootout's winners per table (default 1; the last round plays "
                                    "to one, T-SHOOT-2).")] = None,
    round_prize: Annotated[list[str] | None, typer.Option(
        "--round-prize", "--round-prizes",
        help="ROUND=AMOUNT: each table winner of that round wins AMOUNT (repeatable; default: round "
             "1's winners a buy-in each, T-SHOOT-4).")] = None,
    use: UseFlag = False,
    as_json: JsonFlag = False,
) -> None:
    """Create a tournament (the current one stays current unless --use)."""
    from tdconsole.actions.templates import NewRequest, apply_money, setup
    from tdconsole.config.toml import load_house_rules

    session = session_of(ctx)
    made = setup(NewRequest(name=name, template=template, structure=structure, buy_in=buy_in, fee=fee,
                            stack=stack, seats=seats, game=game, late_reg_level=late_reg_level,
                            tables=tables, min_players=min_players, shootout=shootout,
                            winners_per_table=winners_per_table, round_prizes=_round_prizes(round_prize),
                            use=use), load_house_rules())
    if event is not None:
        from tdconsole.actions.flights import new_flight
        from tdconsole.club.festivals import Festivals

        store = session.store()
        service = new_flight(
            store, Festivals(store).get(event), name=name, structure=made.structure, game=made.game,
            starting_stack=made.starting_stack, seats_per_table=made.seats_per_table,
            late_reg_level=made.late_reg_level, house_rules=made.house_rules, tables=tables, use=use,
            actor=session.actor, role=session.role, buy_in=buy_in, fee=fee)
    else:
        service = Service.create(
            session.store(), name=name, structure=made.structure, game=made.game, buy_in=made.buy_in,
            fee=made.fee, starting_stack=made.starting_stack, seats_per_table=made.seats_per_table,
            late_reg_level=made.late_reg_level, house_rules=made.house_rules, tables=tables,
            min_players=made.min_players, shootout=made.shootout, use=use, actor=session.actor,
            role=session.role,
        )
    apply_money(service, made)  # the template's money settings, logged like money set
    data = {"id": service.tournament_id, "name": service.state.info.name, **_current(service),
            "template": made.template}
    emit(data, as_json, lambda: console.print(
        _("Created tournament {id}: {name}; {current}").format(id=data["id"], name=data["name"],
                                                                current=_current_line(data))))


def _round_prizes(pairs: list[str] | None) -> dict[int, int] | None:
    """`--round-prize 1=500`: round -> each table winner's prize (T-SHOOT-4)."""
    if not pairs:
        return None
    from tdconsole.domain.text import name_numbers

    prizes = name_numbers(pairs, "round_prizes")
    if not all(key.strip().isdigit() for key in prizes):
        raise InvalidInput("write ROUND=AMOUNT with a round number", field="round_prizes")
    return {int(key): amount for key, amount in prizes.items()}


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
        return _("it is now the current tournament")
    return _("the current tournament is still {current} (tdconsole use {id} to switch, or -t {id} for "
             "one command)").format(current=label(data["current"]), id=data["id"])


@app.command()
def tournaments(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """List the tournaments in the database."""
    store = session_of(ctx).store()
    current = store.current_or_none()
    listed = store.tournaments()
    rows = [{"id": t.id, "name": t.name, "created_at": t.created_at.isoformat(),
             "current": t.id == current} for t in listed]

    def render() -> None:
        from rich.table import Table  # Rich loads only for human-readable output

        from tdconsole.config.toml import load_house_rules
        from tdconsole.views.formatting import Formats

        when = Formats.of(load_house_rules()).when  # the club's clock: these span tournaments
        table = Table(_("id"), _("name"), _("created"), _("current"))
        for t in listed:
            table.add_row(str(t.id), t.name, when(t.created_at), "*" if t.id == current else "")
        console.print(table)

    emit(rows, as_json, render)


# The words `state` shows for the tournament's status (TournamentState.status), in the catalogue.
TOURNAMENT_STATUS = {"planned": N_("planned"), "running": N_("running"), "paused": N_("paused"),
                     "finished": N_("finished")}


@app.command()
def state(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The tournament now: clock, entries, players."""
    # The views this module's commands show load with the command that shows them: a scripted
    # `register` never builds the state's (the fast-CLI contract).
    from tdconsole.views.tournament import StateView, state_view

    def render(data: StateView, service: Service) -> None:
        info = data.tournament
        console.print(_("{name} ({status}): {left} of {entries} left").format(
            name=info.name, status=_(TOURNAMENT_STATUS.get(info.status, info.status)), left=data.players_left,
            entries=data.entries))
        console.print(clock_line(data.clock))
        # Rich and Babel load only for human-readable output (the fast-CLI contract)
        from rich.table import Table

        from tdconsole.views.formatting import Formats

        money = Formats.of(service.state.house_rules).money
        table = Table(_("name"), _("status"), _("table"), _("seat"), _("place"), _("prize"))
        for player in data.players:
            place = _blank(player.place) + (f"-{player.last_place}" if player.last_place else "")
            table.add_row(player.name, _(player.status), _blank(player.table), _blank(player.seat),
                          place, "" if player.prize is None else money(player.prize))
        console.print(table)

    # What it makes, the state and its views, lives until the answer is printed: the collector's
    # passes over a festival's 10,000 players and rows would find nothing, and were a sixth of the
    # command's time (the fast-CLI contract). Paused, not off: the tests run commands in-process;
    # in a process of its own, frozen at the end, so that no pass walks it again before the exit.
    with collector.paused(freeze=collector.one_command()):
        service = session_of(ctx).service()
        data = state_view(service.state, service.tournament_id, service.now())
        emit(data, as_json, lambda: render(data, service))


def _blank(value: Any) -> str:
    return "" if value is None else str(value)


# ---------------------------------------------------------------- players


@app.command()
def register(
    ctx: typer.Context,
    names: list[str],
    seed: Annotated[int | None, typer.Option(
        "--seed", help="After the draw: repeat the late entries' seat draw exactly.")] = None,
    member: Annotated[int | None, typer.Option(
        "--member", help="The club member this player is (default: the member with the name).")] = None,
    new_member: Annotated[bool, typer.Option(
        "--new-member", help="Make each name a club member first (number: --member N, or the next).")
    ] = False,
    ticket: Annotated[bool, typer.Option(
        "--ticket", help="Each pays the buy-in with a seat he won in a satellite (T-SAT-4).")] = False,
    paid: PaidOption = None,
    unpaid: UnpaidOption = False,
    as_json: JsonFlag = False,
) -> None:
    """Register one or more players (all or none), linked to their club members; after the draw
    each is seated (TDA 8A)."""
    from tdconsole.actions import registration  # loaded by the player commands only: `state` never needs it

    data = registration.register(session_of(ctx).service(), registration.RegisterRequest(
        names=names, seed=seed, member=member, new_member=new_member, ticket=ticket, paid=paid,
        unpaid=unpaid))
    registered = _("Registered {names} ({entries} entries)").format(
        names=", ".join(p.name for p in data.registered), entries=data.entries)
    by_ticket = [_("{name} paid by ticket {ticket} (T-SAT-4)").format(name=row.name, ticket=row.ticket)
                 for row in data.registered if row.ticket]
    emit(data, as_json, lambda: console.print(
        "\n".join([*([registered] if data.registered else []), *by_ticket, *map(seated_line, data.seated),
                   *map(waits_line, data.alternates or []), *([data.chip_set] if data.chip_set else [])])))


@app.command()
def unregister(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """Take back a registration (before the player busts)."""
    from tdconsole.actions import registration
    from tdconsole.views.log import alternate_line

    data = registration.unregister(session_of(ctx).service(), registration.NameRequest(name=name))

    def render() -> None:
        if data.alternate is not None:
            console.print(_("Alternate {number}, {name}, is taken off the list").format(
                number=data.alternate, name=data.unregistered))
        else:
            console.print(_("Unregistered {name}").format(name=data.unregistered))
        for seated in data.alternates_seated or []:
            console.print(alternate_line(seated.alternate, seated.name, seated.table, seated.seat,
                                         seated.waits))

    emit(data, as_json, render)


@app.command()
def alternates(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The alternates waiting for a seat, in the order they will be seated (new --tables)."""
    from tdconsole.actions import registration
    from tdconsole.actions.base import NoArguments

    data = registration.alternates(session_of(ctx).service(), NoArguments())

    def render() -> None:
        if not data.alternates:
            console.print(_("Nobody waits for a seat"))
        for row in data.alternates:
            console.print(_("Alternate {number}: {name}").format(number=row.alternate, name=row.name)
                          + (" " + _("(re-entry)") if row.reentry else ""))

    emit(data, as_json, render)


@app.command()
def undo(
    ctx: typer.Context,
    anyone: Annotated[bool, typer.Option(
        "--any", help="The last command of anyone, shown first (default: your own last command).")] = False,
    yes: Annotated[bool, typer.Option("--yes", help="With --any: do not ask before undoing.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Undo your last command (it stays in the log, marked undone); --any: anyone's, shown first."""
    from tdconsole.actions import players
    from tdconsole.views.tournament import describe_command

    service = session_of(ctx).service()
    zone = service.state.house_rules.money.time_zone
    command_id = None
    if anyone and not yes:
        target = players.last_command(service)
        # The question on stderr, so that --json output stays one document; with --yes the
        # result says what was taken back, and an error stays one line.
        sys.stderr.write(_("The last command: {command}").format(
            command=describe_command(target, time_zone=zone)) + "\n")
        confirm(_("Undo it?"))
        command_id = target.command_id
    data = players.undo(service, players.UndoRequest(anyone=anyone, yes=anyone, command_id=command_id))
    emit(data, as_json, lambda: console.print(
        _("Undone: {command}").format(command=describe_command(data.undone, time_zone=zone))))


@app.command()
def log(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option(
        min=0, max=limits.COUNT.hi, help="Show the last N events (0 = all).")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """The event log: every action, who did it and when."""
    from tdconsole.views.log import undone_note
    from tdconsole.views.tournament import log_view

    service = session_of(ctx).service()
    rows = log_view(service.log, service.undone_commands())
    if limit > 0:
        rows = rows[-limit:]

    def render() -> None:
        from rich.table import Table  # Rich loads only for human-readable output
        from rich.text import Text

        zone = service.state.house_rules.money.time_zone
        table = Table("#", _("time"), _("by"), _("what happened"))
        for row in rows:
            # An undone entry struck through, and who undid it when (kept readable without colour).
            text = Text(row.text, style="strike dim" if row.undone else "")
            if row.undone:
                text.append(f" ({undone_note(row.undone_by, row.undone_at, time_zone=zone)})",
                            style="italic")
            table.add_row(str(row.seq), format_clock(row.time, time_zone=zone), row.actor, text)
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
        raise InvalidInput("--players must be between 2 and {count}", count=len(DEMO_NAMES))
    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
    from tdconsole.config.toml import load_house_rules

    session = session_of(ctx)
    service = Service.create(session.store(), name="Friday demo", buy_in=300, fee=50,
                             structure=load_structure(DEFAULT_STRUCTURE), house_rules=load_house_rules(),
                             use=use, actor=session.actor, role=session.role)
    from tdconsole.domain.commands import Register  # not loaded by this module's reads (`state`)

    service.execute(Register(names=list(DEMO_NAMES[:players])))
    session.tournament, session._service = service.tournament_id, service
    data = {"id": service.tournament_id, "name": service.state.info.name,
            "entries": service.state.entries, **_current(service)}
    if tui:
        open_tui(session)
    emit(data, as_json, lambda: console.print(
        _("Demo tournament {id} with {entries} players; {current}").format(
            id=data["id"], entries=data["entries"], current=_current_line(data))))


@db_app.command("upgrade")
def db_upgrade(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Bring the database schema up to date (also done on every start)."""
    url = session_of(ctx).url
    revision = upgrade(make_engine(url))
    data = {"database": url, "revision": revision}
    emit(data, as_json, lambda: console.print(_("Schema at revision {revision}").format(revision=revision)))


@db_app.command("status")
def db_status(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Where the database is: on PostgreSQL which server is the primary, whether the standby is in
    sync and how far behind; on SQLite the file and its mirror."""
    from tdconsole.store.standby import cluster_status
    from tdconsole.views.mirror import cluster_lines, cluster_view, mirror_status_line, mirror_view

    session = session_of(ctx)
    if session.url.startswith("sqlite:///"):
        store = session.store()
        mirror = None if store.mirror is None else store.mirror.check()
        data = {"database": session.url.removeprefix("sqlite:///"),
                "mirror": None if mirror is None else mirror_view(mirror)}
        emit(data, as_json, lambda: console.print(
            _("SQLite file {path}").format(path=data["database"]) + "\n" + (
                _("No mirror (--mirror PATH keeps one)") if mirror is None else mirror_status_line(mirror))))
        return
    status = cluster_status(make_engine(session.url))
    emit(cluster_view(status), as_json, lambda: console.print("\n".join(cluster_lines(status))))


@db_app.command("promote")
def db_promote(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", help="Promote without asking.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Make the standby the primary, when the primary is gone (refused while a primary answers)."""
    from tdconsole.store.standby import cluster_status, promote
    from tdconsole.views.mirror import cluster_view

    session = session_of(ctx)
    if session.url.startswith("sqlite:///"):
        raise InvalidInput("db promote works on a replicated PostgreSQL (docs/OPERATIONS.md); a SQLite "
                           "file's second copy is its mirror: open it with --db")
    engine = make_engine(session.url)
    _ask(_("Promote the standby to primary? Do it only when the primary is gone for good."), yes)
    promoted, _before = promote(engine)
    data = {"promoted": promoted, **cluster_view(cluster_status(engine))}
    emit(data, as_json, lambda: console.print(_(
        "{server} is the primary now; every terminal carries on with it. It runs without a standby "
        "until you build a new one (docs/OPERATIONS.md)").format(server=promoted)))


mirror_app = typer.Typer(help="The SQLite mirror (--mirror PATH): a second copy on every commit.",
                         no_args_is_help=True)
db_app.add_typer(mirror_app, name="mirror")


@mirror_app.command("status")
def db_mirror_status(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Whether the mirror holds every command; one behind or back again catches up first."""
    from tdconsole.views.mirror import mirror_status_line, mirror_view

    session = session_of(ctx)
    store = session.store()
    if store.mirror is None:
        raise InvalidInput("no mirror: give one with --mirror PATH (or $TDCONSOLE_MIRROR)")
    status = store.mirror.check()
    emit(mirror_view(status), as_json, lambda: console.print(mirror_status_line(status)))
    if not status.in_step:  # a script (a service's health check) sees it in the exit code
        raise SystemExit(1)


def _sqlite_file(url: str, how: str) -> Path:
    """The file of a SQLite database URL; PostgreSQL's backups are its own tools' (pg_dump)."""
    if not url.startswith("sqlite:///"):
        raise InvalidInput("db {how} works on a SQLite file; on PostgreSQL use pg_dump and "
                           "pg_restore (docs/SECURITY.md, Backups)", how=how)
    return Path(url.removeprefix("sqlite:///"))


def _checked_rows(checked: Any) -> list[dict[str, Any]]:
    return [{"id": check.tournament_id, "name": name, "events": check.events, "head": check.head}
            for name, check in checked.tournaments]


def _ask(question: str, yes: bool) -> None:
    """Go on only after a yes from the terminal, or with --yes (scripts have no one to ask)."""
    if yes:
        return
    if not sys.stdin.isatty():
        raise InvalidInput("no terminal to ask: add --yes to go on without asking")
    confirm(question)


@db_app.command("backup")
def db_backup(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Where to write the backup.")],
    yes: Annotated[bool, typer.Option("--yes", help="Replace FILE if it exists, without asking.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Back up the SQLite database to FILE while it is in use (SQLite's online backup), and verify it."""
    from tdconsole.store.backups import check_backup, online_backup

    source = _sqlite_file(session_of(ctx).url, "backup")
    if not source.is_file():
        raise InvalidInput("{path}: no such database", path=source)
    if file.exists():
        _ask(_("{file} exists. Replace it?").format(file=file), yes)
    online_backup(source, file)
    checked = check_backup(file, intact=False)  # a changed log is backed up too: it is evidence
    rows = _checked_rows(checked)
    broken = [(name, check) for name, check in checked.tournaments if not check.ok]
    if broken:
        name, check = broken[0]
        raise TdError("{file}: written, but tournament {id} ({name}): event {seq} does not match "
                      "the log's hash chain: the database was changed (tdconsole verify --all)",
                      file=file, id=check.tournament_id, name=name, seq=check.bad_seq)
    emit({"backup": str(file), "database": str(source), "tournaments": rows}, as_json,
         lambda: console.print(ngettext("Backed up {database} to {file}: {count} tournament, its log "
                                        "verified", "Backed up {database} to {file}: {count} "
                                        "tournaments, every log verified", len(rows)).format(
                                            database=source, file=file, count=len(rows))))


@db_app.command("restore")
def db_restore(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A backup made by db backup (or an "
                                         "automatic one).")],
    yes: Annotated[bool, typer.Option("--yes", help="Replace the database without asking.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Replace the SQLite database with a backup that verifies; the database it replaces is backed
    up first."""
    from datetime import UTC, datetime

    from tdconsole.store.backups import check_backup, kept, restore, take

    target = _sqlite_file(session_of(ctx).url, "restore")
    checked = check_backup(file)  # a file that does not verify is refused before anything is asked
    rows = _checked_rows(checked)
    aside = None
    if target.is_file():
        _ask(_("Replace {database} with {file}? The database now in use is backed up first.").format(
            database=target, file=file), yes)
        aside = take(target, "before-restore", datetime.now(UTC), keep=kept())
    restored = restore(file, target)
    upgrade(make_engine(f"sqlite:///{target}"))  # a backup from an older tdconsole is brought up to date
    data = {"restored": str(file), "database": str(target), "saved_aside": aside and str(aside),
            "tournaments": rows, "sessions_ended": restored.sessions_ended}

    def render() -> None:
        console.print(ngettext("Restored {file} into {database}: {count} tournament, its log verified",
                               "Restored {file} into {database}: {count} tournaments, every log "
                               "verified", len(rows)).format(file=file, database=target, count=len(rows)))
        # A session is not restored (store/backups.py, LEFT_BEHIND): the staff list and lock-outs are.
        console.print(ngettext(
            "Staff and lock-outs are as the backup had them; {count} web session was ended: every "
            "phone logs in again",
            "Staff and lock-outs are as the backup had them; {count} web sessions were ended: every "
            "phone logs in again", restored.sessions_ended).format(count=restored.sessions_ended))
        if aside is not None:
            console.print(_("The database it replaced is saved in {path}").format(path=aside))

    emit(data, as_json, render)

"""`tdconsole drill`: a failover rehearsed on scratch copies, step by step, with what the TD sees and
does at each step (docs/OPERATIONS.md), so that a club practises before the night it needs it.

The drill never writes to the club's database: it copies it (SQLite's online backup) into a scratch
directory, keeps a mirror of the copy on a scratch "stick", and plays the evening there: a command
done in both files, the stick pulled (the line the TD sees), put back (caught up), the laptop dead
(the stick opened as the database on another laptop, every log verified). Each step is checked as
it is played: a step that does not come out as the TD is told it will is a failed drill (exit 1).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tdconsole.cli.kit import JsonFlag, Session, console, emit, session_of
from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.i18n import _, error_text, ngettext
from tdconsole.service import Service
from tdconsole.store.backups import check_backup, online_backup
from tdconsole.store.db import StoreError, make_engine
from tdconsole.store.event_store import EventStore
from tdconsole.store.mirror import MIRROR_SETTING
from tdconsole.views.mirror import mirror_line, mirror_status_line, server_moved_line

if TYPE_CHECKING:
    from tdconsole.store.scratch import ScratchPair

app = typer.Typer()

# How many events of a tournament copied onto the scratch primary go in one transaction.
COPY_CHUNK = 1000

# The stick the steps name when the machine has no mirror setting: where Debian mounts one.
DEFAULT_STICK = "/media/usb/tdconsole.sqlite"


class Drill:
    """The steps played so far: each what happens, what the TD sees, what the TD does, and whether
    it came out as it should."""

    def __init__(self) -> None:
        self.steps: list[dict[str, Any]] = []

    def step(self, what: str, sees: str, does: str, check: Callable[[], str]) -> bool:
        """Play one step: `check` does it on the scratch copies and says what came of it (raising
        TdError, or returning a line that starts with "!", when it did not come out right)."""
        try:
            result = check()
            ok = not result.startswith("!")
            result = result.removeprefix("!")
        except TdError as error:
            result, ok = str(error), False
        self.steps.append({"step": len(self.steps) + 1, "what": what, "you_see": sees, "you_do": does,
                           "result": result, "ok": ok})
        return ok


def _render(drill: Drill, scratch: Path, kept: bool) -> None:
    for step in drill.steps:
        mark = "✓" if step["ok"] else "✗"
        console.print(f"{step['step']}. {step['what']}")
        if step["you_see"]:
            console.print("   " + _("You see: {line}").format(line=step["you_see"]))
        if step["you_do"]:
            console.print("   " + _("You do: {line}").format(line=step["you_do"]))
        console.print(f"   {mark} {step['result']}")
    failed = [step["step"] for step in drill.steps if not step["ok"]]
    console.print(_("Drill done: every step as it should be.") if not failed else
                  _("DRILL FAILED at step {steps}: fix that before the night it is needed.").format(
                      steps=", ".join(map(str, failed))))
    console.print(_("The scratch copies are kept in {path}").format(path=scratch) if kept else
                  _("The scratch copies are removed; your database was not touched."))


@app.command("drill")
def drill(
    ctx: typer.Context,
    keep: Annotated[bool, typer.Option("--keep", help="Keep the scratch copies (their directory is "
                                       "printed) to look at them.")] = False,
    standby: Annotated[bool, typer.Option("--standby", help="Rehearse a replicated PostgreSQL's "
                                          "failover instead, on two scratch servers on this machine "
                                          "(needs the postgresql package).")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Rehearse the laptop dying on scratch copies: the mirror, the stick pulled and put back, the
    stick opened on another laptop; prints what you would see and do at each step."""
    session = session_of(ctx)
    if standby:
        _standby_drill(session, as_json)
        return
    url = session.url
    # The stick's path as the TD would type it: the machine's own mirror setting, if it has one.
    stick = session.mirror or os.environ.get(MIRROR_SETTING) or DEFAULT_STICK
    if not url.startswith("sqlite:///"):
        raise TdError("the drill rehearses a SQLite database and its mirror; a replicated PostgreSQL is "
                      "rehearsed step by step in docs/OPERATIONS.md, on two scratch servers")
    database = Path(url.removeprefix("sqlite:///"))
    scratch = Path(tempfile.mkdtemp(prefix="tdconsole-drill-"))
    try:
        played = _play(database, scratch, stick)
    finally:
        if not keep:
            shutil.rmtree(scratch, ignore_errors=True)
    data = {"database": str(database), "scratch": str(scratch), "kept": keep, "steps": played.steps,
            "ok": all(step["ok"] for step in played.steps)}
    emit(data, as_json, lambda: _render(played, scratch, keep))
    if not data["ok"]:
        raise SystemExit(1)


def _play(database: Path, scratch: Path, shown: str) -> Drill:
    drill = Drill()
    laptop, stick = scratch / "laptop" / "tdconsole.sqlite", scratch / "stick"
    mirror = stick / "tdconsole.sqlite"
    laptop.parent.mkdir()
    stick.mkdir()

    def copy() -> str:
        if not database.is_file():
            EventStore.open(f"sqlite:///{laptop}").close()
            return _("{path} does not exist yet: the drill starts from an empty database").format(
                path=database)
        online_backup(database, laptop)
        checked = check_backup(laptop)
        return ngettext("{path} copied into the scratch laptop: {count} tournament, its log verified",
                        "{path} copied into the scratch laptop: {count} tournaments, every log verified",
                        len(checked.tournaments)).format(path=database, count=len(checked.tournaments))

    if not drill.step(_("Your database is copied to scratch; the drill never touches it."), "", "",
                      copy):
        return drill
    store = EventStore.open(f"sqlite:///{laptop}", mirror=str(mirror))
    try:
        _evening(drill, store, laptop, stick, mirror, shown)
    finally:
        store.close()
    return drill


def _evening(drill: Drill, store: EventStore, laptop: Path, stick: Path, mirror: Path,
             shown: str) -> None:
    """The evening on the scratch laptop; what the TD types names the stick `shown`, the drill's
    own stick being a scratch directory."""
    assert store.mirror is not None
    kept = store.mirror
    from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure

    service = Service.create(store, name=_("Drill"), structure=load_structure(DEFAULT_STRUCTURE),
                             actor="drill")
    names = iter(_("Drill player {number}").format(number=number) for number in range(1, 100))

    def register() -> str:
        name = next(names)
        service.execute(commands.Register(names=[name]))
        status = kept.check(catch_up=False)
        if not status.in_step:
            return "!" + mirror_line(status)
        return _("{name} registered: in the laptop's file and on the stick (generation {generation} "
                 "in both)").format(name=name, generation=status.database_generation)

    if not drill.step(_("The evening runs with a mirror on a USB stick (another disk will do)."), "",
                      f"tdconsole --mirror {shown}  " + _("(or export TDCONSOLE_MIRROR={path})").format(
                          path=shown), register):
        return
    shutil.rmtree(stick)

    def pulled() -> str:
        name = next(names)
        service.execute(commands.Register(names=[name]))
        status = kept.status()
        if status.in_step:
            return "!" + _("the mirror was said to hold a command it cannot hold")
        pulled_line[0] = mirror_line(status)
        return _("{name} registered in the laptop's file only, and said so at once").format(name=name)

    pulled_line = [""]
    drill.step(_("Somebody pulls the stick in the middle of the evening."), "",
               _("put the stick back (the same path), or give another: the evening goes on meanwhile"),
               pulled)
    drill.steps[-1]["you_see"] = pulled_line[0]
    stick.mkdir()

    def back() -> str:
        status = kept.check()
        line = mirror_status_line(status)
        return line if status.in_step else "!" + line

    drill.step(_("The stick is back."), _("the header's MIRROR BEHIND goes within a second"),
               "tdconsole db mirror status", back)
    last = service.state.last_seq

    def laptop_dies() -> str:
        laptop.unlink()
        other = EventStore.open(f"sqlite:///{mirror}")
        try:
            checks = [other.verify(summary.id) for summary in other.tournaments()]
            held = Service(other, service.tournament_id, role="display").state.last_seq
        finally:
            other.close()
        broken = [check.tournament_id for check in checks if not check.ok]
        if broken or held != last:
            return "!" + _("the stick does not hold the evening: tournaments {broken} broken, {held} of "
                           "{last} events").format(broken=broken, held=held, last=last)
        return _("the stick opened as the database: {count} tournaments, every log verified, every "
                 "command of the drill there").format(count=len(checks))

    drill.step(_("The laptop dies (battery, spilt beer, a disk)."),
               _("the laptop is dead: nothing on it answers"),
               f"tdconsole --db {shown} verify --all  " + _("(on any laptop with tdconsole), then carry on "
                                                            "with --db {path} and a new --mirror").format(
                   path=shown), laptop_dies)


def _standby_drill(session: Session, as_json: bool) -> None:
    """A replicated PostgreSQL's failover, played on two scratch servers (store/scratch.py) with a
    copy of the current tournament: the primary killed, the standby promoted, the terminal on."""
    from tdconsole.store.scratch import ScratchPair

    pair = ScratchPair()
    drill = Drill()
    try:
        _failover(drill, session, pair)
    finally:
        pair.stop()
    data = {"scratch": str(pair.root), "kept": False, "steps": drill.steps,
            "ok": all(step["ok"] for step in drill.steps)}
    emit(data, as_json, lambda: _render(drill, pair.root, False))
    if not data["ok"]:
        raise SystemExit(1)


def _copy_tournament(session: Session, into: EventStore) -> tuple[int, str]:
    """The session's current tournament's log appended into `into` as it is (the same events, the
    same chain), or a new drill tournament where the session has none; its id and what was done."""
    try:
        source = session.store()
        tournament = source.current_tournament()
        log = source.load(tournament)
    except TdError:
        from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure

        made = Service.create(into, name=_("Drill"), structure=load_structure(DEFAULT_STRUCTURE),
                              actor="drill")
        return made.tournament_id, _("no tournament to copy: a drill tournament made on A")
    copied = into.create_tournament(log[0], use=True)
    for start in range(1, len(log), COPY_CHUNK):
        into.append(copied, log[start:start + COPY_CHUNK])
    return copied, _("tournament {id} copied onto A: {count} events").format(id=tournament, count=len(log))


def _failover(drill: Drill, session: Session, pair: ScratchPair) -> None:
    from tdconsole.store.standby import cluster_status, promote
    from tdconsole.views.mirror import cluster_lines

    a = f"127.0.0.1:{pair.primary_port}"
    b = f"127.0.0.1:{pair.standby_port}"
    url = pair.url("drill")

    def servers() -> str:
        pair.start()
        pair.create_database("drill")
        return "; ".join(cluster_lines(cluster_status(make_engine(url))))

    if not drill.step(_("Two scratch servers as docs/OPERATIONS.md sets them up: A the primary, B its "
                        "synchronous standby."), "", "tdconsole db status", servers):
        return
    store = EventStore.open(url)
    try:
        tournament, copied = _copy_tournament(session, store)
        service = Service(store, tournament, actor="drill")
        names = iter(_("Drill player {number}").format(number=number) for number in range(1, 100))

        def command() -> str:
            name = next(names)
            service.execute(commands.Register(names=[name]))
            on_b = EventStore.open(pair.server_url(pair.standby_port, "drill"), migrate=False)
            try:  # asked of B itself, read-only: synchronous means it has it already
                there = on_b.load(tournament, after=service.state.last_seq - 1)
            finally:
                on_b.close()
            if [envelope.seq for envelope in there] != [service.state.last_seq]:
                return "!" + _("{name} was done on A but is not on B").format(name=name)
            return _("{copied}; {name} registered on A and on B before the terminal was told").format(
                copied=copied, name=name)

        if not drill.step(_("The evening runs on A; every command is on B before it is done."), "",
                          f"export TDCONSOLE_DB='{url}'", command):
            return
        pair.crash_primary()
        refused = [""]

        def crashed() -> str:
            try:
                service.execute(commands.Register(names=[next(names)]))
            except StoreError as error:
                refused[0] = error_text(error)
                return _("the command was refused and changed nothing; the screen keeps the last state")
            return "!" + _("a command was done with the primary gone")

        drill.step(_("A dies (its machine: every process of the server killed)."), "",
                   _("make sure A stays off (cable out), then promote B"), crashed)
        drill.steps[-1]["you_see"] = refused[0]

        def promoted() -> str:
            server, _before = promote(make_engine(url))
            return _("{server} is the primary now").format(server=server) if server == b else \
                "!" + _("{server} was promoted, not B").format(server=server)

        if not drill.step(_("The standby is promoted."), "", "tdconsole db promote", promoted):
            return
        moved = server_moved_line(a, b)

        def carried_on() -> str:
            name = next(names)
            service.execute(commands.Register(names=[name]))
            if store.server != b:
                return "!" + _("the terminal did not move to B")
            check = store.verify(tournament)
            return _("{name} registered on B; the log verifies ({count} events)").format(
                name=name, count=check.events) if check.ok else "!" + _("the log does not verify")

        drill.step(_("Every terminal carries on with B."), moved, "tdconsole verify --all", carried_on)
        drill.step(_("After the evening: A becomes B's standby (docs/OPERATIONS.md, When A dies)."), "",
                   _("on A: pg_basebackup from B as step 3; on B: synchronous_standby_names = 'standby'"),
                   lambda: _("not played here: the scratch servers are removed"))
    finally:
        store.close()

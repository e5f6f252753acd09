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
from typing import Annotated, Any

import typer

from tdconsole.cli.kit import JsonFlag, console, emit, session_of
from tdconsole.domain import commands
from tdconsole.domain.errors import TdError
from tdconsole.i18n import _, ngettext
from tdconsole.service import Service
from tdconsole.store.backups import check_backup, online_backup
from tdconsole.store.event_store import EventStore
from tdconsole.store.mirror import MIRROR_SETTING
from tdconsole.views.mirror import mirror_line, mirror_status_line

app = typer.Typer()

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
    as_json: JsonFlag = False,
) -> None:
    """Rehearse the laptop dying on scratch copies: the mirror, the stick pulled and put back, the
    stick opened on another laptop; prints what you would see and do at each step."""
    session = session_of(ctx)
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

"""What every CLI command shares: `--json` output, JSON on stdin, and one-line errors."""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from pydantic import BaseModel
from pydantic_core import to_json

from tdconsole import collector
from tdconsole.cli.environment import speaks_unicode, writes_utf8
from tdconsole.domain.errors import InvalidInput, NotFound, TdError
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.limits import MAX_JSON_BYTES
from tdconsole.i18n import _
from tdconsole.service import Role, Service
from tdconsole.store.db import database_url, default_database, servers
from tdconsole.store.event_store import EventStore
from tdconsole.store.mirror import MIRROR_SETTING, MirrorStatus
from tdconsole.views.base import jsonable, naming

if TYPE_CHECKING:
    from rich.console import Console
    from textual.app import App

    from tdconsole.domain import commands
    from tdconsole.views.tournament import ClockView

M = TypeVar("M", bound=BaseModel)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
# How what a command sells was paid (register, add-on, rebuy): the cash desk counts it by method.
PaidOption = Annotated[str | None, typer.Option(
    "--paid", metavar="METHOD", help="How it was paid (cash, mobilepay, card, ticket, free; default: "
                                     "the house's default method).")]
UnpaidOption = Annotated[bool, typer.Option(
    "--unpaid", help="Not paid yet: the cash desk lists it until `pay NAME` settles it.")]
# Where the QR codes of players' own pages (T-PAGE-1) that a paper prints lead: slips and receipts.
PagesUrlOption = Annotated[str | None, typer.Option(
    "--url", metavar="URL", help="With --pages: where phones open the server (default: "
                                 "$TDCONSOLE_PUBLIC_URL).")]

class _Console:
    """Rich's console, made on the first human-readable print: `--json` output and scripts never
    import Rich, which takes longer to load than most commands take to run (bench_cli)."""

    @cached_property
    def rich(self) -> Console:
        from rich.console import Console

        # Names and other user text are printed literally, never read as Rich markup.
        return Console(highlight=False, markup=False)

    def print(self, *objects: Any, **options: Any) -> None:
        self.rich.print(*objects, **options)


console = _Console()


def clock_line(clock: ClockView) -> str:
    """The clock in one line of text (`state` and every `clock` command)."""
    state = _("running") if clock.running else (_("paused") if clock.started else _("not started"))
    what = _("Break") if clock.on_break else _("Level {level}").format(level=clock.level)
    if clock.game is not None and clock.game.by_level:  # a mixed night (RP-18): the level's game
        from tdconsole.views.games import game_parts

        name, *figures = game_parts(clock.game, clock.small_blind, clock.big_blind, clock.ante)
        return _("{what} ({game}): {figures}, {remaining} left ({state})").format(
            what=what, game=name, figures=", ".join(figures), remaining=clock.remaining, state=state)
    return _("{what}: {small}/{big} ante {ante}, {remaining} left ({state})").format(
        what=what, small=clock.small_blind, big=clock.big_blind, ante=clock.ante,
        remaining=clock.remaining, state=state)


def emit(data: Any, as_json: bool, render: Callable[[], None] | None = None) -> None:
    """Print `data` as JSON with `--json`, else call `render` (or print it plainly).

    `data` is a view (any model), or lists and dicts holding views: each is dumped as it declares
    its keys (tdconsole.views.base). A command that acted on a tournament names it, so a TD never
    mistakes which one it was: a first line in text, a `tournament` key {"id", "name"} in JSON (in
    each row of a list)."""
    data = jsonable(data)
    tournament = acted_on()
    if tournament is not None:
        data = naming(data, tournament)
    if as_json or render is None:
        # One compact line, written by pydantic's serializer (Rust): a festival's `state --json` is
        # 3.6 MB, which json.dumps took a tenth of the command's time to write. The keys and values
        # are json.dumps's; the spacing is no part of the contract.
        write_line(to_json(data, ensure_ascii=not speaks_unicode(sys.stdout)))
    else:
        if tournament is not None:
            from tdconsole.i18n import _

            console.print(_("Tournament {id}: {name}").format(**tournament))
        render()
    session = _running.get()
    if session is not None and session._service is not None:
        _tell_skew(session._service)  # after the answer; a screen says it itself
    if session is not None and session._store is not None:
        store = session._store
        if store.mirror is not None:
            _tell_mirror(store.mirror.status())
        _tell_server(store)


def write_line(document: bytes) -> None:
    """`document` (UTF-8) and a newline on standard output. Where that writes UTF-8 itself, the
    bytes go to its buffer as they are, after any text written before them: a festival's `state
    --json` is 3.4 MB, which a text write decoded and encoded again (5 of its 6 ms)."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is not None and writes_utf8(out):
        out.flush()
        buffer.write(document)
        buffer.write(b"\n")
    else:
        out.write(document.decode() + "\n")


def _tell_server(store: EventStore) -> None:
    """A command given several servers (a multi-host URL) that wrote to another than the first
    says so: the standby took over (docs/OPERATIONS.md)."""
    if store.server is None:
        return
    first = "{}:{}".format(*servers(store.engine.url)[0])
    if len(servers(store.engine.url)) > 1 and store.server != first:
        from tdconsole.views.mirror import server_moved_line  # a warning's words load with it

        line = server_moved_line(first, store.server)
        sys.stderr.write(_("warning: {message}").format(message=line) + "\n")


def _tell_mirror(status: MirrorStatus) -> None:
    """A mirror that does not hold what this command did is said on stderr, with where it is."""
    if not status.in_step:
        from tdconsole.views.mirror import mirror_line  # a warning's words load with it

        sys.stderr.write(_("warning: {message}").format(message=mirror_line(status)) + "\n")


def acted_on() -> dict[str, Any] | None:
    """The tournament the running command opened ({"id", "name"}), or None if it opened none."""
    session = _running.get()
    if session is None or session._service is None:
        return None
    return {"id": session._service.tournament_id, "name": session._service.state.info.name}


def read_json_stdin(model: type[M], source: str = "stdin",
                    fill: Callable[[Any], Any] | None = None) -> M:
    """Parse a JSON document from standard input into `model`; a bad one is a one-line error.
    `fill` completes the parsed document before it is checked (defaults from the tournament)."""
    text = sys.stdin.read(MAX_JSON_BYTES + 1)
    if len(text) > MAX_JSON_BYTES:
        raise InvalidInput(
            "{source}: more than {MAX_JSON_BYTES} KiB of JSON",
            source=source, MAX_JSON_BYTES=MAX_JSON_BYTES // 1024,
        )
    from tdconsole.config.files import parse_json  # TOML and JSON files load for the commands that read them
    from tdconsole.config.toml import validate

    data = parse_json(text, source)
    return validate(model, fill(data) if fill is not None else data, source)


def _tell_skew(service: Service) -> None:
    """A machine whose clock is off says so on stderr, once; what it printed is the right time.
    The warnings' words load only when one is due: every command passes here (the fast-CLI
    contract, benchmarks/bench_cli.py)."""
    source = service.time_source
    skew = None if source is None else source.skew_notice()
    if skew is not None:
        from tdconsole.views.time_base import skew_text

        line = skew_text(skew, server=service.store.engine.dialect.name == "postgresql")
        sys.stderr.write(_("warning: {message}").format(message=line) + "\n")
    correction = None if source is None else source.correction_notice()
    if correction is not None:
        from tdconsole.views.time_base import correction_text

        sys.stderr.write(_("warning: {message}").format(message=correction_text(correction)) + "\n")


@dataclass
class Session:
    """The global options, and the store and service opened from them on first use."""

    db: str | None = None
    mirror: str | None = None  # --mirror, else $TDCONSOLE_MIRROR (store/mirror.py)
    tournament: int | None = None
    actor: str = "td"
    role: Role = "td"
    sound: bool = True  # the clock's bell (--no-sound)
    _store: EventStore | None = field(default=None, repr=False)
    _service: Service | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        _running.set(self)  # the command line makes one session per run: what `emit` reports on

    @property
    def url(self) -> str:
        return database_url(default_database() if self.db is None else self.db)

    def store(self) -> EventStore:
        if self._store is None:
            mirror = self.mirror if self.mirror is not None else self._machine_mirror()
            self._store = EventStore.open(self.url, mirror=mirror)
        return self._store

    def _machine_mirror(self) -> str | None:
        """$TDCONSOLE_MIRROR, unless it names the database opened: the mirror opened as the database
        is the failover itself (the laptop died), not a mirror of itself (docs/OPERATIONS.md)."""
        setting = os.environ.get(MIRROR_SETTING) or None
        if setting is None or "://" in setting:
            return setting
        try:
            return None if database_url(setting) == self.url else setting
        except TdError:  # its directory is gone: the mirror says so itself
            return setting

    def service(self) -> Service:
        if self._service is None:
            self._service = Service(self.store(), self.tournament, actor=self.actor, role=self.role)
        return self._service

    def close(self) -> None:
        """Once the command has answered: the state its open folded from a long log written down
        (`Service.write_down`), so the next command is spared that fold, and not before the answer."""
        if self._service is not None:
            self._service.write_down()

    def house_rules(self) -> HouseRules:
        """The rules in force: the tournament's, as its log records them; before any tournament
        exists (a calculator on a fresh machine), the club's file."""
        from tdconsole.config.toml import load_house_rules

        service = self.existing_service()
        return load_house_rules() if service is None else service.state.house_rules

    def existing_service(self) -> Service | None:
        """The session's tournament, or None when there is none (a calculator on a fresh machine
        makes no database file)."""
        url = self.url
        if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
            return None
        try:
            return self.service()
        except NotFound:
            return None

    def execute(self, command: commands.Command) -> Service:
        service = self.service()
        service.execute(command)
        return service


# The session of the command running now, so every output can name the tournament it acted on.
_running: ContextVar[Session | None] = ContextVar("running_session", default=None)


def session_of(ctx: typer.Context) -> Session:
    """The global options' session, from any command's context."""
    session = ctx.find_root().obj
    assert isinstance(session, Session)
    return session


def open_tui(session: Session) -> None:
    """The TD's screens on the session's tournament (Textual loads only here)."""
    with collector.loading("tdconsole.tui.app"):
        from tdconsole.tui.app import create_app

    run_app(create_app(session.service(), sound=session.sound))


def run_app(app: App[Any]) -> None:
    """Run a terminal app (the TD's console, the floor terminal, the display) until it quits; one
    that stopped on an error (it has printed the line naming its crash log) exits non-zero, so a
    script or service manager that started it sees that it failed."""
    app.run()
    if app.return_code:
        # Not typer.Exit: click, run by `main` with standalone_mode=False, returns its code and
        # `main` exits 0; `fail` exits the same way.
        raise SystemExit(app.return_code)


def default_actor() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no user name on some Windows set-ups
        return "td"


def write_document(text: str | bytes, out: Path | None, *, say: bool = True) -> None:
    """An export to `--out FILE`, or to standard output; a file that cannot be written is one line.
    `say=False` keeps "Wrote FILE" off standard output (a `--json` document is printed there).
    A binary one (a PDF, an image) goes to a pipe or a file, never to a terminal, where it would
    print as garbage and could leave the terminal in a strange state."""
    if out is None:
        if isinstance(text, str):
            sys.stdout.write(text)
            return
        binary = getattr(sys.stdout, "buffer", None)
        if binary is None or sys.stdout.isatty():
            raise InvalidInput("a PDF or image is binary: give --out FILE, or send it to a pipe")
        sys.stdout.flush()
        binary.write(text)
        binary.flush()
        return
    try:
        if isinstance(text, str):
            out.write_text(text, encoding="utf-8")
        else:
            out.write_bytes(text)
    except OSError as error:
        raise InvalidInput(
            "--out {out}: cannot be written: {strerror}", out=out, strerror=error.strerror,
        ) from None
    if say:
        _say_wrote(out)


def _say_wrote(out: Path) -> None:
    tournament = acted_on()
    console.print(_("Wrote {file}").format(file=out) if tournament is None else
                  _("Wrote {file} (tournament {id}: {name})").format(file=out, **tournament))


SignOption = Annotated[bool, typer.Option(
    "--sign", help="Sign FILE with the club's key, in FILE.sig (check it with: tdconsole verify FILE).")]


def write_signed(service: Service, text: str | bytes, out: Path | None, *, sign: bool,
                 say: bool = True) -> None:
    """`write_document`, and with `sign` the file signed with the club's key and anchored in the
    tournament's log (FILE.sig): a signature is of a file, so `--sign` needs `--out`."""
    if sign and out is None:
        raise InvalidInput("--sign signs a file: give it with --out FILE")
    if not sign or out is None:
        write_document(text, out, say=say)
        return
    from tdconsole.club import signing

    # Everything that may refuse the signature is asked before the file is written: a refused
    # --sign writes nothing, not an unsigned export beside the signed ones.
    anchor = signing.log_anchor(service.store, service.tournament_id, service.state.info.name)
    signing.club_key()
    write_document(text, out, say=False)
    try:
        signed = signing.sign_file(out, anchor, service.now())
    except TdError:
        out.unlink(missing_ok=True)
        raise
    if say:
        _say_wrote(out)
        console.print(_("Signed in {file}").format(file=signed))


YES = frozenset({"y", "yes", "j", "ja"})


def confirm(question: str) -> None:
    """Go on only after a yes typed at the terminal, else abort: `y` as everywhere, and `j` ("ja")
    too, in either language, as the console's dialogs take them; Enter answers No."""
    answer = typer.prompt(f"{question} [y/N]", default="", show_default=False, err=True)
    if answer.strip().casefold() not in YES:
        raise typer.Abort

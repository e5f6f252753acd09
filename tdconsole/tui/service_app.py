"""What every terminal on one tournament shares: the service, following the other terminals, the bell.

The TD's console, the floor terminal and the display are each a `ServiceApp`. Every change to the
tournament, made here (a command) or found by `follow` (another terminal appended), reaches the
active screen the same way: one `TournamentChanged` message, which a `ServiceScreen` answers by
redrawing from the state.

The screen never waits on the database: every call to the service (a command, `follow`, a read of
the members or the league) runs in a thread through `ServiceApp.call`, one at a time in the order
asked, since a `Service` is not thread-safe. The service makes its changes of the state on the event
loop (`Service.run_change`), between two redraws. While a command waits or runs the header says
"working…", and the keys keep answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import sys
import threading
import time
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import ClassVar, TypeVar

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Input

from tdconsole.domain.errors import TdError
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _, error_text
from tdconsole.service import Service
from tdconsole.store.db import StoreError, user_data_dir
from tdconsole.store.mirror import MirrorStatus
from tdconsole.store.notify import CommitListener
from tdconsole.tui.messages import Acting, ActionRequested, TournamentChanged
from tdconsole.views.mirror import mirror_line, server_moved_line
from tdconsole.views.time_base import correction_text, skew_text, step_text

T = TypeVar("T")
# An action with its request (what the CLI and the web run for the same thing), or how to choose
# it from the state as the service finds it when its turn comes (the clock's one key pauses a
# running clock and resumes a paused one, whatever was pressed before).
ActingOrMaker = Acting | Callable[[TournamentState], Acting]

# How often a terminal on SQLite looks for what other terminals wrote: a bust shows on every open
# screen within 300 ms at p95 (benchmarks/bench_tui.py; polled every 0.5 s it was 475 ms). A look
# that finds nothing new costs a fifth of a millisecond of CPU at festival size.
POLL_SECONDS = 0.2
# On PostgreSQL a terminal is told of each commit (LISTEN/NOTIFY, store/notify.py) and follows at
# once; while it listens it still looks this often, in case a notification was lost (while its
# listener is away it looks every `POLL_SECONDS` again).
SAFETY_POLL_SECONDS = 5.0
# How often what changes with the time alone (the clock's second, a clock call's countdown) is looked
# at: the second shown is never late by more than a quarter of a second.
TICK_SECONDS = 0.25
# The styles of every screen (reusable widgets keep their own DEFAULT_CSS); an app that hosts one of
# the screens loads it, as a test's small app does.
STYLESHEET = Path(__file__).with_name("app.tcss")
# A tournament this large (players) has screens worth building before they are asked for
# (`ServiceApp.PREPARED_MODES`), and what they build is left out of the collector's full passes:
# at 500 players the tables screen's 56 tiles took 350 ms to show the first time, 175 ms built.
LARGE_TOURNAMENT = 300


def give_back_freed_memory() -> None:
    """Hand the heap that opening the tournament freed back to the system. glibc keeps what a
    process freed for its own later use: at festival size the snapshot's JSON and the log's rows,
    read once, leave 14 MB of every terminal's memory that nothing uses again. Other C libraries
    give it back themselves or have no such call."""
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)


def settle() -> None:
    """What lives now out of the collector's full passes for good, the garbage among it freed."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class ServiceApp(App[None]):
    """An app on one tournament's service."""

    CSS_PATH = STYLESHEET
    # `q` quits, as in other terminal programs, after a yes (Ctrl+Q, Textual's, quits at once).
    # Tab moves the focus before the app hands on the next key: as Textual's own (the screen's)
    # binding it acts once the focused field has passed it up, so a key typed right behind it
    # ("Anna", Tab, "Bo" in one burst) still went into the field Tab was leaving.
    BINDINGS = [Binding("q", "quit_asking", "Quit"),
                Binding("tab", "focus_next", show=False, priority=True),
                Binding("shift+tab", "focus_previous", show=False, priority=True)]
    # The screens whose first showing grows with the tournament (a row per player, table or
    # event: at festival size half a second or more): in a large tournament they are built in
    # idle time once the terminal is up (`_get_ready`), so their F-key shows them at once.
    PREPARED_MODES: ClassVar[tuple[str, ...]] = ()

    def __init__(self, service: Service, *, poll_seconds: float = POLL_SECONDS, sound: bool = True) -> None:
        super().__init__()
        self.service = service
        self.poll_seconds = poll_seconds
        # The bell of the clock's warnings: this terminal's own switch, not part of the tournament.
        self.sound = sound
        # The Enter keys `on_key` handed to a field: one that comes back is the field's binding's.
        self._sent_back: set[int] = set()
        # What the header says besides the title (the tournament's name); "working…" is added to it.
        self.heading = service.state.info.name
        # One call on the service at a time, in the order asked (asyncio's lock is fair).
        self._service_lock = asyncio.Lock()
        self._commands_waiting = 0
        self._following = False
        self._follow_again = False  # a commit was told while a follow was reading
        self._listener: CommitListener | None = None
        # How often it looks; on PostgreSQL, while told of commits (`on_mount`), only for safety.
        self.follow_interval = poll_seconds
        self._looked = 0.0  # when the last follow was started (time.monotonic)
        self._fault = ""  # the line of a database that cannot be reached, while it cannot
        self._server = service.store.server  # the PostgreSQL server it writes to (a failover moves it)
        self._mirror = ""  # the line of a mirror that does not hold every command, while it does not
        self._step_told = -1.0  # the measurement of the time source that a step was last told at
        self._loop_thread: int | None = None
        # Set once the whole log is read and the screens of PREPARED_MODES are built.
        self.ready = asyncio.Event()
        # Where the tracebacks of the errors that stopped this terminal went (`_handle_exception`).
        self.crash_log: Path | None = None

    def on_mount(self) -> None:
        # Textual also calls a subclass's own `on_mount` (first); this one starts following.
        self._loop_thread = threading.get_ident()
        self.service.run_change = self._change_between_redraws
        self._listener = self.service.store.listen(self._committed)
        if self._listener is not None:
            self.follow_interval = max(self.poll_seconds, SAFETY_POLL_SECONDS)
        self.set_interval(self.poll_seconds, self._poll)
        # Once the first screen is drawn: reading the log and building screens ahead hold the
        # interpreter, and the TD waits for the first screen (at festival size, a third of a
        # second later when they started with it).
        self.call_after_refresh(lambda: self.run_worker(self._get_ready(), group="ready"))
        self.sub_title = self.heading
        # The tournament as loaded (at festival size, hundreds of thousands of objects that live
        # as long as the app) is left out of the garbage collector's full passes, which otherwise
        # walk all of it every so often and stall a screen's answer to a key by a tenth of a second.
        gc.freeze()

    async def _get_ready(self) -> None:
        """Read the whole log, when the state came from a snapshot, in the service's thread, so a
        screen that shows it (the log, the announcements) does not read it on the loop; its texts
        compressed where a first open without a snapshot left them loose, and the state that open
        folded written down (`Service.write_down`). Then, in a large tournament, build the screens
        of PREPARED_MODES not shown yet, one at a time (a key pressed meanwhile waits for one
        screen at most)."""
        with contextlib.suppress(TdError):
            await self.call(lambda service: service.log.tighten(), shown=False)
        with contextlib.suppress(TdError):
            await self.call(lambda service: service.write_down(), shown=False)
        if len(self.service.state.players) >= LARGE_TOURNAMENT:
            for mode in self.PREPARED_MODES:
                if self.is_running and mode not in self._screen_stacks:
                    await self._init_mode(mode)  # mounted and resumed (drawn) out of sight
                    # Laid out at the terminal's size too, as showing it would (twice: the
                    # widgets sized by the first pass ask for another), which is most of what a
                    # first showing of a built screen costs; not a layout while it is shown.
                    screen = self._screen_stacks[mode][0]
                    for _pass in range(2):
                        # `App.wait_for_refresh` asserts a task that only `run_test` gives an
                        # app: a real terminal's app waits for its refresh this way.
                        refreshed = asyncio.Event()
                        self.call_after_refresh(refreshed.set)
                        await refreshed.wait()
                        if not screen.is_current:
                            screen._refresh_layout(self.size)
            settle()
        give_back_freed_memory()
        self.ready.set()

    def _handle_exception(self, error: Exception) -> None:
        """An error nothing caught stops the terminal (Textual's, exit status 1): its traceback
        goes to a file, never painted over the screen where the TD cannot copy it and the next
        command scrolls it away (`_print_error_renderables` leaves the one line naming the file).
        A file that cannot be written leaves Textual's traceback on the screen instead."""
        with contextlib.suppress(OSError):
            self.crash_log = write_crash_log(error, self.crash_log)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        if self.crash_log is None:
            super()._fatal_error()
            return
        # Textual's renders the traceback (with every frame's locals) for the screen: the file
        # has it already.
        self.bell()
        self._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        """After the terminal is given back: the one line naming the crash log, as it is (Rich
        would cut it at the terminal's width, the path with it); whatever else Textual had to
        say (its own errors, which are not exceptions: a stylesheet's) as Textual says it."""
        if self.crash_log is None:
            super()._print_error_renderables()
            return
        self._exit_renderables.clear()
        # The process's own stderr: Textual may still be capturing `sys.stderr` for the app.
        terminal = sys.__stderr__
        if terminal is not None:
            terminal.write(_("tdconsole stopped on an error; the details are in {path}").format(
                path=self.crash_log) + "\n")
            terminal.flush()

    def on_unmount(self) -> None:
        if self._listener is not None:
            self._listener.stop()

    def _load_screen_css(self, screen: Screen[object]) -> None:
        """A screen shown for the first time (a dialog, a screen's first F-key) is styled as it
        mounts, by the stylesheet as it stands: the stylesheet parses a new screen's or widget's
        CSS as it is added. Textual also parses every source again from scratch for it, 50-100 ms
        before every dialog opens; that is only needed once the CSS variables changed (a theme),
        which the count of CSS updates tells, so a screen never styled takes today's count."""
        super()._load_screen_css(screen)
        if screen._css_update_count < 0:
            screen._css_update_count = self._css_update_count

    def _committed(self, tournament_id: int | None, last_seq: int | None) -> None:
        """The listener's thread heard of a commit (or may have missed some: None): follow now,
        on the event loop, unless it is another tournament's or one this terminal already has
        (its own command's)."""
        if not self.is_running or tournament_id not in (None, self.service.tournament_id):
            return
        if last_seq is not None and last_seq <= self.service.state.last_seq:
            return
        with contextlib.suppress(RuntimeError):  # the app has stopped: nothing to draw
            self.call_from_thread(self._told)

    def _told(self) -> None:
        if self._following:  # its read may have come before that commit: read again after it
            self._follow_again = True
        else:
            self._follow_soon()

    def on_key(self, event: events.Key) -> None:
        """A printable key that reaches the app's keys while a text field has the focus was typed
        for that field: a terminal hands each key to the widget focused when it arrives, so in a
        burst ("/" and a name typed at once) the name's letters go to the list "/" left. Typed
        into the field, they never act as keys of the list or the app ("B" busts, Space pauses
        the clock). Here, after every earlier key, is where the order they were typed in holds.
        A screen may also name a field a letter bound to nothing starts (`type_ahead`)."""
        if id(event) in self._sent_back:  # an Enter the field did not take: the app's keys decide
            self._sent_back.discard(id(event))
            return
        field = self.focused
        if event.key == "enter" and isinstance(field, Input):
            # Enter too: typed at once after a name, it submits the field the name went to.
            event.prevent_default()
            again = events.Key(event.key, event.character)
            self._sent_back.add(id(again))
            field._forward_event(again)  # as the app hands a key to the focused widget
            return
        if not event.is_printable or event.character is None:
            return
        if not isinstance(field, Input):
            type_ahead = getattr(self.screen, "type_ahead", None)
            field = type_ahead(event) if callable(type_ahead) else None
        if isinstance(field, Input):
            event.prevent_default()
            field._forward_event(events.Key(event.key, event.character))

    def _change_between_redraws(self, change: Callable[[], None]) -> None:
        """How the service changes its state: on the event loop, which draws it (a call from the
        loop itself, a test's, or one after the app has stopped, changes it at once)."""
        if threading.get_ident() == self._loop_thread or not self.is_running:
            change()
        else:
            self.call_from_thread(change)

    async def call(self, work: Callable[[Service], T], *, shown: bool = True) -> T:
        """`work(service)` in a thread, after the calls asked before it; `shown`: the header says
        "working…" until it is done. Await it from a worker (`run_worker`), never from a handler:
        a handler that awaits holds up the keys behind it."""
        if shown:
            self._working(+1)
        try:
            async with self._service_lock:
                thread = asyncio.ensure_future(asyncio.to_thread(work, self.service))
                try:
                    return await asyncio.shield(thread)
                finally:
                    # A cancelled caller (a worker replaced, the app closing) leaves the thread
                    # running on the service: the next call waits until it lets go.
                    if not thread.done():
                        await asyncio.wait([thread])
        finally:
            if shown:
                self._working(-1)

    def _working(self, change: int) -> None:
        self._commands_waiting += change
        waiting = self._commands_waiting
        self.sub_title = self.heading + ("  ·  " + _("no database") if self._fault else "") + (
            "  ·  " + _("MIRROR BEHIND") if self._mirror else "") + (
            "" if not waiting else "  ·  " + (
                _("working…") if waiting == 1 else _("working… ({count} waiting)").format(count=waiting - 1)))

    async def run_command(self, command: ActingOrMaker) -> bool:
        """Carry out a command through the service; a refusal is a notification, never a crash.
        True when it was done (the screen has been told to redraw)."""
        try:
            await self.call(lambda service: self.carry_out(service, command))
        except TdError as error:
            self.notify(self.refusal(error), severity="error", timeout=6, markup=False)
            return False
        finally:
            if (mirror := self.service.store.mirror) is not None:
                self._mirror_fault(mirror.status())  # as the command left it: no disk read
            self._tell_server()
        self.redraw()
        return True

    def refusal(self, error: TdError) -> str:
        """A refusal in words, as the user reads it."""
        return error_text(error)

    def execute(self, command: ActingOrMaker, on_done: Callable[[bool], object] | None = None) -> None:
        """`run_command` in a worker: returns at once; `on_done(ok)` hears how it went."""
        async def run_then_tell() -> None:
            done = await self.run_command(command)
            if on_done is not None:
                on_done(done)

        self.run_worker(run_then_tell(), group="commands")

    def carry_out(self, service: Service, command: ActingOrMaker) -> None:
        """Run in the service's thread: the action (chosen from the fresh state if a maker)."""
        if not isinstance(command, Acting):
            service.refresh()
            command = command(service.state)
        command.action(service, command.request)

    def on_action_requested(self, message: ActionRequested) -> None:
        self.execute(message.acting, message.on_done)

    def _poll(self) -> None:
        listening = self._listener is not None and self._listener.connected.is_set()
        if not listening or time.monotonic() - self._looked >= self.follow_interval:
            self._follow_soon()

    def _follow_soon(self) -> None:
        # Never two at once, nor one queued behind another: a poll that finds one on its way skips.
        if not self._following:
            self._following = True
            self._looked = time.monotonic()
            self.run_worker(self.follow(), group="follow")

    async def follow(self) -> None:
        """Pick up what other terminals appended."""
        try:
            changed = await self.call(_refresh_and_look, shown=False)
        except StoreError as error:  # the database went away: say so, keep showing the last state
            self._database_fault(error_text(error))
            return
        except TdError as error:
            self.notify(error_text(error), severity="error", markup=False)
            return
        finally:
            self._following = False
            if self._follow_again:
                self._follow_again = False
                self._follow_soon()
        if not self.is_running or not self.screen_stack:  # the app stopped while the read ran
            return
        self._database_fault("")
        self._tell_server()  # a failover that no poll saw as an outage (between two polls)
        if (mirror := self.service.store.mirror) is not None:
            self._mirror_fault(mirror.status())
        self._tell_time()
        if changed:
            self.redraw()

    def _tell_time(self) -> None:
        """A clock of this machine that is off is said once; a step of the reference clock is told
        (and asked of the TD, `time_step`) once per measurement that still finds it."""
        source = self.service.time_source
        if source is None:
            return
        if (skew := source.skew_notice()) is not None:
            server = self.service.store.engine.dialect.name == "postgresql"
            self.notify(skew_text(skew, server=server), severity="warning", timeout=15, markup=False)
        if (correction := source.correction_notice()) is not None:
            self.notify(correction_text(correction), severity="warning", timeout=15, markup=False)
        if source.step is None:
            self.time_step(None)
            return
        if source.measured == self._step_told:
            return
        self._step_told = source.measured
        self.time_step(step_text(self.service.state, self.service.now(), source.step))

    def time_step(self, line: str | None) -> None:
        """The reference clock jumped (`line` says what it would do; None once it is settled, here
        or on another terminal): a terminal that cannot choose says so and holds."""
        if line is None:
            return
        self.notify(_("{step}. The tournament clock holds until the TD chooses.").format(step=line),
                    severity="warning", timeout=15, markup=False)

    def _database_fault(self, line: str) -> None:
        """A database that cannot be reached is said once, with its line, and stays in the header
        ("no database") until a poll reads it again; the clock keeps counting meanwhile (it reads
        the last state), and a command is refused with the same line."""
        if line == self._fault:
            return
        if line:
            self.notify(line, severity="error", timeout=10, markup=False)
        elif self._fault and not self._tell_server():  # another server: its one line says it
            self.notify(_("the database answers again"), markup=False)
        self._fault = line
        self._working(0)

    def _tell_server(self) -> bool:
        """A failover is said in one line: the server this terminal writes to now, and the one it
        wrote to before (docs/OPERATIONS.md); the terminal carries on. True if it was said."""
        server, before = self.service.store.server, self._server
        self._server = server or before
        if server is None or before is None or server == before:
            return False
        self.notify(server_moved_line(before, server), severity="warning", timeout=15, markup=False)
        return True

    def _mirror_fault(self, status: MirrorStatus) -> None:
        """A mirror that does not hold every command is said at once, with where it is, and stays
        in the header ("MIRROR BEHIND") until it holds them again (store/mirror.py)."""
        line = "" if status.in_step else mirror_line(status)
        if line == self._mirror:
            return
        if line:
            self.notify(line, severity="error", timeout=15, markup=False)
        else:
            self.notify(_("The mirror {path} holds every command again").format(path=status.mirror),
                        markup=False)
        self._mirror = line
        self._working(0)

    def redraw(self) -> None:
        """Tell the active screen the tournament changed (a modal on top hears nothing: the screen
        under it redraws when it is shown again)."""
        self.screen.post_message(TournamentChanged())

    def action_quit_asking(self) -> None:
        """Quit this terminal after a yes (the tournament stays in the database; Enter answers No)."""
        from tdconsole.tui.screens.confirm import ConfirmScreen  # screens import this module

        if isinstance(self.screen, ConfirmScreen):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(_("Quit {title}? The tournament is kept; open it again with "
                                         "the same command.").format(title=self.title)), answered)

    def action_toggle_sound(self) -> None:
        """The bell on or off, for this terminal only (it changes nothing in the tournament)."""
        self.sound = not self.sound
        self.notify(_("Sound on") if self.sound else _("Sound off"))


def _refresh_and_look(service: Service) -> bool:
    """A follow: what other terminals appended, and a look at the mirror, which catches up when
    its disk is back (store/mirror.py) even while nobody writes."""
    changed = service.refresh()
    if service.store.mirror is not None:
        service.store.mirror.check()
    return changed


def write_crash_log(error: BaseException, log: Path | None = None) -> Path:
    """Append `error`'s traceback to `log`, or to a new crash-YYYYmmdd-HHMMSS.log in the user's data
    directory (the temporary directory if that cannot be made); the file written."""
    if log is None:
        try:
            directory = user_data_dir()
        except StoreError:
            import tempfile

            directory = Path(tempfile.gettempdir())
        log = directory / f"crash-{datetime.now():%Y%m%d-%H%M%S}.log"
    with log.open("a", encoding="utf-8") as file:
        file.writelines(traceback.format_exception(error))
    return log


def service_app(node: DOMNode) -> ServiceApp:
    """The app a screen or widget runs in, typed: the screens that show the tournament run only in one."""
    app = node.app
    if not isinstance(app, ServiceApp):
        raise TypeError(f"{type(node).__name__} needs an app on a tournament's service, "
                        f"not {type(app).__name__}")
    return app


def service_of(node: DOMNode) -> Service:
    """The tournament's service, for a screen or widget."""
    return service_app(node).service

"""`GET /api/events`: the change stream every page follows (Server-Sent Events).

One poller serves every browser: a few times a second it asks the store for events after the last
one it has (`Service.refresh`: an indexed range read that finds nothing most of the time). On
PostgreSQL it is told of each commit instead (LISTEN/NOTIFY, store/notify.py: a write from any
terminal, CLI or TUI, is told the same way) and reads the store at once when told, and otherwise
only every `SAFETY_POLL_SECONDS` in case a notification was lost (while its listener is away, a few
times a second again); a few times a second it still looks at the clock. When the log grew, or
the clock crossed into another level by itself, it renders the board once and hands the same
message to every connected browser. A heartbeat re-sends the board
every few seconds, so a page's local countdown is re-anchored to the server's clock and a browser
that missed a message catches up.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import logging
import threading
import time
import zlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import anyio.to_thread

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.i18n import error_text
from tdconsole.service import Service
from tdconsole.store.db import StoreError
from tdconsole.store.notify import CommitListener
from tdconsole.views.mirror import server_moved_line
from tdconsole.web.board import Board, LeagueStandings, SeatIndex
from tdconsole.web.speaking import TvAnnouncements
from tdconsole.web.speaking import render as render_wav

POLL_SECONDS = 0.2
SAFETY_POLL_SECONDS = 5.0
HEARTBEAT_SECONDS = 10.0

Render = Callable[[dict[str, Any]], str]

T = TypeVar("T")

log = logging.getLogger("tdconsole.web")


# A gzip stream's header (RFC 1952: deflate, no name, no time, unknown OS). The stream never ends:
# a browser follows it until it goes away, so its trailer is never due.
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"


@dataclass(frozen=True, slots=True)
class Message:
    """One message of the stream, encoded once for every browser: as it is (`plain`), and as a
    piece of a gzip stream (`packed`). The piece is compressed on its own, by a compressor that
    has seen nothing before it, and ends on a byte boundary (a sync flush) without ending the
    stream, so it continues any browser's gzip stream, whatever it was sent before. The board
    repeats itself (a festival pays 1,500 places): it shrinks tenfold and more."""

    plain: bytes
    packed: bytes

    @classmethod
    def of(cls, text: str) -> Message:
        plain = text.encode()
        compressor = zlib.compressobj(COMPRESSION, zlib.DEFLATED, -zlib.MAX_WBITS)
        return cls(plain, compressor.compress(plain) + compressor.flush(zlib.Z_SYNC_FLUSH))


# zlib's level: nearly the best size for a fraction of the best's time, once per change.
COMPRESSION = 6
RETRY = Message.of("retry: 1000\n\n")


def gzipped(body: bytes) -> bytes:
    """`body` as a whole gzip file at the stream's level, for an answer sent once (`GET
    /api/board`); no time in its header, so the same body packs to the same bytes."""
    return gzip.compress(body, COMPRESSION, mtime=0)


class ChangeFeed:
    def __init__(self, service: Service, render: Render, *, poll: float = POLL_SECONDS,
                 heartbeat: float = HEARTBEAT_SECONDS) -> None:
        self.service = service  # role "display": reads only
        self.render = render  # the board's HTML, as the TV page shows it
        self.poll, self.heartbeat = poll, heartbeat
        # The service is shared by the poller and the request threads that read the state.
        self.lock = threading.Lock()
        self._server = service.store.server  # the PostgreSQL server read from (a failover moves it)
        self._subscribers: set[asyncio.Queue[Message]] = set()
        self._message: Message | None = None
        self._key: tuple[Any, ...] = ()
        self._sent = 0.0
        self.league = LeagueStandings(service.store, service.tournament_id)
        # Followed from each change's new envelopes (the lock held), not rebuilt from the whole log.
        self.boards = Board(service.tournament_id)
        self._seats: SeatIndex | None = None
        self.voice = TvAnnouncements()
        self.listener: CommitListener | None = None  # while `run` is told of commits (PostgreSQL)
        # T-SHOT-1: told the tables whose shot clock reached zero and is not logged yet (web/app.py
        # logs it), outside the lock.
        self.on_expired: Callable[[list[int]], None] | None = None
        self._expired: list[int] = []

    # ------------------------------------------------------------ reading

    def read(self, view: Callable[[Service, datetime], T]) -> T:
        """`view(service, now)` on the freshest state (a request thread's read)."""
        with self.lock:
            self._refresh()
            return view(self.service, self.service.now())

    def seats(self, query: str) -> dict[str, Any]:
        """"Find my seat" on the freshest state: only the refresh (and, once the entries change,
        the index's names) under the lock; the search itself outside it, so no query holds up the
        TV's feed."""
        with self.lock:
            self._refresh()
            index = self._seats = SeatIndex.follow(self.service.state, self.boards.moves, self._seats)
        return index.find(query)

    def _refresh(self) -> None:
        """Bring the service up to date (the lock held); the moves follow the log."""
        self.service.refresh()
        self.boards.follow(self.service.state, self.service.log)

    def board(self) -> dict[str, Any]:
        return self.read(self._document)

    def board_json(self) -> bytes:
        """`GET /api/board`'s answer, as Starlette's JSONResponse writes the board."""
        return self.boards.encoded(self.board(), compact=True).encode()

    def _document(self, service: Service, now: datetime) -> dict[str, Any]:
        """The board, and the league's standings between tournaments (`league`, null otherwise)."""
        document = self.boards.document(service.state, now)
        document["league"] = self.league.document(service.state)
        document["speaks"] = self.voice.speaks(service)
        document["announcements"] = self.voice.recent
        return document

    def announcement_wav(self, seq: int) -> bytes:
        """Announcement `seq` as a WAV file; rendered outside the lock, once."""
        with self.lock:
            wanted = self.voice.wanted(seq)
        wav = render_wav(wanted)
        with self.lock:
            self.voice.keep(seq, wav)
        return wav

    # ------------------------------------------------------------ the poller

    def _check(self, force: bool, look: bool = True) -> Message | None:
        """The next message if anything the board shows changed (or the heartbeat is due); `look`:
        read the store first (else the clock alone may have moved)."""
        with self.lock:
            if look:
                self._refresh()
            state, now = self.service.state, self.service.now()
            self._expired = [table for table, shot in state.shot_clocks.items()
                             if not shot.expired and shot.remaining(now) <= 0]
            self.voice.follow(self.service, now)
            reading = clock_ops.read(state.info.structure, state.clock, now)
            key = (state.last_seq, reading.period, reading.running, reading.started, self.voice.seq)
            if not force and key == self._key and time.monotonic() - self._sent < self.heartbeat:
                return None
            self._key = key
            document = self._document(self.service, now)
        document["html"] = self.render(document)
        return Message.of(f"id: {document['seq']}\nevent: board\ndata: {self.boards.encoded(document)}\n\n")

    def _check_and_expire(self, look: bool) -> Message | None:
        """`_check`, then the shot clocks it found at zero logged (T-SHOT-1), the lock released."""
        message = self._check(False, look)
        if self._expired and self.on_expired is not None:
            self.on_expired(self._expired)
        return message

    def refresh_now(self) -> None:
        """Compute the current message (at start, before the first browser connects)."""
        message = self._check(force=True)
        if message is not None:
            self._publish(message)

    async def run(self) -> None:
        # A database that cannot be reached for a while (a PostgreSQL server restarting) stops
        # neither the poller nor the app: the pages keep the last board and count down locally,
        # and the next poll that reads the store again carries on. Said once per outage.
        fault = ""
        told = asyncio.Event()
        loop = asyncio.get_running_loop()

        def committed(tournament_id: int | None, last_seq: int | None) -> None:
            if tournament_id in (None, self.service.tournament_id):
                with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                    loop.call_soon_threadsafe(told.set)

        self.listener = listener = self.service.store.listen(committed)
        looked = 0.0
        try:
            while True:
                look = (listener is None or not listener.connected.is_set() or told.is_set()
                        or time.monotonic() - looked >= SAFETY_POLL_SECONDS)
                told.clear()  # a commit told while this one reads is read at once after it
                if look:
                    looked = time.monotonic()
                try:
                    message = await anyio.to_thread.run_sync(self._check_and_expire, look)
                except StoreError as error:
                    if error_text(error) != fault:
                        fault = error_text(error)
                        log.warning("%s", fault)
                    message = None
                else:
                    fault = ""
                    server = self.service.store.server
                    if server is not None and self._server is not None and server != self._server:
                        log.warning("%s", server_moved_line(self._server, server))
                    self._server = server or self._server
                if message is not None:
                    self._publish(message)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(told.wait(), self.poll)
        finally:
            if listener is not None:
                listener.stop()

    def _publish(self, message: Message) -> None:
        self._message, self._sent = message, time.monotonic()
        for queue in self._subscribers:
            if queue.full():  # a slow browser needs only the newest board
                queue.get_nowait()
            queue.put_nowait(message)

    # ------------------------------------------------------------ browsers

    async def stream(self, gzip: bool = False) -> AsyncIterator[bytes]:
        """One browser's messages: the current board at once, then each change; with `gzip`, as
        one gzip stream made of the messages each compressed once for every browser."""
        queue: asyncio.Queue[Message] = asyncio.Queue(maxsize=1)
        self._subscribers.add(queue)
        try:
            yield GZIP_HEADER + RETRY.packed if gzip else RETRY.plain
            if self._message is not None:
                yield self._message.packed if gzip else self._message.plain
            while True:
                message = await queue.get()
                yield message.packed if gzip else message.plain
        finally:
            self._subscribers.discard(queue)

    @property
    def subscribers(self) -> int:
        return len(self._subscribers)

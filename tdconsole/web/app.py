"""The web app behind `tdconsole serve`: the TV page, "find my seat", the staff remote, and their API.

It reads and writes only through the service, like the TUI and the CLI: the pages read one shared
read-only service (the display role); a staff member's request runs the CLI's own command on a
service whose actor is that staff member and whose role comes from the staff record, so the log
says who did it and the service refuses what the role may not do (403), however the request is made.

Statuses: 400 malformed input, 401 no session (or a wrong PIN), 403 no CSRF token or not allowed
for the role, 404 unknown command/player, 409 the command does not apply now (a rule, a race),
429 locked out, 503 the database cannot be used; always `{"error": "one line"}`, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import threading
import time
import weakref
from collections.abc import AsyncIterator, Callable, Collection
from typing import Any

import anyio
import anyio.to_thread
import jinja2
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route, Router
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from tdconsole.actions import room as room_actions
from tdconsole.actions.base import parse, registry, web_action
from tdconsole.config.files import parse_json
from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.config.tv_layouts import DEFAULT_LAYOUT, Layout, image_file, layout_files, load_layout
from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.errors import Forbidden, InvalidInput, NotFound, TdError, Words, validation_refusal
from tdconsole.domain.floor.log import game_now, prepare
from tdconsole.domain.limits import MAX_CONNECTIONS, MAX_STREAMS, MAX_WEB_BODY_BYTES
from tdconsole.domain.players.pages import token_hash
from tdconsole.domain.text import name_key
from tdconsole.i18n import _, catalogue, error_text, install_jinja, language, requested_language
from tdconsole.service import Service
from tdconsole.store.db import StoreError
from tdconsole.store.event_store import Conflict, EventStore
from tdconsole.store.staff import PIN_CHECKS_AT_ONCE, StaffMember, StaffStore
from tdconsole.views.base import jsonable
from tdconsole.views.busts import bust_questions as bust_questions_view
from tdconsole.views.busts import rebuy_offers
from tdconsole.views.formatting import Formats, format_clock, payment_method
from tdconsole.views.money import final_results_text
from tdconsole.views.player_page import player_page_view
from tdconsole.views.rulings import answer_text
from tdconsole.views.shot_clock import shot_clocks_view
from tdconsole.views.tournament import counting_sheet, state_view
from tdconsole.web import auth
from tdconsole.web.actions import StaffServices, allowed_verbs
from tdconsole.web.board import seat_qr
from tdconsole.web.bust_list import bust_list
from tdconsole.web.desk import desk, undo_offer
from tdconsole.web.edge import Edge, Refusals
from tdconsole.web.feed import POLL_SECONDS, ChangeFeed, gzipped
from tdconsole.web.layouts import screens, stylesheet
from tdconsole.web.signups import MIN_SECONDS, WORK_BITS, Refused, SignupGuard

log = logging.getLogger("tdconsole.web")


class ApiError(Exception):
    """A refusal of the web's own (no session, a wrong PIN, a bad body): an English template and its
    values like the domain's refusals, so the answer is in the server's language
    (tdconsole.i18n.error_text); the message extractor collects the template (scripts/catalogue.py)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None,
                 **params: object) -> None:
        super().__init__(message.format(**params) if params else message)
        self.status, self.headers = status, headers
        self.template, self.params = message, params


def _status(error: Exception) -> int:
    if isinstance(error, ApiError):
        return error.status
    if isinstance(error, Forbidden):
        return 403
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, InvalidInput | ValidationError):
        return 400
    if isinstance(error, StoreError):
        return 503
    if isinstance(error, Conflict | TdError):
        return 409  # a rule refuses it, or it no longer applies
    return 500


def _one_line(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return error_text(validation_refusal("input", error))
    if _status(error) == 500:
        return _("internal error ({kind}); see the server's log").format(kind=type(error).__name__)
    text = " ".join(error_text(error).split())
    return text or type(error).__name__


def error_response(error: Exception) -> JSONResponse:
    status = _status(error)
    if status == 500:
        log.exception("internal error", exc_info=error)
    headers = error.headers if isinstance(error, ApiError) else None
    answer = {"error": _one_line(error)}
    # A refusal names the request field it is about (a key of the body) and the player, so a page
    # can point at them; the line itself never spells a CLI flag.
    if isinstance(error, TdError):
        answer |= {key: value for key in ("field", "player") if (value := getattr(error, key, None))}
    return JSONResponse(answer, status_code=status, headers=headers)


def api(endpoint: Callable[..., Response]) -> Callable[..., Response]:
    """A sync endpoint (run in the thread pool) whose every failure is a one-line JSON error."""

    @functools.wraps(endpoint)
    def wrapped(request: Request) -> Response:
        try:
            return endpoint(request)
        except Exception as error:
            return error_response(error)

    return wrapped


class Web:
    """One tournament served: the shared read-only service, staff, sessions and the change feed."""

    def __init__(self, store: EventStore, tournament_id: int | None, *, clock: auth.Clock,
                 secure: bool, poll: float, seat_url: str | None = None, shared: Web | None = None) -> None:
        self.store = store
        self.staff = StaffStore(store)
        self.display = Service(store, tournament_id, role="display")
        self.tournament_id = self.display.tournament_id
        # Staff serve every tournament of the database: one log-in (and one lock-out) for all of them.
        self.sessions: auth.Sessions = shared.sessions if shared else auth.Sessions(self.staff, clock)
        self.guard: auth.LoginGuard = shared.guard if shared else auth.LoginGuard(clock, store)
        self.secure = secure
        # T-SIGNUP-1: the public sign-up's guard (shared: one address, one limit) and the service
        # the sign-ups are run through, as floor staff named "sign-up" (made on the first one).
        self.signup_guard: SignupGuard = shared.signup_guard if shared else SignupGuard(clock)
        self._signups: tuple[Service, threading.Lock] | None = None
        self.templates = jinja2.Environment(
            loader=jinja2.PackageLoader("tdconsole.web", "templates"),
            autoescape=True,  # names are the TD's and players' free text
            undefined=jinja2.StrictUndefined,
        )
        self.templates.filters["mmss"] = mmss
        # Amounts in the tournament's currency, chips and big blinds as plain numbers, all as the
        # chosen language writes them (20.000 and 1.800 kr. in Danish, 20,000 and DKK 1,800 in English).
        self.templates.filters["chips"] = lambda amount: "" if amount is None else self.formats().number(
            amount, 0)
        self.templates.filters["bb"] = lambda value: self.formats().number(value, 1)
        self.templates.filters["money"] = lambda amount: _money(self.formats(), amount)
        # A moment of the log (ISO 8601) as the club's clock reads it: "counted 21:40".
        self.templates.filters["hhmm"] = lambda moment: "" if not moment else format_clock(
            moment, time_zone=self.display.state.house_rules.money.time_zone, seconds=False)
        install_jinja(self.templates)
        # The TV's QR code for "find my seat", made once: None when phones cannot reach this server.
        self.seat_qr = seat_qr(seat_url) if seat_url else ""
        self._ladder: tuple[tuple[str, Formats], list[dict[str, Any]], str] | None = None
        self._languages: dict[str, jinja2.Environment] = {}
        self.feed = ChangeFeed(self.display, self.board_html, poll=poll)
        self.feed.on_expired = self.expire_shot_clocks
        self._shot_service: Service | None = None
        self._countdown: dict[tuple[int, str, str], bytes] = {}
        # The running tournaments the remote picks from (`Rooms.running`, set by `create_app`).
        self.rooms: Callable[[], list[dict[str, Any]]] = lambda: []
        self.actions = StaffServices(store, self.tournament_id)

    def formats(self) -> Formats:
        return Formats.of(self.display.state.house_rules)

    def page(self, template: str, **context: Any) -> str:
        return self.templates.get_template(template).render(**context)

    def page_in(self, lang: str, template: str, **context: Any) -> str:
        """`template` in `lang`, whatever the server's language: a player's own page speaks his
        (T-PAGE-1). One environment per language, made on first use, with the pages' filters."""
        if lang == language():
            return self.page(template, **context)
        environment = self._languages.get(lang)
        if environment is None:
            environment = jinja2.Environment(loader=self.templates.loader, autoescape=True,
                                             undefined=jinja2.StrictUndefined)
            environment.filters.update(self.templates.filters)
            environment.add_extension("jinja2.ext.i18n")
            found = catalogue(lang)
            environment.install_gettext_callables(  # type: ignore[attr-defined]
                found.gettext, found.ngettext, newstyle=True, pgettext=found.pgettext)
            environment.globals["language"] = lambda: lang
            self._languages[lang] = environment
        return environment.get_template(template).render(**context)

    def countdown_wav(self, number: int) -> bytes:
        """`number` spoken in the TV's voice and language, rendered once (espeak-ng, speech.py)."""
        settings = self.display.state.house_rules.speech
        key = (number, language(), settings.model_dump_json())  # the settings hold a list
        if key not in self._countdown:
            from tdconsole import speech

            self._countdown[key] = speech.wav(str(number), language(), settings)
        return self._countdown[key]

    def expire_shot_clocks(self, tables: list[int]) -> None:
        """Log each shot clock that reached zero (T-SHOT-1), as floor staff "shot clock": the feed's
        poller calls it (one thread). Another server or terminal may have logged or stopped it
        first: the domain then refuses, and that is the end of it."""
        if self._shot_service is None:
            self._shot_service = Service(self.store, self.tournament_id, actor="shot clock", role="floor")
        for table in tables:
            try:
                room_actions.shot_clock(self._shot_service,
                                        room_actions.ShotClockRequest(table=table, expire=True))
            except TdError:
                continue

    def sign_up(self, body: dict[str, Any]) -> dict[str, Any]:
        """A sign-up from the public page, run as floor staff "sign-up" (T-SIGNUP-1)."""
        if self._signups is None:
            self._signups = (Service(self.store, self.tournament_id, actor="sign-up", role="floor"),
                             threading.Lock())
        service, lock = self._signups
        # The phone's ticket: it follows its sign-up by it, and once approved it opens his page.
        ticket = secrets.token_hex(20)
        with lock:
            service.refresh()
            request = parse(registry()["signups add"], {
                **{key: body.get(key) for key in ("name", "member", "phone")
                   if body.get(key) not in (None, "")},
                "ticket_hash": token_hash(ticket)})
            view = room_actions.sign_up(service, request)
            found = service.state.signups[name_key(request.name)]
            return {"name": found.name, "number": found.number, "status": "waiting",
                    "entries": view.entries, "min_players": view.min_players, "needed": view.needed,
                    "ticket": ticket}

    def signup_status(self, ticket: str) -> dict[str, Any]:
        """Where a phone's sign-up stands (T-SIGNUP-1), found by its ticket's hash: waiting, rejected,
        or registered with his own page's address (relative to the sign-up page)."""
        def read(service: Service, _now: Any) -> dict[str, Any]:
            state = service.state
            key = state.signup_tickets.get(token_hash(ticket)) if len(ticket) <= 100 else None
            if key is None:
                raise NotFound("no such sign-up")
            if key in state.signups:
                return {"status": "waiting", "page": None}
            player_id = state.by_name.get(key)
            if player_id is None:
                return {"status": "rejected", "page": None}
            token = state.pages.get(key)
            return {"status": "registered", "page": None if token is None else f"p/{token}"}
        return self.feed.read(read)

    def player(self, token: str) -> tuple[dict[str, Any], int]:
        """The page a token opens (T-PAGE-1) and the log's seq it was read at; a wrong token is
        NotFound. The token is looked up by its SHA-256 in a dict, never compared character by
        character, so a wrong one takes as long however much of a right one it shares."""
        def read(service: Service, now: Any) -> tuple[dict[str, Any], int]:
            key = service.state.page_hashes.get(token_hash(token)) if len(token) <= 256 else None
            if key is None:
                raise NotFound("no such page: ask the tournament director for a new one")
            moves = [move.as_json() for move in self.feed.boards.moves.found]
            view = jsonable(player_page_view(service.state, key, now, moves))
            return view, service.state.last_seq
        return self.feed.read(read)

    def board_html(self, document: dict[str, Any]) -> str:
        return self.page("_board.html", board=document, seat_qr=self.seat_qr,
                         ladder=self.ladder(document["payouts"]))

    def layout_html(self, layout: Layout, document: dict[str, Any]) -> str:
        """The views of a club's layout for `document`, each cell by its partial (the classic
        board's own); the lobby's tournaments read only when a cell shows them."""
        views = screens(layout)
        shows_lobby = any(item["kind"] == "lobby" for view in views for item in view["cells"])
        lobby = self.rooms() if shows_lobby else []
        return self.page("_layout.html", board=document, views=views, seat_qr=self.seat_qr,
                         ladder=self.ladder(document["payouts"]), lobby=lobby)

    def ladder(self, payouts: list[dict[str, Any]]) -> str:
        """The payout ladder's rows as HTML (escaped by its template), rendered again only when
        they (or the language, or the currency) change: a bust outside the money, a pause, a level
        leave them as they were."""
        key = (language(), self.formats())
        made = self._ladder
        if made is None or made[0] != key or made[1] != payouts:
            made = self._ladder = (key, payouts, self.page("_ladder.html", payouts=payouts,
                                                           shown=LADDER_ROWS))
        return made[2]

    # ------------------------------------------------------------ who is asking

    def who(self, request: Request, *, csrf: bool) -> tuple[auth.WebSession, StaffMember]:
        """The logged-in staff member as the staff list has them now (401 otherwise: logged out,
        expired, removed, or a new PIN); with `csrf`, the token must come too (403)."""
        token = request.cookies.get(auth.COOKIE)
        found = self.sessions.get(token)
        if found is None and token:
            raise ApiError(401, "the session has ended (logged out, expired, or the staff member was "
                                "removed or given a new PIN): log in again")
        if found is None:
            raise ApiError(401, "log in first (POST /api/login with your name and PIN)")
        session, member = found
        if csrf and not session.csrf_matches(request.headers.get(auth.CSRF_HEADER)):
            raise ApiError(403, "the {header} header is missing or wrong (log in again)",
                           header=auth.CSRF_HEADER)
        return session, member


# The ladder's rows the TV page is sent: twice what the tallest screen can show (its rows are 3.8vh
# high with a line-height of 1.2, so 21 fit in the whole height at any resolution).
LADDER_ROWS = 40


@functools.lru_cache(maxsize=4096)
def _money(formats: Formats, amount: int) -> str:
    """An amount as `formats` writes it, remembered: the TV's ladder writes a festival's 1,500 paid
    places on every change, most of them the same few amounts, and Babel takes a while for each."""
    return formats.money(amount)


# The newest tournaments `/` lists and /t/ID/ serves: a club's database holds years of evenings.
MAX_ROOMS = 50


class StreamSeats:
    """The change streams the whole server follows at once, every room's together: a seat is taken
    when a stream is granted, before its first byte (a burst of requests cannot all pass the check
    before any of them is counted), and given back when its answer ends, however it ends. So the cap
    is exact and holds across tournaments: it stays below the server's connections, leaving the rest
    to the pages, the API and staff. One event loop takes and gives them: no lock."""

    def __init__(self, limit: int) -> None:
        self.limit, self.taken = limit, 0
        self.refusals = Refusals("change streams", limit)

    def take(self) -> bool:
        if self.taken >= self.limit:
            self.refusals.note()
            return False
        self.taken += 1
        return True

    def give_back(self) -> None:
        self.taken -= 1


class FollowedStream(StreamingResponse):
    """A change stream that gives its seat back when its answer ends."""

    def __init__(self, content: AsyncIterator[bytes], seats: StreamSeats, **options: Any) -> None:
        super().__init__(content, **options)
        self.seats = seats

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.seats.give_back()


class Rooms:
    """Every tournament of the database under /t/ID/: each with its own read-only service, change
    feed, TV, "find my seat" and remote, made on the first visit (its feed polls from then on). A
    page keeps the tournament it opened; `/` lists those not finished."""

    def __init__(self, served: Web, make: Callable[[int], Web], streams: StreamSeats) -> None:
        self.served, self.make, self.streams = served, make, streams
        self.webs: dict[int, tuple[Web, Router]] = {}
        self.pollers: list[asyncio.Task[None]] = []
        self.polled: set[int] = set()
        self.lock = threading.Lock()

    def web(self, tournament_id: int) -> tuple[Web, Router]:
        with self.lock:
            found = self.webs.get(tournament_id)
        if found is None:
            newest = [summary.id for summary in self.served.store.tournaments()[-MAX_ROOMS:]]
            if tournament_id not in newest:
                raise NotFound("no tournament {id} among the newest {count} of this database",
                               id=tournament_id, count=MAX_ROOMS)
            web = self.make(tournament_id)
            web.rooms = self.running
            made = (web, Router(routes=tournament_routes(web, self.streams)))
            with self.lock:
                found = self.webs.setdefault(tournament_id, made)
        return found

    def running(self) -> list[dict[str, Any]]:
        """The tournaments not finished, newest last: what `/` lists, the remote picks from and
        the TV's lobby shows (each with its level and the seconds left of it, at reading)."""
        rows = []
        for summary in self.served.store.tournaments()[-MAX_ROOMS:]:
            web = self.served if summary.id == self.served.tournament_id else self.web(summary.id)[0]
            state, now = web.feed.read(lambda service, now: (service.state, now))
            if state.status != "finished":
                reading = clock_ops.read(state.info.structure, state.clock, now)
                rows.append({"id": summary.id, "name": state.info.name, "status": state.status,
                             "players_left": state.players_left, "entries": state.entries,
                             "level": reading.level_number, "on_break": reading.on_break,
                             "running": reading.running, "remaining": reading.remaining})
        return rows

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        tournament_id = scope["path_params"]["tournament"]
        try:
            web, router = await anyio.to_thread.run_sync(self.web, tournament_id)
        except Exception as error:
            await error_response(error)(scope, receive, send)
            return
        if tournament_id not in self.polled:
            self.polled.add(tournament_id)
            await anyio.to_thread.run_sync(web.feed.refresh_now)
            self.pollers.append(asyncio.create_task(web.feed.run()))
        await router(scope, receive, send)


# An answer shorter than this goes as it is: below about a kilobyte gzip saves a packet at most,
# and its header, trailer and the browser's inflating cost as much.
GZIP_MIN_BYTES = 1024


def json_answer(request: Request, document: Any = None, *, body: bytes | None = None) -> Response:
    """`document` (or its `body`, already encoded so) as Starlette's JSONResponse writes it, gzipped
    when the browser takes gzip and the answer is long enough to gain (the board at festival size:
    106 KB, a tenth of it packed; the staff's `state`: megabytes).

    Packed here, in the endpoint's worker thread at the stream's level, and only for documents
    that hold no secret, rather than by Starlette's GZipMiddleware, which packs a smaller answer on
    the event loop that feeds every TV, at level 9, and would pack the remote's page, whose CSRF
    token beside what a request puts on the page is what BREACH needs. The change stream packs
    itself (feed.py), once for every browser."""
    if body is None:
        body = json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
    headers = {"Vary": "Accept-Encoding"}  # a cache must not hand the packed answer to anyone else
    if len(body) >= GZIP_MIN_BYTES and accepts_gzip(request.headers.get("accept-encoding", "")):
        body, headers["Content-Encoding"] = gzipped(body), "gzip"
    return Response(body, media_type="application/json", headers=headers)


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (RFC 9110: "gzip", "x-gzip" or "*", not at q=0)."""
    for item in header.lower().split(","):
        coding, _semicolon, params = item.partition(";")
        if coding.strip() in ("gzip", "x-gzip", "*"):
            quality = params.strip().removeprefix("q=").strip() if params.strip().startswith("q=") else "1"
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False


def is_classic(layout: Layout) -> bool:
    """Whether `layout` is today's whole board alone: the page the change feed renders for all."""
    views = screens(layout)
    return len(views) == 1 and [item["kind"] for item in views[0]["cells"]] == ["board"]


def mmss(seconds: float | None) -> str:
    """Whole seconds left as the clock shows them: rounded up, H:MM:SS past an hour."""
    if seconds is None:
        return ""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


async def _json_body(request: Request) -> dict[str, Any]:
    """The body as a JSON object, refused (413) beyond MAX_WEB_BODY_BYTES before it is parsed: by its
    Content-Length when it says, else as soon as that much has come."""
    too_big = ApiError(413, "the body is larger than {kib} KiB, this server's limit for one request",
                       kib=MAX_WEB_BODY_BYTES // 1024)
    length = request.headers.get("content-length", "")
    if length.isdecimal() and (len(length) > 12 or int(length) > MAX_WEB_BODY_BYTES):
        raise too_big
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_WEB_BODY_BYTES:
            raise too_big
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    body = parse_json(raw, Words("the body"))  # InvalidInput: 400, in the server's language
    if not isinstance(body, dict):
        raise ApiError(400, "the body must be a JSON object")
    return body


# The players picked for a bust that a panel request names (to keep their buttons): a hand busts few.
PICKED_NAMES = 50


def _bust_buttons(request: Request, players: list[dict[str, Any]]) -> dict[str, Any]:
    """The remote's bust list for `?q=` (part of a name), `?table=` and the `?picked=` names, with
    its hint in the page's language; a search too long is said there, as "find my seat" says it."""
    table = request.query_params.get("table", "")
    picked = request.query_params.getlist("picked")[:PICKED_NAMES]
    options: dict[str, Any] = {"table": int(table) if table.isdecimal() and len(table) < 7 else None,
                               "picked": set(picked)}
    try:
        bust = bust_list(players, query=request.query_params.get("q", ""), **options)
    except InvalidInput as error:
        bust = {**bust_list(players, **options), "hint": ""}
        bust["hint_text"] = error_text(error)
        return bust
    bust["hint_text"] = _(bust["hint"]).format(**bust["counts"]) if bust["hint"] else ""
    return bust


def tournament_routes(web: Web, streams: StreamSeats) -> list[Route]:
    """The pages and API of one tournament: at the root for the one `serve` opened, and under
    /t/ID/ for each tournament of the database (the pages' scripts use relative URLs)."""

    def html(text: str, status: int = 200) -> HTMLResponse:
        return HTMLResponse(text, status_code=status, headers={"Cache-Control": "no-store"})

    def chosen(request: Request) -> tuple[str, Layout]:
        name = request.query_params.get("layout", DEFAULT_LAYOUT)
        return name, load_layout(name)[1]

    @api
    def tv(request: Request) -> Response:
        """The TV in the layout `?layout=NAME` names (classic); an unknown or broken layout is the
        page's one line. The classic board is the one the change feed pushes to every TV; another
        layout's page fetches its views again (`?partial=1`) when the board changes."""
        try:
            name, layout = chosen(request)
        except TdError as error:
            return html(web.page("tv_error.html", message=_one_line(error)), _status(error))
        document = web.feed.board()
        if is_classic(layout):
            return html(web.page("tv.html", board=document, board_html=web.board_html(document),
                                 heartbeat=web.feed.heartbeat, layout=None))
        views = web.layout_html(layout, document)
        if request.query_params.get("partial"):
            return html(views)
        return html(web.page("tv.html", board=document, board_html=views, heartbeat=web.feed.heartbeat,
                             layout=name))

    @api
    def layout_css(request: Request) -> Response:
        return Response(stylesheet(chosen(request)[1]), media_type="text/css",
                        headers={"Cache-Control": "no-store"})

    @api
    def tv_image(request: Request) -> Response:
        """A logo or sponsor from the club's images folder, and from nowhere else (tv_layouts.py).
        The refusal does not name the server's folders to whoever asks: `tv check` does, for the TD."""
        name = request.path_params["name"]
        try:
            data, media = image_file(name)
        except NotFound:
            raise NotFound("no image {name!r} in the club's folder", name=name[:100]) from None
        except TdError:
            raise InvalidInput("{name!r} is not an image the TV may show (tv check says why)",
                               name=name[:100]) from None
        return Response(data, media_type=media, headers={"Cache-Control": "max-age=300"})

    @api
    def get_layouts(request: Request) -> Response:
        return json_answer(request, [{"name": name, "source": source}
                                     for name, (source, _path) in sorted(layout_files().items())])

    @api
    def get_layout(request: Request) -> Response:
        source, layout = load_layout(request.path_params["name"])
        return json_answer(request, {"name": request.path_params["name"], "source": source,
                                     **layout.model_dump(mode="json")})

    @api
    def seat_page(request: Request) -> Response:
        query = request.query_params.get("q", "")
        status = 200
        try:
            found = web.feed.seats(query)
        except InvalidInput as error:  # too long a search: the one line where the answers go
            found, status = {"query": query, "players": [], "more": False, "hint": error_text(error)}, 400
        if request.query_params.get("partial"):
            return html(web.page("_seats.html", found=found), status)
        return html(web.page("seat.html", found=found, name=web.display.state.info.name), status)

    @api
    def remote(request: Request) -> Response:
        found = web.sessions.get(request.cookies.get(auth.COOKIE))
        session, member = found if found else (None, None)
        cash = web.display.state.house_rules.cash
        return html(web.page("remote.html", member=member, csrf=session.csrf if session else "",
                             name=web.display.state.info.name, rooms=web.rooms(),
                             current=web.tournament_id, flight=web.display.state.flight is not None,
                             methods=[(method, payment_method(method)) for method in cash.methods],
                             default_method=cash.default_method,
                             may=allowed_verbs(member.role) if member else frozenset(),
                             shot_seconds=web.display.state.house_rules.clock_call.shot_clock_seconds))

    @api
    def remote_panel(request: Request) -> Response:
        _session, member = web.who(request, csrf=False)
        calls = web.actions.run(member, "rulings clock-calls", {})
        # Once it is finished, the winner or a satellite's seat winners (T-SAT-2), as the TV and the
        # TD's clock screen say them.
        row = request.query_params.get("player", "")[:200]
        table = request.query_params.get("table", "")
        bust_table = int(table) if table.isdecimal() and len(table) < 7 else None

        def read(s: Service, now: Any) -> tuple[Any, ...]:
            view = jsonable(state_view(s.state, s.tournament_id, now))
            return view, rebuy_offers(s.state, now), final_results_text(s.state), \
                room_actions.signups_view(s.state), desk(s, now, view, member.role, row, bust_table), \
                shot_clocks_view(s.state, now)

        view, offers, final, signups, parts, shots = web.feed.read(read)
        return html(web.page("_panel.html", state=view, member=member, calls=calls, rebuys=offers,
                             final=final, bust=_bust_buttons(request, view["players"]), signups=signups,
                             desk=parts, shots=shots))

    @api
    def remote_undo(request: Request) -> Response:
        """The command the TD's undo would take back, in the log's words, to ask before undoing it.
        Read when asked, not with every panel: at a festival the log's words for it take 0.4 s.
        From the member's own service, which has the command he made a moment ago even before the
        shared one has caught up with it."""
        _session, member = web.who(request, csrf=False)
        if "undo" not in allowed_verbs(member.role):
            raise Forbidden("floor staff cannot {verb} (TD only)", verb=Words("undo"))
        offer = web.actions.read(member, undo_offer)
        if offer is None:
            raise TdError("there is nothing to undo")
        return JSONResponse(offer)

    @api
    def remote_chips(request: Request) -> Response:
        """One table's seats in order, a field each, for the floor to count it (T-CHIPS-3)."""
        web.who(request, csrf=False)
        try:
            table = int(request.query_params.get("table", ""))
        except ValueError:
            raise ApiError(400, "a table number, please") from None
        rows = web.feed.read(lambda s, _now: counting_sheet(s.state, table))
        return html(web.page("_chips.html", table=table, rows=rows))

    @api
    def signup_page(request: Request) -> Response:
        """The public sign-up (T-SIGNUP-1): a form, its challenge, and how many more are needed."""
        view = web.feed.read(lambda s, _now: room_actions.signups_view(s.state))
        return html(web.page("signup.html", name=web.display.state.info.name, view=view,
                             challenge=web.signup_guard.challenge(), bits=WORK_BITS, min_seconds=MIN_SECONDS,
                             started=web.display.state.clock.started))

    @with_body
    def post_signup(request: Request, body: dict[str, Any]) -> Response:
        # JSON only (a cross-site form cannot send it unasked), from this page's own origin when the
        # browser says where it comes from; no cookie is read (T-SIGNUP-1, web/signups.py).
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise ApiError(415, "send the sign-up as JSON")
        origin = request.headers.get("origin")
        if origin and origin.split("://", 1)[-1] != request.headers.get("host", ""):
            raise ApiError(403, "sign up on this server's own page")
        address = request.client.host if request.client else "unknown"
        try:
            web.signup_guard.check(address, body.get("challenge"), body.get("nonce"), body.get("website"))
        except Refused as refused:
            raise ApiError(refused.status, str(refused)) from None
        return JSONResponse(web.sign_up(body), status_code=201)

    @api
    def get_signup(request: Request) -> Response:
        return json_answer(request, web.signup_status(request.path_params["ticket"]))

    @api
    def player_page(request: Request) -> Response:
        """A player's own page (T-PAGE-1), in his phone's language or the one its link asks for;
        `?partial=1` is its live part, fetched again on each change of the stream."""
        view, seq = web.player(request.path_params["token"])
        lang = requested_language(request.query_params.get("lang"), request.headers.get("accept-language"))
        partial = request.query_params.get("partial")
        response = html(web.page_in(lang, "_player.html" if partial else "player.html", p=view, seq=seq))
        response.headers["Referrer-Policy"] = "no-referrer"  # the token is the page's address
        return response

    # ------------------------------------------------------------ API

    @api
    def get_player(request: Request) -> Response:
        view, _seq = web.player(request.path_params["token"])
        response = json_answer(request, view)
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @api
    def get_state(request: Request) -> Response:
        web.who(request, csrf=False)  # every player's seat, chips and prize: staff only
        state = web.feed.read(lambda s, now: jsonable(state_view(s.state, s.tournament_id, now)))
        return json_answer(request, state)

    @api
    def results_png(request: Request) -> Response:
        """The results as an image to post in the club's chat (`results --format png`, the places
        paid on a card a phone wide): staff only, as every player's prize in the state is."""
        from tdconsole.views.export import results_card_html
        from tdconsole.views.papers import png_of  # WeasyPrint and PDFium load with the first image only

        web.who(request, csrf=False)
        card = web.feed.read(lambda s, _now: results_card_html(s.state))
        return Response(png_of(card), media_type="image/png",
                        headers={"Cache-Control": "no-store",
                                 "Content-Disposition": 'inline; filename="results.png"'})

    @api
    def get_board(request: Request) -> Response:
        return json_answer(request, body=web.feed.board_json())

    @api
    def countdown_wav(request: Request) -> Response:
        """A shot clock's last seconds on the TV (T-SHOT-1): the number N (1-10) spoken."""
        number = int(request.path_params["n"])
        if not 1 <= number <= 10:
            raise NotFound("no countdown number {n}", n=number)
        wav = web.countdown_wav(number)
        return Response(wav, media_type="audio/wav", headers={"Cache-Control": "max-age=3600"})

    @api
    def announcement_wav(request: Request) -> Response:
        """The TV's announcement N, spoken by espeak-ng (web/speaking.py says why not the browser's)."""
        wav = web.feed.announcement_wav(int(request.path_params["seq"]))
        return Response(wav, media_type="audio/wav", headers={"Cache-Control": "max-age=3600"})

    @api
    def get_seat(request: Request) -> Response:
        return json_answer(request, web.feed.seats(request.query_params.get("q", "")))

    @functools.partial(with_body, pin_check=True)
    def login(request: Request, body: dict[str, Any]) -> Response:
        name, pin = body.get("staff"), body.get("pin")
        if not isinstance(name, str) or not isinstance(pin, str | int) or isinstance(pin, bool):
            raise ApiError(400, 'log in with {"staff": NAME, "pin": PIN}')
        # The peer's address: uvicorn replaces it from X-Forwarded-For only behind --trust-proxy.
        address = request.client.host if request.client else "unknown"
        try:
            guess = web.guard.begin(address, name)
        except auth.LockedOut as locked:
            wait = locked.seconds
            raise ApiError(429, "too many wrong PINs for this name or from this address: try again in "
                                "{wait}", {"Retry-After": str(int(-(-wait // 1)))}, wait=mmss(wait)) from None
        member = web.staff.verify(name, str(pin))
        if member is None:
            web.guard.wrong(guess)
            raise ApiError(401, "wrong name or PIN")
        web.guard.right(guess)
        session = web.sessions.open(member)
        if session is None:  # removed between the check and now
            raise ApiError(401, "wrong name or PIN")
        response = JSONResponse({"staff": member.name, "role": member.role, "csrf": session.csrf})
        response.set_cookie(auth.COOKIE, session.token, max_age=auth.SESSION_SECONDS, path="/",
                            httponly=True, samesite="strict", secure=web.secure)
        return response

    @api
    def logout(request: Request) -> Response:
        session, _member = web.who(request, csrf=True)
        web.sessions.close(session.token)
        response = JSONResponse({"logged_out": session.staff})
        response.delete_cookie(auth.COOKIE, path="/", httponly=True, samesite="strict", secure=web.secure)
        return response

    @with_body
    def command(request: Request, body: dict[str, Any]) -> Response:
        _session, member = web.who(request, csrf=True)
        result = web.actions.run(member, request.path_params["verb"], body)
        return json_answer(request, result)

    @with_body
    def bust_questions(request: Request, body: dict[str, Any]) -> Response:
        """What the bust in `body` (the bust command's own body) asks before it is done: the rebuy
        offers, whether a knocker is asked, the stacks, hand-for-hand, the confirmation; the TUI's
        bust dialog reads the same view (views/busts.py)."""
        web.who(request, csrf=True)
        asked = parse(web_action("bust"), body)
        return json_answer(request, web.feed.read(lambda s, now: bust_questions_view(
            s.state, now, **asked.model_dump()).model_dump(mode="json")))

    @with_body
    def walk(request: Request, body: dict[str, Any]) -> Response:
        """The rulings wizard's next step: the questions still open or the suggestion, with what the
        log knows filled in (the player's earlier offences, the players at the table, the level's
        game), as the TUI's."""
        web.who(request, csrf=True)
        scenario = body.get("scenario")
        answers = body.get("answers") or {}
        player, table = body.get("player") or None, body.get("table") or None
        if not isinstance(scenario, str) or not isinstance(answers, dict) \
                or not isinstance(player, str | None) or not isinstance(table, int | None):
            raise ApiError(400, 'walk with {"scenario": ID, "answers": {KEY: VALUE}, "player": NAME, '
                                '"table": N}')
        tree = load_catalogue().get(scenario)

        def step(service: Service, now: Any) -> Any:
            offender = service.state.find(player) if player else None
            given = {str(k): str(v) for k, v in answers.items() if not (offender and k == "earlier")}
            # The level's game answers the question of the game, as in the TUI (RP-18).
            walked = prepare(service.state, tree, given, service.state.house_rules, offender=offender,
                             table=table, game=game_now(service.state, now))
            # The answers so far in words, as the TUI's wizard shows them ("Nej · Foldede"): the
            # keys and values are the CLI's `--answer KEY=VALUE`, not words for the floor.
            answered = [{"key": key, "value": value, "text": answer_text(tree, key, value)}
                        for key, value in walked.answers.items()]
            return {"scenario": tree.id, "title": tree.title, **walked.model_dump(mode="json"),
                    "answered": answered}

        return JSONResponse(web.feed.read(step))

    async def events(request: Request) -> Response:
        if not streams.take():
            return JSONResponse({"error": _("too many browsers are following this tournament; the page "
                                            "tries again by itself")}, status_code=503,
                                headers={"Retry-After": "5"})
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", "Vary": "Accept-Encoding"}
        gzip = accepts_gzip(request.headers.get("accept-encoding", ""))
        if gzip:
            headers["Content-Encoding"] = "gzip"
        return FollowedStream(web.feed.stream(gzip), streams, media_type="text/event-stream",
                              headers=headers)

    return [
        Route("/", tv),
        Route("/tv", tv),
        Route("/tv/layout.css", layout_css),
        Route("/tv/images/{name:path}", tv_image),
        Route("/api/tv/layouts", get_layouts),
        Route("/api/tv/layouts/{name}", get_layout),
        Route("/seat", seat_page),
        Route("/remote", remote),
        Route("/remote/panel", remote_panel),
        Route("/remote/undo", remote_undo),
        Route("/remote/chips", remote_chips),
        Route("/p/{token}", player_page),
        Route("/signup", signup_page),
        Route("/api/signups", post_signup, methods=["POST"]),
        Route("/api/signups/{ticket}", get_signup),
        Route("/api/p/{token}", get_player),
        Route("/api/state", get_state),
        Route("/api/results.png", results_png),
        Route("/api/board", get_board),
        Route("/api/seat", get_seat),
        Route("/api/announcements/{seq:int}.wav", announcement_wav),
        Route("/api/countdown/{n:int}.wav", countdown_wav),
        Route("/api/login", login, methods=["POST"]),
        Route("/api/logout", logout, methods=["POST"]),
        Route("/api/commands/{verb:path}", command, methods=["POST"]),
        Route("/api/rulings/walk", walk, methods=["POST"]),
        Route("/api/bust/questions", bust_questions, methods=["POST"]),
        Route("/api/events", events),
    ]


def create_app(store: EventStore, tournament_id: int | None = None, *,
               clock: auth.Clock = time.time, secure: bool = False,
               poll: float = POLL_SECONDS, hosts: Collection[str] | None = None,
               max_connections: int = MAX_CONNECTIONS, max_streams: int = MAX_STREAMS,
               seat_url: str | None = None) -> Starlette:
    """The app for one tournament (the newest if None). `clock` (seconds since the epoch) drives
    sessions and the lock-out; `secure` marks the cookie Secure (behind TLS); `hosts` are the names
    the Host header may give (None: not checked, for the in-process tests' client); at most
    `max_connections` requests are answered at once and `max_streams` browsers follow the feed;
    `seat_url` is where a phone finds its seat, shown on the TV as a QR code (None: no code)."""
    web = Web(store, tournament_id, clock=clock, secure=secure, poll=poll, seat_url=seat_url)
    streams = StreamSeats(max_streams)  # one count for every room's streams
    rooms = Rooms(web, lambda tid: Web(store, tid, clock=clock, secure=secure, poll=poll, seat_url=None,
                                       shared=web), streams)
    web.rooms = rooms.running
    own = tournament_routes(web, streams)
    tv_page: Callable[[Request], Response] = own[0].endpoint

    def home(request: Request) -> Response:
        """The TV of the tournament served, as always; with several running, the list of them."""
        running = rooms.running()
        if len(running) <= 1 or "layout" in request.query_params:
            return tv_page(request)
        return HTMLResponse(web.page("rooms.html", rooms=running, current=web.tournament_id),
                            headers={"Cache-Control": "no-store"})

    async def not_found(request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        message = _("no such page") if status == 404 else (
            _("method not allowed") if status == 405 else _("internal error"))
        return JSONResponse({"error": message}, status_code=status)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        web.feed.refresh_now()
        poller = asyncio.create_task(web.feed.run())
        try:
            yield
        finally:
            for task in (poller, *rooms.pollers):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    routes = [
        Route("/", api(home)),
        *own[1:],
        Mount("/t/{tournament:int}", app=rooms),
        Mount("/static", StaticFiles(packages=[("tdconsole.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: not_found},
                    middleware=[Middleware(Edge, hosts=hosts, max_connections=max_connections,
                                               staff=web.sessions.known.knows, cookie=auth.COOKIE)])
    app.state.web = web
    return app


def with_body(endpoint: Callable[[Request, dict[str, Any]], Response], *,
              pin_check: bool = False) -> Callable[..., Any]:
    """An endpoint taking the JSON object body; its blocking work (argon2, the database, the CLI's
    commands) runs off the event loop, and every failure is a one-line JSON error. A `pin_check`
    (the log-in) waits for one of its own few threads (`PIN_CHECKS_AT_ONCE`, store/staff.py): a
    crowd of log-ins waiting for argon2 must not hold the threads the TD's commands run on."""

    async def wrapped(request: Request) -> Response:
        try:
            body = await _json_body(request)
            limiter = _pin_limiter() if pin_check else None
            return await anyio.to_thread.run_sync(endpoint, request, body, limiter=limiter)
        except ClientDisconnect:
            # Gone before its body was in (or closed for sending it too slowly, server.py): nobody
            # reads an answer, and a traceback per such connection would flood the log.
            return Response(status_code=400)
        except Exception as error:
            return error_response(error)

    return functools.update_wrapper(wrapped, endpoint)


_PIN_LIMITERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = \
    weakref.WeakKeyDictionary()


def _pin_limiter() -> anyio.CapacityLimiter:
    """The log-ins' threads on the running event loop (one per loop: a limiter belongs to its loop)."""
    loop = asyncio.get_running_loop()
    if loop not in _PIN_LIMITERS:
        _PIN_LIMITERS[loop] = anyio.CapacityLimiter(PIN_CHECKS_AT_ONCE)
    return _PIN_LIMITERS[loop]

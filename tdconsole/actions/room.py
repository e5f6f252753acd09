"""The room on its phones (issue 39): a page of his own for every player (T-PAGE-1), sign-ups from
the players' phones (T-SIGNUP-1), a table's shot clock (T-SHOT-1)."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

import os
from typing import Literal

from pydantic import Field

from tdconsole.actions import registration
from tdconsole.actions.base import NoArguments, Request, action
from tdconsole.actions.registration import RegisteredRow
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput, NotFound
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key
from tdconsole.service import Service
from tdconsole.views.base import OptionalKeysView, View
from tdconsole.views.shot_clock import ShotClockRow, shot_clocks_view

# Where phones open the server (`serve --public-url`), for the links and QR codes printed here.
PUBLIC_URL_ENV = "TDCONSOLE_PUBLIC_URL"
DEFAULT_PUBLIC_URL = "http://localhost:8000"


def public_url(given: str | None) -> str:
    """The server's address as phones reach it: `given`, else $TDCONSOLE_PUBLIC_URL, else this
    machine's default port; one line when it is not an http(s) address."""
    url = (given or os.environ.get(PUBLIC_URL_ENV) or DEFAULT_PUBLIC_URL).rstrip("/")
    if not url.startswith(("http://", "https://")) or any(c.isspace() for c in url):
        raise InvalidInput("the public address must be http(s)://HOST[:PORT], not {url!r}", url=url,
                           field="url")
    return url


def page_url(base: str, tournament_id: int, token: str, lang: str | None = None) -> str:
    """The page's address: under the tournament's own path, which every server of the database
    serves (web/app.py's `Rooms`), in `lang` when given."""
    return f"{base}/t/{tournament_id}/p/{token}" + (f"?lang={lang}" if lang else "")


class PlayerPageRequest(Request):
    name: str
    revoke: bool = False
    url: str | None = None  # the server's public address (default: $TDCONSOLE_PUBLIC_URL)
    lang: Literal["en", "da"] | None = None  # the page's language (default: the phone's)
    seed: int | None = None  # tests: the same token every run


class PlayerPageResult(OptionalKeysView):
    OMITTED_WHEN_NONE = frozenset({"url", "token"})

    name: str
    url: str | None = None
    token: str | None = None
    revoked: bool = False


@action("player-page", web=False, tui=False, commands=(commands.PlayerPage,))
def player_page(service: Service, request: PlayerPageRequest) -> PlayerPageResult:
    """Give a player a page of his own (T-PAGE-1), replacing the last one's token; or revoke it."""
    base = public_url(request.url)
    service.execute(commands.PlayerPage(name=request.name, revoke=request.revoke, seed=request.seed))
    name = service.state.find(request.name).name
    if request.revoke:
        return PlayerPageResult(name=name, revoked=True)
    token = service.state.pages[name_key(name)]
    return PlayerPageResult(name=name, url=page_url(base, service.tournament_id, token, request.lang),
                            token=token)


def page_links(service: Service, names: list[str], url: str | None) -> dict[str, str]:
    """Each named player's page address (T-PAGE-1) for a printed QR code (seat slips, receipts): his
    page, drawn now for a player who has none."""
    base = public_url(url)
    links: dict[str, str] = {}
    for name in dict.fromkeys(names):
        key = name_key(name)
        if key not in service.state.pages:
            service.execute(commands.PlayerPage(name=name))
        links[name] = page_url(base, service.tournament_id, service.state.pages[key])
    return links


# ---------------------------------------------------------------- sign-ups (T-SIGNUP-1)


class SignupRow(View):
    number: int
    name: str
    member: int | None
    phone: str


class SignupsView(View):
    """`signups --json`: who waits for the TD, and how many more players the event needs."""

    pending: list[SignupRow]
    entries: int
    min_players: int | None
    needed: int | None  # still to come before the minimum (None: no minimum)


def signups_view(state: TournamentState) -> SignupsView:
    minimum = state.info.min_players
    return SignupsView(
        pending=[SignupRow(number=s.number, name=s.name, member=s.member, phone=s.phone)
                 for s in sorted(state.signups.values(), key=lambda s: s.number)],
        entries=state.entries, min_players=minimum,
        needed=None if minimum is None else max(0, minimum - state.entries))


@action("signups", web=True, tui=False)
def signups(service: Service, request: NoArguments) -> SignupsView:
    """The sign-ups waiting for the TD (T-SIGNUP-1) and how many players the event still needs."""
    service.refresh()
    return signups_view(service.state)


class SignUpRequest(Request):
    name: str
    member: int | None = None
    phone: str = ""
    ticket_hash: str = ""  # the web's: the phone follows its sign-up by the ticket


@action("signups add", web=False, tui=False, commands=(commands.SignUp,))
def sign_up(service: Service, request: SignUpRequest) -> SignupsView:
    """A sign-up taken for a player (the public /signup page runs this too): it waits for the TD."""
    service.execute(commands.SignUp(name=request.name, member=request.member, phone=request.phone,
                                    ticket_hash=request.ticket_hash))
    return signups_view(service.state)


class SignupNamesRequest(Request):
    names: list[str] = Field(min_length=1)


class ApprovedView(View):
    registered: list[RegisteredRow]
    signups: SignupsView


@action("signups approve", web=True, tui=False, commands=(commands.Register, commands.PlayerPage))
def approve(service: Service, request: SignupNamesRequest) -> ApprovedView:
    """Approve sign-ups: each is registered by `register` itself (the member he gave linked, a banned
    member refused, T-SIGNUP-1), in the order named; the first refusal stops the rest."""
    service.refresh()
    rows: list[RegisteredRow] = []
    for name in request.names:
        found = service.state.signups.get(name_key(name))
        if found is None:
            raise NotFound("no sign-up of {name} is waiting", name=name, field="names")
        done = registration.register(service, registration.RegisterRequest(names=[found.name],
                                                                           member=found.member))
        rows += done.registered
        if found.ticket_hash and name_key(found.name) not in service.state.pages:
            # Signed up from a phone: that phone now shows his own page (T-PAGE-1).
            service.execute(commands.PlayerPage(name=found.name))
    return ApprovedView(registered=rows, signups=signups_view(service.state))


@action("signups reject", web=True, tui=False, commands=(commands.RejectSignUp,))
def reject(service: Service, request: SignupNamesRequest) -> SignupsView:
    """Turn sign-ups away (T-SIGNUP-1)."""
    for name in request.names:
        service.execute(commands.RejectSignUp(name=name))
    return signups_view(service.state)


# ---------------------------------------------------------------- the shot clock (T-SHOT-1)


class ShotClockRequest(Request):
    table: int
    seconds: int | None = None
    seat: int | None = None
    stop: bool = False
    extend: bool = False  # the player's time bank (TDA 29/30, RP-6)
    expire: bool = False  # log that it ran out (the server does at zero)


class ShotClocksView(View):
    shot_clocks: list[ShotClockRow]


@action("shot-clock", web=True, tui=False, commands=(commands.ShotClock,))
def shot_clock(service: Service, request: ShotClockRequest) -> ShotClocksView:
    """Start a table's shot clock (T-SHOT-1), or stop it, extend it by a time bank, log it run out."""
    if sum((request.stop, request.extend, request.expire)) > 1:
        raise InvalidInput("say one of stop, extend or expire", field="stop")
    verb = "stop" if request.stop else "extend" if request.extend else "expire" if request.expire else "start"
    service.execute(commands.ShotClock(table=request.table, seconds=request.seconds, seat=request.seat,
                                       action=verb))
    return ShotClocksView(shot_clocks=shot_clocks_view(service.state, service.now()))

"""The room on its phones (issue 39): a page of his own for every player (T-PAGE-1)."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

import os
from typing import Literal

from tdconsole.actions.base import Request, action
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.text import name_key
from tdconsole.service import Service
from tdconsole.views.base import OptionalKeysView

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

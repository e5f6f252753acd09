"""`tdconsole serve`: the read-only display in browsers, through textual-serve, with no internet.

textual-serve's page loads its font stylesheet from fonts.googleapis.com; a club's network may have
no internet, so the page is served with that link replaced by the Roboto Mono files textual-serve
ships in its own static folder. Its URLs are built from the address the browser used, so a TV that
opened http://192.168.1.20:8000 loads everything from there (textual-serve would write the listen
address, 0.0.0.0, into the page). Every browser gets its own `tdconsole display` process, which
opens the tournament read-only: nothing a browser sends can change the tournament.
"""

from __future__ import annotations

import errno
import re
import socket
from importlib import resources
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from aiohttp.web_runner import GracefulExit
from textual_serve.server import Server, to_int

from tdconsole.domain.errors import InvalidInput, TdError

INDEX = "app_index.html"
# Any stylesheet or script taken from another machine.
_REMOTE_LINK = re.compile(r"<link\b[^>]*\bhref=\"(?:https?:)?//[^\"]*\"[^>]*>", re.S)
_LOCAL_FONTS = """<style>
      @font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
      @font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }
    </style>"""


def offline_index() -> str:
    """textual-serve's page template with its remote font stylesheet replaced by the local fonts."""
    template = resources.files("textual_serve").joinpath("templates", INDEX).read_text("utf-8")
    page, replaced = _REMOTE_LINK.subn(_LOCAL_FONTS, template, count=1)
    if not replaced or "//fonts." in page:
        # textual-serve is pinned; a new version with a different page must be looked at again.
        raise TdError("textual-serve's page has changed: check it loads nothing from outside")
    return page


class DisplayServer(Server):
    """textual-serve's server with the offline page and URLs from the browser's own address."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        # Escaped: the page shows the tournament's name, which is the TD's free text.
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({INDEX: offline_index()}), autoescape=True)
        return app

    @aiohttp_jinja2.template(INDEX)
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        origin = f"{request.scheme}://{request.host}"
        websocket = ("wss" if request.scheme == "https" else "ws") + f"://{request.host}/ws"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": websocket,
            "config": {"static": {"url": f"{origin}/static/"}},
            "application": {"name": self.title},
        }

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(f"Serving the clock of {self.title!r} on {self.public_url} "
                           "(read-only; Ctrl+C to stop)", markup=False, highlight=False, soft_wrap=True)

    def run(self) -> None:
        try:
            self.serve()
        except GracefulExit:
            pass
        except OSError as error:  # the port was taken between the check and the start
            raise InvalidInput(f"cannot listen on {self.host}:{self.port}: {error.strerror}") from None


def check_port(host: str, port: int) -> None:
    """A port already in use (or an address not on this machine) is one clear line, before anything."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise InvalidInput(f"--host {host!r}: {error.strerror}") from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        # As the server itself binds, so a port left in TIME_WAIT by a stopped server is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise InvalidInput(f"--port {port}: already in use on {host}; choose another port") from None
            raise InvalidInput(f"cannot listen on {host}:{port}: {error.strerror}") from None

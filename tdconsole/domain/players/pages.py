"""A page for every player, without an account (T-PAGE-1): a token drawn for his name opens a page
that shows him his own tournament and nobody else's. The token is the page's only key, so it is
drawn from the service's random source (the system's, 160 bits) and kept with its SHA-256, which is
what a presented token is looked up by: a wrong token finds nothing in the same time as any other.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import Event, PlayerPageIssued, PlayerPageRevoked
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import PlayerPage

TOKEN_BITS = 160  # T-PAGE-1: at least 128


def token_hash(token: str) -> str:
    """What a token is kept and looked up by.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def decide_player_page(state: TournamentState, command: PlayerPage, now: datetime) -> list[Event]:
    """A new token for a registered player's page (T-PAGE-1), or his page revoked.

    >>> from tdconsole.domain.commands import PlayerPage
    >>> from random import Random
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> [issued] = t.do(PlayerPage(name="ann").with_rng(Random(4)))
    >>> issued.name, len(issued.token) * 4 >= 128
    ('Ann', True)
    >>> t.do(PlayerPage(name="Ann", revoke=True))[0].type
    'player_page_revoked'
    >>> t.do(PlayerPage(name="Ann", revoke=True))
    Traceback (most recent call last):
    tdconsole.domain.errors.InvalidInput: Ann has no page to revoke
    """
    player = state.find(command.name)
    if command.revoke:
        if name_key(player.name) not in state.pages:
            raise InvalidInput("{name} has no page to revoke", name=player.name)
        return [PlayerPageRevoked(name=player.name)]
    token = f"{command.rng.getrandbits(TOKEN_BITS):0{TOKEN_BITS // 4}x}"
    return [PlayerPageIssued(name=player.name, token=token)]


def _forget(state: TournamentState, key: str) -> None:
    old = state.pages.pop(key, None)
    if old is not None:
        state.page_hashes.pop(token_hash(old), None)


def apply_page_issued(state: TournamentState, event: PlayerPageIssued, now: datetime) -> None:
    key = name_key(event.name)
    _forget(state, key)  # the last token no longer opens it
    state.pages[key] = event.token
    state.page_hashes[token_hash(event.token)] = key


def apply_page_revoked(state: TournamentState, event: PlayerPageRevoked, now: datetime) -> None:
    _forget(state, name_key(event.name))

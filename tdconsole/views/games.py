"""The level's game as the interfaces show it: `clock.game` in `state --json` and `clock --json`, the
TD's clock, the display, the TV and `structure show` (issue 41: a game per level, TDA RP-18).

The keys are a contract: add keys freely, never rename them.
"""

from __future__ import annotations

from collections.abc import Callable

from tdconsole.domain.clock.games import Game
from tdconsole.domain.clock.structure import Level
from tdconsole.i18n import _
from tdconsole.views.base import View


class GameView(View):
    """`key` and `betting` are None when the tournament's game (free text) names no known game.
    `by_level`: the level names its game (a mixed night); False: it plays the tournament's game.
    `bets`: a limit level's small and big bet; `bring_in`: a stud level's (its ante is `clock.ante`).
    `button_frozen`: a stud level, whose hands leave the button where hold'em will take it up (11B)."""

    key: str | None
    name: str
    betting: str | None
    by_level: bool
    bets: list[int] | None
    bring_in: int | None
    button_frozen: bool = False


def level_game(level: Level, tournament_game: str) -> Game | None:
    """The game `level` plays: its own, or else the tournament's when its text names one."""
    return level.game_or(tournament_game)


def game_view(level: Level, tournament_game: str) -> GameView:
    """The game `level` plays: its own, or else the tournament's."""
    game = level_game(level, tournament_game)
    bets = level.bets
    return GameView(key=game.key if game else None, name=game.name if game else tournament_game,
                    betting=game.betting if game else None, by_level=level.played is not None,
                    bets=None if bets is None else list(bets), bring_in=level.stud_bring_in,
                    button_frozen=game is not None and game.stud)


def game_parts(game: GameView, small_blind: int, big_blind: int, ante: int,
               show: Callable[[int], str] = str) -> list[str]:
    """A level of a named game in words, a part each (the clock fits them to its width): the game,
    its bets or blinds, its ante and bring-in. A stud level's ante is every player's."""
    parts = [game.name]
    if game.bets is not None:
        parts.append(_("Bets {small} / {big}").format(small=show(game.bets[0]), big=show(game.bets[1])))
    if game.bring_in is None:
        parts.append(_("Blinds {small} / {big}").format(small=show(small_blind), big=show(big_blind)))
        if ante:
            parts.append(_("BB ante {ante}").format(ante=show(ante)))
    else:
        if ante:
            parts.append(_("Ante {ante}").format(ante=show(ante)))
        parts.append(_("Bring-in {amount}").format(amount=show(game.bring_in)))
    if game.button_frozen:
        parts.append(_("button frozen (11B)"))
    return parts


def level_words(level: Level) -> str:
    """A structure's level in one line (`structure show`): its blinds, or its game's figures."""
    if level.played is None:
        return level.label
    return ", ".join(game_parts(game_view(level, ""), level.small_blind, level.big_blind, level.ante))

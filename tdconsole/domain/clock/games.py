"""The games a level may play: mixed-game nights rotate them level by level (issue 41).

A game is its cards (hold'em, Omaha, Omaha hi/lo, stud, stud hi/lo, razz) and its betting
(no-limit, pot-limit, limit). A structure's level names its game by key (`lhe`, `razz`) or by name
(`limit holdem`); a level that names none plays the tournament's game.

* TDA RP-18 (mixed games): the games rotate in a stated order, each for a whole level; the order is
  the structure's (`structure generate --games H,O,R,S,E`).
* TDA 11B (the button in mixed games): after the last hold'em hand the button moves where the next
  hold'em hand would have it and stays frozen there through the stud levels; a player balanced in a
  stud level is the one who would be big blind were it hold'em; back to hold'em, the button starts
  where it was frozen. `hand-done` at a stud level leaves the button where it is
  (`HandFinished.frozen`), so `balance` moves the player the frozen button makes big blind, and the
  clock says "button frozen (11B)".
* Stud's order of action (the bring-in by the low card, razz's high card, the first to act and the
  showing order by the board, RP-10D/E/F and 17A) is `calculators/stud.py` (`rules bring-in`,
  `rules first-to-act`); `rules betting` answers a stud level's streets after the bring-in as limit
  betting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tdconsole.domain.errors import InvalidInput

Betting = Literal["no-limit", "pot-limit", "limit"]
Cards = Literal["holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz"]


@dataclass(frozen=True)
class Game:
    key: str
    name: str  # as the clock and the TV write it (a proper name: the same in Danish)
    betting: Betting
    cards: Cards

    @property
    def stud(self) -> bool:
        """Whether it is dealt as stud (an ante from every player and a bring-in, no blinds).

        >>> game_of("razz").stud, game_of("plo").stud
        (True, False)
        """
        return self.cards in ("stud", "stud-hilo", "razz")


GAMES: dict[str, Game] = {game.key: game for game in (
    Game("nlhe", "No-limit hold'em", "no-limit", "holdem"),
    Game("plhe", "Pot-limit hold'em", "pot-limit", "holdem"),
    Game("lhe", "Limit hold'em", "limit", "holdem"),
    Game("plo", "Pot-limit Omaha", "pot-limit", "omaha"),
    Game("plo8", "Pot-limit Omaha hi/lo", "pot-limit", "omaha-hilo"),
    Game("o8", "Limit Omaha hi/lo", "limit", "omaha-hilo"),
    Game("razz", "Razz", "limit", "razz"),
    Game("stud", "Seven-card stud", "limit", "stud"),
    Game("stud8", "Seven-card stud hi/lo", "limit", "stud-hilo"),
)}

# HORSE and its cousins by letter (RP-18: the order is the one the TD writes).
LETTERS = {"H": "lhe", "O": "o8", "R": "razz", "S": "stud", "E": "stud8"}

_ALIASES = {
    "nlh": "nlhe", "holdem": "nlhe", "no limit holdem": "nlhe", "nl holdem": "nlhe",
    "plh": "plhe", "pot limit holdem": "plhe",
    "lh": "lhe", "limit holdem": "lhe", "fixed limit holdem": "lhe",
    "omaha": "plo", "pot limit omaha": "plo",
    "pot limit omaha hi lo": "plo8", "plo hi lo": "plo8",
    "omaha8": "o8", "omaha hi lo": "o8", "limit omaha hi lo": "o8", "omaha eight or better": "o8",
    "omaha 8": "o8", "stud 8": "stud8", "seven card stud": "stud", "7 card stud": "stud",
    "stud hi lo": "stud8", "seven card stud hi lo": "stud8", "stud eight or better": "stud8",
}


def _plain(text: str) -> str:
    # "Limit Hold'em", "limit-holdem" and "LIMIT  HOLDEM" are one name; "hi/lo" is "hi lo".
    for mark in ("'", "’"):
        text = text.replace(mark, "")
    for mark in ("-", "_", "/"):
        text = text.replace(mark, " ")
    return " ".join(text.casefold().split())


_BY_NAME = {**_ALIASES, **{_plain(game.name): key for key, game in GAMES.items()}}


def find_game(text: str) -> Game | None:
    """The game `text` names (a key, a letter of HORSE, a name or a usual alias), or None.

    A tournament's game is free text ("NLHE", "Friday's freezeout"): None when it names no game.

    >>> find_game("Limit Hold'em").key, find_game("E").key, find_game("PLO8").name
    ('lhe', 'stud8', 'Pot-limit Omaha hi/lo')
    >>> find_game("Friday's freezeout") is None
    True
    """
    plain = _plain(text)
    key = plain if plain in GAMES else _BY_NAME.get(plain) or LETTERS.get(text.strip().upper(), "")
    return GAMES.get(key)


def game_of(text: str) -> Game:
    """The game `text` names, or a one-line error listing the games.

    >>> game_of("razz").betting
    'limit'
    >>> game_of("badugi")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: 'badugi' is no game: nlhe, plhe, lhe, plo, plo8, o8, razz,
    stud, stud8
    """
    game = find_game(text)
    if game is None:
        raise InvalidInput("{text!r} is no game: {games}", text=text, games=", ".join(GAMES))
    return game


def rotation(names: str) -> list[Game]:
    """The games of a mixed night in their order (RP-18), from `H,O,R,S,E` or game names.

    >>> [game.key for game in rotation("H,O,R,S,E")]
    ['lhe', 'o8', 'razz', 'stud', 'stud8']
    >>> [game.key for game in rotation("nlhe, plo")]
    ['nlhe', 'plo']
    >>> rotation(" , ")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: the rotation names no game
    """
    parts = [part.strip() for part in names.split(",") if part.strip()]
    if not parts:
        raise InvalidInput("the rotation names no game", field="games")
    return [game_of(part) for part in parts]

"""The range of every number a person types, one place per concept (docs/SECURITY.md lists them).

Each `Range` is used two ways, so the bounds are written once:
* as a pydantic type on command fields (`TableNumber`, `Money`, ...), so the CLI, the TUI, the web
  and JSON on stdin are all refused the same way, in one line, before anything is decided;
* by `Range.check(field, value)` where a number reaches a calculation without a command (the
  stateless calculators, the structure generator) or sits in a model that stored events share
  (a structure, the money settings: an older log must still fold, so those bounds are checked
  when a command brings them, not when the log is read).

The bounds are far beyond any club's evening and small enough that no calculation on them takes
long or overflows a database's 32-bit integer columns (tournament ids, member numbers).
"""

from __future__ import annotations

import math
from typing import Annotated, NamedTuple

from pydantic import Field

from tdconsole.domain.errors import InvalidInput


# A NamedTuple, not a frozen dataclass: every command imports this module, and a dataclass compiles
# its generated methods when its class is made (about four times the cost; the fast-CLI contract).
class Range(NamedTuple):
    """Whole numbers `lo`..`hi` of one kind (`what`, for messages)."""

    what: str
    lo: int
    hi: int

    def check(self, name: str, value: int, *, field: str | None = None, player: str | None = None) -> int:
        """`value` if it is in range, else InvalidInput in one line naming it as `name` (and as the
        request `field` and the `player` it is about, when it is one of theirs).

        >>> TABLE.check("the table", 3)
        3
        >>> TABLE.check("the table", 60000)
        Traceback (most recent call last):
        tdconsole.domain.errors.InvalidInput: the table: 60000 is out of range; a table number is 1 to 50000
        """
        self.check_real(name, value, field=field, player=player)
        return value

    def check_real(self, name: str, value: float, *, field: str | None = None,
                   player: str | None = None) -> float:
        """`value` (fractions allowed) if it is a finite number in range, else InvalidInput.

        >>> HOURS.check_real("the length", 4.5)
        4.5
        >>> HOURS.check_real("the length", float("nan"))
        Traceback (most recent call last):
        tdconsole.domain.errors.InvalidInput: the length: nan is not a number; a length in hours is 1 to 72
        """
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidInput(
                "{name}: {value} is not a number; {what} is {lo} to {hi}", field=field, player=player,
                name=name, value=value, what=self.what, lo=self.lo, hi=self.hi,
            )
        if not self.lo <= value <= self.hi:
            digits = len(str(value))
            shown = str(value) if digits <= 30 else f"a number of {digits} digits"
            raise InvalidInput(
                "{name}: {shown} is out of range; {what} is {lo} to {hi}", field=field, player=player,
                name=name, shown=shown, what=self.what, lo=self.lo, hi=self.hi,
            )
        return value


# 32-bit signed: the database's integer columns (tournament ids, member numbers, ...).
MAX_ID = 2**31 - 1

ID = Range("an id", 1, MAX_ID)
MONEY = Range("an amount", 0, 10**12)  # whole units of the club's currency
# A payment method's count at the desk: what it holds net, below 0 when it paid out more than it
# took in (an account such as MobilePay that sent prizes; the desk shows what came in and went out).
COUNTED = Range("a counted amount", -MONEY.hi, MONEY.hi)
CHIPS = Range("a number of chips", 0, 10**12)
SEAT = Range("a seat number", 1, 12)
SEATS = Range("seats at a table", 2, 12)
ENTRIES = Range("a number of entries", 1, 100_000)
# Every table the draw can open can be named: the most entries at the fewest seats a table (a
# 10,000-player festival of nine-max tables alone has 1,112).
TABLE = Range("a table number", 1, ENTRIES.hi // SEATS.lo)
PLACE = Range("a place", 1, 100_000)
LEVEL = Range("a level number", 1, 1_000)
MINUTES = Range("a length in minutes", 1, 24 * 60)  # a level, a break
HOURS = Range("a length in hours", 1, 72)  # a tournament's planned length (fractions allowed)
START_DEPTH = Range("a depth in big blinds", 10, 1_000)
SECONDS = Range("a number of seconds", 0, 24 * 3600)  # time left on the clock
HANDS = Range("a number of hands", 0, 10_000)
COUNT = Range("a count", 1, 100_000)  # rows to show
PERCENT = Range("a percentage", 0, 100)
REBUYS = Range("a number of rebuys", 1, 1_000)  # one player's limit (T-REBUY-2)
ADD_ONS = Range("a number of add-ons", 1, 1_000)  # one player's limit (T-ADDON-2)

# What a person hands in as a file or as JSON (config/files.py).
MAX_CONFIG_BYTES = 1024 * 1024  # a TOML file: a structure, house rules, payouts, a league
MAX_IMPORT_BYTES = 16 * 1024 * 1024  # a members CSV
MAX_JSON_BYTES = 1024 * 1024  # JSON on stdin or in a request to the web remote
MAX_JSON_DEPTH = 32
# A TD3 save (config/td3_notation.py): the largest of 200 public saves is 221 KB, nested 14 deep.
MAX_TDT_BYTES = 4 * 1024 * 1024
MAX_TDT_DEPTH = 64
# What a phone may send to `tdconsole serve` (tdconsole/web): bounded, so no request costs the
# server seconds and nobody can hold the room's connections or the TV's stream.
MAX_WEB_BODY_BYTES = 64 * 1024  # a request's body: a registration of about 3,000 names
SEAT_QUERY_CHARS = 100  # "find my seat": the search, in characters and in words
SEAT_QUERY_WORDS = 6
MAX_CONNECTIONS = 2_000  # requests being answered at once (each TV's open stream is one)
MAX_STREAMS = 1_500  # browsers following the change stream (TVs, phones on /seat and /remote)
MAX_JSON_DIGITS = 30

# ICM (money/icm.py) is exact: its work grows as players x the sets of players who can take the
# places paid. This much takes about half a second; beyond it, `rules icm --estimate` samples.
MAX_ICM_WORK = 1_500_000


Id = Annotated[int, Field(ge=ID.lo, le=ID.hi)]
Money = Annotated[int, Field(ge=MONEY.lo, le=MONEY.hi)]
CountedMoney = Annotated[int, Field(ge=COUNTED.lo, le=COUNTED.hi)]
Chips = Annotated[int, Field(ge=CHIPS.lo, le=CHIPS.hi)]
TableNumber = Annotated[int, Field(ge=TABLE.lo, le=TABLE.hi)]
SeatNumber = Annotated[int, Field(ge=SEAT.lo, le=SEAT.hi)]
SeatsAtTable = Annotated[int, Field(ge=SEATS.lo, le=SEATS.hi)]
LevelNumber = Annotated[int, Field(ge=LEVEL.lo, le=LEVEL.hi)]
Seconds = Annotated[int, Field(ge=SECONDS.lo, le=SECONDS.hi)]
Hands = Annotated[int, Field(ge=HANDS.lo, le=HANDS.hi)]

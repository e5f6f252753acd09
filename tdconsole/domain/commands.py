"""Commands: what a TD or floor person asks for. The service turns each into events via `decide`."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Self

from pydantic import Field, PrivateAttr, ValidationError

from tdconsole.domain.errors import TdError, validation_refusal
from tdconsole.domain.limits import (
    ENTRIES,
    Chips,
    CountedMoney,
    Hands,
    Id,
    LevelNumber,
    Money,
    SeatNumber,
    SeatsAtTable,
    Seconds,
    TableNumber,
)
from tdconsole.domain.model import Frozen, empty_dict, empty_list
from tdconsole.domain.seating.balancing import Move

if TYPE_CHECKING:
    import random  # only the type: the service makes the draw, the domain never does

from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.floor.penalties import OffenceKind, PenaltyKind
from tdconsole.domain.floor.rulings import Scenario
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.players.carry import CarriedStack, DrawKind
from tdconsole.domain.text import Label, Name, Note


class Command(Frozen):
    # What the command is called in messages ("floor staff cannot bust players").
    verb: ClassVar[str] = "do that"
    # Floor staff may log rulings and call the clock, nothing that changes the tournament's course.
    td_only: ClassVar[bool] = True

    def __init__(self, **data: Any) -> None:
        # A field out of its range or text that is not text is refused like any other input: one
        # line naming the field, as a TdError every interface already shows (never a traceback).
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise validation_refusal(None, error) from None


class Drawing(Command):
    """A command whose result involves a random draw (seats). The service hands the draw in before
    deciding (`with_rng`): `random.Random(seed)` when `seed` is given, so the same seed draws
    the same seats, else `secrets.SystemRandom()`. The domain only draws from it and its events
    record what was drawn, so a replay never draws again and the domain never imports `random`."""

    seed: int | None = None
    _rng: Any = PrivateAttr(default=None)

    def with_rng(self, rng: "random.Random") -> Self:
        copy = self.model_copy()
        copy._rng = rng
        return copy

    @property
    def rng(self) -> "random.Random":
        if self._rng is None:
            raise TdError(
                "{__name__} draws seats: run it through the service", __name__=type(self).__name__,
            )
        return self._rng  # type: ignore[no-any-return]


class SeatTicket(Frozen):
    """A seat won in a satellite (T-SAT-4): its id and what it is worth."""

    id: Label
    value: Money
    satellite: Id | None = None  # the tournament it was won in


class Paying(Frozen):
    """What a command that sells something (an entry, an add-on, a rebuy) says of how it was paid,
    for the cash desk (None: the house's default method, not recorded); `unpaid`: not yet, settled
    with `pay`. `money.cash.stated_method` checks it and `recorded_payment` records it, for every
    such command. A part of those commands, not a command itself."""

    paid: Label | None = None
    unpaid: bool = False


class Register(Drawing, Paying):
    """Register players; after the draw each is seated at once as a late entry (TDA 8A)."""

    verb: ClassVar[str] = "register players"
    names: list[Name] = Field(min_length=1)
    # name as given -> the club member's number it is linked to (names left out: guests).
    members: dict[Label, Id] = Field(default_factory=empty_dict)
    # name as given -> the won seat that pays his buy-in and fee (T-SAT-4).
    tickets: dict[Label, SeatTicket] = Field(default_factory=empty_dict)


class Unregister(Drawing):
    # A Drawing: a seat it frees goes to the next alternate, seated as a late entry (8A).
    verb: ClassVar[str] = "unregister players"
    name: Label


class Bust(Drawing):
    """Players out in the same hand (T-ELIM-1): ranked by the chips they started it with. A
    Drawing: each seat freed goes to the next alternate, seated as a late entry (8A)."""

    verb: ClassVar[str] = "bust players"
    names: list[Label] = Field(min_length=1)
    # name -> chips at the start of the hand; a name left out cannot be placed (T-ELIM-3).
    stacks: dict[Label, int] = Field(default_factory=empty_dict)
    # Who knocked them out; several = identical winning hands split the bounty (T-BOUNTY-1).
    by: list[Label] = Field(default_factory=empty_list)
    # The table, during hand-for-hand when the players have no seat on record.
    table: TableNumber | None = None
    # T-ELIM-3: the TD cannot establish their place (reported late): placed last of those still
    # unplaced at once, hand-for-hand or not, and the place shows it.
    unplaced: bool = False
    # C-PEN-1: disqualified by the TD: out like a bust, knocked out by nobody; his bounty goes to
    # the prize pool (T-PKO-4).
    disqualified: bool = False


class Reenter(Drawing):
    """A busted player buys a new entry; after the draw it is seated at once (TDA 8A)."""

    verb: ClassVar[str] = "re-enter players"
    name: Label


class AddOn(Command, Paying):
    """Sell each player named an add-on where the structure or the money settings say
    (T-ADDON-1), within the limit per player (T-ADDON-2)."""

    verb: ClassVar[str] = "sell add-ons"
    names: list[Label] = Field(min_length=1)


class Pay(Command):
    """Record how an entry was paid: its unpaid dues (or, with none unpaid, its latest due) by
    `method`; `unpaid` marks its latest due as not paid yet."""

    verb: ClassVar[str] = "record payments"
    name: Label
    method: Label | None = None
    unpaid: bool = False


class PayOut(Command):
    """Hand a placed entry its prize and bounty cash at the desk, on the next payout slip."""

    verb: ClassVar[str] = "pay out prizes"
    name: Label
    method: Label | None = None  # None: the house's default method


class CountCash(Command):
    verb: ClassVar[str] = "count the cash"
    # Payment method -> kroner it holds net (below 0: it paid out more than it took in).
    counts: dict[Label, CountedMoney] = Field(min_length=1)


class Rebuy(Drawing, Paying):
    """A player buys chips again in the rebuy period (T-REBUY-1..4); he keeps his entry and seat.
    Bought after his bust, the bust is set aside: his seat back if still free, else a seat drawn
    like a late entry's (the draw)."""

    verb: ClassVar[str] = "sell rebuys"
    name: Label
    double: bool = False  # T-REBUY-4: two rebuys at once
    stack: Chips = 0  # the chips he has now (T-REBUY-3); 0: he has just busted
    # Bought instead of the bust: who knocked him out in that hand (several: a split pot). In a
    # PKO the knockout stands as with `bust --by` and a rebuy after it (T-PKO-6); with a fixed
    # bounty it pays nothing. Empty: not known (or not a knockout).
    knocked_out_by: list[Label] = Field(default_factory=empty_list)


class SetMoney(Command):
    verb: ClassVar[str] = "change the prize pool or payouts"
    settings: MoneySettings


class SetMysteryBounties(Drawing):
    """T-MYSTERY-1: the bounty pool in sealed envelopes of the house's amounts, one drawn at random by
    each knockout from level `from_level` on (a Drawing: the envelopes are shuffled as the seats are
    drawn, and the order is recorded)."""

    verb: ClassVar[str] = "set the mystery bounties"
    envelopes: list[Money] = Field(min_length=1, max_length=ENTRIES.hi)
    from_level: LevelNumber = 1


class CountChips(Command):
    """Chip counts during play (a table's seats counted together by the floor) or for a deal: each
    player's last count stands until he busts, rebuys or bags (T-CHIPS-3)."""

    verb: ClassVar[str] = "record chip counts"
    td_only: ClassVar[bool] = False  # the floor counts at the tables
    counts: dict[Label, Chips] = Field(min_length=1)
    by: Label | None = None  # who counted (the interfaces fill in who is logged in)


class HandForHandStart(Command):
    verb: ClassVar[str] = "start hand-for-hand"
    # The tables in play; empty = the tables of the seated players.
    tables: list[TableNumber] = Field(default_factory=empty_list)
    hand_in_progress: bool = True


class HandForHandStop(Command):
    verb: ClassVar[str] = "stop hand-for-hand"


class HandForHandTableDone(Drawing):
    """A table finished the hand-for-hand hand (seating's `hand-done TABLE` issues it too). A
    Drawing: the busts it places free seats for the alternates."""

    verb: ClassVar[str] = "mark a table's hand done"
    table: TableNumber


class ProposeDeal(Command):
    verb: ClassVar[str] = "propose a deal"
    method: Literal["icm", "chip-chop", "custom"]
    # custom: name -> amount for every remaining player.
    amounts: dict[Label, Money] = Field(default_factory=empty_dict)
    leave_for_winner: Money = 0


class ConsentDeal(Command):
    verb: ClassVar[str] = "record consent to a deal"
    names: list[Label] = Field(min_length=1)


class ApproveDeal(Command):
    verb: ClassVar[str] = "approve a deal"


class ClockStart(Command):
    verb: ClassVar[str] = "start the clock"


class ClockPause(Command):
    verb: ClassVar[str] = "pause the clock"


class ClockResume(Command):
    verb: ClassVar[str] = "resume the clock"


class ClockStep(Command):
    """Next (+1) or previous (-1) level or break."""

    verb: ClassVar[str] = "change the level"
    by: int = Field(ge=-1, le=1)


class ClockSetRemaining(Command):
    verb: ClassVar[str] = "set the clock"
    seconds: Seconds


class ClockGoToLevel(Command):
    """Jump to the start of any level (T-LEVEL-1: the TD's call)."""

    verb: ClassVar[str] = "change the level"
    level: LevelNumber


class ChangeStructure(Command):
    """T-LEVEL-1: only the TD may change the structure, at any time; it is logged like any action."""

    verb: ClassVar[str] = "change the structure"
    structure: Structure
    source: Label = "editor"


class SetLateRegistration(Command):
    """T-REG-1: late registration runs to the end of `level` (None: no limit)."""

    verb: ClassVar[str] = "change late registration"
    level: LevelNumber | None = None


class SetHouseRule(Command):
    """Change one house rule (a key such as `seating.balance`) from now on. The rules in force are
    recorded in the log, so a replay decides as the TD's terminal did."""

    verb: ClassVar[str] = "change the house rules"
    key: Label
    value: Note  # a note's length: a list of the club's alerts is typed as JSON


class Undo(Command):
    """Take back the latest command: `actor`'s own (refused if someone else's came after it), or,
    with `any`, whoever made it. `command_id` is the command the TD was shown: if another terminal
    wrote since, the undo is refused rather than taking back something unseen."""

    verb: ClassVar[str] = "undo"
    actor: Label | None = None
    any: bool = False
    command_id: Label | None = None


class LogRuling(Command):
    """Log a floor ruling. The scenario travels with the command so the decider walks the tree
    itself, with the house rules in force, on the freshest log (earlier offences, 71A table size).
    With `corrects`, it is a correction: a new record pointing at the old one.

    A ruling can always be logged (C-RULING-1): with a `decision` and a `reason` the questions
    need no answers (an override), and without a scenario it is an "other situation": the floor's
    `description`, the rules it `cited`, the decision and any penalty. In both, `offence` names the
    offence the ruling records, so the house rules escalate it and later ones count it."""

    verb: ClassVar[str] = "log rulings"
    td_only: ClassVar[bool] = False
    scenario: Scenario | None = None
    staff: Label
    description: Note | None = None
    cited: list[Label] = Field(default_factory=empty_list)
    offence: OffenceKind | None = None
    answers: dict[Label, Label] = Field(default_factory=empty_dict)
    table: TableNumber | None = None
    seat: SeatNumber | None = None
    # Names; the first is the player the ruling is about (offences and penalties are theirs).
    players: list[Label] = Field(default_factory=empty_list)
    decision: Note | None = None
    reason: Note | None = None
    # An override of the suggested penalty: `penalty` None gives none; rounds, hands, minutes count.
    override_penalty: bool = False
    penalty: PenaltyKind | None = None
    penalty_amount: Hands = 0
    corrects: Id | None = None
    clock_call: Id | None = None


class ServePenalty(Command):
    """Count hands a penalised player sat out, or end the penalty (until hands come from the tables)."""

    verb: ClassVar[str] = "mark penalties served"
    ruling: Id
    hands: Hands = 0
    ended: bool = False


class CallClock(Command):
    verb: ClassVar[str] = "call the clock"
    td_only: ClassVar[bool] = False
    table: TableNumber
    seat: SeatNumber
    facing_bet: bool = True
    player: Label | None = None


class StopClockCall(Command):
    verb: ClassVar[str] = "stop a clock call"
    td_only: ClassVar[bool] = False
    call: Id


# ---------------------------------------------------------------- seating (`seating/handlers.py`)


class Draw(Drawing):
    """The starting draw of every registered, unseated player (T-SEAT-2, ST1)."""

    verb: ClassVar[str] = "draw seats"


class SetTableSeats(Command):
    verb: ClassVar[str] = "change a table's seats"
    table: TableNumber
    seats: SeatsAtTable


class BlockSeat(Command):
    """Block a seat (a broken chair, a dealer's seat) or free it again (`blocked=False`)."""

    verb: ClassVar[str] = "block seats"
    table: TableNumber
    seat: SeatNumber
    blocked: bool = True


class Seat(Command):
    verb: ClassVar[str] = "seat players"
    name: Label
    table: TableNumber
    seat: SeatNumber


class MovePlayer(Command):
    """Move a seated player (T-SEAT-1). A player on the button or in the blinds of the hand being
    played moves only once that sequence is over (T-MOVE-3): `force` moves him now, and the event
    records that it was forced and the rule it overrode."""

    verb: ClassVar[str] = "move players"
    name: Label
    table: TableNumber
    seat: SeatNumber
    force: bool = False


class HandDone(Drawing):
    """A table finished its hand (None: every table that is dealing); a table without a hand yet
    deals its first one. The one TD command for "this table's hand is over". A Drawing: the
    hand-for-hand busts it places free seats for the alternates."""

    verb: ClassVar[str] = "end hands"
    table: TableNumber | None = None


class SetButton(Command):
    verb: ClassVar[str] = "set the button"
    table: TableNumber
    seat: SeatNumber


class Balance(Command):
    """Carry out the balancing plan: its first `moves` moves (None: all). `expect`: the moves the
    TD was shown and confirmed; if the plan changed meanwhile, nothing moves."""

    verb: ClassVar[str] = "balance tables"
    moves: Annotated[int, Field(ge=1, le=ENTRIES.hi)] | None = None
    expect: list[Move] = Field(default_factory=empty_list)


class BreakTable(Drawing):
    verb: ClassVar[str] = "break tables"
    table: TableNumber


class FinalTable(Drawing):
    verb: ClassVar[str] = "draw the final table"


class ShootoutDraw(Drawing):
    """T-SHOOT-3: a shootout round is over (every table down to its winners): the winners draw the
    next round's tables."""

    verb: ClassVar[str] = "draw the next shootout round"


# ---------------------------------------------------------------- flights and Day 2 (`players/flights.py`)


class SetFlight(Command):
    """This tournament is a flight of `event`; it stops at the end of `stop_level` (T-FLIGHT-1)."""

    verb: ClassVar[str] = "make a flight"
    event: Label
    stop_level: LevelNumber | None = None


class Bag(Command):
    """Survivors of a flight bag their chips (T-FLIGHT-2): each count is the player's Day 2 stack."""

    verb: ClassVar[str] = "bag chips"
    counts: dict[Label, Chips] = Field(min_length=1)


class SignUp(Command):
    """A player asks to play, from his phone (T-SIGNUP-1): he waits for the TD to approve (which
    registers him) or reject him. The public web sign-up runs it as floor staff would."""

    verb: ClassVar[str] = "sign up"
    td_only: ClassVar[bool] = False
    name: Name
    member: Id | None = None  # the club member he says he is (checked when approved)
    phone: Annotated[str, Field(max_length=20, pattern=r"^[0-9+ ()-]*$")] = ""
    # The SHA-256 of the ticket his phone keeps (the web's): once approved, it opens his page.
    ticket_hash: Annotated[str, Field(max_length=64, pattern=r"^[0-9a-f]*$")] = ""


class RejectSignUp(Command):
    """The TD turns a sign-up away (T-SIGNUP-1)."""

    verb: ClassVar[str] = "reject a sign-up"
    name: Label


class ShotClock(Command):
    """A table's shot clock (T-SHOT-1): started (the house's seconds unless given; `seat`: whose
    decision, for the ruling at zero), stopped, extended by the player's time bank, or logged as run
    out (`expire`, which the server does at zero)."""

    verb: ClassVar[str] = "run a shot clock"
    td_only: ClassVar[bool] = False
    table: TableNumber
    seconds: Annotated[int, Field(ge=5, le=600)] | None = None
    seat: SeatNumber | None = None
    action: Literal["start", "stop", "extend", "expire"] = "start"


class PlayerPage(Drawing):
    """A page of his own for a player, without an account (T-PAGE-1): an unguessable token drawn for
    his name (a new one replaces the last), or with `revoke` his page taken away."""

    verb: ClassVar[str] = "issue a player's page"
    name: Label
    revoke: bool = False


class StartDay2(Drawing):
    """Day 2 of `event` (T-DAY2-1): the flights' survivors with their bagged stacks, drawn at random or
    seeded by chips; the flights' buy-ins, re-entries and add-ons make the one prize pool."""

    verb: ClassVar[str] = "start Day 2"
    event: Label
    stacks: list[CarriedStack] = Field(min_length=2, max_length=ENTRIES.hi)
    buy_ins: int = Field(ge=0, le=ENTRIES.hi)
    re_entries: int = Field(default=0, ge=0, le=ENTRIES.hi)
    add_ons: int = Field(default=0, ge=0, le=ENTRIES.hi)
    rebuys: int = Field(default=0, ge=0, le=ENTRIES.hi)
    draw: DrawKind = "random"

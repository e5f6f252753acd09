"""Events: the facts the log records. The state of a tournament is the fold of its events.

Each event is a pydantic model with a `type` tag; the store keeps it as JSON with its time, actor and
the command that made it. Decisions that involved chance or the clock are recorded here as their
result, so a replay never re-rolls and never reads the clock.

An event holds facts, never words: its sentence in the log, in the reader's language, is written
in tdconsole/views/log.py alone (a refusal that names an event is a `TdError` template and values).
"""

# No `from __future__ import annotations` here, nor in the other modules of many models that every
# scripted command imports (they say so): pydantic would compile and evaluate the text of every
# field's annotation, for each model and again for each field a model inherits, at every start of
# every command (a third of what importing this module and commands.py cost; the fast-CLI contract,
# benchmarks/bench_cli.py). Written as objects, they are made as the class body runs. A name
# imported for type checking only, or a class named before it is defined, is quoted.

import json
from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError

from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.errors import RuleIds
from tdconsole.domain.floor.penalties import OffenceKind, Penalty
from tdconsole.domain.floor.rulings import Suggestion
from tdconsole.domain.house_rules import EliminationRules, HouseRules
from tdconsole.domain.model import RECORDED, Frozen, empty_dict, empty_list, made
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.players.carry import StackOrigin
from tdconsole.domain.seating.balancing import BrokenSeat, Move
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.domain.text import visible_data


class _Event(Frozen):
    # Whether `undo` may take back the command that made this event.
    undoable: ClassVar[bool] = True
    # The parts of the state (domain/footprints.py's keys, by name: "clock", "money", ...) the event
    # reads and changes whole: its footprint for undo, said where the event is defined. An event
    # whose footprint depends on its fields or the state has a function in
    # `footprints.RULES_BY_EVENT` instead.
    parts: ClassVar[tuple[str, ...]] = ()


class TournamentCreated(_Event):
    type: Literal["tournament_created"] = "tournament_created"
    name: str
    game: str
    buy_in: int
    fee: int
    starting_stack: int
    seats_per_table: int
    # A copy of the structure: editing the file later does not change a running tournament.
    structure: Structure
    # T-REG-1: late registration is open to the end of this level (None: no limit set).
    late_reg_level: int | None = None
    # The house rules in force from the start; None in logs written before they were recorded,
    # which fold with the club defaults (`HouseRules()`).
    house_rules: HouseRules | None = None
    # The tables the room has (`new --tables`): with every seat of them taken, a registration waits
    # as an alternate (T-REG-1, 8A). None: as many tables as the entries need.
    tables: int | None = None
    # The players the event needs to run (`new --min-players`, T-SIGNUP-1); None: no minimum.
    min_players: int | None = None
    # A shootout (`new --shootout`, T-SHOOT-1..4): its winners per table and prizes by round.
    shootout: ShootoutSettings | None = None


class HouseRulesSet(_Event):
    """The house rules in force from here on (all of them); `keys` names what changed."""

    type: Literal["house_rules_set"] = "house_rules_set"
    rules: HouseRules
    keys: list[str] = Field(default_factory=empty_list)


class HouseRulesRecorded(_Event):
    """The rules a tournament from before they were logged ran under, recorded by the upgrade
    that started logging them (migration 0002). A record, not the TD's action: undo passes it."""

    type: Literal["house_rules_recorded"] = "house_rules_recorded"
    undoable: ClassVar[bool] = False
    rules: HouseRules


class PlayerRegistered(_Event):
    type: Literal["player_registered"] = "player_registered"
    player_id: str
    name: str
    # The club member this entry is (their number); None: a guest, and every log written before
    # members were linked. A member's history and league points come from this link.
    member: int | None = None
    # The alternate whose turn this is: a freed seat took him off the list (T-REG-1, 8A).
    alternate: int | None = None


class AlternateListed(_Event):
    """Every seat of the room was taken (or others waited already): a registration, or a busted
    player's re-entry (`previous_id`), waits as alternate `number`; it becomes an entry when a
    freed seat reaches it, in the order of the numbers (T-REG-1, 8A). `paid`/`unpaid`: what the
    registration said of its payment (the method, checked; or not paid yet), recorded when seated."""

    type: Literal["alternate_listed"] = "alternate_listed"
    number: int
    name: str
    member: int | None = None
    previous_id: str | None = None
    paid: str | None = None
    unpaid: bool = False


class AlternateWithdrawn(_Event):
    """An alternate taken off the list before a seat reached him (`unregister`)."""

    type: Literal["alternate_withdrawn"] = "alternate_withdrawn"
    number: int


class PlayerUnregistered(_Event):
    type: Literal["player_unregistered"] = "player_unregistered"
    player_id: str


class PlayerBusted(_Event):
    type: Literal["player_busted"] = "player_busted"
    player_id: str
    place: int
    # Tied players (T-ELIM-2, RP-8A) share places `place`..`last_place`; None = not tied.
    last_place: int | None = None
    # The rule IDs that decided the place (T-ELIM-1/2/3, T-H4H-1, RP-8A).
    rules: RuleIds = Field(default_factory=empty_list)
    # Who knocked the entry out, and each one's share of its bounty (T-BOUNTY-1).
    knocked_out_by: list[str] = Field(default_factory=empty_list)
    bounty: dict[str, int] = Field(default_factory=empty_dict)
    # T-ELIM-3: the TD could not establish the place; placed last of those then unplaced.
    placed_last: bool = False
    # A progressive knockout (T-PKO-1/2/3): what each knocker adds to his own bounty (the winner of
    # the last hand takes his own off it: negative); `bounty` above is what each takes in cash.
    head: dict[str, int] = Field(default_factory=empty_dict)
    # C-PEN-1: the player was disqualified: knocked out by nobody, his bounty goes to the prize
    # pool (T-PKO-4), `to_pool` kroner.
    disqualified: bool = False
    to_pool: int = 0
    # T-MYSTERY-1: the position of the envelope this knockout drew (MysteryBountiesSet's order);
    # `bounty` above is its amount, shared as T-BOUNTY-1 shares a split pot's.
    envelope: int | None = None


class MysteryBountiesSet(_Event):
    """T-MYSTERY-1: the house's envelopes, shuffled by the draw (`seed` when the TD gave one), drawn
    one per knockout from level `from_level` on."""

    type: Literal["mystery_bounties_set"] = "mystery_bounties_set"
    envelopes: list[int]
    from_level: int
    seed: int | None = None


class SatelliteEnded(_Event):
    """T-SAT-2: the players left equal the seats: each of them (`winners`, player ids) wins a seat
    worth `seat` (the target event's buy-in and fee), kept as a ticket (T-SAT-4)."""

    type: Literal["satellite_ended"] = "satellite_ended"
    winners: list[str]
    seat: int
    rules: RuleIds = Field(default_factory=lambda: ["T-SAT-2"])


class TicketSpent(_Event):
    """T-SAT-4: a won seat paid this entry's buy-in and fee: `ticket` names the satellite and its
    winner ("S<tournament>-<player id>")."""

    type: Literal["ticket_spent"] = "ticket_spent"
    player_id: str
    ticket: str
    value: int
    satellite: int | None = None  # the tournament it was won in


class PlayerReentered(_Event):
    """A busted player buys a new entry (T-REG-1): a new id, the same name, its own place."""

    type: Literal["player_reentered"] = "player_reentered"
    player_id: str
    previous_id: str
    name: str
    # eliminations.earlier_entry_can_cash when the re-entry was made (T-REG-1).
    earlier_entry_can_cash: bool = True
    # The alternate whose turn this is: a freed seat took the re-entry off the list.
    alternate: int | None = None


class AddOnBought(_Event):
    type: Literal["add_on_bought"] = "add_on_bought"
    player_id: str


class PaymentRecorded(_Event):
    """How an entry's dues were paid (the cash desk): `dues` of the entry (`entry`, `add-on:N`)
    paid by `method`, or not paid yet (None). A due never recorded was paid by the house's
    default method."""

    type: Literal["payment_recorded"] = "payment_recorded"
    player_id: str
    dues: list[str]
    method: str | None


class PrizePaidOut(_Event):
    """An entry's prize and bounty cash handed over at the desk, on payout slip `slip`."""

    type: Literal["prize_paid_out"] = "prize_paid_out"
    player_id: str
    prize: int
    bounty: int
    slip: int
    method: str


class CashCounted(_Event):
    """What the TD counted in the drawer, by payment method (replacing those methods' counts)."""

    type: Literal["cash_counted"] = "cash_counted"
    counts: dict[str, int]
class Rebought(_Event):
    """T-REBUY-1: a player bought `count` rebuys (2: a double rebuy, T-REBUY-4) holding `stack`.

    Bought instead of the bust, `knocked_out_by` names who knocked him out in that hand. In a
    progressive knockout (`knockout`) the knockout stands just as a bust and a rebuy after it
    leave it (T-PKO-6): each knocker counts one, takes `bounty` in cash and `head` onto his own
    head (T-PKO-1/2), and `head_lost` (his whole bounty) leaves the rebuyer's head, which starts
    again with the rebuy's part. With a fixed bounty (T-BOUNTY-1) nothing is paid or counted, as
    when a rebuy sets the bust aside; the names are kept for the log."""

    type: Literal["rebought"] = "rebought"
    player_id: str
    count: int = 1
    stack: int = 0
    knocked_out_by: list[str] = Field(default_factory=empty_list)
    knockout: bool = False
    bounty: dict[str, int] = Field(default_factory=empty_dict)
    head: dict[str, int] = Field(default_factory=empty_dict)
    head_lost: int = 0


class BustSetAside(_Event):
    """T-REBUY-1: a player busted in the rebuy period rebuys after all, and his bust (in `place`,
    shared to `last_place`) no longer stands: he is in again, and those placed after him finish a
    place lower. A fixed bounty (T-BOUNTY-1) stays on his entry, a rebuy buying none (T-PKO-6): the
    knockout is taken back, `knockouts` one each and `bounty` the cash. In a progressive knockout
    the knockers keep what they won; `head` is that bounty, gone from his own head, which starts
    again with the rebuy's bounty part (T-PKO-6)."""

    type: Literal["bust_set_aside"] = "bust_set_aside"
    player_id: str
    place: int
    last_place: int | None = None
    knockouts: list[str] = Field(default_factory=empty_list)
    bounty: dict[str, int] = Field(default_factory=empty_dict)
    head: int = 0
    # T-MYSTERY-1: the envelope the bust opened goes back sealed where it lay, with its cash.
    envelope: int | None = None


class MoneySet(_Event):
    """The prize pool's and the payouts' settings (replacing the previous ones)."""

    type: Literal["money_set"] = "money_set"
    settings: MoneySettings


class ChipsCounted(_Event):
    type: Literal["chips_counted"] = "chips_counted"
    counts: dict[str, int]  # player id -> chips
    by: str | None = None  # who counted (T-CHIPS-3); None in logs written before it was recorded


class HandForHandStarted(_Event):
    """T-H4H-1: the tables in play, the rules in force, and whether the clock was paused by it."""

    type: Literal["hand_for_hand_started"] = "hand_for_hand_started"
    tables: list[int]
    rules: EliminationRules
    paused_clock: bool
    # RP-8A: a hand is in progress at the announcement (hand 0); its busts share the places.
    hand_in_progress: bool = True


class HandForHandBust(_Event):
    """A bust during hand-for-hand, placed when every table has finished the hand."""

    type: Literal["hand_for_hand_bust"] = "hand_for_hand_bust"
    player_id: str
    table: int
    stack: int | None = None
    knocked_out_by: list[str] = Field(default_factory=empty_list)


class HandForHandTableDone(_Event):
    type: Literal["hand_for_hand_table_done"] = "hand_for_hand_table_done"
    table: int


class HandForHandHandEnded(_Event):
    type: Literal["hand_for_hand_hand_ended"] = "hand_for_hand_hand_ended"
    hand: int


class HandForHandStopped(_Event):
    """Hand-for-hand is over: stopped by the TD, or (`places_paid` set) ended by itself with the
    hand that brought the players left down to the places paid (T-H4H-1: it is for the bubble)."""

    type: Literal["hand_for_hand_stopped"] = "hand_for_hand_stopped"
    places_paid: int | None = None
    players_left: int | None = None
    rules: RuleIds = Field(default_factory=empty_list)

    @property
    def by_itself(self) -> bool:
        return self.places_paid is not None


class DealProposed(_Event):
    """A deal's amounts for the remaining players (T-DEAL-1); it stands once approved."""

    type: Literal["deal_proposed"] = "deal_proposed"
    method: Literal["icm", "chip-chop", "custom"]
    amounts: dict[str, int]  # player id -> kroner
    left_for_winner: int = 0


class DealConsented(_Event):
    type: Literal["deal_consented"] = "deal_consented"
    player_ids: list[str]


class DealApproved(_Event):
    type: Literal["deal_approved"] = "deal_approved"


class ClockStarted(_Event):
    type: Literal["clock_started"] = "clock_started"
    parts: ClassVar[tuple[str, ...]] = ("clock",)


class ClockPaused(_Event):
    type: Literal["clock_paused"] = "clock_paused"
    parts: ClassVar[tuple[str, ...]] = ("clock",)


class ClockResumed(_Event):
    type: Literal["clock_resumed"] = "clock_resumed"
    parts: ClassVar[tuple[str, ...]] = ("clock",)


class LevelChanged(_Event):
    """The clock jumped to the start of a period (next, previous, or any level or break)."""

    type: Literal["level_changed"] = "level_changed"
    parts: ClassVar[tuple[str, ...]] = ("clock",)
    period: int


class ClockSet(_Event):
    type: Literal["clock_set"] = "clock_set"
    parts: ClassVar[tuple[str, ...]] = ("clock",)
    remaining_seconds: int


class RulingPlayer(Frozen):
    id: str
    name: str


class RulingLogged(_Event):
    """A floor ruling (C-RULING-1): the suggestion as `rulings suggest --json` gives it, the final
    decision, and the penalty given to the first player named (the offender). Never undone or
    deleted: a correction is a new ruling whose `corrects` names the old one."""

    type: Literal["ruling_logged"] = "ruling_logged"
    ruling_id: int
    staff: str
    table: int | None = None
    seat: int | None = None
    players: list[RulingPlayer] = []
    scenario: str
    answers: dict[str, str]
    suggestion: Suggestion
    # The scenario's ruling node; "other" beyond the catalogue, "" for an override made before
    # the questions reached one.
    ruling: str
    offence: OffenceKind | None = None
    decision: str
    # An "other situation": the floor's own description of it (the scenario is "other").
    description: str | None = None
    overridden: bool = False
    reason: str | None = None
    penalty: Penalty | None = None
    corrects: int | None = None
    clock_call: int | None = None

    # Rulings are never deleted (a correction is a new ruling): undo passes over them and takes back
    # the TD's last tournament action instead.
    undoable: ClassVar[bool] = False


class PenaltyHandsServed(_Event):
    """Hands the penalised player sat out (71C), counted by the TD until hands come from the tables."""

    type: Literal["penalty_hands_served"] = "penalty_hands_served"
    ruling_id: int
    hands: int


class PenaltyEnded(_Event):
    """The TD ends a penalty (served in full, or let off): it no longer shows as being served."""

    type: Literal["penalty_ended"] = "penalty_ended"
    ruling_id: int


class ClockCalled(_Event):
    """A clock called on the player at a table and seat (C-CLOCK-1, TDA 29); the countdown runs
    from the event's time."""

    type: Literal["clock_called"] = "clock_called"
    call_id: int
    table: int
    seat: int
    facing_bet: bool
    player_id: str | None = None


class ClockCallStopped(_Event):
    """The player acted in time: the call is over without a ruling."""

    type: Literal["clock_call_stopped"] = "clock_call_stopped"
    call_id: int


class StructureChanged(_Event):
    """T-LEVEL-1: the TD changed the structure while the tournament runs (the new one in full)."""

    type: Literal["structure_changed"] = "structure_changed"
    parts: ClassVar[tuple[str, ...]] = ("clock",)
    source: str  # the preset key, file or "editor" it came from, for the log
    structure: Structure


class LateRegistrationChanged(_Event):
    """T-REG-1: late registration now runs to the end of `level` (None: no limit)."""

    type: Literal["late_registration_changed"] = "late_registration_changed"
    parts: ClassVar[tuple[str, ...]] = ("clock",)
    level: int | None


# ---------------------------------------------------------------- seating (domain/seating/)
# `player_id` fields hold ids; seats, moves and broken-table seats hold names, as the room does.


class TableLayoutSet(_Event):
    """A table's seat count and blocked seats (a broken chair, a dealer's seat)."""

    type: Literal["table_layout_set"] = "table_layout_set"
    table: int
    seats: int
    blocked: list[int]


class DrawnTable(Frozen):
    """One table as drawn: who sits where and the button of its first hand (None: no hand yet)."""

    table: int
    seats: int
    blocked: list[int] = Field(default_factory=empty_list)
    occupants: dict[int, str]
    button: int | None


class TablesDrawn(_Event):
    """The starting draw, or (`final`) the final table's draw, every other table broken."""

    type: Literal["tables_drawn"] = "tables_drawn"
    tables: list[DrawnTable]
    final: bool = False


class ShootoutRoundDrawn(_Event):
    """T-SHOOT-3: round `round` of a shootout drawn from the table winners of the round before,
    which had `ended_tables` tables (all of them broken now)."""

    type: Literal["shootout_round_drawn"] = "shootout_round_drawn"
    round: int
    ended_tables: int
    tables: list[DrawnTable]


class PlayerSeated(_Event):
    """Seated by the TD, or as a late entry (8A); `waits`: not dealt in until the button passes."""

    type: Literal["player_seated"] = "player_seated"
    player_id: str
    table: int
    seat: int
    waits: bool = False
    late: bool = False
    # The alternate a freed seat went to ("Alternate 3, Mette Kjær: table 12 seat 4").
    alternate: int | None = None


class PlayerMoved(_Event):
    """Moved by the TD (T-SEAT-1). `forced`: moved in the middle of his blinds/button sequence
    against T-MOVE-3 by the TD's choice; `rules` names the rule the move overrode."""

    type: Literal["player_moved"] = "player_moved"
    player_id: str
    from_table: int
    from_seat: int
    table: int
    seat: int
    waits: bool = False
    forced: bool = False
    rules: RuleIds = Field(default_factory=empty_list)


class TablesBalanced(_Event):
    """The balancing moves carried out, in order (T-BAL-1)."""

    type: Literal["tables_balanced"] = "tables_balanced"
    moves: list[Move]


class TableBroken(_Event):
    """A table broken and its players' drawn seats (10A, T-BREAK-1)."""

    type: Literal["table_broken"] = "table_broken"
    table: int
    seats: list[BrokenSeat]


class HandFinished(_Event):
    """A table's hand is over; it moves to the next by the dead-button rule (TDA 32, 34B), or, a
    stud hand of a mixed night, the button stays frozen where the next hold'em hand has it (11B)."""

    type: Literal["hand_finished"] = "hand_finished"
    table: int
    frozen: bool = False


class ButtonSet(_Event):
    """The button of the hand a table plays now (34A), or of a new table's first hand."""

    type: Literal["button_set"] = "button_set"
    table: int
    seat: int


class Undone(_Event):
    """Undo: the events of `command_id` no longer count; nothing is ever deleted from the log."""

    type: Literal["undone"] = "undone"
    command_id: str



class FlightSet(_Event):
    """This tournament is a flight of `event`, stopping at the end of `stop_level` (T-FLIGHT-1)."""

    type: Literal["flight_set"] = "flight_set"
    event: str
    stop_level: int | None = None


class Bagged(Frozen):
    player_id: str
    chips: int
    bag: int  # the bag's number in its flight (a recount keeps it)


class SignUpReceived(_Event):
    """T-SIGNUP-1: a player asked to play; `number` orders the pending ones."""

    type: Literal["sign_up_received"] = "sign_up_received"
    number: int
    name: str
    member: int | None = None
    phone: str = ""
    ticket_hash: str = ""  # the SHA-256 of the phone's ticket ("": none)


class SignUpRejected(_Event):
    type: Literal["sign_up_rejected"] = "sign_up_rejected"
    name: str


class ShotClockStarted(_Event):
    """T-SHOT-1: table `table`'s shot clock runs `seconds` from the event's time."""

    type: Literal["shot_clock_started"] = "shot_clock_started"
    table: int
    seconds: int
    seat: int | None = None
    player_id: str | None = None


class ShotClockExtended(_Event):
    """T-SHOT-1: a time bank (TDA 29/30, RP-6) adds `seconds`; `player_id` has used one more."""

    type: Literal["shot_clock_extended"] = "shot_clock_extended"
    table: int
    seconds: int
    player_id: str | None = None


class ShotClockEnded(_Event):
    """T-SHOT-1: stopped (the player acted), or run out (`expired`: the hand is dead as a called
    clock's, the rules `rules` cite, for the floor's ruling)."""

    type: Literal["shot_clock_ended"] = "shot_clock_ended"
    table: int
    expired: bool = False
    rules: list[str] = Field(default_factory=empty_list)


class PlayerPageIssued(_Event):
    """T-PAGE-1: the token of `name`'s own page (drawn, at least 128 bits), replacing any before."""

    type: Literal["player_page_issued"] = "player_page_issued"
    name: str
    token: str


class PlayerPageRevoked(_Event):
    """T-PAGE-1: `name`'s page no longer opens."""

    type: Literal["player_page_revoked"] = "player_page_revoked"
    name: str


class ChipsBagged(_Event):
    """Survivors' bagged counts (T-FLIGHT-2): what each carries to Day 2."""

    type: Literal["chips_bagged"] = "chips_bagged"
    bags: list[Bagged]


class Day2Started(_Event):
    """Day 2 of `event` (T-DAY2-1): the entries of every flight (the prize pool and places are the
    event's) and where each player's stack came from; `seed` is the draw's, so it can be checked."""

    type: Literal["day2_started"] = "day2_started"
    event: str
    buy_ins: int
    re_entries: int = 0
    add_ons: int = 0
    rebuys: int = 0  # T-REBUY-1: a flight may be a rebuy event
    draw: str = "random"
    seed: int | None = None
    origins: list[StackOrigin] = Field(default_factory=empty_list)


Event = Annotated[
    TournamentCreated
    | PlayerRegistered
    | PlayerUnregistered
    | AlternateListed
    | AlternateWithdrawn
    | PlayerBusted
    | MysteryBountiesSet
    | PlayerReentered
    | SatelliteEnded
    | TicketSpent
    | AddOnBought
    | Rebought
    | BustSetAside
    | MoneySet
    | PaymentRecorded
    | PrizePaidOut
    | CashCounted
    | ChipsCounted
    | HandForHandStarted
    | HandForHandBust
    | HandForHandTableDone
    | HandForHandHandEnded
    | HandForHandStopped
    | DealProposed
    | DealConsented
    | DealApproved
    | ClockStarted
    | ClockPaused
    | ClockResumed
    | LevelChanged
    | ClockSet
    | TableLayoutSet
    | TablesDrawn
    | PlayerSeated
    | PlayerMoved
    | TablesBalanced
    | TableBroken
    | HandFinished
    | ButtonSet
    | RulingLogged
    | PenaltyHandsServed
    | PenaltyEnded
    | ClockCalled
    | ClockCallStopped
    | StructureChanged
    | LateRegistrationChanged
    | HouseRulesSet
    | HouseRulesRecorded
    | FlightSet
    | ChipsBagged
    | PlayerPageIssued
    | ShotClockStarted
    | ShotClockExtended
    | ShotClockEnded
    | SignUpReceived
    | SignUpRejected
    | PlayerPageRevoked
    | Day2Started
    | ShootoutRoundDrawn
    | Undone,
    Field(discriminator="type"),
]

# Built on first use, like every model's validator (tdconsole.domain.model.Frozen).
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event, config=ConfigDict(defer_build=True))

# Every event class by its `type` tag: what the union above dispatches on.
EVENT_TYPES: dict[str, type[_Event]] = {
    kind.model_fields["type"].default: kind for kind in get_args(get_args(Event)[0])
}


def parse_event(data: Any) -> Event:
    """An event from its stored JSON, validated exactly as `EVENT_ADAPTER` validates it.

    The class is looked up by its tag and validates alone, so loading a log builds the validators
    of the kinds of event it holds (a scripted command loads a whole log: the fast-CLI contract),
    not those of all forty; anything else (no tag, an unknown one) goes to the union, whose error
    says what is wrong. Values are read back as recorded (`RECORDED` in tdconsole.domain.model).

    >>> parse_event({"type": "player_busted", "player_id": "p3", "place": 3})
    PlayerBusted(type='player_busted', player_id='p3', place=3, ...)
    >>> parse_event({"type": "player_vanished"})
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for ...
    """
    tag = data.get("type") if isinstance(data, dict) else None
    kind = EVENT_TYPES.get(tag) if isinstance(tag, str) else None
    if kind is None:
        return EVENT_ADAPTER.validate_python(data, context=RECORDED)
    return kind.model_validate(data, context=RECORDED)  # type: ignore[return-value]


def parse_stored_event(tag: str, text: str) -> Event:
    """An event from its row in the log, the stored `type` tag and the JSON text of its payload:
    what `parse_event(visible_data(json.loads(text)))` makes, which a row whose text `visible`
    leaves alone (no backslash: nothing escaped, so no control character either; all printable)
    is spared. Its class, named by the tag, validates the text in one call, without a dict made
    for every event of a festival's log. A tag that names no class or another class than the
    payload's (which `parse_event` follows) takes the general way, as does every other row.
    The class's validator is called itself: `model_validate_json` around it was a fifth of the
    call, 40,000 times over when a festival's log is first folded.

    >>> parse_stored_event("clock_set", '{"type": "clock_set", "remaining_seconds": 300}')
    ClockSet(type='clock_set', remaining_seconds=300)
    """
    kind = EVENT_TYPES.get(tag)
    # Printable: an ASCII text (Python knows that without reading it) whose one unprintable
    # character could be DEL (JSON writes 0-31 escaped, and a raw one is refused either way).
    # Asking every character of a festival's 40,000 texts was a twentieth of its first open.
    if kind is not None and "\\" not in text and (
            "\x7f" not in text if text.isascii() else text.isprintable()):
        try:
            return kind.__pydantic_validator__.validate_json(  # type: ignore[no-any-return]
                text, context=RECORDED)
        except ValidationError:
            pass  # the general way says what is wrong, in the union's words
    return parse_event(visible_data(json.loads(text)))


class Envelope(Frozen):
    """One row of the log: an event with its sequence number, time, actor and command."""

    seq: int
    time: datetime
    actor: str
    command_id: str
    event: Event

    @classmethod
    def of(cls, seq: int, time: datetime, actor: str, command_id: str, event: Event) -> "Envelope":
        """An envelope of values already checked, not validated again: what `model_construct`
        makes, for a fifth of its cost (which looks every field up by its aliases). A log read back
        makes one per event, the service one per event it stamps (Service._stamp says why those
        need no validation)."""
        return made(cls, {"seq": seq, "time": time, "actor": actor, "command_id": command_id,
                          "event": event}, set(_ENVELOPE_FIELDS))


_ENVELOPE_FIELDS = tuple(Envelope.model_fields)

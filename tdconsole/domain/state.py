"""The state of one tournament: what the fold of its events builds, and the queries every concern
shares. It imports no handler, so every concern can import it."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.errors import NotFound, TdError
from tdconsole.domain.events import HandForHandStarted, RulingLogged, TournamentCreated
from tdconsole.domain.floor.penalties import PenaltyKind, Remaining, remaining
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.seating.tables import Table

PlayerStatus = Literal["registered", "seated", "busted"]


@dataclass(slots=True)
class Player:
    id: str
    name: str
    status: PlayerStatus = "registered"
    table: int | None = None
    seat: int | None = None
    place: int | None = None
    # Tied (T-ELIM-2, RP-8A): places `place`..`last_place` shared; None = not tied.
    last_place: int | None = None
    # T-ELIM-3: placed last of those unplaced because the TD could not establish the place.
    placed_last: bool = False
    # 1 = the buy-in, 2 = the first re-entry, ... (T-REG-1: each entry has its own place).
    entry: int = 1
    # False: an earlier entry of a player who re-entered, when the house says it cannot cash.
    can_cash: bool = True
    knockouts: int = 0
    bounties: int = 0
    add_ons: int = 0
    # The club member this entry is (a re-entry stays the member's); None: a guest.
    member: int | None = None


@dataclass(slots=True)
class HandForHand:
    """T-H4H-1: the hand being played hand-for-hand, the tables done with it, its busts."""

    started: HandForHandStarted
    # 0 = the hand in progress at the announcement (RP-8A), then 1, 2, ...
    hand: int = 0
    tables_done: set[int] = field(default_factory=set)
    # player id -> (table, stack or None, knocker ids), in the order reported
    pending: dict[str, tuple[int, int | None, list[str]]] = field(default_factory=dict)


@dataclass(slots=True)
class Deal:
    method: str
    amounts: dict[str, int]
    left_for_winner: int
    consented: set[str] = field(default_factory=set)
    approved: bool = False


# Kinds served by sitting out hands (71A, 71C); minutes are served by the clock.
IN_HANDS = frozenset({PenaltyKind.ROUNDS, PenaltyKind.MISSED_HANDS})


@dataclass(slots=True)
class LoggedRuling:
    event: RulingLogged
    time: datetime
    corrected_by: int | None = None
    hands_served: int = 0
    ended: bool = False

    @property
    def id(self) -> int:
        return self.event.ruling_id

    @property
    def offender(self) -> str | None:
        """The player the ruling is about (the first named): offences and penalties are theirs."""
        return self.event.players[0].id if self.event.players else None

    def standing(self, now: datetime) -> Remaining | None:
        """What is left of this ruling's penalty at `now`; None if it gave none or was corrected."""
        given = self.event.penalty
        if given is None or self.corrected_by is not None:
            return None
        if self.ended:
            return Remaining(hands=0 if given.kind in IN_HANDS else None,
                             seconds=0.0 if given.kind == PenaltyKind.MINUTES else None, serving=False)
        return remaining(given, hands_dealt=self.hands_served, given_at=self.time, now=max(now, self.time))


@dataclass(slots=True)
class ClockCall:
    id: int
    table: int
    seat: int
    facing_bet: bool
    player_id: str | None
    called_at: datetime
    stopped: bool = False
    ruling_id: int | None = None

    @property
    def open(self) -> bool:
        return not self.stopped and self.ruling_id is None



@dataclass(frozen=True, slots=True)
class CommandRecord:
    """A command that undo may take back: which, who made it and when (its first event's seq)."""

    command_id: str
    actor: str
    time: datetime
    seq: int


@dataclass(slots=True)
class TournamentState:
    info: TournamentCreated
    clock: clock_ops.ClockAnchor
    # The rules in force: from the creation, then each HouseRulesSet (T-LEVEL-1's logic for the
    # structure applies to them too: a change is logged and undoable).
    house_rules: HouseRules = field(default_factory=HouseRules)
    players: dict[str, Player] = field(default_factory=dict)
    # casefolded name -> player id, for every player not unregistered (names unique ignoring case)
    by_name: dict[str, str] = field(default_factory=dict)
    players_left: int = 0
    # ids of busted players in the order they busted
    busted: list[str] = field(default_factory=list)
    ids_issued: int = 0
    # the commands undo may take back, in the order applied, undone ones left out
    commands: list[CommandRecord] = field(default_factory=list)
    last_seq: int = 0
    # Seating (domain/seating/): the tables in play by number, occupants by player name;
    # tables given their own seat count or blocked seats before they open; who the last
    # balancing moved (they do not move again while another player can, 11A).
    room: dict[int, Table] = field(default_factory=dict)
    layout: dict[int, Table] = field(default_factory=dict)
    balanced_last: frozenset[str] = frozenset()
    # The rulings log, penalties being served and clock calls (domain/rulings_log.py, clock_call.py)
    rulings: list[LoggedRuling] = field(default_factory=list)
    clock_calls: list[ClockCall] = field(default_factory=list)
    money: MoneySettings = field(default_factory=MoneySettings)
    chips: dict[str, int] = field(default_factory=dict)  # player id -> last count
    hand_for_hand: HandForHand | None = None
    deal: Deal | None = None

    @property
    def entries(self) -> int:
        return len(self.players)

    @property
    def status(self) -> str:
        if self.players_left == 1 and self.entries > 1:
            return "finished"
        if not self.clock.started:
            return "planned"
        return "running" if self.clock.running else "paused"

    def find(self, name: str) -> Player:
        player_id = self.by_name.get(normalise_name(name).casefold())
        if player_id is None:
            raise NotFound(f"no player named {name.strip()!r}")
        return self.players[player_id]

    def still_in(self, name: str) -> Player:
        """The player named, who must still be in (not busted, nor reported busted this hand)."""
        player = self.find(name)
        if player.status == "busted":
            raise TdError(f"{player.name} has already busted (place {player.place})")
        h4h = self.hand_for_hand
        if h4h is not None and player.id in h4h.pending:
            raise TdError(f"{player.name} has already busted in this hand-for-hand hand "
                          "(placed when every table has finished it)")
        return player


def normalise_name(raw: str) -> str:
    """Trim and NFC-normalise, so 'Åse' typed two ways is one name."""
    return unicodedata.normalize("NFC", raw.strip())




def new_state(created: TournamentCreated) -> TournamentState:
    return TournamentState(info=created, clock=clock_ops.ClockAnchor.initial(created.structure),
                           house_rules=created.house_rules or HouseRules())

"""What each event reads and changes in the state: its footprint, for undo (`tournament.py`).

Undo takes back the undoer's own last command even when other terminals wrote after it, but only
when none of those later commands depends on it. A later command depends on the one undone when
its footprint meets what the undone command changed: it read or changed a part of the state the
undone command had changed, so without it the later command might have decided otherwise (a
bust's place counts the players left; a late seat goes to the emptiest table; a ruling's rounds
count the players at its table, 71A) or could not be applied at all (it names a player the undone
command registered).

The parts of the state are coarse on purpose: a footprint may claim more than the event really
touches (undo then refuses more often), never less. Each part is a `Key`:

* `("player", id)`: one entry's standing: status, place, seat, chips, add-ons, knockouts;
* `("entry", id)`: that the entry exists at all (registered or re-entered, not unregistered),
  which is all a ruling or a clock call needs of the players it names;
* `("table", n)`: one table's seats, occupants, button and blinds;
* `("entries",)`: the entries: how many, their ids and names, which of them can cash (T-REG-1);
* `("field",)`: who is still in: the players left and the places of those out;
* `("cash",)`: the cash desk: how each due was paid, the prizes paid out and their slips, the count;
* `("alternates",)`: the alternates waiting for a seat and the numbers given;
* `("clock",)`, `("money",)`, `("rules",)` (the house rules), `("deal",)`, `("h4h",)`,
  `("rulings",)` (the rulings log: ids, offences, corrections), `("served",)` (what of each
  penalty has been served), `("calls",)` (clock calls).

`ANY` in a key's second place stands for every value: a balancing plan reads every table.
Every event reads the house rules, which most decisions consult.

An event that changes a part only by adding itself to it (a registration to the entries and the
field: one more entry, the places of those out one lower) `adds` to it: two such changes give the
same state in either order, so a later one does not depend on an earlier one for that part; an
event that reads or writes the part does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tdconsole.domain import events as e
from tdconsole.domain.state import TournamentState
from tdconsole.domain.text import name_key

Key = tuple[Any, ...]
ANY = "*"
ENTRIES: Key = ("entries",)
FIELD: Key = ("field",)
CLOCK: Key = ("clock",)
MONEY: Key = ("money",)
RULES: Key = ("rules",)
DEAL: Key = ("deal",)
H4H: Key = ("h4h",)
RULINGS: Key = ("rulings",)
SERVED: Key = ("served",)
CALLS: Key = ("calls",)
CASH: Key = ("cash",)
ALTERNATES: Key = ("alternates",)
SIGNUPS: Key = ("signups",)
EVERY_TABLE: Key = ("table", ANY)
EVERY_PLAYER: Key = ("player", ANY)


def player(player_id: str) -> Key:
    return ("player", player_id)


def entry(player_id: str) -> Key:
    return ("entry", player_id)


def signup(name: str) -> Key:
    """A name's sign-up (T-SIGNUP-1), by the name's key.

    >>> signup("Bo") == signup("BO")
    True
    """
    return ("signup", name_key(name))


def page(name: str) -> Key:
    """A player's own page (T-PAGE-1), by his name as any spelling of it keys it.

    >>> page("Åse Møller") == page("åse møller")
    True
    """
    return ("page", name_key(name))


def table(number: int) -> Key:
    return ("table", number)


@dataclass(slots=True)
class Footprint:
    reads: set[Key] = field(default_factory=set)
    writes: set[Key] = field(default_factory=set)
    adds: set[Key] = field(default_factory=set)  # changed only by adding to them (see above)

    def add(self, other: Footprint) -> None:
        self.reads |= other.reads
        self.writes |= other.writes
        self.adds |= other.adds

    def touches(self, keys: set[Key]) -> bool:
        """Whether this footprint reads or changes any of `keys` (`ANY` on either side matches)."""
        return self.meeting(keys, set()) is not None

    def meeting(self, writes: set[Key], adds: set[Key]) -> Key | None:
        """The first part of this footprint that meets an earlier event's `writes` and `adds`: one it
        reads or writes that the earlier one changed, or one it adds to that the earlier one wrote
        (two adds commute); None when it meets neither."""
        changed = writes | adds
        for mine in sorted(self.reads | self.writes, key=repr):
            if any(_meet(mine, key) for key in changed):
                return mine
        for mine in sorted(self.adds, key=repr):
            if any(_meet(mine, key) for key in writes):
                return mine
        return None


def _meet(a: Key, b: Key) -> bool:
    return a[0] == b[0] and (len(a) == 1 or a[1] == b[1] or ANY in (a[1], b[1]))


def _seat_of(state: TournamentState, player_id: str) -> set[Key]:
    """The table a player sits at now (before the event), if any."""
    sitting = state.players.get(player_id)
    return {table(sitting.table)} if sitting is not None and sitting.table is not None else set()


def _by_name(state: TournamentState, name: str) -> str:
    return state.by_name.get(name_key(name), name)


def _fp(reads: Iterable[Key] = (), writes: Iterable[Key] = ()) -> Footprint:
    return Footprint(set(reads), set(writes))


Rule = Callable[[TournamentState, Any], Footprint]


def _registered(state: TournamentState, event: e.PlayerRegistered) -> Footprint:
    # Late registration reads the clock (T-REG-1); a late entry finishes above everyone out (the
    # places move down).
    own = [entry(event.player_id), player(event.player_id), ENTRIES, FIELD, signup(event.name)]
    if event.alternate is not None:  # the next alternate's turn: the list and the freed seats
        return _fp([ENTRIES, FIELD, ALTERNATES, EVERY_TABLE], [*own, ALTERNATES])
    if state.info.tables is not None:  # whether a seat is left for him reads the room and the list
        return _fp([ENTRIES, FIELD, CLOCK, ALTERNATES, EVERY_TABLE], own)
    # What else it reads of the entries only refuses more with more of them (a name or member
    # already in, the limit on entries): without an earlier entry it decides the same, but for
    # the id it is given, which is a label (the id counter never goes back to one in use,
    # `apply_registered`). So it adds to the entries and the field rather than reading them.
    return Footprint({CLOCK}, {entry(event.player_id), player(event.player_id), signup(event.name)},
                     {ENTRIES, FIELD})


def _listed(state: TournamentState, event: e.AlternateListed) -> Footprint:
    # No seat was left (it read every table and the entries) and the list goes in order; a re-entry
    # names its busted entry (T-REG-1).
    previous = [player(event.previous_id)] if event.previous_id is not None else []
    return _fp([ALTERNATES, ENTRIES, FIELD, CLOCK, EVERY_TABLE, *previous], [ALTERNATES])


def _withdrawn(state: TournamentState, event: e.AlternateWithdrawn) -> Footprint:
    return _fp([ALTERNATES], [ALTERNATES])


def _unregistered(state: TournamentState, event: e.PlayerUnregistered) -> Footprint:
    own = [entry(event.player_id), player(event.player_id), ENTRIES, FIELD,
           *_seat_of(state, event.player_id)]
    return _fp(own, own)


def _busted(state: TournamentState, event: e.PlayerBusted) -> Footprint:
    # The place counts the players left (T-ELIM-1); the bounty is the money settings' (T-BOUNTY-1);
    # the seat empties; an unapproved deal lapses; a hand-for-hand report is placed.
    # A progressive knockout's bounty reads and grows the knockers' heads (T-PKO-1); a disqualified
    # player's goes to the prize pool (T-PKO-4).
    winners = {*event.knocked_out_by, *event.bounty, *event.head}
    knockers = [player(knocker) for knocker in sorted(winners)]
    changed = [player(event.player_id), *knockers, FIELD, DEAL, H4H, *_seat_of(state, event.player_id)]
    # A mystery knockout opens an envelope (T-MYSTERY-1): the next one opens after it.
    opens = event.to_pool or event.envelope is not None
    return _fp([*changed, MONEY], [*changed, MONEY] if opens else changed)


def _reported(state: TournamentState, event: e.HandForHandBust) -> Footprint:
    knockers = [player(knocker) for knocker in event.knocked_out_by]
    return _fp([player(event.player_id), *knockers, FIELD, H4H, table(event.table)], [H4H])


def _reentered(state: TournamentState, event: e.PlayerReentered) -> Footprint:
    own = [entry(event.player_id), player(event.player_id), player(event.previous_id), ENTRIES, FIELD]
    waited = [ALTERNATES, EVERY_TABLE] if state.info.tables is not None else []
    return _fp([player(event.previous_id), ENTRIES, FIELD, CLOCK, *waited],
               [*own, ALTERNATES] if event.alternate is not None else own)


def _satellite_ended(state: TournamentState, event: e.SatelliteEnded) -> Footprint:
    # T-SAT-2: it counts the players left and the seats the pool buys; every winner's standing.
    winners = [player(winner) for winner in event.winners]
    return _fp([FIELD, MONEY, ENTRIES, *winners], [FIELD, *winners])


def _ticket_spent(state: TournamentState, event: e.TicketSpent) -> Footprint:
    return _fp([entry(event.player_id), ENTRIES], [player(event.player_id)])


def _add_on(state: TournamentState, event: e.AddOnBought) -> Footprint:
    return _fp([player(event.player_id), MONEY], [player(event.player_id)])


def _rebought(state: TournamentState, event: e.Rebought) -> Footprint:
    # T-REBUY-1..4: the period reads the clock, the limit and the prices the money settings; the
    # player's rebuys and his last count change. Bought instead of the bust in a PKO, the knockout
    # reads and grows the knockers' heads and counts, their table's button ordering a split (T-PKO-6).
    knockers = [player(knocker) for knocker in sorted(event.knocked_out_by)]
    tables = [key for knocker in sorted(event.knocked_out_by) for key in _seat_of(state, knocker)]
    changed = [player(event.player_id), *(knockers if event.knockout else [])]
    return _fp([player(event.player_id), *knockers, *tables, MONEY, CLOCK, FIELD], changed)


def _bust_set_aside(state: TournamentState, event: e.BustSetAside) -> Footprint:
    # T-REBUY-1: a rebuy after the bust: he is in again and the places after his move (the field);
    # a fixed bounty's knockout is taken back from its knockers; the settings and the clock decide
    # whether the rebuy is sold; an unapproved deal lapses.
    knockers = [player(knocker) for knocker in sorted({*event.knockouts, *event.bounty})]
    changed = [player(event.player_id), *knockers, FIELD, DEAL]
    # A mystery knockout's envelope goes back in the pool (T-MYSTERY-1): the next one opens it.
    return _fp([*changed, MONEY, CLOCK, CASH], [*changed, MONEY] if event.envelope is not None else changed)


def _money(state: TournamentState, event: e.MoneySet) -> Footprint:
    # A new setting is the old ones with one changed, and must pay the entries in.
    return _fp([MONEY, ENTRIES], [MONEY])


def _mystery(state: TournamentState, event: e.MysteryBountiesSet) -> Footprint:
    # T-MYSTERY-1: set again only while no envelope is opened; the knockouts read it.
    return _fp([MONEY, FIELD], [MONEY])


def _counted(state: TournamentState, event: e.ChipsCounted) -> Footprint:
    counted = [player(player_id) for player_id in event.counts]
    return _fp(counted, [*counted, DEAL])


def _payment(state: TournamentState, event: e.PaymentRecorded) -> Footprint:
    return _fp([entry(event.player_id), player(event.player_id), MONEY, CASH], [CASH])


def _paid_out(state: TournamentState, event: e.PrizePaidOut) -> Footprint:
    # The prize is the standings' (every place out, the deal, the money settings): a bust or a
    # deal taken back after the prize was handed over would leave the slip wrong.
    return _fp([player(event.player_id), ENTRIES, FIELD, MONEY, DEAL, EVERY_PLAYER, CASH], [CASH])


def _cash_counted(state: TournamentState, event: e.CashCounted) -> Footprint:
    return _fp([CASH], [CASH])
def _signup(state: TournamentState, event: e.SignUpReceived | e.SignUpRejected) -> Footprint:
    # T-SIGNUP-1: its name's sign-up (a registration of that name ends it); its number only counts
    # those before it, as a registration adds to the entries.
    own = signup(event.name)
    return Footprint({own, ENTRIES}, {own}, {SIGNUPS})


def _shot_clock(state: TournamentState,
                event: e.ShotClockStarted | e.ShotClockExtended | e.ShotClockEnded) -> Footprint:
    # T-SHOT-1: its table's shot clock alone (a time bank used is its player's).
    own = ("shot", event.table)
    return _fp([own, table(event.table)], [own])


def _page(state: TournamentState, event: e.PlayerPageIssued | e.PlayerPageRevoked) -> Footprint:
    # T-PAGE-1: a page is its name's alone; nothing else reads it.
    key = page(event.name)
    return _fp([key], [key])


def _flight(state: TournamentState, event: e.FlightSet) -> Footprint:
    # The stop level decides when survivors bag (T-FLIGHT-1), like the clock's settings.
    return _fp([CLOCK], [CLOCK])


def _bagged(state: TournamentState, event: e.ChipsBagged) -> Footprint:
    # A bag number counts the bags before it; the flight's stop reads the clock (T-FLIGHT-1).
    bagged = [player(bag.player_id) for bag in event.bags]
    return _fp([*bagged, CLOCK, EVERY_PLAYER], [*bagged, DEAL])


def _day2(state: TournamentState, event: e.Day2Started) -> Footprint:
    # The entries and the prize pool of the whole event, and every Day 2 stack (T-DAY2-1).
    stacks = [player(origin.player_id) for origin in event.origins]
    return _fp([ENTRIES, FIELD, MONEY], [ENTRIES, FIELD, MONEY, *stacks])


def _deal(state: TournamentState, event: e.Event) -> Footprint:
    # A deal shares the payouts left by the chips of everyone still in.
    return _fp([DEAL, ENTRIES, FIELD, MONEY, EVERY_PLAYER], [DEAL])


def _h4h_started(state: TournamentState, event: e.HandForHandStarted) -> Footprint:
    return _fp([H4H, FIELD, CLOCK, EVERY_TABLE], [H4H, CLOCK])


def _h4h(state: TournamentState, event: e.Event) -> Footprint:
    return _fp([H4H, FIELD, CLOCK], [H4H, CLOCK])


def _ruling(state: TournamentState, event: e.RulingLogged) -> Footprint:
    # Offences escalate with the offender's earlier ones; a round is one hand per player at his
    # table (71A): the players seated there, when the ruling read them from the seating.
    reads = [RULINGS, *(entry(named.id) for named in event.players)]
    writes = [RULINGS]
    if event.table is not None and "players" in event.answers:
        reads.append(table(event.table))
    if event.clock_call is not None:
        reads.append(CALLS)
        writes.append(CALLS)
    return _fp(reads, writes)


def _penalty(state: TournamentState, event: e.Event) -> Footprint:
    return _fp([RULINGS, SERVED], [SERVED])


def _clock_called(state: TournamentState, event: e.ClockCalled) -> Footprint:
    named = [entry(event.player_id)] if event.player_id is not None else []
    return _fp([CALLS, table(event.table), *named], [CALLS])


def _call_stopped(state: TournamentState, event: e.ClockCallStopped) -> Footprint:
    return _fp([CALLS], [CALLS])


def _layout(state: TournamentState, event: e.TableLayoutSet) -> Footprint:
    return _fp([table(event.table)], [table(event.table)])


def _drawn(state: TournamentState, event: e.TablesDrawn) -> Footprint:
    return _fp([ENTRIES, EVERY_TABLE], [EVERY_TABLE, EVERY_PLAYER])


def _round_drawn(state: TournamentState, event: e.ShootoutRoundDrawn) -> Footprint:
    # T-SHOOT-3: it reads who won every table and reseats them all.
    return _fp([FIELD, EVERY_TABLE], [EVERY_TABLE, EVERY_PLAYER])


def _seated(state: TournamentState, event: e.PlayerSeated) -> Footprint:
    # A late entry goes to a table with the fewest players (8A): it read every table.
    reads = [EVERY_TABLE if event.late else table(event.table), player(event.player_id)]
    return _fp(reads, [table(event.table), player(event.player_id)])


def _moved(state: TournamentState, event: e.PlayerMoved) -> Footprint:
    own = [table(event.from_table), table(event.table), player(event.player_id)]
    return _fp(own, own)


def _balanced(state: TournamentState, event: e.TablesBalanced) -> Footprint:
    moved = [player(_by_name(state, move.player)) for move in event.moves]
    tables = [table(number) for move in event.moves for number in (move.from_.table, move.to.table)]
    return _fp([EVERY_TABLE, *moved], [*tables, *moved])


def _broken(state: TournamentState, event: e.TableBroken) -> Footprint:
    moved = [player(_by_name(state, seat.player)) for seat in event.seats]
    tables = [table(event.table), *(table(seat.to.table) for seat in event.seats)]
    return _fp([EVERY_TABLE, *moved], [*tables, *moved])


def _hand_finished(state: TournamentState, event: e.HandFinished) -> Footprint:
    # The penalised players at the table have sat out one more hand (71C).
    return _fp([table(event.table), H4H, RULINGS, SERVED], [table(event.table), SERVED])


def _button(state: TournamentState, event: e.ButtonSet) -> Footprint:
    return _fp([table(event.table)], [table(event.table)])


def _house_rules(state: TournamentState, event: e.Event) -> Footprint:
    return _fp([RULES], [RULES])


def _nothing(state: TournamentState, event: e.Event) -> Footprint:
    # A command already undone counts as never made; its Undone leaves the rest as it was.
    return _fp()


RULES_BY_EVENT: dict[type[Any], Rule] = {
    e.TournamentCreated: _nothing,
    e.Undone: _nothing,
    e.HouseRulesSet: _house_rules,
    e.HouseRulesRecorded: _house_rules,
    e.PlayerRegistered: _registered,
    e.PlayerUnregistered: _unregistered,
    e.AlternateListed: _listed,
    e.AlternateWithdrawn: _withdrawn,
    e.PlayerBusted: _busted,
    e.HandForHandBust: _reported,
    e.PlayerReentered: _reentered,
    e.AddOnBought: _add_on,
    e.SatelliteEnded: _satellite_ended,
    e.TicketSpent: _ticket_spent,
    e.Rebought: _rebought,
    e.BustSetAside: _bust_set_aside,
    e.MoneySet: _money,
    e.MysteryBountiesSet: _mystery,
    e.ChipsCounted: _counted,
    e.PaymentRecorded: _payment,
    e.PrizePaidOut: _paid_out,
    e.CashCounted: _cash_counted,
    e.HandForHandStarted: _h4h_started,
    e.HandForHandTableDone: _h4h,
    e.HandForHandHandEnded: _h4h,
    e.HandForHandStopped: _h4h,
    e.DealProposed: _deal,
    e.DealConsented: _deal,
    e.DealApproved: _deal,
    e.RulingLogged: _ruling,
    e.PenaltyHandsServed: _penalty,
    e.PenaltyEnded: _penalty,
    e.ClockCalled: _clock_called,
    e.ClockCallStopped: _call_stopped,
    e.TableLayoutSet: _layout,
    e.TablesDrawn: _drawn,
    e.ShootoutRoundDrawn: _round_drawn,
    e.PlayerSeated: _seated,
    e.PlayerMoved: _moved,
    e.TablesBalanced: _balanced,
    e.TableBroken: _broken,
    e.HandFinished: _hand_finished,
    e.ButtonSet: _button,
    e.FlightSet: _flight,
    e.ChipsBagged: _bagged,
    e.PlayerPageIssued: _page,
    e.ShotClockStarted: _shot_clock,
    e.ShotClockExtended: _shot_clock,
    e.ShotClockEnded: _shot_clock,
    e.PlayerPageRevoked: _page,
    e.SignUpReceived: _signup,
    e.SignUpRejected: _signup,
    e.Day2Started: _day2,
}


def footprint(state: TournamentState, event: e.Event) -> Footprint:
    """What `event` reads and changes, on `state` as it is just before the event is applied.

    What an event reads and changes: undo takes a command back only when nothing after it meets what
    it changed (`tournament.blocking`).

    >>> from tdconsole.domain.events import ChipsCounted
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> found = footprint(t.state, ChipsCounted(counts={"p1": 12_000}))
    >>> sorted(found.writes)  # Ann's count, and a deal proposed on the counts before it
    [('deal',), ('player', 'p1')]
    >>> found.touches({player("p1")}), found.touches({player("p2")})
    (True, False)

    An event of whole parts says them on its class:

    >>> from tdconsole.domain.events import ClockSet
    >>> sorted(footprint(t.state, ClockSet(remaining_seconds=300)).writes)
    [('clock',)]
    """
    rule = RULES_BY_EVENT.get(type(event))
    if rule is not None:
        found = rule(state, event)
    else:  # a footprint of whole parts, said on the event's class (`parts`)
        parts = [(part,) for part in event.parts]
        assert parts, f"{type(event).__name__} has no footprint: say its `parts` or add it to RULES_BY_EVENT"
        found = _fp(parts, parts)
    if not isinstance(event, e.Undone | e.TournamentCreated):
        found.reads.add(RULES)
    return found

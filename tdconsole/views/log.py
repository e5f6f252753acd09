"""The log as people read it: each event one sentence, in words, with names.

"Carl Berg busts in 25th, knocked out by Erik Sand"; "Level 4 starts: 100/200, ante 200". The one
place an event becomes its sentence (events hold no words of their own): the TD's log screen,
`tdconsole log` and its `--json` "text" and "summary", undo's question and answer, the notice
that hand-for-hand is over and what a bust says it did (`said`: the CLI and the remote) all call
`log_entries` (or `sentence`). Player ids, Python values and
field names never show: a sentence knows its event's fields. Every event type has a writer and a
kind (the log screen's filter); tests/test_log_sentences.py fails, naming the event type, for one
without them or without a Danish sentence.

Sentences are written through `_()` at the moment they are read, with str.format placeholders,
so a catalogue can translate the whole sentence; names and lists are joined the language's way
(Babel's `format_list`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeVar, cast, overload

from tdconsole.domain import events as e
from tdconsole.domain.clock.structure import Break, Structure
from tdconsole.domain.event_log import events
from tdconsole.domain.floor.penalties import Penalty
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import _, language, ngettext
from tdconsole.views.formatting import (
    Formats,
    due_text,
    format_clock,
    format_duration,
    ordinal,
    payment_method,
)

# What the log screen filters by.
Kind = Literal["players", "busts", "seating", "money", "clock", "rulings", "tournament"]
KINDS: tuple[Kind, ...] = ("players", "busts", "seating", "money", "clock", "rulings", "tournament")


def kind_label(kind: Kind) -> str:
    """The kind as the filter names it."""
    labels = {"players": _("Players"), "busts": _("Busts"), "seating": _("Seating"),
              "money": _("Money"), "clock": _("Clock"), "rulings": _("Rulings"),
              "tournament": _("Tournament")}
    return labels[kind]


@dataclass(slots=True)
class LogContext:
    """What a sentence needs beyond its event, as it was at that point of the log: the players'
    names, the structure and the money formats in force, and what each command that is undone did
    (its Undone's sentence names it)."""

    names: dict[str, str] = field(default_factory=dict)
    structure: Structure | None = None
    formats: Formats = field(default_factory=lambda: Formats.of(HouseRules()))
    commands: dict[str, list[str]] = field(default_factory=dict)
    alternates: dict[int, str] = field(default_factory=dict)  # number -> name
    # What a re-entry and a rebuy say of the player as he was then: the entry's number (the
    # first is 1, T-REG-1) and his rebuys so far, this one counted (T-REBUY-2).
    entries: dict[str, int] = field(default_factory=dict)
    rebuys: dict[str, int] = field(default_factory=dict)
    # The rebuys that stand: an undone rebuy still says what it said, later ones do not count it.
    rebuys_standing: dict[str, int] = field(default_factory=dict)

    def name(self, player_id: str | None) -> str:
        if player_id is None:
            return _("nobody named")
        return self.names.get(player_id, _("a player not in the log"))

    def names_of(self, player_ids: Iterable[str]) -> str:
        return listed(self.name(player_id) for player_id in player_ids)

    def entry(self, player_id: str) -> int:
        """The number of `player_id`'s entry (1: not a re-entry)."""
        return self.entries.get(player_id, 1)

    def money(self, amount: int) -> str:
        return self.formats.money(amount)

    def chips(self, amount: int) -> str:
        """Chips as the language writes numbers (20,000; 20.000 in Danish)."""
        return self.formats.number(amount, 0)

    def learn(self, envelope: e.Envelope, undone: bool) -> None:
        """Take in what this event tells later sentences. An undone command's names still count
        (its own later events name the player), its structure and rules do not."""
        event = envelope.event
        if isinstance(event, e.PlayerRegistered | e.PlayerReentered):
            self.names[event.player_id] = event.name
        if isinstance(event, e.AlternateListed):
            self.alternates[event.number] = event.name
        if isinstance(event, e.PlayerRegistered):
            self.entries[event.player_id] = 1
        elif isinstance(event, e.PlayerReentered):
            self.entries[event.player_id] = self.entry(event.previous_id) + 1
        elif isinstance(event, e.Rebought):
            so_far = self.rebuys_standing.get(event.player_id, 0) + event.count
            self.rebuys[event.player_id] = so_far
            if not undone:
                self.rebuys_standing[event.player_id] = so_far
        if undone:
            return
        if isinstance(event, e.TournamentCreated):
            self.structure = event.structure
            self.formats = Formats.of(event.house_rules or HouseRules())
        elif isinstance(event, e.StructureChanged):
            self.structure = event.structure
        elif isinstance(event, e.HouseRulesSet | e.HouseRulesRecorded):
            self.formats = Formats.of(event.rules)


def listed(items: Iterable[str]) -> str:
    """"Anna", "Anna and Bo", "Anna, Bo and Carl" the current language's way."""
    items = list(items)
    from babel.lists import format_list  # on first use: see views/formatting.py

    return format_list(items, locale=language()) if items else ""


def alternate_line(number: int, name: str, table: int, seat: int, waits: bool) -> str:
    """"Alternate 3, Mette Kjær: table 12 seat 4": what every terminal and the TV say when a freed
    seat goes to an alternate (T-REG-1, 8A), and that he waits for the button if he does (T-MOVE-2)."""
    text = _("Alternate {number}, {name}: table {table} seat {seat}").format(
        number=number, name=name, table=table, seat=seat)
    if waits:
        text = _("{seating}, dealt in when the button passes (T-MOVE-2)").format(seating=text)
    return text


def _spot(table: int, seat: int) -> str:
    return _("table {table} seat {seat}").format(table=table, seat=seat)


def _numbers(numbers: Iterable[int]) -> str:
    return listed(str(number) for number in numbers)


Writer = Callable[[Any, LogContext], str]
_WRITERS: dict[type, tuple[Kind, Writer]] = {}
E = TypeVar("E")


def _writes(kind: Kind, *types: type[E]) -> Callable[[Callable[[E, LogContext], str]],
                                                       Callable[[E, LogContext], str]]:
    def register(writer: Callable[[E, LogContext], str]) -> Callable[[E, LogContext], str]:
        for event_type in types:
            _WRITERS[event_type] = (kind, writer)
        return writer
    return register


def written_types() -> frozenset[type]:
    """The event types that have a sentence (tests check every event type is among them)."""
    return frozenset(_WRITERS)


# ---------------------------------------------------------------- the tournament


@_writes("tournament", e.TournamentCreated)
def _created(event: e.TournamentCreated, context: LogContext) -> str:
    return _("Tournament {name} is created: {game}, buy-in {buy_in} + {fee}, {stack} chips, "
             "structure {structure}").format(
        name=event.name, game=event.game, buy_in=context.money(event.buy_in), fee=context.money(event.fee),
        stack=context.chips(event.starting_stack), structure=event.structure.name) + (
        "" if event.shootout is None else ngettext(
            "; a shootout, each table to {winners} winner (T-SHOOT-1)",
            "; a shootout, each table to {winners} winners (T-SHOOT-1)",
            event.shootout.winners_per_table).format(winners=event.shootout.winners_per_table))


@_writes("tournament", e.HouseRulesSet)
def _house_rules_set(event: e.HouseRulesSet, context: LogContext) -> str:
    if not event.keys:
        return _("The house rules are set")
    return _("House rule changed: {keys}").format(
        keys=listed(f"{key} = {_setting(event.rules, key)}" for key in event.keys))


def _setting(rules: HouseRules, key: str) -> str:
    value: Any = rules
    for part in key.split("."):
        value = getattr(value, part, None)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple | set | frozenset):
        return listed(str(item) for item in value) or _("none")
    return _("none") if value is None else str(value)


@_writes("tournament", e.HouseRulesRecorded)
def _house_rules_recorded(event: e.HouseRulesRecorded, context: LogContext) -> str:
    return _("The house rules in force are recorded (the database was upgraded)")


@_writes("tournament", e.Undone)
def _undone(event: e.Undone, context: LogContext) -> str:
    undone = context.commands.get(event.command_id)
    if not undone:
        return _("A command is undone")
    return _("Undone: {what}").format(what="; ".join(undone))


# ---------------------------------------------------------------- players


@_writes("players", e.PlayerRegistered)
def _registered(event: e.PlayerRegistered, context: LogContext) -> str:
    if event.alternate is not None:
        return _("Alternate {number}, {name}, registers: a seat is free").format(
            number=event.alternate, name=event.name)
    if event.member is not None:
        return _("{name} registers (member {member})").format(name=event.name, member=event.member)
    return _("{name} registers").format(name=event.name)


@_writes("players", e.PlayerUnregistered)
def _unregistered(event: e.PlayerUnregistered, context: LogContext) -> str:
    return _("{name} is unregistered").format(name=context.name(event.player_id))


@_writes("players", e.AlternateListed)
def _alternate_listed(event: e.AlternateListed, context: LogContext) -> str:
    if event.previous_id is not None:
        return _("{name} re-enters as alternate {number} (entry {entry}): every seat is taken").format(
            name=event.name, number=event.number, entry=context.entry(event.previous_id) + 1)
    return _("{name} registers as alternate {number}: every seat is taken").format(
        name=event.name, number=event.number)


@_writes("players", e.AlternateWithdrawn)
def _alternate_withdrawn(event: e.AlternateWithdrawn, context: LogContext) -> str:
    return _("Alternate {number}, {name}, is taken off the list").format(
        number=event.number, name=context.alternates.get(event.number, _("a player not in the log")))


@_writes("players", e.PlayerReentered)
def _reentered(event: e.PlayerReentered, context: LogContext) -> str:
    if event.alternate is not None:
        return _("Alternate {number}, {name}, re-enters: a seat is free").format(
            number=event.alternate, name=event.name)
    entry = context.entry(event.player_id)
    if not event.earlier_entry_can_cash:
        return _("{name} re-enters (entry {entry}; the earlier entry can no longer cash)").format(
            name=event.name, entry=entry)
    return _("{name} re-enters (entry {entry})").format(name=event.name, entry=entry)


@_writes("money", e.AddOnBought)
def _add_on(event: e.AddOnBought, context: LogContext) -> str:
    return _("{name} buys an add-on").format(name=context.name(event.player_id))


@_writes("money", e.Rebought)
def _rebought(event: e.Rebought, context: LogContext) -> str:
    name = context.name(event.player_id)
    text = (_("{name} buys a double rebuy") if event.count == 2 else _("{name} rebuys")).format(name=name)
    so_far = context.rebuys.get(event.player_id, event.count)
    text = ngettext("{rebuy} ({rebuys} rebuy so far)", "{rebuy} ({rebuys} rebuys so far)", so_far).format(
        rebuy=text, rebuys=so_far)
    if not event.knocked_out_by:
        return text
    # T-PKO-6: bought instead of the bust; a PKO's knockout stands, a fixed bounty is not paid.
    text = _("{rebuy} instead of busting, knocked out by {by}").format(
        rebuy=text, by=context.names_of(event.knocked_out_by))
    if not event.knockout:
        return _("{rebuy}: no bounty is paid for it (T-PKO-6)").format(rebuy=text)
    return _knockout_paid(text, event.bounty, event.head, context)


@_writes("busts", e.BustSetAside)
def _bust_set_aside(event: e.BustSetAside, context: LogContext) -> str:
    # T-REBUY-1: the rebuy in the same command says what he bought.
    return _("{name}'s bust in place {place} is set aside: a rebuy after it").format(
        name=context.name(event.player_id), place=event.place)


# ---------------------------------------------------------------- busts


@_writes("busts", e.PlayerBusted)
def _busted(event: e.PlayerBusted, context: LogContext) -> str:
    name = context.name(event.player_id)
    if event.last_place is not None and event.last_place != event.place:
        text = _("{name} busts, sharing places {first} to {last}").format(
            name=name, first=ordinal(event.place), last=ordinal(event.last_place))
    elif event.placed_last:
        text = _("{name} busts in {place}, placed last of those left unplaced").format(
            name=name, place=ordinal(event.place))
    else:
        text = _("{name} busts in {place}").format(name=name, place=ordinal(event.place))
    if event.knocked_out_by:
        text = _("{bust}, knocked out by {by}").format(bust=text, by=context.names_of(event.knocked_out_by))
    text = _knockout_paid(text, event.bounty, event.head, context)
    if event.disqualified:
        text = _("{bust}: disqualified, bounty {amount} to the prize pool (T-PKO-4)").format(
            bust=text, amount=context.money(event.to_pool))
    if event.envelope is not None:
        text = _("{bust} (mystery envelope {number}, T-MYSTERY-1)").format(
            bust=text, number=event.envelope + 1)
    return text


def _knockout_paid(text: str, bounty: dict[str, int], head: dict[str, int], context: LogContext) -> str:
    """A knockout's line with what its knockers take: the bounty in cash, and in a PKO the rest
    onto their own heads (T-BOUNTY-1, T-PKO-1)."""
    if bounty:
        shares = listed(_("{name} {amount}").format(name=context.name(player_id),
                                                    amount=context.money(amount))
                        for player_id, amount in bounty.items())
        text = _("{bust}; bounty to {shares}").format(bust=text, shares=shares)
    if any(amount > 0 for amount in head.values()):  # T-PKO-1: the rest onto their own heads
        heads = listed(_("{name} {amount}").format(name=context.name(player_id),
                                                   amount=context.money(amount))
                       for player_id, amount in head.items() if amount > 0)
        text = _("{bust}; onto their heads {heads}").format(bust=text, heads=heads)
    return text


@_writes("busts", e.SatelliteEnded)
def _satellite_ended(event: e.SatelliteEnded, context: LogContext) -> str:
    return _("The satellite is over (T-SAT-2): {names} each win a seat worth {value}").format(
        names=context.names_of(event.winners), value=context.money(event.seat))


@_writes("players", e.TicketSpent)
def _ticket_spent(event: e.TicketSpent, context: LogContext) -> str:
    return _("{name} pays the buy-in with a seat won in tournament {satellite} ({value}, T-SAT-4)").format(
        name=context.name(event.player_id), satellite=event.satellite, value=context.money(event.value))


@_writes("busts", e.HandForHandBust)
def _h4h_bust(event: e.HandForHandBust, context: LogContext) -> str:
    text = _("{name} busts at table {table} during hand-for-hand").format(
        name=context.name(event.player_id), table=event.table)
    if event.stack is not None:
        text = _("{bust}, with {stack} chips at the start of the hand").format(
            bust=text, stack=context.chips(event.stack))
    if event.knocked_out_by:
        text = _("{bust}, knocked out by {by}").format(bust=text, by=context.names_of(event.knocked_out_by))
    # T-H4H-1: the place waits for every table's hand (the bust's answer says so in this sentence).
    return _("{bust}: placed when every table has finished the hand (T-H4H-1)").format(bust=text)


@_writes("busts", e.HandForHandStarted)
def _h4h_started(event: e.HandForHandStarted, context: LogContext) -> str:
    text = _("Hand-for-hand starts at tables {tables}").format(tables=_numbers(event.tables))
    if event.paused_clock:
        text = _("{what}; the clock is paused").format(what=text)
    return text


@_writes("busts", e.HandForHandTableDone)
def _h4h_table_done(event: e.HandForHandTableDone, context: LogContext) -> str:
    return _("Table {table} has finished the hand-for-hand hand").format(table=event.table)


@_writes("busts", e.HandForHandHandEnded)
def _h4h_hand_ended(event: e.HandForHandHandEnded, context: LogContext) -> str:
    if not event.hand:
        return _("Every table has finished the hand in progress; its busts are placed")
    return _("Every table has finished hand-for-hand hand {hand}; its busts are placed").format(
        hand=event.hand)


@_writes("busts", e.HandForHandStopped)
def _h4h_stopped(event: e.HandForHandStopped, context: LogContext) -> str:
    if not event.by_itself:
        return _("Hand-for-hand ends")
    # T-H4H-1: it is for the bubble; the rule that ended it is named.
    return _("Hand-for-hand is over: {left} players left, {paid} places paid ({rules})").format(
        left=event.players_left, paid=event.places_paid, rules=", ".join(event.rules))


# ---------------------------------------------------------------- money


@_writes("money", e.MoneySet)
def _money_set(event: e.MoneySet, context: LogContext) -> str:
    return _("The prize pool and payout settings are changed")


@_writes("money", e.MysteryBountiesSet)
def _mystery_set(event: e.MysteryBountiesSet, context: LogContext) -> str:
    return _("Mystery bounties: {count} sealed envelopes, {total} in all, drawn from level {level} "
             "(T-MYSTERY-1)").format(count=len(event.envelopes), total=context.money(sum(event.envelopes)),
                                     level=event.from_level)


@_writes("money", e.ChipsCounted)
def _chips_counted(event: e.ChipsCounted, context: LogContext) -> str:
    return _("Chips counted: {counts}").format(counts=listed(
        _("{name} {chips}").format(name=context.name(player_id), chips=context.chips(chips))
        for player_id, chips in event.counts.items()))


@_writes("money", e.PaymentRecorded)
def _payment(event: e.PaymentRecorded, context: LogContext) -> str:
    dues = listed(due_text(due) for due in event.dues)
    if event.method is None:
        return _("{name}: {dues} not paid yet").format(name=context.name(event.player_id), dues=dues)
    return _("{name} pays {dues} by {method}").format(name=context.name(event.player_id), dues=dues,
                                                       method=payment_method(event.method))


@_writes("money", e.PrizePaidOut)
def _paid_out(event: e.PrizePaidOut, context: LogContext) -> str:
    return _("{name} is paid {amount} by {method} (slip {slip})").format(
        name=context.name(event.player_id), amount=context.money(event.prize + event.bounty),
        method=payment_method(event.method), slip=event.slip)


@_writes("money", e.CashCounted)
def _cash_counted(event: e.CashCounted, context: LogContext) -> str:
    return _("The drawer is counted: {counts}").format(counts=listed(
        _("{method} {amount}").format(method=payment_method(method), amount=context.money(amount))
        for method, amount in event.counts.items()))
@_writes("tournament", e.FlightSet)
def _flight_set(event: e.FlightSet, context: LogContext) -> str:
    if event.stop_level is None:
        return _("This is a flight of {event}").format(event=event.event)
    return _("This is a flight of {event}; it stops at the end of level {level}").format(
        event=event.event, level=event.stop_level)


@_writes("players", e.SignUpReceived)
def _signed_up(event: e.SignUpReceived, context: LogContext) -> str:
    return _("{name} signs up (number {number}), waiting for the TD (T-SIGNUP-1)").format(
        name=event.name, number=event.number)


@_writes("players", e.SignUpRejected)
def _sign_up_rejected(event: e.SignUpRejected, context: LogContext) -> str:
    return _("{name}'s sign-up is rejected (T-SIGNUP-1)").format(name=event.name)


@_writes("rulings", e.ShotClockStarted)
def _shot_started(event: e.ShotClockStarted, context: LogContext) -> str:
    return _("Shot clock at table {table}: {seconds} s (T-SHOT-1)").format(table=event.table,
                                                                           seconds=event.seconds)


@_writes("rulings", e.ShotClockExtended)
def _shot_extended(event: e.ShotClockExtended, context: LogContext) -> str:
    return _("{name} uses a time bank at table {table}: {seconds} s more (T-SHOT-1, TDA 29)").format(
        name=context.name(event.player_id) if event.player_id else "?", table=event.table,
        seconds=event.seconds)


@_writes("rulings", e.ShotClockEnded)
def _shot_ended(event: e.ShotClockEnded, context: LogContext) -> str:
    if event.expired:
        return _("Table {table}'s shot clock ran out: the hand is dead as a called clock's ({rules}); "
                 "the floor logs the ruling").format(table=event.table, rules=", ".join(event.rules))
    return _("Table {table}'s shot clock is stopped").format(table=event.table)


@_writes("players", e.PlayerPageIssued)
def _page_issued(event: e.PlayerPageIssued, context: LogContext) -> str:
    # Never the token: the log is read on every terminal, the page is his alone (T-PAGE-1).
    return _("{name} is given a page of his own (T-PAGE-1)").format(name=event.name)


@_writes("players", e.PlayerPageRevoked)
def _page_revoked(event: e.PlayerPageRevoked, context: LogContext) -> str:
    return _("{name}'s page is revoked (T-PAGE-1)").format(name=event.name)


@_writes("money", e.ChipsBagged)
def _chips_bagged(event: e.ChipsBagged, context: LogContext) -> str:
    return _("Chips bagged: {bags}").format(bags=listed(
        _("{name} {chips} (bag {bag})").format(name=context.name(bag.player_id),
                                               chips=context.chips(bag.chips), bag=bag.bag)
        for bag in event.bags))


@_writes("tournament", e.Day2Started)
def _day2_started(event: e.Day2Started, context: LogContext) -> str:
    draws = {"seeded": _("seeded by chips"), "random": _("drawn at random")}
    text = _("Day 2 of {event} starts: {players} players from {entries} entries, {draw} (seed {seed})")
    return text.format(
        event=event.event, players=len(event.origins), entries=event.buy_ins + event.re_entries,
        draw=draws.get(event.draw, event.draw), seed=event.seed if event.seed is not None else "-")


@_writes("money", e.DealProposed)
def _deal_proposed(event: e.DealProposed, context: LogContext) -> str:
    methods = {"icm": _("An ICM deal"), "chip-chop": _("A chip-chop deal"), "custom": _("A deal")}
    text = _("{deal} is proposed: {amounts}").format(deal=methods[event.method], amounts=listed(
        _("{name} {amount}").format(name=context.name(player_id), amount=context.money(amount))
        for player_id, amount in event.amounts.items()))
    if event.left_for_winner:
        text = _("{deal}, {amount} left to play for").format(
            deal=text, amount=context.money(event.left_for_winner))
    return text


@_writes("money", e.DealConsented)
def _deal_consented(event: e.DealConsented, context: LogContext) -> str:
    return _("{names} agree to the deal").format(names=context.names_of(event.player_ids))


@_writes("money", e.DealApproved)
def _deal_approved(event: e.DealApproved, context: LogContext) -> str:
    return _("The deal is approved")


# ---------------------------------------------------------------- clock


@_writes("clock", e.ClockStarted)
def _clock_started(event: e.ClockStarted, context: LogContext) -> str:
    return _("The clock starts")


@_writes("clock", e.ClockPaused)
def _clock_paused(event: e.ClockPaused, context: LogContext) -> str:
    return _("The clock is paused")


@_writes("clock", e.ClockResumed)
def _clock_resumed(event: e.ClockResumed, context: LogContext) -> str:
    return _("The clock runs again")


@_writes("clock", e.LevelChanged)
def _level_changed(event: e.LevelChanged, context: LogContext) -> str:
    structure = context.structure
    if structure is None or not 0 <= event.period < len(structure.periods):
        return _("The clock moves to period {period}").format(period=event.period + 1)
    period = structure.periods[event.period]
    if isinstance(period, Break):
        number = sum(isinstance(p, Break) for p in structure.periods[: event.period + 1])
        return ngettext("Break {number} starts ({minutes} minute)",
                        "Break {number} starts ({minutes} minutes)",
                        period.minutes).format(number=number, minutes=period.minutes)
    level = structure.shown_level(event.period)
    if period.ante:
        return _("Level {level} starts: {small}/{big}, ante {ante}").format(
            level=level, small=context.chips(period.small_blind), big=context.chips(period.big_blind),
            ante=context.chips(period.ante))
    return _("Level {level} starts: {small}/{big}").format(
        level=level, small=context.chips(period.small_blind), big=context.chips(period.big_blind))


@_writes("clock", e.ClockSet)
def _clock_set(event: e.ClockSet, context: LogContext) -> str:
    return _("The clock is set to {left} left").format(left=format_duration(event.remaining_seconds))


@_writes("clock", e.StructureChanged)
def _structure_changed(event: e.StructureChanged, context: LogContext) -> str:
    return _("The structure is changed to {name} (from {source})").format(
        name=event.structure.name, source=event.source)


@_writes("clock", e.LateRegistrationChanged)
def _late_registration(event: e.LateRegistrationChanged, context: LogContext) -> str:
    if event.level is None:
        return _("Late registration now has no end")
    return _("Late registration now runs to the end of level {level}").format(level=event.level)


# ---------------------------------------------------------------- seating


@_writes("seating", e.TableLayoutSet)
def _layout(event: e.TableLayoutSet, context: LogContext) -> str:
    if event.blocked:
        return _("Table {table} has {seats} seats, seats {blocked} blocked").format(
            table=event.table, seats=event.seats, blocked=_numbers(event.blocked))
    return _("Table {table} has {seats} seats").format(table=event.table, seats=event.seats)


@_writes("seating", e.ShootoutRoundDrawn)
def _round_drawn(event: e.ShootoutRoundDrawn, context: LogContext) -> str:
    seated = sum(len(table.occupants) for table in event.tables)
    return ngettext("Shootout round {round} is drawn: the {players} table winners at {tables} table",
                    "Shootout round {round} is drawn: the {players} table winners at {tables} tables",
                    len(event.tables)).format(round=event.round, players=seated, tables=len(event.tables))


@_writes("seating", e.TablesDrawn)
def _drawn(event: e.TablesDrawn, context: LogContext) -> str:
    seated = sum(len(table.occupants) for table in event.tables)
    if event.final and event.tables:
        final = event.tables[0]
        text = ngettext("The final table is drawn: {players} player at table {table}",
                        "The final table is drawn: {players} players at table {table}", seated).format(
            players=seated, table=final.table)
        if final.button is not None:
            text = _("{draw}, the button on seat {seat}").format(draw=text, seat=final.button)
        return text
    return ngettext("The tables are drawn: {players} players at {tables} table",
                    "The tables are drawn: {players} players at {tables} tables", len(event.tables)).format(
        players=seated, tables=len(event.tables))


@_writes("seating", e.PlayerSeated)
def _seated(event: e.PlayerSeated, context: LogContext) -> str:
    if event.alternate is not None:
        return alternate_line(event.alternate, context.name(event.player_id), event.table, event.seat,
                              event.waits)
    return seated_sentence(context.name(event.player_id), event.table, event.seat, late=event.late,
                           waits=event.waits)


def seated_sentence(name: str, table: int, seat: int, *, late: bool, waits: bool) -> str:
    """A seating as the log says it, and every command that seats someone (register's late entries,
    `seat`, a re-entry): "Anna is seated at table 3 seat 7 as a late entry, dealt in when the button
    passes (T-MOVE-2)"."""
    text = (_("{name} is seated at {spot} as a late entry") if late else
            _("{name} is seated at {spot}")).format(name=name, spot=_spot(table, seat))
    if waits:
        text = _("{seating}, dealt in when the button passes (T-MOVE-2)").format(seating=text)
    return text


@_writes("seating", e.PlayerMoved)
def _moved(event: e.PlayerMoved, context: LogContext) -> str:
    text = _("{name} moves from {source} to {target}").format(
        name=context.name(event.player_id), source=_spot(event.from_table, event.from_seat),
        target=_spot(event.table, event.seat))
    if event.forced:
        text = _("{move}, by the TD's choice against {rules}").format(move=text, rules=listed(event.rules))
    if event.waits:
        text = _("{seating}, dealt in when the button passes (T-MOVE-2)").format(seating=text)
    return text


@_writes("seating", e.TablesBalanced)
def _balanced(event: e.TablesBalanced, context: LogContext) -> str:
    return _("Tables balanced: {moves}").format(moves="; ".join(
        _("{name} moves from {source} to {target}").format(
            name=move.player, source=_spot(move.from_.table, move.from_.seat),
            target=_spot(move.to.table, move.to.seat))
        for move in event.moves))


@_writes("seating", e.TableBroken)
def _broken(event: e.TableBroken, context: LogContext) -> str:
    seats = []
    for seat in event.seats:
        moved = _("{name} to {target}").format(name=seat.player, target=_spot(seat.to.table, seat.to.seat))
        if seat.waits:
            moved = _("{seating}, dealt in when the button passes (T-MOVE-2)").format(seating=moved)
        seats.append(moved)
    return _("Table {table} is broken: {seats}").format(table=event.table, seats="; ".join(seats))


@_writes("seating", e.HandFinished)
def _hand_finished(event: e.HandFinished, context: LogContext) -> str:
    if event.frozen:
        return _("Table {table} finishes a stud hand; the button stays frozen (11B)").format(
            table=event.table)
    return _("Table {table} finishes a hand").format(table=event.table)


@_writes("seating", e.ButtonSet)
def _button(event: e.ButtonSet, context: LogContext) -> str:
    return _("The button at table {table} is on seat {seat}").format(table=event.table, seat=event.seat)


# ---------------------------------------------------------------- rulings


def _penalty(penalty: Penalty) -> str:
    n = penalty.amount
    kinds = {"warning": _("a warning"),
             "missed-hands": ngettext("{amount} hand out", "{amount} hands out", n),
             "rounds": ngettext("{amount} round out", "{amount} rounds out", n),
             "minutes": ngettext("{amount} minute away from the table",
                                 "{amount} minutes away from the table", n),
             "disqualification": _("disqualification")}
    return kinds[penalty.kind].format(amount=n)


@_writes("rulings", e.RulingLogged)
def _ruling(event: e.RulingLogged, context: LogContext) -> str:
    """Who ruled where, for whom and on what first; the decision (often sentences of its own) last."""
    if event.table is not None and event.seat is not None:
        text = _("Ruling {number} by {staff} at {spot}").format(
            number=event.ruling_id, staff=event.staff, spot=_spot(event.table, event.seat))
    elif event.table is not None:
        text = _("Ruling {number} by {staff} at table {table}").format(
            number=event.ruling_id, staff=event.staff, table=event.table)
    else:
        text = _("Ruling {number} by {staff}").format(number=event.ruling_id, staff=event.staff)
    if event.players:
        text = _("{ruling} for {names}").format(ruling=text, names=listed(p.name for p in event.players))
    # The scenario by its id (`rulings suggest ID`), not made into English words.
    about = [event.description or event.scenario]
    if event.penalty is not None:
        about.append(_("penalty: {penalty}").format(penalty=_penalty(event.penalty)))
    if event.corrects is not None:
        about.append(_("corrects ruling {number}").format(number=event.corrects))
    return _("{ruling} ({about}): {decision}").format(ruling=text, about="; ".join(about),
                                                      decision=event.decision)


@_writes("rulings", e.PenaltyHandsServed)
def _hands_served(event: e.PenaltyHandsServed, context: LogContext) -> str:
    return ngettext("Penalty of ruling {number}: {hands} more hand served",
                    "Penalty of ruling {number}: {hands} more hands served", event.hands).format(
        hands=event.hands, number=event.ruling_id)


@_writes("rulings", e.PenaltyEnded)
def _penalty_ended(event: e.PenaltyEnded, context: LogContext) -> str:
    return _("The penalty of ruling {number} ends").format(number=event.ruling_id)


@_writes("rulings", e.ClockCalled)
def _clock_called(event: e.ClockCalled, context: LogContext) -> str:
    spot = _spot(event.table, event.seat)
    if event.player_id:
        return _("The clock is called on {name} at {spot}").format(
            name=context.name(event.player_id), spot=spot)
    return _("The clock is called on {spot}").format(spot=spot)


@_writes("rulings", e.ClockCallStopped)
def _clock_call_stopped(event: e.ClockCallStopped, context: LogContext) -> str:
    return _("Clock call {number} is over: the player acted in time").format(number=event.call_id)


# ---------------------------------------------------------------- the log


def kind_of(event: e.Event) -> Kind:
    return _WRITERS[type(event)][0]


def sentence(event: e.Event, context: LogContext) -> str:
    """The event as one sentence, with what `context` knows at its point in the log."""
    return _WRITERS[type(event)][1](event, context)


def said(envelopes: Iterable[e.Envelope], state: TournamentState) -> list[str]:
    """What a command just did, in the log's own sentences: an action's answer (a bust's lines on
    the CLI and the remote) says its events as the log says them, so an event is worded once.
    `state` is the tournament right after the command: its names, structure and money formats
    are those at that point of the log."""
    envelopes = list(envelopes)
    names = {player.id: player.name for player in state.players.values()}
    # An entry the command took out of the state (unregistered) is named by its registration.
    gone = {player_id for envelope in envelopes
            if isinstance(player_id := getattr(envelope.event, "player_id", None), str)} - names.keys()
    if gone:
        for registered in state.log.of("player_registered", "player_reentered"):
            event = registered.event
            if isinstance(event, e.PlayerRegistered | e.PlayerReentered) and event.player_id in gone:
                names[event.player_id] = event.name
    # The entry and rebuys of the players the events name, as the log counts them up to here
    # (the command's own re-entry and rebuy counted): not every player's, a festival has 10,000.
    named = {player_id for envelope in envelopes for key in ("player_id", "previous_id")
             if isinstance(player_id := getattr(envelope.event, key, None), str)}
    players = [state.players[player_id] for player_id in named if player_id in state.players]
    context = LogContext(names=names, structure=state.info.structure, formats=Formats.of(state.house_rules),
                         alternates={number: waiting.name for number, waiting in state.alternates.items()},
                         entries={player.id: player.entry for player in players},
                         rebuys={player.id: player.rebuys for player in players})
    return [sentence(envelope.event, context) for envelope in envelopes]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event of the log as people read it: the sentence, its kind, and who undid it and when.
    Not a model: the log screen keeps one for each of a festival's 30,000 events."""

    seq: int
    time: str
    actor: str
    command_id: str
    kind: str
    text: str
    undone: bool
    undone_by: str | None
    undone_at: str | None


def undone_note(undone_by: str | None, undone_at: str | None, *, time_zone: str) -> str:
    """"undone by maria at 21:04:10" (on the club's clock) for an undone entry; "" for one that
    stands."""
    if undone_by is None or undone_at is None:
        return ""
    return _("undone by {actor} at {time}").format(
        actor=undone_by, time=format_clock(undone_at, time_zone=time_zone))


def log_entries(envelopes: Sequence[e.Envelope]) -> list[LogEntry]:
    """Every event of a tournament's log, in order, as a sentence."""
    return LogReading().entries(envelopes)


def _undoers(envelopes: Sequence[e.Envelope]) -> dict[str, e.Envelope]:
    """The Undone events among `envelopes` by the command each takes back (only they are read
    back from a packed log)."""
    return {env.event.command_id: env for env in events(envelopes, e.Undone)
            if isinstance(env.event, e.Undone)}


class LogEntries(Sequence[LogEntry]):
    """The entries a `LogReading` has read, each made when asked for: a sentence is kept as its
    text, the rest in arrays and shared strings (a festival's 30,000 entries kept as objects,
    their times as text, took 7 MB of every terminal that showed its log)."""

    __slots__ = ("_columns", "_size")

    def __init__(self, columns: _Columns, size: int) -> None:
        self._columns = columns
        self._size = size  # the columns grow as the log does: these entries are the first `size`

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[LogEntry]: ...

    def __getitem__(self, index: int | slice) -> LogEntry | list[LogEntry]:
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("log entry index out of range")
        return self._columns.entry(index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def found(self, kind: str | None, words: Sequence[str]) -> list[int]:
        """The indexes of the entries of `kind` (None: any) whose sentence or actor's name contains
        every one of `words` (casefolded), newest first: worked out as a search is typed (a
        festival's 30,000 entries in about 10 ms), no entry made."""
        columns = self._columns
        wanted = None if kind is None else KINDS.index(cast(Kind, kind))
        kinds, texts, actors = columns.kinds, columns.texts, columns.actors
        return [index for index in range(self._size - 1, -1, -1)
                if (wanted is None or kinds[index] == wanted)
                and all(word in f"{texts[index]} {actors[index]}".casefold() for word in words)]


@dataclass
class _Columns:
    """The log's entries, column by column. A time is kept as microseconds since 1970 (as the
    log's blocks keep it) when it is in UTC, as every time the service stamps is; any other as
    its text."""

    seqs: array[int] = field(default_factory=lambda: array("q"))
    micros: array[int] = field(default_factory=lambda: array("q"))
    kinds: bytearray = field(default_factory=bytearray)  # an index of KINDS
    actors: list[str] = field(default_factory=list)
    command_ids: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    times: dict[int, str] = field(default_factory=dict)  # index -> a time not in UTC, as text
    undone: dict[int, tuple[str, str]] = field(default_factory=dict)  # index -> by whom, when

    def add(self, envelope: e.Envelope, kind: Kind, text: str, undo: e.Envelope | None) -> None:
        index = len(self.texts)
        self.seqs.append(envelope.seq)
        moment = envelope.time
        if moment.utcoffset() == _ZERO:
            self.micros.append((moment - _EPOCH) // _MICROSECOND)
        else:
            self.micros.append(0)
            self.times[index] = moment.isoformat()
        self.kinds.append(KINDS.index(kind))
        self.actors.append(envelope.actor)
        self.command_ids.append(envelope.command_id)
        self.texts.append(text)
        if undo is not None:
            self.undone[index] = (undo.actor, undo.time.isoformat())

    def entry(self, index: int) -> LogEntry:
        time = self.times.get(index)
        if time is None:
            time = (_EPOCH + self.micros[index] * _MICROSECOND).isoformat()
        undo = self.undone.get(index)
        return LogEntry(seq=self.seqs[index], time=time, actor=self.actors[index],
                        command_id=self.command_ids[index], kind=KINDS[self.kinds[index]],
                        text=self.texts[index], undone=undo is not None,
                        undone_by=None if undo is None else undo[0],
                        undone_at=None if undo is None else undo[1])


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_ZERO = timedelta(0)


class LogReading:
    """The log's sentences, kept as the log grows: a read of a longer log writes only the new
    events' sentences, on from the context where the last read stopped (a festival's log screen
    has 40,000 entries). An `Undone` among the new events, or a log that is not the last one read
    and more, marks earlier entries undone or changes them: the whole log is read again."""

    def __init__(self) -> None:
        self._context = LogContext()
        self._columns = _Columns()
        self._last: tuple[int, str] | None = None  # the seq and command of the last event read

    def read(self, envelopes: Sequence[e.Envelope]) -> LogEntries:
        """Every event of `envelopes` as a sentence, in order."""
        read = len(self._columns.texts)
        fresh = envelopes[read:]
        continues = read <= len(envelopes) and (
            not read or (envelopes[read - 1].seq, envelopes[read - 1].command_id) == self._last)
        undoers = _undoers(fresh)
        if undoers or not continues:  # read from the first event
            self._context, self._columns, fresh = LogContext(), _Columns(), envelopes
            undoers = _undoers(fresh)
        # An event is undone by an Undone of its command, which comes after it: none of the
        # events read before undoes a new one.
        context, columns = self._context, self._columns
        for envelope in fresh:
            undo = undoers.get(envelope.command_id)
            context.learn(envelope, undone=undo is not None)
            text = sentence(envelope.event, context)
            if envelope.command_id in undoers:  # an Undone's sentence names what it took back
                context.commands.setdefault(envelope.command_id, []).append(text)
            columns.add(envelope, kind_of(envelope.event), text, undo)
        self._last = (envelopes[-1].seq, envelopes[-1].command_id) if envelopes else None
        return LogEntries(columns, len(columns.texts))

    def entries(self, envelopes: Sequence[e.Envelope]) -> list[LogEntry]:
        """Every event of `envelopes` as a sentence, in order, each entry made."""
        return list(self.read(envelopes))

"""A tournament's result for each club member in it: every entry's place and prize, knockouts,
bounties, and what the member paid, from the tournament's state (its log folded).

A member has one result per tournament however many entries they bought (T-REG-1): their best
place counts, the prizes and bounties of all their entries add up, and so does what they paid.
Guests (entries linked to no member) have no result here; they still count in the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from tdconsole.domain.errors import TdError
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.payouts import PayoutStructure
from tdconsole.domain.money.prize_pool import prize_pool
from tdconsole.domain.state import TournamentState


@dataclass(frozen=True, slots=True)
class EntryResult:
    entry: int  # 1 = the buy-in, 2 = the first re-entry, ...
    place: int | None  # None: still in
    last_place: int | None  # tied: places place..last_place shared
    prize: int | None  # None: not decided yet
    knockouts: int
    bounties: int
    add_ons: int
    rebuys: int = 0  # T-REBUY-1: paid for like add-ons, in the member's cost
    hits: int = 0  # knockouts and the knockouts bought back with a rebuy (TD3's numberOfHits)


@dataclass(frozen=True, slots=True)
class Figures:
    """The tournament's own figures a points formula may read (TD3's tournament variables)."""

    players: int = 0  # who bought in, each once (TD3's `n`)
    rebuys: int = 0
    add_ons: int = 0
    buy_ins_amount: int = 0  # collected for the buy-ins and re-entries, fees included
    rebuys_amount: int = 0
    add_ons_amount: int = 0
    prize_pool: int = 0
    places_paid: int = 0
    members: int = 0  # club members in it (TD3's numberOfLeagueMembers)


@dataclass(frozen=True, slots=True)
class MemberResult:
    member: int
    name: str  # the name the member entered under
    entries: tuple[EntryResult, ...]
    field: int  # every entry in the tournament, guests' and re-entries included
    buy_in: int  # the tournament's buy-in (prize part) and fee, for points formulas
    fee: int
    cost: int  # what the member paid: buy-ins, re-entries and add-ons with their fees and bounties
    finished: bool
    figures: Figures = dataclasses.field(default_factory=Figures)
    # The entry that finished best (a re-entry usually outlasts the entry before it): its place.
    place: int | None = dataclasses.field(init=False)
    last_place: int | None = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        placed = [entry for entry in self.entries if entry.place is not None]
        best = min(placed, key=lambda entry: entry.place or 0) if placed else self.entries[-1]
        object.__setattr__(self, "place", best.place)  # frozen: set once, here
        object.__setattr__(self, "last_place", best.last_place)

    @property
    def prize(self) -> int:
        return sum(entry.prize or 0 for entry in self.entries)

    @property
    def knockouts(self) -> int:
        return sum(entry.knockouts for entry in self.entries)

    @property
    def bounties(self) -> int:
        return sum(entry.bounties for entry in self.entries)

    @property
    def hits(self) -> int:
        return sum(entry.hits for entry in self.entries)

    @property
    def rebuys(self) -> int:
        return sum(entry.rebuys for entry in self.entries)

    @property
    def add_ons(self) -> int:
        return sum(entry.add_ons for entry in self.entries)

    @property
    def winnings(self) -> int:
        """Prizes and bounties won."""
        return self.prize + self.bounties

    @property
    def net(self) -> int:
        return self.winnings - self.cost

    @property
    def cashed(self) -> bool:
        return self.prize > 0


def _payouts(state: TournamentState) -> PayoutStructure | None:
    try:
        return money.payout_structure(state)
    except TdError:  # settings that cannot pay these entries: prizes unknown, shown as such
        return None


def tournament_figures(state: TournamentState, payouts: PayoutStructure | None = None, *,
                       members: int | None = None) -> Figures:
    """The tournament's own figures (a points formula's variables, a season page's attendance).

    Three entries of 300 + 50: 1,050 collected, 900 in the pool, one place paid; one of them a member.

    >>> from tdconsole.domain.commands import Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(Register(names=["Cy"], members={"Cy": 7}))
    >>> f = tournament_figures(t.state)
    >>> f.players, f.members, f.buy_ins_amount, f.prize_pool, f.places_paid
    (3, 1, 1050, 900, 1)
    """
    if payouts is None:
        payouts = _payouts(state)
    prices = money.prices(state)
    players = state.players.values()
    buy_ins = sum(player.entry == 1 for player in players)
    rebuys = sum(player.rebuys for player in players)
    add_ons = sum(player.add_ons for player in players)
    if members is None:
        members = len({player.member for player in players if player.member is not None})
    return Figures(
        players=len({player.member if player.member is not None else player.name for player in players}),
        rebuys=rebuys, add_ons=add_ons,
        buy_ins_amount=prize_pool(prices, buy_ins, state.entries - buy_ins).collected,
        rebuys_amount=prize_pool(prices, 0, rebuys=rebuys).collected,
        add_ons_amount=prize_pool(prices, 0, add_ons=add_ons).collected,
        prize_pool=money.pool(state).prize_pool, places_paid=len(payouts.payouts) if payouts else 0,
        members=members)


def member_results(state: TournamentState) -> dict[int, MemberResult]:
    """Each member's result in the tournament `state` is the fold of, by member number.

    Each club member's result in a tournament; a guest has none.

    >>> from tdconsole.domain.commands import Bust, Register
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(Register(names=["Cy"], members={"Cy": 7}))
    >>> _ = t.do(Bust(names=["Cy"], by=["Ann"]))
    >>> results = member_results(t.state)
    >>> list(results), results[7].place, results[7].cost, results[7].finished
    ([7], 3, 350, False)
    """
    payouts = _payouts(state)
    standings = money.standings(state, payouts)
    entries: dict[int, list[EntryResult]] = {}
    names: dict[int, str] = {}
    for player in state.players.values():
        if player.member is None:
            continue
        standing = standings[player.id]
        entries.setdefault(player.member, []).append(EntryResult(
            entry=player.entry, place=standing.place, last_place=standing.last_place,
            prize=standing.prize, knockouts=player.knockouts, bounties=player.bounties,
            add_ons=player.add_ons, rebuys=player.rebuys, hits=player.knockouts + player.bought_back))
        names[player.member] = player.name
    prices = money.prices(state)
    finished = state.status == "finished"
    figures = tournament_figures(state, payouts, members=len(entries))
    results = {}
    for member, own in entries.items():
        own.sort(key=lambda entry: entry.entry)
        paid = prize_pool(prices, buy_ins=1, re_entries=len(own) - 1,
                          add_ons=sum(entry.add_ons for entry in own),
                          rebuys=sum(entry.rebuys for entry in own)).collected
        results[member] = MemberResult(
            member=member, name=names[member], entries=tuple(own), field=state.entries,
            buy_in=state.info.buy_in, fee=state.info.fee, cost=paid, finished=finished, figures=figures)
    return results


@dataclass(frozen=True, slots=True)
class Totals:
    """A member's record over finished tournaments. ROI is the net over what was paid, in percent.

    >>> entry = EntryResult(entry=1, place=1, last_place=None, prize=1000, knockouts=2, bounties=100,
    ...                     add_ons=0)
    >>> won = MemberResult(member=7, name="Bo", entries=(entry,), field=10, buy_in=300, fee=50,
    ...                    cost=350, finished=True)
    >>> totals([won]).roi
    214.3
    """

    events: int = 0
    cashes: int = 0
    wins: int = 0
    prizes: int = 0
    knockouts: int = 0
    bounties: int = 0
    cost: int = 0
    best_finish: int | None = None

    @property
    def winnings(self) -> int:
        return self.prizes + self.bounties

    @property
    def net(self) -> int:
        return self.winnings - self.cost

    @property
    def roi(self) -> float | None:
        return round(100 * self.net / self.cost, 1) if self.cost else None


def totals(results: Iterable[MemberResult]) -> Totals:
    """The record over the finished tournaments among `results` (one in play counts when done).

    >>> entry = EntryResult(entry=1, place=4, last_place=None, prize=0, knockouts=1, bounties=0, add_ons=0)
    >>> played = MemberResult(member=7, name="Bo", entries=(entry,), field=10, buy_in=300, fee=50, cost=350,
    ...                       finished=True)
    >>> in_play = MemberResult(member=7, name="Bo", entries=(entry,), field=10, buy_in=300, fee=50, cost=350,
    ...                        finished=False)
    >>> record = totals([played, in_play])
    >>> record.events, record.best_finish, record.net
    (1, 4, -350)
    """
    done = [result for result in results if result.finished]
    places = [result.place for result in done if result.place is not None]
    return Totals(
        events=len(done), cashes=sum(result.cashed for result in done),
        wins=sum(result.place == 1 for result in done), prizes=sum(result.prize for result in done),
        knockouts=sum(result.knockouts for result in done),
        bounties=sum(result.bounties for result in done), cost=sum(result.cost for result in done),
        best_finish=min(places) if places else None)

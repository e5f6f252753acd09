"""The tournament's money: its prize pool, payouts and each entry's prize; chip counts.

* The pool (`prize_pool.py`): buy-ins, re-entries (T-REG-1), rebuys (T-REBUY-1) and add-ons; fee,
  rake, bounties
  (T-BOUNTY-1) kept apart; the guarantee's overlay.
* The payouts: the logged table, else the generator (`payouts.py`), with the TD's locked places.
* Prizes: entries are ranked by place. Tied entries (T-ELIM-2, RP-8A) share the combined money of
  the ranks they take, leftover kroner by sorted name (`tied_prizes`). An earlier entry that the
  house says cannot cash (`eliminations.earlier_entry_can_cash`, T-REG-1) takes no rank: the
  entries below it move up one rank each, so the money still adds up to the pool. An approved deal
  (T-DEAL-1) replaces the money of the players in it. When more places are paid than entries can
  cash, the places nobody can take go to first place (`payout_structure`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain import limits
from tdconsole.domain.errors import InvalidInput, RuleViolation, TdError
from tdconsole.domain.events import (
    ChipsCounted,
    Event,
    MoneySet,
    PlayerBusted,
    PlayerMoved,
    TableBroken,
    TablesBalanced,
)
from tdconsole.domain.money.payouts import (
    Payout,
    PayoutStructure,
    generate_payouts,
    satellite_payouts,
    table_payouts,
    tied_prizes,
)
from tdconsole.domain.money.prize_pool import (
    EntryPrices,
    PriceExtras,
    PrizePool,
    RebuySettings,
    prize_pool,
)
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.seating import shootout
from tdconsole.domain.seating.rounds import payouts_by_round
from tdconsole.domain.state import Player, TournamentState

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import CountChips, SetMoney


def prices(state: TournamentState) -> EntryPrices:
    """What each entry, re-entry, add-on and rebuy costs, part by part; a rebuy's bounty part as it
    applies (T-PKO-6: none with a fixed bounty).

    >>> from tdconsole.domain.examples import tournament
    >>> price = prices(tournament().state)
    >>> price.buy_in, price.fee, price.bounty
    (300, 50, 0)
    """
    # The settings' own values, read off them: dumping them to a dict to validate it back built
    # their serializer for every command that shows the money (the fast-CLI contract).
    money = state.money
    extras = {name: getattr(money, name) for name in PriceExtras.model_fields}
    extras["rebuy"] = money.rebuy.updated({"bounty": money.rebuy_bounty})
    return EntryPrices(buy_in=state.info.buy_in, fee=state.info.fee, **extras)


def pool(state: TournamentState) -> PrizePool:
    """The prize pool of the entries, rebuys and add-ons so far (on Day 2, every flight's).

    The buy-ins' prize part makes the pool; the fee is the house's, kept apart:

    >>> from tdconsole.domain.commands import Reenter, Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> money = pool(t.state)
    >>> money.entries, money.collected, money.fees, money.prize_pool
    (10, 3500, 500, 3000)
    >>> _ = t.do(Bust(names=["J"]))
    >>> _ = t.do(Reenter(name="J"))
    >>> pool(t.state).entries, pool(t.state).prize_pool
    (11, 3300)
    """
    day2 = state.day2
    if day2 is not None:  # T-DAY2-1: one prize pool, of every flight's entries
        return prize_pool(prices(state), day2.buy_ins, day2.re_entries, day2.add_ons, day2.rebuys)
    players = state.players.values()
    buy_ins = sum(player.entry == 1 for player in players)
    add_ons = sum(player.add_ons for player in players)
    rebuys = sum(player.rebuys for player in players)
    return prize_pool(prices(state), buy_ins, state.entries - buy_ins, add_ons, rebuys,
                      bounties_to_pool=state.bounties_to_pool)


def paid_entries(state: TournamentState) -> int:
    """The entries the payouts are for: on Day 2 the whole event's (T-DAY2-1).

    >>> from tdconsole.domain.examples import tournament
    >>> paid_entries(tournament(*"ABCDEFGHIJ").state)
    10
    """
    return state.entries if state.day2 is None else state.day2.buy_ins + state.day2.re_entries


@dataclass(frozen=True, slots=True)
class EntryChips:
    """The chips a buy-in, a re-entry (T-REG-1), an add-on and a rebuy (T-REBUY-1) each put in
    play."""

    starting_stack: int
    re_entry: int
    add_on: int
    rebuy: int


def entry_chips(state: TournamentState) -> EntryChips:
    """As the money settings give them: a re-entry, an add-on and a rebuy the starting stack unless
    set.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo")
    >>> entry_chips(t.state)
    EntryChips(starting_stack=10000, re_entry=10000, add_on=10000, rebuy=10000)
    >>> _ = t.do(SetMoney(settings=MoneySettings(add_on=100, add_on_chips=5_000)))
    >>> entry_chips(t.state).add_on
    5000
    """
    stack, money = state.info.starting_stack, state.money
    return EntryChips(stack, stack if money.re_entry_chips is None else money.re_entry_chips,
                      stack if money.add_on_chips is None else money.add_on_chips,
                      stack if money.rebuy.chips is None else money.rebuy.chips)


def chips_in_play(state: TournamentState) -> int:
    """Every chip sold: a starting stack per buy-in, and each re-entry's, add-on's and rebuy's
    chips (a busted player's chips stay in play: they went to whoever won them).

    A busted player's chips stay in play: whoever won them has them.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> chips_in_play(t.state)
    30000
    >>> _ = t.do(Bust(names=["Cy"]))
    >>> chips_in_play(t.state), average_stack(t.state)
    (30000, 15000)
    """
    if state.day2 is not None:  # T-DAY2-1: the bagged stacks are every chip in play
        return sum(origin.chips for origin in state.day2.origins)
    return sum(chips * count for chips, count in stacks_sold(state))


def stacks_sold(state: TournamentState) -> list[tuple[int, int]]:
    """(chips of one stack, how many were sold) for the buy-ins, the re-entries, the add-ons and the
    rebuys, in that order: what the chips in play and the chip set's count (T-CHIPS-4) add up.

    >>> from tdconsole.domain.examples import tournament
    >>> stacks_sold(tournament("Ann", "Bo").state)
    [(10000, 2), (10000, 0), (10000, 0), (10000, 0)]
    """
    players = state.players.values()
    chips = entry_chips(state)
    buy_ins = sum(player.entry == 1 for player in players)
    return [(chips.starting_stack, buy_ins), (chips.re_entry, state.entries - buy_ins),
            (chips.add_on, sum(player.add_ons for player in players)),
            (chips.rebuy, sum(player.rebuys for player in players))]


def average_stack(state: TournamentState, chips: int | None = None) -> int | None:
    """The chips in play (`chips` when already known) over the players left, rounded to the chip;
    None when nobody is left.

    >>> from tdconsole.domain.examples import tournament
    >>> average_stack(tournament("Ann", "Bo", "Cy").state), average_stack(tournament().state)
    (10000, None)
    """
    if not state.players_left:
        return None
    return round((chips_in_play(state) if chips is None else chips) / state.players_left)


@dataclass(frozen=True, slots=True)
class ChipCheck:
    """Whether the counts add up to the chips in play (T-CHIPS-2: none leave the table) within the
    house's tolerance (`chip_counts.tolerance_percent`, T-CHIPS-3). `off` is known only when every
    player still in has a count, or when the counts so far are already more than the chips in play."""

    counted: int  # players still in with a count
    players_left: int
    total: int  # their chips
    in_play: int
    tolerance: int  # chips either way
    off: bool

    @property
    def difference(self) -> int:
        return self.total - self.in_play


def chip_check(state: TournamentState, in_play: int | None = None) -> ChipCheck:
    """The counts of the players still in against the chips in play (`in_play` when known).

    T-CHIPS-2, T-CHIPS-3: 30,000 chips in play; the counts are off once everybody is counted and they
    miss by more than the house's tolerance (1 %: 300 chips).

    >>> from tdconsole.domain.commands import CountChips
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(CountChips(counts={"Ann": 14_000, "Bo": 9_000}))
    >>> chip_check(t.state).off  # Cy is not counted yet
    False
    >>> _ = t.do(CountChips(counts={"Cy": 7_200}))
    >>> check = chip_check(t.state)
    >>> check.total, check.in_play, check.tolerance, check.off
    (30200, 30000, 300, False)
    >>> _ = t.do(CountChips(counts={"Cy": 7_500}))
    >>> chip_check(t.state).off
    True
    """
    in_play = chips_in_play(state) if in_play is None else in_play
    total, counted = 0, 0
    for player_id, chips in state.chips.items():
        if state.players[player_id].status != "busted":
            total, counted = total + chips, counted + 1
    tolerance = round(in_play * state.house_rules.chip_counts.tolerance_percent / 100)
    everyone = counted >= state.players_left > 0
    off = abs(total - in_play) > tolerance if everyone else total > in_play + tolerance
    return ChipCheck(counted, state.players_left, total, in_play, tolerance, off)


def payout_structure(state: TournamentState) -> PayoutStructure:
    """What each place pays now; `InvalidInput` when the settings cannot pay these entries.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> payout_structure(t.state).amounts
    [1850, 1150]
    >>> _ = t.do(SetMoney(settings=MoneySettings(locked={1: 2_000})))
    >>> payout_structure(t.state).amounts
    [2000, 1000]
    """
    amount, entries, money = pool(state).prize_pool, paid_entries(state), state.money
    if entries == 0:
        return PayoutStructure(prize_pool=amount, payouts=[])

    def by_place(amount: int) -> PayoutStructure:
        if money.satellite_seat is not None:  # T-SAT-1: seats, and the cash left over
            return satellite_payouts(amount, money.satellite_seat, entries, money.satellite_remainder)
        if money.table is not None:
            return table_payouts(amount, entries, money.table, money.locked)
        return generate_payouts(amount, entries, state.info.buy_in, money.curve, money.locked)

    settings = shootout.settings(state)
    structure = by_place(amount) if settings is None else payouts_by_round(  # T-SHOOT-4
        amount, by_place, shootout.rounds(state), settings.prizes(state.info.buy_in))
    can_cash = sum(player.can_cash for player in state.players.values())
    # Day 2 never pays more places than it has players: it does not start otherwise (T-DAY2-1).
    if len(structure.payouts) <= can_cash or state.day2 is not None:
        return structure
    # More places paid than entries that can cash (T-REG-1 setting): the places nobody can take
    # go to first place, like the rounding remainder, so the pool is still paid out in full.
    amounts = structure.amounts[:can_cash]
    amounts[0] += sum(structure.amounts[can_cash:])
    return PayoutStructure(prize_pool=amount, payouts=[
        Payout(place=place, amount=value) for place, value in enumerate(amounts, 1)])


@dataclass(frozen=True, slots=True)
class Standing:
    place: int | None  # None: still in (or busted this hand-for-hand hand, not yet placed)
    last_place: int | None  # tied: places place..last_place shared
    prize: int | None  # None: not decided yet


UNDECIDED = Standing(None, None, None)


def winner(state: TournamentState) -> Player | None:
    """The last player left once every other has busted (T-END-1); None until then.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> winner(t.state) is None
    True
    >>> _ = t.do(Bust(names=["Bo"]))
    >>> winner(t.state).name
    'Ann'
    """
    return state.winner


def seats(state: TournamentState) -> int | None:
    """T-SAT-1: the seats a satellite's prize pool buys now; None in a cash tournament.

    >>> from tdconsole.domain.commands import SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> seats(t.state) is None
    True
    >>> _ = t.do(SetMoney(settings=MoneySettings(satellite_seat=1_100)))
    >>> seats(t.state)
    2
    """
    if state.money.satellite_seat is None:
        return None
    try:
        return sum(payout.seat for payout in payout_structure(state).payouts)
    except TdError:
        return 0


def standings(state: TournamentState, payouts: PayoutStructure | None) -> dict[str, Standing]:
    """Every entry's place and prize (`payouts` None: prizes unknown, all None).

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDC":
    ...     _ = t.do(Bust(names=[name]))
    >>> table = standings(t.state, payout_structure(t.state))
    >>> table["p3"], table["p2"]
    (Standing(place=3, last_place=None, prize=0), Standing(place=None, last_place=None, prize=None))
    >>> _ = t.do(Bust(names=["B"]))
    >>> table = standings(t.state, payout_structure(t.state))
    >>> table["p1"], table["p2"]
    (Standing(place=1, last_place=None, prize=1850), Standing(place=2, last_place=None, prize=1150))
    """
    champion = winner(state)
    groups: dict[int, list[Player]] = {}
    for player in state.players.values():
        if player.place is not None:
            groups.setdefault(player.place, []).append(player)
    if champion is not None:
        groups[1] = [champion]
    # T-SAT-2: a satellite's players left share places 1..N, each winning a seat (a winner busted
    # in the hand that ended it keeps the seat his own place pays).
    seated = [player for player_id in (state.satellite.winners if state.satellite else [])
              if (player := state.players[player_id]).status != "busted"]
    if seated:
        groups[1] = seated
    rank = (1 + sum(player.place is None for player in state.players.values())
            - (champion is not None) - len(seated))
    money: dict[str, int] = {}
    for place in sorted(groups):
        eligible = [player for player in groups[place] if player.can_cash]
        if payouts is not None and rank <= len(payouts.payouts):
            if len(eligible) == 1:  # the common case, kept fast at 10,000 entries
                money[eligible[0].id] = payouts.amount(rank)
            elif eligible:
                shares = tied_prizes(payouts, rank, [player.name for player in eligible])
                money.update({player.id: shares[player.name] for player in eligible})
        rank += len(eligible)
    deal = state.deal if state.deal is not None and state.deal.approved else None
    if deal is not None:
        money.update(deal.amounts)
        if champion is not None:
            money[champion.id] += deal.left_for_winner
    result = {}
    for player in state.players.values():
        final = 1 if player is champion else player.place
        last = None if player is champion else player.last_place
        if player.status != "busted" and state.satellite is not None and player.id in state.satellite.winners:
            final, last = 1, (len(seated) if len(seated) > 1 else None)
        prize = money.get(player.id)
        if prize is None and final is not None and payouts is not None:
            prize = 0  # placed out of the money
        # One shared value for every entry with nothing decided yet: most of a festival's 10,000
        # before the money (a frozen value, so sharing it is safe).
        result[player.id] = (UNDECIDED if final is None and last is None and prize is None
                             else Standing(final, last, prize))
    return result


# Events that only change seats: no entry, rebuy, add-on, place or setting.
SEAT_CHANGES = (PlayerMoved, TablesBalanced, TableBroken)


def leaves_the_money(state: TournamentState, event: Event, places_paid: int) -> bool:
    """Whether `event`, just applied to `state`, left the money as it was: the prize pool and the
    chips in play, what each place pays, who finished in each of the `places_paid`, and the place
    and prize of every entry still in and of an approved deal's players; so whatever was worked
    out from them before `event` still holds. Decided from the event itself: a seat change, or a
    bust outside the places paid (T-ELIM-1) that puts nothing into the pool (T-PKO-4: a
    disqualified player's bounty) while no deal is approved (T-DEAL-1: its players are paid and
    shown whatever place they reach) and the tournament goes on (the bust that ends it places the
    winner first; T-SAT-2: a satellite's end gives seats). A bust changes no entry, rebuy or
    add-on, and a place below the places paid is nobody's money. Anything else, an undo included,
    may move the money: False.

    >>> from tdconsole.domain.commands import Bust
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> [nine] = t.do(Bust(names=["J"]))
    >>> leaves_the_money(t.state, nine, places_paid=2)
    True
    >>> for name in "IHGFEDC":
    ...     _ = t.do(Bust(names=[name]))
    >>> [second] = t.do(Bust(names=["B"]))[:1]
    >>> leaves_the_money(t.state, second, places_paid=2)
    False
    """
    if isinstance(event, SEAT_CHANGES):
        return True
    if not isinstance(event, PlayerBusted) or event.place <= places_paid or event.disqualified:
        return False
    deal = state.deal
    return (deal is None or not deal.approved) and state.satellite is None and state.status != "finished"


@dataclass(frozen=True, slots=True)
class BountyTotals:
    """Where the bounty money is (T-PKO-1..4); `money_in` = `cash_paid` + `on_heads` + `to_pool`."""

    money_in: int  # the starting bounty of every entry and the bounty part of every rebuy (T-PKO-6)
    cash_paid: int  # won in cash, the winner's own included (T-PKO-3)
    on_heads: int  # on the heads of the players still in
    to_pool: int  # disqualified players' bounties, added to the prize pool (T-PKO-4)


def bounty_totals(state: TournamentState) -> BountyTotals:
    """Where the bounty money is now (T-BOUNTY-1, T-PKO-1..4).

    T-BOUNTY-1: a knockout takes the whole bounty in cash; the totals always add up.

    >>> from tdconsole.domain.commands import Bust, SetMoney
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100)))
    >>> _ = t.do(Bust(names=["Cy"], by=["Ann"]))
    >>> bounty_totals(t.state)
    BountyTotals(money_in=300, cash_paid=100, on_heads=200, to_pool=0)
    """
    players = state.players.values()
    rebuys = sum(player.rebuys for player in players)
    return BountyTotals(money_in=state.entries * state.money.bounty + rebuys * state.money.rebuy_bounty,
                        cash_paid=sum(player.bounties for player in players),
                        on_heads=sum(state.bounty_on_head(player) for player in players),
                        to_pool=state.bounties_to_pool)


BOUNTY_SETTINGS = ("bounty", "pko_share", "pko_unit", "rebuy_bounty")


def decide_set_money(state: TournamentState, command: SetMoney, now: datetime) -> list[Event]:
    """The money settings, refused when they would change money already decided: the bounties once a
    player is out of a progressive knockout (T-PKO-5), an add-on window backwards (T-ADDON-1).

    >>> from tdconsole.domain.commands import Bust, SetMoney
    >>> from tdconsole.domain.examples import T0, tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament("Ann", "Bo", "Cy")
    >>> [event.type for event in decide_set_money(t.state, SetMoney(settings=MoneySettings(add_on=100)), T0)]
    ['money_set']
    >>> backwards = MoneySettings(add_on=100, add_on_from_level=3, add_on_until_level=1)
    >>> decide_set_money(t.state, SetMoney(settings=backwards), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-ADDON-1: the add-on window runs from level 3 to level 1: its
    first level comes before its last
    >>> _ = t.do(SetMoney(settings=MoneySettings(bounty=100, pko_share=50)))
    >>> _ = t.do(Bust(names=["Cy"], by=["Ann"]))
    >>> decide_set_money(t.state, SetMoney(settings=MoneySettings(bounty=200, pko_share=50)), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-PKO-5: the bounty settings are fixed once a player is out
    (bounty, rebuy-bounty)
    """
    settings = command.settings
    check_amounts(settings)
    if settings.rebuy.bounty is not None and settings.pko_share is None:
        raise RuleViolation("T-PKO-6", "a rebuy's bounty part is for a progressive knockout; with a "
                            "fixed bounty (T-BOUNTY-1) a rebuy adds none", field="rebuy_bounty")
    changed = [name for name in BOUNTY_SETTINGS if getattr(settings, name) != getattr(state.money, name)]
    pko = settings.pko_share is not None or state.money.pko_share is not None
    if pko and changed and state.busted:
        # The bounties already paid were worked out on the old settings: changing them now would
        # leave the cash paid and the heads not adding up to the bounty money in.
        raise RuleViolation("T-PKO-5", "the bounty settings are fixed once a player is out ({names})",
                            names=", ".join(name.replace("_", "-") for name in changed))
    first, last = settings.add_on_from_level, settings.add_on_until_level
    if first is not None and last is not None and first > last:
        raise RuleViolation("T-ADDON-1", "the add-on window runs from level {first} to level {last}: "
                            "its first level comes before its last", first=first, last=last,
                            field="add_on_from_level")
    for name in ("add_on_from_level", "add_on_until_level"):  # T-ADDON-1: levels the structure has
        level = getattr(settings, name)
        if level is not None and level != getattr(state.money, name):
            try:
                state.info.structure.period_of_level(level)
            except InvalidInput as error:
                error.field = name
                raise
    if settings.rebuy.until_level is not None and settings.rebuy != state.money.rebuy:
        try:  # T-REBUY-1: the period ends with a level the structure has
            state.info.structure.period_of_level(settings.rebuy.until_level)
        except InvalidInput as error:
            error.field = "rebuy_until_level"
            raise
    trial = TournamentState(info=state.info, clock=state.clock, players=state.players,
                            money=settings)
    if state.entries >= 2:
        after = payout_structure(trial)  # refuse settings that cannot pay the entries already in
        check_paid_payouts(state, settings, after)
    return [MoneySet(settings=settings)]


def check_paid_payouts(state: TournamentState, settings: MoneySettings, after: PayoutStructure) -> None:
    """T-PAY-1: money handed over is never changed by new settings. Once an approved deal
    (T-DEAL-1) shared the top places' money, any change of what a place pays would make the deal
    and the ladder outside it add up to more (or less) than the pool; once a prize is paid out on a
    slip, its player's prize stays what was paid.

    T-PAY-1: once first place is paid out on a slip, no setting changes what it paid.

    >>> from tdconsole.domain.commands import Bust, PayOut
    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> t = tournament(*"ABCDEFGHIJ")
    >>> for name in "JIHGFEDCB":
    ...     _ = t.do(Bust(names=[name]))
    >>> _ = t.do(PayOut(name="A"))
    >>> locked = MoneySettings(locked={1: 2_000})
    >>> from dataclasses import replace
    >>> check_paid_payouts(t.state, locked, payout_structure(replace(t.state, money=locked)))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.RuleViolation: T-PAY-1: A has been paid out: this change would make places
    1 (1850 → 2000), 2 (1150 → 1000) pay otherwise; undo the pay-out first
    """
    deal = state.deal is not None and state.deal.approved
    paid = {slip.player_id for slip in state.paid_out if slip.prize}
    if not deal and not paid:
        return
    before = payout_structure(state)
    last = max(len(before.payouts), len(after.payouts))
    changed = [place for place in range(1, last + 1) if before.amount(place) != after.amount(place)]
    if not changed:
        return
    places = ", ".join(f"{place} ({before.amount(place)} → {after.amount(place)})" for place in changed)
    if deal:
        raise RuleViolation(["T-PAY-1", "T-DEAL-1"], "an approved deal was made on these payouts: this "
                            "change would make places {places} pay otherwise and the payouts no longer "
                            "add up to the prize pool; undo the deal's approval first", places=places)
    prizes, new = standings(state, before), standings(replace(state, money=settings), after)
    names = [state.players[player_id].name for player_id in paid
             if prizes[player_id].prize != new[player_id].prize]
    if names:
        raise RuleViolation("T-PAY-1", "{names} has been paid out: this change would make places {places} "
                            "pay otherwise; undo the pay-out first", names=", ".join(sorted(names)),
                            places=places)


def check_amounts(settings: MoneySettings) -> None:
    """Every amount within the stated range (domain/limits.py). Checked when the TD sets them, not
    in the model, which the stored events share: an older log must always fold.

    >>> from tdconsole.domain.money.settings import MoneySettings
    >>> check_amounts(MoneySettings(bounty=100))
    >>> check_amounts(MoneySettings(pay_jumps=[200_000]))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a pay jump: 200000 is out of range; a place is 1 to 100000
    """
    for field in ("re_entry", "re_entry_fee", "add_on", "add_on_fee", "bounty", "guarantee"):
        if (amount := getattr(settings, field)) is not None:
            limits.MONEY.check(field.replace("_", "-"), amount)
    for place, amount in settings.locked.items():
        limits.PLACE.check("a locked place", place)
        limits.MONEY.check(f"locked place {place}", amount)
    for jump in settings.pay_jumps:
        limits.PLACE.check("a pay jump", jump)
    for field in ("re_entry_chips", "add_on_chips"):
        if (chips := getattr(settings, field)) is not None:
            limits.CHIPS.check(field.replace("_", "-"), chips)
    check_rebuy(settings.rebuy)
    for field in ("add_on_from_level", "add_on_until_level"):
        if (level := getattr(settings, field)) is not None:
            limits.LEVEL.check(field.replace("_", "-"), level)
    if settings.add_on_limit is not None:
        limits.ADD_ONS.check("add-on-limit", settings.add_on_limit)
    limits.MONEY.check("unit", settings.curve.unit)
    if settings.pko_share is not None:
        limits.PERCENT.check("pko-share", settings.pko_share, field="pko_share")
    limits.MONEY.check("pko-unit", settings.pko_unit, field="pko_unit")
    if settings.satellite_seat is not None:
        limits.MONEY.check("satellite-seat", settings.satellite_seat, field="satellite_seat")


def check_rebuy(rebuy: RebuySettings) -> None:
    """The rebuy settings' numbers within their stated ranges (T-REBUY-1..4, docs/SECURITY.md).

    >>> from tdconsole.domain.money.prize_pool import RebuySettings
    >>> check_rebuy(RebuySettings(until_level=2, price=300))
    >>> check_rebuy(RebuySettings(until_level=2, price=10**12 + 1))
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: rebuy-price: 1000000000001 is out of range; an amount is 0 to
    1000000000000
    """
    limits.MONEY.check("rebuy-price", rebuy.price)
    limits.MONEY.check("rebuy-fee", rebuy.fee)
    if rebuy.bounty is not None:
        limits.MONEY.check("rebuy-bounty", rebuy.bounty)
    if rebuy.chips is not None:
        limits.CHIPS.check("rebuy-chips", rebuy.chips)
    if rebuy.until_level is not None:
        limits.LEVEL.check("rebuy-until-level", rebuy.until_level)
    if rebuy.limit is not None:
        limits.REBUYS.check("rebuy-limit", rebuy.limit)


def apply_money_set(state: TournamentState, event: MoneySet, now: datetime) -> None:
    state.money = event.settings


def decide_count(state: TournamentState, command: CountChips, now: datetime) -> list[Event]:
    """Chip counts of players still in; a player with no chips is busted, not counted.

    >>> from tdconsole.domain.commands import CountChips
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> [counted.counts for counted in decide_count(t.state, CountChips(counts={"ann": 14_500}), T0)]
    [{'p1': 14500}]
    >>> decide_count(t.state, CountChips(counts={"Bo": 0}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: chips Bo=0: a player still in has chips above 0 (bust him instead)
    """
    counts: dict[str, int] = {}
    for name, chips in command.counts.items():
        player = state.still_in(name)
        if chips <= 0:
            raise InvalidInput(
                "chips {name}={chips}: a player still in has chips above 0 (bust him instead)",
                name=player.name, chips=chips,
            )
        if player.id in counts:
            raise InvalidInput("{name} is counted twice", name=player.name)
        counts[player.id] = chips
    if not counts:
        raise TdError("no chip counts given")
    return [ChipsCounted(counts=counts, by=command.by)]


def apply_counted(state: TournamentState, event: ChipsCounted, now: datetime) -> None:
    state.count_all(event.counts, now, event.by)
    if state.deal is not None and not state.deal.approved:
        state.deal = None  # a proposal was made on the earlier counts

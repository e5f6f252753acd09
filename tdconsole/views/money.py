"""The money parts of `state --json`, `payouts`, `money`, `h4h status`, `deal` and `results`.

Keys are a contract (add keys, never rename): `prize_pool`, `payouts: [{place, amount}]`, each
player's `prize`.
A tie shows as the best place of the group in `place` with `last_place` the worst (both null
or equal when not tied) and `tied_with` naming the others (at most TIED_WITH_NAMED of them); the
document's `ties` names each tie whole, once.
"""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Literal, NamedTuple

from tdconsole.domain.errors import RuleIds, TdError
from tdconsole.domain.events import Envelope, HandForHandStopped, MysteryBountiesSet
from tdconsole.domain.limits import SEATS
from tdconsole.domain.money import handlers as money
from tdconsole.domain.money.payouts import Payout, PayoutStructure
from tdconsole.domain.money.prize_pool import RebuySettings
from tdconsole.domain.players import hand_for_hand
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import N_, _, error_text
from tdconsole.views.base import OptionalKeysView, View

if TYPE_CHECKING:  # Babel loads only for text (final_results_text)
    from tdconsole.views.formatting import Formats


def payouts_or_error(state: TournamentState) -> tuple[PayoutStructure | None, str | None]:
    try:
        return money.payout_structure(state), None
    except TdError as error:  # settings that cannot pay these entries: shown, never a crash
        return None, str(error)


class ChipsView(View):
    """`money show --json` under `chips`: the chips in play, and what a buy-in, a re-entry (T-REG-1)
    and an add-on each put in play."""

    chips_in_play: int
    starting_stack: int
    re_entry: int
    add_on: int
    rebuy: int = 0  # T-REBUY-1


def chips_view(state: TournamentState) -> ChipsView:
    chips = money.entry_chips(state)
    return ChipsView(chips_in_play=money.chips_in_play(state), starting_stack=chips.starting_stack,
                     re_entry=chips.re_entry, add_on=chips.add_on, rebuy=chips.rebuy)


def rebuy_period_text(rebuy: RebuySettings, until_level: int | None) -> str | None:
    """T-REBUY-1's period in words ("Rebuys until the end of level 4"); None when none are sold.
    `until_level` is the last level (rebuys.last_level): the one before the first break."""
    if not rebuy.offered:
        return None
    if until_level is None:
        return _("Rebuys until the first break")
    if rebuy.until_break and (rebuy.until_level is None or until_level < rebuy.until_level):
        return _("Rebuys until the first break (the end of level {level})").format(level=until_level)
    return _("Rebuys until the end of level {level}").format(level=until_level)


def rebuy_terms(rebuy: RebuySettings, until_level: int | None, starting_stack: int,
                formats: "Formats", bounty: int = 0) -> str | None:
    """The whole offer in one line, for `money show` and the money settings screen; `bounty`: a
    rebuy's bounty part in a PKO (T-PKO-6)."""
    period = rebuy_period_text(rebuy, until_level)
    if period is None:
        return None
    chips = starting_stack if rebuy.chips is None else rebuy.chips
    parts = [_("{price} + {fee} for {chips} chips").format(
        price=formats.money(rebuy.price), fee=formats.money(rebuy.fee), chips=formats.number(chips, 0))]
    if bounty:
        parts.append(_("{bounty} bounty onto the rebuyer's head").format(bounty=formats.money(bounty)))
    parts.append(_("no limit") if rebuy.limit is None else
                 _("at most {limit} per player").format(limit=rebuy.limit))
    if rebuy.double:
        parts.append(_("double rebuy allowed"))
    parts.append(_("only with no chips left") if rebuy.who == "busted"
                 else _("at or below the starting stack"))
    return f"{period}: {', '.join(parts)}"


class BountiesView(View):
    """`state --json` under `bounties`: the bounty settings and where the bounty money is. In a
    progressive knockout (`pko`) `cash_paid + on_heads + to_pool == money_in` always (T-PKO-5)."""

    pko: bool
    starting: int  # the bounty on every entry's head when it buys in
    share: int | None  # T-PKO-1: percent in cash; None: a fixed bounty (T-BOUNTY-1)
    unit: int
    money_in: int
    cash_paid: int
    on_heads: int
    to_pool: int  # T-PKO-4: disqualified players' bounties, in the prize pool


class MysteryView(View):
    """`state --json` under `mystery` and the TV's cell: the sealed envelopes left (T-MYSTERY-1),
    largest first (their shuffled order is the draw's secret), and the level they open from."""

    from_level: int
    left: list[int]
    total: int
    opened: int
    # T-MYSTERY-1: every envelope, opened or sealed, against the bounty money the entries and rebuys
    # paid in: the house's list is what is paid out, so a difference is the house's to see
    envelopes_total: int
    collected: int


def mystery_view(state: TournamentState) -> MysteryView | None:
    """None without mystery bounties (T-MYSTERY-1)."""
    pool = state.mystery
    if pool is None:
        return None
    left = sorted(pool.left(), reverse=True)
    return MysteryView(from_level=pool.from_level, left=left, total=sum(left), opened=len(pool.opened),
                       envelopes_total=sum(pool.envelopes), collected=money.bounty_totals(state).money_in)


def mystery_mismatch(view: MysteryView, formats: "Formats") -> str | None:
    """The one-line warning when the envelopes do not hold the bounty money collected (T-MYSTERY-1:
    a warning, never a refusal: late entries and rebuys still bring bounty money in)."""
    if view.envelopes_total == view.collected:
        return None
    return _("T-MYSTERY-1: the envelopes hold {envelopes} in all, the bounty money collected is "
             "{collected}").format(envelopes=formats.money(view.envelopes_total),
                                   collected=formats.money(view.collected))


def mystery_news(envelopes: Iterable[Envelope], state: TournamentState, formats: "Formats") -> str | None:
    """What the TD's console tells when the envelopes are set, whichever terminal set them: the
    warning while they do not hold the bounty money collected (T-MYSTERY-1)."""
    if not any(isinstance(envelope.event, MysteryBountiesSet) for envelope in envelopes):
        return None
    view = mystery_view(state)
    return None if view is None else mystery_mismatch(view, formats)


def bounties_view(state: TournamentState) -> BountiesView:
    totals = money.bounty_totals(state)
    return BountiesView(pko=state.money.pko_share is not None, starting=state.money.bounty,
                        share=state.money.pko_share, unit=state.money.pko_unit, money_in=totals.money_in,
                        cash_paid=totals.cash_paid, on_heads=totals.on_heads, to_pool=totals.to_pool)


class DealPlayer(View):
    id: str
    name: str
    amount: int
    consented: bool


class DealView(View):
    """The deal proposed or approved (T-DEAL-1: every player consents, the TD approves)."""

    method: str
    approved: bool
    left_for_winner: int
    players: list[DealPlayer]
    rules: RuleIds


def deal_view(state: TournamentState) -> DealView | None:
    deal = state.deal
    if deal is None:
        return None
    return DealView(
        method=deal.method, approved=deal.approved, left_for_winner=deal.left_for_winner,
        players=[DealPlayer(id=player_id, name=state.players[player_id].name, amount=amount,
                            consented=player_id in deal.consented)
                 for player_id, amount in deal.amounts.items()],
        rules=["T-DEAL-1"],
    )


class PaidRow(OptionalKeysView):
    """One line of what is paid. A place of the ladder (`name`: who finished there, once someone
    has); or, after an approved deal (T-DEAL-1), a player in it with the deal's amount (`place`:
    his place once he is out; the winner's amount takes what was left for the winner).
    Players tied over places `place`..`last_place` (T-ELIM-2) have a line each with his share of
    their places' money; `seat` only when every place they share is a seat (T-SAT-6: a seat shared
    with a cash place is paid out in cash)."""

    OMITTED_WHEN_NONE = frozenset({"last_place"})

    place: int | None
    name: str | None
    amount: int
    by_deal: bool
    seat: bool = False  # a satellite's place that wins a seat worth `amount` (T-SAT-1)
    last_place: int | None = None  # tied: the worst of the places shared (only then present)


def paid_rows(state: TournamentState, structure: PayoutStructure | None,
              standings: dict[str, money.Standing]) -> list[PaidRow]:
    """What is paid: the deal's amounts for the players in an approved deal, best first, and the
    ladder for the places outside it (the deal shares the money of the places it covers); a tie
    in the places paid shows each of its players with his share (T-ELIM-2), not one name with
    the first place's money."""
    deal = state.deal if state.deal is not None and state.deal.approved else None
    rows: list[PaidRow] = []
    if deal is not None:
        for player_id, amount in deal.amounts.items():
            standing = standings[player_id]
            rows.append(PaidRow(place=standing.place, name=state.players[player_id].name,
                                amount=amount if standing.prize is None else standing.prize, by_deal=True))
        rows.sort(key=lambda row: (row.place or 0, -row.amount))
    finished: dict[int, list[tuple[str, money.Standing]]] = {}
    for player_id, standing in standings.items():
        if standing.place is not None:
            finished.setdefault(standing.place, []).append((state.players[player_id].name, standing))
    payouts = [] if structure is None else structure.payouts
    covered = len(rows)
    for payout in payouts:
        if payout.place <= covered:
            continue  # a deal's place, or a place of the tie listed above
        here = finished.get(payout.place, [])
        last = max((standing.last_place or payout.place for _name, standing in here), default=payout.place)
        if last == payout.place:  # the common case: one player (or nobody yet) in this place
            rows.append(PaidRow(place=payout.place, name=here[0][0] if here else None, amount=payout.amount,
                                by_deal=False, seat=payout.seat))
            continue
        seat = all(other.seat for other in payouts[payout.place - 1:last]) and last <= len(payouts)
        rows += [PaidRow(place=payout.place, last_place=last, name=name, amount=standing.prize or 0,
                         by_deal=False, seat=seat)
                 for name, standing in sorted(here, key=lambda found: found[0].casefold())]
        covered = last
    return rows


def tied_note(row: PaidRow) -> str:
    """A tied player's line of the payouts (T-ELIM-2): a seat when all the places shared are
    seats (a satellite's players left), else his share in cash (T-SAT-6)."""
    return (_("{name}, a seat (T-SAT-1)") if row.seat else _("{name}, tied (T-ELIM-2)")).format(name=row.name)


class PayoutsView(OptionalKeysView):
    """`payouts --json`: what each place pays; `error` when the settings cannot pay these entries,
    `deal` while there is one; once it is approved, `paid_by_deal`: the places paid whose money the
    deal shares instead (T-DEAL-1: the players in it take the deal's amounts, whatever place they reach).
    `paid`: what is paid, the deal's amounts for its players and the ladder outside it (`PaidRow`)."""

    OMITTED_WHEN_NONE = frozenset({"error", "deal", "paid_by_deal"})

    prize_pool: int
    payouts: list[Payout]
    method: str
    locked: list[Payout]
    error: str | None = None
    deal: DealView | None = None
    paid_by_deal: list[int] | None = None
    paid: list[PaidRow] = []


def payouts_view(state: TournamentState) -> PayoutsView:
    structure, error = payouts_or_error(state)
    deal = deal_view(state)
    payouts = [] if structure is None else structure.payouts
    return PayoutsView(
        paid=paid_rows(state, structure, money.standings(state, structure)),
        prize_pool=money.pool(state).prize_pool,
        payouts=payouts,
        method=("satellite" if state.money.satellite_seat is not None
                else "generator" if state.money.table is None else f"table {state.money.table.name}"),
        locked=[Payout(place=place, amount=amount) for place, amount in sorted(state.money.locked.items())],
        error=error,
        deal=deal,
        paid_by_deal=[row.place for row in payouts if row.place <= len(deal.players)]
        if deal is not None and deal.approved else None,
    )


class PrizePoolView(View):
    """The payouts screen's summary: how the prize pool is made of the entries, and why the
    settings cannot pay them (`refusal`, in the chosen language; None when they can)."""

    prize_pool: int
    entries: int
    prize_part: int
    rake: int
    overlay: int
    fees: int
    bounties: int
    table: str | None  # the payout table's name; None: the generator
    refusal: str | None
    bounties_to_pool: int = 0  # T-PKO-4: disqualified players' bounties, in the prize pool


def prize_pool_view(state: TournamentState) -> PrizePoolView:
    made = money.pool(state)
    try:
        money.payout_structure(state)
        refusal = None
    except TdError as error:
        refusal = error_text(error)
    table = state.money.table
    return PrizePoolView(prize_pool=made.prize_pool, entries=made.entries, prize_part=made.prize_part,
                         rake=made.rake, overlay=made.overlay, fees=made.fees, bounties=made.bounties,
                         table=None if table is None else table.name, refusal=refusal,
                         bounties_to_pool=made.bounties_to_pool)


class DealOptionRow(View):
    name: str
    chips: int
    equity: float
    icm: int
    chip_chop: int


class DealOptionsView(View):
    """`deal calc --json` and the deal screen: ICM and chip chop side by side for the players
    left, from the chip counts (T-DEAL-1)."""

    payouts: list[int]
    left_for_winner: int
    players: list[DealOptionRow]


def deal_options_view(state: TournamentState, leave: int = 0) -> DealOptionsView:
    """Raises `TdError` while the options cannot be worked out (no chip counts, nobody paid)."""
    # Imported here: the deal's rules and ICM are for this view alone, and the others here are read
    # by every `state --json` (the fast-CLI contract, benchmarks/bench_cli.py).
    from tdconsole.domain.money import deals

    found = deals.options(state, leave)
    rows = zip(found.players, found.stacks, found.equity, found.icm.amounts, found.chip_chop.amounts,
               strict=True)
    return DealOptionsView(payouts=found.payouts, left_for_winner=leave, players=[
        DealOptionRow(name=player.name, chips=chips, equity=round(equity, 2), icm=icm_amount,
                      chip_chop=chop)
        for player, chips, equity, icm_amount, chop in rows])


# A deal's method as people read it (the log and the JSON keep the key).
DEAL_METHODS = {"icm": N_("ICM"), "chip-chop": N_("chip chop"), "custom": N_("custom")}


def method_text(method: str) -> str:
    """"icm" -> "ICM", "chip-chop" -> "chip chop", in the chosen language."""
    return _(DEAL_METHODS[method]) if method in DEAL_METHODS else method


def deal_lines(deal: DealView, formats: "Formats") -> list[str]:
    """The deal in words, one line for it and one per player (the payouts and deal screens and
    `payouts`, `deal show` share them)."""
    status = _("approved") if deal.approved else _("proposed")
    lines = [_("Deal by {method} ({status}, {left} left for the winner, T-DEAL-1)").format(
        method=method_text(deal.method), status=status, left=formats.money(deal.left_for_winner))]
    for row in deal.players:
        consent = _("consents") if row.consented else _("has not consented")
        lines.append(_("  {name}: {amount} ({consent})").format(
            name=row.name, amount=formats.money(row.amount), consent=consent))
    return lines


class TableDone(View):
    table: int
    done: bool


class PendingBust(View):
    """A bust of the hand-for-hand hand, placed when every table has finished it (T-H4H-1)."""

    id: str
    name: str
    table: int
    stack: int | None


class HandForHandView(OptionalKeysView):
    """`h4h status --json`: whether it runs and is due; while it runs, the hand and its tables."""

    OMITTED_WHEN_NONE = frozenset({"hand", "tables", "pending", "across_tables", "clock"})

    active: bool
    suggested: bool
    hand: int | None = None
    tables: list[TableDone] | None = None
    pending: list[PendingBust] | None = None
    across_tables: Literal["rank-by-stack", "tie"] | None = None
    clock: Literal["pause", "deduct"] | None = None


def hand_for_hand_view(state: TournamentState, places_paid: int) -> HandForHandView:
    h4h = state.hand_for_hand
    suggested = hand_for_hand.suggested(state, places_paid)
    if h4h is None:
        return HandForHandView(active=False, suggested=suggested)
    return HandForHandView(
        active=True, suggested=suggested, hand=h4h.hand,
        tables=[TableDone(table=table, done=table in h4h.tables_done) for table in h4h.started.tables],
        pending=[PendingBust(id=player_id, name=state.players[player_id].name, table=table, stack=stack)
                 for player_id, (table, stack, _by) in h4h.pending.items()],
        across_tables=h4h.started.rules.hand_for_hand_across_tables,
        clock=h4h.started.rules.hand_for_hand_clock,
    )


def hand_for_hand_ended(envelopes: Iterable[Envelope], state: TournamentState) -> str | None:
    """What the TD is told when a hand ended hand-for-hand by itself (T-H4H-1), whichever
    command or terminal finished that hand; None when none of `envelopes` did. `state` is the
    tournament after them: a hand that also ended the tournament (its last bust, or a satellite's
    seats all decided, T-SAT-2) leaves nothing to play on."""
    for envelope in envelopes:
        event = envelope.event
        if isinstance(event, HandForHandStopped) and event.by_itself:
            # The log's sentence for the event (views/log.py: one sentence per event), and what to do.
            # Imported here: `state --json` reads these views and needs no sentence (the fast-CLI
            # contract, benchmarks/bench_cli.py).
            from tdconsole.views.log import LogContext, sentence

            ended = sentence(event, LogContext())
            if state.status == "finished":
                return _("{ended}; the tournament is over").format(ended=ended)
            return _("{ended}; play on at normal speed").format(ended=ended)
    return None


def hand_for_hand_bust_note(state: TournamentState) -> str:
    """Why a bust now is not placed at once and how it will be (T-H4H-1), for the TD about to
    confirm one; empty outside hand-for-hand."""
    h4h = state.hand_for_hand
    if h4h is None:
        return ""
    if h4h.hand == 0:
        return _("These busts tie (RP-8A): this is the hand that was being played when hand-for-hand "
                 "began, so everyone out in it, at any table, shares the places they reach.")
    if h4h.started.rules.hand_for_hand_across_tables == "tie":
        return _("Busts in this hand at every table tie and share the places they reach "
                 "(RP-8: the house setting hand_for_hand_across_tables = tie).")
    return _("Busts in this hand at every table are ranked together by the chips they started "
             "it with (T-ELIM-1).")


# How many of the others a row's `tied_with` names: more than one hand at a full 12-seat table can
# tie with him (it puts out 11 at most), so a tie made at one table reads whole on each of its
# rows, as it always has. A larger tie (hand-for-hand across tables, T-ELIM-3 for a crowd the TD
# cannot place, one call busting many) is named whole once, in the document's `ties`: naming it
# on each of its rows made the document grow as the square of the tie (2,400 busts in one call
# printed 92 MB and took 420 MB).
TIED_WITH_NAMED = SEATS.hi - 1


class TieView(View):
    """One tie (T-ELIM-2, T-ELIM-3, RP-8A), listed once: the players sharing places
    `place`..`last_place`, by name. A player's row is in it when its `place` is this `place`."""

    place: int
    last_place: int
    players: list[str]


class Ties(NamedTuple):
    listed: list[TieView]  # best place first
    tied_with: dict[str, list[str]]  # player id -> the others of his tie, at most TIED_WITH_NAMED


def ties(state: TournamentState, standings: dict[str, money.Standing],
         of: Collection[str] | None = None) -> Ties:
    """The ties in `standings` (only those of the players `of`, when given), each once, and each
    tied player's `tied_with`: the others sharing his places, by name, at most TIED_WITH_NAMED."""
    groups: dict[tuple[int, int], list[str]] = {}
    for player_id, standing in standings.items():
        if standing.place is not None and standing.last_place is not None:
            groups.setdefault((standing.place, standing.last_place), []).append(player_id)
    if of is not None:
        wanted = {(standings[player_id].place, standings[player_id].last_place) for player_id in of}
        groups = {places: group for places, group in groups.items() if places in wanted}
    players = state.players
    listed: list[TieView] = []
    tied_with: dict[str, list[str]] = {}
    for (place, last_place), group in sorted(groups.items()):
        group.sort(key=lambda player_id: (players[player_id].name, player_id))
        if len(group) > 1:
            listed.append(TieView(place=place, last_place=last_place,
                                  players=[players[player_id].name for player_id in group]))
        # The first TIED_WITH_NAMED + 1 of the tie hold the first TIED_WITH_NAMED besides anyone.
        head = [(other, players[other].name) for other in group[:TIED_WITH_NAMED + 1]]
        for player_id in group:
            tied_with[player_id] = [name for other, name in head if other != player_id][:TIED_WITH_NAMED]
    return Ties(listed, tied_with)


class ResultRow(View):
    """One entry of the results, best place first (`results --format json`)."""

    place: int | None
    last_place: int | None
    name: str
    prize: int | None
    knockouts: int
    bounties: int
    entry: int
    # How many entries this player bought in all (re-entries count, T-REG-1).
    entries: int
    # Bounty money won in cash (as `bounties`), and on his head now (T-PKO-1; 0 once out).
    bounty_cash: int = 0
    bounty: int = 0
    disqualified: bool = False
    rebuys: int = 0  # T-REBUY-1: this entry's rebuys (a double counts two)
    add_ons: int = 0


def results_rows(state: TournamentState) -> list[ResultRow]:
    """One row per entry, best place first (players still in first, by name)."""
    structure, _error = payouts_or_error(state)
    standings = money.standings(state, structure)
    entries: dict[str, int] = {}
    for player in state.players.values():
        entries[player.name.casefold()] = max(entries.get(player.name.casefold(), 0), player.entry)
    rows = []
    for player in state.players.values():
        standing = standings[player.id]
        rows.append(ResultRow(
            place=standing.place, last_place=standing.last_place, name=player.name,
            prize=standing.prize, knockouts=player.knockouts, bounties=player.bounties,
            entry=player.entry, entries=entries[player.name.casefold()], bounty_cash=player.bounties,
            bounty=state.bounty_on_head(player), disqualified=player.disqualified, rebuys=player.rebuys,
            add_ons=player.add_ons,
        ))
    return sorted(rows, key=lambda row: (row.place is not None, row.place or 0, row.name.casefold(),
                                         row.entry))


class ResultsView(View):
    """`results --format json`: the tournament, its prize pool and every entry's result."""

    tournament: str
    prize_pool: int
    results: list[ResultRow]


def results_view(state: TournamentState) -> ResultsView:
    return ResultsView(tournament=state.info.name, prize_pool=money.pool(state).prize_pool,
                       results=results_rows(state))


def places_text(place: int | None, last: int | None) -> str:
    """"3", or "4-5" for a tie; "" while the player is still in."""
    if place is None:
        return ""
    return f"{place}-{last}" if last is not None and last != place else str(place)


def final_results_text(state: TournamentState, places: int = 10) -> str | None:
    """The winner and the top places with their prizes, once the tournament is finished; None before.
    The TD's clock screen and `display` show it instead of a stopped clock."""
    winner = state.winner
    if winner is None and state.satellite is None:
        return None
    # Babel loads only for text: `--json` keeps plain numbers (the fast-CLI contract).
    from tdconsole.views.formatting import Formats

    formats = Formats.of(state.house_rules)
    rows = results_rows(state)
    if winner is None:  # T-SAT-2: a satellite's end
        assert state.satellite is not None
        won = {state.players[player_id].name for player_id in state.satellite.winners}
        lines = [_("Seats won (T-SAT-2), each worth {value}:").format(
            value=formats.money(state.satellite.seat)), "", *(f"  {name}" for name in sorted(won))]
        # The cash places after the seats: the remainder (T-SAT-1), or a last seat shared in
        # cash by a tie across it (T-SAT-6), each tied player with his share.
        cash = [row for row in rows if row.prize and row.name not in won]
        if cash:
            lines += ["", _("Paid in cash:")]
        for row in cash:
            shown = places_text(row.place, row.last_place)
            lines.append(f"{shown:>5}. {row.name}  {formats.money(row.prize or 0)}")
        return "\n".join(lines)
    lines = [_("Winner: {name}").format(name=winner.name), ""]
    for row in rows[:places]:
        shown = places_text(row.place, row.last_place) or "1"
        prize = f"  {formats.money(row.prize)}" if row.prize else ""
        lines.append(f"{shown:>5}. {row.name}{prize}")
    return "\n".join(lines)

"""`tdconsole rules ...`: the floor calculators. They need no tournament and touch no database."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from tdconsole.cli.kit import JsonFlag, console, emit, read_json_stdin, session_of
from tdconsole.config.payout_tables import load_payout_tables
from tdconsole.config.toml import validate
from tdconsole.domain import limits
from tdconsole.domain.calculators.antes import post_blinds
from tdconsole.domain.calculators.betting import BettingInput, betting_round, level_hand
from tdconsole.domain.calculators.cards import parse_cards
from tdconsole.domain.calculators.chip_race import RaceSeat, chip_race
from tdconsole.domain.calculators.chips_pushed import ChipsInput, read_chips
from tdconsole.domain.calculators.pots import PotsInput, resolve_pots
from tdconsole.domain.calculators.showdown import GameName, Half, showdown
from tdconsole.domain.calculators.stud import STUD_GAMES, bring_in, completion, first_to_act, stud_show_order
from tdconsole.domain.errors import InvalidInput, RuleIds
from tdconsole.domain.money.icm import icm, icm_estimate
from tdconsole.domain.money.payouts import PayoutCurve, generate_payouts, table_payouts
from tdconsole.i18n import N_, _
from tdconsole.randomness import make_rng
from tdconsole.views.calculators import action_word, betting_lines, hand_words, pot_label

if TYPE_CHECKING:
    from tdconsole.views.formatting import Formats

rules_app = typer.Typer(
    help="Floor calculators: betting, chips pushed, pots, showdown, posts, ICM.",
    no_args_is_help=True,
)
app = typer.Typer()  # top-level: rules
app.add_typer(rules_app, name="rules")


# --- money: ICM and payouts ----------------------------------------------------------------------
# Stateless calculators over tdconsole.domain.money.icm and .payouts; the tournament's own payouts and
# deals go through the service.


def _formats(ctx: typer.Context) -> Formats:
    """Numbers and amounts as the chosen language writes them; Babel loads only for text output
    (a scripted `--json` never pays for it: bench_cli)."""
    from tdconsole.views.formatting import Formats

    return Formats.of(session_of(ctx).house_rules())


def _whole_numbers(text: str, option: str) -> list[int]:
    """`1500,1200,975` -> [1500, 1200, 975]; anything else is a one-line error naming the option."""
    numbers = []
    for part in text.split(","):
        try:
            numbers.append(int(part.strip().replace("_", "")))
        except ValueError:
            raise InvalidInput(
                "{option}: {strip!r} is not a whole number", option=option, strip=part.strip(),
            ) from None
    return numbers


def _locks(locks: list[str]) -> dict[int, int]:
    """`--lock 1=3000` (repeatable) -> {1: 3000}."""
    locked: dict[int, int] = {}
    for lock in locks:
        place, _sign, amount = lock.partition("=")
        numbers = _whole_numbers(f"{place},{amount}", "--lock") if amount else None
        if numbers is None:
            raise InvalidInput("--lock: {lock!r} is not PLACE=AMOUNT", lock=lock)
        if numbers[0] in locked:
            raise InvalidInput("--lock: place {numbers} is locked twice", numbers=numbers[0])
        locked[numbers[0]] = numbers[1]
    return locked


@rules_app.command("icm")
def icm_command(
    ctx: typer.Context,
    payouts: Annotated[str, typer.Option(help="Payouts by place, best first: 100,76")],
    stacks: Annotated[str, typer.Option(help="Chip counts, one per player: 1500,1200,975")],
    estimate: Annotated[bool, typer.Option(
        "--estimate", help="A Monte-Carlo estimate with its 95 % error bound, for fields beyond "
        "exact ICM's limit.")] = False,
    trials: Annotated[int, typer.Option(
        min=1, max=limits.COUNT.hi, help="--estimate: finishing orders sampled.")] = 20_000,
    seed: Annotated[int | None, typer.Option(help="--estimate: repeat a run's samples.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """ICM equity (Malmuth-Harville) of each stack, to two decimals."""
    chips = _whole_numbers(stacks, "--stacks")
    paid = _whole_numbers(payouts, "--payouts")
    data: dict[str, Any]
    if estimate:
        sampled = icm_estimate(paid, chips, make_rng(seed), trials)
        equity = [round(value, 2) for value in sampled.equity]
        errors = [round(value, 2) for value in sampled.error]
        data = {"equity": equity, "error": errors, "trials": sampled.trials}
    else:
        equity = [round(value, 2) for value in icm(paid, chips)]
        errors = []
        data = {"equity": equity}

    def render() -> None:
        formats = _formats(ctx)
        title = (_("ICM (Malmuth-Harville), estimated from {trials} samples, ± at 95 %").format(
            trials=formats.number(trials, 0)) if estimate else _("ICM (Malmuth-Harville)"))
        table = Table(_("player"), _("stack"), _("equity"), *(["±"] if estimate else []), title=title)
        for player, (stack, value) in enumerate(zip(chips, equity, strict=True), 1):
            bound = [formats.number(errors[player - 1], 2)] if estimate else []
            table.add_row(str(player), formats.number(stack, 0), formats.number(value, 2), *bound)
        console.print(table)

    emit(data, as_json, render)


@rules_app.command("payouts")
def payouts_command(
    ctx: typer.Context,
    entries: Annotated[int, typer.Option(help="Entries: buy-ins plus re-entries.")],
    pool: Annotated[int, typer.Option(help="The prize pool in kroner.")],
    buy_in: Annotated[
        int | None, typer.Option(help="Generator: prize part of one buy-in, for the min cash.")
    ] = None,
    table: Annotated[
        str | None, typer.Option(help="A table in configs/payouts/ instead of the generator.")
    ] = None,
    paid: Annotated[
        float | None, typer.Option(help="Generator: percent of entries paid [15].")
    ] = None,
    min_cash: Annotated[
        float | None, typer.Option(help="Generator: minimum cash, x the buy-in [1.5].")
    ] = None,
    unit: Annotated[
        int | None, typer.Option(help="Generator: round to this many kroner [10].")
    ] = None,
    lock: Annotated[
        list[str] | None, typer.Option(help="Fix a place's amount: PLACE=AMOUNT (repeatable).")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """A payout structure for ENTRIES and POOL: exact to the krone, never increasing with place."""
    locked = _locks(lock or [])
    if table is not None:
        if any(option is not None for option in (buy_in, paid, min_cash, unit)):
            raise InvalidInput(
                "--buy-in, --paid, --min-cash and --unit shape the generator, not a --table"
            )
        structure = table_payouts(pool, entries, load_payout_tables(table), locked)
        curve: PayoutCurve | None = None
    else:
        settings = {
            "paid_share": None if paid is None else str(paid / 100),
            "min_cash_multiple": None if min_cash is None else str(min_cash),
            "unit": unit,
        }
        curve = validate(
            PayoutCurve, {k: v for k, v in settings.items() if v is not None}, "options"
        )
        structure = generate_payouts(pool, entries, buy_in or 0, curve, locked)

    def render() -> None:
        from tdconsole.views.formatting import format_decimal_plain

        formats = _formats(ctx)
        method = (_("table {name}").format(name=table) if curve is None else
                  _("generator: {paid} % paid, min cash {multiple} x buy-in").format(  # "1,5" in Danish
                      paid=format_decimal_plain(curve.paid_share * 100, formats.locale),
                      multiple=format_decimal_plain(curve.min_cash_multiple, formats.locale)))
        view = Table(
            _("place"),
            _("amount"),
            _("% of pool"),
            title=_("Prize pool {pool}, {paid} paid ({method})").format(
                pool=formats.money(pool), paid=len(structure.payouts), method=method),
        )
        for payout in structure.payouts:
            share = 100 * payout.amount / pool if pool else 0
            view.add_row(str(payout.place), formats.money(payout.amount), formats.number(share, 2))
        console.print(view)

    emit(structure, as_json, render)


# --- Posts and the chip race (T-ANTE-*, RP-11, T-COLOR-1, TDA 24) --------------------------------

SHORT_ORDERS = ("ante-first", "blind-first")


@rules_app.command("post")
def post(
    ctx: typer.Context,
    sb: Annotated[int, typer.Option("--sb", help="The level's small blind.")],
    bb: Annotated[int, typer.Option("--bb", help="The level's big blind.")],
    stack: Annotated[int, typer.Option("--stack", help="The big blind's stack before posting.")],
    handed: Annotated[int, typer.Option("--handed", help="Players dealt in at the table (2-10).")],
    ante: Annotated[
        int, typer.Option("--ante", help="The level's big blind ante (full table).")
    ] = 0,
    order: Annotated[
        str | None,
        typer.Option("--order", help="Short big blind: ante-first (T-ANTE-3) or blind-first "
                                     "(RP-11); default from the house rules."),
    ] = None,
    dead_sb: Annotated[
        bool, typer.Option("--dead-sb", help="Nobody posts the small blind (TDA 32).")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """What the big blind posts (live blind, dead ante) and what the others must call."""
    rules = session_of(ctx).house_rules().ante
    if order is not None:
        if order not in SHORT_ORDERS:
            raise InvalidInput("--order must be ante-first or blind-first, got {order!r}", order=order)
        rules = rules.model_copy(update={"short_big_blind": order})
    posting = post_blinds(sb, bb, ante, stack, handed, rules, dead_small_blind=dead_sb)

    def render() -> None:
        line = _("Big blind {blind} live, ante {ante} dead").format(blind=posting.big_blind,
                                                                    ante=posting.ante)
        console.print(_("{posts}, all-in").format(posts=line) if posting.all_in else line)
        console.print(_("Small blind {blind}; pot {pot}; to call {call}").format(
            blind=posting.small_blind, pot=posting.pot, call=posting.to_call))
        console.print(_("Rules: {rules}").format(rules=", ".join(posting.rules)))

    emit(posting, as_json, render)


def _race_seat(spec: str) -> RaceSeat:
    parts = spec.split(":")
    if len(parts) != 3 or not all(part.strip().isdigit() for part in parts):
        raise InvalidInput("--seat {spec!r}: expected SEAT:STACK:COLOURED_UP, e.g. 3:25:25", spec=spec)
    seat, stack, colored_up = (int(part) for part in parts)
    return validate(RaceSeat, {"seat": seat, "stack": stack, "colored_up": colored_up},
                    f"--seat {spec}")


def _deck() -> list[str]:
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    random.SystemRandom().shuffle(deck)  # the interface draws; the domain only deals
    return deck


@rules_app.command("chip-race")
def chip_race_command(
    seats: Annotated[list[str], typer.Option(
        "--seat", help="SEAT:STACK:COLOURED_UP, once per player (COLOURED_UP = value in the "
                       "chips being removed).")],
    color_up: Annotated[list[int], typer.Option("--color-up", help="A chip value removed.")],
    to: Annotated[int, typer.Option("--to", help="The smallest chip still in play.")],
    cards: Annotated[str | None, typer.Option(
        "--cards", help="The draw, dealt from seat 1, e.g. 'As Kd 7h'; default: a shuffled deck.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Colour-up chip race: exchange, race the odd chips from seat 1, nobody raced out."""
    draw = parse_cards(cards if cards is not None else _deck(), "--cards")
    race = chip_race([_race_seat(spec) for spec in seats], color_up, to, draw)

    def render() -> None:
        console.print(_("Colour-up of {chips} into {chip}: odd chips worth {pool}, {raced} chip(s) "
                        "raced").format(chips=", ".join(map(str, race.color_up)), chip=race.new_chip,
                                        pool=race.pool, raced=race.chips_raced))
        for seat in race.seats:
            notes = [_("wins a chip")] if seat.won else []
            notes += [_("not raced out: gets one chip")] if seat.rescued else []
            console.print("  " + _("seat {seat}: {exchanged} exchanged, {odd} odd ({cards}) -> "
                                   "{stack}").format(
                seat=seat.seat, exchanged=seat.exchanged, odd=seat.odd_chips,
                cards=" ".join(seat.cards) or _("no cards"), stack=seat.stack_after)
                + (f"  [{'; '.join(notes)}]" if notes else ""))
        console.print(_("Chips at the table change by {change}; rules: {rules}").format(
            change=race.value_change, rules=", ".join(race.rules)))

    emit(race, as_json, render)


# --- The hand calculators (betting, chips, pots, showdown; B-*, S-*) -----------------------------

def _rules_line(rules: RuleIds) -> None:
    console.print(_("rules: {rules}").format(rules=", ".join(rules)))


def _of_the_level(ctx: typer.Context) -> Callable[[Any], Any]:
    """A hand that names no game is of the current tournament's level now (its game, blinds, ante
    and bets: TDA RP-18); with no tournament it must name its own."""

    def fill(hand: Any) -> Any:
        if not isinstance(hand, dict) or "game" in hand:
            return hand  # the tournament is opened only for a hand that leaves its game out
        from tdconsole.views.tournament import level_now

        service = session_of(ctx).existing_service()
        if service is None:
            return hand
        return level_hand(hand, level_now(service.state, service.now()), service.state.info.game)

    return fill


@rules_app.command("betting")
def betting_command(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Who acts, the call, the minimum and maximum raise (hand JSON on stdin; without a "game", the
    current tournament's level gives the game, blinds, ante and bets)."""
    hand = read_json_stdin(BettingInput, fill=_of_the_level(ctx))
    answer = betting_round(hand, session_of(ctx).house_rules())

    def render() -> None:
        for line in betting_lines(answer):
            console.print(line)
        _rules_line(answer.rules)

    emit(answer, as_json, render)


@rules_app.command("chips")
def chips_command(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """What the chips a player pushed (and what he said) amount to (JSON on stdin)."""
    push = read_json_stdin(ChipsInput)
    answer = read_chips(push, session_of(ctx).house_rules().betting.bet_leaving_one_big_blind_is_all_in)

    def render() -> None:
        line = _("{action} (total {to} on this street)").format(action=action_word(answer.action),
                                                                 to=answer.to)
        if answer.returned:
            line += ", " + _("{chips} returned").format(chips=answer.returned)
        if answer.owed:
            line += ", " + _("{chips} more to put in").format(chips=answer.owed)
        console.print(line)
        _rules_line(answer.rules)

    emit(answer, as_json, render)


@rules_app.command("pots")
def pots_command(as_json: JsonFlag = False) -> None:
    """Main and side pots and the award to each seat (JSON on stdin)."""
    answer = resolve_pots(read_json_stdin(PotsInput))

    def render() -> None:
        for pot in answer.pots:
            shares = ", ".join(_("seat {seat} {amount}").format(seat=seat, amount=amount)
                               for seat, amount in pot.awards.items())
            console.print(_("{pot}: {amount} (seats {seats}) -> {shares}").format(
                pot=pot_label(pot), amount=pot.amount, seats=" ".join(map(str, pot.eligible)), shares=shares))
        totals = ", ".join(_("seat {seat} {amount}").format(seat=seat, amount=amount)
                           for seat, amount in answer.awards.items())
        console.print(_("In all: {awards}").format(awards=totals))
        _rules_line(answer.rules)

    emit(answer, as_json, render)


# The streets still to come, as the showdown's all-in line names them.
_STREETS = {"flop": N_("flop"), "turn": N_("turn"), "river": N_("river")}


def _parse_hand_option(text: str) -> tuple[int, str]:
    seat, sep, cards = text.partition("=")
    if not sep or not seat.strip().isdigit() or int(seat) < 1:
        raise InvalidInput('--hand {text!r}: write SEAT=CARDS, e.g. --hand 1="As Js"', text=text)
    return int(seat), cards


@rules_app.command("showdown")
def showdown_command(
    ctx: typer.Context,
    game: Annotated[GameName, typer.Option(help="holdem, omaha or omaha-hilo.")],
    board: Annotated[str, typer.Option(help='The five board cards, e.g. "Ks Qs 7s 3d 2h".')],
    hand: Annotated[list[str], typer.Option(help='SEAT=CARDS, once per player.')],
    button: Annotated[int, typer.Option(help="The button seat (for the show order).")] = 0,
    aggressor: Annotated[int | None, typer.Option(help="The last aggressor on the river.")] = None,
    all_in: Annotated[bool, typer.Option(
        "--all-in", help="The betting is over with an all-in: every hand is tabled now (S-SHOW-2); "
                         "the board may be 0, 3 or 4 cards, the streets to come.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """The best hands in words, the winners and the order of showing."""
    hands: dict[int, str] = {}
    for text in hand:
        seat, cards = _parse_hand_option(text)
        if seat in hands:
            raise InvalidInput("--hand: seat {seat} is given twice", seat=seat)
        hands[seat] = cards
    result = showdown(
        game,
        parse_cards(board, "--board"),
        {seat: parse_cards(cards, f"--hand {seat}") for seat, cards in hands.items()},
        button=button,
        aggressor=aggressor,
        order=session_of(ctx).house_rules().showdown.order,
        all_in=all_in,
    )

    def half(part: Half | None) -> dict[str, object] | None:
        if part is None:
            return None
        # `hands` is the English names (the contract); `reads` the same as data (category, ranks).
        return {"winners": part.winners, "hands": {str(s): n for s, n in part.hands.items()},
                "reads": {str(s): {"category": r.category, "ranks": r.ranks} for s, r in part.reads.items()}}

    data = {"high": half(result.high), "low": half(result.low),
            "show_order": result.show_order, "rules": result.rules,
            "tabled": result.tabled, "streets_to_come": result.streets_to_come}

    def render() -> None:
        if result.tabled:
            to_come = _(" and ").join(_(_STREETS.get(street, street)) for street in result.streets_to_come)
            console.print(_("The betting is over with an all-in: every hand is tabled face up now, "
                            "before the {streets}; no all-in hand is mucked unseen.").format(
                streets=to_come) if to_come else
                _("The betting is over with an all-in: every hand is tabled face up now; no all-in "
                  "hand is mucked unseen."))
        for label, part in ((_("High"), result.high), (_("Low"), result.low)):
            if part is None:
                continue
            for seat, read in part.reads.items():
                console.print(_("{half}: seat {seat}: {hand}").format(half=label, seat=seat,
                                                                       hand=hand_words(read)))
            winners = ", ".join(_("seat {seat}").format(seat=s) for s in part.winners) or _("none")
            console.print(_("{half} wins: {winners}").format(half=label, winners=winners))
        if not result.tabled:
            console.print(_("Show order: {seats}").format(seats=" ".join(map(str, result.show_order))))
        _rules_line(result.rules)

    emit(data, as_json, render)


# --- Stud's order of action (issue 41: RP-10, 17A, 11B) ------------------------------------------

def _stud_level(ctx: typer.Context, game: str | None) -> tuple[str, int | None, int | None]:
    """The stud game asked for, else the current level's when it is stud; with its bring-in and
    small bet when they are the level's (TDA RP-18: the level names the game)."""
    level = None
    if game is None:
        from tdconsole.views.games import level_game
        from tdconsole.views.tournament import level_now

        service = session_of(ctx).existing_service()
        if service is not None:
            level = level_now(service.state, service.now())
            played = level_game(level, service.state.info.game) if level is not None else None
            game = played.key if played is not None and played.stud else None
        if game is None:
            raise InvalidInput("--game: the level now plays no stud game; say which: {names}",
                               names=", ".join(STUD_GAMES))
    from tdconsole.domain.clock.games import game_of

    key = game_of(game).key
    if level is None or level.bets is None:
        return key, None, None
    return key, level.stud_bring_in, level.bets[0]


def _seat_cards(texts: list[str], field: str) -> dict[int, str]:
    """`SEAT=CARDS` or bare `CARDS` (the seats then 1, 2, 3 ... in the order given)."""
    seats: dict[int, str] = {}
    for at, text in enumerate(texts, start=1):
        if "=" in text:
            seat, cards = _parse_hand_option(text)
        else:
            seat, cards = at, text
        if seat in seats:
            raise InvalidInput("{name}: seat {seat} is given twice", name=field, seat=seat)
        seats[seat] = cards
    return seats


_FROZEN_BUTTON = N_("On a mixed night the button stays frozen through the stud levels where the next "
                    "hold'em hand would have it, and starts there again at hold'em; a player balanced "
                    "in stud is the one who would be big blind (11B).")

_FACING_BRING_IN = {"fold": N_("fold"), "call": N_("call"), "complete": N_("complete to"),
                    "raise": N_("raise to")}

_STUD_CARDS = Annotated[list[str], typer.Argument(
    help='Each seat\'s up cards: SEAT=CARDS (e.g. 4="Kd 9c"), or CARDS for seats 1, 2, 3 ...')]
_STUD_GAME = Annotated[str | None, typer.Option(
    help="stud, stud8 or razz (default: the current level's stud game).")]


@rules_app.command("bring-in")
def bring_in_command(
    ctx: typer.Context,
    cards: _STUD_CARDS,
    game: _STUD_GAME = None,
    all_in: Annotated[list[int], typer.Option(
        "--all-in", help="A seat all-in for the ante (RP-10E); once per seat.")] = [],  # noqa: B006
    amount: Annotated[int | None, typer.Option(
        "--amount", help="The bring-in (default: the level's).")] = None,
    small_bet: Annotated[int | None, typer.Option(help="The small bet (default: the level's).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Who brings in on 3rd street (stud: the low card by suit; razz: the high card, the ace low),
    who acts first, and what facing the bring-in allows (call it or complete it)."""
    key, level_bring_in, level_small = _stud_level(ctx, game)
    seats = _seat_cards(cards, "cards")
    up = {}
    for seat, text in seats.items():
        parsed = parse_cards(text, f"seat {seat}")
        if len(parsed) != 1:
            raise InvalidInput("seat {seat}: {text!r} is {count} cards; 3rd street shows one up card",
                               seat=seat, text=text, count=len(parsed))
        up[seat] = parsed[0]
    missing = sorted(set(all_in) - set(up))
    if missing:
        raise InvalidInput("--all-in: seat {seat} has no up card", seat=missing[0])
    answer = bring_in(key, up, all_in_for_ante=set(all_in))
    amount = amount if amount is not None else level_bring_in
    small_bet = small_bet if small_bet is not None else level_small
    options = completion(amount, small_bet) if amount is not None and small_bet is not None else None
    data = {"game": key, "bring_in": answer.seat, "card": answer.card, "first_to_act": answer.first_to_act,
            "amount": amount, "small_bet": small_bet,
            "options": None if options is None else [{"action": act, "to": to} for act, to in options],
            "rules": [*answer.rules, "3", "11B"]}

    def render() -> None:
        console.print(_("Seat {seat} brings in ({card}).").format(seat=answer.seat, card=answer.card))
        if answer.first_to_act != answer.seat:
            console.print(_("Seat {seat} is all-in for the ante: the betting starts at seat {first} "
                            "(RP-10E).").format(seat=answer.seat, first=answer.first_to_act))
        if options is not None:
            words = [f"{_(_FACING_BRING_IN[act])} {to}" if to else _(_FACING_BRING_IN[act])
                     for act, to in options]
            console.print(_("Facing the bring-in of {amount}: {options}.").format(
                amount=amount, options=", ".join(words)))
        console.print(_(_FROZEN_BUTTON))
        _rules_line(data["rules"])  # type: ignore[arg-type]

    emit(data, as_json, render)


@rules_app.command("first-to-act")
def first_to_act_command(
    ctx: typer.Context,
    cards: _STUD_CARDS,
    game: _STUD_GAME = None,
    aggressor: Annotated[int | None, typer.Option(
        help="The last aggressor on 7th street (for the show order).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Who acts first on 4th street and later (the high board in stud, the low one in razz; equal
    boards by the high card by suit), and the order of showing at showdown."""
    key, _bring_in, _small = _stud_level(ctx, game)
    showing = {seat: parse_cards(text, f"seat {seat}") for seat, text in _seat_cards(cards, "cards").items()}
    answer = first_to_act(key, showing)
    order, show_rules = stud_show_order(key, showing, aggressor, session_of(ctx).house_rules().showdown.order)
    fourth = all(len(board) == 2 for board in showing.values())
    rules = [*answer.rules, *(["RP-10F"] if fourth else []), *show_rules]
    data = {"game": key, "first_to_act": answer.seat, "tied": answer.tied, "show_order": order,
            "rules": rules}

    def render() -> None:
        console.print(_("Seat {seat} acts first ({cards}).").format(
            seat=answer.seat, cards=" ".join(map(repr, showing[answer.seat]))))
        if answer.tied:
            console.print(_("Seats {seats} show equal boards: the high card by suit decides "
                            "(RP-10D).").format(seats=", ".join(map(str, answer.tied))))
        if fourth:
            console.print(_("A pair showing on 4th street does not allow the big bet (RP-10F)."))
        console.print(_("At showdown the order of showing: {seats}").format(seats=" ".join(map(str, order))))
        _rules_line(rules)

    emit(data, as_json, render)

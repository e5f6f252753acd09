"""Money and the end of a tournament on the command line: busts, re-entries, add-ons, the prize
pool and payouts, hand-for-hand, chip counts and deals, results. Everything goes through the
service."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from rich.table import Table
from rich.text import Text

from tdconsole.cli.kit import JsonFlag, console, emit, session_of, write_document
from tdconsole.cli.seating import seated_lines, where
from tdconsole.config.payout_tables import load_payout_tables
from tdconsole.config.toml import validate
from tdconsole.domain import commands
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import HandForHandBust, PlayerBusted
from tdconsole.domain.money import handlers as money_handlers
from tdconsole.domain.money.handlers import name_numbers
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.i18n import _
from tdconsole.service import Service
from tdconsole.views.export import results_document
from tdconsole.views.formatting import Formats
from tdconsole.views.money import (
    DealView,
    HandForHandView,
    PayoutsView,
    chips_view,
    deal_lines,
    deal_options_view,
    deal_view,
    hand_for_hand_ended,
    hand_for_hand_view,
    payouts_view,
    places_text,
    results_view,
)
from tdconsole.views.tournament import state_view

app = typer.Typer()  # top-level commands: bust, reenter, add-on, chips, payouts, results
settings_app = typer.Typer(help="The prize pool and payout settings.", no_args_is_help=True)
h4h_app = typer.Typer(help="Hand-for-hand (T-H4H-1, RP-8).", no_args_is_help=True)
deal_app = typer.Typer(help="Deals: ICM, chip chop, custom (T-DEAL-1).", no_args_is_help=True)
app.add_typer(settings_app, name="money")
app.add_typer(h4h_app, name="h4h")
app.add_typer(deal_app, name="deal")


# ---------------------------------------------------------------- busts, re-entries, add-ons


@app.command()
def bust(
    ctx: typer.Context,
    names: list[str],
    stack: Annotated[list[str] | None, typer.Option(
        "--stack", help="NAME=CHIPS at the start of the hand (T-ELIM-1), once per player.")] = None,
    by: Annotated[list[str] | None, typer.Option(
        "--by", help="Who knocked them out; repeat for a split bounty (T-BOUNTY-1).")] = None,
    table: Annotated[int | None, typer.Option(help="The table (hand-for-hand, unseated).")] = None,
    unplaced: Annotated[bool, typer.Option(
        "--unplaced", help="The TD cannot establish the place (a late report): placed last of "
                           "those still unplaced, and shown so (T-ELIM-3).")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Bust one or more players in the same hand: ranked by starting stack, equal stacks tie."""
    command = commands.Bust(names=names, stacks=name_numbers(stack or [], "stack"), by=by or [],
                            table=table, unplaced=unplaced)
    service = session_of(ctx).service()
    envelopes = service.execute(command)
    view = state_view(service.state, service.tournament_id, service.now())
    players = {player.id: player for player in view.players}
    busted: list[dict[str, Any]] = []
    for envelope in envelopes:
        event = envelope.event
        if isinstance(event, PlayerBusted | HandForHandBust):
            player = players[event.player_id]
            row: dict[str, Any] = {"id": player.id, "name": player.name, "place": player.place,
                                   "last_place": player.last_place, "tied_with": player.tied_with,
                                   "prize": player.prize}
            if isinstance(event, PlayerBusted):
                row.update(rules=event.rules, bounty={players[k].name: v
                                                      for k, v in event.bounty.items()},
                           placed_last=event.placed_last)
            else:
                row.update(pending=True, table=event.table)
            busted.append(row)
    data = {"busted": busted, "players_left": service.state.players_left,
            "hand_for_hand": view.hand_for_hand}

    money = Formats.of(service.state.house_rules).money

    def render() -> None:
        for row in busted:
            if row.get("pending"):
                console.print(_("{name} busts at table {table}: placed when every table has finished "
                                "the hand (T-H4H-1)").format(name=row["name"], table=row["table"]))
                continue
            line = _("{name} busts in place {place}").format(
                name=row["name"], place=places_text(row["place"], row["last_place"]))
            if row["placed_last"]:
                line += " " + _("(placed last of those unplaced)")
            if row["prize"]:
                line += ", " + _("prize {amount}").format(amount=money(row["prize"]))
            if row["rules"]:
                line += f" ({', '.join(row['rules'])})"
            console.print(line)
        if view.hand_for_hand.suggested:
            console.print(_("Hand-for-hand is due (T-H4H-1): tdconsole h4h start"))

    emit(data, as_json, render)


@app.command()
def reenter(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """A busted player buys a new entry (T-REG-1); it has its own place."""
    service = session_of(ctx).service()
    # After the draw: seated at once (8A), and maybe waiting for the button (T-MOVE-2), as register says.
    seated = seated_lines(service.execute(commands.Reenter(name=name)), service)
    rules = service.state.house_rules.eliminations
    player = service.state.find(name)
    data = {"id": player.id, "name": player.name, "entry": player.entry,
            "entries": service.state.entries, "players_left": service.state.players_left,
            "earlier_entry_can_cash": rules.earlier_entry_can_cash,
            "table": player.table, "seat": player.seat,
            "waits": seated[0].waits if seated else None}
    emit(data, as_json, lambda: console.print(
        _("{name} re-enters (entry {entry}); {entries} entries").format(
            name=player.name, entry=player.entry, entries=data["entries"])
        + "".join(f"\n{where(s)}" for s in seated)))


@app.command("add-on")
def add_on(ctx: typer.Context, names: list[str], as_json: JsonFlag = False) -> None:
    """Sell an add-on to each player named."""
    service = session_of(ctx).execute(commands.AddOn(names=names))
    data = {"add_ons": [service.state.find(name).name for name in names],
            "prize_pool": payouts_view(service.state).prize_pool,
            "chips_in_play": money_handlers.chips_in_play(service.state),
            "average_stack": money_handlers.average_stack(service.state)}
    formats = Formats.of(service.state.house_rules)
    emit(data, as_json, lambda: console.print(
        _("Add-on for {names}; prize pool {amount}; chips in play {chips}").format(
            names=", ".join(data["add_ons"]), amount=formats.money(data["prize_pool"]),
            chips=formats.number(data["chips_in_play"], 0))))


@app.command()
def chips(ctx: typer.Context, counts: Annotated[list[str], typer.Argument(
        metavar="NAME=CHIPS...", help="Chip counts of players still in.")],
          as_json: JsonFlag = False) -> None:
    """Record chip counts (for deals)."""
    service = session_of(ctx).execute(commands.CountChips(counts=name_numbers(counts, "counts")))
    state = service.state
    data = {"chips": {state.players[i].name: n for i, n in state.chips.items()}}
    number = Formats.of(state.house_rules).number
    emit(data, as_json, lambda: console.print(
        "; ".join(f"{name} {number(n, 0)}" for name, n in data["chips"].items())))


# ---------------------------------------------------------------- prize pool and payouts


def _payouts_render(data: PayoutsView, formats: Formats) -> None:
    table = Table(_("place"), _("amount"), title=_("Prize pool {amount} ({method})").format(
        amount=formats.money(data.prize_pool), method=data.method))
    locked = {row.place for row in data.locked}
    for row in data.paid:  # an approved deal's players with its amounts, the ladder outside it
        note = (" " + _("{name}, by the deal").format(name=row.name) if row.by_deal
                else " " + _("locked") if row.place in locked else "")
        table.add_row("–" if row.place is None else str(row.place), Text(formats.money(row.amount) + note))
    console.print(table)
    if data.error is not None:
        console.print(_("The payouts cannot be made: {error}").format(error=data.error))
    if data.deal is not None:
        _deal_render(data.deal, formats)


@app.command()
def payouts(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """What each place pays: {"prize_pool": n, "payouts": [{"place", "amount"}]}."""
    service = session_of(ctx).service()
    data = payouts_view(service.state)
    emit(data, as_json, lambda: _payouts_render(data, Formats.of(service.state.house_rules)))


def _money_render(data: dict[str, Any], formats: Formats) -> None:
    pool, money = data["money"], formats.money
    console.print(_("Entries {entries}: collected {collected} = prize part {prize_part} + fees {fees} + "
                    "bounties {bounties}").format(
        entries=pool.entries, collected=money(pool.collected), prize_part=money(pool.prize_part),
        fees=money(pool.fees), bounties=money(pool.bounties)))
    console.print(_("Prize pool {prize_pool} = prize part - rake {rake} + overlay {overlay} (guarantee "
                    "{guarantee})").format(
        prize_pool=money(pool.prize_pool), rake=money(pool.rake), overlay=money(pool.overlay),
        guarantee=money(pool.guarantee)))
    chips = data["chips"]
    console.print(_("Chips in play {chips}: buy-in {stack}, re-entry {re_entry}, add-on {add_on}").format(
        chips=formats.number(chips.chips_in_play, 0), stack=formats.number(chips.starting_stack, 0),
        re_entry=formats.number(chips.re_entry, 0), add_on=formats.number(chips.add_on, 0)))


def _money_data(service: Service) -> dict[str, Any]:
    pool = money_handlers.pool(service.state)
    return {"money": pool, "prize_pool": pool.prize_pool,
            "settings": service.state.money.model_dump(mode="json", exclude={"table"}),
            "table": None if service.state.money.table is None else service.state.money.table.name,
            "chips": chips_view(service.state)}


@settings_app.command("show")
def money_show(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The prize pool: collected, fees, rake, bounties, guarantee and overlay."""
    service = session_of(ctx).service()
    data = _money_data(service)
    emit(data, as_json, lambda: _money_render(data, Formats.of(service.state.house_rules)))


@settings_app.command("set")
def money_set(
    ctx: typer.Context,
    guarantee: Annotated[int | None, typer.Option(help="Guaranteed prize pool.")] = None,
    bounty: Annotated[int | None, typer.Option(help="Fixed bounty per entry (T-BOUNTY-1).")] = None,
    rake: Annotated[float | None, typer.Option(help="Rake, percent of the prize part.")] = None,
    re_entry: Annotated[int | None, typer.Option(help="Prize part of a re-entry.")] = None,
    re_entry_fee: Annotated[int | None, typer.Option(help="Fee of a re-entry.")] = None,
    add_on: Annotated[int | None, typer.Option(help="Prize part of an add-on.")] = None,
    add_on_fee: Annotated[int | None, typer.Option(help="Fee of an add-on.")] = None,
    re_entry_chips: Annotated[int | None, typer.Option(
        help="Chips of a re-entry (default: the starting stack).")] = None,
    add_on_chips: Annotated[int | None, typer.Option(
        help="Chips of an add-on (default: the starting stack).")] = None,
    table: Annotated[str | None, typer.Option(help="Pay by configs/payouts/NAME.toml.")] = None,
    generator: Annotated[bool, typer.Option(help="Pay by the generator.")] = False,
    paid: Annotated[float | None, typer.Option(help="Generator: percent of entries paid.")] = None,
    min_cash: Annotated[float | None, typer.Option(help="Generator: min cash x buy-in.")] = None,
    unit: Annotated[int | None, typer.Option(help="Generator: round to this many kroner.")] = None,
    exponent: Annotated[float | None, typer.Option(help="Generator: curve steepness.")] = None,
    lock: Annotated[list[str] | None, typer.Option(
        help="PLACE=AMOUNT fixed by the TD (repeatable; replaces the locks).")] = None,
    unlock: Annotated[bool, typer.Option(help="Remove every locked place.")] = False,
    pay_jump: Annotated[list[int] | None, typer.Option(
        help="Also suggest hand-for-hand at this place (repeatable; replaces).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Change the money settings (the others stay as they are); logged, undoable."""
    if table is not None and generator:
        raise InvalidInput("--table and --generator: choose one")
    session = session_of(ctx)
    current = session.service().state.money
    data = current.model_dump()
    updates = {"guarantee": guarantee, "bounty": bounty, "rake_percent": rake,
               "re_entry": re_entry, "re_entry_fee": re_entry_fee, "add_on": add_on,
               "add_on_fee": add_on_fee, "pay_jumps": pay_jump, "re_entry_chips": re_entry_chips,
               "add_on_chips": add_on_chips}
    data.update({key: value for key, value in updates.items() if value is not None})
    curve = {"paid_share": None if paid is None else paid / 100, "min_cash_multiple": min_cash,
             "unit": unit, "exponent": exponent}
    data["curve"].update({key: value for key, value in curve.items() if value is not None})
    if table is not None:
        data["table"] = load_payout_tables(table).model_dump()
    if generator:
        data["table"] = None
    if unlock:
        data["locked"] = {}
    if lock is not None:
        data["locked"] = {int(place): amount for place, amount in
                          name_numbers(lock, "lock").items() if place.strip().isdigit()}
        if len(data["locked"]) != len(lock):
            raise InvalidInput("--lock: write PLACE=AMOUNT with a place number")
    settings = validate(MoneySettings, data, "money set")
    service = session.execute(commands.SetMoney(settings=settings))
    shown = _money_data(service)
    def render() -> None:
        formats = Formats.of(service.state.house_rules)
        _money_render(shown, formats)
        _payouts_render(payouts_view(service.state), formats)

    emit(shown, as_json, render)


# ---------------------------------------------------------------- hand-for-hand


def _h4h_render(data: HandForHandView, formats: Formats) -> None:
    if not data.active:
        console.print(_("Hand-for-hand is off (due now: T-H4H-1)") if data.suggested
                      else _("Hand-for-hand is off"))
        return
    tables = ", ".join(f"{row.table} {_('done') if row.done else _('playing')}" for row in data.tables or [])
    # Hand 0 is the hand in progress when hand-for-hand was announced (RP-8A), as the TUI says it.
    hand = (_("hand {hand} (the hand in progress at the announcement, RP-8A)") if data.hand == 0
            else _("hand {hand}")).format(hand=data.hand)
    console.print(_("Hand-for-hand, {hand}: {tables}").format(hand=hand, tables=tables))
    for row in data.pending or []:  # a bust reported without --stack has no stack to rank by
        line = (_("busted at table {table}: {name}") if row.stack is None
                else _("busted at table {table}: {name} (stack {stack})"))
        console.print("  " + line.format(table=row.table, name=row.name,
                                         stack=None if row.stack is None else formats.number(row.stack, 0)))


def _h4h(ctx: typer.Context, command: commands.Command | None, as_json: bool) -> None:
    service = session_of(ctx).service()
    ended = hand_for_hand_ended(service.execute(command)) if command is not None else None
    paid = len(payouts_view(service.state).payouts)
    data = hand_for_hand_view(service.state, paid)

    def render() -> None:
        _h4h_render(data, Formats.of(service.state.house_rules))
        if ended is not None:
            console.print(ended)

    emit(data, as_json, render)


@h4h_app.command("start")
def h4h_start(
    ctx: typer.Context,
    tables: Annotated[str | None, typer.Option(help="Tables in play: 1,2,3 (default: seated).")
                      ] = None,
    between_hands: Annotated[bool, typer.Option(
        help="No hand is in progress at the announcement (no RP-8A hand).")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Announce hand-for-hand: the clock pauses; busts are placed hand by hand."""
    numbers: list[int] = []
    for part in (tables or "").split(","):
        if part.strip():
            if not part.strip().isdigit():
                raise InvalidInput("--tables: {strip!r} is not a table number", strip=part.strip())
            numbers.append(int(part))
    _h4h(ctx, commands.HandForHandStart(tables=numbers, hand_in_progress=not between_hands), as_json)


@h4h_app.command("stop")
def h4h_stop(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """End hand-for-hand (the clock resumes if hand-for-hand paused it)."""
    _h4h(ctx, commands.HandForHandStop(), as_json)


@h4h_app.command("status")
def h4h_status(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Which tables have finished the hand, and the busts waiting for the others."""
    _h4h(ctx, None, as_json)


@h4h_app.command("done")
def h4h_done(ctx: typer.Context, table: int, as_json: JsonFlag = False) -> None:
    """TABLE has finished the hand-for-hand hand (the last one places the hand's busts)."""
    _h4h(ctx, commands.HandForHandTableDone(table=table), as_json)


# ---------------------------------------------------------------- deals


def _deal_render(data: DealView | None, formats: Formats) -> None:
    if data is None:
        console.print(_("No deal"))
        return
    for line in deal_lines(data, formats):
        console.print(Text(line))


@deal_app.command("calc")
def deal_calc(
    ctx: typer.Context,
    leave: Annotated[int, typer.Option(help="Kroner left for the winner.")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """ICM and chip chop side by side for the players left (from the chip counts)."""
    data = deal_options_view(session_of(ctx).service().state, leave)

    formats = Formats.of(session_of(ctx).service().state.house_rules)
    money = formats.money

    def render() -> None:
        table = Table(_("player"), _("chips"), _("ICM"), _("chip chop"),
                      title=_("Remaining payouts {amounts}").format(
                          amounts=", ".join(money(p) for p in data.payouts)))
        for row in data.players:
            table.add_row(Text(row.name), formats.number(row.chips, 0), money(row.icm),
                          money(row.chip_chop))
        console.print(table)

    emit(data, as_json, render)


def _deal(ctx: typer.Context, command: commands.Command, as_json: bool) -> None:
    service = session_of(ctx).execute(command)
    data = deal_view(service.state)
    emit(data, as_json, lambda: _deal_render(data, Formats.of(service.state.house_rules)))


@deal_app.command("propose")
def deal_propose(
    ctx: typer.Context,
    method: Annotated[str, typer.Argument(help="icm, chip-chop or custom.")],
    amount: Annotated[list[str] | None, typer.Option(
        help="custom: NAME=AMOUNT for every player left.")] = None,
    leave: Annotated[int, typer.Option(help="Kroner left for the winner.")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """Propose a deal; it needs every player's consent and the TD's approval (T-DEAL-1)."""
    if method not in ("icm", "chip-chop", "custom"):
        raise InvalidInput("deal method must be icm, chip-chop or custom, not {method!r}", method=method)
    _deal(ctx, commands.ProposeDeal.model_validate({"method": method,
                                    "amounts": name_numbers(amount or [], "amount"),
                                    "leave_for_winner": leave}), as_json)


@deal_app.command("consent")
def deal_consent(ctx: typer.Context, names: list[str], as_json: JsonFlag = False) -> None:
    """Record that these players agree to the proposed deal."""
    _deal(ctx, commands.ConsentDeal(names=names), as_json)


@deal_app.command("approve")
def deal_approve(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The TD approves the deal (refused without every player's consent: T-DEAL-1)."""
    _deal(ctx, commands.ApproveDeal(), as_json)


@deal_app.command("show")
def deal_show(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The proposed or approved deal."""
    state = session_of(ctx).service().state
    data = deal_view(state)
    emit(data, as_json, lambda: _deal_render(data, Formats.of(state.house_rules)))


# ---------------------------------------------------------------- results


@app.command()
def results(
    ctx: typer.Context,
    format: Annotated[Literal["csv", "json", "html"], typer.Option(
        "--format", help="csv, json or html (a printable sheet).")] = "csv",
    out: Annotated[Path | None, typer.Option(help="Write to FILE instead of the terminal.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Results: place, name, prize, knockouts and bounties, entries."""
    state = session_of(ctx).service().state
    if as_json:
        # Like every command's --json: the results on stdout; a file asked for is written as well.
        if out is not None:
            write_document(results_document(state, format), out, say=False)
        emit(results_view(state), True)
        return
    write_document(results_document(state, format), out)

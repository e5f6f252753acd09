"""Money and the end of a tournament on the command line: busts, re-entries, add-ons, the prize
pool and payouts, hand-for-hand, chip counts and deals, results. Everything goes through the
service."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.table import Table
from rich.text import Text

from tdconsole.actions import hand_for_hand, players, registration
from tdconsole.actions import money as money_actions
from tdconsole.actions.base import NoArguments
from tdconsole.actions.hand_for_hand import HandForHandResult
from tdconsole.actions.money import MoneyView
from tdconsole.cli.kit import (
    JsonFlag,
    PaidOption,
    SignOption,
    UnpaidOption,
    console,
    emit,
    session_of,
    write_document,
    write_signed,
)
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.money.prize_pool import RebuySettings
from tdconsole.domain.text import name_numbers
from tdconsole.i18n import _
from tdconsole.service import Service
from tdconsole.views.busts import rebuy_knockout_lines
from tdconsole.views.export import (
    chips_report_document,
    chips_report_rows,
    results_card_html,
    results_document,
)
from tdconsole.views.formatting import Formats
from tdconsole.views.money import (
    DealView,
    HandForHandView,
    PayoutsView,
    deal_lines,
    mystery_mismatch,
    payouts_view,
    places_text,
    rebuy_terms,
    results_view,
    tied_note,
)

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
    disqualified: Annotated[bool, typer.Option(
        "--disqualified", help="Disqualified (C-PEN-1): out, knocked out by nobody; the bounty goes "
                               "to the prize pool (T-PKO-4).")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Bust one or more players in the same hand: ranked by starting stack, equal stacks tie."""
    service = session_of(ctx).service()
    data = players.bust(service, players.BustRequest(
        names=names, stack=name_numbers(stack or [], "stack"), by=by or [], table=table,
        unplaced=unplaced, disqualified=disqualified))

    def render() -> None:
        for line in data.said:  # the remote shows the same lines (actions/players.py bust_said)
            console.print(line)
        if data.hand_for_hand.suggested:
            console.print(_("Hand-for-hand is due (T-H4H-1): tdconsole h4h start"))

    emit(data, as_json, render)


@app.command()
def reenter(ctx: typer.Context, name: str, as_json: JsonFlag = False) -> None:
    """A busted player buys a new entry (T-REG-1); it has its own place."""
    data = players.reenter(session_of(ctx).service(), registration.NameRequest(name=name))
    # The log's own sentences (one wording per event), then the count only this answer gives.
    lines = [*data.said, _("{entries} entries").format(entries=data.entries)]
    if data.chip_set:  # T-CHIPS-4: the box is used up
        lines.append(data.chip_set)
    emit(data, as_json, lambda: console.print("\n".join(lines)))


@app.command("add-on")
def add_on(ctx: typer.Context, names: list[str], paid: PaidOption = None, unpaid: UnpaidOption = False,
           as_json: JsonFlag = False) -> None:
    """Sell an add-on to each player named, where the night sells it (T-ADDON-1), once each unless
    set otherwise (T-ADDON-2)."""
    service = session_of(ctx).service()
    data = players.add_on(service, players.AddOnRequest(names=names, paid=paid, unpaid=unpaid))
    formats = Formats.of(service.state.house_rules)
    emit(data, as_json, lambda: console.print(
        _("Add-on for {names}; prize pool {amount}; chips in play {chips}").format(
            names=", ".join(data.add_ons), amount=formats.money(data.prize_pool),
            chips=formats.number(data.chips_in_play, 0))
        + (f"\n{data.chip_set}" if data.chip_set else "")))


@app.command()
def rebuy(
    ctx: typer.Context,
    name: str,
    double: Annotated[bool, typer.Option("--double", help="Two rebuys at once (T-REBUY-4).")] = False,
    stack: Annotated[int, typer.Option(
        help="The chips he has now (T-REBUY-3); 0: he has just busted.")] = 0,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="After a bust, his seat taken: repeat the seat draw exactly.")] = None,
    paid: PaidOption = None,
    unpaid: UnpaidOption = False,
    knocked_out_by: Annotated[list[str] | None, typer.Option(
        "--knocked-out-by", help="Bought instead of the bust: the knocker, repeated for a split pot; in a "
                                 "PKO the bounty is paid as with bust --by (T-PKO-6).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """A player buys chips again in the rebuy period (T-REBUY-1..4); he keeps his entry and seat.
    Bought after his bust, the bust is set aside: his seat back if still free, else a drawn one."""
    service = session_of(ctx).service()
    data = players.rebuy(service, players.RebuyRequest(name=name, double=double, stack=stack, seed=seed,
                                                       paid=paid, unpaid=unpaid,
                                                       knocked_out_by=knocked_out_by or []))
    formats = Formats.of(service.state.house_rules)
    # The log's own sentences (the bust set aside, the rebuy, the seat), then the figures only this
    # answer gives.
    figures = _("Prize pool {amount}; chips in play {chips}").format(
        amount=formats.money(data.prize_pool), chips=formats.number(data.chips_in_play, 0))
    if data.bust_set_aside is not None:  # T-REBUY-1: after the bust he is in again
        figures += "; " + _("{left} players left").format(left=data.players_left)
    lines = [*data.said, figures]
    if data.knockout is not None:  # T-PKO-6: the knockout's money, beyond what the log's sentence says
        lines.extend(rebuy_knockout_lines(data.name, data.knockout, formats.money))
    if data.chip_set:  # T-CHIPS-4: the box is used up
        lines.append(data.chip_set)
    emit(data, as_json, lambda: console.print("\n".join(lines)))


@app.command()
def chips(ctx: typer.Context, counts: Annotated[list[str], typer.Argument(
        metavar="NAME=CHIPS... | report", help="Chip counts of players still in; or `report`: the "
        "end-of-day roll-up of the counts.")],
          format: Annotated[Literal["csv"], typer.Option(
              "--format", help="report: csv (table, seat, name, chips, counted at, by).")] = "csv",
          out: Annotated[Path | None, typer.Option(help="report: write to FILE.")] = None,
          as_json: JsonFlag = False) -> None:
    """Record chip counts during play or for a deal (T-CHIPS-3); `chips report` lists them."""
    service = session_of(ctx).service()
    if counts == ["report"]:  # a count is NAME=CHIPS: no count is the bare word
        text = chips_report_document(service.state, format)
        if as_json:  # the rows themselves; the file too when asked for
            if out is not None:
                write_document(text, out, say=False)
            emit({"rows": chips_report_rows(service.state)}, True, lambda: None)
        else:
            write_document(text, out)
        return
    data = players.chips(service, players.ChipsRequest(counts=name_numbers(counts, "counts")))
    number = Formats.of(service.state.house_rules).number

    def render() -> None:
        console.print("; ".join(f"{name} {number(n, 0)}" for name, n in data.chips.items()))
        if data.check.warning is not None:
            console.print(data.check.warning)

    emit(data, as_json, render)


# ---------------------------------------------------------------- prize pool and payouts


def _payouts_render(data: PayoutsView, formats: Formats) -> None:
    table = Table(_("place"), _("amount"), title=_("Prize pool {amount} ({method})").format(
        amount=formats.money(data.prize_pool), method=data.method))
    locked = {row.place for row in data.locked}
    for row in data.paid:  # an approved deal's players with its amounts, the ladder outside it
        note = (" " + _("{name}, by the deal").format(name=row.name) if row.by_deal
                else " " + tied_note(row) if row.last_place is not None
                else " " + _("locked") if row.place in locked
                else " " + _("a seat (T-SAT-1)") if row.seat else "")
        table.add_row("–" if row.place is None else places_text(row.place, row.last_place),
                      Text(formats.money(row.amount) + note))
    console.print(table)
    if data.error is not None:
        console.print(_("The payouts cannot be made: {error}").format(error=data.error))
    if data.deal is not None:
        _deal_render(data.deal, formats)


@app.command()
def payouts(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """What each place pays: {"prize_pool": n, "payouts": [{"place", "amount"}]}."""
    service = session_of(ctx).service()
    data = money_actions.payouts(service, NoArguments())
    emit(data, as_json, lambda: _payouts_render(data, Formats.of(service.state.house_rules)))


def _money_render(data: MoneyView, formats: Formats) -> None:
    pool, money = data.money, formats.money
    console.print(_("Entries {entries}: collected {collected} = prize part {prize_part} + fees {fees} + "
                    "bounties {bounties}").format(
        entries=pool.entries, collected=money(pool.collected), prize_part=money(pool.prize_part),
        fees=money(pool.fees), bounties=money(pool.bounties)))
    if data.unpaid:  # the pool counts every entry; the desk has not had this money yet
        console.print(_("Of the collected, {unpaid} is not paid yet (cash)").format(
            unpaid=money(data.unpaid)))
    console.print(_("Prize pool {prize_pool} = prize part - rake {rake} + overlay {overlay} (guarantee "
                    "{guarantee})").format(
        prize_pool=money(pool.prize_pool), rake=money(pool.rake), overlay=money(pool.overlay),
        guarantee=money(pool.guarantee)))
    chips = data.chips
    console.print(_("Chips in play {chips}: buy-in {stack}, re-entry {re_entry}, add-on {add_on}").format(
        chips=formats.number(chips.chips_in_play, 0), stack=formats.number(chips.starting_stack, 0),
        re_entry=formats.number(chips.re_entry, 0), add_on=formats.number(chips.add_on, 0)))
    rebuy = RebuySettings.model_validate(data.settings["rebuy"])
    if (line := rebuy_terms(rebuy, data.rebuy_until_level, chips.starting_stack, formats,
                             data.rebuy_bounty)) is not None:
        console.print(line)
        console.print(_("{rebuys} rebuys ({chips} chips each) and {add_ons} add-ons bought").format(
            rebuys=pool.rebuys, chips=formats.number(chips.rebuy, 0), add_ons=pool.add_ons))


@settings_app.command("show")
def money_show(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The prize pool: collected, fees, rake, bounties, guarantee and overlay."""
    service = session_of(ctx).service()
    data = money_actions.money_show(service, NoArguments())
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
    pko: Annotated[bool | None, typer.Option(
        "--pko/--no-pko", help="A progressive knockout, --bounty the starting bounty (T-PKO-1); "
                               "--no-pko: a fixed bounty.")] = None,
    pko_share: Annotated[int | None, typer.Option(
        help="PKO: percent of a knocked-out bounty the knocker takes in cash (default 50).")] = None,
    pko_unit: Annotated[int | None, typer.Option(
        help="PKO: cash is paid in whole units of this (default 5); the rest onto the head.")] = None,
    satellite_seat: Annotated[int | None, typer.Option(
        help="A satellite: its prizes are seats of this value, the target event's buy-in and fee "
             "(T-SAT-1); 0: a cash tournament.")] = None,
    satellite_remainder: Annotated[str | None, typer.Option(
        help="Satellite: the cash left over goes to the next place (next) or is shared by the seat "
             "winners (shared).")] = None,
    satellite_holder: Annotated[str | None, typer.Option(
        help="Satellite: a winner who already holds a seat takes its value in cash or a ticket "
             "(T-SAT-3).")] = None,
    satellite_deals: Annotated[bool | None, typer.Option(
        "--satellite-deals/--no-satellite-deals", help="Satellite: the TD allows deals (T-SAT-5).")] = None,
    rebuy_until_level: Annotated[int | None, typer.Option(
        help="Rebuys are sold through the end of this level (T-REBUY-1).")] = None,
    rebuy_until_break: Annotated[bool, typer.Option(
        "--rebuy-until-break", help="Rebuys are sold until the first break (T-REBUY-1).")] = False,
    no_rebuys: Annotated[bool, typer.Option("--no-rebuys", help="Sell no more rebuys.")] = False,
    rebuy_price: Annotated[int | None, typer.Option(help="Prize part of a rebuy.")] = None,
    rebuy_fee: Annotated[int | None, typer.Option(help="Fee of a rebuy.")] = None,
    rebuy_chips: Annotated[int | None, typer.Option(
        help="Chips of a rebuy (default: the starting stack).")] = None,
    rebuy_limit: Annotated[int | None, typer.Option(help="Rebuys per player (T-REBUY-2).")] = None,
    rebuy_unlimited: Annotated[bool, typer.Option(
        "--rebuy-unlimited", help="No limit of rebuys per player (T-REBUY-2).")] = False,
    rebuy_who: Annotated[str | None, typer.Option(
        help="Who may rebuy (T-REBUY-3): busted (no chips left) or starting-stack (at or below "
             "it).")] = None,
    rebuy_double: Annotated[bool | None, typer.Option(
        "--rebuy-double/--no-rebuy-double", help="A double rebuy is sold (T-REBUY-4).")] = None,
    rebuy_bounty: Annotated[int | None, typer.Option(
        help="PKO: the bounty part of a rebuy, onto the rebuyer's head (T-PKO-6; default: the "
             "starting bounty).")] = None,
    add_on_from_level: Annotated[int | None, typer.Option(
        help="The add-on is sold from the start of this level (T-ADDON-1; with --add-on-until-level "
             "a window instead of the break the structure marks; default level 1).")] = None,
    add_on_until_level: Annotated[int | None, typer.Option(
        help="The add-on is sold through the end of this level (T-ADDON-1; default: the last).")] = None,
    add_on_at_break: Annotated[bool, typer.Option(
        "--add-on-at-break", help="The add-on is sold at the break the structure marks (T-ADDON-1, "
                                  "the default).")] = False,
    add_on_limit: Annotated[int | None, typer.Option(
        help="Add-ons per player (T-ADDON-2; default 1).")] = None,
    add_on_unlimited: Annotated[bool, typer.Option(
        "--add-on-unlimited", help="No limit of add-ons per player (T-ADDON-2).")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Change the money settings (the others stay as they are); logged, undoable."""
    locked = None
    if lock is not None:
        locked = {int(place): amount for place, amount in name_numbers(lock, "lock").items()
                  if place.strip().isdigit()}
        if len(locked) != len(lock):
            raise InvalidInput("--lock: write PLACE=AMOUNT with a place number")
    service = session_of(ctx).service()
    shown = money_actions.money_set(service, money_actions.MoneySetRequest.model_validate(dict(
        guarantee=guarantee, bounty=bounty, rake=rake, re_entry=re_entry, re_entry_fee=re_entry_fee,
        add_on=add_on, add_on_fee=add_on_fee, table=table, generator=generator, paid=paid,
        min_cash=min_cash, unit=unit, exponent=exponent, lock=locked, unlock=unlock,
        pay_jump=pay_jump, re_entry_chips=re_entry_chips, add_on_chips=add_on_chips,
        rebuy_until_level=rebuy_until_level, rebuy_until_break=rebuy_until_break, no_rebuys=no_rebuys,
        rebuy_price=rebuy_price, rebuy_fee=rebuy_fee, rebuy_chips=rebuy_chips, rebuy_limit=rebuy_limit,
        rebuy_unlimited=rebuy_unlimited, rebuy_who=rebuy_who, rebuy_double=rebuy_double,
        rebuy_bounty=rebuy_bounty, pko=pko,
        pko_share=pko_share, pko_unit=pko_unit, satellite_seat=satellite_seat,
        satellite_remainder=satellite_remainder, satellite_holder=satellite_holder,
        satellite_deals=satellite_deals, add_on_from_level=add_on_from_level,
        add_on_until_level=add_on_until_level, add_on_at_break=add_on_at_break, add_on_limit=add_on_limit,
        add_on_unlimited=add_on_unlimited)))

    def render() -> None:
        formats = Formats.of(service.state.house_rules)
        _money_render(shown, formats)
        _payouts_render(payouts_view(service.state), formats)

    emit(shown, as_json, render)


@settings_app.command("load")
def money_load(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="A TOML file of every money setting (the keys of "
                                              "money show --json's settings; those left out: the "
                                              "defaults).")],
    as_json: JsonFlag = False,
) -> None:
    """Replace the money settings with a file's, as the TUI's money form saves them; logged, undoable."""
    from tdconsole.config.toml import load_toml
    from tdconsole.domain.money.settings import MoneySettings

    service = session_of(ctx).service()
    shown = money_actions.money_load(service, money_actions.MoneyLoadRequest(
        settings=load_toml(path, MoneySettings)))
    emit(shown, as_json, lambda: _money_render(shown, Formats.of(service.state.house_rules)))


@settings_app.command("mystery")
def money_mystery(
    ctx: typer.Context,
    envelopes: Annotated[list[str], typer.Argument(
        metavar="AMOUNT...", help="The amounts in the sealed envelopes, one each (1000 500 500 200 ...).")],
    from_level: Annotated[int | None, typer.Option(
        "--from-level", help="Knockouts open an envelope from this level on (before it: none; default: "
                             "the level playing now).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Repeat the envelopes' shuffle exactly (default: a cryptographic draw).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Mystery bounties: the bounty pool in sealed envelopes, shuffled by a recorded draw, one opened
    by each knockout from --from-level on (T-MYSTERY-1); logged, undoable."""
    service = session_of(ctx).service()
    shown = money_actions.mystery(service, money_actions.MysteryRequest(
        envelopes=" ".join(envelopes), from_level=from_level, seed=seed))
    formats = Formats.of(service.state.house_rules)

    def render() -> None:
        console.print(_("Mystery bounties from level {level}: {count} envelopes, {total} in all "
                        "(T-MYSTERY-1)").format(level=shown.from_level, count=len(shown.left),
                                                total=formats.money(shown.total)))
        if (mismatch := mystery_mismatch(shown, formats)) is not None:
            console.print(mismatch, markup=False, soft_wrap=True)  # one line, whatever the width

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


def _h4h_show(service: Service, data: HandForHandResult, as_json: bool) -> None:
    formats = Formats.of(service.state.house_rules)

    def render() -> None:
        _h4h_render(data, formats)
        if data.ended is not None:
            console.print(data.ended)

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
    service = session_of(ctx).service()
    _h4h_show(service, hand_for_hand.start(service, hand_for_hand.StartRequest(
        tables=tables, between_hands=between_hands)), as_json)


@h4h_app.command("stop")
def h4h_stop(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """End hand-for-hand (the clock resumes if hand-for-hand paused it)."""
    service = session_of(ctx).service()
    _h4h_show(service, hand_for_hand.stop(service, NoArguments()), as_json)


@h4h_app.command("status")
def h4h_status(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Which tables have finished the hand, and the busts waiting for the others."""
    service = session_of(ctx).service()
    _h4h_show(service, hand_for_hand.status(service, NoArguments()), as_json)


@h4h_app.command("done")
def h4h_done(ctx: typer.Context, table: int, as_json: JsonFlag = False) -> None:
    """TABLE has finished the hand-for-hand hand (the last one places the hand's busts)."""
    service = session_of(ctx).service()
    _h4h_show(service, hand_for_hand.done(service, hand_for_hand.TableRequest(table=table)), as_json)


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
    service = session_of(ctx).service()
    data = money_actions.deal_calc(service, money_actions.LeaveRequest(leave=leave))
    formats = Formats.of(service.state.house_rules)
    money = formats.money

    def render() -> None:
        table = Table(_("player"), _("chips"), _("ICM"), _("chip chop"),
                      title=_("Remaining payouts {amounts}").format(
                          amounts=", ".join(money(p) for p in data.payouts)))
        for row in data.players:
            table.add_row(Text(row.name), formats.number(row.chips, 0), money(row.icm), money(row.chip_chop))
        console.print(table)

    emit(data, as_json, render)


def _deal_show(service: Service, data: DealView | None, as_json: bool) -> None:
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
    service = session_of(ctx).service()
    request = money_actions.ProposeRequest.model_validate(
        {"method": method, "amount": name_numbers(amount or [], "amount"), "leave": leave})
    _deal_show(service, money_actions.deal_propose(service, request), as_json)


@deal_app.command("consent")
def deal_consent(ctx: typer.Context, names: list[str], as_json: JsonFlag = False) -> None:
    """Record that these players agree to the proposed deal."""
    service = session_of(ctx).service()
    _deal_show(service, money_actions.deal_consent(service, money_actions.NamesRequest(names=names)),
               as_json)


@deal_app.command("approve")
def deal_approve(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The TD approves the deal (refused without every player's consent: T-DEAL-1)."""
    service = session_of(ctx).service()
    _deal_show(service, money_actions.deal_approve(service, NoArguments()), as_json)


@deal_app.command("show")
def deal_show(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The proposed or approved deal."""
    service = session_of(ctx).service()
    _deal_show(service, money_actions.deal_show(service, NoArguments()), as_json)


# ---------------------------------------------------------------- results


@app.command()
def results(
    ctx: typer.Context,
    format: Annotated[Literal["csv", "json", "html", "pdf", "png"], typer.Option(
        "--format", help="csv, json, html (a printable sheet), pdf (that sheet printed) or png (an "
                         "image of the places paid, a phone wide, for the club's chat).")] = "csv",
    out: Annotated[Path | None, typer.Option(help="Write to FILE instead of the terminal.")] = None,
    sign: SignOption = False,
    as_json: JsonFlag = False,
) -> None:
    """Results: place, name, prize, knockouts and bounties, entries."""
    from tdconsole.views.papers import PNG, in_format, png_of

    service = session_of(ctx).service()
    state = service.state

    def document() -> str | bytes:
        if format == PNG:
            return png_of(results_card_html(state))
        return in_format(format, lambda fmt: results_document(state, fmt))

    if as_json:
        # Like every command's --json: the results on stdout; a file asked for is written as well.
        if out is not None or sign:
            write_signed(service, document(), out, sign=sign, say=False)
        emit(results_view(state), True)
        return
    write_signed(service, document(), out, sign=sign)

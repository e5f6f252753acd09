"""Money: the prize pool and its settings, payouts, deals; and the house rules and structure in
force (the settings a TD changes during an evening, each logged and undoable)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from tdconsole.actions.base import NoArguments, Request, action
from tdconsole.config.payout_tables import load_payout_tables
from tdconsole.config.toml import validate
from tdconsole.domain import commands
from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.model import empty_dict
from tdconsole.domain.money import handlers as money_handlers
from tdconsole.domain.money.cash import unpaid_amount
from tdconsole.domain.money.prize_pool import PrizePool
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.service import Service
from tdconsole.views.base import View
from tdconsole.views.money import (
    ChipsView,
    DealOptionsView,
    DealView,
    MysteryView,
    PayoutsView,
    chips_view,
    deal_options_view,
    deal_view,
    mystery_view,
    payouts_view,
)
from tdconsole.views.tournament import ClockView, clock_view


@action("payouts", web=True, tui=False)
def payouts(service: Service, request: NoArguments) -> PayoutsView:
    """What each place pays."""
    return payouts_view(service.state)


class MoneyView(View):
    """`money show --json` and `money set --json`: the pool and the settings behind it."""

    money: PrizePool
    prize_pool: int
    settings: dict[str, Any]
    table: str | None
    chips: ChipsView
    # T-REBUY-1: the last level rebuys are sold in (the one before the first break when the
    # period ends there); None when no rebuys are sold or the structure has no break.
    rebuy_until_level: int | None = None
    # T-PKO-6: the bounty part of each rebuy, onto the rebuyer's head (0: none, a fixed bounty).
    rebuy_bounty: int = 0
    # The part of `money.collected` (what the entries pay, the pool's base) not paid at the desk
    # yet: `collected` includes it, the drawer does not (`cash --json` `collected` leaves it out).
    unpaid: int = 0


def money_view(service: Service) -> MoneyView:
    from tdconsole.domain.players.rebuys import last_level

    state = service.state
    pool = money_handlers.pool(state)
    return MoneyView(money=pool, prize_pool=pool.prize_pool,
                     settings=state.money.model_dump(mode="json", exclude={"table"}),
                     table=None if state.money.table is None else state.money.table.name,
                     chips=chips_view(state),
                     rebuy_until_level=last_level(state.info.structure, state.money.rebuy),
                     rebuy_bounty=state.money.rebuy_bounty, unpaid=unpaid_amount(state))


@action("money show", web=False, tui=False)
def money_show(service: Service, request: NoArguments) -> MoneyView:
    return money_view(service)


class MoneySetRequest(Request):
    """Only what is given changes; the other settings stay as they are."""

    guarantee: int | None = None
    bounty: int | None = None
    rake: float | None = None  # percent of the prize part
    re_entry: int | None = None
    re_entry_fee: int | None = None
    add_on: int | None = None
    add_on_fee: int | None = None
    table: str | None = None  # pay by configs/payouts/NAME.toml
    generator: bool = False  # pay by the generator
    paid: float | None = None  # generator: percent of entries paid
    min_cash: float | None = None
    unit: int | None = None
    exponent: float | None = None
    lock: dict[int, int] | None = None  # PLACE: AMOUNT fixed by the TD (replaces the locks)
    unlock: bool = False
    pay_jump: list[int] | None = None
    re_entry_chips: int | None = None  # chips of a re-entry (default: the starting stack)
    add_on_chips: int | None = None  # chips of an add-on (default: the starting stack)
    # T-ADDON-1: a window of levels the add-on is sold in (either end may be left open), or back to
    # the break the structure marks; T-ADDON-2: add-ons per player (1 unless set), or no limit.
    add_on_from_level: int | None = None
    add_on_until_level: int | None = None
    add_on_at_break: bool = False
    add_on_limit: int | None = None
    add_on_unlimited: bool = False
    # A progressive knockout (T-PKO-1): on with `pko` (the share 50 % unless given) or a share;
    # `pko` False: a fixed bounty again.
    pko: bool | None = None
    pko_share: int | None = None  # percent of a knocked-out bounty paid in cash
    pko_unit: int | None = None  # cash is paid in whole units of this
    # A satellite (T-SAT-1): seats of this value (0: a cash tournament again).
    satellite_seat: int | None = None
    satellite_remainder: Literal["next", "shared"] | None = None
    satellite_holder: Literal["cash", "ticket"] | None = None  # T-SAT-3
    satellite_deals: bool | None = None  # T-SAT-5: the TD allows deals
    # Rebuys (T-REBUY-1..4): a period through a level or to the first break (each replaces the
    # other), the price, fee and chips of one, a limit per player, who may rebuy, the double.
    rebuy_until_level: int | None = None
    rebuy_until_break: bool = False
    no_rebuys: bool = False  # end the offer (the other rebuy settings are kept)
    rebuy_price: int | None = None
    rebuy_fee: int | None = None
    rebuy_chips: int | None = None  # default: the starting stack
    rebuy_limit: int | None = None
    rebuy_unlimited: bool = False
    rebuy_who: Literal["busted", "starting-stack"] | None = None
    rebuy_double: bool | None = None
    rebuy_bounty: int | None = None  # T-PKO-6: a rebuy's bounty part in a PKO (default: the starting bounty)


PKO_SHARE = 50  # T-PKO-1: the knocker's share in cash unless the TD says otherwise


def _add_on_updates(request: MoneySetRequest, data: dict[str, Any]) -> None:
    """The add-on's window (T-ADDON-1) and limit (T-ADDON-2) with the request's changes."""
    window = request.add_on_from_level is not None or request.add_on_until_level is not None
    if window and request.add_on_at_break:
        raise InvalidInput("sell the add-on in a window of levels or at the marked break, not both",
                           field="add_on_at_break")
    if request.add_on_limit is not None and request.add_on_unlimited:
        raise InvalidInput("give an add-on limit or none, not both", field="add_on_limit")
    if request.add_on_at_break:
        data.update(add_on_from_level=None, add_on_until_level=None)
    if window:  # a new window replaces the old one whole: an end not given is open
        data.update(add_on_from_level=request.add_on_from_level,
                    add_on_until_level=request.add_on_until_level)
    if request.add_on_unlimited:
        data["add_on_limit"] = None
    if request.add_on_limit is not None:
        data["add_on_limit"] = request.add_on_limit


def _rebuy_updates(request: MoneySetRequest, rebuy: dict[str, Any]) -> dict[str, Any]:
    """The rebuy settings with the request's changes (only what is given changes)."""
    if sum([request.rebuy_until_level is not None, request.rebuy_until_break, request.no_rebuys]) > 1:
        raise InvalidInput("give one rebuy period: a level, the first break, or none",
                           field="rebuy_until_level")
    if request.rebuy_limit is not None and request.rebuy_unlimited:
        raise InvalidInput("give a rebuy limit or none, not both", field="rebuy_limit")
    if request.rebuy_until_level is not None:
        rebuy.update(until_level=request.rebuy_until_level, until_break=False)
    if request.rebuy_until_break:
        rebuy.update(until_level=None, until_break=True)
    if request.no_rebuys:
        rebuy.update(until_level=None, until_break=False)
    if request.rebuy_unlimited:
        rebuy["limit"] = None
    changes = {"price": request.rebuy_price, "fee": request.rebuy_fee, "chips": request.rebuy_chips,
               "limit": request.rebuy_limit, "who": request.rebuy_who, "double": request.rebuy_double,
               "bounty": request.rebuy_bounty}
    rebuy.update({key: value for key, value in changes.items() if value is not None})
    return rebuy


@action("money set", web=False, commands=(commands.SetMoney,))
def money_set(service: Service, request: MoneySetRequest) -> MoneyView:
    """Change the money settings; logged, undoable."""
    if request.table is not None and request.generator:
        raise InvalidInput("pay by a table or by the generator, not both", field="table")
    data = service.state.money.model_dump()
    updates = {"guarantee": request.guarantee, "bounty": request.bounty, "rake_percent": request.rake,
               "re_entry": request.re_entry, "re_entry_fee": request.re_entry_fee,
               "add_on": request.add_on, "add_on_fee": request.add_on_fee, "pay_jumps": request.pay_jump,
               "re_entry_chips": request.re_entry_chips, "add_on_chips": request.add_on_chips}
    data.update({key: value for key, value in updates.items() if value is not None})
    if request.pko is False:
        data["pko_share"] = None
        data["rebuy"]["bounty"] = None  # T-PKO-6: a fixed bounty's rebuy adds none
    elif request.pko_share is not None:
        data["pko_share"] = request.pko_share
    elif request.pko and data["pko_share"] is None:
        data["pko_share"] = PKO_SHARE
    if request.satellite_seat is not None:
        data["satellite_seat"] = request.satellite_seat or None
    satellite = {"pko_unit": request.pko_unit, "satellite_remainder": request.satellite_remainder,
                 "satellite_holder": request.satellite_holder, "satellite_deals": request.satellite_deals}
    data.update({key: value for key, value in satellite.items() if value is not None})
    curve = {"paid_share": None if request.paid is None else request.paid / 100,
             "min_cash_multiple": request.min_cash, "unit": request.unit, "exponent": request.exponent}
    data["curve"].update({key: value for key, value in curve.items() if value is not None})
    if request.table is not None:
        data["table"] = load_payout_tables(request.table).model_dump()
    if request.generator:
        data["table"] = None
    if request.unlock:
        data["locked"] = {}
    if request.lock is not None:
        data["locked"] = dict(request.lock)
    data["rebuy"] = _rebuy_updates(request, data["rebuy"])
    _add_on_updates(request, data)
    service.execute(commands.SetMoney(settings=validate(MoneySettings, data, "money set")))
    return money_view(service)


class MoneyLoadRequest(Request):
    settings: MoneySettings  # every setting, as `money show --json` has them under "settings"


@action("money load", web=False, commands=(commands.SetMoney,))
def money_load(service: Service, request: MoneyLoadRequest) -> MoneyView:
    """The money settings as a whole (the TUI's money form, a file): what is not given is the
    default, not the setting before; logged, undoable."""
    if request.settings != service.state.money:  # nothing changed: nothing to log
        service.execute(commands.SetMoney(settings=request.settings))
    return money_view(service)


# ---------------------------------------------------------------- deals


class LeaveRequest(Request):
    leave: int = 0  # kroner left for the winner


@action("deal calc", web=True, tui=False)
def deal_calc(service: Service, request: LeaveRequest) -> DealOptionsView:
    """ICM and chip chop side by side for the players left, from the chip counts (T-DEAL-1)."""
    return deal_options_view(service.state, request.leave)


@action("deal show", web=True, tui=False)
def deal_show(service: Service, request: NoArguments) -> DealView | None:
    return deal_view(service.state)


class ProposeRequest(Request):
    method: Literal["icm", "chip-chop", "custom"]
    amount: dict[str, int] = Field(default_factory=empty_dict)  # custom: NAME: AMOUNT for every player left
    leave: int = 0  # kroner left for the winner


@action("deal propose", web=True, commands=(commands.ProposeDeal,))
def deal_propose(service: Service, request: ProposeRequest) -> DealView | None:
    """Propose a deal; it needs every player's consent and the TD's approval (T-DEAL-1)."""
    service.execute(commands.ProposeDeal.model_validate(
        {"method": request.method, "amounts": request.amount, "leave_for_winner": request.leave}))
    return deal_view(service.state)


class NamesRequest(Request):
    names: list[str]


@action("deal consent", web=True, commands=(commands.ConsentDeal,))
def deal_consent(service: Service, request: NamesRequest) -> DealView | None:
    service.execute(commands.ConsentDeal(names=request.names))
    return deal_view(service.state)


@action("deal approve", web=True, commands=(commands.ApproveDeal,))
def deal_approve(service: Service, request: NoArguments) -> DealView | None:
    """Refused without every player's consent (T-DEAL-1)."""
    service.execute(commands.ApproveDeal())
    return deal_view(service.state)


# ---------------------------------------------------------------- house rules and the structure


class HouseRuleRequest(Request):
    key: str  # section.name, e.g. seating.balance
    value: str


class HouseRuleResult(View):
    key: str
    value: Any
    previous: Any


@action("house-rules set", web=False, tui=False, commands=(commands.SetHouseRule,))
def house_rule_set(service: Service, request: HouseRuleRequest) -> HouseRuleResult:
    """One house rule from now on; undo takes it back."""
    before = service.state.house_rules.value(request.key) if "." in request.key else None
    service.execute(commands.SetHouseRule(key=request.key, value=request.value))
    return HouseRuleResult(key=request.key.strip(), value=service.state.house_rules.value(request.key),
                           previous=before)


class StructureRequest(Request):
    structure: Structure
    source: str  # where it came from: a preset key, a TOML file, "editor"


class StructureResult(View):
    structure: str
    source: str
    clock: ClockView


@action("structure use", web=False, commands=(commands.ChangeStructure,))
def structure_use(service: Service, request: StructureRequest) -> StructureResult:
    """The running tournament's structure (T-LEVEL-1: the TD's call, logged, undoable); the clock
    stays in the same period and keeps the time already played in it."""
    service.execute(commands.ChangeStructure(structure=request.structure, source=request.source))
    return StructureResult(structure=request.structure.name, source=request.source,
                           clock=clock_view(service.state, service.now()))


# ---------------------------------------------------------------- mystery bounties


class MysteryRequest(Request):
    envelopes: str  # the house's amounts, spaces or commas between: "1000 500 500 200"
    # None: the level the clock shows now (the palette asks only for the envelopes: the TD sets
    # them up as the bounties start, and a knockout before that level opens none)
    from_level: int | None = None
    seed: int | None = None  # repeat the envelopes' shuffle exactly (default: a cryptographic draw)


@action("money mystery", web=False, commands=(commands.SetMysteryBounties,))
def mystery(service: Service, request: MysteryRequest) -> MysteryView:
    """The bounty pool in sealed envelopes of the house's amounts, shuffled by a recorded draw, one
    opened by each knockout from FROM_LEVEL on (the level playing now unless given; T-MYSTERY-1)."""
    parts = request.envelopes.replace(",", " ").split()
    if not parts or not all(part.isascii() and part.isdigit() for part in parts):
        raise InvalidInput("T-MYSTERY-1: the envelopes are amounts, e.g. 1000 500 500 200",
                           field="envelopes")
    from_level = request.from_level
    if from_level is None:
        from_level = clock_view(service.state, service.now()).level
    service.execute(commands.SetMysteryBounties(envelopes=[int(part) for part in parts],
                                                from_level=from_level, seed=request.seed))
    view = mystery_view(service.state)
    assert view is not None  # just set
    return view

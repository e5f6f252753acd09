"""Templates: save the running tournament's whole setup under a name, list the templates, and
make a new tournament from one (`new NAME --template KEY`, the TUI's new-tournament dialog)."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from tdconsole.actions.base import Request, action
from tdconsole.config.structures import DEFAULT_STRUCTURE, load_structure
from tdconsole.config.templates import Template, list_templates, load_template, save_template
from tdconsole.domain import commands
from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.errors import InvalidInput, validation_refusal
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.money.settings import MoneySettings
from tdconsole.domain.players.rebuys import last_level
from tdconsole.domain.seating.rounds import ShootoutSettings
from tdconsole.domain.text import check_text
from tdconsole.i18n import _, ngettext
from tdconsole.service import Role, Service
from tdconsole.store.event_store import EventStore
from tdconsole.views.base import View

GAME = "No-limit hold'em"


class TemplateRow(View):
    """One template as `template list --json` shows it (keys are added, never renamed)."""

    key: str  # what `new --template` takes
    name: str
    saved: bool  # saved by the TD (else shipped with tdconsole)
    game: str
    buy_in: int
    fee: int
    starting_stack: int
    structure: str
    late_reg_level: int | None
    bounty: int
    add_on: int
    rebuys: bool  # rebuys are sold (T-REBUY-1)
    rebuy_until_level: int | None
    payout_table: str | None  # None: the generator
    pko_share: int | None = None  # a progressive knockout: the knocker's cash percent (T-PKO-1)
    satellite_seat: int | None = None  # a satellite: the value of a seat (T-SAT-1)
    # A shootout: what each table plays down to (T-SHOOT-2); None: no shootout.
    winners_per_table: int | None = None


def template_row(key: str, saved: bool, template: Template) -> TemplateRow:
    money, structure = template.money, template.structure
    return TemplateRow(key=key, name=template.name, saved=saved, game=template.game, buy_in=template.buy_in,
                       fee=template.fee, starting_stack=template.starting_stack or structure.starting_stack,
                       structure=structure.name, late_reg_level=template.late_reg_level,
                       bounty=money.bounty, add_on=money.add_on, rebuys=money.rebuy.offered,
                       rebuy_until_level=last_level(structure, money.rebuy),
                       payout_table=None if money.table is None else money.table.name,
                       pko_share=money.pko_share, satellite_seat=money.satellite_seat,
                       winners_per_table=None if template.shootout is None
                       else template.shootout.winners_per_table)


def template_line(row: TemplateRow) -> str:
    """One template in a line: `template list` and the TUI's new-tournament dialog."""
    parts = [_("{buy_in} + {fee}").format(buy_in=row.buy_in, fee=row.fee), row.structure,
             _("stack {stack}").format(stack=row.starting_stack)]
    if row.bounty:
        parts.append(_("bounty {amount}").format(amount=row.bounty))
    if row.pko_share is not None:
        parts.append(_("PKO {share} % in cash").format(share=row.pko_share))
    if row.satellite_seat is not None:
        parts.append(_("seats of {amount}").format(amount=row.satellite_seat))
    if row.rebuys:
        parts.append(_("rebuys to level {level}").format(level=row.rebuy_until_level)
                     if row.rebuy_until_level is not None else _("rebuys to the first break"))
    if row.add_on:
        parts.append(_("add-on {amount}").format(amount=row.add_on))
    if row.winners_per_table is not None:
        parts.append(ngettext("a shootout, each table to {winners} winner",
                              "a shootout, each table to {winners} winners",
                              row.winners_per_table).format(winners=row.winners_per_table))
    origin = _("saved") if row.saved else _("shipped")
    return f"{row.key}: {row.name} ({origin}): {', '.join(parts)}"


def templates() -> list[TemplateRow]:
    """Every template, saved and shipped, by key."""
    return [template_row(key, saved, template) for key, saved, template in list_templates()]


class TemplateNameRequest(Request):
    name: str  # the template's name; its key is the name in lower case, words joined by hyphens


@action("template save", web=False)
def template_save(service: Service, request: TemplateNameRequest) -> TemplateRow:
    """Keep this tournament's whole setup under a name: game, prices, seats, late registration, the
    structure, the money settings (payouts, bounty, re-entry, add-on, rebuys, ...) and the house
    rules. Saving a name again replaces it."""
    state = service.state
    info = state.info
    name = check_text("the template's name", request.name, 200, empty=False)
    template = Template(name=name, game=info.game, buy_in=info.buy_in, fee=info.fee,
                        starting_stack=info.starting_stack, seats_per_table=info.seats_per_table,
                        late_reg_level=info.late_reg_level, structure=info.structure, money=state.money,
                        house_rules=state.house_rules, min_players=info.min_players,
                        shootout=info.shootout)
    key = save_template(template)
    return template_row(key, True, template)


class NewRequest(Request):
    """`new`: what is given wins over the template's; what neither gives is the club's default."""

    name: str
    template: str | None = None
    structure: str | None = None  # a structure key or TOML file
    buy_in: int | None = None
    fee: int | None = None
    stack: int | None = None
    seats: int | None = None
    game: str | None = None
    late_reg_level: int | None = None
    tables: int | None = None
    min_players: int | None = None  # T-SIGNUP-1: the players the event needs
    # A shootout (T-SHOOT-1..4): each table plays to `winners_per_table` (1), `round_prizes`
    # round -> each table winner's prize (None: round 1's winners a buy-in each).
    shootout: bool = False
    winners_per_table: int | None = None
    round_prizes: dict[int, int] | None = None
    use: bool = False


@dataclass(frozen=True, slots=True)
class Setup:
    """A new tournament's set-up: the request's values, else its template's, else the defaults."""

    structure: Structure
    game: str
    buy_in: int
    fee: int
    starting_stack: int | None
    seats_per_table: int
    late_reg_level: int | None
    house_rules: HouseRules
    money: MoneySettings
    template: str | None
    min_players: int | None = None
    shootout: ShootoutSettings | None = None


def setup(request: NewRequest, club_rules: HouseRules) -> Setup:
    """`club_rules`: the club's house rules (configs/house_rules.toml), for a template that keeps
    none; the interface reads the file, as it reads the rest of the machine's set-up."""
    kept = None if request.template is None else load_template(request.template)
    base = kept or Template(name=request.name, game=GAME, structure=load_structure(
        request.structure or DEFAULT_STRUCTURE))
    made = Setup(
        structure=base.structure if kept is None or request.structure is None
        else load_structure(request.structure),
        game=base.game if request.game is None else request.game,
        buy_in=base.buy_in if request.buy_in is None else request.buy_in,
        fee=base.fee if request.fee is None else request.fee,
        starting_stack=base.starting_stack if request.stack is None else request.stack,
        seats_per_table=base.seats_per_table if request.seats is None else request.seats,
        late_reg_level=base.late_reg_level if request.late_reg_level is None else request.late_reg_level,
        house_rules=base.house_rules if base.house_rules is not None else club_rules,
        money=base.money,
        template=None if kept is None else kept.name,
        min_players=base.min_players if request.min_players is None else request.min_players,
        shootout=shootout_settings(request, kept))
    if made.money.rebuy.until_level is not None:  # refused before anything is made (T-REBUY-1)
        made.structure.period_of_level(made.money.rebuy.until_level)
    return made


def shootout_settings(request: NewRequest, kept: Template | None = None) -> ShootoutSettings | None:
    """The shootout the request asks for, or its template's (T-SHOOT-1), the request's settings
    winning over the template's; a shootout's settings without a shootout are refused."""
    if kept is not None and kept.shootout is not None:
        saved = kept.shootout
        request = request.model_copy(update={
            "shootout": True,
            "winners_per_table": saved.winners_per_table if request.winners_per_table is None
            else request.winners_per_table,
            "round_prizes": saved.round_prizes if request.round_prizes is None else request.round_prizes})
    if not request.shootout:
        for field, given in (("winners_per_table", request.winners_per_table),
                             ("round_prizes", request.round_prizes)):
            if given is not None:
                raise InvalidInput("a shootout's setting: make it a shootout (T-SHOOT-1)", field=field)
        return None
    if request.winners_per_table is not None and request.winners_per_table < 1:
        raise InvalidInput("each table plays down to at least one winner (T-SHOOT-2)",
                           field="winners_per_table")
    if any(round_ < 1 or amount < 0 for round_, amount in (request.round_prizes or {}).items()):
        raise InvalidInput("a round prize is ROUND=AMOUNT, the round 1 or more and the amount at least 0 "
                           "(T-SHOOT-4)", field="round_prizes")
    try:
        return ShootoutSettings.model_validate(
            {"round_prizes": request.round_prizes}
            | ({} if request.winners_per_table is None else {"winners_per_table": request.winners_per_table}))
    except ValidationError as error:
        raise validation_refusal(None, error) from None


def apply_money(service: Service, made: Setup) -> None:
    """The template's money settings, logged like `money set` (undo takes them back)."""
    if made.money != MoneySettings():
        service.execute(commands.SetMoney(settings=made.money))


def new_tournament(store: EventStore, request: NewRequest, club_rules: HouseRules, *, actor: str,
                   role: Role) -> Service:
    """A new tournament from the request and its template (the current one stays unless `use`)."""
    made = setup(request, club_rules)
    service = Service.create(store, name=request.name, structure=made.structure, game=made.game,
                             buy_in=made.buy_in, fee=made.fee, starting_stack=made.starting_stack,
                             seats_per_table=made.seats_per_table, late_reg_level=made.late_reg_level,
                             house_rules=made.house_rules, tables=request.tables,
                             min_players=made.min_players, shootout=made.shootout, use=request.use,
                             actor=actor, role=role)
    apply_money(service, made)
    return service

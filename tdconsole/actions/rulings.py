"""Floor rulings: the scenarios and their suggestions, the rulings log and its corrections,
penalties, and clock calls."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tdconsole.actions.base import NoArguments, Request, action
from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain import commands
from tdconsole.domain.clock.games import Game
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.events import ClockCalled, RulingLogged
from tdconsole.domain.floor.clock_call import SCENARIO as CLOCK_CALL
from tdconsole.domain.floor.log import find_ruling, game_now
from tdconsole.domain.floor.penalties import OffenceKind, parse_penalty
from tdconsole.domain.floor.rulings import OTHER, Suggestion, game_answers, suggest
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.model import empty_dict, empty_list
from tdconsole.service import Service
from tdconsole.views.base import View
from tdconsole.views.rulings import (
    ClockCallRow,
    PenaltyRow,
    RulingView,
    clock_calls_view,
    penalties_view,
    ruling_view,
    rulings_view,
)

TableNumber = Annotated[int, Field(ge=1)]
SeatNumber = Annotated[int, Field(ge=1, le=12)]

# ---------------------------------------------------------------- scenarios and suggestions


class ScenariosRequest(Request):
    words: list[str] = Field(default_factory=empty_list)  # only scenarios with all these words


class ScenarioRow(View):
    id: str
    title: str
    rules: list[str]


def scenario_rows(request: ScenariosRequest) -> list[ScenarioRow]:
    """The floor-ruling scenarios (those with all the words, if any) and the rules each may apply;
    they need no tournament (a calculator on a fresh machine)."""
    catalogue = load_catalogue()
    found = catalogue.search(" ".join(request.words)) if request.words else catalogue.scenarios.values()
    return [ScenarioRow(id=s.id, title=s.title, rules=s.rules) for s in found]


@action("rulings scenarios", web=True, tui=False)
def scenarios(service: Service, request: ScenariosRequest) -> list[ScenarioRow]:
    return scenario_rows(request)


class SuggestRequest(Request):
    scenario: str
    answer: dict[str, str] = Field(default_factory=empty_dict)


def suggestion(request: SuggestRequest, rules: HouseRules, game: Game | None = None) -> Suggestion:
    """The ruling for a scenario from the answers to its questions, under `rules`; `game`, the
    level's, answers the question of the game unless it is answered (RP-18)."""
    scenario = load_catalogue().get(request.scenario)
    return suggest(scenario, {**game_answers(scenario, game), **request.answer}, rules)


@action("rulings suggest", web=True, tui=False)
def suggest_ruling(service: Service, request: SuggestRequest) -> Suggestion:
    return suggestion(request, service.state.house_rules, game_now(service.state, service.now()))


# ---------------------------------------------------------------- the rulings log


class RulingFields(Request):
    """What a ruling records, as `rulings log` and `rulings correct` take it."""

    by: str  # the staff member giving the ruling
    scenario: str | None = None
    answer: dict[str, str] = Field(default_factory=empty_dict)
    table: TableNumber | None = None
    seat: SeatNumber | None = None
    player: list[str] = Field(default_factory=empty_list)  # the first named is the one any penalty is for
    decision: str | None = None  # overrides the suggestion (needs a reason)
    penalty: str | None = None  # KIND[:N], overriding the suggested penalty (needs a reason)
    description: str | None = None  # an other situation: what happened
    rule: list[str] = Field(default_factory=empty_list)  # the rules an other situation rests on
    offence: str | None = None  # out-of-turn, exposed-cards, etiquette or conduct


class LogRequest(RulingFields):
    reason: str | None = None
    clock_call: int | None = None  # the clock call at zero whose ruling this is


class CorrectRequest(RulingFields):
    ruling: int
    reason: str  # why the ruling is corrected


def _offence(raw: str | None) -> OffenceKind | None:
    if raw is None:
        return None
    kinds = [kind.value for kind in OffenceKind]
    if raw.strip().lower() not in kinds:
        raise InvalidInput("{raw!r}: one of {names}", raw=raw, names=", ".join(kinds), field="offence")
    return OffenceKind(raw.strip().lower())


def _log(service: Service, fields: RulingFields, scenario: str, *, reason: str | None,
         corrects: int | None = None, clock_call: int | None = None) -> RulingView:
    override, kind, amount = parse_penalty(fields.penalty)
    tree = None if scenario == OTHER else load_catalogue().get(scenario)
    if tree is not None and fields.description is not None:
        raise InvalidInput("a description describes an other situation (the scenario other)",
                           field="description")
    envelopes = service.execute(commands.LogRuling(
        scenario=tree, staff=fields.by, answers=fields.answer, table=fields.table, seat=fields.seat,
        players=fields.player, decision=fields.decision, reason=reason, override_penalty=override,
        penalty=kind, penalty_amount=amount, corrects=corrects, clock_call=clock_call,
        description=fields.description, cited=fields.rule, offence=_offence(fields.offence)))
    event = envelopes[-1].event
    assert isinstance(event, RulingLogged)
    return ruling_view(find_ruling(service.state, event.ruling_id))


@action("rulings log", web=True, commands=(commands.LogRuling,))
def log(service: Service, request: LogRequest) -> RulingView:
    """Log a ruling: the suggestion from the scenario and answers, the final decision, any penalty.
    A ruling can always be logged: a decision with a reason overrides without answers, and the
    scenario `other` takes a description, the rule IDs and the decision."""
    if request.scenario is None and request.clock_call is None:
        raise InvalidInput("which scenario? (see `tdconsole rulings scenarios`; "
                           "`other` for a situation no scenario covers)", field="scenario")
    return _log(service, request, request.scenario or CLOCK_CALL, reason=request.reason,
                clock_call=request.clock_call)


@action("rulings correct", web=True, commands=(commands.LogRuling,))
def correct(service: Service, request: CorrectRequest) -> RulingView:
    """A new record that points at the old one (rulings are never deleted); what is not given is
    taken from the old ruling, and earlier offences are counted again."""
    old = find_ruling(service.state, request.ruling).event
    same = request.scenario is None or request.scenario == old.scenario
    update: dict[str, object] = {}
    if same:
        update["answer"] = {**{k: v for k, v in old.answers.items() if k != "earlier"}, **request.answer}
    if (request.scenario or old.scenario) == OTHER and same:  # keeps its description, rules, offence
        if request.description is None:
            update["description"] = old.description
        if not request.rule:
            update["rule"] = [r for r in old.suggestion.rules
                              if not old.penalty or r not in old.penalty.rules]
        if request.offence is None:
            update["offence"] = None if old.offence is None else old.offence.value
        if request.decision is None:
            update["decision"] = old.decision
    update["table"] = old.table if request.table is None else request.table
    update["seat"] = old.seat if request.seat is None else request.seat
    update["player"] = request.player or [p.name for p in old.players]
    fields = request.model_copy(update=update)
    return _log(service, fields, request.scenario or old.scenario, reason=request.reason,
                corrects=request.ruling)


class ListRequest(Request):
    player: str | None = None
    scenario: str | None = None
    table: int | None = None


@action("rulings list", web=True, tui=False)
def list_rulings(service: Service, request: ListRequest) -> list[RulingView]:
    """The rulings log, corrected rulings included (marked)."""
    return rulings_view(service.state, player=request.player, scenario=request.scenario, table=request.table)


# ---------------------------------------------------------------- penalties


class PenaltiesRequest(Request):
    serving: bool = False  # only those serving now


@action("rulings penalties", web=True, tui=False)
def penalties(service: Service, request: PenaltiesRequest) -> list[PenaltyRow]:
    """Every penalty given, who is serving and how much remains."""
    return [r for r in penalties_view(service.state, service.now()) if r.serving or not request.serving]


class ServeRequest(Request):
    ruling: int
    hands: Annotated[int, Field(ge=0)] = 0  # hands sat out since last counted
    end: bool = False  # end the penalty now


@action("rulings serve", web=True, commands=(commands.ServePenalty,))
def serve(service: Service, request: ServeRequest) -> PenaltyRow:
    """Count hands a penalised player sat out, or end a penalty (TD only)."""
    service.execute(commands.ServePenalty(ruling=request.ruling, hands=request.hands, ended=request.end))
    return next(r for r in penalties_view(service.state, service.now()) if r.ruling == request.ruling)


# ---------------------------------------------------------------- clock calls


def clock_calls_now(service: Service) -> list[ClockCallRow]:
    return clock_calls_view(service.state, service.now(), service.state.house_rules,
                            load_catalogue().get(CLOCK_CALL))


class ClockCallRequest(Request):
    table: TableNumber
    seat: SeatNumber
    facing_bet: bool = True  # a dead hand at zero when facing a bet
    player: str | None = None


@action("rulings clock-call", web=True, commands=(commands.CallClock,))
def clock_call(service: Service, request: ClockCallRequest) -> ClockCallRow:
    """Call the clock on a player (C-CLOCK-1; TDA 29 as a setting)."""
    [envelope] = service.execute(commands.CallClock(table=request.table, seat=request.seat,
                                                    facing_bet=request.facing_bet, player=request.player))
    assert isinstance(envelope.event, ClockCalled)
    call_id = envelope.event.call_id
    return next(r for r in clock_calls_now(service) if r.id == call_id)


@action("rulings clock-calls", web=True, tui=False)
def clock_calls(service: Service, request: NoArguments) -> list[ClockCallRow]:
    """The running clock calls: time left, and the ruling to log at zero."""
    return clock_calls_now(service)


class ClockStopRequest(Request):
    call: int


class StoppedResult(View):
    stopped: int


@action("rulings clock-stop", web=True, commands=(commands.StopClockCall,))
def clock_stop(service: Service, request: ClockStopRequest) -> StoppedResult:
    """The player acted in time: stop a clock call without a ruling."""
    service.execute(commands.StopClockCall(call=request.call))
    return StoppedResult(stopped=request.call)

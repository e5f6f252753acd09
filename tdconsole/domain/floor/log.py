"""The rulings log: floor rulings, each player's offences, penalties served, clock calls.

A ruling is a `RulingLogged` event and is never undone or deleted (C-RULING-1: the ruling made at
the time stands; `undo` refuses it). A correction is a new ruling that names the old one, which
from then on no longer counts: neither its offence (for escalation) nor its penalty.

The decider walks the scenario itself on the freshest state, so two terminals logging at once
still count each other's offences: `earlier` is the player's offences of the same kind in the log
(O-OOT-5, H-DEAD-X escalate from it), and `players` is the number seated at the table when
seating knows it (71A: one round = one hand per player at the table when the penalty is given).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.clock import timing as clock_ops
from tdconsole.domain.clock.games import Game
from tdconsole.domain.errors import InvalidInput, NotFound, RuleIds, RuleViolation, TdError
from tdconsole.domain.events import (
    ClockCalled,
    ClockCallStopped,
    Event,
    HandFinished,
    PenaltyEnded,
    PenaltyHandsServed,
    RulingLogged,
    RulingPlayer,
)
from tdconsole.domain.floor.clock_call import SCENARIO as CLOCK_CALL
from tdconsole.domain.floor.clock_call import answers_at_zero, clock_call_state
from tdconsole.domain.floor.penalties import (
    COUNTED,
    OffenceKind,
    Penalty,
    PenaltyKind,
    escalate,
    remaining,
)
from tdconsole.domain.floor.rulings import (
    OTHER,
    YES_NO,
    Scenario,
    Suggestion,
    Walk,
    beyond_catalogue,
    cited_rules,
    game_answers,
    implicit_questions,
    walk,
)
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.state import IN_HANDS, ClockCall, LoggedRuling, Player, TournamentState, normalise_name

if TYPE_CHECKING:  # commands are named in annotations only: a fold never loads them
    from tdconsole.domain.commands import CallClock, LogRuling, ServePenalty, StopClockCall

# ---------------------------------------------------------------- reading the log


def find_ruling(state: TournamentState, ruling_id: int) -> LoggedRuling:
    """The ruling numbered `ruling_id` in the log.

    >>> from tdconsole.domain.examples import tournament
    >>> find_ruling(tournament("Ann").state, 1)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: no ruling 1 (the log has 0)
    """
    if not 1 <= ruling_id <= len(state.rulings):
        raise NotFound(
            "no ruling {ruling_id} (the log has {count})", ruling_id=ruling_id, count=len(state.rulings),
        )
    return state.rulings[ruling_id - 1]


def find_call(state: TournamentState, call_id: int) -> ClockCall:
    """The clock call numbered `call_id`.

    >>> from tdconsole.domain.commands import CallClock
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", tables=1)
    >>> _ = t.do(CallClock(table=1, seat=3))
    >>> find_call(t.state, 1).player_id
    'p2'
    >>> find_call(t.state, 2)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: no clock call 2 (there have been 1)
    """
    if not 1 <= call_id <= len(state.clock_calls):
        raise NotFound(
            "no clock call {call_id} (there have been {count})", call_id=call_id,
            count=len(state.clock_calls),
        )
    return state.clock_calls[call_id - 1]


def offences(state: TournamentState, player_id: str, kind: OffenceKind, *,
             excluding: int | None = None) -> int:
    """The player's offences of `kind` in the log, corrected rulings (and `excluding`) left out.

    Each repeat of an offence escalates its penalty (O-OOT-5, C-ETIQ-1): the log counts them.

    >>> from tdconsole.domain.commands import LogRuling
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo")
    >>> ruling = LogRuling(staff="Kim", description="swore at the dealer", decision="a warning",
    ...                    players=["Bo"], offence="etiquette")
    >>> _ = t.do(ruling)
    >>> offences(t.state, "p2", "etiquette"), offences(t.state, "p1", "etiquette")
    (1, 0)
    """
    return sum(1 for r in state.rulings
               if r.corrected_by is None and r.id != excluding and r.offender == player_id
               and r.event.offence == kind)


def seated_at(state: TournamentState, table: int) -> int | None:
    """Players seated at `table` now, or None when seating does not know the table.

    >>> from tdconsole.domain.examples import tournament
    >>> seated_at(tournament("Ann", "Bo", "Cy", tables=1).state, 1), seated_at(tournament("Ann").state, 1)
    (3, None)
    """
    count = sum(1 for p in state.players.values() if p.table == table and p.status != "busted")
    return count or None


def game_now(state: TournamentState, now: datetime) -> Game | None:
    """The game of the level played at `now` (the next one during a break), or the tournament's:
    the ruling wizard's questions of the game take it by default (RP-18).

    >>> from tdconsole.domain.examples import T0, tournament
    >>> game_now(tournament("Ann", "Bo").state, T0).key  # its levels name none: the tournament's NLHE
    'nlhe'
    """
    return clock_ops.game_at(state.info.structure, state.clock, state.info.game, now)


def prepare(state: TournamentState, scenario: Scenario, answers: dict[str, str], house: HouseRules, *,
            offender: Player | None = None, table: int | None = None,
            correcting: int | None = None, game: Game | None = None) -> Walk:
    """Walk `scenario` with `answers` and what the log knows filled in: the offender's `earlier`
    offences of the kind the ruling records, and the `players` seated at `table`. An answer the
    floor gave that contradicts the log is an error (the log is the record). `game`, the level's,
    answers the scenario's question of the game unless the floor answered it (`game_answers`).

    >>> from tdconsole.domain.examples import tournament
    >>> from tdconsole.domain.floor.rulings import Scenario
    >>> out_of_turn = Scenario.model_validate({"id": "oot", "title": "Action out of turn", "start": "r",
    ...     "nodes": {"r": {"type": "ruling", "ruling": "The action is binding.", "remedy": ["Go back."],
    ...                     "rules": ["O-OOT-1"], "penalty": {"offence": "out-of-turn"}}}})
    >>> t = tournament("Ann", "Bo", "Cy", tables=1)
    >>> bo = t.state.find("Bo")
    >>> house = t.state.house_rules
    >>> reached = prepare(t.state, out_of_turn, {"deliberate": "no"}, house, offender=bo, table=1)
    >>> reached.answers, reached.suggestion.penalty
    ({'deliberate': 'no', 'earlier': '0'}, None)
    >>> prepare(t.state, out_of_turn, {"deliberate": "no", "earlier": "2"}, house, offender=bo)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: earlier=2: the rulings log has 0 earlier out-of-turn offence(s) by
    Bo; leave it out
    """
    given = {**game_answers(scenario, game), **answers}
    reached = walk(scenario, given, house)
    if reached.offence is not None and offender is not None:
        logged = offences(state, offender.id, reached.offence, excluding=correcting)
        if "earlier" in given and _differs(given["earlier"], logged):
            raise InvalidInput(
                "earlier={earlier}: the rulings log has {logged} earlier {offence} offence(s) by {name}; "
                "leave it out", earlier=given['earlier'], logged=logged, offence=reached.offence,
                name=offender.name,
            )
        given["earlier"] = str(logged)
    seated = seated_at(state, table) if table is not None else None
    if seated is not None:
        if "players" in given and _differs(given["players"], seated):
            raise InvalidInput(
                "players={players}: {seated} players are seated at table {table}", players=given['players'],
                seated=seated, table=table,
            )
        given["players"] = str(seated)
    return walk(scenario, given, house)


def _differs(raw: str, count: int) -> bool:
    try:
        return float(raw) != count
    except ValueError:
        return True


def given_penalty(kind: PenaltyKind, amount: int, reason: str) -> Penalty:
    """A penalty the TD gives instead of the suggested one (TDA 70, 71; time and DQ: C-PEN-1).

    >>> given_penalty("missed-hands", 3, "slow play after a warning").rules
    ['TDA 70', 'TDA 71']
    >>> given_penalty("minutes", 0, "")
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: a minutes needs its amount, at least 1 (minutes:N)
    """
    rules = ["C-PEN-1", "TDA 71"] if kind in (PenaltyKind.MINUTES, PenaltyKind.DISQUALIFICATION) \
        else ["TDA 70", "TDA 71"]
    if kind not in COUNTED and amount:
        raise InvalidInput("a {kind} takes no amount", kind=kind, field="penalty")
    if kind in COUNTED and amount < 1:
        raise InvalidInput("a {kind} needs its amount, at least 1 ({kind}:N)", kind=kind, field="penalty")
    hands = amount if kind == PenaltyKind.MISSED_HANDS else None
    return Penalty(kind=kind, amount=amount, hands=hands, rules=rules, reason=reason)


# ---------------------------------------------------------------- logging a ruling


def decide_log_ruling(state: TournamentState, command: LogRuling, now: datetime) -> list[Event]:
    """C-RULING-1: the floor's ruling goes in the log with who gave it; a repeated offence escalates
    from the log's own count (C-ETIQ-1: the second time a warning, then five minutes away).

    >>> from tdconsole.domain.commands import LogRuling
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> ruling = LogRuling(staff="Kim", description="swore at the dealer", decision="a warning",
    ...                    players=["Bo"], offence="etiquette")
    >>> [logged] = decide_log_ruling(t.state, ruling, T0)
    >>> logged.ruling_id, logged.staff, logged.offence, logged.penalty
    (1, 'Kim', <OffenceKind.ETIQUETTE: 'etiquette'>, None)
    >>> _ = t.do(ruling)
    >>> [second] = decide_log_ruling(t.state, ruling, T0)
    >>> second.penalty.kind, second.penalty.rules
    (<PenaltyKind.WARNING: 'warning'>, ['C-ETIQ-1'])
    >>> _ = t.do(ruling)
    >>> [third] = decide_log_ruling(t.state, ruling, T0)
    >>> third.penalty.kind, third.penalty.amount, third.penalty.rules
    (<PenaltyKind.MINUTES: 'minutes'>, 5, ['C-ETIQ-1', 'C-PEN-1'])
    >>> decide_log_ruling(t.state, ruling.model_copy(update={"staff": " "}), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: name the staff member who gives the ruling
    """
    staff = normalise_name(command.staff)
    if not staff:
        raise InvalidInput("name the staff member who gives the ruling", field="by")
    if command.corrects is not None:
        old = find_ruling(state, command.corrects)
        if old.corrected_by is not None:
            raise TdError(
                "ruling {id} was already corrected by ruling {corrected_by}; correct that one", id=old.id,
                corrected_by=old.corrected_by,
            )
    players = [state.find(name) for name in command.players]
    if len({p.id for p in players}) != len(players):
        raise InvalidInput("the same player is named twice", field="player")
    table, seat, answers = command.table, command.seat, dict(command.answers)
    call = find_call(state, command.clock_call) if command.clock_call is not None else None
    if call is not None:
        table, seat = _at_the_call(call, table, seat, command.scenario)
        called_on = state.players.get(call.player_id or "")
        if not players and called_on is not None:
            players = [called_on]
        assert command.scenario is not None
        answers = _answers_at_zero(call, answers, state.house_rules, command.scenario, now)
    offender = players[0] if players else None
    reason = (command.reason or "").strip() or None
    cited = cited_rules(command.cited)
    if command.scenario is None:
        recorded = _other_situation(state, command, answers, offender, table, cited)
    else:
        recorded = _from_scenario(state, command, command.scenario, answers, offender, table, cited, now)
    suggestion, used, ruling, offence, overridden = recorded
    _check_reason(overridden, command.corrects, reason)
    decision = suggestion.ruling if command.decision is None else command.decision.strip()
    if not decision:
        raise InvalidInput("the decision cannot be empty", field="decision")
    if offence is not None and not players:
        raise InvalidInput(
            "this ruling records an offence ({offence}): name the player it is about", offence=offence,
            field="player",
        )
    given = suggestion.penalty
    if command.override_penalty:
        why = reason or (command.description or "").strip()
        given = None if command.penalty is None else given_penalty(
            command.penalty, command.penalty_amount, why)
    if given is not None:
        if not players:
            raise InvalidInput(
                "a {kind} penalty needs the player it is for", kind=given.kind, field="player",
            )
        if given.needs_players:
            given = given.given_at_table(_table_size(state, table, used, answers))
    return [RulingLogged(
        ruling_id=len(state.rulings) + 1, staff=staff, table=table, seat=seat,
        players=[RulingPlayer(id=p.id, name=p.name) for p in players],
        scenario=command.scenario.id if command.scenario else OTHER, answers=used,
        suggestion=suggestion, ruling=ruling, offence=offence, decision=decision,
        overridden=overridden, reason=reason, penalty=given, corrects=command.corrects,
        clock_call=command.clock_call,
        description=(command.description or "").strip() or None if command.scenario is None else None,
    )]


# What a ruling records besides who, where and when: the suggestion, the answers used, the ruling
# node, the offence and whether the decision overrides the suggestion.
Recorded = tuple[Suggestion, dict[str, str], str, OffenceKind | None, bool]


def _from_scenario(state: TournamentState, command: LogRuling, scenario: Scenario,
                   answers: dict[str, str], offender: Player | None, table: int | None,
                   cited: RuleIds, now: datetime) -> Recorded:
    reached = prepare(state, scenario, answers, state.house_rules, offender=offender, table=table,
                      correcting=command.corrects, game=game_now(state, now))
    overridden = command.decision is not None or command.override_penalty
    if reached.suggestion is not None:
        if cited:
            raise InvalidInput(
                "the ruling of {id!r} cites its own rules ({names}); a rule is cited for a ruling beyond "
                "the catalogue", id=scenario.id, names=', '.join(reached.suggestion.rules), field="rule",
            )
        return reached.suggestion, reached.answers, reached.ruling or "", reached.offence, overridden
    if command.decision is None:
        still = "; ".join(q.describe() for q in reached.open)
        raise InvalidInput(
            "scenario {id!r}: questions still open: {still} (or override without answers: a decision and "
            "its reason)", id=scenario.id, still=still, field="answer",
        )
    # C-RULING-1: the TD's ruling stands whether or not the questions were answered.
    offence = reached.offence or command.offence
    if reached.offence and command.offence and reached.offence != command.offence:
        raise InvalidInput(
            "this ruling records {reached_offence}, not {offence}", offence=command.offence,
            reached_offence=reached.offence, field="offence",
        )
    given, used = _escalated(state, offence, reached.answers, answers, offender, table, command.corrects)
    unanswered = len(reached.open)
    note = f"No suggestion: {unanswered} question(s) of {scenario.id!r} left unanswered."
    return beyond_catalogue(note, cited, given), used, reached.ruling or "", offence, True


def _other_situation(state: TournamentState, command: LogRuling, answers: dict[str, str],
                     offender: Player | None, table: int | None, cited: RuleIds) -> Recorded:
    description = (command.description or "").strip()
    if not description:
        raise InvalidInput("an other situation needs its description", field="description")
    if command.decision is None or not command.decision.strip():
        raise InvalidInput("an other situation needs the decision", field="decision")
    if unknown := sorted(set(answers) - set(implicit_questions())):
        raise InvalidInput(
            "an other situation asks no question {unknown!r}; it takes only {names}", unknown=unknown[0],
            names=', '.join(implicit_questions()),
        )
    given, used = _escalated(state, command.offence, {}, answers, offender, table, command.corrects)
    # An offence's escalated penalty is the house rules' suggestion: replacing it is an override.
    overridden = command.override_penalty and command.offence is not None
    return beyond_catalogue(description, cited, given), used, OTHER, command.offence, overridden


def _escalated(state: TournamentState, offence: OffenceKind | None, used: dict[str, str],
               answers: dict[str, str], offender: Player | None, table: int | None,
               correcting: int | None) -> tuple[Penalty | None, dict[str, str]]:
    """The penalty the house rules escalate `offence` to, counted from the log as `prepare` does
    (O-OOT-5, H-DEAD-X, C-ETIQ-1, C-PEN-1); an honest mistake unless `deliberate=yes` is answered."""
    used = dict(used)
    if offence is None or offender is None:
        return None, used
    earlier = offences(state, offender.id, offence, excluding=correcting)
    if "earlier" in answers and _differs(answers["earlier"], earlier):
        raise InvalidInput(
            "earlier={earlier}: the rulings log has {earlier2} earlier {offence} offence(s) by {name}; "
            "leave it out", earlier=answers['earlier'], earlier2=earlier, offence=offence,
            name=offender.name,
        )
    raw = answers.get("deliberate", "no").strip().lower()
    if raw not in YES_NO:
        raise InvalidInput("answer deliberate={raw!r} must be yes|no", raw=raw)
    used |= {"deliberate": YES_NO[raw], "earlier": str(earlier)}
    seated = seated_at(state, table) if table is not None else None
    if seated is not None:
        used["players"] = str(seated)
    elif "players" in answers:
        used["players"] = answers["players"]
    given = escalate(offence, deliberate=used["deliberate"] == "yes", earlier=earlier,
                     rules=state.house_rules.penalties)
    return given, used


def _check_reason(overridden: bool, corrects: int | None, reason: str | None) -> None:
    if overridden and reason is None:
        raise InvalidInput("an override of the suggested ruling needs a reason", field="reason")
    if corrects is not None and reason is None:
        raise InvalidInput("a correction of ruling {corrects} needs a reason", corrects=corrects,
                           field="reason")
    if reason is not None and not overridden and corrects is None:
        raise InvalidInput("a reason explains an override (a decision or a penalty) or a correction; "
                           "this is neither", field="reason")


def _table_size(state: TournamentState, table: int | None, used: dict[str, str],
                answers: dict[str, str]) -> int:
    raw = used.get("players") or answers.get("players")
    if raw is None:
        raise InvalidInput("a penalty in rounds needs the players at the table (71A): answer players=N",
                           field="answer")
    try:
        return int(raw)
    except ValueError:
        raise InvalidInput("players={raw!r}: a whole number of players at the table", raw=raw) from None


def _at_the_call(call: ClockCall, table: int | None, seat: int | None,
                 scenario: Scenario | None) -> tuple[int, int]:
    if not call.open:
        how = f"ruled in ruling {call.ruling_id}" if call.ruling_id else "stopped: the player acted"
        raise TdError("clock call {id} is over ({how})", id=call.id, how=how)
    # A table or seat not given is the call's own: only one given differently is refused.
    table2 = call.table if table is None else table
    seat2 = call.seat if seat is None else seat
    if (table2, seat2) != (call.table, call.seat):
        raise InvalidInput(
            "clock call {id} is on table {table} seat {seat}, not table {table2} seat {seat2}", id=call.id,
            table=call.table, seat=call.seat, table2=table2, seat2=seat2,
        )
    if scenario is None or scenario.id != CLOCK_CALL:
        named = OTHER if scenario is None else scenario.id
        raise InvalidInput(
            "a clock call is ruled by the {CLOCK_CALL!r} scenario, not {named!r}", CLOCK_CALL=CLOCK_CALL,
            named=named,
        )
    return call.table, call.seat


def _answers_at_zero(call: ClockCall, answers: dict[str, str], house: HouseRules, scenario: Scenario,
                     now: datetime) -> dict[str, str]:
    countdown = clock_call_state(called_at=call.called_at, now=max(now, call.called_at),
                                 facing_bet=call.facing_bet, house=house, scenario=scenario)
    if not countdown.expired:
        left = int(-(-countdown.remaining_seconds // 1))
        raise RuleViolation(
            countdown.rules[0],
            "clock call {id} still has {left} s to run; the ruling comes at zero", id=call.id, left=left,
        )
    return {**answers, **answers_at_zero(call.facing_bet)}


def apply_ruling_logged(state: TournamentState, event: RulingLogged, now: datetime) -> None:
    state.rulings.append(LoggedRuling(event, now))
    if event.corrects is not None:
        find_ruling(state, event.corrects).corrected_by = event.ruling_id
    if event.clock_call is not None:
        find_call(state, event.clock_call).ruling_id = event.ruling_id


# ---------------------------------------------------------------- penalties served


def decide_serve(state: TournamentState, command: ServePenalty, now: datetime) -> list[Event]:
    """71A, 71C: a penalty in hands is served hand by hand, never more than is left.

    >>> from tdconsole.domain.commands import LogRuling, ServePenalty
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo")
    >>> _ = t.do(LogRuling(staff="Kim", description="slow play", decision="three hands out", players=["Bo"],
    ...                    override_penalty=True, penalty="missed-hands", penalty_amount=3))
    >>> decide_serve(t.state, ServePenalty(ruling=1, hands=2), T0)
    [PenaltyHandsServed(type='penalty_hands_served', ruling_id=1, hands=2)]
    >>> decide_serve(t.state, ServePenalty(ruling=1, hands=4), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.InvalidInput: only 3 hand(s) of ruling 1's penalty are left, not 4 (71A)
    """
    logged = find_ruling(state, command.ruling)
    given = logged.event.penalty
    if given is None:
        raise TdError("ruling {id} gave no penalty", id=logged.id)
    if logged.corrected_by is not None:
        raise TdError(
            "ruling {id} was corrected by ruling {corrected_by}; its penalty no longer counts",
            id=logged.id, corrected_by=logged.corrected_by,
        )
    if given.kind not in (*IN_HANDS, PenaltyKind.MINUTES):
        raise TdError("a {kind} has nothing to serve", kind=given.kind)
    if logged.ended:
        raise TdError("the penalty of ruling {id} has already ended", id=logged.id)
    if not command.hands and not command.ended:
        raise InvalidInput("say how many hands were served or end the penalty", field="hands")
    events: list[Event] = []
    if command.hands:
        if given.kind not in IN_HANDS:
            raise InvalidInput("a {kind} penalty is served by the clock, not in hands", kind=given.kind)
        left = remaining(given, hands_dealt=logged.hands_served).hands or 0
        if command.hands > left:
            raise InvalidInput(
                "only {left} hand(s) of ruling {id}'s penalty are left, not {hands} (71A)",
                hands=command.hands, left=left, id=logged.id, field="hands",
            )
        events.append(PenaltyHandsServed(ruling_id=logged.id, hands=command.hands))
    if command.ended:
        events.append(PenaltyEnded(ruling_id=logged.id))
    return events


def count_hand_at_table(state: TournamentState, table: int) -> None:
    """One hand dealt at `table` (a misdeal counts too, 35C) is one hand served by every player
    sitting out a penalty in hands there (71C). The hook for seating's hand-done applier.

    71C: every hand dealt at his table is one hand served by a player sitting out a penalty there.

    >>> from tdconsole.domain.commands import LogRuling
    >>> from tdconsole.domain.examples import tournament
    >>> t = tournament("Ann", "Bo", tables=1)
    >>> _ = t.do(LogRuling(staff="Kim", description="slow play", decision="three hands out", players=["Bo"],
    ...                    override_penalty=True, penalty="missed-hands", penalty_amount=3))
    >>> count_hand_at_table(t.state, 1)
    >>> count_hand_at_table(t.state, 2)
    >>> t.state.rulings[0].hands_served
    1
    """
    for logged in state.rulings:
        player = state.players.get(logged.offender or "")
        given = logged.event.penalty
        if (player is not None and player.table == table and given is not None and given.kind in IN_HANDS
                and logged.corrected_by is None and not logged.ended
                and logged.hands_served < (given.hands or 0)):
            logged.hands_served += 1


def apply_hand_finished(state: TournamentState, event: HandFinished, now: datetime) -> None:
    count_hand_at_table(state, event.table)


def apply_hands_served(state: TournamentState, event: PenaltyHandsServed, now: datetime) -> None:
    find_ruling(state, event.ruling_id).hands_served += event.hands


def apply_penalty_ended(state: TournamentState, event: PenaltyEnded, now: datetime) -> None:
    find_ruling(state, event.ruling_id).ended = True


# ---------------------------------------------------------------- clock calls


def decide_call_clock(state: TournamentState, command: CallClock, now: datetime) -> list[Event]:
    """A clock is called on a seated player; one call at a time per table.

    >>> from tdconsole.domain.commands import CallClock
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", tables=1)
    >>> decide_call_clock(t.state, CallClock(table=1, seat=3), T0)
    [ClockCalled(type='clock_called', call_id=1, table=1, seat=3, facing_bet=True, player_id='p2')]
    >>> decide_call_clock(t.state, CallClock(table=1, seat=2), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.NotFound: nobody is seated at table 1 seat 2
    >>> _ = t.do(CallClock(table=1, seat=3))
    >>> decide_call_clock(t.state, CallClock(table=1, seat=1), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: clock call 1 is already running on table 1 seat 3; stop it or log its
    ruling first
    """
    named = state.find(command.player) if command.player else None
    sitting = next((p for p in state.players.values() if (p.table, p.seat) == (command.table, command.seat)
                    and p.status != "busted"), None)
    if sitting is None and any(p.table is not None for p in state.players.values()):
        raise NotFound(
            "nobody is seated at table {table} seat {seat}", table=command.table, seat=command.seat,
        )
    if named is not None and sitting is not None and named.id != sitting.id:
        raise InvalidInput(
            "{name} is not at table {table} seat {seat} ({sitting_name} is)", name=named.name,
            table=command.table, seat=command.seat, sitting_name=sitting.name,
        )
    for call in state.clock_calls:
        if call.open and call.table == command.table:
            raise TdError(
                "clock call {id} is already running on table {table} seat {seat}; stop it or log its "
                "ruling first", id=call.id, table=call.table, seat=call.seat,
            )
    player = named or sitting
    return [ClockCalled(call_id=len(state.clock_calls) + 1, table=command.table, seat=command.seat,
                        facing_bet=command.facing_bet, player_id=player.id if player else None)]


def decide_stop_call(state: TournamentState, command: StopClockCall, now: datetime) -> list[Event]:
    """A running clock call is stopped (the player acted); one that is over cannot be.

    >>> from tdconsole.domain.commands import CallClock, StopClockCall
    >>> from tdconsole.domain.examples import T0, tournament
    >>> t = tournament("Ann", "Bo", tables=1)
    >>> _ = t.do(CallClock(table=1, seat=3))
    >>> decide_stop_call(t.state, StopClockCall(call=1), T0)
    [ClockCallStopped(type='clock_call_stopped', call_id=1)]
    >>> _ = t.do(StopClockCall(call=1))
    >>> decide_stop_call(t.state, StopClockCall(call=1), T0)
    Traceback (most recent call last):
    ...
    tdconsole.domain.errors.TdError: clock call 1 is over (already stopped)
    """
    call = find_call(state, command.call)
    if not call.open:
        how = f"ruled in ruling {call.ruling_id}" if call.ruling_id else "already stopped"
        raise TdError("clock call {id} is over ({how})", id=call.id, how=how)
    return [ClockCallStopped(call_id=call.id)]


def apply_clock_called(state: TournamentState, event: ClockCalled, now: datetime) -> None:
    state.clock_calls.append(ClockCall(event.call_id, event.table, event.seat, event.facing_bet,
                                       event.player_id, now))


def apply_call_stopped(state: TournamentState, event: ClockCallStopped, now: datetime) -> None:
    find_call(state, event.call_id).stopped = True

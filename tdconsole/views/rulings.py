"""The rulings log as typed views: `rulings list/penalties/offences/clock-calls --json`, the
rulings export and the TUI screens all read these (the keys are a contract: add, never rename)."""

# No `from __future__ import annotations`, as in domain/events.py (which says why).

from collections.abc import Callable
from datetime import datetime
from typing import Protocol

from tdconsole.domain.errors import RuleIds
from tdconsole.domain.floor.clock_call import clock_call_state
from tdconsole.domain.floor.log import find_ruling, game_now, prepare
from tdconsole.domain.floor.penalties import OffenceKind, Penalty, PenaltyKind
from tdconsole.domain.floor.rulings import Choice, Scenario, Suggestion, Walk, YesNo, ordered
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.state import LoggedRuling, TournamentState
from tdconsole.i18n import N_, _, ngettext
from tdconsole.views.base import View
from tdconsole.views.formatting import format_duration


class RulingView(View):
    """One ruling of the log (`rulings list/log/correct --json`)."""

    id: int
    time: str
    staff: str
    table: int | None
    seat: int | None
    players: list[str]
    scenario: str
    answers: dict[str, str]
    suggestion: Suggestion
    decision: str
    overridden: bool
    reason: str | None
    offence: OffenceKind | None
    penalty: Penalty | None
    corrects: int | None
    corrected_by: int | None
    clock_call: int | None
    # An other situation (scenario "other"): the floor's own words for it.
    description: str | None


def ruling_view(logged: LoggedRuling) -> RulingView:
    event = logged.event
    return RulingView(
        id=event.ruling_id, time=logged.time.isoformat(), staff=event.staff, table=event.table,
        seat=event.seat, players=[player.name for player in event.players], scenario=event.scenario,
        answers=event.answers, suggestion=event.suggestion, decision=event.decision,
        overridden=event.overridden, reason=event.reason, offence=event.offence, penalty=event.penalty,
        corrects=event.corrects, corrected_by=logged.corrected_by, clock_call=event.clock_call,
        description=event.description,
    )


def logged_ruling_view(state: TournamentState, ruling_id: int) -> RulingView:
    """Ruling `ruling_id` of the log (NotFound past its end)."""
    return ruling_view(find_ruling(state, ruling_id))


def ruling_walk(state: TournamentState, scenario: Scenario, answers: dict[str, str], *,
                offender: str | None, table: int | None, now: datetime | None) -> Walk:
    """The scenario walked with the floor's answers and what the log knows filled in (the
    offender's earlier offences, the players seated at the table, the game of the level at `now`;
    None: the floor answers the game himself), exactly as the ruling will be logged: the guided
    ruling shows the next question or the suggestion from this."""
    player = state.find(offender) if offender is not None else None
    return prepare(state, scenario, answers, state.house_rules, offender=player, table=table,
                   game=None if now is None else game_now(state, now))


def answer_text(scenario: Scenario | None, key: str, value: str) -> str:
    """An answer as the floor gave it, in the chosen language ("Nej", "Checkede", "8"): the node
    ids and values are the CLI's `--answer KEY=VALUE`, not words for a person."""
    node = scenario.nodes.get(key) if scenario is not None else None
    if isinstance(node, YesNo) or key == "deliberate":
        return _("Yes") if value == "yes" else _("No")
    if isinstance(node, Choice):
        return next((option.label for option in node.options if option.value == value), value)
    return value


def rulings_view(state: TournamentState, *, player: str | None = None, scenario: str | None = None,
                 table: int | None = None) -> list[RulingView]:
    """Every ruling in the order logged, corrected ones included; `player` is a name (any case)."""
    wanted = state.find(player).id if player is not None else None
    return [ruling_view(r) for r in state.rulings
            if (wanted is None or wanted in {p.id for p in r.event.players})
            and (scenario is None or r.event.scenario == scenario)
            and (table is None or r.event.table == table)]


class PenaltyLike(Protocol):
    """A penalty as given, or a row of the penalty board: both say what and how much."""

    @property
    def kind(self) -> PenaltyKind: ...
    @property
    def amount(self) -> int: ...
    @property
    def hands(self) -> int | None: ...


# The penalty kinds and offences as people read them (the JSON keeps the values).
_KIND_WORDS = {"warning": N_("warning"), "missed-hands": N_("missed hands"), "rounds": N_("rounds"),
               "minutes": N_("minutes"), "disqualification": N_("disqualification")}
_OFFENCE_WORDS = {"out-of-turn": N_("out of turn"), "exposed-cards": N_("exposed cards"),
                  "etiquette": N_("etiquette"), "conduct": N_("conduct"), "phone": N_("phone in a hand")}


def kind_text(kind: str) -> str:
    """A penalty kind in the chosen language ("rounds" -> "omgange")."""
    return _(_KIND_WORDS[kind]) if kind in _KIND_WORDS else kind


def offence_text(kind: str) -> str:
    """An offence in the chosen language ("out-of-turn" -> "ude af tur")."""
    return _(_OFFENCE_WORDS[kind]) if kind in _OFFENCE_WORDS else kind


def _hands(count: int) -> str:
    return ngettext("{n} hand", "{n} hands", count).format(n=count)


def penalty_text(given: PenaltyLike | None, *, hands: bool = False) -> str:
    """"rounds 3", with `hands` "rounds 3 (24 hands)"; "warning"; "" for none."""
    if given is None:
        return ""
    text = kind_text(given.kind) + (f" {given.amount}" if given.amount else "")
    if hands and given.hands is not None and given.kind == "rounds":
        text += f" ({_hands(given.hands)})"
    return text


def suggestion_lines(suggestion: Suggestion) -> list[str]:
    """The ruling, the remedy step by step, the rules and the penalty, as people read them."""
    lines = [_("Ruling: {ruling}").format(ruling=suggestion.ruling), _("Remedy:")]
    lines += [f"  {number}. {step}" for number, step in enumerate(suggestion.remedy, start=1)]
    lines.append(_("Rules: {rules}").format(rules=", ".join(suggestion.rules)))
    if suggestion.differs:
        lines.append(_("The TDA rules otherwise: {rules}").format(rules=", ".join(suggestion.differs)))
    given = suggestion.penalty
    if given is not None:
        amount = f" {given.amount}" if given.amount else ""
        hands = f" ({_hands(given.hands)})" if given.hands is not None else ""
        lines.append(_("Penalty: {penalty}: {reason}").format(
            penalty=kind_text(given.kind) + amount + hands, reason=given.reason_in(_)))
    return lines


class PenaltyRow(View):
    """One row of the penalty board (`rulings penalties --json`, `state --json` while serving)."""

    ruling: int
    player: str
    kind: PenaltyKind
    amount: int
    hands: int | None
    hands_served: int
    remaining_hands: int | None
    remaining_seconds: int | None
    serving: bool
    ended: bool
    given_at: str
    reason: str
    rules: RuleIds


def left_text(row: PenaltyRow) -> str:
    """What is left of a penalty board row: "3 of 8 hands", "4:10 left", or ""."""
    if row.remaining_hands is not None:
        return ngettext("{left} of {n} hand", "{left} of {n} hands", row.hands or 0).format(
            left=row.remaining_hands, n=row.hands)
    if row.remaining_seconds is not None:
        return _("{time} left").format(time=format_duration(row.remaining_seconds))
    return ""


def _whole(seconds: float) -> int:
    # Rounded up like the digits of a countdown: "1 s left" until it is really out.
    return int(-(-seconds // 1))


def penalties_view(state: TournamentState, now: datetime) -> list[PenaltyRow]:
    """Every penalty that counts (corrected rulings left out), with how much is left at `now`."""
    rows = []
    for logged in state.rulings:
        standing = logged.standing(now)
        given = logged.event.penalty
        if standing is None or given is None or not logged.event.players:
            continue
        rows.append(PenaltyRow(
            ruling=logged.id, player=logged.event.players[0].name, kind=given.kind,
            amount=given.amount, hands=given.hands, hands_served=logged.hands_served,
            remaining_hands=standing.hands,
            remaining_seconds=None if standing.seconds is None else _whole(standing.seconds),
            serving=standing.serving, ended=logged.ended, given_at=logged.time.isoformat(),
            reason=given.reason_in(_), rules=given.rules,
        ))
    return rows


class OffencesRow(View):
    """One player's offences by kind, and the rulings that recorded them (`rulings offences`)."""

    player: str
    offences: dict[OffenceKind, int]
    rulings: list[int]


def offences_view(state: TournamentState, *, player: str | None = None) -> list[OffencesRow]:
    """Each player's offences in the tournament by kind (corrected rulings left out)."""
    wanted = state.find(player).id if player is not None else None
    names: dict[str, str] = {}
    offences: dict[str, dict[OffenceKind, int]] = {}
    rulings: dict[str, list[int]] = {}
    for logged in state.rulings:
        offender = logged.event.players[0] if logged.event.players else None
        offence = logged.event.offence
        if offender is None or offence is None or logged.corrected_by is not None:
            continue
        if wanted is not None and offender.id != wanted:
            continue
        names.setdefault(offender.id, offender.name)
        counts = offences.setdefault(offender.id, {})
        counts[offence] = counts.get(offence, 0) + 1
        rulings.setdefault(offender.id, []).append(logged.id)
    return [OffencesRow(player=name, offences=offences[key], rulings=rulings[key])
            for key, name in names.items()]


class ClockCallRow(View):
    """An open clock call and its countdown (`rulings clock-call(s) --json`)."""

    id: int
    table: int
    seat: int
    player: str | None
    facing_bet: bool
    called_at: str
    total_seconds: int
    remaining_seconds: int
    warning: bool
    expired: bool
    rules: RuleIds
    # At zero: the ruling to log (H-DEAD-D; TDA 29).
    proposal: Suggestion | None


def clock_calls_view(state: TournamentState, now: datetime, house: HouseRules,
                     scenario: Scenario) -> list[ClockCallRow]:
    """The open clock calls with their countdown (`scenario` is `clock-call`) and, at zero, the
    ruling to log (H-DEAD-D; TDA 29)."""
    rows = []
    for call in state.clock_calls:
        if not call.open:
            continue
        countdown = clock_call_state(called_at=call.called_at, now=max(now, call.called_at),
                                     facing_bet=call.facing_bet, house=house, scenario=scenario)
        player = state.players.get(call.player_id or "")
        rows.append(ClockCallRow(
            id=call.id, table=call.table, seat=call.seat, player=player.name if player else None,
            facing_bet=call.facing_bet, called_at=call.called_at.isoformat(),
            total_seconds=countdown.total_seconds, remaining_seconds=_whole(countdown.remaining_seconds),
            warning=countdown.warning, expired=countdown.expired, rules=countdown.rules,
            proposal=countdown.ruling,
        ))
    return rows


# ---------------------------------------------------------------- the export's rows (the club's record)

# The export's columns, each its heading in the chosen language (`_(column)`; English keeps the key).
EXPORT_COLUMNS = [N_("id"), N_("time"), N_("staff"), N_("table"), N_("seat"), N_("players"), N_("scenario"),
                  N_("answers"), N_("suggested"), N_("decision"), N_("overridden"), N_("reason"),
                  N_("penalty"), N_("rules"), N_("corrects"), N_("corrected_by")]


def export_rows(state: TournamentState, when: Callable[[datetime], str]) -> list[list[str]]:
    """One row of text cells per ruling, in `EXPORT_COLUMNS` order (`views.export` writes them);
    `when` writes the time it was logged (on the club's clock). The answers stay as typed
    (`--answer KEY=VALUE`), the one column that replays the walk."""
    rows = []
    for logged in state.rulings:
        event = logged.event
        cells: list[object] = [
            event.ruling_id, when(logged.time), event.staff, event.table,
            event.seat, "; ".join(p.name for p in event.players), event.scenario,
            " ".join(f"{key}={value}" for key, value in event.answers.items()),
            event.suggestion.ruling, event.decision, _("yes") if event.overridden else _("no"), event.reason,
            penalty_text(event.penalty, hands=True), ", ".join(_cited(logged)), event.corrects,
            logged.corrected_by,
        ]
        rows.append(["" if cell is None else str(cell) for cell in cells])
    return rows


def _cited(logged: LoggedRuling) -> list[str]:
    given = logged.event.penalty
    return ordered([*logged.event.suggestion.rules, *(given.rules if given else [])])

"""`tdconsole rulings ...`: the floor-ruling helper, the rulings log, penalties and clock calls."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from tdconsole.actions import rulings
from tdconsole.actions.base import NoArguments
from tdconsole.cli.kit import JsonFlag, console, emit, session_of, write_document
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.floor.rulings import OTHER, Suggestion
from tdconsole.i18n import _
from tdconsole.views.export import RULINGS_FORMATS, check_format, rulings_document
from tdconsole.views.formatting import format_clock
from tdconsole.views.papers import PDF, in_format
from tdconsole.views.rulings import (
    RulingView,
    left_text,
    offence_text,
    offences_view,
    penalty_text,
    suggestion_lines,
)

rulings_app = typer.Typer(
    help="Floor rulings: scenarios, suggestions, the rulings log, penalties and clock calls.",
    no_args_is_help=True)
app = typer.Typer()  # top-level: rulings
app.add_typer(rulings_app, name="rulings")

AnswerOption = Annotated[list[str] | None, typer.Option(
    "--answer", "-a", metavar="KEY=VALUE",
    help="An answer to one of the scenario's questions; repeat for each.")]


def parse_answers(raw: list[str] | None) -> dict[str, str]:
    """`["count=1", "which=first"]` -> `{"count": "1", "which": "first"}`; one-line errors."""
    answers: dict[str, str] = {}
    for item in raw or []:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise InvalidInput("--answer {item!r}: expected KEY=VALUE", item=item)
        if key in answers and answers[key] != value:
            raise InvalidInput(
                "--answer {key}: given twice ({answers!r} and {value!r})", key=key, answers=answers[key],
                value=value,
            )
        answers[key] = value
    return answers


@rulings_app.command("scenarios")
def scenarios_command(
    words: Annotated[list[str] | None, typer.Argument(
        help="Only the scenarios with all these words in their title, questions, rulings or "
             "remedies (e.g. misdeal).")] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the floor-ruling scenarios and the rules each may apply."""
    rows = rulings.scenario_rows(rulings.ScenariosRequest(words=words or []))

    def render() -> None:
        for row in rows:
            console.print(f"{row.id:<24} {row.title}")
            console.print(f"{'':<24} {', '.join(row.rules)}")
        console.print(f"{OTHER:<24} " + _("Any other situation: rulings log --scenario other "
                                          "--description TEXT --rule ID --decision TEXT"))

    emit(rows, as_json, render)


@rulings_app.command("suggest")
def suggest_command(ctx: typer.Context, scenario: str, answer: AnswerOption = None,
                    as_json: JsonFlag = False) -> None:
    """Suggest the ruling for SCENARIO from the answers to its questions (the question of the game
    answered by the current tournament's level, unless --answer game=... says otherwise)."""
    from tdconsole.domain.floor.log import game_now

    service = session_of(ctx).existing_service()
    game = None if service is None else game_now(service.state, service.now())
    suggestion = rulings.suggestion(rulings.SuggestRequest(scenario=scenario, answer=parse_answers(answer)),
                                    session_of(ctx).house_rules(), game)
    emit(suggestion, as_json, lambda: render_suggestion(suggestion))


def render_suggestion(suggestion: Suggestion) -> None:
    for line in suggestion_lines(suggestion):
        console.print(line)


# ---------------------------------------------------------------- the rulings log (through the service)

TableOption = Annotated[int | None, typer.Option("--table", min=1, help="The table.")]
SeatOption = Annotated[int | None, typer.Option("--seat", min=1, max=12, help="The seat.")]
PlayerOption = Annotated[list[str] | None, typer.Option(
    "--player", "-p", metavar="NAME",
    help="A player the ruling is about; the first named is the one any offence or penalty is for.")]
DecisionOption = Annotated[str | None, typer.Option(
    "--decision", help="The final decision, when it overrides the suggested ruling (needs --reason).")]
ReasonOption = Annotated[str | None, typer.Option(
    "--reason", help="Why the suggestion is overridden, or why a ruling is corrected.")]
PenaltyOption = Annotated[str | None, typer.Option(
    "--penalty", metavar="KIND[:N]",
    help="Override the suggested penalty: none, warning, disqualification, rounds:N, missed-hands:N, "
         "minutes:N (needs --reason).")]
ByOption = Annotated[str, typer.Option("--by", metavar="STAFF", help="The staff member giving the ruling.")]
DescriptionOption = Annotated[str | None, typer.Option(
    "--description", help="An other situation (--scenario other): what happened, in your words.")]
RuleOption = Annotated[list[str] | None, typer.Option(
    "--rule", metavar="ID",
    help="A rule the ruling rests on (H-DEAD-G, 37, RP-11), repeat for each: for an other situation "
         "or an override without answers.")]
OffenceOption = Annotated[str | None, typer.Option(
    "--offence", help="The offence the ruling records, so repeats escalate: out-of-turn, "
                      "exposed-cards, etiquette, conduct or phone (other situation, override without "
                      "answers).")]


def _show_ruling(row: RulingView, as_json: bool) -> None:
    emit(row, as_json, lambda: render_ruling(row))


@rulings_app.command("log")
def log_command(
    ctx: typer.Context,
    by: ByOption,
    scenario: Annotated[str | None, typer.Option("--scenario", "-s", help="The scenario's id.")] = None,
    answer: AnswerOption = None,
    table: TableOption = None,
    seat: SeatOption = None,
    player: PlayerOption = None,
    decision: DecisionOption = None,
    reason: ReasonOption = None,
    penalty: PenaltyOption = None,
    clock_call: Annotated[int | None, typer.Option(
        "--clock-call", help="Log the ruling of this clock call at zero (scenario clock-call).")] = None,
    description: DescriptionOption = None,
    rule: RuleOption = None,
    offence: OffenceOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Log a ruling: the suggestion from the scenario and answers, the final decision, any penalty.

    A ruling can always be logged: --decision with --reason overrides without answering the
    questions, and --scenario other takes a --description, the --rule IDs and the --decision."""
    _show_ruling(rulings.log(session_of(ctx).service(), rulings.LogRequest(
        by=by, scenario=scenario, answer=parse_answers(answer), table=table, seat=seat,
        player=player or [], decision=decision, reason=reason, penalty=penalty, clock_call=clock_call,
        description=description, rule=rule or [], offence=offence)), as_json)

@rulings_app.command("correct")
def correct_command(
    ctx: typer.Context,
    ruling: Annotated[int, typer.Argument(help="The ruling to correct.")],
    by: ByOption,
    reason: Annotated[str, typer.Option("--reason", help="Why the ruling is corrected.")],
    scenario: Annotated[str | None, typer.Option(
        "--scenario", "-s", help="The scenario (default: the old ruling's, with its answers).")] = None,
    answer: AnswerOption = None,
    table: TableOption = None,
    seat: SeatOption = None,
    player: PlayerOption = None,
    decision: DecisionOption = None,
    penalty: PenaltyOption = None,
    description: DescriptionOption = None,
    rule: RuleOption = None,
    offence: OffenceOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Correct a ruling: a new record that points at the old one (rulings are never deleted).

    What is not given is taken from the old ruling; earlier offences are counted again."""
    _show_ruling(rulings.correct(session_of(ctx).service(), rulings.CorrectRequest(
        ruling=ruling, by=by, reason=reason, scenario=scenario, answer=parse_answers(answer), table=table,
        seat=seat, player=player or [], decision=decision, penalty=penalty, description=description,
        rule=rule or [], offence=offence)), as_json)

@rulings_app.command("list")
def list_command(
    ctx: typer.Context,
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player's rulings.")] = None,
    scenario: Annotated[str | None, typer.Option("--scenario", "-s", help="Only this scenario.")] = None,
    table: Annotated[int | None, typer.Option("--table", help="Only this table.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The rulings log, corrected rulings included (marked)."""
    service = session_of(ctx).service()
    state = service.state
    rows = rulings.list_rulings(service, rulings.ListRequest(player=player, scenario=scenario, table=table))

    def render() -> None:
        zone = state.house_rules.money.time_zone
        # Two lines a ruling rather than a table: the decision is a sentence and must read whole.
        for row in rows:
            head = [f"#{row.id}", format_clock(row.time, time_zone=zone, seconds=False), row.staff,
                    _where(row), ", ".join(row.players),
                    row.scenario]
            marks = [*([_("override")] if row.overridden else []),
                     *([_("corrected by #{id}").format(id=row.corrected_by)] if row.corrected_by else []),
                     *([_("corrects #{id}").format(id=row.corrects)] if row.corrects else []),
                     *([_("penalty {penalty}").format(penalty=penalty_text(row.penalty))]
                       if row.penalty else [])]
            console.print(Text("  ".join(part for part in head if part)))
            console.print(Text(f"    {row.decision}" + "".join(f" [{mark}]" for mark in marks)))

    emit(rows, as_json, render)


@rulings_app.command("export")
def export_command(
    ctx: typer.Context,
    export_format: Annotated[str, typer.Option(
        "--format", help="csv, html or pdf (the html page printed).")] = "csv",
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file (default: stdout).")] = None,
) -> None:
    """Export the rulings log as CSV, HTML or PDF."""
    check_format(export_format, (*RULINGS_FORMATS, PDF))
    state = session_of(ctx).service().state
    write_document(in_format(export_format, lambda fmt: rulings_document(state, fmt)), out)


@rulings_app.command("penalties")
def penalties_command(
    ctx: typer.Context,
    serving: Annotated[bool, typer.Option("--serving", help="Only those serving now.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """The penalty board: every penalty given, who is serving and how much remains."""
    rows = rulings.penalties(session_of(ctx).service(), rulings.PenaltiesRequest(serving=serving))

    def render() -> None:
        table_out = Table(_("ruling"), _("player"), _("penalty"), _("left"), _("status"))
        for row in rows:
            status = _("serving") if row.serving else (_("ended") if row.ended else _("done"))
            table_out.add_row(str(row.ruling), Text(row.player), penalty_text(row), left_text(row), status)
        console.print(table_out)

    emit(rows, as_json, render)


@rulings_app.command("offences")
def offences_command(
    ctx: typer.Context,
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Each player's offences in this tournament (what escalation counts)."""
    rows = offences_view(session_of(ctx).service().state, player=player)

    def render() -> None:
        for row in rows:
            counts = ", ".join(f"{offence_text(kind)} {n}" for kind, n in row.offences.items())
            console.print(Text(_("{player}: {offences} (rulings {rulings})").format(
                player=row.player, offences=counts, rulings=", ".join(map(str, row.rulings)))))

    emit(rows, as_json, render)


@rulings_app.command("serve")
def serve_command(
    ctx: typer.Context,
    ruling: Annotated[int, typer.Argument(help="The ruling whose penalty is served.")],
    hands: Annotated[int, typer.Option("--hands", min=0, help="Hands sat out since last counted.")] = 0,
    end: Annotated[bool, typer.Option("--end", help="End the penalty now.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Count hands a penalised player sat out, or end a penalty (TD only)."""
    row = rulings.serve(session_of(ctx).service(), rulings.ServeRequest(ruling=ruling, hands=hands, end=end))
    emit(row, as_json, lambda: console.print(Text(f"{row.player}: {left_text(row)}")))


# ---------------------------------------------------------------- clock calls


@rulings_app.command("clock-call")
def clock_call_command(
    ctx: typer.Context,
    table: Annotated[int, typer.Option("--table", min=1, help="The table.")],
    seat: Annotated[int, typer.Option("--seat", min=1, max=12, help="The seat of the player.")],
    facing_bet: Annotated[bool, typer.Option(
        "--facing-bet/--no-facing-bet", help="Whether the player faces a bet (dead hand at zero).")] = True,
    player: Annotated[str | None, typer.Option("--player", "-p", help="The player's name.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Call the clock on a player (C-CLOCK-1; TDA 29 as a setting)."""
    row = rulings.clock_call(session_of(ctx).service(), rulings.ClockCallRequest(
        table=table, seat=seat, facing_bet=facing_bet, player=player))
    emit(row, as_json, lambda: console.print(
        _("Clock call {id} on table {table} seat {seat}: {seconds} s ({rules})").format(
            id=row.id, table=table, seat=seat, seconds=row.total_seconds, rules=", ".join(row.rules))))


@rulings_app.command("clock-calls")
def clock_calls_command(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """The running clock calls: time left, and the ruling to log at zero."""
    rows = rulings.clock_calls(session_of(ctx).service(), NoArguments())

    def render() -> None:
        for row in rows:
            state = _("TIME") if row.expired else (_("warning") if row.warning else _("running"))
            console.print(_("{id}: table {table} seat {seat}: {seconds} s left ({state})").format(
                id=row.id, table=row.table, seat=row.seat, seconds=row.remaining_seconds, state=state))

    emit(rows, as_json, render)


@rulings_app.command("clock-stop")
def clock_stop_command(ctx: typer.Context, call: Annotated[int, typer.Argument(help="The clock call.")],
                       as_json: JsonFlag = False) -> None:
    """The player acted in time: stop a clock call without a ruling."""
    data = rulings.clock_stop(session_of(ctx).service(), rulings.ClockStopRequest(call=call))
    emit(data, as_json, lambda: console.print(
        _("Clock call {id} stopped").format(id=call)))


# ---------------------------------------------------------------- rendering


def _where(row: RulingView) -> str:
    parts = [*([_("table {n}").format(n=row.table)] if row.table is not None else []),
             *([_("seat {n}").format(n=row.seat)] if row.seat is not None else [])]
    return ", ".join(parts)


def render_ruling(row: RulingView) -> None:
    where = _where(row)
    head = _("Ruling {id} by {staff}").format(id=row.id, staff=row.staff)
    if where:
        head += " " + _("at {where}").format(where=where)
    if row.players:
        head += " " + _("for {players}").format(players=", ".join(row.players))
    console.print(Text(head))
    if row.description:
        console.print(Text(_("Situation: {text}").format(text=row.description)))
    elif row.overridden:
        console.print(Text(_("Suggested: {text}").format(text=row.suggestion.ruling)))
    console.print(Text(_("Decision: {text}").format(text=row.decision)))
    if row.reason:
        console.print(Text(_("Reason: {text}").format(text=row.reason)))
    console.print(_("Rules: {rules}").format(rules=", ".join(row.suggestion.rules)))
    if row.penalty:
        console.print(Text(_("Penalty: {penalty}: {reason}").format(
            penalty=penalty_text(row.penalty, hands=True), reason=row.penalty.reason_in(_))))

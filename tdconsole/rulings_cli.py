"""`tdconsole rulings ...`: the floor-ruling helper and the rulings log."""

from __future__ import annotations

from typing import Annotated

import typer

from tdconsole.clikit import JsonFlag, console, emit
from tdconsole.config import load_house_rules
from tdconsole.domain.errors import InvalidInput
from tdconsole.domain.rulings import Suggestion, suggest
from tdconsole.rulings_catalogue import load_catalogue

rulings_app = typer.Typer(help="Floor rulings: scenarios, suggestions and the rulings log.",
                          no_args_is_help=True)

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
            raise InvalidInput(f"--answer {item!r}: expected KEY=VALUE")
        if key in answers and answers[key] != value:
            raise InvalidInput(f"--answer {key}: given twice ({answers[key]!r} and {value!r})")
        answers[key] = value
    return answers


@rulings_app.command("scenarios")
def scenarios_command(as_json: JsonFlag = False) -> None:
    """List the floor-ruling scenarios and the rules each may apply."""
    catalogue = load_catalogue()
    rows = [{"id": s.id, "title": s.title, "rules": s.rules} for s in catalogue.scenarios.values()]

    def render() -> None:
        for row in rows:
            console.print(f"{row['id']:<24} {row['title']}")
            console.print(f"{'':<24} {', '.join(row['rules'])}")

    emit(rows, as_json, render)


@rulings_app.command("suggest")
def suggest_command(scenario: str, answer: AnswerOption = None, as_json: JsonFlag = False) -> None:
    """Suggest the ruling for SCENARIO from the answers to its questions."""
    tree = load_catalogue().get(scenario)
    suggestion = suggest(tree, parse_answers(answer), load_house_rules())
    emit(suggestion, as_json, lambda: render_suggestion(suggestion))


def render_suggestion(suggestion: Suggestion) -> None:
    console.print(f"Ruling: {suggestion.ruling}")
    console.print("Remedy:")
    for number, step in enumerate(suggestion.remedy, start=1):
        console.print(f"  {number}. {step}")
    console.print(f"Rules: {', '.join(suggestion.rules)}")
    given = suggestion.penalty
    if given is not None:
        amount = f" {given.amount}" if given.amount else ""
        hands = f" ({given.hands} hands)" if given.hands is not None else ""
        console.print(f"Penalty: {given.kind}{amount}{hands}: {given.reason}")
